/* edb: the edit buffer.  See edit_buffer.h for the contract; this file
 * keeps the text, the one place it changes and undo/redo; edit_moves.c
 * has graphemes, words, deletions, kills and cursor movement.
 *
 * Representation: one contiguous NUL-terminated UTF-8 array (texts are at
 * most EDB_MAX_TEXT_BYTES, so a gap buffer would not pay for itself).
 * Grapheme boundaries come from one ICU character break iterator per buffer,
 * pointed at the text through a UTF-8 UText (native indices = byte offsets);
 * it is re-pointed lazily after each change.
 *
 * Every change goes through edb_apply_edit(): one replacement of [start,
 * end) by some bytes.  It makes all allocations first (text room, copies
 * for the undo step, the history slot) and only then touches the text, so a
 * failure leaves everything as it was.  An undo step records that
 * replacement (what was removed, what was inserted) plus the cursor before
 * and after. */
#include "edit_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>

const char *edb_result_name(edb_result r)
{
	switch (r) {
	case EDB_OK: return "EDB_OK";
	case EDB_BAD_ARGUMENT: return "EDB_BAD_ARGUMENT";
	case EDB_NO_MEMORY: return "EDB_NO_MEMORY";
	case EDB_TOO_LONG: return "EDB_TOO_LONG";
	case EDB_INVALID_UTF8: return "EDB_INVALID_UTF8";
	case EDB_NUL_BYTE: return "EDB_NUL_BYTE";
	case EDB_BAD_RANGE: return "EDB_BAD_RANGE";
	case EDB_AT_EDGE: return "EDB_AT_EDGE";
	case EDB_NOTHING_TO_UNDO: return "EDB_NOTHING_TO_UNDO";
	case EDB_NOTHING_TO_REDO: return "EDB_NOTHING_TO_REDO";
	case EDB_NOTHING_TO_YANK: return "EDB_NOTHING_TO_YANK";
	}
	return "EDB_UNKNOWN";
}

/* ---- UTF-8 ---------------------------------------------------------- */

/* EDB_OK if s[0..n) is well-formed UTF-8 without U+0000.  ICU's U8_NEXT
 * rejects overlongs, surrogates, values above U+10FFFF and truncation. */
static edb_result check_utf8(const char *s, size_t n)
{
	const uint8_t *p = (const uint8_t *)s;
	size_t i = 0;

	if (n > INT32_MAX)
		return EDB_TOO_LONG;
	while (i < n) {
		UChar32 c;
		int32_t j = (int32_t)i;
		if (p[i] < 0x80) {
			if (p[i] == 0)
				return EDB_NUL_BYTE;
			i++;
			continue;
		}
		U8_NEXT(p, j, (int32_t)n, c);
		if (c < 0)
			return EDB_INVALID_UTF8;
		i = (size_t)j;
	}
	return EDB_OK;
}

/* ---- life cycle ----------------------------------------------------- */

static void step_free(edb_step *s)
{
	free(s->removed);
	free(s->inserted);
	s->removed = s->inserted = NULL;
}

edb_buffer *edb_new(void)
{
	edb_buffer *b = calloc(1, sizeof *b);
	UErrorCode st = U_ZERO_ERROR;

	if (!b)
		goto fail;
	b->alloc = 64;
	b->text = malloc(b->alloc);
	b->kill = malloc(1);
	if (!b->text || !b->kill)
		goto fail;
	b->text[0] = '\0';
	b->kill[0] = '\0';
	b->brk = ubrk_open(UBRK_CHARACTER, "", NULL, 0, &st);
	if (U_FAILURE(st))
		goto fail;
	b->ut = utext_openUTF8(NULL, b->text, 0, &st);
	if (U_FAILURE(st))
		goto fail;
	return b;
fail:
	edb_free(b);
	return NULL;
}

void edb_clear_history(edb_buffer *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->n_steps; i++)
		step_free(&b->steps[i]);
	b->n_steps = b->n_applied = 0;
	b->hist_bytes = 0;
	b->mark = 0;
	b->last = ACT_NONE;
}

void edb_free(edb_buffer *b)
{
	if (!b)
		return;
	edb_clear_history(b);
	free(b->steps);
	if (b->brk)
		ubrk_close(b->brk);
	if (b->ut)
		utext_close(b->ut);
	free(b->text);
	free(b->kill);
	free(b);
}

const char *edb_text(const edb_buffer *b, size_t *n_bytes)
{
	if (n_bytes)
		*n_bytes = b ? b->len : 0;
	return b ? b->text : "";
}

size_t edb_cursor(const edb_buffer *b)
{
	return b ? b->cursor : 0;
}

const char *edb_kill_text(const edb_buffer *b, size_t *n_bytes)
{
	if (n_bytes)
		*n_bytes = b ? b->kill_len : 0;
	return b ? b->kill : "";
}

int edb_can_undo(const edb_buffer *b)
{
	return b && b->n_applied > 0;
}

int edb_can_redo(const edb_buffer *b)
{
	return b && b->n_applied < b->n_steps;
}

void edb_undo_boundary(edb_buffer *b)
{
	if (b)
		b->last = ACT_NONE;
}

/* ---- the one place the text changes -------------------------------- */

/* Makes room for a text of need bytes (plus the NUL).  0 on no memory. */
static int text_reserve(edb_buffer *b, size_t need)
{
	size_t a = b->alloc;
	char *t;

	if (need < b->alloc)
		return 1;
	while (a <= need)
		a *= 2;
	t = realloc(b->text, a);
	if (!t)
		return 0;
	b->text = t;
	b->alloc = a;
	b->brk_ok = 0;
	return 1;
}

/* Replaces [start, end) by ins[0..n); room must have been reserved and ins
 * must not point into the text. */
static void text_splice(edb_buffer *b, size_t start, size_t end, const char *ins, size_t n)
{
	memmove(b->text + start + n, b->text + end, b->len - end + 1);
	if (n)
		memcpy(b->text + start, ins, n);
	b->len = b->len - (end - start) + n;
	b->brk_ok = 0;
}

static char *dup_bytes(const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (d) {
		if (n)
			memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

/* Drops the oldest steps while the history is over its caps (keeps the newest). */
static void history_trim(edb_buffer *b)
{
	size_t drop = 0;

	while (b->n_steps - drop > 1 &&
	       (b->n_steps - drop > EDB_MAX_UNDO_STEPS || b->hist_bytes > EDB_MAX_UNDO_BYTES)) {
		edb_step *s = &b->steps[drop];
		b->hist_bytes -= s->removed_len + s->inserted_len;
		step_free(s);
		drop++;
	}
	if (!drop)
		return;
	memmove(b->steps, b->steps + drop, (b->n_steps - drop) * sizeof *b->steps);
	b->n_steps -= drop;
	b->n_applied = b->n_applied > drop ? b->n_applied - drop : 0;
	b->mark = b->mark > drop ? b->mark - drop : 0;
}

/* Whether this replacement may join the newest undo step. */
static int can_coalesce(const edb_buffer *b, size_t start, size_t end, size_t n, edb_act act)
{
	const edb_step *top;

	if (act != b->last || b->n_applied == 0 || b->n_applied != b->n_steps)
		return 0;
	top = &b->steps[b->n_applied - 1];
	if (top->kind != act)
		return 0;
	switch (act) {
	case ACT_TYPE:
		if (end != start || top->removed_len != 0 || b->cursor != start ||
		    start != top->start + top->inserted_len ||
		    top->inserted_len + n > EDB_COALESCE_MAX_BYTES)
			return 0;
		{
			/* A run of typing ends after a delimiter. */
			int32_t i = (int32_t)top->inserted_len;
			UChar32 c;
			U8_PREV((const uint8_t *)top->inserted, 0, i, c);
			return !edb_is_delim_cp(c);
		}
	case ACT_DEL_BACK:
		return n == 0 && top->inserted_len == 0 && end == top->start &&
			top->removed_len + (end - start) <= EDB_COALESCE_MAX_BYTES;
	case ACT_DEL_FWD:
		return n == 0 && top->inserted_len == 0 && start == top->start &&
			top->removed_len + (end - start) <= EDB_COALESCE_MAX_BYTES;
	default:
		return 0;
	}
}

/* An edit's undo record while it is made: the newest step it joins, or a
 * new step's copies. */
typedef struct {
	edb_step *top;          /* the step the edit joins (coalescing), or NULL */
	char *rem_copy;         /* a new step's removed bytes; owned until pushed */
	char *ins_copy;         /* a new step's inserted bytes; owned until pushed */
	const char *src;        /* the bytes to insert, safe from the text moving */
} pending_step;

/* Step 1 of an edit: copies for the undo step (ins may point into the
 * text, so it is copied before the text can move), room for a new step. */
static edb_result prepare_step(edb_buffer *b, size_t start, size_t removed, const char *ins, size_t n,
	edb_act act, pending_step *p)
{
	edb_step *top = p->top;
	if (top && act == ACT_TYPE) {
		char *t = realloc(top->inserted, top->inserted_len + n + 1);
		if (!t)
			return EDB_NO_MEMORY;
		top->inserted = t;
		memcpy(t + top->inserted_len, ins, n);
		t[top->inserted_len + n] = '\0';
		p->src = t + top->inserted_len;
		return EDB_OK;
	}
	if (top) {
		char *t = realloc(top->removed, top->removed_len + removed + 1);
		if (!t)
			return EDB_NO_MEMORY;
		top->removed = t;
		p->src = t;   /* unused: deletions insert nothing */
		return EDB_OK;
	}
	p->rem_copy = dup_bytes(b->text + start, removed);
	p->ins_copy = dup_bytes(ins, n);
	if (!p->rem_copy || !p->ins_copy)
		return EDB_NO_MEMORY;
	p->src = p->ins_copy;
	if (b->n_applied + 1 > b->steps_alloc) {
		size_t a = b->steps_alloc ? b->steps_alloc * 2 : 16;
		edb_step *s = realloc(b->steps, a * sizeof *s);
		if (!s)
			return EDB_NO_MEMORY;
		b->steps = s;
		b->steps_alloc = a;
	}
	return EDB_OK;
}

/* The edit joins the newest step (before the text changes): typing grows
 * its insert; a deletion grows its saved bytes, backward runs prepending,
 * forward runs appending. */
static void join_step(edb_buffer *b, edb_step *top, size_t start, size_t removed, size_t n, edb_act act)
{
	if (act == ACT_TYPE) {
		top->inserted_len += n;
		b->hist_bytes += n;
		return;
	}
	if (act == ACT_DEL_BACK) {
		memmove(top->removed + removed, top->removed, top->removed_len);
		memcpy(top->removed, b->text + start, removed);
		top->start = start;
	} else {
		memcpy(top->removed + top->removed_len, b->text + start, removed);
	}
	top->removed_len += removed;
	top->removed[top->removed_len] = '\0';
	b->hist_bytes += removed;
}

/* Where the cursor (cursor before the edit) goes once [start, end) holds n
 * new bytes, per mode; always on a grapheme boundary. */
static size_t cursor_after_edit(edb_buffer *b, edb_cur_mode mode, size_t cursor, size_t start, size_t end,
	size_t n)
{
	switch (mode) {
	case CUR_START:
		return edb_snap_back(b, start);
	case CUR_AFTER:
		return edb_snap_forward(b, start + n);
	case CUR_END:
		return b->len;
	case CUR_ADJUST:
		if (cursor >= end)
			return edb_snap_forward(b, cursor - (end - start) + n);
		if (cursor > start)
			return edb_snap_forward(b, start + n);
		return edb_snap_back(b, cursor);
	}
	return cursor;
}

/* A new undo step (taking p's copies); the steps that could be redone are
 * dropped. */
static void push_step(edb_buffer *b, pending_step *p, size_t start, size_t removed, size_t n, size_t cursor,
	edb_act act)
{
	for (size_t i = b->n_applied; i < b->n_steps; i++) {
		b->hist_bytes -= b->steps[i].removed_len + b->steps[i].inserted_len;
		step_free(&b->steps[i]);
	}
	b->n_steps = b->n_applied;
	b->steps[b->n_steps] = (edb_step){
		.start = start,
		.removed = p->rem_copy, .removed_len = removed,
		.inserted = p->ins_copy, .inserted_len = n,
		.cursor_before = b->cursor, .cursor_after = cursor,
		.kind = act,
	};
	p->rem_copy = p->ins_copy = NULL;
	b->n_steps++;
	b->n_applied = b->n_steps;
	b->hist_bytes += removed + n;
}

/* Replaces bytes [start, end) of the text by ins[0..n) (valid UTF-8, checked
 * by the caller; may point into the text), records the undo step, moves the
 * cursor per mode.  All or nothing: everything that can fail comes before
 * the text changes. */
edb_result edb_apply_edit(edb_buffer *b, size_t start, size_t end,
	const char *ins, size_t n, edb_act act, edb_cur_mode mode)
{
	edb_result r = EDB_OK;
	size_t removed = end - start, cursor;
	pending_step p = { 0 };

	if (removed == 0 && n == 0)
		goto done;
	if (n > EDB_MAX_TEXT_BYTES || b->len - removed > EDB_MAX_TEXT_BYTES - n) {
		r = EDB_TOO_LONG;
		goto done;
	}
	if (can_coalesce(b, start, end, n, act))
		p.top = &b->steps[b->n_applied - 1];
	/* 1. Copies for the undo step; 2. room for the text. */
	r = prepare_step(b, start, removed, ins, n, act, &p);
	if (r == EDB_OK && !text_reserve(b, b->len - removed + n))
		r = EDB_NO_MEMORY;
	if (r != EDB_OK)
		goto done;

	/* 3. Commit: nothing below can fail. */
	if (p.top)
		join_step(b, p.top, start, removed, n, act);
	text_splice(b, start, end, p.src, n);
	cursor = cursor_after_edit(b, mode, b->cursor, start, end, n);
	if (p.top)
		p.top->cursor_after = cursor;
	else
		push_step(b, &p, start, removed, n, cursor, act);
	b->cursor = cursor;
	b->last = act;
	history_trim(b);
done:
	free(p.rem_copy);
	free(p.ins_copy);
	return r;
}

/* ---- public edits --------------------------------------------------- */

edb_result edb_set_text(edb_buffer *b, const char *utf8, size_t n_bytes)
{
	edb_result r;

	if (!b || (!utf8 && n_bytes))
		return EDB_BAD_ARGUMENT;
	if (n_bytes > EDB_MAX_TEXT_BYTES)
		return EDB_TOO_LONG;
	r = check_utf8(utf8, n_bytes);
	if (r != EDB_OK)
		return r;
	if (n_bytes == b->len && (n_bytes == 0 || memcmp(utf8, b->text, n_bytes) == 0)) {
		b->cursor = b->len;
		b->last = ACT_NONE;
		return EDB_OK;
	}
	return edb_apply_edit(b, 0, b->len, utf8 ? utf8 : "", n_bytes, ACT_OTHER, CUR_END);
}

edb_result edb_insert(edb_buffer *b, const char *utf8, size_t n_bytes)
{
	edb_result r;
	edb_act act = ACT_OTHER;

	if (!b || (!utf8 && n_bytes))
		return EDB_BAD_ARGUMENT;
	if (n_bytes == 0)
		return EDB_OK;
	if (n_bytes > EDB_MAX_TEXT_BYTES)
		return EDB_TOO_LONG;
	r = check_utf8(utf8, n_bytes);
	if (r != EDB_OK)
		return r;
	if (n_bytes <= 4) {
		/* Exactly one code point: typing, which may coalesce. */
		int32_t i = 0;
		UChar32 c;
		U8_NEXT((const uint8_t *)utf8, i, (int32_t)n_bytes, c);
		if (c >= 0 && (size_t)i == n_bytes)
			act = ACT_TYPE;
	}
	return edb_apply_edit(b, b->cursor, b->cursor, utf8, n_bytes, act, CUR_AFTER);
}

edb_result edb_replace_range(edb_buffer *b, size_t start_byte, size_t end_byte,
	const char *utf8, size_t n_bytes)
{
	edb_result r;

	if (!b || (!utf8 && n_bytes))
		return EDB_BAD_ARGUMENT;
	if (start_byte > end_byte || end_byte > b->len ||
	    !edb_on_cp_boundary(b, start_byte) || !edb_on_cp_boundary(b, end_byte))
		return EDB_BAD_RANGE;
	if (n_bytes > EDB_MAX_TEXT_BYTES)
		return EDB_TOO_LONG;
	r = check_utf8(utf8, n_bytes);
	if (r != EDB_OK)
		return r;
	return edb_apply_edit(b, start_byte, end_byte, utf8 ? utf8 : "", n_bytes,
		ACT_OTHER, CUR_ADJUST);
}

/* ---- undo / redo ---------------------------------------------------- */

/* Replaces [start, start + old_len) by the n bytes at src (owned by a step). */
static edb_result replay(edb_buffer *b, size_t start, size_t old_len,
	const char *src, size_t n, size_t cursor)
{
	if (!text_reserve(b, b->len - old_len + n))
		return EDB_NO_MEMORY;
	text_splice(b, start, start + old_len, src, n);
	b->cursor = cursor <= b->len ? cursor : b->len;
	b->last = ACT_NONE;
	return EDB_OK;
}

edb_result edb_undo(edb_buffer *b)
{
	edb_result r;
	const edb_step *s;

	if (!b)
		return EDB_BAD_ARGUMENT;
	if (b->n_applied == 0)
		return EDB_NOTHING_TO_UNDO;
	s = &b->steps[b->n_applied - 1];
	r = replay(b, s->start, s->inserted_len, s->removed, s->removed_len, s->cursor_before);
	if (r == EDB_OK)
		b->n_applied--;
	return r;
}

void edb_mark(edb_buffer *b)
{
	if (b)
		b->mark = b->n_applied;
}

edb_result edb_undo_to_mark(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	while (b->n_applied > b->mark) {
		edb_result r = edb_undo(b);
		if (r != EDB_OK)
			return r;
	}
	/* The steps undone are forgotten: redo cannot bring them back. */
	for (size_t i = b->n_applied; i < b->n_steps; i++) {
		b->hist_bytes -= b->steps[i].removed_len + b->steps[i].inserted_len;
		step_free(&b->steps[i]);
	}
	b->n_steps = b->n_applied;
	b->mark = b->n_applied;
	return EDB_OK;
}

edb_result edb_redo(edb_buffer *b)
{
	edb_result r;
	const edb_step *s;

	if (!b)
		return EDB_BAD_ARGUMENT;
	if (b->n_applied == b->n_steps)
		return EDB_NOTHING_TO_REDO;
	s = &b->steps[b->n_applied];
	r = replay(b, s->start, s->removed_len, s->inserted, s->inserted_len, s->cursor_after);
	if (r == EDB_OK)
		b->n_applied++;
	return r;
}
