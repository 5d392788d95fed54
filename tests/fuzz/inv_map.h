/* Invariants of parsing and of the mappings both ways (RFC 3987 3.1, 3.2); see inv_base.h. */
#ifndef IRIE_FUZZ_INV_MAP_H
#define IRIE_FUZZ_INV_MAP_H

#include "inv_base.h"

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

#endif
