/* edb: the edit buffer -- the logical text the user edits, with a cursor,
 * grapheme-aware movement and deletion, a one-entry kill ring, and undo/redo.
 *
 * Units: every offset is a BYTE offset into the UTF-8 text; counts named
 * "grapheme" are extended grapheme clusters (UAX #29, ICU's character break
 * iterator).  The text is always well-formed UTF-8 without U+0000, kept in
 * logical order (bidi display is render's business, not ours).  The cursor
 * is always on a grapheme cluster boundary, 0 <= cursor <= length.
 *
 * Ownership: an edb_buffer is created by edb_new() and released by
 * edb_free(); it owns its text, undo history and kill text.  Pointers
 * passed in (utf8 arguments) are only read during the call and may point
 * anywhere, including into the buffer's own text.  Pointers returned
 * (edb_text, edb_kill_text, edb_result_name) are borrowed: the first two stay
 * valid until the next call that changes the buffer, the last is static.
 *
 * Failure: every editing function returns an edb_result; on anything but
 * EDB_OK the text, cursor, history and kill text are unchanged.  Nothing here
 * prints, exits or keeps global state; one buffer must not be used from two
 * threads at once, separate buffers may.
 *
 * Undo: each editing call is one undo step, except that runs of typing and of
 * grapheme deletion coalesce (see edb_insert, edb_delete_backward_grapheme).
 * Undo and redo restore the cursor as it was before / after the step.  A new
 * edit clears the redo list.  The history keeps at most EDB_MAX_UNDO_STEPS
 * steps and EDB_MAX_UNDO_BYTES bytes of saved text, dropping the oldest. */
#ifndef IRIE_EDIT_BUFFER_H
#define IRIE_EDIT_BUFFER_H

#include <stddef.h>

/* Largest text in bytes; edits that would make it longer are refused. */
#define EDB_MAX_TEXT_BYTES ((size_t)1 << 20)
/* Undo history caps: steps, and bytes of saved text (removed + inserted). */
#define EDB_MAX_UNDO_STEPS 1000
#define EDB_MAX_UNDO_BYTES ((size_t)8 << 20)
/* A coalesced typing/deletion step stops growing at this many bytes. */
#define EDB_COALESCE_MAX_BYTES 256

typedef struct edb_buffer edb_buffer;

typedef enum {
	EDB_OK = 0,
	EDB_BAD_ARGUMENT,      /* NULL buffer, or NULL text with n_bytes > 0 */
	EDB_NO_MEMORY,
	EDB_TOO_LONG,          /* the text would exceed EDB_MAX_TEXT_BYTES */
	EDB_INVALID_UTF8,      /* ill-formed UTF-8 (overlong, surrogate, truncated, > U+10FFFF) */
	EDB_NUL_BYTE,          /* the text contains U+0000 */
	EDB_BAD_RANGE,         /* start > end, end > length, or an end inside a UTF-8 sequence */
	EDB_AT_EDGE,           /* nothing to move over, delete or kill in that direction */
	EDB_NOTHING_TO_UNDO,
	EDB_NOTHING_TO_REDO,
	EDB_NOTHING_TO_YANK,   /* the kill text is empty */
} edb_result;

/* The enumerator's name ("EDB_TOO_LONG"), for logs and tests; not a message
 * for users (app translates).  Unknown values give "EDB_UNKNOWN".  Static. */
const char *edb_result_name(edb_result r);

/* A new, empty buffer (cursor 0, no history), or NULL if memory or ICU's
 * break iterator is not available.  The caller owns it. */
edb_buffer *edb_new(void);
/* Releases the buffer and everything it owns.  NULL is safe. */
void edb_free(edb_buffer *b);

/* Replaces the whole text (one undo step); the cursor goes to the end.
 * Invalid UTF-8 and U+0000 are refused, not repaired: the caller sanitises.
 * Setting the same text again only moves the cursor (no undo step). */
edb_result edb_set_text(edb_buffer *b, const char *utf8, size_t n_bytes);
/* The text, NUL-terminated, borrowed; *n_bytes (if not NULL) gets its length
 * in bytes.  A NULL buffer gives "" and 0. */
const char *edb_text(const edb_buffer *b, size_t *n_bytes);
/* The cursor as a byte offset (on a grapheme boundary).  NULL gives 0. */
size_t edb_cursor(const edb_buffer *b);

/* Cursor movement.  None of these changes the text or the history, but each
 * ends a typing/deletion run and a kill chain. */
/* Puts the cursor at byte_offset, clamped to the length and moved back to
 * the grapheme boundary at or before it. */
edb_result edb_set_cursor(edb_buffer *b, size_t byte_offset);
/* Moves n_graphemes clusters forward (n > 0) or back (n < 0), stopping at the
 * ends.  EDB_AT_EDGE if n != 0 and the cursor could not move at all. */
edb_result edb_move_grapheme(edb_buffer *b, long n_graphemes);
/* Home / End always succeed (EDB_OK even if already there). */
edb_result edb_home(edb_buffer *b);
edb_result edb_end(edb_buffer *b);
/* The ASCII characters that end a word: RFC 3987's gen-delims and
 * sub-delims, the unreserved punctuation . - _ ~ and '%' (so a word stops
 * before a percent escape). */
#define EDB_WORD_DELIMITERS ":/?#[]@!$&'()*+,;=.-_~%"
/* Word moves (M-b / M-f), as readline's.  Delimiters are white space
 * (Unicode White_Space) and EDB_WORD_DELIMITERS; every other grapheme is a
 * word character (a cluster is classed by its first code point, so a letter
 * with combining marks is one word character).  Back (M-b): skip
 * delimiters, then word characters: to the start of the previous word.
 * Forward (M-f): skip delimiters, then word characters: to the end of the
 * next word.  EDB_AT_EDGE if the cursor could not move. */
edb_result edb_word_backward(edb_buffer *b);
edb_result edb_word_forward(edb_buffer *b);

/* Inserts utf8[0..n_bytes) at the cursor and puts the cursor after it (on the
 * next grapheme boundary, should the insert join the following cluster).
 * The whole insert is ONE undo step, however long (commits, pastes).
 * Typing coalesces: an insert of exactly one code point, right after a
 * previous one-code-point insert at the same place with nothing in between,
 * joins that undo step -- unless the previous character was a delimiter
 * (see edb_word_backward), the step reached EDB_COALESCE_MAX_BYTES, or
 * edb_undo_boundary() was called.  So undo after typing "example.com" first
 * removes "com", then "example.".  Invalid UTF-8 / U+0000 is refused. */
edb_result edb_insert(edb_buffer *b, const char *utf8, size_t n_bytes);
/* Delete the grapheme before / after the cursor (Backspace, Delete; C-h,
 * C-d).  A run of the same deletion coalesces into one undo step (bounded by
 * EDB_COALESCE_MAX_BYTES).  EDB_AT_EDGE at the start / end. */
edb_result edb_delete_backward_grapheme(edb_buffer *b);
edb_result edb_delete_forward_grapheme(edb_buffer *b);

/* Kills: delete a range and keep it as the kill text (a kill ring of one).
 * Consecutive kills with nothing in between accumulate, as in readline:
 * forward kills append, backward kills prepend.  Each kill is one undo step.
 * EDB_AT_EDGE (nothing changed) when the range is empty. */
edb_result edb_kill_to_end(edb_buffer *b);           /* C-k: cursor .. end */
edb_result edb_kill_to_start(edb_buffer *b);         /* C-u: start .. cursor */
edb_result edb_kill_word_backward(edb_buffer *b);    /* C-w: word start .. cursor */
edb_result edb_kill_word_forward(edb_buffer *b);     /* M-d: cursor .. word end */
/* C-y: inserts the kill text at the cursor (one undo step, never coalesced).
 * EDB_NOTHING_TO_YANK if nothing was killed yet. */
edb_result edb_yank(edb_buffer *b);
/* The kill text, borrowed, NUL-terminated; *n_bytes gets its length. */
const char *edb_kill_text(const edb_buffer *b, size_t *n_bytes);

/* Replaces bytes [start_byte, end_byte) with utf8[0..n_bytes) (one undo
 * step), e.g. to apply a diagnostic's suggestion.  Both ends must be on code
 * point boundaries (not necessarily grapheme boundaries).  The cursor stays
 * put if at or before start_byte (and before end_byte), shifts with the text
 * if at or after end_byte, and goes to the end of the replacement if inside;
 * then it is moved to a grapheme boundary. */
edb_result edb_replace_range(edb_buffer *b, size_t start_byte, size_t end_byte,
	const char *utf8, size_t n_bytes);

/* Undo / redo one step, restoring the text and the cursor. */
edb_result edb_undo(edb_buffer *b);
edb_result edb_redo(edb_buffer *b);
int edb_can_undo(const edb_buffer *b);
int edb_can_redo(const edb_buffer *b);
/* Ends the current typing/deletion run: the next edit starts a new undo step
 * (e.g. after a pause, or at the end of a bracketed paste). */
void edb_undo_boundary(edb_buffer *b);
/* A mark in the undo history, for previews (the history search loads the
 * matches it shows, then takes them back): edb_mark() puts it at the
 * current step; edb_undo_to_mark() undoes every step made since and forgets
 * them (redo cannot bring them back; the redo steps before the mark went at
 * the first edit after it anyway), restoring the text and cursor as they
 * were at the mark.  The undo steps before the mark stay as they were.
 * Only steps past the caps are lost (the mark then moves to the oldest step
 * kept).  A new mark replaces the old; edb_clear_history() resets it. */
void edb_mark(edb_buffer *b);
edb_result edb_undo_to_mark(edb_buffer *b);
/* Forgets all undo and redo steps (e.g. after loading the initial text). */
void edb_clear_history(edb_buffer *b);

#endif
