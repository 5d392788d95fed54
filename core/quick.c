/* The quick lane (iri_quick.h): one pass that proves a line ordinary and maps
 * it, or gives up.  Each test below names the finding of check.c it rules out;
 * whatever might give an error makes it give up, whatever might give only a
 * warning or a note lowers the verdict from CLEAN to NO_ERRORS. */
#include <string.h>

#include "ctx_internal.h"
#include "iri_check.h"
#include "iri_chars.h"
#include "iri_host.h"
#include "iri_parse.h"
#include "iri_quick.h"
#include "iri_utf8.h"
#include "memo.h"

const char *iri_quick_verdict_name(iri_quick_verdict v)
{
	switch (v) {
	case IRI_QUICK_FULL: return "FULL";
	case IRI_QUICK_NO_ERRORS: return "NO_ERRORS";
	case IRI_QUICK_CLEAN: return "CLEAN";
	}
	return "UNKNOWN";
}

typedef struct {
	iri_ctx *ctx;
	const char *text;
	size_t len;
	iri_buf *uri;                 /* may be NULL */
	iri_quick_verdict verdict;
	size_t nonascii_bytes, nonascii_cps;
} quick;

/* Something only a warning or a note could be made of. */
static void lower(quick *q)
{
	if (q->verdict == IRI_QUICK_CLEAN)
		q->verdict = IRI_QUICK_NO_ERRORS;
}

static void put(quick *q, size_t from, size_t to)
{
	if (q->uri && to > from)
		iri_buf_append(q->uri, q->text + from, to - from);
}

static bool is_lower_hex(char c)
{
	return c >= 'a' && c <= 'f';
}

/* An escape at text[i] (check_escapes).  Returns the bytes it covers, or 0 to
 * give up. */
static size_t scan_escape(quick *q, iri_component comp, size_t i)
{
	uint8_t oct[4];
	if (!iri_pct_at(q->text, q->len, i, &oct[0]))
		return 0;                    /* ILLEGAL_PERCENT_ENCODING */
	if (comp == IRI_COMP_SCHEME || comp == IRI_COMP_PORT || comp == IRI_COMP_HOST)
		return 0;                    /* SYNTAX; a %-host is the full path's */
	size_t m = 1;
	if (oct[0] >= 0x80) {
		/* RFC 3987 3.2: escaped UTF-8, well-formed (else OVERLONG_UTF8_ESCAPE,
		 * SURROGATE_ESCAPE or NOT_UTF8_ESCAPE). */
		size_t k = 1;
		while (k < 4 && iri_pct_at(q->text, q->len, i + 3 * k, &oct[k]))
			k++;
		uint32_t cp;
		iri_utf8_status st;
		m = iri_utf8_decode(oct, k, &cp, &st);
		if (st != IRI_UTF8_OK)
			return 0;
	} else if (iri_is_unreserved_ascii(oct[0])) {
		lower(q);                    /* SUPERFLUOUS_PERCENT_ENCODING */
	}
	for (size_t e = i; e < i + 3 * m; e += 3)
		if (is_lower_hex(q->text[e + 1]) || is_lower_hex(q->text[e + 2]))
			lower(q);            /* PERCENT_LOWERCASE */
	return 3 * m;
}

/* One component's characters and escapes (check_code_points, check_escapes,
 * check_nfc, check_bidi); with map, non-ASCII is written as %HH (RFC 3987 3.1
 * step 2), everything else as it is.  False to give up. */
static bool scan_part(quick *q, iri_component comp, size_t start, size_t end, bool map)
{
	const uint8_t *s = (const uint8_t *)q->text;
	const uint8_t allowed = iri_ascii_comp_mask[comp];   /* iri_ascii_ok(), hoisted */
	size_t i = start, copied = start;
	while (i < end) {
		/* Four bytes a round while they are all allowed, then one by one. */
		while (i + 4 <= end && ((iri_ascii_class[s[i]] & allowed) != 0) & ((iri_ascii_class[s[i + 1]] & allowed) != 0) &
		       ((iri_ascii_class[s[i + 2]] & allowed) != 0) & ((iri_ascii_class[s[i + 3]] & allowed) != 0))
			i += 4;
		while (i < end && (iri_ascii_class[s[i]] & allowed))
			i++;
		if (i == end)
			break;
		if (s[i] == '%') {
			size_t n = scan_escape(q, comp, i);
			if (n == 0)
				return false;
			i += n;
			continue;
		}
		if (s[i] < 0x80 || comp == IRI_COMP_SCHEME)
			return false;                /* SYNTAX, CONTROL_CHARACTER, SPACE_OR_UNWISE, ... */
		uint32_t cp;
		size_t n;
		/* Two- and three-byte forms that are always well-formed (RFC 3629 4),
		 * decoded here; anything else by iri_utf8_decode(). */
		if (s[i] >= 0xC2 && s[i] <= 0xDF && i + 1 < end && (s[i + 1] & 0xC0) == 0x80) {
			cp = (uint32_t)(s[i] & 0x1F) << 6 | (s[i + 1] & 0x3F);
			n = 2;
		} else if (s[i] >= 0xE1 && s[i] <= 0xEC && i + 2 < end && (s[i + 1] & 0xC0) == 0x80 &&
		           (s[i + 2] & 0xC0) == 0x80) {
			cp = (uint32_t)(s[i] & 0x0F) << 12 | (uint32_t)(s[i + 1] & 0x3F) << 6 | (s[i + 2] & 0x3F);
			n = 3;
		} else {
			iri_utf8_status st;
			n = iri_utf8_decode(s + i, end - i, &cp, &st);
			if (st != IRI_UTF8_OK)
				return false;        /* INVALID_UTF8 */
		}
		/* U+00A0..U+D7FF is ucschar, allowed in every component but the
		 * scheme (RFC 3987 2.2); the rest is asked of the parser. */
		if (!(cp >= 0xA0 && cp <= 0xD7FF) && iri_parse_check_cp(comp, cp, IRI_PARSE_IRI) != IRI_PARSE_OK)
			return false;                /* PRIVATE_USE_CHARACTER, NONCHARACTER, ... */
		uint8_t cls = iri_cp_class(q->ctx, cp);
		if ((cls & IRI_CPC_LOOKALIKE) || (cls & IRI_CPC_KIND) == IRI_CPC_IGNORABLE)
			return false;                /* LOOKALIKE_DELIMITER, BIDI_FORMATTING_CHARACTER */
		/* Warnings only: the character classes, NOT_NFC, the bidi rules. */
		if ((cls & IRI_CPC_KIND) != IRI_CPC_PLAIN || !(cls & IRI_CPC_NFC_STABLE) || (cls & IRI_CPC_RTL))
			lower(q);
		q->nonascii_bytes += n;
		q->nonascii_cps++;
		if (map && q->uri) {
			static const char hex[] = "0123456789ABCDEF";
			char esc[12];
			for (size_t k = 0; k < n; k++) {
				esc[3 * k] = '%';
				esc[3 * k + 1] = hex[s[i + k] >> 4];
				esc[3 * k + 2] = hex[s[i + k] & 0xF];
			}
			put(q, copied, i);
			iri_buf_append(q->uri, esc, 3 * n);
			copied = i + n;
		}
		i += n;
	}
	if (map)
		put(q, copied, end);
	return true;
}

/* RFC 1034 3.1: labels of 1 to 63 bytes (the root's empty one last), at
 * most 253 bytes; "xn--" labels are the full path's (ACE_LABEL, BAD_IDN). */
static bool plain_dns_name(const char *s, size_t len)
{
	if (len > 0 && s[len - 1] == '.')
		len--;                       /* the root */
	if (len == 0 || len > IRI_DNS_NAME_MAX_BYTES)
		return false;
	for (size_t label = 0; label <= len;) {
		size_t i = label;
		while (i < len && s[i] != '.')
			i++;
		size_t n = i - label;
		if (n == 0 || n > IRI_DNS_LABEL_MAX_BYTES)
			return false;
		if (n >= 4 && (s[label] | 0x20) == 'x' && (s[label + 1] | 0x20) == 'n' &&
		    s[label + 2] == '-' && s[label + 3] == '-')
			return false;
		label = i + 1;
	}
	return true;
}

/* What a non-ASCII host comes to: its own verdict, what it adds to the
 * expansion counts, and the length of its A-label form (ctx->tmp[2]). */
typedef struct {
	uint32_t nonascii_bytes, nonascii_cps, ace_bytes;
	uint8_t verdict;
} quick_host;

static void quick_host_work(iri_ctx *ctx, const char *text, size_t hs, size_t he, quick_host *out)
{
	const char *h = text + hs;
	size_t n = he - hs;
	quick hq = { .ctx = ctx, .text = text, .len = he, .verdict = IRI_QUICK_CLEAN };
	memset(out, 0, sizeof *out);
	out->verdict = IRI_QUICK_FULL;
	if (iri_host_has_empty_label(h, n))
		return;                      /* BAD_IDN */
	if (!scan_part(&hq, IRI_COMP_HOST, hs, he, false))
		return;
	iri_diags *d = ctx->quick_diags;
	iri_diags_clear(d);
	iri_host_diagnose(ctx, text, hs, he, d);
	for (size_t i = 0; i < iri_diags_count(d); i++) {
		if (iri_diags_get(d, i)->severity == IRI_SEV_ERROR)
			return;
		lower(&hq);
	}
	iri_buf *ace = &ctx->tmp[2];
	if (iri_idna_to_ascii(ctx, false, h, n, ace) != 0 || ace->failed)
		return;
	out->nonascii_bytes = (uint32_t)hq.nonascii_bytes;
	out->nonascii_cps = (uint32_t)hq.nonascii_cps;
	out->ace_bytes = (uint32_t)ace->len;
	out->verdict = (uint8_t)hq.verdict;
}

/* The host (check_parts, iri_host_diagnose; map_host). */
static bool scan_host(quick *q, size_t hs, size_t he)
{
	if (he == hs)
		return true;
	const char *h = q->text + hs;
	size_t n = he - hs;
	if (h[0] == '[')
		return false;                /* IP literals: the full path (and %-hosts, below) */
	const uint8_t allowed = iri_ascii_comp_mask[IRI_COMP_HOST];
	size_t ascii = 0;
	while (ascii < n && (iri_ascii_class[(unsigned char)h[ascii]] & allowed))
		ascii++;
	if (ascii == n) {
		if (!plain_dns_name(h, n))
			return false;        /* DNS_LENGTH_LIMIT, empty labels, A-labels */
		put(q, hs, he);
		return true;
	}
	/* Everything below depends on the host alone: the memo keeps the
	 * outcome -- a verdict byte, the code point counts, the A-labels. */
	quick_host done;
	size_t value_bytes;
	const char *value = iri_memo_get(q->ctx->memo, IRI_MEMO_QUICK_HOST, h, n, &value_bytes);
	bool hit = value && value_bytes >= sizeof done;
	if (hit) {
		memcpy(&done, value, sizeof done);
		hit = value_bytes == sizeof done + done.ace_bytes;   /* a whole entry, as written below */
	}
	if (!hit) {
		quick_host_work(q->ctx, q->text, hs, he, &done);
		iri_buf *v = &q->ctx->memo_value;
		iri_buf_reset(v);
		iri_buf_append(v, (const char *)&done, sizeof done);
		iri_buf_append(v, q->ctx->tmp[2].data ? q->ctx->tmp[2].data : "", done.ace_bytes);
		if (!v->failed)
			iri_memo_put(q->ctx->memo, IRI_MEMO_QUICK_HOST, h, n, v->data, v->len);
		value = v->data;   /* the A-labels follow, as in the memo */
	}
	if (done.verdict == IRI_QUICK_FULL)
		return false;
	if (done.verdict == IRI_QUICK_NO_ERRORS)
		lower(q);
	q->nonascii_bytes += done.nonascii_bytes;
	q->nonascii_cps += done.nonascii_cps;
	if (q->uri)
		iri_buf_append(q->uri, value + sizeof done, done.ace_bytes);
	return true;
}

/* The port (check_structure, check_parts). */
static bool scan_port(quick *q, const iri_ref *ref)
{
	const iri_span *p = &ref->comp[IRI_COMP_PORT];
	uint32_t value = 0;
	for (size_t i = p->start; i < p->end; i++) {
		unsigned char c = (unsigned char)q->text[i];
		if (c < '0' || c > '9')
			return false;        /* SYNTAX: BAD_PORT */
		value = value * 10 + (c - '0');
		if (value > 65535)
			return false;        /* SYNTAX: PORT_OUT_OF_RANGE */
	}
	const iri_span *sc = &ref->comp[IRI_COMP_SCHEME];
	if (p->end > p->start &&
	    (int32_t)value == iri_scheme_default_port(q->text + sc->start, sc->end - sc->start))
		lower(q);                    /* DEFAULT_PORT */
	put(q, p->start, p->end);
	return true;
}

/* A "." or ".." segment (DOT_SEGMENT). */
static bool has_dot_segment(const char *s, size_t start, size_t end)
{
	for (const char *dot = memchr(s + start, '.', end - start); dot;
	     dot = memchr(dot + 1, '.', end - (size_t)(dot + 1 - s))) {
		size_t i = (size_t)(dot - s);
		if (i > start && s[i - 1] != '/')
			continue;
		/* A segment starting with "." at i: "." or ".." alone? */
		size_t e = i + 1 < end && s[i + 1] == '.' ? i + 2 : i + 1;
		if (e == end || s[e] == '/')
			return true;
	}
	return false;
}

iri_quick_verdict iri_quick_scan(iri_ctx *ctx, const char *text, size_t len, iri_buf *uri)
{
	quick q = { .ctx = ctx, .text = text, .len = len, .uri = uri, .verdict = IRI_QUICK_CLEAN };
	if (uri)
		iri_buf_reset(uri);
	iri_ref ref;
	iri_split(text, len, &ref);
	/* A scheme that starts with a letter: no BAD_SCHEME, and no relative
	 * reference's first-segment colon (RFC 3986 4.2). */
	const iri_span *sc = &ref.comp[IRI_COMP_SCHEME];
	if (!sc->present || !((text[0] | 0x20) >= 'a' && (text[0] | 0x20) <= 'z'))
		return IRI_QUICK_FULL;
	static const iri_component order[] = {
		IRI_COMP_SCHEME, IRI_COMP_USERINFO, IRI_COMP_HOST, IRI_COMP_PORT,
		IRI_COMP_PATH, IRI_COMP_QUERY, IRI_COMP_FRAGMENT
	};
	size_t at = 0;   /* the delimiters between components are copied as they are */
	for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
		const iri_span *sp = &ref.comp[order[k]];
		if (!sp->present)
			continue;
		put(&q, at, sp->start);
		bool ok;
		switch (order[k]) {
		case IRI_COMP_HOST:
			ok = scan_host(&q, sp->start, sp->end);
			break;
		case IRI_COMP_PORT:
			ok = scan_port(&q, &ref);
			break;
		default:
			ok = scan_part(&q, order[k], sp->start, sp->end, true);
			break;
		}
		if (!ok)
			return IRI_QUICK_FULL;
		if (order[k] == IRI_COMP_USERINFO && memchr(text + sp->start, ':', sp->end - sp->start))
			lower(&q);                   /* PASSWORD_IN_USERINFO */
		if (order[k] == IRI_COMP_PATH && has_dot_segment(text, sp->start, sp->end))
			lower(&q);                   /* DOT_SEGMENT */
		at = sp->end;
	}
	put(&q, at, len);
	/* URI_EXPANSION (check_expansion): 3 URI characters per non-ASCII byte. */
	size_t cps = len - q.nonascii_bytes + q.nonascii_cps, uri_chars = len + 2 * q.nonascii_bytes;
	if (cps > 0 && uri_chars >= 3 * cps && uri_chars >= IRI_CHECK_EXPANSION_MIN_CHARS)
		lower(&q);
	if (uri && uri->failed)
		return IRI_QUICK_FULL;
	return q.verdict;
}
