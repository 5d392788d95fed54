/* core/chars.c: the sets it takes from ICU, pinned, so that a change in
 * ICU's data or in the code that moves one shows here. */
#include <stdint.h>
#include <string.h>

#include "iri.h"
#include "iri_chars.h"
#include "tcheck.h"

/* RFC 3987 4.1's seven (LRM, RLM, LRE, RLE, LRO, RLO, PDF), with ALM and
 * the isolates of Unicode 6.3: all Bidi_Control is, nothing more. */
static const uint32_t bidi_controls[] = {
	0x061C,                                      /* ALM */
	0x200E, 0x200F,                              /* LRM RLM */
	0x202A, 0x202B, 0x202C, 0x202D, 0x202E,      /* LRE RLE PDF LRO RLO */
	0x2066, 0x2067, 0x2068, 0x2069,              /* LRI RLI FSI PDI */
};

static void test_bidi_controls(void)
{
	size_t n = sizeof bidi_controls / sizeof bidi_controls[0], seen = 0;
	for (uint32_t cp = 0; cp <= 0x110000; cp++) {
		if (!iri_is_bidi_control(cp))
			continue;
		bool listed = false;
		for (size_t i = 0; i < n; i++)
			listed |= bidi_controls[i] == cp;
		CHECK(listed, "U+%04X is a bidi control but not in the table", (unsigned)cp);
		seen++;
	}
	CHECK(seen == n, "%zu bidi controls, want %zu", seen, n);
}

static void test_noncharacters(void)
{
	size_t seen = 0;
	for (uint32_t cp = 0; cp <= 0x110000; cp++) {
		bool want = (cp >= 0xFDD0 && cp <= 0xFDEF) || ((cp & 0xFFFE) == 0xFFFE && cp <= 0x10FFFF);
		CHECK(iri_is_noncharacter(cp) == want, "U+%04X", (unsigned)cp);
		seen += want;
	}
	CHECK(seen == 66, "%zu noncharacters, want 66 (32 + 2 per plane)", seen);
}

/* Rows from each source of tools/gen_lookalikes.c and from each exception. */
static const struct {
	uint32_t cp;
	char target;
	const char *why;
} lookalike_rows[] = {
	{ 0x2215, '/', "DIVISION SLASH: UTS #39 skeleton" },
	{ 0x2044, '/', "FRACTION SLASH: skeleton" },
	{ 0x0589, ':', "ARMENIAN FULL STOP: skeleton, punctuation of a script" },
	{ 0x02D0, ':', "MODIFIER LETTER TRIANGULAR COLON: a Common-script letter" },
	{ 0x2024, '.', "ONE DOT LEADER: NFKC" },
	{ 0xFF0F, '/', "FULLWIDTH SOLIDUS: NFKC" },
	{ 0xFE6B, '@', "SMALL COMMERCIAL AT: NFKC" },
	{ 0xFF03, '#', "FULLWIDTH NUMBER SIGN: NFKC" },
	{ 0xFE56, '?', "SMALL QUESTION MARK: NFKC" },
	{ 0x3002, '.', "IDEOGRAPHIC FULL STOP: UTS #46" },
	{ 0xFF61, '.', "HALFWIDTH IDEOGRAPHIC FULL STOP: UTS #46" },
	{ 0x0660, 0, "ARABIC-INDIC DIGIT ZERO: a digit of its script" },
	{ 0x0903, 0, "DEVANAGARI SIGN VISARGA: a mark of its script" },
	{ 0x30CE, 0, "KATAKANA LETTER NO: a letter of its script" },
	{ 0x4E3F, 0, "CJK UNIFIED IDEOGRAPH-4E3F: a letter of its script" },
	{ 0x2E2E, 0, "REVERSED QUESTION MARK: no source says it is '?'" },
	{ '/', 0, "the delimiter itself" },
	{ 0xD7FF, 0, "a Hangul letter" },
};

static void test_lookalikes(void)
{
	for (size_t i = 0; i < sizeof lookalike_rows / sizeof lookalike_rows[0]; i++) {
		char t = iri_lookalike_target(lookalike_rows[i].cp);
		CHECK(t == lookalike_rows[i].target, "%s: '%c'", lookalike_rows[i].why, t ? t : '0');
		CHECK(iri_is_lookalike_delimiter(lookalike_rows[i].cp) == (lookalike_rows[i].target != 0),
			"%s", lookalike_rows[i].why);
	}
	/* Only the six delimiters are targets, and ASCII is none's lookalike. */
	for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
		char t = iri_lookalike_target(cp);
		CHECK(t == 0 || (cp >= 0x80 && strchr("/:?#@.", t)), "U+%04X -> '%c'", (unsigned)cp, t);
	}
}

/* UTS #46 2.3 label separators: the four full stops, at the start only,
 * whole sequences only. */
static const struct {
	const char *bytes;
	size_t want;
} separator_rows[] = {
	{ ".", 1 },
	{ ".a", 1 },
	{ "\xE3\x80\x82", 3 },      /* U+3002 IDEOGRAPHIC FULL STOP */
	{ "\xEF\xBC\x8E", 3 },      /* U+FF0E FULLWIDTH FULL STOP */
	{ "\xEF\xBD\xA1" "b", 3 },   /* U+FF61 HALFWIDTH IDEOGRAPHIC FULL STOP */
	{ "\xEF\xBD", 0 },           /* cut short */
	{ "\xE3\x80\x81", 0 },      /* U+3001 IDEOGRAPHIC COMMA */
	{ "\xE2\x80\xA4", 0 },      /* U+2024 ONE DOT LEADER: a lookalike, no separator */
	{ "a.", 0 },
	{ "", 0 },
};

static void test_label_separators(void)
{
	for (size_t i = 0; i < sizeof separator_rows / sizeof separator_rows[0]; i++) {
		const char *b = separator_rows[i].bytes;
		size_t got = iri_label_separator_at(b, strlen(b));
		CHECK(got == separator_rows[i].want, "%s: %zu", tcheck_esc(b, strlen(b)), got);
	}
	size_t seen = 0;
	for (uint32_t cp = 0; cp <= 0x10FFFF; cp++)
		seen += iri_is_label_separator(cp);
	CHECK(seen == 4, "%zu label separators, want 4", seen);
}

int main(void)
{
	test_label_separators();
	test_bidi_controls();
	test_noncharacters();
	test_lookalikes();
	return tcheck_done("chars");
}
