/* Placeholders for controls, format characters and ill-formed bytes. */
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include "render_sanitize.h"
#include "render_utf8.h"

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

/* Copies the n-byte piece into out (size bytes), NUL-terminated, truncating. */
static size_t emit(char *out, size_t size, const char *piece, size_t n)
{
	if (size == 0)
		return 0;
	if (n >= size)
		n = size - 1;
	memcpy(out, piece, n);
	out[n] = '\0';
	return n;
}

/* "⟨" NAME "⟩" without printf: placeholders are on the per-keystroke path. */
static size_t bracketed(char *out, size_t size, const char *name, size_t name_len)
{
	char buf[32];
	if (name_len > sizeof buf - 7)
		name_len = sizeof buf - 7;
	memcpy(buf, "\xE2\x9F\xA8", 3);
	memcpy(buf + 3, name, name_len);
	memcpy(buf + 3 + name_len, "\xE2\x9F\xA9", 3);
	return emit(out, size, buf, name_len + 6);
}

static size_t hex_digits(char *out, uint32_t v, int min_digits)
{
	static const char hex[] = "0123456789ABCDEF";
	char tmp[8];
	int n = 0;
	do {
		tmp[n++] = hex[v & 0xF];
		v >>= 4;
	} while (v || n < min_digits);
	for (int i = 0; i < n; i++)
		out[i] = tmp[n - 1 - i];
	return (size_t)n;
}

size_t rnd_placeholder(uint32_t cp, char *out, size_t size)
{
	if (cp < 0x20) {   /* U+2400.. CONTROL PICTURES: one cell, unambiguous */
		char pic[3] = { (char)0xE2, (char)0x90, (char)(0x80 + cp) };
		return emit(out, size, pic, 3);
	}
	if (cp == 0x7F)
		return emit(out, size, "\xE2\x90\xA1", 3);
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].cp == cp)
			return bracketed(out, size, names[i].abbr, strlen(names[i].abbr));
	char name[12] = "U+";
	size_t n = 2 + hex_digits(name + 2, cp, 4);
	return bracketed(out, size, name, n);
}

size_t rnd_placeholder_byte(uint8_t byte, char *out, size_t size)
{
	char name[4] = "x";
	size_t n = 1 + hex_digits(name + 1, byte, 2);
	return bracketed(out, size, name, n);
}


size_t rnd_sanitize(const char *in, size_t in_bytes, char *out, size_t out_size, size_t *out_len)
{
	const uint8_t *s = (const uint8_t *)in;
	size_t i = 0, o = 0;
	char ph[32];
	while (i < in_bytes) {
		uint32_t cp = 0;
		size_t n = rnd_utf8_next(s + i, in_bytes - i, &cp);
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

/* ICU's U8_NEXT is strict (RFC 3629: no overlongs, surrogates or values
 * past U+10FFFF; a cut sequence is ill-formed); every ill-formed
 * sequence is 0 here, whatever its length, so each of its bytes becomes a
 * placeholder of its own. */
size_t rnd_utf8_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	int32_t i = 0;
	UChar32 c;
	U8_NEXT(s, i, n < 4 ? (int32_t)n : 4, c);
	if (c < 0)
		return 0;
	*cp = (uint32_t)c;
	return (size_t)i;
}

size_t rnd_utf8_put(char *out, uint32_t cp)
{
	size_t i = 0;
	U8_APPEND_UNSAFE((uint8_t *)out, i, cp);
	return i;
}
