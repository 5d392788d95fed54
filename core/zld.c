/* The 1998 ".i" zero-level domain (seed 000, 3.2): each code point as an
 * "initial" letter G..V for its first nibble, then hex digits. */
#include "host_internal.h"
#include "iri_chars.h"
#include "iri_host.h"
#include "iri_utf8.h"

/* ---- 1998 zero-level domain (seed 000, 3.2) -------------------------- */

#define ZLD_SUFFIX ".i"

bool iri_zld_encode(const char *in, size_t len, iri_buf *out)
{
	static const char hex[] = "0123456789ABCDEF";
	const uint8_t *p = (const uint8_t *)in;
	bool ok = false;
	size_t label_cp = 0;
	iri_buf_reset(out);
	if (len == 0 || len > HOST_MAX_BYTES)
		goto done;
	for (size_t i = 0; i < len;) {
		/* Any UTS #46 2.3 label separator ends a label: encoded inside one,
		 * a name that resolves as two labels would be shown as one. */
		size_t sep = iri_label_separator_at(in + i, len - i);
		if (sep > 0) {
			if (label_cp == 0)
				goto done;   /* an empty label has no encoding */
			iri_buf_putc(out, '.');
			label_cp = 0;
			i += sep;
			continue;
		}
		uint32_t cp = p[i];
		iri_utf8_status st = IRI_UTF8_OK;
		i += cp < 0x80 ? 1 : iri_utf8_decode(p + i, len - i, &cp, &st);
		if (st != IRI_UTF8_OK)
			goto done;
		/* Leading zero nibbles are dropped, except the last two (3.2). */
		int nibbles = 2;
		while (nibbles < 8 && (cp >> (4 * nibbles)) != 0)
			nibbles++;
		/* The first nibble as an "Initial" letter G..V, the rest as hex. */
		iri_buf_putc(out, (char)('G' + ((cp >> (4 * (nibbles - 1))) & 0xF)));
		for (int k = nibbles - 2; k >= 0; k--)
			iri_buf_putc(out, hex[(cp >> (4 * k)) & 0xF]);
		label_cp++;
	}
	if (label_cp == 0)
		goto done;   /* empty last label (trailing dot) */
	iri_buf_puts(out, ZLD_SUFFIX);
	ok = !out->failed;
done:
	if (!ok)
		iri_buf_reset(out);
	return ok;
}

bool iri_zld_decode(const char *in, size_t len, iri_buf *out)
{
	bool ok = false;
	iri_buf_reset(out);
	/* The name must end in the ".i" zero-level domain (seed 000, 2), with at
	 * least one encoded label before it. */
	if (len < 3 || len > HOST_MAX_BYTES || in[len - 2] != '.' || host_ascii_lower(in[len - 1]) != 'i')
		goto done;
	size_t body_len = len - 2;
	uint32_t cp = 0;
	int nibbles = 0;          /* nibbles of cp read so far; 0 = between code points */
	size_t label_cp = 0;
	for (size_t i = 0; i <= body_len; i++) {
		char c = i < body_len ? in[i] : '.';
		char u = (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c;
		bool initial = u >= 'G' && u <= 'V';
		int sub = iri_hex_value(u);
		if (c == '.' || initial) {
			/* Finish the code point in progress: at least two nibbles, no
			 * leading zero nibble beyond the last two (canonical form). */
			if (nibbles == 1)
				goto done;
			if (nibbles > 0) {
				if (nibbles > 2 && (cp >> (4 * (nibbles - 1))) == 0)
					goto done;
				/* No label separator (UTS #46 2.3: "." and the three
				 * mapped to it) or NUL smuggled inside a label. */
				if (cp == 0 || iri_is_label_separator(cp) || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
					goto done;
				iri_buf_put_cp(out, cp);
				label_cp++;
			}
			cp = 0;
			nibbles = 0;
		}
		if (c == '.') {
			if (label_cp == 0)
				goto done;   /* empty label */
			if (i < body_len)
				iri_buf_putc(out, '.');
			label_cp = 0;
		} else if (initial) {
			cp = (uint32_t)(u - 'G');
			nibbles = 1;
		} else if (sub >= 0 && nibbles > 0) {
			if (nibbles >= 6)
				goto done;   /* beyond U+10FFFF */
			cp = cp * 16 + (uint32_t)sub;
			nibbles++;
		} else {
			goto done;   /* a digit where an initial is needed, or not a letter at all */
		}
	}
	ok = !out->failed;
done:
	if (!ok)
		iri_buf_reset(out);
	return ok;
}
