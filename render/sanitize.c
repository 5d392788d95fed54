/* Placeholders for controls, format characters and ill-formed bytes. */
#include <stdio.h>
#include <string.h>

#include <unicode/uchar.h>

#include "render_sanitize.h"

bool rnd_is_unsafe(uint32_t cp)
{
	if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F))
		return true;
	if (cp == 0x2028 || cp == 0x2029)
		return true;
	/* UAX #9 and Cf: invisible, and some terminals act on them. */
	return cp >= 0xA0 && u_charType((UChar32)cp) == U_FORMAT_CHAR;
}

static const struct {
	uint32_t cp;
	const char *abbr;
} names[] = {
	{ 0x00AD, "SHY" }, { 0x061C, "ALM" }, { 0x180E, "MVS" }, { 0x200B, "ZWSP" },
	{ 0x200C, "ZWNJ" }, { 0x200D, "ZWJ" }, { 0x200E, "LRM" }, { 0x200F, "RLM" },
	{ 0x2028, "LS" }, { 0x2029, "PS" }, { 0x202A, "LRE" }, { 0x202B, "RLE" },
	{ 0x202C, "PDF" }, { 0x202D, "LRO" }, { 0x202E, "RLO" }, { 0x2060, "WJ" },
	{ 0x2066, "LRI" }, { 0x2067, "RLI" }, { 0x2068, "FSI" }, { 0x2069, "PDI" },
	{ 0xFEFF, "BOM" },
};

size_t rnd_placeholder(uint32_t cp, char *out, size_t size)
{
	int n;
	if (cp < 0x20)   /* U+2400.. CONTROL PICTURES: one cell, unambiguous */
		n = snprintf(out, size, "%c%c%c", 0xE2, 0x90, (int)(0x80 + cp));
	else if (cp == 0x7F)
		n = snprintf(out, size, "\xE2\x90\xA1");
	else {
		const char *abbr = NULL;
		for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
			if (names[i].cp == cp)
				abbr = names[i].abbr;
		if (abbr)
			n = snprintf(out, size, "\xE2\x9F\xA8%s\xE2\x9F\xA9", abbr);
		else
			n = snprintf(out, size, "\xE2\x9F\xA8U+%04X\xE2\x9F\xA9", (unsigned)cp);
	}
	if (n < 0)
		n = 0;
	return (size_t)n < size ? (size_t)n : size ? size - 1 : 0;
}

size_t rnd_placeholder_byte(uint8_t byte, char *out, size_t size)
{
	int n = snprintf(out, size, "\xE2\x9F\xA8x%02X\xE2\x9F\xA9", byte);
	if (n < 0)
		n = 0;
	return (size_t)n < size ? (size_t)n : size ? size - 1 : 0;
}

/* Strict UTF-8 (RFC 3629): length of the sequence at s, 0 if ill-formed. */
static size_t utf8_seq(const uint8_t *s, size_t n, uint32_t *cp)
{
	uint8_t b = s[0];
	size_t len;
	uint32_t v, min;
	if (b < 0x80) {
		*cp = b;
		return 1;
	} else if (b >= 0xC2 && b <= 0xDF) {
		len = 2, v = b & 0x1F, min = 0x80;
	} else if (b >= 0xE0 && b <= 0xEF) {
		len = 3, v = b & 0x0F, min = 0x800;
	} else if (b >= 0xF0 && b <= 0xF4) {
		len = 4, v = b & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3F);
	}
	if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return len;
}

size_t rnd_sanitize(const char *in, size_t in_bytes, char *out, size_t out_size, size_t *out_len)
{
	const uint8_t *s = (const uint8_t *)in;
	size_t i = 0, o = 0;
	char ph[32];
	while (i < in_bytes) {
		uint32_t cp = 0;
		size_t n = utf8_seq(s + i, in_bytes - i, &cp);
		const char *piece = in + i;
		size_t piece_len = n;
		if (n == 0) {
			piece_len = rnd_placeholder_byte(s[i], ph, sizeof ph);
			piece = ph;
			n = 1;
		} else if (rnd_is_unsafe(cp)) {
			piece_len = rnd_placeholder(cp, ph, sizeof ph);
			piece = ph;
		}
		if (o + piece_len + 1 > out_size)
			break;
		memcpy(out + o, piece, piece_len);
		o += piece_len;
		i += n;
	}
	if (out_size)
		out[o] = '\0';
	*out_len = o;
	return i;
}
