/* escseq: swallowing an escape sequence curses let through, private to
 * input/ (keys.c drives it).  See input_keys.h (ink_feed_char) for the
 * rules.  Plain data, no allocation.  Units: bytes. */
#ifndef INPUT_ESCSEQ_H
#define INPUT_ESCSEQ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ink_bindings.h"

typedef struct {
	int state;                        /* idle, CSI, SS3, Linux console */
	char buf[INK_SEQ_MAX_BYTES];      /* the sequence so far, from ESC */
	size_t len;                       /* bytes in buf */
	bool overflow;                    /* bytes past the cap were dropped */
} esc_swallow;

typedef enum {
	ESC_MORE,      /* taken; the sequence goes on */
	ESC_KNOWN,     /* taken; complete, and a row of ink_sequences() */
	ESC_UNKNOWN,   /* taken; complete, not known (or cut at the cap) */
	ESC_BROKEN     /* NOT taken: it cannot be in a sequence, which ends unknown */
} esc_step;

void esc_reset(esc_swallow *s);
bool esc_active(const esc_swallow *s);
/* ESC then intro ('[' or 'O'). */
void esc_begin(esc_swallow *s, uint32_t intro);
/* One character with its modifiers; *known gets the row for ESC_KNOWN.
 * Any result but ESC_MORE ends the sequence (esc_active false after it). */
esc_step esc_feed(esc_swallow *s, uint32_t cp, unsigned mods, const ink_sequence **known);
/* The bytes so far, spelt for a status line ("ESC [ 9 9 ~", bytes outside
 * 0x21-0x7E as 0xNN, " ..." if cut); out always NUL-terminated. */
void esc_spell(const esc_swallow *s, char *out, size_t size);

#endif
