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
#include "iri_diag.h"
#include "iri_host.h"
#include "iri_parse.h"
#include "iri_quick.h"
#include "iri_quick_iri.h"
#include "quick_authority.h"
#include "quick_internal.h"
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
	case IRI_QUICK_ERRORS: return "ERRORS";
	}
	return "UNKNOWN";
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
	iri_quick_pass hq = { .ctx = ctx, .s = s, .len = he, .verdict = IRI_QUICK_CLEAN, .errors_only = errors_only };
	memset(out, 0, sizeof *out);
	out->verdict = IRI_QUICK_FULL;
	if (iri_host_has_empty_label(h, n))
		return;                      /* BAD_IDN */
	if (!iri_quick_scan_part(&hq, IRI_COMP_HOST, hs, he, false) || iri_uts46_has_change(h, n))
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
			iri_quick_lower(&hq);
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
static bool scan_host(iri_quick_pass *q, size_t hs, size_t he, const iri_quick_authority *au)
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
		iri_quick_lower(q);
	q->nonascii_bytes += done.nonascii_bytes;
	q->nonascii_cps += done.nonascii_cps;
	q->rtl |= done.rtl != 0;
	q->nfc_maybe |= done.nfc_maybe != 0;
	if (q->uri) {
		/* The A-labels in place of the host; room for the rest kept. */
		iri_quick_copy_to(q, hs);
		if (!iri_buf_reserve(q->uri, done.ace_bytes + 3 * (q->len - he) + 1))
			return false;
		memcpy(iri_buf_end(q->uri), value + sizeof done, done.ace_bytes);
		iri_buf_commit(q->uri, done.ace_bytes);
	}
	q->copied = he;
	return true;
}

/* The port [ps, pe) of scheme [0, scheme_end) (check_structure, check_parts). */
static bool scan_port(iri_quick_pass *q, size_t scheme_end, size_t ps, size_t pe)
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
		iri_quick_lower(q);   /* DEFAULT_PORT */
	return true;
}

/* The authority from a ("//" before it) to its end (check_parts).  Returns
 * where it ends, or 0 to give up. */
static size_t scan_authority(iri_quick_pass *q, size_t scheme_end, size_t a)
{
	/* RFC 3986 3.2: it ends at "/", "?" or "#"; the userinfo at its last
	 * "@" (at > 0: the scheme and "//" come first). */
	iri_quick_authority au;
	iri_quick_split_authority(q->s, a, q->len, &au);
	size_t hs = a;
	if (au.at) {
		if (!iri_quick_scan_part(q, IRI_COMP_USERINFO, a, au.at, true))
			return 0;
		if (au.userinfo_colon)
			iri_quick_lower(q);   /* PASSWORD_IN_USERINFO */
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
static bool scan_query_fragment(iri_quick_pass *q, size_t from, tail_state *t)
{
	iri_run run;
	iri_run_init(&run, q->s, q->len);
	for (size_t k = from; (k = iri_run_next(&run, k)) < q->len;) {
		if (tail_delimiter(q->s, k, t)) {
			k++;
			continue;
		}
		size_t n = iri_quick_scan_stop(q, t->comp, k, q->len, true);
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
static bool scan_tail(iri_quick_pass *q, size_t i)
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
		iri_run_mark(s, at, len, IRI_RUN_FASTEST, &m);
		uint64_t st = next <= at ? m.stops : next - at >= IRI_RUN_WINDOW_BYTES ? 0 : m.stops & ~(uint64_t)0 << (next - at);
		while (st) {
			size_t k = at + (size_t)__builtin_ctzll(st);
			if (tail_delimiter(s, k, &t)) {
				st &= st - 1;
				continue;
			}
			size_t n = iri_quick_scan_stop(q, t.comp, k, len, true);
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
		iri_quick_lower(q);   /* DOT_SEGMENT */
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
static iri_quick_verdict scan_line(iri_quick_pass *q)
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
	iri_quick_copy_to(q, len);
	/* URI_EXPANSION (check_expansion): 3 URI characters per non-ASCII byte. */
	size_t cps = len - q->nonascii_bytes + q->nonascii_cps, uri_chars = len + 2 * q->nonascii_bytes;
	if (cps > 0 && uri_chars >= 3 * cps && uri_chars >= IRI_CHECK_EXPANSION_MIN_CHARS)
		iri_quick_lower(q);
	if (q->errors_found) {
		iri_diags_finish(q->errors, (const char *)s, len);
		return IRI_QUICK_ERRORS;
	}
	if (q->errors_only)
		iri_quick_lower(q);   /* warnings were not all looked for: never CLEAN */
	/* RFC 3987 4.2 on the whole line (check_bidi.c's rules). */
	else if (q->verdict == IRI_QUICK_CLEAN && q->rtl && !iri_bidi_rules_hold((const char *)s, len))
		iri_quick_lower(q);   /* BIDI_MIXED_DIRECTION, BIDI_BOUNDARY */
	else if (q->verdict == IRI_QUICK_CLEAN && q->nfc_maybe && !line_is_nfc(q->ctx, s, len))
		iri_quick_lower(q);   /* NOT_NFC */
	return q->verdict;
}

/* Appends to uri (may be NULL); on IRI_QUICK_FULL, leaves it as it was. */
static iri_quick_verdict quick_scan(iri_ctx *ctx, const char *text, size_t len, iri_buf *uri, bool errors_only,
	bool ace_hosts, iri_diags *errors)
{
	iri_quick_pass q = { .ctx = ctx, .s = (const uint8_t *)text, .len = len, .uri = uri, .verdict = IRI_QUICK_CLEAN,
		.errors_only = errors_only, .ace_hosts = ace_hosts,
		.errors = len <= IRI_QUICK_ERRORS_MAX_LINE_BYTES ? errors : NULL };
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
	return quick_scan(ctx, text, len, uri, false, false, NULL);
}

iri_quick_verdict iri_quick_scan_errors(iri_ctx *ctx, const char *text, size_t len, iri_buf *uri,
	iri_diags *errors)
{
	return quick_scan(ctx, text, len, uri, true, false, errors);
}

iri_quick_verdict iri_quick_scan_errors_ace(iri_ctx *ctx, const char *text, size_t len)
{
	return quick_scan(ctx, text, len, NULL, true, true, NULL);
}
