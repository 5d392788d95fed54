/* Strict UTF-8 decoding (RFC 3629 3 and 4), with the reason for each failure
 * so diagnostics can tell overlong and surrogate forms apart. */
#include <string.h>

#include "iri_buf.h"
#include "iri_utf8.h"

const char *iri_utf8_status_name(iri_utf8_status s)
{
	switch (s) {
	case IRI_UTF8_OK: return "OK";
	case IRI_UTF8_TRUNCATED: return "TRUNCATED";
	case IRI_UTF8_BAD_LEAD: return "BAD_LEAD";
	case IRI_UTF8_OVERLONG: return "OVERLONG";
	case IRI_UTF8_SURROGATE: return "SURROGATE";
	case IRI_UTF8_TOO_LARGE: return "TOO_LARGE";
	}
	return "UNKNOWN";
}

size_t iri_utf8_decode(const uint8_t *s, size_t n, uint32_t *cp, iri_utf8_status *status)
{
	*cp = 0xFFFD;
	*status = IRI_UTF8_OK;
	if (n == 0) {
		*status = IRI_UTF8_TRUNCATED;
		return 0;
	}
	uint8_t b0 = s[0];
	if (b0 < 0x80) {
		*cp = b0;
		return 1;
	}
	size_t need;
	uint32_t v;
	if (b0 >= 0xC0 && b0 <= 0xDF) {
		need = 2;
		v = b0 & 0x1F;
	} else if (b0 >= 0xE0 && b0 <= 0xEF) {
		need = 3;
		v = b0 & 0x0F;
	} else if (b0 >= 0xF0 && b0 <= 0xF7) {
		need = 4;
		v = b0 & 0x07;
	} else {
		*status = IRI_UTF8_BAD_LEAD;
		return 1;
	}
	size_t i = 1;
	for (; i < need; i++) {
		if (i >= n || (s[i] & 0xC0) != 0x80) {
			*status = IRI_UTF8_TRUNCATED;
			return i;
		}
		v = (v << 6) | (s[i] & 0x3F);
	}
	/* RFC 3629 3: the shortest form only; no surrogates; nothing past U+10FFFF. */
	static const uint32_t min_for_len[5] = { 0, 0, 0x80, 0x800, 0x10000 };
	if (v < min_for_len[need])
		*status = IRI_UTF8_OVERLONG;
	else if (v >= 0xD800 && v <= 0xDFFF)
		*status = IRI_UTF8_SURROGATE;
	else if (v > 0x10FFFF)
		*status = IRI_UTF8_TOO_LARGE;
	else
		*cp = v;
	return need;
}

/* The length of the all-ASCII prefix of bytes[0..n_bytes), eight bytes at a
 * time (most IRIs and URIs are mostly ASCII). */
size_t iri_utf8_ascii_prefix(const char *bytes, size_t n_bytes)
{
	size_t i = 0;
	for (; i + 8 <= n_bytes; i += 8) {
		uint64_t w;
		memcpy(&w, bytes + i, 8);
		if (w & UINT64_C(0x8080808080808080))
			break;
	}
	while (i < n_bytes && (unsigned char)bytes[i] < 0x80)
		i++;
	return i;
}

bool iri_utf8_is_ascii(const char *bytes, size_t n_bytes)
{
	return iri_utf8_ascii_prefix(bytes, n_bytes) == n_bytes;
}

size_t iri_utf8_count_cp(const char *bytes, size_t n_bytes)
{
	return iri_utf8_cp_offset(bytes, n_bytes, n_bytes);
}

size_t iri_utf8_cp_offset(const char *bytes, size_t n_bytes, size_t byte_off)
{
	const uint8_t *s = (const uint8_t *)bytes;
	if (byte_off > n_bytes)
		byte_off = n_bytes;
	size_t i = iri_utf8_ascii_prefix(bytes, byte_off), cps = i;
	while (i < byte_off) {
		size_t n = 1;
		/* Two- and three-byte forms that are always well-formed (RFC 3629
		 * 4: C2-DF; E1-EC and EE-EF, which no overlong or surrogate uses). */
		uint8_t b = s[i];
		if (b >= 0xC2 && b <= 0xDF && i + 1 < n_bytes && (s[i + 1] & 0xC0) == 0x80) {
			i += 2;
			cps++;
			continue;
		}
		if (b >= 0xE1 && b <= 0xEF && b != 0xED && i + 2 < n_bytes &&
		    (s[i + 1] & 0xC0) == 0x80 && (s[i + 2] & 0xC0) == 0x80) {
			i += 3;
			cps++;
			continue;
		}
		if (s[i] >= 0x80) {
			uint32_t cp;
			iri_utf8_status st;
			n = iri_utf8_decode(s + i, n_bytes - i, &cp, &st);
			if (st != IRI_UTF8_OK) {
				/* Each byte of an ill-formed sequence is a position of its
				 * own, as render shows a placeholder per byte. */
				cps += n;
				i += n;
				continue;
			}
		}
		i += n;
		cps++;
	}
	return cps;
}

bool iri_pct_decode(const char *s, size_t n_bytes, iri_buf *out)
{
	iri_buf_reset(out);
	for (size_t i = 0; i < n_bytes; i++) {
		uint8_t octet;
		if (iri_pct_at(s, n_bytes, i, &octet)) {
			iri_buf_putc(out, (char)octet);
			i += 2;
		} else {
			iri_buf_putc(out, s[i]);
		}
	}
	return !out->failed;
}
