/* The piece of the document as UTF-8 (stream.c fills it): bytes added
 * with their original offsets, lines indexed, the front dropped with the
 * base moved on, places located from offsets; which charset the document
 * is in (BOM, HTML meta, XML declaration, the option); the scratch
 * buffers every reader shares. */
#include "ixt_internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool ixt_buf_add(ixt_buf *b, const void *bytes, size_t n)
{
	if (n > IXT_MAX_DOCUMENT_BYTES - b->n)
		return false;
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (cap < b->n + n + 1)
			cap *= 2;
		char *p = realloc(b->p, cap);
		if (!p)
			return false;
		b->p = p;
		b->cap = cap;
	}
	if (n)
		memcpy(b->p + b->n, bytes, n);
	b->n += n;
	b->p[b->n] = '\0';
	return true;
}

bool ixt_buf_addc(ixt_buf *b, char c)
{
	return ixt_buf_add(b, &c, 1);
}

bool ixt_buf_add_cp(ixt_buf *b, uint32_t cp)
{
	char u[4];
	size_t n;
	if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
		cp = 0xFFFD;
	if (cp < 0x80) {
		u[0] = (char)cp, n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xC0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xE0 | cp >> 12), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
	} else {
		u[0] = (char)(0xF0 | cp >> 18), u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
	}
	return ixt_buf_add(b, u, n);
}

void ixt_buf_free(ixt_buf *b)
{
	free(b->p);
	b->p = NULL;
	b->n = b->cap = 0;
}

uint32_t ixt_utf8_next(const char *s, size_t n, size_t *len)
{
	const unsigned char *u = (const unsigned char *)s;
	uint32_t cp;
	size_t k;
	*len = 1;
	if (u[0] < 0x80)
		return u[0];
	if (u[0] >= 0xC2 && u[0] <= 0xDF)
		cp = u[0] & 0x1F, k = 2;
	else if (u[0] >= 0xE0 && u[0] <= 0xEF)
		cp = u[0] & 0x0F, k = 3;
	else if (u[0] >= 0xF0 && u[0] <= 0xF4)
		cp = u[0] & 0x07, k = 4;
	else
		return 0xFFFD;
	if (n < k)
		return 0xFFFD;
	for (size_t i = 1; i < k; i++) {
		if ((u[i] & 0xC0) != 0x80)
			return 0xFFFD;
		cp = cp << 6 | (u[i] & 0x3F);
	}
	/* Unicode 3.9 D92: no overlongs, surrogates or values past U+10FFFF. */
	if ((k == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF)))
		|| (k == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
		return 0xFFFD;
	*len = k;
	return cp;
}

void ixt_offs_clear(ixt_ctx *x)
{
	x->offs_n = 0;
	x->iri.n = 0;
}

bool ixt_offs_reserve(ixt_ctx *x, size_t n)
{
	if (n <= x->offs_cap)
		return true;
	size_t cap = x->offs_cap ? x->offs_cap : 256;
	while (cap < n)
		cap *= 2;
	size_t *p = realloc(x->offs, cap * sizeof *p);
	if (!p)
		return false;
	x->offs = p;
	x->offs_cap = cap;
	return true;
}

bool ixt_offs_push(ixt_ctx *x, size_t u8_offset)
{
	if (!ixt_offs_reserve(x, x->offs_n + 1))
		return false;
	x->offs[x->offs_n++] = u8_offset;
	return true;
}

bool ixt_offs_end(ixt_ctx *x, size_t u8_offset)
{
	if (!ixt_offs_reserve(x, x->offs_n + 1))
		return false;
	x->offs[x->offs_n] = u8_offset;
	return true;
}

bool ixt_offs_prepend(ixt_ctx *x, size_t k, size_t u8_offset)
{
	/* offs_n entries and the end just past them move up by k. */
	if (k > SIZE_MAX / 2 - x->offs_n || !ixt_offs_reserve(x, x->offs_n + k + 1))
		return false;
	memmove(x->offs + k, x->offs, (x->offs_n + 1) * sizeof *x->offs);
	for (size_t i = 0; i < k; i++)
		x->offs[i] = u8_offset;
	x->offs_n += k;
	return true;
}

bool ixt_map_reserve(ixt_ctx *x, size_t n)
{
	if (n <= x->map_cap)
		return true;
	ixt_pos *p = realloc(x->map, n * sizeof *p);
	if (!p)
		return false;
	x->map = p;
	x->map_cap = n;
	return true;
}

void ixt_doc_clear(ixt_text *t)
{
	free(t->u8);
	free(t->orig);
	free(t->lines);
	memset(t, 0, sizeof *t);
	t->line0 = t->col0 = t->colb0 = 1;
}

/* Buffers up to this are kept from one document to the next. */
#define DOC_KEEP_BYTES ((size_t)1 << 20)

void ixt_doc_reset(ixt_text *t)
{
	if (t->cap > DOC_KEEP_BYTES || t->lines_cap > DOC_KEEP_BYTES / sizeof *t->lines) {
		ixt_doc_clear(t);
		return;
	}
	ixt_text keep = { .u8 = t->u8, .cap = t->cap, .lines = t->lines, .lines_cap = t->lines_cap };
	free(t->orig);                          /* its presence says "converted" */
	*t = keep;
	t->line0 = t->col0 = t->colb0 = 1;
	if (t->u8)
		t->u8[0] = '\0';
}

uint64_t ixt_doc_orig(ixt_text *t, size_t off)
{
	if (off >= t->n)
		return t->orig_end;
	return t->orig_base + (t->orig ? t->orig[off] : off);
}

/* Room for N more bytes in the piece (and its map, when it has one). */
static bool doc_room(ixt_text *t, size_t n)
{
	if (n > IXT_MAX_DOCUMENT_BYTES - t->n)
		return false;
	if (t->n + n + 1 > t->cap) {
		size_t cap = t->cap ? t->cap : 4096;
		while (cap < t->n + n + 1)
			cap *= 2;
		char *p = realloc(t->u8, cap);
		if (!p)
			return false;
		t->u8 = p, t->cap = cap;
	}
	if (t->orig && t->n + n > t->orig_cap) {
		uint32_t *o = realloc(t->orig, t->cap * sizeof *o);
		if (!o)
			return false;
		t->orig = o, t->orig_cap = t->cap;
	}
	return true;
}

bool ixt_doc_add(ixt_text *t, const char *u8, size_t n, uint64_t at)
{
	if (!doc_room(t, n))
		return false;
	if (t->n == 0 && !t->orig)
		t->orig_base = at;
	if (t->orig) {
		uint64_t first = at;              /* continuation bytes: their character's start */
		for (size_t i = 0; i < n; i++) {
			if (((unsigned char)u8[i] & 0xC0) != 0x80)
				first = at + i;
			t->orig[t->n + i] = (uint32_t)(first - t->orig_base);
		}
	}
	memcpy(t->u8 + t->n, u8, n);
	t->n += n;
	t->u8[t->n] = '\0';
	t->orig_end = at + n;
	return true;
}

/* From identity to a map: each byte's character's offset so far. */
static bool doc_map(ixt_text *t)
{
	size_t cap = t->cap ? t->cap : 4096;
	if (!(t->orig = malloc(cap * sizeof *t->orig)))
		return false;
	t->orig_cap = cap;
	uint32_t first = 0;
	for (size_t i = 0; i < t->n; i++) {
		if (((unsigned char)t->u8[i] & 0xC0) != 0x80)
			first = (uint32_t)i;
		t->orig[i] = first;
	}
	return true;
}

bool ixt_doc_add_cp(ixt_text *t, uint32_t cp, uint64_t at)
{
	if (!t->orig && t->n == 0)
		t->orig_base = at;
	if (!t->orig && !doc_map(t))
		return false;
	ixt_buf one = { 0 };
	char u[8];
	one.p = u, one.cap = sizeof u;
	if (!ixt_buf_add_cp(&one, cp) || !doc_room(t, one.n))
		return false;
	for (size_t i = 0; i < one.n; i++)
		t->orig[t->n + i] = (uint32_t)(at - t->orig_base);
	memcpy(t->u8 + t->n, u, one.n);
	t->n += one.n;
	t->u8[t->n] = '\0';
	return true;
}

bool ixt_doc_index(ixt_text *t)
{
	if (!t->u8) {                           /* readers see an empty piece as "" */
		if (!doc_room(t, 0))
			return false;
		t->u8[0] = '\0';
	}
	if (t->n_lines == 0) {
		if (!t->lines && !(t->lines = malloc(64 * sizeof *t->lines)))
			return false;
		t->lines_cap = t->lines_cap ? t->lines_cap : 64;
		t->lines[0] = 0;
		t->n_lines = 1;
		t->c_line = (size_t)-1;
	}
	for (size_t i = t->indexed; i < t->n; i++) {
		if ((unsigned char)t->u8[i] > '\r' || !ixt_line_break(t->u8, i, t->n))
			continue;
		if (t->n_lines == t->lines_cap) {
			size_t *l = realloc(t->lines, 2 * t->lines_cap * sizeof *l);
			if (!l)
				return false;
			t->lines = l, t->lines_cap *= 2;
		}
		t->lines[t->n_lines++] = i + 1;
	}
	t->indexed = t->n;
	return true;
}

static unsigned long count_cps(const char *p, size_t n)
{
	unsigned long k = 0;
	for (size_t i = 0; i < n; i++)
		k += ((unsigned char)p[i] & 0xC0) != 0x80;
	return k;
}

bool ixt_doc_drop(ixt_text *t, size_t n)
{
	if (n > t->n)
		n = t->n;
	while (n > 0 && n < t->n && ((unsigned char)t->u8[n] & 0xC0) == 0x80)
		n--;                                /* not inside a character */
	if (n == 0)
		return true;
	if (!ixt_doc_index(t))
		return false;
	size_t k = 0;                           /* the last line starting at or before n */
	while (k + 1 < t->n_lines && t->lines[k + 1] <= n)
		k++;
	t->col0 = (k == 0 ? t->col0 : 1) + count_cps(t->u8 + t->lines[k], n - t->lines[k]);
	t->colb0 = (k == 0 ? t->colb0 : 1) + (unsigned long)(n - t->lines[k]);
	t->line0 += k;
	uint64_t base = ixt_doc_orig(t, n);
	if (t->orig) {
		uint32_t shift = (uint32_t)(base - t->orig_base);
		for (size_t i = n; i < t->n; i++)
			t->orig[i - n] = t->orig[i] - shift;
	}
	t->orig_base = base;
	memmove(t->u8, t->u8 + n, t->n - n + 1);
	t->n -= n;
	t->indexed -= n;
	t->lines[0] = 0;
	for (size_t i = k + 1; i < t->n_lines; i++)
		t->lines[i - k] = t->lines[i] - n;
	t->n_lines -= k;
	t->dropped += n;
	t->c_line = (size_t)-1;
	return true;
}

ixt_pos ixt_locate(ixt_ctx *x, size_t off)
{
	ixt_text *t = &x->doc;
	ixt_pos p = { t->line0, t->col0, 0, t->colb0 };
	if (off > t->n)
		off = t->n;
	p.byte = ixt_doc_orig(t, off);
	if (t->n_lines == 0 || t->indexed < off)
		ixt_doc_index(t);
	if (t->n_lines == 0)
		return p;
	size_t lo = 0, hi = t->n_lines;          /* the last line start <= off */
	if (t->c_line < t->n_lines && t->c_off <= off
		&& (t->c_line + 1 == t->n_lines || off < t->lines[t->c_line + 1]))
		lo = hi = t->c_line;                /* on the line last asked about, further on */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->lines[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	size_t from = t->lines[lo];
	unsigned long col = lo == 0 ? t->col0 : 1;
	if (t->c_line == lo && t->c_off <= off && t->c_off >= from)
		from = t->c_off, col = t->c_col;
	col += count_cps(t->u8 + from, off - from);
	t->c_line = lo, t->c_off = off, t->c_col = col;
	p.line = t->line0 + lo;
	p.column = col;
	p.column_byte = (lo == 0 ? t->colb0 : 1) + (unsigned long)(off - t->lines[lo]);
	return p;
}

static bool charset_char(char c)
{
	return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9')
		|| c == '-' || c == '_' || c == '.' || c == ':';
}

/* HTML: <meta charset=X> or <meta ... content="...; charset=X"> in the
 * first bytes (HTML 13.2.3.2's prescan, simplified: the first "charset="
 * inside a <meta tag).  XML: encoding="X" in the <?xml declaration. */
bool ixt_sniff_charset(ixt_type type, const char *bytes, size_t n, char *out, size_t cap)
{
	size_t lim = n < 1024 ? n : 1024;
	const char *key = type == IXT_TYPE_XML ? "encoding" : "charset";
	for (size_t i = 0; i + 5 < lim; i++) {
		bool open = type == IXT_TYPE_XML ? (i == 0 && strncmp(bytes, "<?xml", 5) == 0)
			: strncasecmp(bytes + i, "<meta", 5) == 0;
		if (!open)
			continue;
		size_t end = i;
		while (end < lim && bytes[end] != '>')
			end++;
		size_t k = strlen(key);
		for (size_t j = i; j + k < end; j++) {
			if (strncasecmp(bytes + j, key, k) != 0)
				continue;
			j += k;
			while (j < end && bytes[j] == ' ')
				j++;
			if (j >= end || bytes[j] != '=')
				continue;               /* "charset" in some other text */
			j++;
			while (j < end && (bytes[j] == ' ' || bytes[j] == '"' || bytes[j] == '\''))
				j++;
			size_t m = 0;
			while (j < end && m + 1 < cap && charset_char(bytes[j]))
				out[m++] = bytes[j++];
			out[m] = '\0';
			if (m > 0)
				return true;
		}
	}
	return false;
}

/* HTML 13.2.3.2 (prescan, "get an attribute" step for charset): a meta
 * that names UTF-16BE/LE means UTF-8 (the bytes read it are ASCII, so they
 * are not UTF-16), and x-user-defined means windows-1252.  The labels are
 * the Encoding Standard's for UTF-16BE and UTF-16LE. */
static const char *html_meta_charset(const char *declared)
{
	static const char *const utf16[] = {
		"unicodefffe", "utf-16be", "csunicode", "iso-10646-ucs-2", "ucs-2", "unicode",
		"unicodefeff", "utf-16", "utf-16le",
	};
	for (size_t i = 0; i < sizeof utf16 / sizeof utf16[0]; i++)
		if (strcasecmp(declared, utf16[i]) == 0)
			return "UTF-8";
	return strcasecmp(declared, "x-user-defined") == 0 ? "windows-1252" : declared;
}

/* Which charset: a BOM, then the document's declaration, then the option. */
void ixt_choose_charset(ixt_ctx *x, const char *bytes, size_t n)
{
	const unsigned char *u = (const unsigned char *)bytes;
	char declared[64];
	if (n >= 2 && u[0] == 0xFF && u[1] == 0xFE)
		snprintf(x->used_charset, sizeof x->used_charset, "UTF-16LE");
	else if (n >= 2 && u[0] == 0xFE && u[1] == 0xFF)
		snprintf(x->used_charset, sizeof x->used_charset, "UTF-16BE");
	else if (n >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF)
		snprintf(x->used_charset, sizeof x->used_charset, "UTF-8");
	else if ((x->used_type == IXT_TYPE_HTML || x->used_type == IXT_TYPE_XML)
		&& ixt_sniff_charset(x->used_type, bytes, n, declared, sizeof declared))
		snprintf(x->used_charset, sizeof x->used_charset, "%s",
			x->used_type == IXT_TYPE_HTML ? html_meta_charset(declared) : declared);
	else
		snprintf(x->used_charset, sizeof x->used_charset, "%s",
			x->charset ? x->charset : "UTF-8");
}
