/* app/output.c's cell measures: out_pad (pad or cut to N terminal cells,
 * never inside a character; cells by render's rnd_text_cells) and
 * out_text_is_rtl (UAX #9 P2-P3).
 * Runs in C.UTF-8 so wcwidth knows non-ASCII widths. */
#include <locale.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../tcheck.h"
#include "output.h"

static const struct {
	const char *in;
	size_t cols;
	bool cut;
	const char *want;       /* the padded or cut text */
	size_t want_cells;      /* rnd_text_cells of want */
} pads[] = {
	/* ASCII: like printf("%-Ns") / ("%-N.Ns"). */
	{ "host", 8, false, "host    ", 8 },
	{ "host", 4, true, "host", 4 },
	{ "", 3, true, "   ", 3 },
	{ "fragment", 5, true, "fragm", 5 },
	{ "fragment", 5, false, "fragment", 8 },   /* no cut: copied whole, as printf */
	/* Cyrillic: 2 bytes, 1 cell each (the parts pane's "схем\xD0" bug). */
	{ "схема", 9, true, "схема    ", 9 },
	{ "схема", 4, true, "схем", 4 },
	{ "компонент", 9, false, "компонент", 9 },
	{ "запрос", 8, false, "запрос  ", 8 },
	/* CJK: 3 bytes, 2 cells each; one that would straddle the edge is left
	 * out and its cell padded. */
	{ "スキーム", 8, true, "スキーム", 8 },
	{ "スキーム", 9, false, "スキーム ", 9 },
	{ "スキーム", 5, true, "スキ ", 5 },
	{ "構成要素", 3, true, "構 ", 3 },
	{ "文字", 4, false, "文字", 4 },
	/* Combining marks (0 cells) stay with their base, even at the cut. */
	{ "e\xCC\x81te\xCC\x81", 6, false, "e\xCC\x81te\xCC\x81   ", 6 },
	{ "e\xCC\x81te\xCC\x81", 1, true, "e\xCC\x81", 1 },
	{ "a\xD6\xB8\xD6\xBC" "b", 1, true, "a\xD6\xB8\xD6\xBC", 1 },
	/* Right-to-left text is measured the same (logical order). */
	{ "مخطط", 9, true, "مخطط     ", 9 },
	{ "שלום עולם", 4, true, "שלום", 4 },
	/* Longer than the width, mixed scripts. */
	{ "Компоненты IRI", 10, true, "Компоненты", 10 },
	{ "IRI エディター", 9, true, "IRI エデ ", 9 },
	/* An ill-formed byte counts one cell and is never split further. */
	{ "a\xD0", 3, true, "a\xD0 ", 3 },
};

/* out_cut_bytes: never inside a character, and never more than 3 bytes
 * back (a UTF-8 sequence is at most 4 bytes; before, a run of continuation
 * bytes was backed over to its start and a row of them showed as empty). */
static const struct {
	const char *in;
	size_t n, max, want;
} cuts[] = {
	{ "abc", 3, 5, 3 },
	{ "abc", 3, 2, 2 },
	{ "a\xC3\xA9", 3, 2, 1 },                 /* é: not half of it */
	{ "a\xE2\x82\xAC", 4, 2, 1 },             /* € */
	{ "a\xE2\x82\xAC", 4, 3, 1 },
	{ "\xF0\x9D\x84\x9E" "b", 5, 3, 0 },     /* U+1D11E */
	{ "\xF0\x9D\x84\x9E" "b", 5, 4, 4 },
	{ "a\x80\x80\x80\x80\x80\x80", 7, 5, 5 },   /* stray continuation bytes: cut where asked */
	{ "\xC3\xA9\x80\x80", 4, 3, 3 },           /* é, then strays */
	{ "\xE2\x82\x80\x80\x80", 5, 4, 4 },      /* a whole €-like lead + 2, then strays */
};

static const struct {
	const char *in;
	bool rtl;
} dirs[] = {
	{ "Parts", false },
	{ "المكونات", true },
	{ "רכיבים", true },
	{ "اجزا", true },
	{ "Компоненты", false },
	{ "構成要素", false },
	{ " 10 (1) ", false },                    /* no strong character: P3 level 0 */
	{ "  (2002) % ترميز", true },            /* neutrals and numbers before the first strong */
	{ "SPACE_OR_UNWISE: غير مسموح", false },   /* first strong is L */
	{ "\xE2\x81\xA6" "abc\xE2\x81\xA9 שלום", true },   /* an isolate is skipped (P2) */
	{ "\xE2\x80\x8F" "abc", true },           /* RLM is strong R */
};

int main(void)
{
	if (!setlocale(LC_ALL, "C.UTF-8")) {
		fprintf(stderr, "test_pad: no C.UTF-8 locale\n");
		return 1;
	}
	for (size_t i = 0; i < sizeof pads / sizeof pads[0]; i++) {
		char out[256];
		const char *got = out_pad(pads[i].in, pads[i].cols, pads[i].cut, out, sizeof out);
		CHECK(got == out, "returns its buffer");
		CHECK(strcmp(out, pads[i].want) == 0, "out_pad(\"%s\", %zu, %d) = \"%s\", want \"%s\"",
			tcheck_esc(pads[i].in, strlen(pads[i].in)), pads[i].cols, pads[i].cut,
			tcheck_esc(out, strlen(out)), tcheck_esc(pads[i].want, strlen(pads[i].want)));
		CHECK(rnd_text_cells(out, strlen(out)) == pads[i].want_cells, "rnd_text_cells of row %zu = %zu, want %zu",
			i, rnd_text_cells(out, strlen(out)), pads[i].want_cells);
	}
	/* Sizes for messages: binary prefixes for exact multiples only. */
	static const struct { size_t bytes; const char *want; } sizes[] = {
		{ (size_t)1 << 20, "1 MiB" }, { (size_t)16 << 20, "16 MiB" }, { 65536, "64 KiB" },
		{ 1024, "1 KiB" }, { 1000, "1000 bytes" }, { ((size_t)1 << 20) + 1024, "1025 KiB" },
		{ 1, "1 byte" }, { 0, "0 bytes" },
	};
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		char buf[32];
		CHECK_STR(out_size(sizes[i].bytes, buf, sizeof buf), sizes[i].want, "out_size(%zu)", sizes[i].bytes);
	}
	/* A small buffer cuts on a character boundary too (never half of "с"). */
	char small[6];
	out_pad("схема", 9, false, small, sizeof small);
	CHECK_STR(small, "сх ", "a 6-byte buffer: two Cyrillic letters (not half a third), padding as room allows");
	char tiny[1];
	out_pad("abc", 3, true, tiny, sizeof tiny);
	CHECK(tiny[0] == '\0', "a 1-byte buffer gets the NUL only");
	for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
		size_t got = out_cut_bytes(cuts[i].in, cuts[i].n, cuts[i].max);
		CHECK(got == cuts[i].want, "out_cut_bytes(\"%s\", %zu) = %zu, want %zu",
			tcheck_esc(cuts[i].in, cuts[i].n), cuts[i].max, got, cuts[i].want);
	}
	/* 2 KiB of continuation bytes, then a letter: cut at the 100th byte. */
	static char conts[2049];
	memset(conts, 0x80, 2048);
	conts[2048] = 'x';
	CHECK(out_cut_bytes(conts, sizeof conts, 100) == 100, "2 KiB of continuation bytes cut to %zu",
		out_cut_bytes(conts, sizeof conts, 100));
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		CHECK(out_text_is_rtl(dirs[i].in, strlen(dirs[i].in)) == dirs[i].rtl, "out_text_is_rtl(\"%s\") != %d",
			tcheck_esc(dirs[i].in, strlen(dirs[i].in)), dirs[i].rtl);
	return tcheck_done("pad");
}
