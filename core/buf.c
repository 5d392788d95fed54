/* iri_buf: growable byte buffer with a cap (every buffer fed by input has one). */
#include <stdlib.h>
#include <string.h>

#include <unicode/utf8.h>

#include "iri_buf.h"

void iri_buf_init(iri_buf *b)
{
	b->data = NULL;
	b->len = 0;
	b->alloc = 0;
	b->cap = 0;
	b->failed = false;
}

void iri_buf_fini(iri_buf *b)
{
	if (!b)
		return;
	free(b->data);
	size_t cap = b->cap;
	iri_buf_init(b);
	b->cap = cap;
}

void iri_buf_reset(iri_buf *b)
{
	iri_buf_mark empty = { 0, false };
	iri_buf_rewind(b, empty);
}

void iri_buf_truncate(iri_buf *b, size_t n_bytes)
{
	if (n_bytes < b->len)
		b->len = n_bytes;
	if (b->data)
		b->data[b->len] = '\0';
}

void iri_buf_rewind(iri_buf *b, iri_buf_mark m)
{
	iri_buf_truncate(b, m.len);
	b->failed = m.failed;
}

bool iri_buf_reserve_grow(iri_buf *b, size_t extra_bytes)
{
	size_t cap = b->cap ? b->cap : IRI_BUF_DEFAULT_CAP;
	if (b->failed || extra_bytes > cap - b->len) {
		b->failed = true;
		return false;
	}
	size_t need = b->len + extra_bytes + 1;
	if (need <= b->alloc)
		return true;
	size_t want = b->alloc ? b->alloc : 64;
	while (want < need)
		want *= 2;
	char *p = realloc(b->data, want);
	if (!p) {
		b->failed = true;
		return false;
	}
	b->data = p;
	b->alloc = want;
	return true;
}

bool iri_buf_append_grow(iri_buf *b, const char *bytes, size_t n_bytes)
{
	if (!iri_buf_reserve(b, n_bytes))
		return false;
	if (n_bytes)
		memcpy(b->data + b->len, bytes, n_bytes);
	b->len += n_bytes;
	b->data[b->len] = '\0';
	return true;
}

bool iri_buf_insert(iri_buf *b, size_t at, const char *bytes, size_t n_bytes)
{
	if (at > b->len || !iri_buf_reserve(b, n_bytes))
		return false;
	/* The tail moves along, then the new bytes go in. */
	memmove(b->data + at + n_bytes, b->data + at, b->len - at);
	if (n_bytes)
		memcpy(b->data + at, bytes, n_bytes);
	b->len += n_bytes;
	b->data[b->len] = '\0';
	return true;
}

bool iri_buf_puts(iri_buf *b, const char *s)
{
	return iri_buf_append(b, s, strlen(s));
}

bool iri_buf_put_pct(iri_buf *b, uint8_t byte)
{
	static const char hex[] = "0123456789ABCDEF";
	char esc[3] = { '%', hex[byte >> 4], hex[byte & 0xF] };
	return iri_buf_append(b, esc, 3);
}

bool iri_buf_put_cp(iri_buf *b, uint32_t cp)
{
	/* U8_LENGTH is 0 for surrogates and past U+10FFFF (RFC 3629 3). */
	if (U8_LENGTH(cp) == 0) {
		b->failed = true;
		return false;
	}
	uint8_t u[U8_MAX_LENGTH];
	size_t n = 0;
	U8_APPEND_UNSAFE(u, n, cp);
	return iri_buf_append(b, (const char *)u, n);
}

void iri_buf_swap(iri_buf *a, iri_buf *b)
{
	iri_buf t = *a;
	*a = *b;
	*b = t;
}
