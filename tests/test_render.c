/* Golden tests of the bidi display forms, cells and maps (render/), the
 * cell measure, and the delimiter set app gives render (core's).
 *
 * Right-to-left text is written readably as in RFC 3987 4.4: an upper-case
 * Latin letter stands for a Hebrew letter (A=א, B=ב, ... V=ת).  The harness
 * maps capitals to Hebrew before rendering and Hebrew back to capitals after. */
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_bidi.h"   /* core's own switch, to check against its string */
#include "iri_check.h"
#include "output.h"
#include "render_bidi.h"
#include "render_sanitize.h"
#include "render_utf8.h"
#include "render_width.h"
#include "tcheck.h"
#include "utf8_cases.h"

static const char *const hebrew[22] = {
	"א", "ב", "ג", "ד", "ה", "ו", "ז", "ח", "ט", "י", "כ",
	"ל", "מ", "נ", "ס", "ע", "פ", "צ", "ק", "ר", "ש", "ת",
};

/* Capitals A..V -> Hebrew letters. */
static void to_hebrew(const char *in, char *out, size_t size)
{
	size_t o = 0;
	for (; *in && o + 4 < size; in++) {
		if (*in >= 'A' && *in <= 'V') {
			const char *h = hebrew[*in - 'A'];
			memcpy(out + o, h, strlen(h));
			o += strlen(h);
		} else {
			out[o++] = *in;
		}
	}
	out[o] = '\0';
}

/* Hebrew letters -> capitals, for comparing with readable goldens. */
static void from_hebrew(const char *in, char *out, size_t size)
{
	size_t o = 0;
	while (*in && o + 1 < size) {
		int hit = -1;
		for (int k = 0; k < 22 && hit < 0; k++)
			if (strncmp(in, hebrew[k], strlen(hebrew[k])) == 0)
				hit = k;
		if (hit >= 0) {
			out[o++] = (char)('A' + hit);
			in += strlen(hebrew[hit]);
		} else {
			out[o++] = *in++;
		}
	}
	out[o] = '\0';
}

static const char *form_text(rnd_display *d, rnd_form f)
{
	static char raw[4096], readable[4096];
	rnd_form_utf8(d, f, raw, sizeof raw);
	from_hebrew(raw, readable, sizeof readable);
	return readable;
}

/* RFC 3987 4.4, examples 1-10: the logical IRI, the RFC's visual rendering
 * (visual_rfc3987), and irie's component-by-component rendering (visual).
 * In examples 8 and 9 the digit that starts an RTL component follows an
 * LRM, so it resolves to L (UAX #9 W7) and stays at the component's left:
 * the marked form shows "2JI" where the RFC's text shows "JI2", one more
 * reason the RFC forbids digits at a component's edge (RFC 3987 4.2 rule 2). */
static const struct {
	const char *logical, *rfc3987, *visual;
} rfc_examples[] = {
	{ "http://ab.CDEFGH.ij/kl/mn/op.html", "http://ab.HGFEDC.ij/kl/mn/op.html", "http://ab.HGFEDC.ij/kl/mn/op.html" },
	{ "http://ab.CDE.FGH/ij/kl/mn/op.html", "http://ab.HGF.EDC/ij/kl/mn/op.html", "http://ab.EDC.HGF/ij/kl/mn/op.html" },
	{ "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", "http://VU#TS=RQ;PO=NM?LK/JI/HG/FE.DC.BA", "http://BA.DC.FE/HG/JI/LK?NM=PO;RQ=TS#VU" },
	{ "http://AB.CD.ef/gh/IJ/KL.html", "http://DC.BA.ef/gh/LK/JI.html", "http://BA.DC.ef/gh/JI/LK.html" },
	{ "http://ab.cd.EF/GH/ij/kl.html", "http://ab.cd.HG/FE/ij/kl.html", "http://ab.cd.FE/HG/ij/kl.html" },
	{ "http://ab.CD.EF/GH/IJ/kl.html", "http://ab.JI/HG/FE.DC/kl.html", "http://ab.DC.FE/HG/JI/kl.html" },
	{ "http://ab.CDE123FGH.ij/kl/mn/op.html", "http://ab.HGF123EDC.ij/kl/mn/op.html", "http://ab.HGF123EDC.ij/kl/mn/op.html" },
	{ "http://ab.cd.ef/GH1/2IJ/KL.html", "http://ab.cd.ef/LK/JI1/2HG.html", "http://ab.cd.ef/1HG/2JI/LK.html" },
	{ "http://ab.cd.ef/GH%31/%32IJ/KL.html", "http://ab.cd.ef/LK/JI%32/%31HG.html", "http://ab.cd.ef/%31HG/%32JI/LK.html" },
	{ "http://ab.CDEFGH.123/kl/mn/op.html", "http://ab.123.HGFEDC/kl/mn/op.html", "http://ab.HGFEDC.123/kl/mn/op.html" },
};

/* Other goldens: all four forms (marked shown with <LRM> etc.). */
static const struct {
	const char *logical, *visual, *rfc3987, *plain;
} goldens[] = {
	/* Relative references that start right-to-left: a naive renderer takes
	 * the paragraph direction from the first strong character. */
	{ "CD/ef", "DC/ef", "DC/ef", "ef/DC" },
	{ "ABC/DEF", "CBA/FED", "FED/CBA", "FED/CBA" },
	{ "../AB/cd", "../BA/cd", "../BA/cd", "cd/BA/.." },
	{ "AB?CD=ef", "BA?DC=ef", "DC?BA=ef", "ef=DC?BA" },
	{ "http://example.org/", "http://example.org/", "http://example.org/", "http://example.org/" },
};

static void check_maps(rnd_display *d, const char *what)
{
	size_t n = rnd_logical_len(d);
	for (int f = 0; f < RND_FORM_COUNT; f++) {
		size_t len;
		rnd_form_text(d, (rnd_form)f, &len);
		const size_t *v2l = rnd_form_v2l(d, (rnd_form)f), *l2v = rnd_form_l2v(d, (rnd_form)f);
		size_t seen = 0;
		for (size_t v = 0; v < len; v++) {
			if (v2l[v] == RND_NO_CP)
				continue;
			seen++;
			CHECK(v2l[v] < n && l2v[v2l[v]] == v, "%s %s: vis %zu -> %zu -> back", what,
				rnd_form_name((rnd_form)f), v, v2l[v]);
		}
		/* Every logical code point is shown exactly once. */
		CHECK(seen == n, "%s %s: %zu of %zu code points shown", what, rnd_form_name((rnd_form)f), seen, n);
		size_t n_cells;
		const rnd_cell *cells = rnd_form_cells(d, (rnd_form)f, &n_cells);
		for (size_t c = 0; c < n_cells; c++) {
			if (cells[c].cp_start == RND_NO_CP)
				continue;
			/* visual -> logical -> visual is the identity, per cell. */
			for (size_t l = cells[c].cp_start; l < cells[c].cp_end; l++)
				CHECK(rnd_form_cell_of_cp(d, (rnd_form)f, l) == c, "%s %s: cell %zu cp %zu -> cell %zu",
					what, rnd_form_name((rnd_form)f), c, l, rnd_form_cell_of_cp(d, (rnd_form)f, l));
		}
	}
}

/* No cell ever carries a control or format character. */
static void check_cells_safe(rnd_display *d, const char *what)
{
	for (int f = 0; f < RND_FORM_COUNT; f++) {
		size_t n_cells;
		const rnd_cell *cells = rnd_form_cells(d, (rnd_form)f, &n_cells);
		for (size_t c = 0; c < n_cells; c++) {
			const unsigned char *s = (const unsigned char *)cells[c].text;
			size_t len = strlen(cells[c].text);
			CHECK(len > 0 && cells[c].width > 0, "%s: empty cell %zu", what, c);
			for (size_t i = 0; i < len;) {
				uint32_t cp = s[i];
				size_t k = 1;
				if (cp >= 0xF0) { cp = s[i] & 7; k = 4; }
				else if (cp >= 0xE0) { cp = s[i] & 15; k = 3; }
				else if (cp >= 0xC0) { cp = s[i] & 31; k = 2; }
				for (size_t j = 1; j < k && i + j < len; j++)
					cp = cp << 6 | (s[i + j] & 0x3F);
				CHECK(!rnd_is_unsafe(cp), "%s %s: cell %zu holds U+%04X", what,
					rnd_form_name((rnd_form)f), c, (unsigned)cp);
				i += k;
			}
		}
	}
}

static rnd_options no_shaping = { .shape_arabic = false };

static void test_rfc_examples(rnd_display *d)
{
	char in[512];
	for (size_t i = 0; i < sizeof rfc_examples / sizeof rfc_examples[0]; i++) {
		to_hebrew(rfc_examples[i].logical, in, sizeof in);
		CHECK(rnd_display_build(d, in, strlen(in), NULL, 0, &no_shaping) == RND_OK, "build");
		CHECK_STR(form_text(d, RND_FORM_RFC3987), rfc_examples[i].rfc3987, "RFC 3987 4.4 example %zu", i + 1);
		CHECK_STR(form_text(d, RND_FORM_VISUAL), rfc_examples[i].visual, "visual, example %zu", i + 1);
		/* The logical text comes back from the marked form without marks. */
		check_maps(d, rfc_examples[i].logical);
		check_cells_safe(d, rfc_examples[i].logical);
	}
}

static void test_goldens(rnd_display *d)
{
	char in[512];
	for (size_t i = 0; i < sizeof goldens / sizeof goldens[0]; i++) {
		to_hebrew(goldens[i].logical, in, sizeof in);
		CHECK(rnd_display_build(d, in, strlen(in), NULL, 0, &no_shaping) == RND_OK, "build");
		CHECK_STR(form_text(d, RND_FORM_VISUAL), goldens[i].visual, "visual of %s", goldens[i].logical);
		CHECK_STR(form_text(d, RND_FORM_RFC3987), goldens[i].rfc3987, "rfc3987 of %s", goldens[i].logical);
		CHECK_STR(form_text(d, RND_FORM_PLAIN), goldens[i].plain, "plain of %s", goldens[i].logical);
		check_maps(d, goldens[i].logical);
	}
}

/* The marked form: LRE, LRM around every delimiter, PDF (seed 001 2.4). */
static void test_marked(rnd_display *d)
{
	const char *in = "a/b.c";
	CHECK(rnd_display_build(d, in, strlen(in), NULL, 0, NULL) == RND_OK, "build");
	size_t len;
	const uint32_t *t = rnd_form_text(d, RND_FORM_MARKED, &len);
	static const uint32_t want[] = { 0x202A, 'a', 0x200E, '/', 0x200E, 'b', 0x200E, '.', 0x200E, 'c', 0x202C };
	CHECK(len == sizeof want / sizeof want[0], "marked length %zu", len);
	for (size_t i = 0; i < len && i < sizeof want / sizeof want[0]; i++)
		CHECK(t[i] == want[i], "marked[%zu] = U+%04X", i, (unsigned)t[i]);
	size_t n_cells;
	const rnd_cell *cells = rnd_form_cells(d, RND_FORM_MARKED, &n_cells);
	CHECK(n_cells == len && cells[0].placeholder && strcmp(cells[0].text, "⟨LRE⟩") == 0,
		"marks are placeholder cells: %s", n_cells ? cells[0].text : "");
}

/* Arabic: European digits after Arabic letters become AN (UAX #9 W2), Arabic-
 * Indic digits are AN; either way the number reads left to right.  Digits
 * before the letters follow "/" and the start (L), so W7 makes them L. */
static void test_arabic(rnd_display *d)
{
	static const struct { const char *in, *visual; } cases[] = {
		{ "/\xd8\xa7\xd8\xa8" "12", "/12\xd8\xa8\xd8\xa7" },
		{ "/\xd8\xa7\xd8\xa8\xd9\xa1\xd9\xa2", "/\xd9\xa1\xd9\xa2\xd8\xa8\xd8\xa7" },
		{ "/12\xd8\xa7\xd8\xa8", "/12\xd8\xa8\xd8\xa7" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		CHECK(rnd_display_build(d, cases[i].in, strlen(cases[i].in), NULL, 0, &no_shaping) == RND_OK, "build");
		char out[256];
		rnd_form_utf8(d, RND_FORM_VISUAL, out, sizeof out);
		CHECK_STR(out, cases[i].visual, "arabic digits case %zu", i);
		check_maps(d, cases[i].in);
	}
	/* Shaping on: ALEF + BEH + BEH as presentation forms, in visual order:
	 * final BEH (U+FE90), medial BEH (U+FE92)... check they are FExx forms. */
	const char *word = "\xd8\xa8\xd8\xa8\xd8\xa8";   /* BEH BEH BEH */
	CHECK(rnd_display_build(d, word, strlen(word), NULL, 0, NULL) == RND_OK, "build");
	size_t len;
	const uint32_t *t = rnd_form_text(d, RND_FORM_VISUAL, &len);
	CHECK(len == 3 && t[0] == 0xFE90 && t[1] == 0xFE92 && t[2] == 0xFE91,
		"shaped: U+%04X U+%04X U+%04X", len > 0 ? (unsigned)t[0] : 0, len > 1 ? (unsigned)t[1] : 0,
		len > 2 ? (unsigned)t[2] : 0);
	/* The unshaped form stays available. */
	CHECK(rnd_display_build(d, word, strlen(word), NULL, 0, &no_shaping) == RND_OK, "build");
	t = rnd_form_text(d, RND_FORM_VISUAL, &len);
	CHECK(len == 3 && t[0] == 0x0628, "unshaped");
}

/* Combining marks join their base's cell; wide CJK takes two columns. */
static void test_cells(rnd_display *d)
{
	const char *pointed = "\xd7\xa9\xd7\x81\xd6\xb8\xd7\x9c";   /* SHIN + SHIN DOT + QAMATS + LAMED */
	CHECK(rnd_display_build(d, pointed, strlen(pointed), NULL, 0, NULL) == RND_OK, "build");
	size_t n;
	const rnd_cell *cells = rnd_form_cells(d, RND_FORM_VISUAL, &n);
	CHECK(n == 2, "pointed Hebrew: %zu cells", n);
	if (n == 2) {
		/* Visual order: LAMED then SHIN with its marks after it. */
		CHECK(cells[1].cp_start == 0 && cells[1].cp_end == 3, "SHIN cell covers cps %zu..%zu",
			cells[1].cp_start, cells[1].cp_end);
		CHECK(strncmp(cells[1].text, "\xd7\xa9", 2) == 0, "base first in its cell");
		CHECK(cells[0].rtl && cells[1].rtl, "rtl flags");
	}
	check_maps(d, "pointed");
	const char *e_acute = "e\xcc\x81x";
	CHECK(rnd_display_build(d, e_acute, strlen(e_acute), NULL, 0, NULL) == RND_OK, "build");
	cells = rnd_form_cells(d, RND_FORM_VISUAL, &n);
	CHECK(n == 2 && cells[0].width == 1 && cells[0].cp_end == 2, "e + combining acute is one cell");
	const char *cjk = "/\xe4\xbe\x8b\xe3\x81\x88";   /* /例え */
	CHECK(rnd_display_build(d, cjk, strlen(cjk), NULL, 0, NULL) == RND_OK, "build");
	cells = rnd_form_cells(d, RND_FORM_VISUAL, &n);
	CHECK(n == 3 && cells[0].width == 1 && cells[1].width == 2 && cells[2].width == 2, "CJK widths");
	/* A mark with no base is drawn on a dotted circle, not lost. */
	const char *lone = "\xcc\x81";
	CHECK(rnd_display_build(d, lone, strlen(lone), NULL, 0, NULL) == RND_OK, "build");
	cells = rnd_form_cells(d, RND_FORM_VISUAL, &n);
	CHECK(n == 1 && strncmp(cells[0].text, "\xe2\x97\x8c", 3) == 0, "lone mark on U+25CC");
	/* Components are carried to the cells. */
	const rnd_span spans[] = { { 0, 4, 0 }, { 7, 18, 2 } };
	const char *iri = "http://example.org/x";
	CHECK(rnd_display_build(d, iri, strlen(iri), spans, 2, NULL) == RND_OK, "build");
	cells = rnd_form_cells(d, RND_FORM_VISUAL, &n);
	CHECK(n == 20 && cells[0].component == 0 && cells[4].component == -1 && cells[7].component == 2,
		"component numbers on cells");
}

/* Every control or format character, and every ill-formed byte, comes out as
 * a placeholder; nothing unsafe reaches a cell. */
static void test_placeholders(rnd_display *d)
{
	static const struct { const char *in; const char *cell; } cases[] = {
		{ "\x1b", "␛" }, { "\x07", "␇" }, { "\x7f", "␡" }, { "\xc2\x85", "⟨U+0085⟩" },
		{ "\xc2\x9b", "⟨U+009B⟩" }, { "\xe2\x80\xae", "⟨RLO⟩" }, { "\xe2\x80\xad", "⟨LRO⟩" },
		{ "\xe2\x80\xab", "⟨RLE⟩" }, { "\xe2\x80\xaa", "⟨LRE⟩" }, { "\xe2\x80\xac", "⟨PDF⟩" },
		{ "\xe2\x80\x8e", "⟨LRM⟩" }, { "\xe2\x80\x8f", "⟨RLM⟩" }, { "\xd8\x9c", "⟨ALM⟩" },
		{ "\xe2\x81\xa6", "⟨LRI⟩" }, { "\xe2\x81\xa7", "⟨RLI⟩" }, { "\xe2\x81\xa8", "⟨FSI⟩" },
		{ "\xe2\x81\xa9", "⟨PDI⟩" }, { "\xe2\x80\x8d", "⟨ZWJ⟩" }, { "\xe2\x80\x8c", "⟨ZWNJ⟩" },
		{ "\xe2\x80\x8b", "⟨ZWSP⟩" }, { "\xc2\xad", "⟨SHY⟩" }, { "\xef\xbb\xbf", "⟨BOM⟩" },
		{ "\xe2\x80\xa8", "⟨LS⟩" }, { "\xe2\x80\xa9", "⟨PS⟩" }, { "\xf3\xa0\x80\x81", "⟨U+E0001⟩" },
		{ "\xff", "⟨xFF⟩" }, { "\xc0\xaf", "⟨xC0⟩" }, { "\xed\xa0\x80", "⟨xED⟩" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char in[64];
		snprintf(in, sizeof in, "a%sb", cases[i].in);
		CHECK(rnd_display_build(d, in, strlen(in), NULL, 0, NULL) == RND_OK, "build");
		for (int f = 0; f < RND_FORM_COUNT; f++) {
			size_t n;
			const rnd_cell *cells = rnd_form_cells(d, (rnd_form)f, &n);
			int found = 0;
			for (size_t c = 0; c < n; c++)
				found |= cells[c].placeholder && strcmp(cells[c].text, cases[i].cell) == 0;
			CHECK(found, "case %zu (%s) in %s", i, cases[i].cell, rnd_form_name((rnd_form)f));
		}
		check_cells_safe(d, cases[i].cell);
		check_maps(d, cases[i].cell);
	}
	/* A user's RLO acts in the renderings of others (RFC 3987 4.1, plain:
	 * that is the spoof this display reveals) but in VISUAL, irie's own,
	 * it is shown and not obeyed, so no component's text leaves its place;
	 * likewise an isolate and an embedding. */
	static const struct { const char *in, *plain, *visual; } spoofs[] = {
		{ "abc\xe2\x80\xae" "def", "abc\xe2\x80\xae" "fed", "abc\xe2\x80\xae" "def" },
		{ "a/b\xe2\x80\xae" "c/d?e", "a/b\xe2\x80\xae" "e?d/c", "a/b\xe2\x80\xae" "c/d?e" },
		{ "x\xe2\x81\xa7" "12/ab\xe2\x81\xa9y", NULL, "x\xe2\x81\xa7" "12/ab\xe2\x81\xa9y" },
		{ "h/\xe2\x80\xab" "ab/cd", NULL, "h/\xe2\x80\xab" "ab/cd" },
	};
	for (size_t i = 0; i < sizeof spoofs / sizeof spoofs[0]; i++) {
		CHECK(rnd_display_build(d, spoofs[i].in, strlen(spoofs[i].in), NULL, 0, NULL) == RND_OK, "build");
		char out[64];
		if (spoofs[i].plain) {
			rnd_form_utf8(d, RND_FORM_PLAIN, out, sizeof out);
			CHECK(strcmp(out, spoofs[i].plain) == 0, "spoof %zu: plain obeys it: %s", i, out);
		}
		rnd_form_utf8(d, RND_FORM_VISUAL, out, sizeof out);
		CHECK(strcmp(out, spoofs[i].visual) == 0, "spoof %zu: visual shows it inert: %s", i, out);
	}
}

/* VISUAL is "every component left to right, each in its own direction":
 * for a long IRI (rendered in chunks internally) it must equal each
 * component rendered alone, joined by the delimiters.  Fixed-seed text with
 * Hebrew, Arabic, digits of both kinds, brackets and combining marks. */
/* render's decoder and encoder, and the sanitising copy, over the shared
 * UTF-8 table: an ill-formed sequence is a placeholder per byte. */
static void test_utf8(void)
{
	for (size_t i = 0; i < UTF8_CASES_COUNT; i++) {
		const utf8_case *c = &utf8_cases[i];
		size_t n = strlen(c->bytes);
		uint32_t cp = 0;
		size_t k = rnd_utf8_next((const uint8_t *)c->bytes, n, &cp);
		char want[128], got[128], u[4];
		size_t w = 0;
		if (c->cp == UTF8_ILL_FORMED) {
			CHECK(k == 0, "%s: decoded as %zu bytes", c->what, k);
			for (size_t b = 0; b < n; b++)
				w += (size_t)snprintf(want + w, sizeof want - w, "\u27E8x%02X\u27E9",
					(unsigned char)c->bytes[b]);
		} else {
			CHECK(k == n && cp == c->cp, "%s: %zu bytes, U+%04X", c->what, k, (unsigned)cp);
			size_t m = rnd_utf8_put(u, c->cp);
			CHECK(m == n && memcmp(u, c->bytes, n) == 0, "%s: encoded %s", c->what, tcheck_esc(u, m));
			/* Two controls in the table: DEL and U+0080. */
			snprintf(want, sizeof want, "%s", c->cp == 0x7F ? "\u2421" : c->cp == 0x80 ? "\u27E8U+0080\u27E9" : c->bytes);
		}
		size_t got_len;
		CHECK(rnd_sanitize(c->bytes, n, got, sizeof got, &got_len) == n && strcmp(got, want) == 0,
			"%s: sanitised %s", c->what, tcheck_esc(got, got_len));
	}
}

static void test_visual_is_per_component(rnd_display *d)
{
	static const char *const pieces[] = {
		"ab", "אבג", "دليل", "12", "٣٤", "x1", "גד5", "(", ")", "é", "שָׁל", "例え", "-", "~",
	};
	static const char delims[] = "/.?=&:;@!$'*+,";
	uint64_t seed = 0x9E3779B97F4A7C15u;
	char text[16384];
	size_t len = 0;
	rnd_display *one = rnd_display_new();
	char want[65536];
	size_t want_len = 0;
	while (len < sizeof text - 64) {
		/* A component of 1..3 pieces, then a delimiter. */
		char comp[128];
		size_t comp_len = 0;
		seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
		int n = 1 + (int)(seed % 3);
		for (int k = 0; k < n; k++) {
			seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
			const char *p = pieces[seed % (sizeof pieces / sizeof pieces[0])];
			memcpy(comp + comp_len, p, strlen(p));
			comp_len += strlen(p);
		}
		/* The component alone, in its own direction inside an LTR embedding. */
		CHECK(rnd_display_build(one, comp, comp_len, NULL, 0, &no_shaping) == RND_OK, "piece");
		want_len += rnd_form_utf8(one, RND_FORM_VISUAL, want + want_len, sizeof want - want_len);
		memcpy(text + len, comp, comp_len);
		len += comp_len;
		seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
		char delim = delims[seed % (sizeof delims - 1)];
		text[len++] = delim;
		want[want_len++] = delim;
		want[want_len] = '\0';
	}
	CHECK(rnd_display_build(d, text, len, NULL, 0, &no_shaping) == RND_OK, "long build");
	static char got[65536];
	rnd_form_utf8(d, RND_FORM_VISUAL, got, sizeof got);
	CHECK(strcmp(got, want) == 0, "long VISUAL differs from per-component rendering (%zu bytes)", len);
	if (strcmp(got, want) != 0) {
		size_t i = 0;
		while (got[i] && got[i] == want[i])
			i++;
		fprintf(stderr, "first difference at byte %zu: got \"%.40s\" want \"%.40s\"\n", i, got + i, want + i);
	}
	check_maps(d, "long");
	rnd_display_free(one);
}

/* Cells are made on first use: a display never built has none to give,
 * and each build's cells are its own (a shorter text after a longer one). */
static void test_cells_on_demand(void)
{
	rnd_display *d = rnd_display_new();
	size_t n = 99;
	CHECK(rnd_form_cells(d, RND_FORM_VISUAL, &n) == NULL && n == 0, "never built: %zu cells", n);
	CHECK(rnd_form_cell_of_cp(d, RND_FORM_VISUAL, 0) == 0, "never built: cell of cp 0");
	rnd_display_build(d, "http://a/abcdef", 15, NULL, 0, NULL);
	rnd_form_cells(d, RND_FORM_PLAIN, &n);
	CHECK(n == 15, "15 characters, %zu cells", n);
	rnd_display_build(d, "http://a/", 9, NULL, 0, NULL);
	rnd_form_cells(d, RND_FORM_PLAIN, &n);
	CHECK(n == 9, "rebuilt with 9 characters, %zu cells", n);
	CHECK(rnd_form_cell_of_cp(d, RND_FORM_MARKED, 9) == rnd_form_cell_of_cp(d, RND_FORM_MARKED, 20),
		"past the end: one past the last cell");
	rnd_display_free(d);
}

/* The one cell measure (render_width.h) on a table: what the forms' cells,
 * app's padding and the explain table all count.  cp_width is
 * rnd_cell_width of the first code point; cells is rnd_text_cells of the
 * raw text; shown is the cells of the PLAIN form (its placeholders
 * included), which rnd_text_cells of the sanitised text must equal. */
static const struct {
	const char *text;
	int cp_width;
	size_t cells, shown;
} widths[] = {
	{ "a", 1, 1, 1 },
	{ "http://a/b", 1, 10, 10 },
	{ "e\xCC\x81", 1, 1, 1 },                     /* e + COMBINING ACUTE: one cell */
	{ "\xCC\x81", 0, 0, 1 },                      /* a lone mark: 0; the form sets it on a dotted circle */
	{ "\xD7\x90\xD6\xB8", 1, 1, 1 },              /* alef + qamats */
	{ "\xE4\xB8\xAD\xE6\x96\x87", 2, 4, 4 },      /* CJK: wide */
	{ "\xEF\xBC\xA1", 2, 2, 2 },                  /* FULLWIDTH A */
	{ "\xF0\x9F\x98\x80", 2, 2, 2 },              /* U+1F600 emoji: wide */
	{ "\xE1\x84\x80\xE1\x85\xA1", 2, 2, 2 },      /* Hangul jamo L (wide) + V (zero width) */
	{ "\xEA\xB0\x80", 2, 2, 2 },                  /* a precomposed Hangul syllable */
	{ "\xD8\xA8", 1, 1, 1 },                      /* Arabic beh */
	{ "\xE2\x80\x8B", 0, 0, 6 },                  /* ZWSP: zero width, shown as ⟨ZWSP⟩ */
	{ "\x1B", -1, 1, 1 },                         /* ESC: a control, shown as ␛ */
	{ "\x7F", -1, 1, 1 },                         /* DEL: ␡ */
	{ "\xC2\x85", -1, 1, 8 },                     /* NEL (C1): one by rnd_text_cells, ⟨U+0085⟩ shown */
	{ "a\xFF" "b", 1, 3, 7 },                     /* an ill-formed byte: one, ⟨xFF⟩ shown */
};

static void test_widths(rnd_display *d)
{
	for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
		const char *t = widths[i].text;
		size_t n = strlen(t);
		uint32_t cp = 0;
		if (rnd_utf8_next((const uint8_t *)t, n, &cp) == 0)
			cp = (uint8_t)t[0];
		CHECK(rnd_cell_width(cp) == widths[i].cp_width, "rnd_cell_width(U+%04X) = %d, want %d", (unsigned)cp,
			rnd_cell_width(cp), widths[i].cp_width);
		CHECK(rnd_text_cells(t, n) == widths[i].cells, "rnd_text_cells(\"%s\") = %zu, want %zu", tcheck_esc(t, n),
			rnd_text_cells(t, n), widths[i].cells);
		CHECK(rnd_display_build(d, t, n, NULL, 0, NULL) == RND_OK, "build \"%s\"", tcheck_esc(t, n));
		size_t n_cells, shown = 0;
		const rnd_cell *cells = rnd_form_cells(d, RND_FORM_PLAIN, &n_cells);
		for (size_t c = 0; c < n_cells; c++)
			shown += cells[c].width;
		CHECK(shown == widths[i].shown, "cells of \"%s\" take %zu, want %zu", tcheck_esc(t, n), shown,
			widths[i].shown);
		char clean[64];
		size_t clean_len;
		rnd_sanitize(t, n, clean, sizeof clean, &clean_len);
		if (cp != 0x0301)   /* (a lone mark: the form adds a dotted circle) */
			CHECK(rnd_text_cells(clean, clean_len) == shown, "sanitised \"%s\": %zu cells, the form %zu",
				tcheck_esc(t, n), rnd_text_cells(clean, clean_len), shown);
	}
	CHECK(rnd_cell_width(0x110000) == -1, "past U+10FFFF: not measured");
	size_t w = 9;
	CHECK(rnd_char_cells("\xE4\xB8\xAD", 3, &w) == 3 && w == 2, "one wide character: 3 bytes, %zu cells", w);
	CHECK(rnd_char_cells("\xE4\xB8", 2, &w) == 1 && w == 1, "a cut sequence: its first byte, %zu cell", w);
}

/* One delimiter set (doc/design-notes.md "Bidi findings"): core's string,
 * core's own switch, render's default copy and what app passes agree, and
 * a build marks exactly the set it is given. */
static void test_delimiters(rnd_display *d)
{
	const char *core_set = iri_bidi_delimiters();
	rnd_options app = out_render_options(false);
	CHECK(app.delimiters == core_set, "app gives render core's set");
	for (int c = 1; c < 0x80; c++) {
		bool in_core = strchr(core_set, c) != NULL;
		CHECK(in_core == iri_is_bidi_delimiter((unsigned char)c), "core's string and switch differ on 0x%02X", c);
		CHECK(in_core == (strchr(RND_DELIMITERS_DEFAULT, c) != NULL), "render's copy differs on 0x%02X", c);
		if (c < 0x20 || c == 0x7F)
			continue;   /* (controls are placeholders: no delimiter cell to look at) */
		char text[4] = { 'a', (char)c, 'b', '\0' };
		CHECK(rnd_display_build(d, text, 3, NULL, 0, &app) == RND_OK, "build \"%s\"", text);
		size_t len, n_cells;
		rnd_form_text(d, RND_FORM_MARKED, &len);
		CHECK(len == (in_core ? 7u : 5u), "MARKED of \"%s\": %zu code points (LRE, PDF, LRMs)", text, len);
		const rnd_cell *cells = rnd_form_cells(d, RND_FORM_LOGICAL, &n_cells);
		CHECK(n_cells == 3 && cells[1].delimiter == in_core && !cells[0].delimiter, "cells of \"%s\"", text);
	}
	rnd_options slash = { .delimiters = "/" };
	CHECK(rnd_display_build(d, "a.b/c", 5, NULL, 0, &slash) == RND_OK, "build with \"/\" alone");
	size_t len;
	rnd_form_text(d, RND_FORM_MARKED, &len);
	CHECK(len == 9, "a set of one: only \"/\" between LRMs (%zu code points)", len);
}

int main(void)
{
	if (!setlocale(LC_CTYPE, "C.UTF-8"))
		setlocale(LC_CTYPE, "en_US.UTF-8");
	test_cells_on_demand();
	rnd_display *d = rnd_display_new();
	test_rfc_examples(d);
	test_goldens(d);
	test_marked(d);
	test_arabic(d);
	test_cells(d);
	test_placeholders(d);
	test_widths(d);
	test_delimiters(d);
	test_utf8();
	test_visual_is_per_component(d);
	CHECK(strcmp(rnd_term_bidi_enter(), "\033[8l\033[1 k") == 0, "explicit bidi mode: BDSM reset, SCP LTR");
	CHECK(strcmp(rnd_term_bidi_leave(), "\033[8h\033[0 k") == 0, "implicit bidi mode restored");
	/* Each byte of an ill-formed sequence is one logical position, as core
	 * counts them (test_parse checks the same string). */
	const char *bad = "a\xC0\xAF" "b\xED\xA0\x80" "c";
	CHECK(rnd_display_build(d, bad, strlen(bad), NULL, 0, NULL) == RND_OK && rnd_logical_len(d) == 8,
		"ill-formed bytes: %zu positions", rnd_logical_len(d));
	/* Empty input and reuse after a large one. */
	CHECK(rnd_display_build(d, "", 0, NULL, 0, NULL) == RND_OK && rnd_logical_len(d) == 0, "empty");
	rnd_display_free(d);
	rnd_display_free(NULL);
	return tcheck_done("render");
}
