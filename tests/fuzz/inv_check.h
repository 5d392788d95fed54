/* Invariants of check, the quick lane, hosts, resolution and comparison; see inv_base.h. */
#ifndef IRIE_FUZZ_INV_CHECK_H
#define IRIE_FUZZ_INV_CHECK_H

#include "inv_base.h"
#include "inv_map.h"

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

#endif
