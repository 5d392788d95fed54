/* The whole document as UTF-8: charset found (BOM, HTML meta, XML
 * declaration, the option), converted by ICU with every UTF-8 byte's
 * original offset kept, lines indexed, and places located from offsets. */
#include "ixt_internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unicode/ucnv.h>

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
	free(t->own);
	ixt_orig_free(t->orig);
	free(t->lines);
	memset(t, 0, sizeof *t);
}

uint64_t ixt_doc_orig(ixt_text *t, size_t off)
{
	return t->orig ? ixt_orig_of(t->orig, t->u8, t->n, off) : off + t->shift;
}

ixt_pos ixt_locate(ixt_ctx *x, size_t off)
{
	ixt_text *t = &x->doc;
	ixt_pos p = { 1, 1, off };
	if (off > t->n)
		off = t->n;
	p.byte = ixt_doc_orig(t, off);
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
	unsigned long col = 1;
	if (t->c_line == lo && t->c_off <= off && t->c_off >= from)
		from = t->c_off, col = t->c_col;
	for (size_t i = from; i < off; i++)
		col += ((unsigned char)t->u8[i] & 0xC0) != 0x80;
	t->c_line = lo, t->c_off = off, t->c_col = col;
	p.line = lo + 1;
	p.column = col;
	return p;
}

static bool index_lines(ixt_text *t)
{
	size_t n = 1;
	for (size_t i = 0; i < t->n; i++)
		n += ixt_line_break(t->u8, i, t->n);
	t->lines = malloc(n * sizeof *t->lines);
	if (!t->lines)
		return false;
	t->lines[0] = 0;
	t->n_lines = 1;
	for (size_t i = 0; i < t->n; i++)
		if (ixt_line_break(t->u8, i, t->n))
			t->lines[t->n_lines++] = i + 1;
	t->c_line = (size_t)-1;
	return true;
}

static bool charset_char(char c)
{
	return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9')
		|| c == '-' || c == '_' || c == '.' || c == ':';
}

static bool is_utf8(const char *name)
{
	return strcasecmp(name, "UTF-8") == 0 || strcasecmp(name, "utf8") == 0;
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

static bool valid_utf8(const ixt_text *t)
{
	for (size_t i = 0, len; i < t->n; i += len) {
		unsigned char c = (unsigned char)t->u8[i];
		if (c < 0x80) {
			len = 1;
			continue;
		}
		if (ixt_utf8_next(t->u8 + i, t->n - i, &len) == 0xFFFD
			&& !(len == 3 && memcmp(t->u8 + i, "\xEF\xBF\xBD", 3) == 0))
			return false;
	}
	return true;
}

/* ICU's to-Unicode callback: counts and places ill-formed input, then
 * substitutes U+FFFD as the default callback does. */
typedef struct {
	size_t bad;
	size_t first;
	const char *start;
} conv_errors;

static void to_u_cb(const void *context, UConverterToUnicodeArgs *args,
	const char *bytes, int32_t length, UConverterCallbackReason reason, UErrorCode *err)
{
	conv_errors *e = (conv_errors *)context;
	/* BYTES is the converter's copy; the source stands just past them. */
	if (reason <= UCNV_IRREGULAR && e->bad++ == 0)
		e->first = (size_t)(args->source - e->start) - (size_t)length;
	UCNV_TO_U_CALLBACK_SUBSTITUTE(NULL, args, bytes, length, reason, err);
}

/* The conversion under way: UTF-8 out, each code point's original offset. */
#define CONV_UNITS 16384

typedef struct {
	UChar u16[CONV_UNITS];       /* ICU's output, a block at a time */
	int32_t o16[CONV_UNITS];     /* each unit's source offset in that call */
	ixt_buf out;
	ixt_orig *orig;
	bool any;                    /* a code point was put */
	uint32_t lead;               /* a lead surrogate waiting for its trail (0: none) */
	uint32_t lead_at;
} conv_state;

static bool conv_put(conv_state *c, uint32_t cp, uint32_t at)
{
	if (!c->any && cp == 0xFEFF && at == 0)
		return true;                        /* a BOM is not text */
	c->any = true;
	return ixt_orig_add(c->orig, at) && ixt_buf_add_cp(&c->out, cp);
}

/* One UTF-16 unit at original offset AT: surrogates paired across blocks,
 * a lone one as U+FFFD (ixt_buf_add_cp). */
static bool conv_unit(conv_state *c, uint32_t u, uint32_t at)
{
	if (c->lead && U16_IS_TRAIL(u)) {
		uint32_t cp = U16_GET_SUPPLEMENTARY(c->lead, u);
		c->lead = 0;
		return conv_put(c, cp, c->lead_at);
	}
	if (c->lead && !conv_put(c, c->lead, c->lead_at))
		return false;
	c->lead = 0;
	if (U16_IS_LEAD(u)) {
		c->lead = u, c->lead_at = at;
		return true;
	}
	return conv_put(c, u, at);
}

/* Converts SRC (n bytes in CHARSET) to UTF-8 in blocks of CONV_UNITS
 * UTF-16 units, keeping each code point's original offset (orig.c: the
 * memory is a small multiple of the document's, whatever the charset makes
 * of a byte); e gets the ill-formed places. */
static ixt_result convert(ixt_ctx *x, const char *charset, const char *src, size_t n, conv_errors *e)
{
	UErrorCode st = U_ZERO_ERROR;
	UConverter *cv = ucnv_open(charset, &st);
	if (U_FAILURE(st))
		return IXT_BAD_CHARSET;
	e->start = src;
	ucnv_setToUCallBack(cv, to_u_cb, e, NULL, NULL, &st);
	ixt_result r = IXT_NO_MEMORY;
	conv_state *c = calloc(1, sizeof *c);
	if (!c || n > IXT_MAX_DOCUMENT_BYTES || !(c->orig = ixt_orig_new(n / 2 + 16)))
		goto done;
	const char *s = src;
	uint32_t last_at = 0;
	do {
		UChar *t = c->u16;
		size_t base = (size_t)(s - src);
		st = U_ZERO_ERROR;
		ucnv_toUnicode(cv, &t, c->u16 + CONV_UNITS, &s, src + n, c->o16, true, &st);
		if (U_FAILURE(st) && st != U_BUFFER_OVERFLOW_ERROR) {
			r = IXT_BAD_CHARSET;            /* the converter gave up: not readable in it */
			goto done;
		}
		/* -1: a unit held over from the call before (the block was full). */
		for (size_t i = 0; i < (size_t)(t - c->u16); i++) {
			if (c->o16[i] >= 0)
				last_at = (uint32_t)(base + (size_t)c->o16[i]);
			if (!conv_unit(c, c->u16[i], last_at))
				goto done;
		}
	} while (st == U_BUFFER_OVERFLOW_ERROR);
	if (c->lead && !conv_put(c, c->lead, c->lead_at))
		goto done;
	if (!ixt_orig_finish(c->orig, c->out.p ? c->out.p : "", c->out.n, (uint32_t)n))
		goto done;
	x->doc.own = c->out.p ? c->out.p : strdup("");
	if (!x->doc.own)
		goto done;
	c->out.p = NULL;
	x->doc.u8 = x->doc.own;
	x->doc.n = c->out.n;
	x->doc.orig = c->orig;
	c->orig = NULL;
	r = IXT_OK;
done:
	ucnv_close(cv);
	if (c) {
		ixt_orig_free(c->orig);
		ixt_buf_free(&c->out);
	}
	free(c);
	return r;
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
static void choose_charset(ixt_ctx *x, const char *bytes, size_t n)
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

ixt_result ixt_doc_load(ixt_ctx *x, const char *bytes, size_t n, bool borrow)
{
	ixt_doc_clear(&x->doc);
	if (n > IXT_MAX_DOCUMENT_BYTES)
		return IXT_TOO_LONG;
	choose_charset(x, bytes, n);
	bool utf16 = strncasecmp(x->used_charset, "UTF-16", 6) == 0;
	if (!utf16 && memchr(bytes, '\0', n < IXT_SNIFF_BYTES ? n : IXT_SNIFF_BYTES))
		return IXT_BINARY;
	bool valid = false;
	if (is_utf8(x->used_charset)) {
		size_t bom = n >= 3 && memcmp(bytes, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
		x->doc.u8 = bytes + bom;
		x->doc.n = n - bom;
		x->doc.shift = bom;
		valid = valid_utf8(&x->doc);
		if (!valid)
			x->doc.shift = 0;
	}
	if (!valid) {
		conv_errors e = { 0 };
		ixt_result r = convert(x, x->used_charset, bytes, n, &e);
		if (r != IXT_OK)
			return r;
		if (e.bad > 16 && e.bad * 8 > n) {   /* mostly not text in it */
			snprintf(x->detail, sizeof x->detail, "%s", x->used_charset);
			return IXT_BINARY;
		}
		if (!index_lines(&x->doc))
			return IXT_NO_MEMORY;
		if (e.bad > 0)
			ixt_report_doc(x, IXT_BAD_TEXT,
				ixt_orig_u8_at(x->doc.orig, x->doc.u8, x->doc.n, e.first), x->used_charset);
		return IXT_OK;
	}
	if (!borrow) {
		if (!(x->doc.own = malloc(x->doc.n + 1)))
			return IXT_NO_MEMORY;
		memcpy(x->doc.own, x->doc.u8, x->doc.n);
		x->doc.own[x->doc.n] = '\0';
		x->doc.u8 = x->doc.own;
	}
	return index_lines(&x->doc) ? IXT_OK : IXT_NO_MEMORY;
}
