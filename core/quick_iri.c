/* The quick lane of URI -> IRI (iri_quick_iri.h): what core/map.c's
 * iri_to_iri() does with default options, on a line the errors-only quick
 * scan passed (well-formed UTF-8, a plain or A-label host with no escape,
 * valid escapes), for the common case only:
 *   - raw text is copied (RFC 3987 3.2: it is IRI already; it is UTF-8);
 *   - the host is kept as written (IRI_HOSTOUT_KEEP);
 *   - a run of escapes in the userinfo, path, query or fragment is decoded
 *     by RFC 3987 3.2 steps 2-4: unreserved ASCII decoded, other ASCII kept
 *     as written, UTF-8 decoded where appropriate, else re-escaped in upper
 *     case (map.c's decode_run_utf8);
 *   - a ZWNJ or ZWJ (decoded only in context) gives up: the full path's. */
#include <string.h>

#include <unicode/utf8.h>

#include "ctx_internal.h"
#include "iri_chars.h"
#include "iri_parse.h"
#include "iri_quick_iri.h"
#include "iri_utf8.h"

/* Where the components of a URI the quick scan passed start and end. */
typedef struct {
	size_t userinfo_end;   /* the userinfo is [authority start, userinfo_end), 0 if none */
	size_t authority_end;  /* 0 without an authority */
	size_t query_start;    /* the "?" (len when none) */
	size_t fragment_start; /* the "#" (len when none) */
} quick_iri_parts;

static void split_parts(const char *s, size_t len, quick_iri_parts *p)
{
	memset(p, 0, sizeof *p);
	/* RFC 3986 3.1: the scan saw a scheme and its ":" */
	const char *colon = memchr(s, ':', len);
	size_t i = colon ? (size_t)(colon - s) + 1 : 0;
	if (len - i >= 2 && s[i] == '/' && s[i + 1] == '/') {
		size_t a = i + 2, e = a;
		while (e < len && s[e] != '/' && s[e] != '?' && s[e] != '#')
			e++;
		for (size_t k = a; k < e; k++)   /* the userinfo ends at the last "@" */
			if (s[k] == '@')
				p->userinfo_end = k;
		p->authority_end = e;
		i = e;
	}
	const char *hash = memchr(s + i, '#', len - i);
	p->fragment_start = hash ? (size_t)(hash - s) : len;
	const char *q = memchr(s + i, '?', p->fragment_start - i);
	p->query_start = q ? (size_t)(q - s) : len;
}

static iri_component component_at(const quick_iri_parts *p, size_t i)
{
	if (i < p->authority_end)
		return i < p->userinfo_end ? IRI_COMP_USERINFO : IRI_COMP_HOST;
	if (i >= p->fragment_start)
		return IRI_COMP_FRAGMENT;
	return i >= p->query_start ? IRI_COMP_QUERY : IRI_COMP_PATH;
}

/* iri_is_appropriate_decoded() from the context's class of cp (chars.c):
 * white space, unassigned, format and default-ignorable characters (bidi
 * controls among them) and delimiter lookalikes stay escaped. */
static bool appropriate(iri_ctx *ctx, iri_component comp, uint32_t cp)
{
	if (!(cp >= 0xA0 && cp <= 0xD7FF) && iri_parse_check_cp(comp, cp, IRI_PARSE_IRI) != IRI_PARSE_OK)
		return false;
	uint8_t cls = iri_cp_class(ctx, cp);
	uint8_t kind = cls & IRI_CPC_KIND;
	return !(cls & IRI_CPC_LOOKALIKE) && kind != IRI_CPC_WHITESPACE && kind != IRI_CPC_UNASSIGNED &&
	       kind != IRI_CPC_IGNORABLE;
}

/* The run of escapes at s[i] in comp, written to o.  Returns the bytes of
 * the run, or 0 to give up (a joiner). */
static size_t decode_run(iri_ctx *ctx, const char *s, size_t len, size_t i, iri_component comp, char **o)
{
	uint8_t oct[4];
	size_t e = i;
	char *w = *o;
	while (iri_pct_at(s, len, e, &oct[0])) {
		if (oct[0] < 0x80) {
			/* Step 2: unreserved ASCII decoded, the rest kept as written. */
			if (iri_is_unreserved_ascii(oct[0])) {
				*w++ = (char)oct[0];
			} else {
				memcpy(w, s + e, 3);
				w += 3;
			}
			e += 3;
			continue;
		}
		/* The escapes its lead byte asks for (RFC 3629), each read once;
		 * short of them, as many as there are (at most four). */
		size_t want = U8_IS_LEAD(oct[0]) ? (size_t)U8_COUNT_TRAIL_BYTES(oct[0]) + 1 : 4, k = 1;
		while (k < want && iri_pct_at(s, len, e + 3 * k, &oct[k]))
			k++;
		uint32_t cp;
		iri_utf8_status st;
		size_t m = iri_utf8_decode(oct, k, &cp, &st);
		if (st == IRI_UTF8_OK && (cp == 0x200C || cp == 0x200D))
			return 0;            /* iri_joiner_in_context(): the full path's */
		if (st == IRI_UTF8_OK && appropriate(ctx, comp, cp)) {
			memcpy(w, oct, m);
			w += m;
		} else {
			/* Steps 3 and 4: re-percent-encoded, upper case (RFC 3986 2.1). */
			static const char hex[] = "0123456789ABCDEF";
			for (size_t j = 0; j < m; j++) {
				*w++ = '%';
				*w++ = hex[oct[j] >> 4];
				*w++ = hex[oct[j] & 15];
			}
		}
		e += 3 * m;
	}
	*o = w;
	return e - i;
}

iri_quick_verdict iri_quick_to_iri(iri_ctx *ctx, const char *text, size_t len, iri_buf *iri)
{
	if (iri->failed || iri_quick_scan_errors_ace(ctx, text, len) == IRI_QUICK_FULL)
		return IRI_QUICK_FULL;
	/* Decoding only shortens and re-escaping keeps the length: the IRI is
	 * at most len bytes, and one more is kept for the caller. */
	if (!iri_buf_reserve(iri, len + 1)) {
		iri->failed = false;   /* a reserve that failed changed nothing */
		return IRI_QUICK_FULL;
	}
	char *const start = iri->data + iri->len;
	char *o = start;
	const char *pct = memchr(text, '%', len);
	if (!pct) {
		memcpy(o, text, len);
		o += len;
	} else {
		quick_iri_parts parts;
		split_parts(text, len, &parts);
		size_t i = 0;
		while (pct) {
			size_t at = (size_t)(pct - text);
			memcpy(o, text + i, at - i);
			o += at - i;
			iri_component comp = component_at(&parts, at);
			if (comp == IRI_COMP_HOST)
				return IRI_QUICK_FULL;   /* the scan refuses %-hosts; not here either */
			size_t n = decode_run(ctx, text, len, at, comp, &o);
			if (n == 0)
				return IRI_QUICK_FULL;   /* nothing was committed: iri->len is unchanged */
			i = at + n;
			pct = memchr(text + i, '%', len - i);
		}
		memcpy(o, text + i, len - i);
		o += len - i;
	}
	iri->len += (size_t)(o - start);
	iri->data[iri->len] = '\0';
	return IRI_QUICK_NO_ERRORS;
}
