/* Invariants of the engine, checked on arbitrary input.
 *
 * Shared by the libFuzzer targets (tests/fuzz/fuzz_*.c, one inv_* call each)
 * and by tests/test_fuzz_regressions.c, which replays every saved crash
 * through all of them in the normal test suite.  A violated invariant is
 * reported on stderr with the name of the check and the input's bytes, then
 * abort() -- libFuzzer saves the input, the unit test fails.
 *
 * Each check is independent of the code it checks where it can be: code
 * points are counted here, not with core's helpers.  Inputs are bytes; any
 * length, any content.  Not thread-safe (one lazily created context). */
#ifndef IRIE_FUZZ_INVARIANTS_H
#define IRIE_FUZZ_INVARIANTS_H

#include <locale.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include "iri.h"
#include "render_bidi.h"
#include "edit_buffer.h"
#ifdef INV_HAVE_KEYS
#include "input_keys.h"
#endif

/* ---- reporting ------------------------------------------------------- */

static const uint8_t *inv_cur_data;
static size_t inv_cur_len;

__attribute__((format(printf, 2, 3), noreturn, unused))
static void inv_fail_(const char *check, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "INVARIANT VIOLATED [%s]: ", check);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n  input (%zu bytes):", inv_cur_len);
	for (size_t i = 0; i < inv_cur_len && i < 256; i++)
		fprintf(stderr, " %02x", inv_cur_data[i]);
	fprintf(stderr, inv_cur_len > 256 ? " ...\n" : "\n");
	abort();
}

/* Checks cond; on failure prints the condition and a formatted explanation. */
#define INV_REQUIRE(check, cond, ...) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond); \
		inv_fail_(check, __VA_ARGS__); \
	} \
} while (0)

static inline void inv_begin(const uint8_t *data, size_t len)
{
	inv_cur_data = data;
	inv_cur_len = len;
}

/* A NUL-terminated copy, so nothing reads past the fuzzer's exact buffer
 * except through the length.  Caller frees. */
static inline char *inv_dup(const uint8_t *data, size_t len)
{
	char *s = malloc(len + 1);
	if (!s)
		abort();
	if (len)
		memcpy(s, data, len);
	s[len] = '\0';
	return s;
}

static inline iri_ctx *inv_ctx_open(iri_ctx **ctx)
{
	if (!*ctx) {
		iri_ctx_result r;
		*ctx = iri_ctx_new(&r);
		if (!*ctx) {
			fprintf(stderr, "iri_ctx_new: %s\n", iri_ctx_result_name(r));
			abort();
		}
	}
	return *ctx;
}
static iri_ctx *inv_ctx_, *inv_quick_ctx_;
static inline iri_ctx *inv_ctx(void)
{
	return inv_ctx_open(&inv_ctx_);
}
/* A second context for the quick lane, so that neither side's memo answers
 * for the other. */
static inline iri_ctx *inv_quick_ctx(void)
{
	return inv_ctx_open(&inv_quick_ctx_);
}

/* ---- UTF-8, counted here --------------------------------------------- */

static inline size_t inv_utf8_next(const uint8_t *s, size_t n, uint32_t *cp);

/* Length of the "unit" at s[0..n) the way core counts code point positions
 * (iri_utf8_count_cp): a well-formed sequence is one unit, and so is each
 * byte of anything else -- the rule render uses too. */
static inline size_t inv_core_unit(const uint8_t *s, size_t n)
{
	uint32_t cp;
	size_t k = inv_utf8_next(s, n, &cp);
	return k ? k : 1;
}

/* Units (code points) starting before byte off. */
static inline size_t inv_core_cp_at(const char *text, size_t len, size_t off)
{
	const uint8_t *s = (const uint8_t *)text;
	size_t cps = 0;
	for (size_t i = 0; i < off && i < len; i += inv_core_unit(s + i, len - i))
		cps++;
	return cps;
}

/* True if off is where a unit starts (or the end). */
static inline bool inv_core_boundary(const char *text, size_t len, size_t off)
{
	const uint8_t *s = (const uint8_t *)text;
	size_t i = 0;
	while (i < off && i < len)
		i += inv_core_unit(s + i, len - i);
	return i == off;
}

/* Strict UTF-8 (RFC 3629): one code point from s[0..n); 0 if ill-formed.
 * ICU's U8_NEXT, as render and input decode (render/sanitize.c). */
static inline size_t inv_utf8_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	int32_t k = 0;
	UChar32 c;
	if (n == 0)
		return 0;
	U8_NEXT(s, k, n < 4 ? (int32_t)n : 4, c);
	if (c < 0)
		return 0;
	*cp = (uint32_t)c;
	return (size_t)k;
}

static inline bool inv_is_utf8(const char *text, size_t len)
{
	const uint8_t *s = (const uint8_t *)text;
	uint32_t cp = 0;
	for (size_t i = 0, k; i < len; i += k)
		if ((k = inv_utf8_next(s + i, len - i, &cp)) == 0)
			return false;
	return true;
}

static inline bool inv_is_ascii(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)text[i] >= 0x80)
			return false;
	return true;
}

static inline bool inv_contains(const char *hay, size_t n, const char *needle, size_t m)
{
	if (m == 0)
		return true;
	for (size_t i = 0; i + m <= n; i++)
		if (memcmp(hay + i, needle, m) == 0)
			return true;
	return false;
}

static inline const char *inv_buf_data(const iri_buf *b)
{
	return b->data ? b->data : "";
}

static inline bool inv_buf_eq(const iri_buf *a, const iri_buf *b)
{
	return a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

/* ---- parse ------------------------------------------------------------ */

static inline void inv_parse_one(const char *text, size_t len, iri_parse_flags flags)
{
	iri_ref ref;
	iri_parse_result r = iri_parse(text, len, flags, &ref);
	INV_REQUIRE("parse", r == ref.result && r < IRI_PARSE_RESULT_COUNT, "result %d / %d", r, ref.result);
	INV_REQUIRE("parse", ref.text == text && ref.len == len, "text/len not the input");
	size_t prev_end = 0;
	/* The enum is in text order: scheme, userinfo, host, port, path, query, fragment. */
	for (int c = 0; c < IRI_COMP_COUNT; c++) {
		const iri_span *sp = &ref.comp[c];
		if (!sp->present)
			continue;
		const char *name = iri_component_name((iri_component)c);
		INV_REQUIRE("parse", sp->start <= sp->end && sp->end <= len,
			"%s span [%zu,%zu) outside [0,%zu]", name, sp->start, sp->end, len);
		INV_REQUIRE("parse", sp->start >= prev_end,
			"%s span [%zu,%zu) starts before the previous component's end %zu",
			name, sp->start, sp->end, prev_end);
		prev_end = sp->end;
		size_t cs = inv_core_cp_at(text, len, sp->start), ce = inv_core_cp_at(text, len, sp->end);
		INV_REQUIRE("parse", sp->cp_start == cs && sp->cp_end == ce,
			"%s span bytes [%zu,%zu) cp [%zu,%zu), counted cp [%zu,%zu)",
			name, sp->start, sp->end, sp->cp_start, sp->cp_end, cs, ce);
	}
	INV_REQUIRE("parse", ref.has_authority == ref.comp[IRI_COMP_HOST].present,
		"has_authority %d but host present %d", ref.has_authority, ref.comp[IRI_COMP_HOST].present);
	INV_REQUIRE("parse", ref.comp[IRI_COMP_PATH].present, "no path span (a path is always present)");
	if (r != IRI_PARSE_OK) {
		INV_REQUIRE("parse", ref.error_byte <= len, "error_byte %zu > len %zu", ref.error_byte, len);
		INV_REQUIRE("parse", ref.error_comp <= IRI_COMP_NONE, "error_comp %d", ref.error_comp);
		if (ref.error_comp < IRI_COMP_COUNT) {
			const iri_span *sp = &ref.comp[ref.error_comp];
			INV_REQUIRE("parse", sp->present && ref.error_byte >= sp->start && ref.error_byte <= sp->end,
				"error_byte %zu outside its component %s [%zu,%zu)", ref.error_byte,
				iri_component_name(ref.error_comp), sp->start, sp->end);
		}
	} else if (flags == IRI_PARSE_URI_ONLY) {
		INV_REQUIRE("parse", inv_is_ascii(text, len), "URI_ONLY accepted non-ASCII");
	} else {
		INV_REQUIRE("parse", inv_is_utf8(text, len), "IRI parse accepted ill-formed UTF-8");
	}
	/* A URI is an IRI. */
	if (flags == IRI_PARSE_URI_ONLY && r == IRI_PARSE_OK) {
		iri_ref r2;
		INV_REQUIRE("parse", iri_parse(text, len, IRI_PARSE_IRI, &r2) == IRI_PARSE_OK,
			"valid URI is not a valid IRI: %s", iri_parse_result_name(r2.result));
	}
	/* iri_split finds the same components. */
	iri_ref sp;
	iri_split(text, len, &sp);
	for (int c = 0; c < IRI_COMP_COUNT; c++)
		INV_REQUIRE("parse", sp.comp[c].present == ref.comp[c].present &&
			(!sp.comp[c].present || (sp.comp[c].start == ref.comp[c].start && sp.comp[c].end == ref.comp[c].end)),
			"iri_split and iri_parse disagree on %s", iri_component_name((iri_component)c));
}

static inline void inv_parse(const uint8_t *data, size_t len)
{
	inv_begin(data, len);
	char *text = inv_dup(data, len);
	inv_parse_one(text, len, IRI_PARSE_IRI);
	inv_parse_one(text, len, IRI_PARSE_URI_ONLY);
	free(text);
}

/* ---- IRI -> URI -------------------------------------------------------- */

static inline void inv_to_uri(const uint8_t *data, size_t len)
{
	static const char *const mode_names[] = { "idna", "percent", "zld" };
	inv_begin(data, len);
	char *text = inv_dup(data, len);
	iri_ctx *ctx = inv_ctx();
	iri_ref ref;
	bool valid_iri = iri_parse(text, len, IRI_PARSE_IRI, &ref) == IRI_PARSE_OK;
	iri_buf out, again, plain;
	iri_buf_init(&out);
	iri_buf_init(&again);
	iri_buf_init(&plain);
	size_t *off = malloc((len + 1) * sizeof *off);
	if (!off)
		abort();
	for (int mode = IRI_HOSTMODE_IDNA; mode <= IRI_HOSTMODE_ZLD; mode++) {
		for (int nfc = 0; nfc <= 1; nfc++) {
			iri_to_uri_opts o = { .nfc = nfc, .host = (iri_host_mode)mode };
			const char *m = mode_names[mode];
			iri_map_result r = iri_to_uri(ctx, text, len, &o, &out);
			INV_REQUIRE("to_uri", r == IRI_MAP_OK, "%s nfc=%d: %s", m, nfc, iri_map_result_name(r));
			for (size_t i = 0; i < out.len; i++) {
				unsigned char c = (unsigned char)out.data[i];
				INV_REQUIRE("to_uri", c >= 0x21 && c < 0x7F,
					"%s nfc=%d: output byte %zu is 0x%02x: \"%s\"", m, nfc, i, c, out.data);
			}
			INV_REQUIRE("to_uri", out.len == 0 || strlen(out.data) == out.len, "NUL inside output");
			r = iri_to_uri(ctx, out.data ? out.data : "", out.len, &o, &again);
			INV_REQUIRE("to_uri", r == IRI_MAP_OK && inv_buf_eq(&out, &again),
				"%s nfc=%d: not idempotent: \"%s\" -> \"%s\"", m, nfc, inv_buf_data(&out), inv_buf_data(&again));
			if (valid_iri) {
				iri_ref u;
				INV_REQUIRE("to_uri", iri_parse(inv_buf_data(&out), out.len, IRI_PARSE_URI_ONLY, &u) == IRI_PARSE_OK,
					"%s nfc=%d: valid IRI mapped to an invalid URI \"%s\": %s at byte %zu", m, nfc,
					inv_buf_data(&out), iri_parse_result_name(u.result), u.error_byte);
			}
			if (nfc)
				continue;
			for (size_t i = 0; i <= len; i++)
				off[i] = (size_t)-1;
			r = iri_to_uri_offsets(ctx, text, len, &o, &plain, off);
			INV_REQUIRE("to_uri", r == IRI_MAP_OK && inv_buf_eq(&out, &plain),
				"%s: iri_to_uri_offsets output differs from iri_to_uri", m);
			for (size_t i = 0; i <= len; i++) {
				INV_REQUIRE("to_uri", off[i] <= plain.len, "%s: offsets[%zu] = %zu > output length %zu",
					m, i, off[i], plain.len);
				INV_REQUIRE("to_uri", i == 0 || off[i] >= off[i - 1], "%s: offsets[%zu] = %zu < offsets[%zu] = %zu",
					m, i, off[i], i - 1, off[i - 1]);
			}
			INV_REQUIRE("to_uri", off[len] == plain.len, "%s: offsets[len] = %zu, output length %zu",
				m, off[len], plain.len);
		}
	}
	free(off);
	iri_buf_fini(&out);
	iri_buf_fini(&again);
	iri_buf_fini(&plain);
	free(text);
}

/* ---- URI -> IRI -------------------------------------------------------- */

static inline bool inv_is_bidi_control(uint32_t cp)
{
	return cp == 0x200E || cp == 0x200F || cp == 0x061C || (cp >= 0x202A && cp <= 0x202E) ||
		(cp >= 0x2066 && cp <= 0x2069);
}

static inline bool inv_is_unreserved(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		c == '-' || c == '.' || c == '_' || c == '~';
}

static inline int inv_hex(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
		c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* RFC 3986 6.2.2.1 and 6.2.2.2: upper-case hex, unreserved escapes decoded. */
static inline void inv_pct_normalise(const char *s, size_t n, iri_buf *out)
{
	static const char hex[] = "0123456789ABCDEF";
	iri_buf_reset(out);
	for (size_t i = 0; i < n; i++) {
		int hi, lo;
		if (s[i] == '%' && i + 2 < n && (hi = inv_hex(s[i + 1])) >= 0 && (lo = inv_hex(s[i + 2])) >= 0) {
			unsigned char c = (unsigned char)(hi << 4 | lo);
			if (inv_is_unreserved(c)) {
				iri_buf_putc(out, (char)c);
			} else {
				iri_buf_putc(out, '%');
				iri_buf_putc(out, hex[hi]);
				iri_buf_putc(out, hex[lo]);
			}
			i += 2;
		} else {
			iri_buf_putc(out, s[i]);
		}
	}
}

static inline void inv_to_iri_one(const char *text, size_t len, const char *charset)
{
	iri_ctx *ctx = inv_ctx();
	iri_buf out;
	iri_buf_init(&out);
	for (int host = IRI_HOSTOUT_KEEP; host <= IRI_HOSTOUT_UNICODE; host++) {
		iri_to_iri_opts o = { .host = (iri_host_out)host, .charset = charset };
		iri_map_result r = iri_to_iri(ctx, text, len, &o, &out, NULL);
		INV_REQUIRE("to_iri", r == IRI_MAP_OK, "charset %s host %d: %s", charset ? charset : "-", host,
			iri_map_result_name(r));
		INV_REQUIRE("to_iri", inv_is_utf8(inv_buf_data(&out), out.len),
			"charset %s host %d: output not UTF-8", charset ? charset : "-", host);
		const uint8_t *s = (const uint8_t *)inv_buf_data(&out);
		uint32_t cp = 0;
		for (size_t i = 0, k; i < out.len; i += k) {
			k = inv_utf8_next(s + i, out.len - i, &cp);
			if (!inv_is_bidi_control(cp))
				continue;
			INV_REQUIRE("to_iri", inv_contains(text, len, (const char *)s + i, k),
				"charset %s host %d: output has bidi control U+%04X at byte %zu not in the input: \"%s\"",
				charset ? charset : "-", host, cp, i, inv_buf_data(&out));
		}
		/* ASCII URIs come back: to_uri(to_iri(u)) == u up to 6.2.2.1/6.2.2.2. */
		iri_ref ref;
		if (!charset && host == IRI_HOSTOUT_KEEP && inv_is_ascii(text, len) &&
		    iri_parse(text, len, IRI_PARSE_URI_ONLY, &ref) == IRI_PARSE_OK) {
			iri_buf back, n1, n2;
			iri_buf_init(&back);
			iri_buf_init(&n1);
			iri_buf_init(&n2);
			iri_to_uri_opts uo = { .nfc = false, .host = IRI_HOSTMODE_IDNA };
			r = iri_to_uri(ctx, inv_buf_data(&out), out.len, &uo, &back);
			INV_REQUIRE("to_iri", r == IRI_MAP_OK, "to_uri of to_iri output: %s", iri_map_result_name(r));
			inv_pct_normalise(text, len, &n1);
			inv_pct_normalise(inv_buf_data(&back), back.len, &n2);
			INV_REQUIRE("to_iri", inv_buf_eq(&n1, &n2),
				"round trip: u \"%s\" -> iri \"%s\" -> uri \"%s\"; normalised \"%s\" != \"%s\"",
				text, inv_buf_data(&out), inv_buf_data(&back), inv_buf_data(&n1), inv_buf_data(&n2));
			iri_buf_fini(&back);
			iri_buf_fini(&n1);
			iri_buf_fini(&n2);
		}
	}
	iri_buf_fini(&out);
}

/* The to-iri quick lane (core/iri_quick_iri.h) agrees with the full path
 * whenever it decides: no error from iri_check, iri_to_iri's IRI. */
static inline void inv_quick_to_iri(const char *text, size_t len)
{
	iri_ctx *ctx = inv_ctx();
	iri_buf quick, full;
	iri_buf_init(&quick);
	iri_buf_init(&full);
	iri_quick_verdict v = iri_quick_to_iri(inv_quick_ctx(), text, len, &quick);
	INV_REQUIRE("quick_iri", v == IRI_QUICK_FULL || v == IRI_QUICK_NO_ERRORS, "verdict %s",
		iri_quick_verdict_name(v));
	if (v != IRI_QUICK_FULL) {
		iri_diags *diags = iri_diags_new();
		iri_check(ctx, text, len, NULL, diags);
		INV_REQUIRE("quick_iri", !iri_diags_has_errors(diags), "NO_ERRORS but check found an error (first %s)",
			iri_diag_code_name(iri_diags_get(diags, 0)->code));
		iri_diags_free(diags);
		iri_map_result r = iri_to_iri(ctx, text, len, NULL, &full, NULL);
		INV_REQUIRE("quick_iri", r == IRI_MAP_OK && inv_buf_eq(&quick, &full), "IRI \"%s\", iri_to_iri gives \"%s\"",
			inv_buf_data(&quick), inv_buf_data(&full));
	}
	iri_buf_fini(&quick);
	iri_buf_fini(&full);
}

static inline void inv_to_iri(const uint8_t *data, size_t len)
{
	static const char *const charsets[] = { "Shift_JIS", "EUC-JP", "ISO-8859-8", "windows-1256", "KOI8-R" };
	inv_begin(data, len);
	char *text = inv_dup(data, len);
	inv_to_iri_one(text, len, NULL);
	inv_quick_to_iri(text, len);
	if (len > 0)
		inv_to_iri_one(text + 1, len - 1, charsets[data[0] % 5]);
	free(text);
}

/* ---- check ------------------------------------------------------------ */

/* What a bidi finding says is seen: well-formed UTF-8 with no control and
 * no format character (it goes to terminals). */
static inline bool inv_seen_safe(const char *seen)
{
	size_t n = strlen(seen);
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		iri_utf8_status st;
		size_t k = iri_utf8_decode((const uint8_t *)seen + i, n - i, &cp, &st);
		if (st != IRI_UTF8_OK || cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) ||
		    u_charType((UChar32)cp) == U_FORMAT_CHAR)
			return false;
		i += k;
	}
	return true;
}

static inline bool inv_same_text(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* The errors-only lane's findings (IRI_QUICK_ERRORS) are iri_check()'s
 * errors exactly, in order. */
static inline void inv_same_errors(const iri_diags *diags, const iri_diags *found)
{
	size_t k = 0;
	for (size_t i = 0; i < iri_diags_count(diags); i++) {
		const iri_diag *d = iri_diags_get(diags, i);
		if (d->severity != IRI_SEV_ERROR)
			continue;
		const iri_diag *e = k < iri_diags_count(found) ? iri_diags_get(found, k) : NULL;
		k++;
		INV_REQUIRE("quick", e && e->code == d->code && e->severity == d->severity &&
			e->component == d->component && e->byte_start == d->byte_start && e->byte_end == d->byte_end &&
			e->cp_start == d->cp_start && e->cp_end == d->cp_end && e->detail == d->detail &&
			inv_same_text(e->rule, d->rule) && inv_same_text(e->suggestion, d->suggestion) &&
			inv_same_text(e->seen, d->seen),
			"check's error %zu (%s at byte %zu) is not the errors-only lane's", k,
			iri_diag_code_name(d->code), d->byte_start);
	}
	INV_REQUIRE("quick", k > 0 && k == iri_diags_count(found), "the errors-only lane found %zu errors, check %zu",
		iri_diags_count(found), k);
}

static inline void inv_check(const uint8_t *data, size_t len)
{
	static const iri_severity catalogue[IRI_D_COUNT] = {
#define INV_SEV_(code, sev, rule) IRI_SEV_##sev,
		IRI_DIAG_CODES(INV_SEV_)
#undef INV_SEV_
	};
	inv_begin(data, len);
	char *text = inv_dup(data, len);
	iri_ctx *ctx = inv_ctx();
	iri_diags *diags = iri_diags_new();
	if (!diags)
		abort();
	iri_ref ref;
	iri_check(ctx, text, len, &ref, diags);
	size_t n = iri_diags_count(diags), n_cp = inv_core_cp_at(text, len, len);
	INV_REQUIRE("check", n <= IRI_DIAGS_MAX + 1, "%zu diagnostics", n);
	size_t prev_start = 0;
	for (size_t i = 0; i < n; i++) {
		const iri_diag *d = iri_diags_get(diags, i);
		INV_REQUIRE("check", d && d->code < IRI_D_COUNT, "diagnostic %zu: bad code", i);
		const char *name = iri_diag_code_name(d->code);
		/* The RFC 3987 4.2 findings: info when the component displays in
		 * reading order, else a warning with what is seen
		 * (doc/design-notes.md, "Bidi findings"); the rest: the catalogue's. */
		bool bidi_rule = d->code == IRI_D_BIDI_MIXED_DIRECTION || d->code == IRI_D_BIDI_BOUNDARY;
		bool misread = bidi_rule && (d->detail & (IRI_BIDI_MISREAD_RFC3987 | IRI_BIDI_MISREAD_MARKED));
		iri_severity want = bidi_rule ? (misread ? IRI_SEV_WARNING : IRI_SEV_INFO) : catalogue[d->code];
		INV_REQUIRE("check", d->severity == want, "%s: severity %d, want %d", name, d->severity, want);
		INV_REQUIRE("check", !d->seen || (misread && d->seen[0] && inv_seen_safe(d->seen)),
			"%s: what is seen, but %s", name, misread ? "not text" : "not misread");
		INV_REQUIRE("check", d->component <= IRI_COMP_NONE, "%s: component %d", name, d->component);
		INV_REQUIRE("check", d->rule != NULL, "%s: no rule", name);
		if (d->code == IRI_D_TOO_MANY_DIAGNOSTICS) {
			INV_REQUIRE("check", i == n - 1 && n == IRI_DIAGS_MAX + 1,
				"TOO_MANY_DIAGNOSTICS at %zu of %zu", i, n);
			continue;
		}
		INV_REQUIRE("check", i < IRI_DIAGS_MAX, "%zu kept diagnostics", i + 1);
		INV_REQUIRE("check", d->byte_start <= d->byte_end && d->byte_end <= len,
			"%s: bytes [%zu,%zu) outside [0,%zu]", name, d->byte_start, d->byte_end, len);
		INV_REQUIRE("check", inv_core_boundary(text, len, d->byte_start) && inv_core_boundary(text, len, d->byte_end),
			"%s: bytes [%zu,%zu) not on code point boundaries", name, d->byte_start, d->byte_end);
		INV_REQUIRE("check", d->cp_start <= d->cp_end && d->cp_end <= n_cp,
			"%s: cp [%zu,%zu) outside [0,%zu]", name, d->cp_start, d->cp_end, n_cp);
		size_t cs = inv_core_cp_at(text, len, d->byte_start), ce = inv_core_cp_at(text, len, d->byte_end);
		INV_REQUIRE("check", d->cp_start == cs && d->cp_end == ce,
			"%s: bytes [%zu,%zu) cp [%zu,%zu), counted cp [%zu,%zu)", name,
			d->byte_start, d->byte_end, d->cp_start, d->cp_end, cs, ce);
		INV_REQUIRE("check", d->byte_start >= prev_start, "%s: not sorted by position", name);
		prev_start = d->byte_start;
	}
	INV_REQUIRE("check", iri_diags_has_errors(diags) || ref.result == IRI_PARSE_OK,
		"parse failed (%s) but no error diagnostic", iri_parse_result_name(ref.result));
	/* The quick lane agrees with the full path whenever it decides. */
	iri_buf quick_uri, full_uri;
	iri_buf_init(&quick_uri);
	iri_buf_init(&full_uri);
	iri_quick_verdict v = iri_quick_scan(inv_quick_ctx(), text, len, &quick_uri);
	INV_REQUIRE("quick", v != IRI_QUICK_CLEAN || n == 0, "CLEAN but check found %zu (first %s)", n,
		n ? iri_diag_code_name(iri_diags_get(diags, 0)->code) : "");
	INV_REQUIRE("quick", v == IRI_QUICK_FULL || !iri_diags_has_errors(diags), "%s but check found an error",
		iri_quick_verdict_name(v));
	if (v != IRI_QUICK_FULL) {
		iri_to_uri(ctx, text, len, NULL, &full_uri);
		INV_REQUIRE("quick", inv_buf_eq(&quick_uri, &full_uri), "URI \"%s\", iri_to_uri gives \"%s\"",
			inv_buf_data(&quick_uri), inv_buf_data(&full_uri));
	}
	/* The errors-only lane: never CLEAN, decides whatever the lane does,
	 * no error where it says NO_ERRORS, check's errors exactly where it
	 * takes them (ERRORS), the same URI. */
	iri_buf_reset(&quick_uri);   /* (it appends) */
	iri_diags *found = iri_diags_new();
	iri_quick_verdict ve = iri_quick_scan_errors(inv_quick_ctx(), text, len, &quick_uri, found);
	INV_REQUIRE("quick", ve != IRI_QUICK_CLEAN, "the errors-only lane said CLEAN");
	INV_REQUIRE("quick", v == IRI_QUICK_FULL || ve == IRI_QUICK_NO_ERRORS, "%s, but the errors-only lane said %s",
		iri_quick_verdict_name(v), iri_quick_verdict_name(ve));
	INV_REQUIRE("quick", ve != IRI_QUICK_NO_ERRORS || !iri_diags_has_errors(diags),
		"errors-only %s but check found an error", iri_quick_verdict_name(ve));
	if (ve == IRI_QUICK_ERRORS)
		inv_same_errors(diags, found);
	iri_diags_free(found);
	if (ve != IRI_QUICK_FULL) {
		iri_to_uri(ctx, text, len, NULL, &full_uri);
		INV_REQUIRE("quick", inv_buf_eq(&quick_uri, &full_uri),
			"errors-only URI \"%s\", iri_to_uri gives \"%s\"", inv_buf_data(&quick_uri), inv_buf_data(&full_uri));
	}
	iri_buf_fini(&quick_uri);
	iri_buf_fini(&full_uri);
	iri_diags_free(diags);
	free(text);
}

/* ---- hosts ------------------------------------------------------------ */

static inline void inv_host(const uint8_t *data, size_t len)
{
	inv_begin(data, len);
	char *text = inv_dup(data, len);
	iri_ctx *ctx = inv_ctx();
	iri_host_forms f;
	iri_host_forms_init(&f);
	iri_host_result r = iri_host_analyse(ctx, text, len, &f);
	INV_REQUIRE("host", r != IRI_HOST_NO_MEMORY || len > 4096, "NO_MEMORY on %zu bytes", len);
	if (r != IRI_HOST_NO_MEMORY) {
		const struct { const char *name; const iri_buf *b; bool ascii; } forms[] = {
			/* With UTS #46 errors ICU leaves U+FFFD in the A-label forms. */
			{ "unicode", &f.unicode, false }, { "idna", &f.idna, f.idna_errors == 0 },
			{ "idna_transitional", &f.idna_transitional, f.idna_transitional_errors == 0 },
			{ "percent", &f.percent, true }, { "zld", &f.zld, true },
		};
		for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
			const iri_buf *b = forms[i].b;
			INV_REQUIRE("host", inv_is_utf8(inv_buf_data(b), b->len), "%s form not UTF-8", forms[i].name);
			INV_REQUIRE("host", !forms[i].ascii || inv_is_ascii(inv_buf_data(b), b->len),
				"%s form not ASCII: \"%s\"", forms[i].name, inv_buf_data(b));
		}
	}
	iri_host_forms_fini(&f);

	iri_diags *diags = iri_diags_new();
	if (!diags)
		abort();
	iri_host_diagnose(ctx, text, 0, len, diags);
	iri_diags_finish(diags, text, len);
	for (size_t i = 0; i < iri_diags_count(diags); i++) {
		const iri_diag *d = iri_diags_get(diags, i);
		INV_REQUIRE("host", d->code == IRI_D_TOO_MANY_DIAGNOSTICS ||
			(d->byte_start <= d->byte_end && d->byte_end <= len),
			"%s: bytes [%zu,%zu) outside the host", iri_diag_code_name(d->code), d->byte_start, d->byte_end);
	}
	iri_diags_free(diags);

	/* ZLD: decode(encode(x)) == x for one well-formed label (no UTS #46
	 * label separator: encode ends a label there). */
	bool one_label = len > 0 && inv_is_utf8(text, len) && !memchr(text, '\0', len);
	for (size_t i = 0; one_label && i < len; i++)
		one_label = iri_label_separator_at(text + i, len - i) == 0;
	if (one_label) {
		iri_buf enc, dec;
		iri_buf_init(&enc);
		iri_buf_init(&dec);
		bool ok = iri_zld_encode(text, len, &enc);
		INV_REQUIRE("host", ok, "zld_encode refused a well-formed label");
		INV_REQUIRE("host", inv_is_ascii(inv_buf_data(&enc), enc.len), "zld_encode gave non-ASCII");
		ok = iri_zld_decode(inv_buf_data(&enc), enc.len, &dec);
		INV_REQUIRE("host", ok && dec.len == len && memcmp(dec.data, text, len) == 0,
			"zld_decode(zld_encode(x)) != x: encoded \"%s\", decode %s", inv_buf_data(&enc), ok ? "differs" : "failed");
		iri_buf_fini(&enc);
		iri_buf_fini(&dec);
	}
	free(text);
}

/* ---- resolve and compare ---------------------------------------------- */

static inline bool inv_scheme(const char *s, size_t n, const char **scheme, size_t *scheme_len)
{
	iri_ref r;
	iri_split(s, n, &r);
	if (!r.comp[IRI_COMP_SCHEME].present)
		return false;
	*scheme = s + r.comp[IRI_COMP_SCHEME].start;
	*scheme_len = r.comp[IRI_COMP_SCHEME].end - r.comp[IRI_COMP_SCHEME].start;
	return true;
}

static inline void inv_resolve(const uint8_t *data, size_t len)
{
	inv_begin(data, len);
	size_t cut = 0;
	while (cut < len && data[cut] != 0 && data[cut] != '\n')
		cut++;
	char *base = inv_dup(data, cut);
	size_t base_len = cut;
	size_t ref_len = cut < len ? len - cut - 1 : 0;
	char *ref = inv_dup(cut < len ? data + cut + 1 : data, ref_len);
	iri_ctx *ctx = inv_ctx();

	iri_buf out1, out2;
	iri_buf_init(&out1);
	iri_buf_init(&out2);
	iri_resolve_result r1 = iri_resolve(base, base_len, ref, ref_len, &out1);
	iri_resolve_result r2 = iri_resolve(base, base_len, ref, ref_len, &out2);
	INV_REQUIRE("resolve", r1 == r2 && inv_buf_eq(&out1, &out2), "not deterministic");
	INV_REQUIRE("resolve", r1 != IRI_RESOLVE_NO_MEMORY, "NO_MEMORY");
	const char *bs, *rs, *os;
	size_t bsl, rsl, osl;
	bool base_abs = inv_scheme(base, base_len, &bs, &bsl);
	if (r1 == IRI_RESOLVE_OK) {
		bool has = inv_scheme(inv_buf_data(&out1), out1.len, &os, &osl);
		if (inv_scheme(ref, ref_len, &rs, &rsl))
			INV_REQUIRE("resolve", has && osl == rsl && memcmp(os, rs, rsl) == 0,
				"result \"%s\" does not have the reference's scheme", inv_buf_data(&out1));
		else if (base_abs)
			INV_REQUIRE("resolve", has && osl == bsl && memcmp(os, bs, bsl) == 0,
				"result \"%s\" does not have the base's scheme \"%.*s\"", inv_buf_data(&out1), (int)bsl, bs);
		/* Resolving the result against the base gives it back (RFC 3986 5.2.2: it has a scheme). */
		if (has) {
			r2 = iri_resolve(base, base_len, inv_buf_data(&out1), out1.len, &out2);
			INV_REQUIRE("resolve", r2 == IRI_RESOLVE_OK, "re-resolving the result: %s", iri_resolve_result_name(r2));
		}
	} else if (r1 == IRI_RESOLVE_BASE_NOT_ABSOLUTE) {
		INV_REQUIRE("resolve", !base_abs, "BASE_NOT_ABSOLUTE for a base with a scheme");
	}

	INV_REQUIRE("resolve", iri_compare(ctx, base, base_len, base, base_len) == IRI_CMP_SIMPLE, "compare(base, base)");
	INV_REQUIRE("resolve", iri_compare(ctx, ref, ref_len, ref, ref_len) == IRI_CMP_SIMPLE, "compare(ref, ref)");
	iri_compare_level ab = iri_compare(ctx, base, base_len, ref, ref_len);
	iri_compare_level ba = iri_compare(ctx, ref, ref_len, base, base_len);
	INV_REQUIRE("resolve", ab == ba, "compare not symmetric: %d / %d", ab, ba);
	INV_REQUIRE("resolve", ab != IRI_CMP_SIMPLE || (base_len == ref_len && memcmp(base, ref, ref_len) == 0),
		"SIMPLE for different strings");
	iri_buf_fini(&out1);
	iri_buf_fini(&out2);
	free(base);
	free(ref);
}

/* ---- render ----------------------------------------------------------- */

/* Logical positions the way render counts them: a well-formed sequence is
 * one, every byte of anything else is one. */
static inline size_t inv_render_len(const char *text, size_t len)
{
	const uint8_t *s = (const uint8_t *)text;
	size_t n = 0;
	uint32_t cp = 0;
	for (size_t i = 0, k; i < len; i += k, n++)
		if ((k = inv_utf8_next(s + i, len - i, &cp)) == 0)
			k = 1;
	return n;
}

static inline bool inv_unsafe_cp(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 ||
		u_charType((UChar32)cp) == U_FORMAT_CHAR || u_charType((UChar32)cp) == U_CONTROL_CHAR;
}

static rnd_display *inv_display_;

static inline void inv_render_form(rnd_display *d, rnd_form f, size_t n, int shape)
{
	const char *fn = rnd_form_name(f);
	size_t len, n_cells;
	(void)rnd_form_text(d, f, &len);
	const size_t *v2l = rnd_form_v2l(d, f), *l2v = rnd_form_l2v(d, f);
	INV_REQUIRE("render", n == 0 || (v2l && l2v), "%s: no maps", fn);
	unsigned char *seen = calloc(n + 1, 1);
	if (!seen)
		abort();
	for (size_t v = 0; v < len; v++) {
		size_t l = v2l[v];
		if (l == RND_NO_CP) {
			INV_REQUIRE("render", f == RND_FORM_MARKED, "%s (shape %d): inserted mark at vis %zu", fn, shape, v);
			continue;
		}
		INV_REQUIRE("render", l < n, "%s (shape %d): v2l[%zu] = %zu >= %zu", fn, shape, v, l, n);
		INV_REQUIRE("render", !seen[l], "%s (shape %d): logical %zu shown twice", fn, shape, l);
		seen[l] = 1;
		INV_REQUIRE("render", l2v[l] == v, "%s (shape %d): l2v[v2l[%zu] = %zu] = %zu", fn, shape, v, l, l2v[l]);
	}
	for (size_t l = 0; l < n; l++)
		INV_REQUIRE("render", seen[l], "%s (shape %d): logical %zu never shown", fn, shape, l);
	free(seen);

	const rnd_cell *cells = rnd_form_cells(d, f, &n_cells);
	INV_REQUIRE("render", n_cells <= len, "%s: %zu cells for %zu positions", fn, n_cells, len);
	for (size_t i = 0; i < n_cells; i++) {
		const rnd_cell *c = &cells[i];
		size_t tl = strnlen(c->text, sizeof c->text);
		INV_REQUIRE("render", tl < sizeof c->text, "%s: cell %zu text not terminated", fn, i);
		INV_REQUIRE("render", tl > 0, "%s: cell %zu empty", fn, i);
		INV_REQUIRE("render", inv_is_utf8(c->text, tl), "%s (shape %d): cell %zu text not UTF-8", fn, shape, i);
		uint32_t cp = 0;
		for (size_t k = 0, m; k < tl; k += m) {
			m = inv_utf8_next((const uint8_t *)c->text + k, tl - k, &cp);
			INV_REQUIRE("render", !inv_unsafe_cp(cp), "%s (shape %d): cell %zu (logical [%zu,%zu)) shows U+%04X",
				fn, shape, i, c->cp_start, c->cp_end, cp);
		}
		INV_REQUIRE("render", c->vis < len, "%s: cell %zu vis %zu", fn, i, c->vis);
		INV_REQUIRE("render", i == 0 || c->vis > cells[i - 1].vis, "%s: cells not in display order", fn);
		if (c->cp_start == RND_NO_CP)
			continue;
		INV_REQUIRE("render", c->cp_start < c->cp_end && c->cp_end <= n,
			"%s (shape %d): cell %zu logical [%zu,%zu) of %zu", fn, shape, i, c->cp_start, c->cp_end, n);
		for (size_t l = c->cp_start; l < c->cp_end; l++)
			INV_REQUIRE("render", rnd_form_cell_of_cp(d, f, l) == i,
				"%s (shape %d): cell %zu shows logical [%zu,%zu) but cell_of_cp(%zu) = %zu",
				fn, shape, i, c->cp_start, c->cp_end, l, rnd_form_cell_of_cp(d, f, l));
	}
	for (size_t l = 0; l < n; l++) {
		size_t ci = rnd_form_cell_of_cp(d, f, l);
		INV_REQUIRE("render", ci < n_cells && cells[ci].cp_start != RND_NO_CP &&
			cells[ci].cp_start <= l && l < cells[ci].cp_end,
			"%s (shape %d): cell_of_cp(%zu) = %zu does not show it", fn, shape, l, ci);
	}
	INV_REQUIRE("render", rnd_form_cell_of_cp(d, f, n) == n_cells, "%s: cell_of_cp(len) != n_cells", fn);
}

static inline void inv_render(const uint8_t *data, size_t len)
{
	inv_begin(data, len);
	/* wcwidth() needs a UTF-8 locale, as in the app. */
	static bool locale_set;
	if (!locale_set) {
		if (!setlocale(LC_CTYPE, "C.UTF-8"))
			setlocale(LC_CTYPE, "");
		locale_set = true;
	}
	char *text = inv_dup(data, len);
	if (!inv_display_ && !(inv_display_ = rnd_display_new()))
		abort();
	rnd_display *d = inv_display_;
	/* Component spans from the parser, as the app passes them. */
	iri_ref ref;
	iri_parse(text, len, IRI_PARSE_IRI, &ref);
	rnd_span spans[IRI_COMP_COUNT];
	size_t n_spans = 0;
	for (int c = 0; c < IRI_COMP_COUNT; c++)
		if (ref.comp[c].present)
			spans[n_spans++] = (rnd_span){ ref.comp[c].cp_start, ref.comp[c].cp_end, c };
	size_t n = inv_render_len(text, len);
	for (int shape = 0; shape <= 1; shape++) {
		rnd_options o = { .shape_arabic = shape };
		rnd_result r = rnd_display_build(d, text, len, spans, n_spans, &o);
		INV_REQUIRE("render", r == RND_OK, "build: %s", rnd_result_name(r));
		INV_REQUIRE("render", rnd_logical_len(d) == n, "logical length %zu, counted %zu", rnd_logical_len(d), n);
		INV_REQUIRE("render", rnd_cp_byte(d, n) == len, "cp_byte(len) = %zu", rnd_cp_byte(d, n));
		for (int f = 0; f < RND_FORM_COUNT; f++)
			inv_render_form(d, (rnd_form)f, n, shape);
	}
	free(text);
}

/* ---- edit buffer ------------------------------------------------------ */

static inline void inv_edb_state(const edb_buffer *b, const char *what)
{
	size_t n;
	const char *t = edb_text(b, &n);
	INV_REQUIRE("edit", t != NULL && t[n] == '\0', "after %s: text not terminated", what);
	INV_REQUIRE("edit", strlen(t) == n, "after %s: NUL inside the text", what);
	INV_REQUIRE("edit", inv_is_utf8(t, n), "after %s: text not UTF-8", what);
	size_t c = edb_cursor(b);
	INV_REQUIRE("edit", c <= n, "after %s: cursor %zu > length %zu", what, c, n);
	INV_REQUIRE("edit", c == n || ((unsigned char)t[c] & 0xC0) != 0x80,
		"after %s: cursor %zu inside a code point", what, c);
	size_t kn;
	const char *k = edb_kill_text(b, &kn);
	INV_REQUIRE("edit", k != NULL && strlen(k) == kn && inv_is_utf8(k, kn), "after %s: kill text", what);
}

/* Undo everything, redo everything: the text must come back. */
static inline void inv_edb_undo_redo_all(edb_buffer *b)
{
	size_t n;
	const char *t = edb_text(b, &n);
	char *saved = inv_dup((const uint8_t *)t, n);
	size_t undone = 0, redone = 0;
	while (edb_undo(b) == EDB_OK) {
		inv_edb_state(b, "undo");
		undone++;
		INV_REQUIRE("edit", undone <= EDB_MAX_UNDO_STEPS, "more than %d undo steps", EDB_MAX_UNDO_STEPS);
	}
	INV_REQUIRE("edit", !edb_can_undo(b), "undo failed but can_undo");
	/* Exactly as many: steps undone before this stay on the redo list. */
	while (redone < undone) {
		edb_result r = edb_redo(b);
		INV_REQUIRE("edit", r == EDB_OK, "redo %zu of %zu undone steps: %s", redone + 1, undone,
			edb_result_name(r));
		inv_edb_state(b, "redo");
		redone++;
	}
	t = edb_text(b, &n);
	INV_REQUIRE("edit", strlen(saved) == n && memcmp(saved, t, n) == 0,
		"undo all + redo all: \"%s\" became \"%s\"", saved, t);
	free(saved);
}

/* One scripted operation: op byte, then payload bytes from data[*i..). */
static inline void inv_edb_op(edb_buffer *b, const uint8_t *data, size_t len, size_t *i)
{
	uint8_t op = data[(*i)++];
	size_t before_len;
	const char *before_t = edb_text(b, &before_len);
	char *before = inv_dup((const uint8_t *)before_t, before_len);
	size_t before_cursor = edb_cursor(b);
	size_t plen = 0;
	const char *payload = NULL;
	if ((op % 24) == 0 || (op % 24) == 1 || (op % 24) == 2) {
		/* Length byte, then that many bytes (raw: refusals are tested too). */
		plen = *i < len ? data[(*i)++] % 32 : 0;
		if (plen > len - *i)
			plen = len - *i;
		payload = (const char *)data + *i;
		*i += plen;
	}
	size_t a = *i < len ? data[(*i)] : 0;
	edb_result r;
	const char *name;
	switch (op % 24) {
	case 0: case 1: name = "insert"; r = edb_insert(b, payload, plen); break;
	case 2:
		name = "replace_range";
		{
			size_t n = before_len + 1;
			size_t s = *i < len ? data[(*i)++] % n : 0;
			size_t e = *i < len ? data[(*i)++] % n : 0;
			r = edb_replace_range(b, s, e, payload, plen);
		}
		break;
	case 3: name = "set_cursor"; (*i)++; r = edb_set_cursor(b, a % (before_len + 2)); break;
	case 4: name = "move_grapheme"; (*i)++; r = edb_move_grapheme(b, (long)(int8_t)a % 5); break;
	case 5: name = "home"; r = edb_home(b); break;
	case 6: name = "end"; r = edb_end(b); break;
	case 7: name = "word_backward"; r = edb_word_backward(b); break;
	case 8: name = "word_forward"; r = edb_word_forward(b); break;
	case 9: name = "delete_backward"; r = edb_delete_backward_grapheme(b); break;
	case 10: name = "delete_forward"; r = edb_delete_forward_grapheme(b); break;
	case 11: name = "kill_to_end"; r = edb_kill_to_end(b); break;
	case 12: name = "kill_to_start"; r = edb_kill_to_start(b); break;
	case 13: name = "kill_word_backward"; r = edb_kill_word_backward(b); break;
	case 14: name = "kill_word_forward"; r = edb_kill_word_forward(b); break;
	case 15: name = "yank"; r = edb_yank(b); break;
	case 16: case 17: name = "undo"; r = edb_undo(b); break;
	case 18: name = "redo"; r = edb_redo(b); break;
	case 19: name = "undo_boundary"; edb_undo_boundary(b); r = EDB_OK; break;
	case 20: name = "set_text"; r = edb_set_text(b, before, before_len / 2); break;
	case 21: name = "clear_history"; if (a == 0x42) edb_clear_history(b); r = EDB_OK; break;
	case 22: name = "insert_own_text"; {
			size_t n;
			const char *t = edb_text(b, &n);
			r = edb_insert(b, t, n / 3);   /* may point into the buffer itself */
		}
		break;
	default: name = "undo_redo_all"; inv_edb_undo_redo_all(b); r = EDB_OK; break;
	}
	inv_edb_state(b, name);
	if (r != EDB_OK) {
		size_t n;
		const char *t = edb_text(b, &n);
		INV_REQUIRE("edit", n == before_len && memcmp(t, before, n) == 0 && edb_cursor(b) == before_cursor,
			"%s failed (%s) but changed the text or cursor", name, edb_result_name(r));
	}
	if (r == EDB_OK && (op % 24) <= 1) {
		INV_REQUIRE("edit", inv_is_utf8(payload, plen) && !memchr(payload, 0, plen),
			"insert accepted an ill-formed payload");
	}
	free(before);
}

static inline void inv_edit(const uint8_t *data, size_t len)
{
	inv_begin(data, len);
	edb_buffer *b = edb_new();
	if (!b)
		abort();
	inv_edb_state(b, "new");
	for (size_t i = 0; i < len;)
		inv_edb_op(b, data, len, &i);
	inv_edb_undo_redo_all(b);
	edb_free(b);
}

/* ---- key decoder ------------------------------------------------------ */

#ifdef INV_HAVE_KEYS
static inline void inv_keys_apply(edb_buffer *b, ink_event ev)
{
	switch (ev.kind) {
	case INK_EV_NONE:
		break;
	case INK_EV_TEXT:
	case INK_EV_PASTE:
		INV_REQUIRE("keys", ev.text != NULL || ev.text_len == 0, "event text NULL");
		INV_REQUIRE("keys", inv_is_utf8(ev.text, ev.text_len), "%s text not UTF-8",
			ev.kind == INK_EV_TEXT ? "TEXT" : "PASTE");
		INV_REQUIRE("keys", !memchr(ev.text, 0, ev.text_len), "event text has NUL");
		if (ev.kind == INK_EV_PASTE)
			INV_REQUIRE("keys", !memchr(ev.text, '\r', ev.text_len) && !memchr(ev.text, '\n', ev.text_len),
				"paste text has CR/LF");
		INV_REQUIRE("keys", ev.text_len <= INK_PASTE_MAX_BYTES, "event text %zu bytes", ev.text_len);
		edb_insert(b, ev.text, ev.text_len);
		if (ev.kind == INK_EV_PASTE) {
			edb_undo_boundary(b);
			break;
		}
		/* TEXT may carry an action, done after the insert. */
		inv_edb_state(b, "key text");
		/* fall through */
	case INK_EV_ACTION:
		INV_REQUIRE("keys", ev.action < INK_ACT_COUNT, "action %d", ev.action);
		switch (ev.action) {
		case INK_ACT_LEFT: case INK_ACT_BACK_CHAR: edb_move_grapheme(b, -1); break;
		case INK_ACT_RIGHT: case INK_ACT_FORWARD_CHAR: edb_move_grapheme(b, 1); break;
		case INK_ACT_WORD_LEFT: edb_word_backward(b); break;
		case INK_ACT_WORD_RIGHT: edb_word_forward(b); break;
		case INK_ACT_HOME: edb_home(b); break;
		case INK_ACT_END: edb_end(b); break;
		case INK_ACT_DELETE_BACK: edb_delete_backward_grapheme(b); break;
		case INK_ACT_DELETE_FORWARD: edb_delete_forward_grapheme(b); break;
		case INK_ACT_KILL_END: edb_kill_to_end(b); break;
		case INK_ACT_KILL_START: edb_kill_to_start(b); break;
		case INK_ACT_KILL_WORD: edb_kill_word_backward(b); break;
		case INK_ACT_YANK: edb_yank(b); break;
		case INK_ACT_UNDO: edb_undo(b); break;
		case INK_ACT_REDO: edb_redo(b); break;
		default: break;
		}
		break;
	default:
		inv_fail_("keys", "event kind %d", ev.kind);
	}
	inv_edb_state(b, "key event");
}

/* Script: each byte < 0xF0 is a character (bytes 0xC0..0xEF start a
 * multi-byte code point taken from the next two bytes); 0xF0..0xFF take the
 * next byte as a key (low 5 bits) and modifiers (high 3 bits); 0xFF then
 * 0x00 switches input method by the byte after. */
static inline void inv_keys(const uint8_t *data, size_t len)
{
	inv_begin(data, len);
	ink_decoder *d = ink_decoder_new();
	edb_buffer *b = edb_new();
	if (!d || !b)
		abort();
	for (size_t i = 0; i < len;) {
		uint8_t c = data[i++];
		ink_event ev;
		if (c < 0xC0) {
			ev = ink_feed_char(d, c, 0);
		} else if (c < 0xE0) {
			/* A code point: 0x80..0x10FFFF from the next bytes; surrogates too. */
			uint32_t cp = (uint32_t)(c & 0x1F) << 16;
			if (i < len) cp |= (uint32_t)data[i++] << 8;
			if (i < len) cp |= data[i++];
			ev = ink_feed_char(d, cp, (c & 1) ? INK_MOD_ALT : 0);
		} else if (c < 0xF0) {
			ev = ink_feed_char(d, c & 0x7F, INK_MOD_ALT);
		} else if (c == 0xFF && i + 1 < len && data[i] == 0) {
			ink_set_im(d, (ink_im)(data[i + 1] % INK_IM_COUNT));
			i += 2;
			continue;
		} else if (c == 0xFE) {
			ink_set_im_active(d, !ink_im_active(d));
			continue;
		} else {
			uint8_t k = i < len ? data[i++] : 0;
			ev = ink_feed_key(d, (ink_key)(k % INK_KEY_COUNT), (unsigned)(k >> 5) & 7);
		}
		const char *pre = ink_preedit(d);
		INV_REQUIRE("keys", pre != NULL && inv_is_utf8(pre, strlen(pre)), "preedit not UTF-8");
		inv_keys_apply(b, ev);
	}
	ink_decoder_free(d);
	edb_free(b);
}
#endif

/* ---- everything, for the regression test ------------------------------ */

/* ---- comparison (RFC 3987 5.3) ----------------------------------------- */

/* Three IRIs, separated by NUL or newline bytes.  Each level of the ladder is
 * an equivalence: reflexive, symmetric, transitive; SIMPLE is byte equality. */
static inline void inv_compare(const uint8_t *data, size_t len)
{
	inv_begin(data, len);
	const char *part[3];
	size_t part_len[3], at = 0;
	char *copy[3];
	for (int k = 0; k < 3; k++) {
		size_t e = at;
		while (e < len && data[e] != 0 && data[e] != '\n')
			e++;
		copy[k] = inv_dup(data + (at < len ? at : len), at < len ? e - at : 0);
		part[k] = copy[k];
		part_len[k] = at < len ? e - at : 0;
		at = e < len ? e + 1 : len;
	}
	iri_ctx *ctx = inv_ctx();
	iri_compare_level lv[3][3];
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			lv[i][j] = iri_compare(ctx, part[i], part_len[i], part[j], part_len[j]);
	for (int i = 0; i < 3; i++) {
		INV_REQUIRE("compare", lv[i][i] == IRI_CMP_SIMPLE, "compare(x%d, x%d) is %d", i, i, lv[i][i]);
		for (int j = 0; j < 3; j++) {
			INV_REQUIRE("compare", lv[i][j] == lv[j][i], "not symmetric: x%d/x%d %d, %d", i, j,
				lv[i][j], lv[j][i]);
			bool same = part_len[i] == part_len[j] && memcmp(part[i], part[j], part_len[i]) == 0;
			INV_REQUIRE("compare", (lv[i][j] == IRI_CMP_SIMPLE) == same, "SIMPLE is not byte equality");
		}
	}
	/* Transitive at the syntax level: equal normal forms (5.3.2). */
	bool ab = lv[0][1] == IRI_CMP_SIMPLE || lv[0][1] == IRI_CMP_SYNTAX;
	bool bc = lv[1][2] == IRI_CMP_SIMPLE || lv[1][2] == IRI_CMP_SYNTAX;
	bool ac = lv[0][2] == IRI_CMP_SIMPLE || lv[0][2] == IRI_CMP_SYNTAX;
	INV_REQUIRE("compare", !(ab && bc) || ac, "syntax level not transitive: %d %d %d", lv[0][1], lv[1][2], lv[0][2]);
	for (int k = 0; k < 3; k++)
		free(copy[k]);
}

static inline void inv_all(const uint8_t *data, size_t len)
{
	inv_parse(data, len);
	inv_to_uri(data, len);
	inv_to_iri(data, len);
	inv_check(data, len);
	inv_host(data, len);
	inv_resolve(data, len);
	inv_compare(data, len);
	inv_render(data, len);
	inv_edit(data, len);
#ifdef INV_HAVE_KEYS
	inv_keys(data, len);
#endif
}

#endif
