/* One table of UTF-8 sequences that every path decoding or encoding UTF-8
 * is run through (core, render, input, the quick lane): the first and last
 * code point of each length and around the surrogates (RFC 3629 4), and
 * each kind of ill-formed sequence (RFC 3629 3 and 10; The Unicode
 * Standard 3.9, Table 3-7).  A path that gets one row wrong shows here. */
#ifndef UTF8_CASES_H
#define UTF8_CASES_H

#include <stdint.h>

#define UTF8_ILL_FORMED UINT32_MAX

typedef struct {
	const char *bytes;   /* NUL-terminated; no row holds U+0000 */
	uint32_t cp;         /* the scalar value, or UTF8_ILL_FORMED */
	const char *what;
} utf8_case;

static const utf8_case utf8_cases[] = {
	{ "\x7F", 0x7F, "last one-byte" },
	{ "\xC2\x80", 0x80, "first two-byte" },
	{ "\xC3\xBC", 0xFC, "u umlaut" },
	{ "\xDF\xBF", 0x7FF, "last two-byte" },
	{ "\xE0\xA0\x80", 0x800, "first three-byte (E0 needs A0..BF)" },
	{ "\xE1\x80\x80", 0x1000, "E1" },
	{ "\xED\x9F\xBF", 0xD7FF, "before the surrogates (ED needs 80..9F)" },
	{ "\xEE\x80\x80", 0xE000, "after the surrogates" },
	{ "\xEF\xBF\xBD", 0xFFFD, "replacement character" },
	{ "\xEF\xBF\xBF", 0xFFFF, "last three-byte" },
	{ "\xF0\x90\x80\x80", 0x10000, "first four-byte (F0 needs 90..BF)" },
	{ "\xF0\x9F\x98\x80", 0x1F600, "an emoji" },
	{ "\xF4\x8F\xBF\xBF", 0x10FFFF, "last code point (F4 needs 80..8F)" },
	{ "\x80", UTF8_ILL_FORMED, "a lone continuation byte" },
	{ "\xBF\xBF", UTF8_ILL_FORMED, "two continuation bytes" },
	{ "\xC0\x80", UTF8_ILL_FORMED, "overlong U+0000 (C0)" },
	{ "\xC0\xAF", UTF8_ILL_FORMED, "overlong '/' (RFC 3629 10)" },
	{ "\xC1\xBF", UTF8_ILL_FORMED, "overlong (C1)" },
	{ "\xE0\x80\x80", UTF8_ILL_FORMED, "overlong three-byte" },
	{ "\xE0\x9F\xBF", UTF8_ILL_FORMED, "overlong U+07FF" },
	{ "\xED\xA0\x80", UTF8_ILL_FORMED, "surrogate U+D800" },
	{ "\xED\xBF\xBF", UTF8_ILL_FORMED, "surrogate U+DFFF" },
	{ "\xF0\x80\x80\x80", UTF8_ILL_FORMED, "overlong four-byte" },
	{ "\xF0\x8F\xBF\xBF", UTF8_ILL_FORMED, "overlong U+FFFF" },
	{ "\xF4\x90\x80\x80", UTF8_ILL_FORMED, "past U+10FFFF" },
	{ "\xF5\x80\x80\x80", UTF8_ILL_FORMED, "lead F5" },
	{ "\xF8\x88\x80\x80\x80", UTF8_ILL_FORMED, "five-byte form" },
	{ "\xFE", UTF8_ILL_FORMED, "FE" },
	{ "\xFF", UTF8_ILL_FORMED, "FF" },
	{ "\xC2", UTF8_ILL_FORMED, "two-byte cut at the end" },
	{ "\xE2\x82", UTF8_ILL_FORMED, "three-byte cut at the end" },
	{ "\xF0\x9F\x98", UTF8_ILL_FORMED, "four-byte cut at the end" },
};

#define UTF8_CASES_COUNT (sizeof utf8_cases / sizeof utf8_cases[0])

#endif
