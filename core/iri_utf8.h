/* Strict UTF-8 helpers shared by core modules (RFC 3629). */
#ifndef IRI_UTF8_H
#define IRI_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "iri_buf.h"

typedef enum {
	IRI_UTF8_OK,
	IRI_UTF8_TRUNCATED,   /* sequence cut short by end of input or a non-continuation byte */
	IRI_UTF8_BAD_LEAD,    /* 0x80..0xBF or 0xF8..0xFF as a first byte */
	IRI_UTF8_OVERLONG,    /* e.g. C0 AF for "/" (RFC 3629 10) */
	IRI_UTF8_SURROGATE,   /* U+D800..U+DFFF encoded (ED A0..BF xx) */
	IRI_UTF8_TOO_LARGE    /* above U+10FFFF */
} iri_utf8_status;

const char *iri_utf8_status_name(iri_utf8_status s);

/* Decodes one code point from bytes[0..n_bytes).  On success stores the code
 * point in *cp and returns its length in bytes (1..4).  On failure returns the
 * number of bytes that form the bad sequence (at least 1, so callers always
 * advance), stores U+FFFD in *cp and the reason in *status. */
size_t iri_utf8_decode(const uint8_t *bytes, size_t n_bytes, uint32_t *cp, iri_utf8_status *status);

/* Bytes before the first non-ASCII byte; whether there is none. */
size_t iri_utf8_ascii_prefix(const char *bytes, size_t n_bytes);
bool iri_utf8_is_ascii(const char *bytes, size_t n_bytes);

/* Number of code point positions in bytes[0..n_bytes): a well-formed code
 * point is one position, and so is each byte of an ill-formed sequence (the
 * rule render uses, one placeholder per byte). */
size_t iri_utf8_count_cp(const char *bytes, size_t n_bytes);

/* Converts a byte offset to a code point offset; byte_off is clamped to n_bytes. */
size_t iri_utf8_cp_offset(const char *bytes, size_t n_bytes, size_t byte_off);

/* Value of a hex digit, or -1. */
static inline int iri_hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* True if text[i..] starts a well-formed "%" HEXDIG HEXDIG (RFC 3986 2.1) within
 * len bytes; stores the octet in *octet.  Inline: the quick lanes ask it
 * for every escape of a line, several million times a file. */
static inline int iri_pct_at(const char *text, size_t len, size_t i, uint8_t *octet)
{
	if (len < 3 || i > len - 3 || text[i] != '%')
		return 0;
	int hi = iri_hex_value(text[i + 1]), lo = iri_hex_value(text[i + 2]);
	if (hi < 0 || lo < 0)
		return 0;
	*octet = (uint8_t)(hi << 4 | lo);
	return 1;
}

/* Decodes every well-formed %HH of s[0..n_bytes) into out (reset first); the
 * rest is copied.  false if out's cap was reached. */
bool iri_pct_decode(const char *s, size_t n_bytes, iri_buf *out);

#endif
