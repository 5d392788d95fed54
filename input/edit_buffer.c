/* edb: the edit buffer.  See edit_buffer.h for the contract.
 *
 * Representation: one contiguous NUL-terminated UTF-8 array (texts are at
 * most EDB_MAX_TEXT_BYTES, so a gap buffer would not pay for itself).
 * Grapheme boundaries come from one ICU character break iterator per buffer,
 * pointed at the text through a UTF-8 UText (native indices = byte offsets);
 * it is re-pointed lazily after each change.
 *
 * Every change goes through edb_apply(): one replacement of [start, end) by
 * some bytes.  It makes all allocations first (text room, copies for the undo
 * step, the history slot) and only then touches the text, so a failure
 * leaves everything as it was.  An undo step records that replacement (what
 * was removed, what was inserted) plus the cursor before and after. */
#include "edit_buffer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>

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

/* Whether byte_offset is on a code point boundary of the text. */
static int on_cp_boundary(const edb_buffer *b, size_t off)
{
	return off == b->len || (off < b->len && !U8_IS_TRAIL(b->text[off]));
}

/* The code point starting at byte off (off < len; the text is well-formed). */
static UChar32 cp_at(const edb_buffer *b, size_t off)
{
	UChar32 c;
	int32_t i = (int32_t)off;
	U8_NEXT((const uint8_t *)b->text, i, (int32_t)b->len, c);
	return c;
}

static int is_delim_cp(UChar32 c)
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
static size_t prev_boundary(edb_buffer *b, size_t off)
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
static size_t next_boundary(edb_buffer *b, size_t off)
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
	if (off > b->len || !on_cp_boundary(b, off))
		return 0;
	if (brk_sync(b))
		return ubrk_isBoundary(b->brk, (int32_t)off) ? 1 : 0;
	return 1;
}

/* off clamped to the text and moved back / forward to a grapheme boundary. */
static size_t snap_back(edb_buffer *b, size_t off)
{
	if (off >= b->len)
		return b->len;
	while (off > 0 && !on_cp_boundary(b, off))
		off--;
	return is_boundary(b, off) ? off : prev_boundary(b, off);
}

static size_t snap_forward(edb_buffer *b, size_t off)
{
	if (off >= b->len)
		return b->len;
	while (off < b->len && !on_cp_boundary(b, off))
		off++;
	return is_boundary(b, off) ? off : next_boundary(b, off);
}

static int is_delim_at(const edb_buffer *b, size_t off)
{
	return off < b->len && is_delim_cp(cp_at(b, off));
}

static size_t word_start_before(edb_buffer *b, size_t off)
{
	while (off > 0) {
		size_t p = prev_boundary(b, off);
		if (!is_delim_at(b, p))
			break;
		off = p;
	}
	while (off > 0) {
		size_t p = prev_boundary(b, off);
		if (is_delim_at(b, p))
			break;
		off = p;
	}
	return off;
}

static size_t word_end_after(edb_buffer *b, size_t off)
{
	while (off < b->len && is_delim_at(b, off))
		off = next_boundary(b, off);
	while (off < b->len && !is_delim_at(b, off))
		off = next_boundary(b, off);
	return off;
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
			return !is_delim_cp(c);
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

/* Replaces bytes [start, end) of the text by ins[0..n) (valid UTF-8, checked
 * by the caller; may point into the text), records the undo step, moves the
 * cursor per mode.  All or nothing. */
static edb_result edb_apply(edb_buffer *b, size_t start, size_t end,
	const char *ins, size_t n, edb_act act, edb_cur_mode mode)
{
	edb_result r = EDB_OK;
	size_t removed = end - start, cursor, new_len;
	char *rem_copy = NULL, *ins_copy = NULL;
	const char *src;
	int coalesce;
	edb_step *top = NULL;

	if (removed == 0 && n == 0)
		goto done;
	if (n > EDB_MAX_TEXT_BYTES || b->len - removed > EDB_MAX_TEXT_BYTES - n) {
		r = EDB_TOO_LONG;
		goto done;
	}
	new_len = b->len - removed + n;
	coalesce = can_coalesce(b, start, end, n, act);

	/* 1. Copies for the undo step (ins may point into the text, so copy it
	 *    before the text can move). */
	if (coalesce) {
		top = &b->steps[b->n_applied - 1];
		if (act == ACT_TYPE) {
			char *t = realloc(top->inserted, top->inserted_len + n + 1);
			if (!t) {
				r = EDB_NO_MEMORY;
				goto done;
			}
			top->inserted = t;
			memcpy(t + top->inserted_len, ins, n);
			t[top->inserted_len + n] = '\0';
			src = t + top->inserted_len;
		} else {
			char *t = realloc(top->removed, top->removed_len + removed + 1);
			if (!t) {
				r = EDB_NO_MEMORY;
				goto done;
			}
			top->removed = t;
			src = t;   /* unused: deletions insert nothing */
		}
	} else {
		rem_copy = dup_bytes(b->text + start, removed);
		ins_copy = dup_bytes(ins, n);
		if (!rem_copy || !ins_copy) {
			r = EDB_NO_MEMORY;
			goto done;
		}
		src = ins_copy;
		if (b->n_applied + 1 > b->steps_alloc) {
			size_t a = b->steps_alloc ? b->steps_alloc * 2 : 16;
			edb_step *s = realloc(b->steps, a * sizeof *s);
			if (!s) {
				r = EDB_NO_MEMORY;
				goto done;
			}
			b->steps = s;
			b->steps_alloc = a;
		}
	}
	/* 2. Room for the text. */
	if (!text_reserve(b, new_len)) {
		r = EDB_NO_MEMORY;
		goto done;
	}

	/* 3. Commit: nothing below can fail. */
	if (coalesce && act != ACT_TYPE) {
		/* Grow the saved deletion: backward runs prepend, forward runs append. */
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
	} else if (coalesce) {
		top->inserted_len += n;
		b->hist_bytes += n;
	}
	cursor = b->cursor;
	text_splice(b, start, end, src, n);
	switch (mode) {
	case CUR_START:
		cursor = snap_back(b, start);
		break;
	case CUR_AFTER:
		cursor = snap_forward(b, start + n);
		break;
	case CUR_END:
		cursor = b->len;
		break;
	case CUR_ADJUST:
		if (cursor >= end) {
			cursor = snap_forward(b, cursor - removed + n);
		} else if (cursor > start) {
			cursor = snap_forward(b, start + n);
		} else {
			cursor = snap_back(b, cursor);
		}
		break;
	}
	if (coalesce) {
		top->cursor_after = cursor;
	} else {
		for (size_t i = b->n_applied; i < b->n_steps; i++) {
			b->hist_bytes -= b->steps[i].removed_len + b->steps[i].inserted_len;
			step_free(&b->steps[i]);
		}
		b->n_steps = b->n_applied;
		b->steps[b->n_steps] = (edb_step){
			.start = start,
			.removed = rem_copy, .removed_len = removed,
			.inserted = ins_copy, .inserted_len = n,
			.cursor_before = b->cursor, .cursor_after = cursor,
			.kind = act,
		};
		rem_copy = ins_copy = NULL;
		b->n_steps++;
		b->n_applied = b->n_steps;
		b->hist_bytes += removed + n;
	}
	b->cursor = cursor;
	b->last = act;
	history_trim(b);
done:
	free(rem_copy);
	free(ins_copy);
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
	return edb_apply(b, 0, b->len, utf8 ? utf8 : "", n_bytes, ACT_OTHER, CUR_END);
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
	return edb_apply(b, b->cursor, b->cursor, utf8, n_bytes, act, CUR_AFTER);
}

edb_result edb_replace_range(edb_buffer *b, size_t start_byte, size_t end_byte,
	const char *utf8, size_t n_bytes)
{
	edb_result r;

	if (!b || (!utf8 && n_bytes))
		return EDB_BAD_ARGUMENT;
	if (start_byte > end_byte || end_byte > b->len ||
	    !on_cp_boundary(b, start_byte) || !on_cp_boundary(b, end_byte))
		return EDB_BAD_RANGE;
	if (n_bytes > EDB_MAX_TEXT_BYTES)
		return EDB_TOO_LONG;
	r = check_utf8(utf8, n_bytes);
	if (r != EDB_OK)
		return r;
	return edb_apply(b, start_byte, end_byte, utf8 ? utf8 : "", n_bytes,
		ACT_OTHER, CUR_ADJUST);
}

edb_result edb_delete_backward_grapheme(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	if (b->cursor == 0)
		return EDB_AT_EDGE;
	return edb_apply(b, prev_boundary(b, b->cursor), b->cursor, "", 0,
		ACT_DEL_BACK, CUR_START);
}

edb_result edb_delete_forward_grapheme(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	if (b->cursor >= b->len)
		return EDB_AT_EDGE;
	return edb_apply(b, b->cursor, next_boundary(b, b->cursor), "", 0,
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
	r = edb_apply(b, start, end, "", 0, ACT_KILL, CUR_START);
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
	return kill_range(b, word_start_before(b, b->cursor), b->cursor, 1);
}

edb_result edb_kill_word_forward(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	return kill_range(b, b->cursor, word_end_after(b, b->cursor), 0);
}

edb_result edb_yank(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	if (b->kill_len == 0)
		return EDB_NOTHING_TO_YANK;
	return edb_apply(b, b->cursor, b->cursor, b->kill, b->kill_len, ACT_OTHER, CUR_AFTER);
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

/* ---- cursor movement ------------------------------------------------ */

edb_result edb_set_cursor(edb_buffer *b, size_t byte_offset)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	b->cursor = snap_back(b, byte_offset);
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
		c = next_boundary(b, c);
	for (; n_graphemes < 0 && c > 0; n_graphemes++)
		c = prev_boundary(b, c);
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
	return move_to(b, word_start_before(b, b->cursor));
}

edb_result edb_word_forward(edb_buffer *b)
{
	if (!b)
		return EDB_BAD_ARGUMENT;
	return move_to(b, word_end_after(b, b->cursor));
}
