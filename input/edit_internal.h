/* The inside of edb_buffer, shared by input/'s edit buffer files only:
 * edit_buffer.c (the text, the one place it changes, undo/redo) and
 * edit_moves.c (graphemes, words, deletions, kills, cursor movement). */
#ifndef INPUT_EDIT_INTERNAL_H
#define INPUT_EDIT_INTERNAL_H

#include <stddef.h>

#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>

#include "edit_buffer.h"

/* What the last call did: decides typing/deletion coalescing and kill chains. */
typedef enum {
	ACT_NONE,       /* a move, undo, redo, boundary: ends runs and chains */
	ACT_OTHER,      /* an edit that never coalesces */
	ACT_TYPE,       /* a one-code-point insert */
	ACT_DEL_BACK,
	ACT_DEL_FWD,
	ACT_KILL,
} edb_act;

/* Where the cursor goes after a replacement. */
typedef enum {
	CUR_START,      /* at the start of the replaced range (deletions) */
	CUR_AFTER,      /* after the inserted bytes (inserts, yank) */
	CUR_ADJUST,     /* edb_replace_range's rule */
	CUR_END,        /* at the end of the text (set_text) */
} edb_cur_mode;

typedef struct {
	size_t start;          /* byte offset of the replacement */
	char *removed;         /* bytes that were at [start, start + removed_len); owned */
	size_t removed_len;
	char *inserted;        /* bytes put there; owned */
	size_t inserted_len;
	size_t cursor_before;  /* byte offsets */
	size_t cursor_after;
	edb_act kind;
} edb_step;

struct edb_buffer {
	char *text;            /* owned, NUL-terminated, never NULL */
	size_t len;            /* bytes, excluding the NUL */
	size_t alloc;          /* bytes allocated for text */
	size_t cursor;         /* byte offset, on a grapheme boundary */

	UBreakIterator *brk;   /* character (grapheme) break iterator; owned */
	UText *ut;             /* UTF-8 UText over text; owned */
	int brk_ok;            /* brk points at the current text */

	edb_step *steps;       /* steps[0 .. n_applied) can be undone, */
	size_t n_steps;        /* steps[n_applied .. n_steps) redone */
	size_t n_applied;
	size_t steps_alloc;
	size_t hist_bytes;     /* sum of removed_len + inserted_len over steps */
	size_t mark;           /* edb_mark: n_applied then (moved down by trims) */

	char *kill;            /* owned, NUL-terminated, never NULL */
	size_t kill_len;

	edb_act last;
};

/* Whether byte_offset is on a code point boundary of the text. */
static inline int edb_on_cp_boundary(const edb_buffer *b, size_t off)
{
	return off == b->len || (off < b->len && !U8_IS_TRAIL(b->text[off]));
}

/* Replaces bytes [start, end) of the text by ins[0..n) (valid UTF-8, checked
 * by the caller; may point into the text), records the undo step, moves the
 * cursor per mode.  All or nothing (edit_buffer.c). */
edb_result edb_apply_edit(edb_buffer *b, size_t start, size_t end,
	const char *ins, size_t n, edb_act act, edb_cur_mode mode);

/* Grapheme boundaries (edit_moves.c; code point boundaries if ICU's break
 * iterator is unavailable): before and after off (off <= len); off
 * clamped and moved back / forward to one. */
size_t edb_prev_boundary(edb_buffer *b, size_t off);
size_t edb_next_boundary(edb_buffer *b, size_t off);
size_t edb_snap_back(edb_buffer *b, size_t off);
size_t edb_snap_forward(edb_buffer *b, size_t off);
/* IRI-delimited words (EDB_WORD_DELIMITERS, white space): the start of the
 * word before off, the end of the word after it. */
size_t edb_word_start_before(edb_buffer *b, size_t off);
size_t edb_word_end_after(edb_buffer *b, size_t off);
/* Whether c ends a word: an EDB_WORD_DELIMITERS character or white space. */
int edb_is_delim_cp(UChar32 c);

#endif
