/* Property tests of the mappings and diagnostics over generated inputs.
 *
 * Inputs come from a weighted alphabet of "atoms" (delimiters, letters, "%",
 * escapes of random bytes including overlong and surrogate forms, Latin-1,
 * Hebrew, Arabic, CJK, emoji, bidi controls, C0/C1 controls, raw invalid
 * bytes, NUL, ...) drawn with a fixed-seed xorshift64, so every run tests the
 * same cases and a failure can be reproduced from the printed input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iri_buf.h"
#include "iri_chars.h"
#include "iri_check.h"
#include "iri_ctx.h"
#include "iri_diag.h"
#include "iri_map.h"
#include "iri_parse.h"
#include "iri_utf8.h"
#include "tcheck.h"

#define N_CASES 20000
#define MAX_FAIL_PRINTS 10

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

/* A finding's severity is its code's, but for the RFC 3987 4.2 findings:
 * info when the component displays in reading order, else a warning that
 * says what is seen (doc/design-notes.md, "Bidi findings"). */
static bool severity_ok(const iri_diag *g)
{
	if (g->code == IRI_D_BIDI_MIXED_DIRECTION || g->code == IRI_D_BIDI_BOUNDARY) {
		bool misread = g->detail & (IRI_BIDI_MISREAD_RFC3987 | IRI_BIDI_MISREAD_MARKED);
		return g->severity == (misread ? IRI_SEV_WARNING : IRI_SEV_INFO) && (g->seen != NULL) == misread;
	}
	return g->severity == iri_diag_code_severity(g->code) && !g->seen;
}

static uint64_t xorshift64(void)
{
	uint64_t x = rng_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return rng_state = x;
}

static uint32_t below(uint32_t n)
{
	return (uint32_t)(xorshift64() % n);
}

/* ---- the generator ------------------------------------------------------- */

static void put_cp(iri_buf *b, uint32_t cp)
{
	iri_buf_put_cp(b, cp);
}

static void put_pct(iri_buf *b, uint8_t octet)
{
	static const char up[] = "0123456789ABCDEF", lo[] = "0123456789abcdef";
	const char *hex = below(4) ? up : lo;
	char e[3] = { '%', hex[octet >> 4], hex[octet & 0xF] };
	iri_buf_append(b, e, 3);
}

static void put_pct_cp(iri_buf *b, uint32_t cp)
{
	char u[4];
	iri_buf tmp;
	iri_buf_init(&tmp);
	iri_buf_put_cp(&tmp, cp);
	memcpy(u, tmp.data, tmp.len);
	for (size_t k = 0; k < tmp.len; k++)
		put_pct(b, (uint8_t)u[k]);
	iri_buf_fini(&tmp);
}

static const uint32_t bidi_controls[] = {
	0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069
};

typedef enum {
	A_DELIM, A_LETTER, A_PERCENT, A_HEX, A_PCT_BYTE, A_PCT_UTF8, A_PCT_BAD_UTF8, A_PCT_BIDI,
	A_LATIN1, A_HEBREW, A_ARABIC, A_CJK, A_EMOJI, A_BIDI, A_C0, A_C1, A_RAW_BAD, A_NUL,
	A_UNWISE, A_SPECIAL, A_PREFIX, A_COUNT
} atom;

/* Weights of the atoms; ASCII-only atoms come first in the enum up to A_PCT_BIDI. */
static const unsigned weights[A_COUNT] = {
	[A_DELIM] = 14, [A_LETTER] = 24, [A_PERCENT] = 3, [A_HEX] = 6, [A_PCT_BYTE] = 6,
	[A_PCT_UTF8] = 8, [A_PCT_BAD_UTF8] = 3, [A_PCT_BIDI] = 2, [A_LATIN1] = 4, [A_HEBREW] = 4,
	[A_ARABIC] = 4, [A_CJK] = 4, [A_EMOJI] = 2, [A_BIDI] = 2, [A_C0] = 1, [A_C1] = 1,
	[A_RAW_BAD] = 2, [A_NUL] = 1, [A_UNWISE] = 2, [A_SPECIAL] = 3, [A_PREFIX] = 2,
};

static bool atom_is_ascii(atom a)
{
	return a <= A_PCT_BIDI || a == A_C0 || a == A_NUL || a == A_UNWISE || a == A_PREFIX;
}

static void put_atom(iri_buf *b, atom a)
{
	static const char delims[] = ":/?#[]@!$&'()*+,;=.-_~";
	static const char letters[] = "abcxyzABCXYZ0129";
	static const char hexd[] = "0123456789abcdefABCDEF";
	static const char unwise[] = " <>\"{}|\\^`";
	static const char *const prefixes[] = {
		"http://", "https://h:80/", "x:", "//", "http://[::1]/", "http://[v7.x]:8/", "mailto:",
		"http://u:p@", "xn--", "/./", "../", "http://xn--bcher-kva.example/", "http://192.0.2.1/",
		"http://%C3%BC.example/", "http://M0C5L831.N406.i/", "http://[", "]",
	};
	static const uint32_t specials[] = {
		0x00AD, 0x200B, 0x200C, 0x200D, 0xFE0F, 0x3000, 0x00A0, 0x2215, 0xFF0F, 0x3002, 0xFF41,
		0x0301, 0x212B, 0x0149, 0x0378, 0xE000, 0xFDD0, 0x1FFFE, 0x10FFFD, 0xE0001, 0x0E01,
		0x0915, 0x094D, 0x0430, 0x0661,
	};
	switch (a) {
	case A_DELIM: iri_buf_putc(b, delims[below(sizeof delims - 1)]); break;
	case A_LETTER: iri_buf_putc(b, letters[below(sizeof letters - 1)]); break;
	case A_PERCENT: iri_buf_putc(b, '%'); break;
	case A_HEX: iri_buf_putc(b, hexd[below(sizeof hexd - 1)]); break;
	case A_PCT_BYTE: put_pct(b, (uint8_t)below(256)); break;
	case A_PCT_UTF8: {
		static const uint32_t base[] = { 0xE9, 0x5D0, 0x627, 0x4E00, 0x1F600, 0x7E, 0x41, 0xFC };
		put_pct_cp(b, base[below(8)] + below(16));
		break;
	}
	case A_PCT_BAD_UTF8: {
		static const char *const bad[] = {
			"%C0%AF", "%E0%80%AF", "%ED%A0%80", "%ED%BF%BF", "%F4%90%80%80", "%F8%88%80%80%80",
			"%C3", "%E2%82", "%80", "%FF", "%C1%BF", "%F0%80%80%AF",
		};
		iri_buf_puts(b, bad[below(sizeof bad / sizeof bad[0])]);
		break;
	}
	case A_PCT_BIDI: put_pct_cp(b, bidi_controls[below(12)]); break;
	case A_LATIN1: put_cp(b, 0xA0 + below(0x60)); break;
	case A_HEBREW: put_cp(b, 0x5D0 + below(27)); break;
	case A_ARABIC: put_cp(b, 0x627 + below(36)); break;
	case A_CJK: put_cp(b, 0x4E00 + below(0x5200)); break;
	case A_EMOJI: put_cp(b, 0x1F600 + below(0x50)); break;
	case A_BIDI: put_cp(b, bidi_controls[below(12)]); break;
	case A_C0: iri_buf_putc(b, (char)(below(2) ? below(0x20) + 1 : 0x7F)); break;
	case A_C1: put_cp(b, 0x80 + below(0x20)); break;
	case A_RAW_BAD: iri_buf_putc(b, (char)(0x80 + below(0x80))); break;
	case A_NUL: iri_buf_putc(b, '\0'); break;
	case A_UNWISE: iri_buf_putc(b, unwise[below(sizeof unwise - 1)]); break;
	case A_SPECIAL: put_cp(b, specials[below(sizeof specials / sizeof specials[0])]); break;
	case A_PREFIX: iri_buf_puts(b, prefixes[below(sizeof prefixes / sizeof prefixes[0])]); break;
	case A_COUNT: break;
	}
}

static atom pick_atom(bool ascii_only)
{
	unsigned total = 0;
	for (int a = 0; a < A_COUNT; a++)
		total += ascii_only && !atom_is_ascii((atom)a) ? 0 : weights[a];
	unsigned r = below(total);
	for (int a = 0; a < A_COUNT; a++) {
		unsigned w = ascii_only && !atom_is_ascii((atom)a) ? 0 : weights[a];
		if (r < w)
			return (atom)a;
		r -= w;
	}
	return A_LETTER;
}

/* An input: often starting like an IRI with an authority, then atoms. */
static void generate(iri_buf *b, bool ascii_only)
{
	static const char *const starts[] = { "http://", "https://", "x:", "", "//", "ftp://u@" };
	iri_buf_reset(b);
	iri_buf_puts(b, starts[below(sizeof starts / sizeof starts[0])]);
	uint32_t n = below(40);
	for (uint32_t k = 0; k < n; k++)
		put_atom(b, pick_atom(ascii_only));
}

/* ---- helpers ---------------------------------------------------------------- */

static int fail_prints;

static void report(const char *what, const char *in, size_t len, const char *got, size_t got_len)
{
	if (fail_prints++ >= MAX_FAIL_PRINTS)
		return;
	fprintf(stderr, "  %s\n    input: \"", what);
	for (size_t i = 0; i < len; i++)
		fprintf(stderr, "\\x%02X", (unsigned char)in[i]);
	fprintf(stderr, "\"\n");
	if (got) {
		fprintf(stderr, "    got:   \"");
		for (size_t i = 0; i < got_len; i++) {
			unsigned char c = (unsigned char)got[i];
			if (c >= 0x20 && c < 0x7F && c != '\\')
				fputc(c, stderr);
			else
				fprintf(stderr, "\\x%02X", c);
		}
		fprintf(stderr, "\"\n");
	}
}

static bool printable_ascii_only(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] <= 0x20 || (unsigned char)s[i] >= 0x7F)
			return false;
	return true;
}

static bool same(const iri_buf *a, const iri_buf *b)
{
	return a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

/* RFC 3986 6.2.2.1 and 6.2.2.2: hex digits of escapes in upper case, and
 * escapes of unreserved ASCII decoded.  RFC 3987 3.2 step 2 decodes those
 * (%41 -> A) and to-uri does not re-escape them, so to-uri(to-iri(u)) equals
 * u only up to this normalisation. */
static void normalise(const char *s, size_t n, iri_buf *out)
{
	iri_buf_reset(out);
	for (size_t i = 0; i < n; i++) {
		uint8_t o;
		if (iri_pct_at(s, n, i, &o)) {
			if (iri_is_unreserved_ascii(o))
				iri_buf_putc(out, (char)o);
			else
				iri_buf_put_pct(out, o);
			i += 2;
		} else {
			iri_buf_putc(out, s[i]);
		}
	}
}

/* Bidi controls in s[0..n) that are raw text (not inside an escape). */
static size_t count_bidi(const char *s, size_t n, bool *valid_utf8)
{
	size_t count = 0;
	*valid_utf8 = true;
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		iri_utf8_status st;
		size_t m = iri_utf8_decode((const uint8_t *)s + i, n - i, &cp, &st);
		if (st != IRI_UTF8_OK)
			*valid_utf8 = false;
		else if (iri_is_bidi_control(cp))
			count++;
		i += m;
	}
	return count;
}

/* ---- the properties ----------------------------------------------------------- */

typedef struct {
	iri_ctx *ctx;
	iri_diags *diags;
	iri_buf uri, again, iri, back, na, nb;
	size_t parsed, uris, with_diags;
} props;

static void prop_to_uri(props *p, const char *in, size_t len)
{
	static const iri_host_mode modes[] = { IRI_HOSTMODE_IDNA, IRI_HOSTMODE_PERCENT, IRI_HOSTMODE_ZLD };
	iri_ref ref;
	bool is_iri = iri_parse(in, len, IRI_PARSE_IRI, &ref) == IRI_PARSE_OK;
	p->parsed += is_iri;
	for (size_t m = 0; m < 3; m++) {
		for (int nfc = 0; nfc < 2; nfc++) {
			iri_to_uri_opts o = { .nfc = nfc, .host = modes[m] };
			iri_map_result r = iri_to_uri(p->ctx, in, len, &o, &p->uri);
			CHECK(r == IRI_MAP_OK, "to-uri result %s", iri_map_result_name(r));
			/* (1) ASCII only, no controls (and no space: it is escaped too). */
			bool ok = printable_ascii_only(p->uri.data, p->uri.len);
			CHECK(ok, "to-uri output is printable ASCII (host mode %zu, nfc %d)", m, nfc);
			if (!ok)
				report("to-uri output not printable ASCII", in, len, p->uri.data, p->uri.len);
			/* (2) idempotent */
			iri_to_uri(p->ctx, p->uri.data ? p->uri.data : "", p->uri.len, &o, &p->again);
			ok = same(&p->uri, &p->again);
			CHECK(ok, "to-uri is idempotent (host mode %zu, nfc %d)", m, nfc);
			if (!ok) {
				report("to-uri not idempotent; first", in, len, p->uri.data, p->uri.len);
				report("second", in, len, p->again.data, p->again.len);
			}
			/* (3) an IRI maps to a URI */
			if (is_iri) {
				iri_ref u;
				iri_parse_result pr = iri_parse(p->uri.data ? p->uri.data : "", p->uri.len,
					IRI_PARSE_URI_ONLY, &u);
				CHECK(pr == IRI_PARSE_OK, "to-uri of an IRI is a URI: %s at %zu (host mode %zu)",
					iri_parse_result_name(pr), u.error_byte, m);
				if (pr != IRI_PARSE_OK)
					report("to-uri of an IRI is not a URI", in, len, p->uri.data, p->uri.len);
			}
		}
	}
}

/* (4) for URIs u: to-uri(to-iri(u)) == u, up to normalisation */
static void prop_round_trip(props *p, const char *in, size_t len)
{
	iri_ref ref;
	if (iri_parse(in, len, IRI_PARSE_URI_ONLY, &ref) != IRI_PARSE_OK)
		return;
	p->uris++;
	iri_to_iri(p->ctx, in, len, NULL, &p->iri, NULL);
	iri_to_uri(p->ctx, p->iri.data ? p->iri.data : "", p->iri.len, NULL, &p->back);
	normalise(in, len, &p->na);
	normalise(p->back.data ? p->back.data : "", p->back.len, &p->nb);
	bool ok = same(&p->na, &p->nb);
	CHECK(ok, "to-uri(to-iri(u)) == u up to normalisation");
	if (!ok) {
		report("round trip differs; iri", in, len, p->iri.data, p->iri.len);
		report("uri", in, len, p->back.data, p->back.len);
	}
}

/* (5) spans inside the input, on code point boundaries */
static void prop_spans(props *p, const char *in, size_t len)
{
	iri_check(p->ctx, in, len, NULL, p->diags);
	size_t cps = iri_utf8_count_cp(in, len);
	p->with_diags += iri_diags_count(p->diags) > 0;
	for (size_t i = 0; i < iri_diags_count(p->diags); i++) {
		const iri_diag *g = iri_diags_get(p->diags, i);
		bool ok = g->byte_start <= g->byte_end && g->byte_end <= len && g->cp_start <= g->cp_end &&
		          g->cp_end <= cps;
		/* Boundaries as iri_utf8_decode() segments the text (a bad
		 * sequence is one unit); the code point offsets must agree. */
		ok = ok && iri_utf8_cp_offset(in, len, g->byte_start) == g->cp_start &&
		     iri_utf8_cp_offset(in, len, g->byte_end) == g->cp_end;
		size_t at = 0;
		bool start_ok = false, end_ok = false;
		while (at <= len) {
			start_ok |= at == g->byte_start;
			end_ok |= at == g->byte_end;
			if (at == len)
				break;
			uint32_t cp;
			iri_utf8_status st;
			at += iri_utf8_decode((const uint8_t *)in + at, len - at, &cp, &st);
		}
		ok = ok && start_ok && end_ok;
		CHECK(ok, "span of %s: bytes %zu..%zu cp %zu..%zu in %zu bytes / %zu code points",
			iri_diag_code_name(g->code), g->byte_start, g->byte_end, g->cp_start, g->cp_end, len, cps);
		if (!ok)
			report("bad span", in, len, NULL, 0);
		CHECK(severity_ok(g), "severity of %s", iri_diag_code_name(g->code));
	}
}

/* (6) to-iri never decodes an escape into a bidi control; its output is UTF-8 */
static void prop_to_iri(props *p, const char *in, size_t len)
{
	static const char *const charsets[] = { NULL, "ISO-8859-8", "windows-1256", "Shift_JIS" };
	bool in_valid;
	size_t raw = count_bidi(in, len, &in_valid);
	for (size_t c = 0; c < sizeof charsets / sizeof charsets[0]; c++) {
		for (int h = 0; h < 2; h++) {
			iri_to_iri_opts o = { .host = h ? IRI_HOSTOUT_UNICODE : IRI_HOSTOUT_KEEP, .charset = charsets[c] };
			iri_map_result r = iri_to_iri(p->ctx, in, len, &o, &p->iri, NULL);
			CHECK(r == IRI_MAP_OK, "to-iri result %s", iri_map_result_name(r));
			bool valid;
			size_t out = count_bidi(p->iri.data ? p->iri.data : "", p->iri.len, &valid);
			CHECK(out <= raw, "to-iri decoded a bidi control (charset %s, host %d)",
				charsets[c] ? charsets[c] : "UTF-8", h);
			if (out > raw)
				report("bidi control decoded", in, len, p->iri.data, p->iri.len);
			CHECK(valid, "to-iri output is UTF-8 (charset %s)", charsets[c] ? charsets[c] : "UTF-8");
			if (!valid)
				report("to-iri output not UTF-8", in, len, p->iri.data, p->iri.len);
		}
	}
}

int main(void)
{
	props p;
	memset(&p, 0, sizeof p);
	p.ctx = iri_ctx_new(NULL);
	CHECK(p.ctx != NULL, "context");
	if (!p.ctx)
		return tcheck_done("props");
	p.diags = iri_diags_new();
	iri_buf *bufs[] = { &p.uri, &p.again, &p.iri, &p.back, &p.na, &p.nb };
	for (size_t k = 0; k < sizeof bufs / sizeof bufs[0]; k++)
		iri_buf_init(bufs[k]);
	iri_buf in;
	iri_buf_init(&in);
	int failed_before = tcheck_failed;
	for (int i = 0; i < N_CASES; i++) {
		/* One case in four is ASCII-only, so many are URIs for (4). */
		generate(&in, i % 4 == 0);
		const char *text = in.data ? in.data : "";
		prop_to_uri(&p, text, in.len);
		prop_round_trip(&p, text, in.len);
		prop_spans(&p, text, in.len);
		prop_to_iri(&p, text, in.len);
		if (tcheck_failed != failed_before && fail_prints >= MAX_FAIL_PRINTS)
			break;   /* enough to go on */
	}
	printf("props: %d generated cases: %zu parse as IRIs, %zu as URIs, %zu with findings\n",
		N_CASES, p.parsed, p.uris, p.with_diags);
	iri_buf_fini(&in);
	for (size_t k = 0; k < sizeof bufs / sizeof bufs[0]; k++)
		iri_buf_fini(bufs[k]);
	iri_diags_free(p.diags);
	iri_ctx_free(p.ctx);
	return tcheck_done("props");
}
