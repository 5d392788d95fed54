/* The quick lane's characters (quick_internal.h): escapes, runs of non-ASCII
 * characters classed and written as %HH, and spaces and unwise characters
 * taken as errors by the errors-only lane. */
#include <string.h>

#include <unicode/utf8.h>

#include "ctx_internal.h"
#include "iri_chars.h"
#include "iri_parse.h"
#include "iri_utf8.h"
#include "quick_internal.h"

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
static size_t scan_escape(iri_quick_pass *q, iri_component comp, size_t i)
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
		iri_quick_lower(q);   /* SUPERFLUOUS_PERCENT_ENCODING */
	}
	for (size_t e = i; e < i + 3 * m; e += 3)
		if (is_lower_hex(q->s[e + 1]) || is_lower_hex(q->s[e + 2]))
			iri_quick_lower(q);   /* PERCENT_LOWERCASE */
	return 3 * m;
}

/* One non-ASCII character at s[0..avail) that scan_nonascii's own test
 * does not settle: decoded strictly, asked of the parser, classed.  Its
 * class in bits 0-7 and its bytes above them, or 0 to give up (one value,
 * so that the caller's class stays in a register).  Kept out of line:
 * inlined, the compiler merges it with the caller's test and the common
 * case pays for both. */
__attribute__((noinline)) static uint32_t nonascii_slow(iri_quick_pass *q, iri_component comp, const uint8_t *s,
	size_t avail)
{
	int32_t n = 0;
	UChar32 c;
	U8_NEXT(s, n, avail < 4 ? (int32_t)avail : 4, c);   /* strict (RFC 3629) */
	if (c < 0)
		return 0;            /* INVALID_UTF8 */
	uint32_t cp = (uint32_t)c;
	/* U+00A0..U+D7FF is ucschar, allowed in every component but the
	 * scheme (RFC 3987 2.2); the rest is asked of the parser. */
	if (!(cp >= 0xA0 && cp <= 0xD7FF) && iri_parse_check_cp(comp, cp, IRI_PARSE_IRI) != IRI_PARSE_OK)
		return 0;            /* PRIVATE_USE_CHARACTER, NONCHARACTER, ... */
	return (uint32_t)n << 8 | iri_cp_class(q->ctx, cp);
}

/* The non-ASCII characters from s[i] on, before end, in comp
 * (check_code_points, check_nfc, check_bidi); with map, written as %HH
 * (RFC 3987 3.1 step 2).  Returns their bytes, or 0 to give up.  Most are
 * two or three UTF-8 bytes of ucschar below U+D800 (RFC 3987 2.2: allowed
 * in every component but the scheme) whose class is cached: those are
 * settled here without a call, the rest by nonascii_slow. */
static size_t scan_nonascii(iri_quick_pass *q, iri_component comp, size_t i, size_t end, bool map)
{
	const uint8_t *s = q->s;
	const iri_ctx *ctx = q->ctx;
	size_t start = i, cps = 0;
	/* The classes of the characters, or-ed and and-ed together. */
	uint8_t any = 0, all = 0xFF;
	/* With map, each character's %HH go out as it is decoded, four bytes
	 * a store and three kept (the room reserved is three per input byte,
	 * and one to spare); without, into a scratch never read, so that no
	 * character asks which.  A line given up is rewound (quick_scan). */
	const bool write = map && q->uri;
	char scratch[4];   /* one escape's store: without map, step is 0 */
	if (write)
		iri_quick_copy_to(q, start);
	char *o = write ? iri_buf_end(q->uri) : scratch;
	const size_t step = write ? 3 : 0;
	while (i < end && s[i] >= 0x80) {
		const uint32_t b0 = s[i];
		uint8_t cls = 0;
		size_t n = 0;
		if (b0 >= 0xC2 && b0 <= 0xDF && end - i >= 2 && U8_IS_TRAIL(s[i + 1])) {
			uint32_t cp = (b0 & 0x1F) << 6 | (s[i + 1] & 0x3F);
			cls = cp >= 0xA0 ? iri_cp_class_cached(ctx, cp) : 0;
			n = 2;
			memcpy(o, pct_escape[b0], 4);
			memcpy(o + step, pct_escape[s[i + 1]], 4);
		} else if ((b0 & 0xF0) == 0xE0 && end - i >= 3 && U8_IS_VALID_LEAD3_AND_T1(b0, s[i + 1]) &&
		           U8_IS_TRAIL(s[i + 2])) {
			uint32_t cp = (b0 & 0x0F) << 12 | (uint32_t)(s[i + 1] & 0x3F) << 6 | (s[i + 2] & 0x3F);
			cls = cp <= 0xD7FF ? iri_cp_class_cached(ctx, cp) : 0;
			n = 3;
			memcpy(o, pct_escape[b0], 4);
			memcpy(o + step, pct_escape[s[i + 1]], 4);
			memcpy(o + 2 * step, pct_escape[s[i + 2]], 4);
		}
		if (cls) {
			cls &= (uint8_t)~IRI_CPC_KNOWN;
		} else {
			uint32_t slow = nonascii_slow(q, comp, s + i, end - i);
			if (slow == 0)
				return 0;
			cls = (uint8_t)slow;
			n = slow >> 8;
			for (size_t k = 0; k < n; k++)
				memcpy(o + k * step, pct_escape[s[i + k]], 4);
		}
		if ((cls & IRI_CPC_LOOKALIKE) || (cls & IRI_CPC_KIND) == IRI_CPC_IGNORABLE)
			return 0;            /* LOOKALIKE_DELIMITER, BIDI_FORMATTING_CHARACTER */
		any |= cls;
		all &= cls;
		cps++;
		i += n;
		o += step * n;
	}
	/* Warnings only: the character classes; NOT_NFC and the bidi rules are
	 * looked at once the line is split (scan_line). */
	if (any & IRI_CPC_KIND)
		iri_quick_lower(q);
	q->nfc_maybe |= !(all & IRI_CPC_NFC_STABLE);
	q->rtl |= (any & IRI_CPC_RTL) != 0;
	q->nonascii_bytes += i - start;
	q->nonascii_cps += cps;
	if (write) {
		iri_buf_commit(q->uri, 3 * (i - start));
		q->copied = i;
	}
	return i - start;
}

/* A space or an unwise ASCII character at s[i] in the path, query or
 * fragment: an error, SPACE_OR_UNWISE, as check_syntax_cp reports it (the
 * escape as suggestion; a run merged by iri_diags_add), and escaped in the
 * URI as iri_to_uri() escapes what IRIs do not allow.  Only for a caller
 * that takes the findings; else 0, as for any other ASCII stop (SYNTAX,
 * CONTROL_CHARACTER, ...): give up. */
static size_t scan_unwise(iri_quick_pass *q, iri_component comp, size_t i, bool map)
{
	const uint8_t c = q->s[i];
	if (!q->errors || !iri_is_unwise_ascii(c) ||
	    !(comp == IRI_COMP_PATH || comp == IRI_COMP_QUERY || comp == IRI_COMP_FRAGMENT))
		return 0;
	if (!q->errors_found)
		iri_diags_clear(q->errors);   /* (cleared here, not for every line) */
	q->errors_found = true;
	if (!iri_diags_add(q->errors, IRI_D_SPACE_OR_UNWISE, comp, i, i + 1, c, pct_escape[c], 3))
		return 0;
	if (map && q->uri) {
		iri_quick_copy_to(q, i);
		memcpy(iri_buf_end(q->uri), pct_escape[c], 4);   /* this byte's 3 of room, and the spare */
		iri_buf_commit(q->uri, 3);
		q->copied = i + 1;
	}
	return 1;
}

/* What stops a run in comp at s[i]: an escape or non-ASCII characters are
 * scanned (returns their bytes), an unwise character maybe taken as an
 * error (scan_unwise), anything else gives up (returns 0: SYNTAX,
 * CONTROL_CHARACTER, NON_ASCII_SCHEME, ...). */
size_t iri_quick_scan_stop(iri_quick_pass *q, iri_component comp, size_t i, size_t end, bool map)
{
	if (q->s[i] == '%')
		return scan_escape(q, comp, i);
	if (q->s[i] < 0x80)
		return scan_unwise(q, comp, i, map);
	if (comp == IRI_COMP_SCHEME)
		return 0;
	return scan_nonascii(q, comp, i, end, map);
}

/* One component's characters and escapes, [start, end).  False to give up. */
bool iri_quick_scan_part(iri_quick_pass *q, iri_component comp, size_t start, size_t end, bool map)
{
	const uint8_t allowed = iri_ascii_comp_mask[comp];
	for (size_t i = run_allowed(q->s, start, end, allowed); i < end; i = run_allowed(q->s, i, end, allowed)) {
		size_t n = iri_quick_scan_stop(q, comp, i, end, map);
		if (n == 0)
			return false;
		i += n;
	}
	return true;
}
