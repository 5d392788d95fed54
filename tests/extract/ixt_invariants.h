/* What extract.h promises about every IRI and diagnostic it hands out,
 * checked on any input.  Shared by extract_dump (every golden document),
 * test_extract_inputs (the saved fuzz inputs) and tests/fuzz/fuzz_extract.c.
 *
 * ixt_inv_run reads one input the way the fuzz target does: the first byte
 * chooses the type and the charset option, the rest is the document, read
 * from memory and, for the types read as a stream, through a FILE too.  A
 * broken promise is written to stderr and ends the process with abort(), so
 * libFuzzer saves the input and a test fails.
 *
 * Code points are counted here from the bytes (a lead byte is not
 * 0x80..0xBF), not with extract/'s helpers. */
#ifndef IRIE_IXT_INVARIANTS_H
#define IRIE_IXT_INVARIANTS_H

#include "extract.h"
#include "ixt_internal.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The document being checked: its bytes as given to extract/. */
typedef struct {
	const unsigned char *bytes;
	size_t n;
	bool valid_utf8;     /* well-formed UTF-8 (Unicode 3.9 D92) */
	size_t n_lines;      /* LF bytes + 1 */
	const char *what;    /* for the report */
	const ixt_ctx *x;    /* the reading context (its charset) */
} ixt_inv_doc;

/* Well-formed UTF-8, Unicode 3.9 Table 3-7. */
static inline bool ixt_inv_valid_utf8(const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned char c = s[i];
		size_t k = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
			: c >= 0xF0 && c <= 0xF4 ? 4 : 0;
		if (k == 0 || n - i < k)
			return false;
		unsigned char lo = 0x80, hi = 0xBF;
		if (c == 0xE0) lo = 0xA0;
		if (c == 0xED) hi = 0x9F;
		if (c == 0xF0) lo = 0x90;
		if (c == 0xF4) hi = 0x8F;
		for (size_t j = 1; j < k; j++, lo = 0x80, hi = 0xBF)
			if (s[i + j] < lo || s[i + j] > hi)
				return false;
		i += k;
	}
	return true;
}

/* Read as the very bytes given: lines and raw text checkable against them. */
static inline bool ixt_inv_utf8(const ixt_inv_doc *d)
{
	return d->valid_utf8 && d->x && strcasecmp(ixt_last_charset(d->x), "UTF-8") == 0;
}

static inline size_t ixt_inv_cps(const char *s, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += ((unsigned char)s[i] & 0xC0) != 0x80;
	return k;
}

/* Checks a place: 1-based line and columns, a byte inside the document. */
static inline const char *ixt_inv_pos(const ixt_inv_doc *d, ixt_pos p)
{
	if (p.line < 1 || p.column < 1)
		return "line or column below 1";
	if (p.column_byte < p.column)
		return "byte column below the code point column (a code point is 1 to 4 bytes)";
	if (p.byte > d->n)
		return "byte offset past the document";
	if (ixt_inv_utf8(d) && p.line > d->n_lines)
		return "line past the document's last";
	return NULL;
}

/* NULL if F keeps every promise of extract.h, else the broken one. */
static inline const char *ixt_inv_found(const ixt_inv_doc *d, const ixt_found *f)
{
	const char *bad = ixt_inv_pos(d, f->pos);
	if (bad)
		return bad;
	if (f->byte_end < f->pos.byte || f->byte_end > d->n)
		return "byte_end before pos.byte or past the document";
	if ((f->raw_bytes && !f->raw) || (f->iri_bytes && !f->iri) || (f->map_len && !f->map))
		return "NULL text with a length";
	if (f->map_len != ixt_inv_cps(f->iri, f->iri_bytes))
		return "map_len is not the IRI's code point count";
	for (size_t i = 0; i < f->map_len; i++) {
		if ((bad = ixt_inv_pos(d, f->map[i])))
			return bad;
		if (f->map[i].byte < f->pos.byte || f->map[i].byte > f->byte_end)
			return "a map entry outside [pos.byte, byte_end]";
	}
	for (size_t i = 0; i < f->n_bases; i++)
		if (!f->bases || !f->bases[i])
			return "a NULL base";
	if (ixt_inv_utf8(d) && (f->byte_end - f->pos.byte != f->raw_bytes
		|| (f->raw_bytes && memcmp(d->bytes + f->pos.byte, f->raw, f->raw_bytes) != 0)))
		return "raw is not the document's bytes [pos.byte, byte_end)";
	return NULL;
}

static inline void ixt_inv_fail(const ixt_inv_doc *d, const char *why)
{
	fprintf(stderr, "INVARIANT VIOLATED (%s): %s; document (the input after its first byte) %zu bytes:", d->what, why, d->n);
	for (size_t i = 0; i < d->n && i < 256; i++)
		fprintf(stderr, " %02x", d->bytes[i]);
	fputc('\n', stderr);
	abort();
}

static inline int ixt_inv_on_found(void *user, const ixt_found *f)
{
	const ixt_inv_doc *d = user;
	const char *why = ixt_inv_found(d, f);
	if (why)
		ixt_inv_fail(d, why);
	return 0;
}

static inline void ixt_inv_on_diag(void *user, const ixt_diag *g)
{
	const ixt_inv_doc *d = user;
	if (g->pos.line != 0) {
		const char *why = ixt_inv_pos(d, g->pos);
		if (why)
			ixt_inv_fail(d, why);
	}
}

/* Charset options the first byte chooses among (NULL: UTF-8). */
static const char *const ixt_inv_charsets[] = {
	NULL, "Shift_JIS", "windows-1252", "UTF-16LE", "ISO-2022-JP", "SCSU", "GB18030",
};
#define IXT_INV_N_CHARSETS (sizeof ixt_inv_charsets / sizeof ixt_inv_charsets[0])

static inline void ixt_inv_setup(ixt_ctx *x, unsigned char first)
{
	ixt_set_type(x, (ixt_type)(first % (IXT_TYPE_JSON + 1)));
	ixt_set_charset(x, ixt_inv_charsets[(first / (IXT_TYPE_JSON + 1)) % IXT_INV_N_CHARSETS]);
}

/* One read of D (already set up in X), from F when not NULL. */
static inline void ixt_inv_read(ixt_ctx *x, ixt_inv_doc *d, FILE *f)
{
	d->x = x;
	ixt_set_callbacks(x, ixt_inv_on_found, ixt_inv_on_diag, d);
	ixt_result r = f ? ixt_read_stream(x, f, NULL) : ixt_read_bytes(x, d->bytes, d->n, NULL);
	if ((unsigned)r > IXT_STOPPED)
		ixt_inv_fail(d, "an unknown result");
}

/* Fills D for N bytes at BYTES. */
static inline void ixt_inv_doc_init(ixt_inv_doc *d, const unsigned char *bytes, size_t n, const char *what)
{
	memset(d, 0, sizeof *d);
	d->bytes = bytes;
	d->n = n;
	d->what = what;
	d->n_lines = 1;
	for (size_t i = 0; i < n; i++)
		d->n_lines += bytes[i] == '\n'       /* LF, CRLF or a lone CR: one break */
			|| (bytes[i] == '\r' && (i + 1 == n || bytes[i + 1] != '\n'));
	d->valid_utf8 = ixt_inv_valid_utf8(bytes, n);
}

/* One fuzz input: DATA[0] chooses type and charset, the rest is the
 * document, read from memory, as a stream, and from memory again with the
 * piece driver's chunk size tiny (1 to 7 bytes, by the length) so that
 * chunk ends fall everywhere. */
static inline void ixt_inv_run(ixt_ctx *x, const unsigned char *data, size_t size)
{
	if (size == 0)
		return;
	ixt_inv_doc d;
	ixt_inv_doc_init(&d, data + 1, size - 1, "bytes");
	ixt_inv_setup(x, data[0]);
	ixt_inv_read(x, &d, NULL);
	FILE *f = d.n ? fmemopen((void *)d.bytes, d.n, "rb") : NULL;
	if (f) {
		d.what = "stream";
		ixt_inv_read(x, &d, f);
		fclose(f);
	}
	d.what = "small chunks";
	ixt_set_chunk_bytes(x, 1 + size % 7);
	ixt_inv_read(x, &d, NULL);
	ixt_set_chunk_bytes(x, 0);
}

#endif
