/* The quick lane (iri_quick.h): one pass that proves a line ordinary and maps
 * it, or gives up.  Each test below names the finding of check.c it rules out;
 * whatever might give an error makes it give up, whatever might give only a
 * warning or a note lowers the verdict from CLEAN to NO_ERRORS.
 *
 * The pass splits as it goes (RFC 3986 Appendix B: scheme, authority, then
 * path, query and fragment, each ended by the next one's delimiter) and
 * writes the URI straight into room reserved up front: every input byte
 * becomes at most three output bytes (RFC 3987 3.1 step 2), and only the host
 * (its A-labels) reserves more. */
#include <string.h>

#include <unicode/utf8.h>

#include "check_bidi.h"
#include "ctx_internal.h"
#include "iri_check.h"
#include "iri_chars.h"
#include "iri_host.h"
#include "iri_parse.h"
#include "iri_quick.h"
#include "iri_quick_iri.h"
#include "quick_authority.h"
#include "iri_run.h"
#include "iri_scheme.h"
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

/* "%HH" for every byte (RFC 3986 2.1: upper-case digits), and a fourth
 * byte so that an escape is one four-byte copy. */
#define HEX_DIGIT(d) ((d) < 10 ? '0' + (d) : 'A' + (d) - 10)
#define ESC(b) { '%', HEX_DIGIT((b) >> 4), HEX_DIGIT((b) & 15), 0 }
#define ESC4(b) ESC(b), ESC((b) + 1), ESC((b) + 2), ESC((b) + 3)
#define ESC16(b) ESC4(b), ESC4((b) + 4), ESC4((b) + 8), ESC4((b) + 12)
#define ESC64(b) ESC16(b), ESC16((b) + 16), ESC16((b) + 32), ESC16((b) + 48)
static const char pct_escape[256][4] = { ESC64(0), ESC64(64), ESC64(128), ESC64(192) };
#undef ESC64
#undef ESC16
#undef ESC4
#undef ESC
#undef HEX_DIGIT

typedef struct {
	iri_ctx *ctx;
	const uint8_t *s;
	size_t len;
	iri_buf *uri;                 /* may be NULL; else room for 3 bytes per input byte left */
	size_t copied;                /* input bytes [0, copied) are in uri */
	iri_quick_verdict verdict;
	bool errors_only;             /* iri_quick_scan_errors() */
	bool ace_hosts;               /* iri_quick_scan_errors_ace(): A-label hosts judged here */
	bool dns;                     /* the scheme's hosts are DNS names (iri_scheme_uses_dns) */
	size_t nonascii_bytes, nonascii_cps;
	bool rtl;                     /* a right-to-left character: the bidi rules to look at */
	bool nfc_maybe;               /* a character NFC may change: the line's NFC to look at */
} quick;

/* Something only a warning or a note could be made of. */
static void lower(quick *q)
{
	if (q->verdict == IRI_QUICK_CLEAN)
		q->verdict = IRI_QUICK_NO_ERRORS;
}

/* Copies input [copied, to) as it is, into the room reserved. */
static void copy_to(quick *q, size_t to)
{
	if (q->uri && to > q->copied) {
		memcpy(iri_buf_end(q->uri), q->s + q->copied, to - q->copied);
		iri_buf_commit(q->uri, to - q->copied);
	}
	q->copied = to;
}

/* How far from i (up to end) the bytes are ASCII that the component allows
 * (iri_ascii_ok), four a round while they all are. */
static size_t run_allowed(const uint8_t *s, size_t i, size_t end, uint8_t allowed)
{
	while (i + 4 <= end && ((iri_ascii_class[s[i]] & allowed) != 0) & ((iri_ascii_class[s[i + 1]] & allowed) != 0) &
	       ((iri_ascii_class[s[i + 2]] & allowed) != 0) & ((iri_ascii_class[s[i + 3]] & allowed) != 0))
		i += 4;
	while (i < end && (iri_ascii_class[s[i]] & allowed))
		i++;
	return i;
}

static bool is_lower_hex(uint8_t c)
{
	return c >= 'a' && c <= 'f';
}

/* An escape at s[i] (check_escapes), copied as it is.  Returns the bytes it
 * covers, or 0 to give up. */
static size_t scan_escape(quick *q, iri_component comp, size_t i)
{
	const char *text = (const char *)q->s;
	uint8_t oct[4];
	if (!iri_pct_at(text, q->len, i, &oct[0]))
		return 0;                    /* ILLEGAL_PERCENT_ENCODING */
	if (comp == IRI_COMP_SCHEME || comp == IRI_COMP_PORT || comp == IRI_COMP_HOST)
		return 0;                    /* SYNTAX; a %-host is the full path's */
	size_t m = 1;
	if (oct[0] >= 0x80) {
		/* RFC 3987 3.2: escaped UTF-8, well-formed (else OVERLONG_UTF8_ESCAPE,
		 * SURROGATE_ESCAPE or NOT_UTF8_ESCAPE). */
		size_t want = U8_IS_LEAD(oct[0]) ? (size_t)U8_COUNT_TRAIL_BYTES(oct[0]) + 1 : 4, k = 1;
		while (k < want && iri_pct_at(text, q->len, i + 3 * k, &oct[k]))
			k++;             /* the escapes the lead byte asks for (RFC 3629) */
		uint32_t cp;
		iri_utf8_status st;
		m = iri_utf8_decode(oct, k, &cp, &st);
		if (st != IRI_UTF8_OK || iri_is_bidi_control(cp))
			return 0;            /* ... or ESCAPED_BIDI_FORMATTING */
	} else if (iri_is_unreserved_ascii(oct[0])) {
		lower(q);                    /* SUPERFLUOUS_PERCENT_ENCODING */
	}
	for (size_t e = i; e < i + 3 * m; e += 3)
		if (is_lower_hex(q->s[e + 1]) || is_lower_hex(q->s[e + 2]))
			lower(q);            /* PERCENT_LOWERCASE */
	return 3 * m;
}

/* The code point of the UTF-8 sequence at s[0..avail) (avail > 0, s[0] >=
 * 0x80), strict (RFC 3629): its bytes, or 0 if ill-formed.  Two- and
 * three-byte sequences inline, the rest by ICU's U8_NEXT. */
static inline size_t next_cp(const uint8_t *s, size_t avail, uint32_t *cp)
{
	if (s[0] >= 0xC2 && s[0] <= 0xDF && avail >= 2 && U8_IS_TRAIL(s[1])) {
		*cp = (uint32_t)(s[0] & 0x1F) << 6 | (s[1] & 0x3F);
		return 2;
	}
	if ((s[0] & 0xF0) == 0xE0 && avail >= 3 && U8_IS_VALID_LEAD3_AND_T1(s[0], s[1]) && U8_IS_TRAIL(s[2])) {
		*cp = (uint32_t)(s[0] & 0x0F) << 12 | (uint32_t)(s[1] & 0x3F) << 6 | (s[2] & 0x3F);
		return 3;
	}
	int32_t n = 0;
	UChar32 c;
	U8_NEXT(s, n, avail < 4 ? (int32_t)avail : 4, c);
	*cp = (uint32_t)c;
	return c < 0 ? 0 : (size_t)n;
}

/* The non-ASCII characters from s[i] on, before end, in comp
 * (check_code_points, check_nfc, check_bidi); with map, written as %HH
 * (RFC 3987 3.1 step 2) as they go.  Returns their bytes, or 0 to give
 * up. */
static size_t scan_nonascii(quick *q, iri_component comp, size_t i, size_t end, bool map)
{
	const uint8_t *s = q->s;
	size_t start = i, cps = 0;
	/* The classes of the characters, or-ed and and-ed together. */
	uint8_t any = 0, all = 0xFF;
	/* Four bytes a store, three kept: the room reserved per input byte is
	 * three, with one to spare after the last. */
	char *o = NULL;
	if (map && q->uri) {
		copy_to(q, start);
		o = iri_buf_end(q->uri);
	}
	while (i < end && s[i] >= 0x80) {
		uint32_t cp;
		size_t n = next_cp(s + i, end - i, &cp);
		if (n == 0)
			return 0;            /* INVALID_UTF8 */
		/* U+00A0..U+D7FF is ucschar, allowed in every component but the
		 * scheme (RFC 3987 2.2); the rest is asked of the parser. */
		if (!(cp >= 0xA0 && cp <= 0xD7FF) && iri_parse_check_cp(comp, cp, IRI_PARSE_IRI) != IRI_PARSE_OK)
			return 0;            /* PRIVATE_USE_CHARACTER, NONCHARACTER, ... */
		uint8_t cls = iri_cp_class(q->ctx, cp);
		if ((cls & IRI_CPC_LOOKALIKE) || (cls & IRI_CPC_KIND) == IRI_CPC_IGNORABLE)
			return 0;            /* LOOKALIKE_DELIMITER, BIDI_FORMATTING_CHARACTER */
		any |= cls;
		all &= cls;
		cps++;
		if (o) {
			for (size_t k = 0; k < n; k++, o += 3)
				memcpy(o, pct_escape[s[i + k]], 4);
		}
		i += n;
	}
	/* Warnings only: the character classes; NOT_NFC and the bidi rules are
	 * looked at once the line is split (scan_line). */
	if (any & IRI_CPC_KIND)
		lower(q);
	q->nfc_maybe |= !(all & IRI_CPC_NFC_STABLE);
	q->rtl |= (any & IRI_CPC_RTL) != 0;
	q->nonascii_bytes += i - start;
	q->nonascii_cps += cps;
	if (o) {
		iri_buf_commit(q->uri, 3 * (i - start));
		q->copied = i;
	}
	return i - start;
}

/* What stops a run in comp at s[i]: an escape or non-ASCII characters are
 * scanned (returns their bytes), anything else gives up (returns 0: SYNTAX,
 * CONTROL_CHARACTER, SPACE_OR_UNWISE, NON_ASCII_SCHEME, ...). */
static size_t scan_stop(quick *q, iri_component comp, size_t i, size_t end, bool map)
{
	if (q->s[i] == '%')
		return scan_escape(q, comp, i);
	if (q->s[i] < 0x80 || comp == IRI_COMP_SCHEME)
		return 0;
	return scan_nonascii(q, comp, i, end, map);
}

/* One component's characters and escapes, [start, end).  False to give up. */
static bool scan_part(quick *q, iri_component comp, size_t start, size_t end, bool map)
{
	const uint8_t allowed = iri_ascii_comp_mask[comp];
	for (size_t i = run_allowed(q->s, start, end, allowed); i < end; i = run_allowed(q->s, i, end, allowed)) {
		size_t n = scan_stop(q, comp, i, end, map);
		if (n == 0)
			return false;
		i += n;
	}
	return true;
}

/* An ASCII DNS name with "xn--" labels (RFC 1034 3.1 lengths, as
 * quick_authority.c judges plain names) that UTS #46 ToASCII takes without
 * error: no BAD_IDN or DNS_LENGTH_LIMIT (the host's errors; the rest of what
 * check.c says of an A-label, ACE_LABEL and UTS #39, are notes and
 * warnings). */
static bool ace_dns_name(iri_ctx *ctx, const uint8_t *s, size_t len)
{
	size_t name = len > 0 && s[len - 1] == '.' ? len - 1 : len;
	if (name == 0 || name > IRI_DNS_NAME_MAX_BYTES)
		return false;
	for (size_t label = 0; label <= name;) {
		const uint8_t *dot = memchr(s + label, '.', name - label);
		size_t i = dot ? (size_t)(dot - s) : name;
		if (i == label || i - label > IRI_DNS_LABEL_MAX_BYTES)
			return false;
		label = i + 1;
	}
	iri_buf *ace = &ctx->quick_ace;
	return iri_idna_to_ascii(ctx, false, (const char *)s, len, ace) == 0 && !ace->failed;
}

/* What a non-ASCII host comes to: its own verdict, what it adds to the
 * expansion counts, and the length of its A-label form (ctx->quick_ace). */
typedef struct {
	uint32_t nonascii_bytes, nonascii_cps, ace_bytes;
	uint8_t verdict;
	uint8_t rtl;                  /* a right-to-left character in it */
	uint8_t nfc_maybe;            /* a character NFC may change */
} quick_host;

static void quick_host_work(iri_ctx *ctx, const uint8_t *s, size_t hs, size_t he, bool errors_only, quick_host *out)
{
	const char *h = (const char *)s + hs;
	size_t n = he - hs;
	quick hq = { .ctx = ctx, .s = s, .len = he, .verdict = IRI_QUICK_CLEAN, .errors_only = errors_only };
	memset(out, 0, sizeof *out);
	out->verdict = IRI_QUICK_FULL;
	if (iri_host_has_empty_label(h, n))
		return;                      /* BAD_IDN */
	if (!scan_part(&hq, IRI_COMP_HOST, hs, he, false) || iri_uts46_has_change(h, n))
		return;                      /* UTS46_VERSION: a note even for to-uri */
	/* The host's errors are BAD_IDN and DNS_LENGTH_LIMIT, from UTS #46
	 * ToASCII of its labels and of the whole name; a label's errors are
	 * among the whole name's (the same checks on less, and a label that
	 * alone is no bidi domain name may be in one), so a name that converts
	 * without error has none.  Only warnings (UTS #39) need the rest. */
	if (!errors_only) {
		iri_diags *d = ctx->quick_diags;
		iri_diags_clear(d);
		iri_host_diagnose(ctx, (const char *)s, hs, he, d);
		for (size_t i = 0; i < iri_diags_count(d); i++) {
			if (iri_diags_get(d, i)->severity == IRI_SEV_ERROR)
				return;
			lower(&hq);
		}
	}
	iri_buf *ace = &ctx->quick_ace;
	if (iri_idna_to_ascii(ctx, false, h, n, ace) != 0 || ace->failed)
		return;
	out->nonascii_bytes = (uint32_t)hq.nonascii_bytes;
	out->nonascii_cps = (uint32_t)hq.nonascii_cps;
	out->rtl = hq.rtl;
	out->nfc_maybe = hq.nfc_maybe;
	out->ace_bytes = (uint32_t)ace->len;
	out->verdict = (uint8_t)hq.verdict;
}

/* The host [hs, he) (check_parts, iri_host_diagnose; map_host). */
static bool scan_host(quick *q, size_t hs, size_t he, const iri_quick_authority *au)
{
	if (he == hs)
		return true;
	const uint8_t *h = q->s + hs;
	size_t n = he - hs;
	if (h[0] == '[')
		return false;                /* IP literals: the full path (and %-hosts, below) */
	/* ipath's ASCII less ":", "@" and "/" is the host's (RFC 3986 3.2.2
	 * reg-name), and the span has none of those three. */
	if (au->host_ascii) {
		if (au->host_dns)
			return true;
		/* else DNS_LENGTH_LIMIT, empty labels, A-labels; the last are
		 * judged here for to-iri (iri_quick_iri.h), which keeps them. */
		return q->ace_hosts && q->dns && ace_dns_name(q->ctx, h, n);
	}
	if (!q->dns)
		return false;                /* no host findings, a %-escaped host: the full path's */
	/* Everything below depends on the host alone: the memo keeps the
	 * outcome -- a verdict byte, the code point counts, the A-labels. */
	quick_host done;
	size_t value_bytes;
	const iri_memo_kind kind = q->errors_only ? IRI_MEMO_QUICK_HOST_ERRORS : IRI_MEMO_QUICK_HOST;
	const char *value = iri_memo_get(q->ctx->memo, kind, (const char *)h, n, &value_bytes);
	bool hit = value && value_bytes >= sizeof done;
	if (hit) {
		memcpy(&done, value, sizeof done);
		hit = value_bytes == sizeof done + done.ace_bytes;   /* a whole entry, as written below */
	}
	if (!hit) {
		quick_host_work(q->ctx, q->s, hs, he, q->errors_only, &done);
		iri_buf *v = &q->ctx->memo_value;
		iri_buf_reset(v);
		iri_buf_append(v, (const char *)&done, sizeof done);
		iri_buf_append(v, q->ctx->quick_ace.data ? q->ctx->quick_ace.data : "", done.ace_bytes);
		if (!v->failed)
			iri_memo_put(q->ctx->memo, kind, (const char *)h, n, v->data, v->len);
		value = v->data;   /* the A-labels follow, as in the memo */
	}
	if (done.verdict == IRI_QUICK_FULL)
		return false;
	if (done.verdict == IRI_QUICK_NO_ERRORS)
		lower(q);
	q->nonascii_bytes += done.nonascii_bytes;
	q->nonascii_cps += done.nonascii_cps;
	q->rtl |= done.rtl != 0;
	q->nfc_maybe |= done.nfc_maybe != 0;
	if (q->uri) {
		/* The A-labels in place of the host; room for the rest kept. */
		copy_to(q, hs);
		if (!iri_buf_reserve(q->uri, done.ace_bytes + 3 * (q->len - he) + 1))
			return false;
		memcpy(iri_buf_end(q->uri), value + sizeof done, done.ace_bytes);
		iri_buf_commit(q->uri, done.ace_bytes);
	}
	q->copied = he;
	return true;
}

/* The port [ps, pe) of scheme [0, scheme_end) (check_structure, check_parts). */
static bool scan_port(quick *q, size_t scheme_end, size_t ps, size_t pe)
{
	uint32_t value = 0;
	for (size_t i = ps; i < pe; i++) {
		uint8_t c = q->s[i];
		if (c < '0' || c > '9')
			return false;        /* SYNTAX: BAD_PORT */
		value = value * 10 + (c - '0');
		if (value > 65535)
			return false;        /* SYNTAX: PORT_OUT_OF_RANGE */
	}
	if (pe > ps && (int32_t)value == iri_scheme_default_port((const char *)q->s, scheme_end))
		lower(q);                    /* DEFAULT_PORT */
	return true;
}

/* The authority from a ("//" before it) to its end (check_parts).  Returns
 * where it ends, or 0 to give up. */
static size_t scan_authority(quick *q, size_t scheme_end, size_t a)
{
	/* RFC 3986 3.2: it ends at "/", "?" or "#"; the userinfo at its last
	 * "@" (at > 0: the scheme and "//" come first). */
	iri_quick_authority au;
	iri_quick_split_authority(q->s, a, q->len, &au);
	size_t hs = a;
	if (au.at) {
		if (!scan_part(q, IRI_COMP_USERINFO, a, au.at, true))
			return 0;
		if (au.userinfo_colon)
			lower(q);            /* PASSWORD_IN_USERINFO */
		hs = au.at + 1;
	}
	if (!scan_host(q, hs, au.host_end, &au))
		return 0;
	if (au.host_end < au.end && !scan_port(q, scheme_end, au.host_end + 1, au.end))
		return 0;
	return au.end;
}

/* The tail's part, and where the path ends (the line's end until "?" or
 * "#"). */
typedef struct {
	size_t path_end;
	iri_component comp;
} tail_state;

/* A "?" or "#" at s[k] (RFC 3986 3.3-3.5): the part it starts.  The
 * query's and the fragment's ASCII is ipath's and "?" (3.4, 3.5); a second
 * "#" is a stop like any other (false). */
static bool tail_delimiter(const uint8_t *s, size_t k, tail_state *t)
{
	if (!(s[k] == '?' || (s[k] == '#' && t->comp != IRI_COMP_FRAGMENT)))
		return false;
	if (t->comp == IRI_COMP_PATH)
		t->path_end = k;
	if (s[k] == '#')
		t->comp = IRI_COMP_FRAGMENT;
	else if (t->comp == IRI_COMP_PATH)
		t->comp = IRI_COMP_QUERY;
	return true;
}

/* The query and the fragment from `from` on, past the path: their stops
 * alone matter, handed out by a walk (iri_run_next).  False to give up. */
static bool scan_query_fragment(quick *q, size_t from, tail_state *t)
{
	iri_run run;
	iri_run_init(&run, q->s, q->len);
	for (size_t k = from; (k = iri_run_next(&run, k)) < q->len;) {
		if (tail_delimiter(q->s, k, t)) {
			k++;
			continue;
		}
		size_t n = scan_stop(q, t->comp, k, q->len, true);
		if (n == 0)
			return false;
		k += n;
	}
	return true;
}

/* Path, query and fragment from i to the end (RFC 3986 3.3-3.5).  The
 * path by marks (iri_run_mark) a window at a time: each stop in turn ("?",
 * "#", an escape, non-ASCII characters, whose bytes are passed at once),
 * and a "." after "/" (or first in the path) looked at only where there is
 * one (DOT_SEGMENT: "." or ".." then "/" or the path's end); once the path
 * has ended, the walk.  False to give up. */
static bool scan_tail(quick *q, size_t i)
{
	const uint8_t *s = q->s;
	const size_t len = q->len;
	tail_state t = { .path_end = len, .comp = IRI_COMP_PATH };
	size_t next = i;             /* bytes before it are scanned */
	uint64_t slash_before = 1;   /* the path's first byte starts a segment */
	bool dot = false;
	for (size_t at = i; at < len; at += IRI_RUN_WINDOW_BYTES) {
		if (t.comp != IRI_COMP_PATH) {
			if (!scan_query_fragment(q, next > at ? next : at, &t))
				return false;
			break;
		}
		iri_run_marks m;
		iri_run_mark(s, at, len, false, &m);
		uint64_t st = next <= at ? m.stops : next - at >= IRI_RUN_WINDOW_BYTES ? 0 : m.stops & ~(uint64_t)0 << (next - at);
		while (st) {
			size_t k = at + (size_t)__builtin_ctzll(st);
			if (tail_delimiter(s, k, &t)) {
				st &= st - 1;
				continue;
			}
			size_t n = scan_stop(q, t.comp, k, len, true);
			if (n == 0)
				return false;
			next = k + n;
			st = next - at >= IRI_RUN_WINDOW_BYTES ? 0 : st & ~(uint64_t)0 << (next - at);
		}
		uint64_t first = m.dots & (m.slashes << 1 | slash_before);
		slash_before = m.slashes >> 63;
		for (; first; first &= first - 1) {
			size_t d = at + (size_t)__builtin_ctzll(first);
			if (d >= t.path_end)
				break;
			size_t e = d + 1 < len && s[d + 1] == '.' ? d + 2 : d + 1;
			dot |= e == len || s[e] == '/' || s[e] == '?' || s[e] == '#';
		}
	}
	if (dot)
		lower(q);                    /* DOT_SEGMENT */
	return true;
}

/* check_nfc's NOT_NFC, on the whole line: its components are split by
 * ASCII delimiters, which NFC neither composes nor reorders across, so the
 * line is NFC exactly when each component is (UAX #15). */
static bool line_is_nfc(iri_ctx *ctx, const uint8_t *s, size_t len)
{
	int32_t n16 = iri_ctx_to_u16(&ctx->u16, &ctx->u16_cap, (const char *)s, len);
	if (n16 < 0)
		return false;
	UErrorCode err = U_ZERO_ERROR;
	return unorm2_isNormalized(ctx->nfc, ctx->u16, n16, &err) && U_SUCCESS(err);
}

/* The line, its URI appended to q->uri from where it ends. */
static iri_quick_verdict scan_line(quick *q)
{
	const uint8_t *s = q->s;
	size_t len = q->len;
	if (q->uri && (len > SIZE_MAX / 4 || !iri_buf_reserve(q->uri, 3 * len + 1)))
		return IRI_QUICK_FULL;
	/* RFC 3986 3.1: a scheme that starts with a letter, then ":" (no
	 * BAD_SCHEME, and no relative reference's first-segment colon, 4.2). */
	if (len == 0 || !((s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'z'))
		return IRI_QUICK_FULL;
	size_t scheme_end = 1;
	q->dns = true;                   /* http and https: DNS schemes (core/scheme.c) */
	if (len >= 8 && memcmp(s, "https://", 8) == 0) {
		scheme_end = 5;              /* the schemes of most lines, at a glance */
	} else if (len >= 7 && memcmp(s, "http://", 7) == 0) {
		scheme_end = 4;
	} else {
		while (scheme_end < len && (iri_ascii_class[s[scheme_end]] & iri_ascii_comp_mask[IRI_COMP_SCHEME]))
			scheme_end++;
		q->dns = iri_scheme_uses_dns((const char *)s, scheme_end);
	}
	if (scheme_end == len || s[scheme_end] != ':')
		return IRI_QUICK_FULL;
	size_t i = scheme_end + 1;
	if (len - i >= 2 && s[i] == '/' && s[i + 1] == '/' && (i = scan_authority(q, scheme_end, i + 2)) == 0)
		return IRI_QUICK_FULL;
	if (!scan_tail(q, i))
		return IRI_QUICK_FULL;
	copy_to(q, len);
	/* URI_EXPANSION (check_expansion): 3 URI characters per non-ASCII byte. */
	size_t cps = len - q->nonascii_bytes + q->nonascii_cps, uri_chars = len + 2 * q->nonascii_bytes;
	if (cps > 0 && uri_chars >= 3 * cps && uri_chars >= IRI_CHECK_EXPANSION_MIN_CHARS)
		lower(q);
	if (q->errors_only)
		lower(q);   /* warnings were not all looked for: never CLEAN */
	/* RFC 3987 4.2 on the whole line (check_bidi.c's rules). */
	else if (q->verdict == IRI_QUICK_CLEAN && q->rtl && !iri_bidi_rules_hold((const char *)s, len))
		lower(q);   /* BIDI_MIXED_DIRECTION, BIDI_BOUNDARY */
	else if (q->verdict == IRI_QUICK_CLEAN && q->nfc_maybe && !line_is_nfc(q->ctx, s, len))
		lower(q);   /* NOT_NFC */
	return q->verdict;
}

/* Appends to uri (may be NULL); on IRI_QUICK_FULL, leaves it as it was. */
static iri_quick_verdict quick_scan(iri_ctx *ctx, const char *text, size_t len, iri_buf *uri, bool errors_only,
	bool ace_hosts)
{
	quick q = { .ctx = ctx, .s = (const uint8_t *)text, .len = len, .uri = uri, .verdict = IRI_QUICK_CLEAN,
		.errors_only = errors_only, .ace_hosts = ace_hosts };
	if (uri && uri->failed)
		return IRI_QUICK_FULL;
	iri_buf_mark base = uri ? iri_buf_get_mark(uri) : (iri_buf_mark){ 0, false };
	iri_quick_verdict v = scan_line(&q);
	if (uri && v == IRI_QUICK_FULL)
		iri_buf_rewind(uri, base);   /* a reserve that failed changed nothing */
	return v;
}

iri_quick_verdict iri_quick_scan(iri_ctx *ctx, const char *text, size_t len, iri_buf *uri)
{
	if (uri)
		iri_buf_reset(uri);
	return quick_scan(ctx, text, len, uri, false, false);
}

iri_quick_verdict iri_quick_scan_errors(iri_ctx *ctx, const char *text, size_t len, iri_buf *uri)
{
	return quick_scan(ctx, text, len, uri, true, false);
}

iri_quick_verdict iri_quick_scan_errors_ace(iri_ctx *ctx, const char *text, size_t len)
{
	return quick_scan(ctx, text, len, NULL, true, true);
}
