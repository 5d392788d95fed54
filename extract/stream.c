/* The driver: a document read in chunks, each converted to UTF-8 (ICU's
 * streaming ucnv_toUnicode; a character cut by a chunk's end is held by
 * the converter and placed at its first byte), appended to the piece in
 * x->doc with every byte's original offset, and handed to the type's
 * reader, which says how much of the piece's start it is done with.  That
 * much is dropped and the piece's base moves on (doc.c), so memory holds
 * a chunk plus what a reader still needs: the largest unit (a start tag,
 * a Markdown block, a JSON string), capped at IXT_MAX_DOCUMENT_BYTES.
 *
 * UTF-8 is taken as it is while it is well-formed; from the first
 * ill-formed byte on it goes through ICU's UTF-8 converter (U+FFFD for
 * each maximal ill-formed part, as for a whole document).  The first
 * ill-formed place is reported once, at the document's end, so the order
 * of what is reported does not depend on where chunks end. */
#include "ixt_internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unicode/ucnv.h>

/* When a reader needs all it holds (nothing done) and holds this much, the
 * piece is doubled before the reader is asked again: a long unit costs a
 * few passes, not one per chunk. */
#define DRV_GROW_FROM ((size_t)64 << 10)

size_t ixt_src_read(ixt_src *s, void *buf, size_t cap)
{
	if (s->f)
		return fread(buf, 1, cap, s->f);
	size_t k = s->mem_n - s->mem_at < cap ? s->mem_n - s->mem_at : cap;
	if (k)
		memcpy(buf, s->mem + s->mem_at, k);
	s->mem_at += k;
	return k;
}

int ixt_src_getc(ixt_src *s)
{
	if (s->f)
		return getc(s->f);
	return s->mem_at < s->mem_n ? (unsigned char)s->mem[s->mem_at++] : EOF;
}

bool ixt_src_error(const ixt_src *s)
{
	return s->f && ferror(s->f);
}

void *ixt_no_state(ixt_ctx *x)
{
	return x;                               /* not NULL: the piece says all */
}

void ixt_no_state_free(ixt_ctx *x, void *state)
{
	(void)x, (void)state;
}

void ixt_set_chunk_bytes(ixt_ctx *x, size_t n)
{
	if (x)
		x->chunk_bytes = n;
}

typedef struct {
	ixt_ctx *x;
	UConverter *cv;              /* NULL: well-formed UTF-8 taken as it is */
	char carry[4];               /* UTF-8: a sequence cut by the chunk's end */
	size_t n_carry;
	ixt_buf tmp;                 /* the carry and the next chunk */
	UChar *u16;                  /* ICU's output for one chunk */
	int32_t *o16;                /* each unit's source offset in its call (-1: an earlier call's) */
	size_t u16_cap;
	bool any;                    /* a code point was put */
	uint32_t lead;               /* a lead surrogate waiting for its trail (0: none) */
	uint64_t lead_at, last_at;
	bool cr;                     /* a CR held back from the piece's end */
	uint64_t cr_at;
	size_t bad;                  /* ill-formed places */
	uint64_t bad_at;             /* the first one's original offset */
	bool bad_placed;
	ixt_pos bad_pos;
	const char *call_src;        /* the source of the ICU call under way ... */
	uint64_t call_at;            /* ... and its original offset */
	size_t call_cb;              /* ... and the first unit the callback put (SIZE_MAX: none) */
} drv;

static bool is_utf8(const char *name)
{
	return strcasecmp(name, "UTF-8") == 0 || strcasecmp(name, "utf8") == 0;
}

/* ICU's to-Unicode callback: counts and places ill-formed input, then
 * substitutes U+FFFD as the default callback does. */
static void to_u_cb(const void *context, UConverterToUnicodeArgs *args,
	const char *bytes, int32_t length, UConverterCallbackReason reason, UErrorCode *err)
{
	drv *d = (drv *)context;
	/* BYTES is the converter's copy; the source stands just past them
	 * (they may have begun in the call before). */
	if (reason <= UCNV_IRREGULAR && d->call_cb == SIZE_MAX && d->u16 && args->target >= d->u16
		&& args->target <= d->u16 + d->u16_cap)
		d->call_cb = (size_t)(args->target - d->u16);
	if (reason <= UCNV_IRREGULAR && d->bad++ == 0) {
		int64_t rel = (int64_t)(args->source - d->call_src) - length;
		d->bad_at = rel < 0 && (uint64_t)-rel > d->call_at ? 0 : (uint64_t)((int64_t)d->call_at + rel);
	}
	UCNV_TO_U_CALLBACK_SUBSTITUTE(NULL, args, bytes, length, reason, err);
}

static ixt_result open_converter(drv *d, const char *charset)
{
	UErrorCode st = U_ZERO_ERROR;
	d->cv = ucnv_open(charset, &st);
	if (U_FAILURE(st)) {
		d->cv = NULL;
		return IXT_BAD_CHARSET;
	}
	ucnv_setToUCallBack(d->cv, to_u_cb, d, NULL, NULL, &st);
	return IXT_OK;
}

static bool conv_put(drv *d, uint32_t cp, uint64_t at)
{
	if (!d->any && cp == 0xFEFF && at == 0)
		return true;                        /* a BOM is not text */
	d->any = true;
	return ixt_doc_add_cp(&d->x->doc, cp, at);
}

/* One UTF-16 unit from original offset AT: surrogates paired across
 * calls, a lone one as U+FFFD (ixt_buf_add_cp). */
static bool conv_unit(drv *d, uint32_t u, uint64_t at)
{
	if (d->lead && U16_IS_TRAIL(u)) {
		uint32_t cp = U16_GET_SUPPLEMENTARY(d->lead, u);
		d->lead = 0;
		return conv_put(d, cp, d->lead_at);
	}
	if (d->lead && !conv_put(d, d->lead, d->lead_at))
		return false;
	d->lead = 0;
	if (U16_IS_LEAD(u)) {
		d->lead = u, d->lead_at = at;
		return true;
	}
	return conv_put(d, u, at);
}

/* The bytes ICU holds over from the calls before (a cut character), at
 * most the AT bytes fed so far; an error (-1) counts as none. */
static uint64_t pending_bytes(drv *d, uint64_t at)
{
	UErrorCode st = U_ZERO_ERROR;
	int32_t k = ucnv_toUCountPending(d->cv, &st);
	return U_SUCCESS(st) && k > 0 && (uint64_t)k <= at ? (uint64_t)k : 0;
}

/* Converts P (N bytes from original offset AT); LAST flushes. */
static ixt_result convert(drv *d, const char *p, size_t n, uint64_t at, bool last)
{
	UErrorCode st = U_ZERO_ERROR;
	if (2 * n + 64 > d->u16_cap) {
		size_t cap = 2 * n + 64;
		UChar *u = realloc(d->u16, cap * sizeof *u);
		int32_t *o = u ? realloc(d->o16, cap * sizeof *o) : NULL;
		if (u)
			d->u16 = u;
		if (!u || !o)
			return IXT_NO_MEMORY;
		d->o16 = o, d->u16_cap = cap;
	}
	uint64_t held = pending_bytes(d, at);
	uint64_t held_at = at - held, held_from = held_at;
	/* Bytes held from the call before (a character cut by a chunk's end):
	 * most converters give the units they make offset -1 and count the
	 * rest from this call's source.  The UTF-8 and UTF-32 ones count from
	 * the held bytes when these complete a character, but only up to the
	 * first ill-formed place the callback substitutes: from there on (the
	 * held bytes' own U+FFFD, offset -1, if they turn out ill-formed) they
	 * count from this call's source (ICU 72; the chunk tests have
	 * ill-formed bytes at every chunk edge and after one). */
	UConverterType type = ucnv_getType(d->cv);
	bool from_held = held && (type == UCNV_UTF8 || type == UCNV_CESU8 || type == UCNV_UTF32
		|| type == UCNV_UTF32_BigEndian || type == UCNV_UTF32_LittleEndian);
	const char *s = p;
	do {
		UChar *t = d->u16;
		bool first = s == p;
		d->call_src = s;
		d->call_at = at + (uint64_t)(s - p);
		d->call_cb = SIZE_MAX;
		st = U_ZERO_ERROR;
		ucnv_toUnicode(d->cv, &t, d->u16 + d->u16_cap, &s, p + n, d->o16, last, &st);
		if (U_FAILURE(st) && st != U_BUFFER_OVERFLOW_ERROR)
			return IXT_BAD_CHARSET;         /* the converter gave up: not readable in it */
		size_t held_units = first && from_held ? d->call_cb : 0;
		/* An offset is inside the bytes it counts from (the held ones and
		 * this call's, or this call's alone).  ICU 72's GB18030 gives the
		 * units it makes from held bytes it replays after an ill-formed
		 * sequence offsets far past both: those count as unknown. */
		const uint64_t call_bytes = (uint64_t)(p + n - d->call_src);
		for (size_t i = 0; i < (size_t)(t - d->u16); i++) {
			bool from_held_bytes = i < held_units;
			uint64_t base = from_held_bytes ? held_from : d->call_at;
			uint64_t room = from_held_bytes ? held + call_bytes : call_bytes;
			int32_t o = d->o16[i];
			uint64_t a = o >= 0 && (uint64_t)o < room ? base + (uint64_t)o : held_at;
			if (!conv_unit(d, d->u16[i], a))
				return IXT_NO_MEMORY;
			d->last_at = held_at = a;
		}
	} while (st == U_BUFFER_OVERFLOW_ERROR);
	if (last && d->lead && !conv_put(d, d->lead, d->lead_at))
		return IXT_NO_MEMORY;
	if (last)
		d->lead = 0;
	d->x->doc.orig_end = d->lead ? d->lead_at : at + n - (last ? 0 : pending_bytes(d, at + n));
	return IXT_OK;
}

static bool continuation(unsigned char c)
{
	return (c & 0xC0) == 0x80;
}

/* The first ill-formed byte of P (N bytes; N if none); *CUT: it starts a
 * sequence the end cuts, which may go on in the next chunk. */
static size_t first_bad(const char *p, size_t n, bool *cut)
{
	size_t i = 0, len;
	*cut = false;
	while (i < n) {
		uint64_t eight;
		if (i + 8 <= n && (memcpy(&eight, p + i, 8), !(eight & 0x8080808080808080u))) {
			i += 8;                         /* eight ASCII bytes at once */
			continue;
		}
		if ((unsigned char)p[i] < 0x80) {
			i++;
			continue;
		}
		if (ixt_utf8_next(p + i, n - i, &len) != 0xFFFD
			|| (len == 3 && memcmp(p + i, "\xEF\xBF\xBD", 3) == 0)) {
			i += len;
			continue;
		}
		unsigned char c = (unsigned char)p[i];
		size_t k = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
			: c >= 0xF0 && c <= 0xF4 ? 4 : 0;
		*cut = k > n - i;
		for (size_t j = i + 1; *cut && j < n; j++)
			*cut = continuation((unsigned char)p[j]);
		return i;
	}
	return n;
}

/* UTF-8 as it is: well-formed bytes added, a cut sequence carried, from
 * the first ill-formed byte on ICU's UTF-8 converter. */
static ixt_result take_utf8(drv *d, const char *p, size_t n, uint64_t at, bool last)
{
	if (d->n_carry) {
		d->tmp.n = 0;
		if (!ixt_buf_add(&d->tmp, d->carry, d->n_carry) || !ixt_buf_add(&d->tmp, p, n))
			return IXT_NO_MEMORY;
		at -= d->n_carry;
		p = d->tmp.p, n = d->tmp.n;
		d->n_carry = 0;
	}
	bool cut;
	size_t i = first_bad(p, n, &cut);
	if (i > 0 && !ixt_doc_add(&d->x->doc, p, i, at))
		return IXT_NO_MEMORY;
	if (i > 0)
		d->any = true;
	if (i == n)
		return IXT_OK;
	if (cut && !last) {
		memcpy(d->carry, p + i, n - i);
		d->n_carry = n - i;
		d->x->doc.orig_end = at + i;
		return IXT_OK;
	}
	ixt_result r = open_converter(d, "UTF-8");
	return r == IXT_OK ? convert(d, p + i, n - i, at + i, last) : r;
}

/* Where the first ill-formed byte landed, once it is in the piece. */
static void place_bad(drv *d, size_t from)
{
	ixt_text *t = &d->x->doc;
	for (size_t i = from; d->bad && !d->bad_placed && i < t->n; i++)
		if (!continuation((unsigned char)t->u8[i]) && ixt_doc_orig(t, i) >= d->bad_at) {
			d->bad_pos = ixt_locate(d->x, i);
			d->bad_placed = true;
		}
}

/* Bytes P (N, from original offset AT) into the piece; a CR at its end is
 * held back until the next byte says whether it starts a CRLF. */
static ixt_result feed(drv *d, const char *p, size_t n, uint64_t at, bool last)
{
	ixt_text *t = &d->x->doc;
	if (n > (IXT_MAX_DOCUMENT_BYTES - t->n) / 4)
		return IXT_TOO_LONG;
	size_t from = t->n;
	if (d->cr) {
		d->cr = false;
		if (!(t->orig ? ixt_doc_add_cp(t, '\r', d->cr_at) : ixt_doc_add(t, "\r", 1, d->cr_at)))
			return IXT_NO_MEMORY;
	}
	ixt_result r = d->cv ? convert(d, p, n, at, last) : take_utf8(d, p, n, at, last);
	if (r != IXT_OK)
		return r;
	if (!last && t->n > 0 && t->u8[t->n - 1] == '\r') {
		d->cr = true;
		d->cr_at = ixt_doc_orig(t, t->n - 1);
		t->u8[--t->n] = '\0';
		t->orig_end = d->cr_at;
		if (t->indexed > t->n)
			t->indexed = t->n;
	}
	place_bad(d, from);
	return ixt_doc_index(t) ? IXT_OK : IXT_NO_MEMORY;
}

/* Ill-formed places in the first bytes (the whole document if that is
 * all): a document mostly not text in its charset is not read. */
static size_t head_bad(drv *d, const char *head, size_t n, bool whole)
{
	bool cut;
	if (!d->cv && first_bad(head, n, &cut) == n)
		return 0;
	drv probe = { .x = d->x };
	if (open_converter(&probe, d->cv ? ucnv_getName(d->cv, &(UErrorCode){ U_ZERO_ERROR }) : "UTF-8") != IXT_OK)
		return 0;
	UChar out[1024];
	const char *s = head;
	UErrorCode st;
	do {
		UChar *t = out;
		probe.call_src = s;
		st = U_ZERO_ERROR;
		ucnv_toUnicode(probe.cv, &t, out + 1024, &s, head + n, NULL, whole, &st);
	} while (st == U_BUFFER_OVERFLOW_ERROR);
	ucnv_close(probe.cv);
	return probe.bad;
}

/* The chunks, to the end or a failure. */
static ixt_result run(drv *d, ixt_src *src, const char *head, size_t n_head, size_t at,
	const ixt_reader *rd, void *st)
{
	ixt_ctx *x = d->x;
	size_t chunk = x->chunk_bytes ? x->chunk_bytes : IXT_CHUNK_BYTES, until = 0;
	if (x->chunk_cap < chunk) {
		free(x->chunk);
		x->chunk_cap = (x->chunk = malloc(chunk)) ? chunk : 0;
	}
	char *buf = x->chunk;
	uint64_t in = at;                       /* original bytes taken in */
	ixt_result r = buf ? IXT_OK : IXT_NO_MEMORY;
	while (r == IXT_OK) {
		const char *p = head + at;
		size_t got = n_head - at < chunk ? n_head - at : chunk;
		if (got)
			at += got;
		else
			got = ixt_src_read(src, buf, chunk), p = buf;
		bool last = got == 0;
		if ((r = feed(d, p, got, in, last)) != IXT_OK)
			break;
		in += got;
		if (!last && x->doc.n < until)
			continue;                       /* a long unit: more before asking again */
		size_t done = 0;
		r = rd->piece(x, st, last, &done);
		if (r != IXT_OK || last || x->stopped)
			break;
		until = done == 0 && x->doc.n >= DRV_GROW_FROM ? 2 * x->doc.n : 0;
		if (!ixt_doc_drop(&x->doc, done))
			r = IXT_NO_MEMORY;
	}
	return r;
}

ixt_result ixt_read_pieces(ixt_ctx *x, ixt_src *src, const char *head, size_t n_head,
	const ixt_reader *rd)
{
	ixt_choose_charset(x, head, n_head);
	bool utf16 = strncasecmp(x->used_charset, "UTF-16", 6) == 0;
	if (!utf16 && memchr(head, '\0', n_head))
		return IXT_BINARY;
	drv *d = calloc(1, sizeof *d);
	if (!d)
		return IXT_NO_MEMORY;
	d->x = x;
	ixt_doc_reset(&x->doc);
	size_t at = 0;
	void *st = NULL;
	ixt_result r = IXT_OK;
	if (is_utf8(x->used_charset))
		at = n_head >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;  /* a BOM is not text */
	else
		r = open_converter(d, x->used_charset);
	size_t bad = r == IXT_OK ? head_bad(d, head, n_head, n_head < IXT_SNIFF_BYTES) : 0;
	if (r == IXT_OK && bad > 16 && bad * 8 > n_head) {
		snprintf(x->detail, sizeof x->detail, "%s", x->used_charset);
		r = IXT_BINARY;                     /* mostly not text in it */
	}
	if (r == IXT_OK && !(st = rd->open(x)))
		r = IXT_NO_MEMORY;
	if (r == IXT_OK)
		r = run(d, src, head, n_head, at, rd, st);
	if (st)
		rd->close(x, st);
	if (r == IXT_OK && ixt_src_error(src))
		r = IXT_IO;
	if (r == IXT_OK && d->bad_placed && !x->stopped)
		ixt_report(x, IXT_BAD_TEXT, d->bad_pos, x->used_charset);
	ucnv_close(d->cv);
	ixt_buf_free(&d->tmp);
	free(d->u16);
	free(d->o16);
	free(d);
	ixt_doc_reset(&x->doc);
	return r;
}
