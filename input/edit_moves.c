/* edb: grapheme boundaries, IRI-delimited words, deletions, kills and
 * cursor movement over the text edit_buffer.c keeps (edit_internal.h).
 * Grapheme boundaries come from the buffer's ICU character break iterator,
 * re-pointed lazily after each change; every edit goes through
 * edb_apply_edit(). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>

#include "edit_internal.h"

/* ---- code points ---------------------------------------------------- */

/* The code point starting at byte off (off < len; the text is well-formed). */
static UChar32 cp_at(const edb_buffer *b, size_t off)
{
	UChar32 c;
	int32_t i = (int32_t)off;
	U8_NEXT((const uint8_t *)b->text, i, (int32_t)b->len, c);
	return c;
}

int edb_is_delim_cp(UChar32 c)
{
	if (c < 0)
		return 0;
	if (c < 0x80 && c != 0 && strchr(EDB_WORD_DELIMITERS, (int)c))
		return 1;
	return u_isUWhiteSpace(c) ? 1 : 0;
}

/* ---- grapheme boundaries ------------------------------------------- */

/* Points the break iterator at the current text; 0 if ICU refused (then the
 * callers fall back to code point boundaries). */
static int brk_sync(edb_buffer *b)
{
	UErrorCode st = U_ZERO_ERROR;

	if (b->brk_ok)
		return 1;
	b->ut = utext_openUTF8(b->ut, b->text, (int64_t)b->len, &st);
	if (U_FAILURE(st))
		return 0;
	ubrk_setUText(b->brk, b->ut, &st);
	if (U_FAILURE(st))
		return 0;
	b->brk_ok = 1;
	return 1;
}

/* The grapheme boundary before off (0 if none); off <= len. */
size_t edb_prev_boundary(edb_buffer *b, size_t off)
{
	if (off == 0)
		return 0;
	if (brk_sync(b)) {
		int32_t p = ubrk_preceding(b->brk, (int32_t)off);
		return p == UBRK_DONE || p < 0 ? 0 : (size_t)p;
	}
	/* No break iterator: a code point at a time (the text is well-formed). */
	int32_t i = (int32_t)off;
	U8_BACK_1((const uint8_t *)b->text, 0, i);
	return (size_t)i;
}

/* The grapheme boundary after off (len if none); off <= len. */
size_t edb_next_boundary(edb_buffer *b, size_t off)
{
	if (off >= b->len)
		return b->len;
	if (brk_sync(b)) {
		int32_t p = ubrk_following(b->brk, (int32_t)off);
		return p == UBRK_DONE || p < 0 || (size_t)p > b->len ? b->len : (size_t)p;
	}
	int32_t i = (int32_t)off;
	U8_FWD_1((const uint8_t *)b->text, i, (int32_t)b->len);
	return (size_t)i;
}

static int is_boundary(edb_buffer *b, size_t off)
{
	if (off == 0 || off == b->len)
		return 1;
	if (off > b->len || !edb_on_cp_boundary(b, off))
		return 0;
	if (brk_sync(b))
		return ubrk_isBoundary(b->brk, (int32_t)off) ? 1 : 0;
	return 1;
}

/* off clamped to the text and moved back / forward to a grapheme boundary. */
size_t edb_snap_back(edb_buffer *b, size_t off)
{
	if (off >= b->len)
		return b->len;
	while (off > 0 && !edb_on_cp_boundary(b, off))
		off--;
	return is_boundary(b, off) ? off : edb_prev_boundary(b, off);
}

size_t edb_snap_forward(edb_buffer *b, size_t off)
{
	if (off >= b->len)
		return b->len;
	while (off < b->len && !edb_on_cp_boundary(b, off))
		off++;
	return is_boundary(b, off) ? off : edb_next_boundary(b, off);
}

static int is_delim_at(const edb_buffer *b, size_t off)
{
	return off < b->len && edb_is_delim_cp(cp_at(b, off));
}

size_t edb_word_start_before(edb_buffer *b, size_t off)
{
	while (off > 0) {
		size_t p = edb_prev_boundary(b, off);
		if (!is_delim_at(b, p))
			break;
		off = p;
	}
	while (off > 0) {
		size_t p = edb_prev_boundary(b, off);
		if (is_delim_at(b, p))
			break;
		off = p;
	}
	return off;
}

size_t edb_word_end_after(edb_buffer *b, size_t off)
{
	while (off < b->len && is_delim_at(b, off))
		off = edb_next_boundary(b, off);
	while (off < b->len && !is_delim_at(b, off))
		off = edb_next_boundary(b, off);
	return off;
}

/* ---- deletions and kills -------------------------------------------- */

edb_result edb_delete_backward_grapheme(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	if (b->cursor == 0)
		return EDB_AT_EDGE;
	return edb_apply_edit(b, edb_prev_boundary(b, b->cursor), b->cursor, "", 0,
		ACT_DEL_BACK, CUR_START);
}

edb_result edb_delete_forward_grapheme(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	if (b->cursor >= b->len)
		return EDB_AT_EDGE;
	return edb_apply_edit(b, b->cursor, edb_next_boundary(b, b->cursor), "", 0,
		ACT_DEL_FWD, CUR_START);
}

/* Deletes [start, end) into the kill text: appended (forward) or prepended
 * (backward) when the previous call was a kill too.  The new kill text is
 * built in a temporary and swapped in only if the edit succeeds. */
static edb_result kill_range(edb_buffer *b, size_t start, size_t end, int backward)
{
	edb_result r = EDB_OK;
	size_t n = end - start, keep = 0, total;
	char *k = NULL;

	if (n == 0) {
		r = EDB_AT_EDGE;
		goto done;
	}
	if (b->last == ACT_KILL && b->kill_len + n <= EDB_MAX_TEXT_BYTES)
		keep = b->kill_len;
	total = keep + n;
	k = malloc(total + 1);
	if (!k) {
		r = EDB_NO_MEMORY;
		goto done;
	}
	if (backward) {
		memcpy(k, b->text + start, n);
		memcpy(k + n, b->kill, keep);
	} else {
		memcpy(k, b->kill, keep);
		memcpy(k + keep, b->text + start, n);
	}
	k[total] = '\0';
	r = edb_apply_edit(b, start, end, "", 0, ACT_KILL, CUR_START);
	if (r != EDB_OK)
		goto done;
	free(b->kill);
	b->kill = k;
	b->kill_len = total;
	k = NULL;
done:
	free(k);
	return r;
}

edb_result edb_kill_to_end(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	return kill_range(b, b->cursor, b->len, 0);
}

edb_result edb_kill_to_start(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	return kill_range(b, 0, b->cursor, 1);
}

edb_result edb_kill_word_backward(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	return kill_range(b, edb_word_start_before(b, b->cursor), b->cursor, 1);
}

edb_result edb_kill_word_forward(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	return kill_range(b, b->cursor, edb_word_end_after(b, b->cursor), 0);
}

edb_result edb_yank(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	if (b->kill_len == 0)
		return EDB_NOTHING_TO_YANK;
	return edb_apply_edit(b, b->cursor, b->cursor, b->kill, b->kill_len, ACT_OTHER, CUR_AFTER);
}

/* ---- cursor movement ------------------------------------------------ */

edb_result edb_set_cursor(edb_buffer *b, size_t byte_offset)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	b->cursor = edb_snap_back(b, byte_offset);
	b->last = ACT_NONE;
	return EDB_OK;
}

edb_result edb_move_grapheme(edb_buffer *b, long n_graphemes)
{
	size_t c;

	if (!b)
		return EDB_BAD_ARGUMENT;
	b->last = ACT_NONE;
	c = b->cursor;
	for (; n_graphemes > 0 && c < b->len; n_graphemes--)
		c = edb_next_boundary(b, c);
	for (; n_graphemes < 0 && c > 0; n_graphemes++)
		c = edb_prev_boundary(b, c);
	if (c == b->cursor && n_graphemes != 0)
		return EDB_AT_EDGE;
	b->cursor = c;
	return EDB_OK;
}

/* Moves to off; EDB_AT_EDGE if already there. */
static edb_result move_to(edb_buffer *b, size_t off)
{
	b->last = ACT_NONE;
	if (off == b->cursor)
		return EDB_AT_EDGE;
	b->cursor = off;
	return EDB_OK;
}

edb_result edb_home(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	move_to(b, 0);
	return EDB_OK;
}

edb_result edb_end(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	move_to(b, b->len);
	return EDB_OK;
}

edb_result edb_word_backward(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	return move_to(b, edb_word_start_before(b, b->cursor));
}

edb_result edb_word_forward(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	return move_to(b, edb_word_end_after(b, b->cursor));
}
