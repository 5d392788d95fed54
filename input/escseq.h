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
	int state;                        /* idle, CSI, SS3, Linux console, X10 mouse, a string */
	char buf[INK_SEQ_MAX_BYTES];      /* the sequence so far, from ESC (a string: its start) */
	size_t len;                       /* bytes in buf */
	bool overflow;                    /* bytes past buf were not kept */
	size_t str_bytes;                 /* a string: its length so far, UTF-8 bytes from ESC */
	bool reported;                    /* a string: reported at INK_STR_MAX_BYTES already */
} esc_swallow;

typedef enum {
	ESC_MORE,      /* taken; the sequence goes on */
	ESC_KNOWN,     /* taken; complete, and a row of ink_sequences() */
	ESC_UNKNOWN,   /* taken; complete, not known (or cut at the cap): report it */
	ESC_CAPPED,    /* taken; a string passed INK_STR_MAX_BYTES: report it now; it goes on */
	ESC_DONE,      /* taken; a string that was reported at the cap ended: nothing to report */
	ESC_BROKEN     /* NOT taken: it cannot be in a sequence, which ends unknown
	                * (to be reported unless esc_reported) */
} esc_step;

void esc_reset(esc_swallow *s);
bool esc_active(const esc_swallow *s);
/* True when ESC then cp starts a sequence this module swallows: '[' CSI,
 * 'O' SS3, and the strings ']' OSC, 'P' DCS, '_' APC, '^' PM, 'X' SOS. */
bool esc_intro(uint32_t cp);
/* ESC then intro (esc_intro(intro) must hold). */
void esc_begin(esc_swallow *s, uint32_t intro);
/* One character with its modifiers; *known gets the row for ESC_KNOWN.
 * Any result but ESC_MORE and ESC_CAPPED ends the sequence (esc_active
 * false after it). */
esc_step esc_feed(esc_swallow *s, uint32_t cp, unsigned mods, const ink_sequence **known);
/* The sequence was reported already (ESC_CAPPED); stays so until the next
 * esc_begin. */
bool esc_reported(const esc_swallow *s);
/* The bytes so far, spelt for a status line ("ESC [ 9 9 ~", bytes outside
 * 0x21-0x7E as 0xNN, " ..." if cut; a string as its name and the start of
 * its text, "OSC 11;rgb:0000/ ..."); out always NUL-terminated. */
void esc_spell(const esc_swallow *s, char *out, size_t size);

#endif
