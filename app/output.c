/* Output of input-derived text, safely. */
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include "i18n.h"
#include "iri.h"
#include "output.h"
#include "render_sanitize.h"

void out_text(FILE *f, const char *s, size_t n, bool to_tty)
{
	if (!to_tty) {
		fwrite(s, 1, n, f);
		return;
	}
	char chunk[4096];
	while (n > 0) {
		size_t written;
		size_t used = rnd_sanitize(s, n, chunk, sizeof chunk, &written);
		fwrite(chunk, 1, written, f);
		if (used == 0)
			break;
		s += used;
		n -= used;
	}
}

bool out_term_isolates(void)
{
	const char *term = getenv("TERM");
	return !(term && strncmp(term, "linux", 5) == 0 && (term[5] == '\0' || term[5] == '-'));
}

void out_quoted(FILE *f, const char *s, size_t n, bool to_tty)
{
	bool isolate = to_tty && out_term_isolates();
	if (isolate)
		fputs("\u2066", f);
	out_text(f, s, n, to_tty);
	if (isolate)
		fputs("\u2069", f);
}

json_object *out_json_string(const char *s, size_t n)
{
	const uint8_t *b = (const uint8_t *)s;
	size_t i = 0;
	while (i < n) {
		uint32_t cp;
		iri_utf8_status st;
		size_t k = b[i] < 0x80 ? 1 : iri_utf8_decode(b + i, n - i, &cp, &st);
		if (b[i] >= 0x80 && st != IRI_UTF8_OK)
			break;
		i += k;
	}
	if (i == n)
		return json_object_new_string_len(s, (int)n);
	iri_buf fixed;
	iri_buf_init(&fixed);
	iri_buf_append(&fixed, s, i);
	while (i < n) {
		uint32_t cp = b[i];
		iri_utf8_status st = IRI_UTF8_OK;
		size_t k = b[i] < 0x80 ? 1 : iri_utf8_decode(b + i, n - i, &cp, &st);
		if (st != IRI_UTF8_OK)
			iri_buf_put_cp(&fixed, 0xFFFD);
		else
			iri_buf_append(&fixed, s + i, k);
		i += k;
	}
	json_object *o = json_object_new_string_len(fixed.data ? fixed.data : "", (int)fixed.len);
	iri_buf_fini(&fixed);
	return o;
}

/* JSON for a terminal: code points that must not reach it raw (controls,
 * Cf, separators) become \uXXXX escapes, which is the same JSON value.
 * They can occur only inside strings, since the JSON syntax is ASCII. */
static void write_json_tty(FILE *f, const char *s, size_t len)
{
	const uint8_t *b = (const uint8_t *)s;
	size_t i = 0, done = 0;
	while (i < len) {
		uint32_t cp = b[i];
		iri_utf8_status st = IRI_UTF8_OK;
		size_t k = b[i] < 0x80 ? 1 : iri_utf8_decode(b + i, len - i, &cp, &st);
		if (k == 0)
			k = 1;
		if (st == IRI_UTF8_OK && rnd_is_unsafe(cp)) {
			fwrite(s + done, 1, i - done, f);
			if (cp >= 0x10000)   /* a surrogate pair (RFC 8259 7) */
				fprintf(f, "\\u%04X\\u%04X", (unsigned)U16_LEAD(cp), (unsigned)U16_TRAIL(cp));
			else
				fprintf(f, "\\u%04X", (unsigned)cp);
			done = i + k;
		}
		i += k;
	}
	fwrite(s + done, 1, len - done, f);
}

void out_json_line(FILE *f, json_object *obj, bool to_tty)
{
	size_t len = 0;
	const char *s = json_object_to_json_string_length(obj,
		JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &len);
	if (to_tty)
		write_json_tty(f, s, len);
	else
		fwrite(s, 1, len, f);
	fputc('\n', f);
	json_object_put(obj);
}

const char *out_pad(const char *s, size_t cols, bool cut, char *out, size_t size)
{
	if (size == 0)
		return out;
	size_t n = strlen(s), i = 0, used = 0, o = 0;
	while (i < n) {
		size_t w;
		size_t k = rnd_char_cells(s + i, n - i, &w);
		if (cut && used + w > cols)
			break;
		if (o + k >= size)
			break;   /* the buffer's cap: whole characters only */
		memcpy(out + o, s + i, k);
		o += k;
		i += k;
		used += w;
	}
	/* Combining marks (width 0) after the last base go with it, if they fit. */
	while (i < n) {
		size_t w;
		size_t k = rnd_char_cells(s + i, n - i, &w);
		if (w != 0 || o + k >= size)
			break;
		memcpy(out + o, s + i, k);
		o += k;
		i += k;
	}
	while (used < cols && o + 1 < size) {
		out[o++] = ' ';
		used++;
	}
	out[o] = '\0';
	return out;
}

bool out_text_is_rtl(const char *s, size_t n)
{
	const uint8_t *b = (const uint8_t *)s;
	int isolates = 0;   /* P2: skip what is between an isolate initiator and its PDI */
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		iri_utf8_status st = IRI_UTF8_OK;
		size_t k = b[i] < 0x80 ? 1 : iri_utf8_decode(b + i, n - i, &cp, &st);
		if (b[i] < 0x80)
			cp = b[i];
		i += k;
		if (st != IRI_UTF8_OK)
			continue;
		switch (u_charDirection((UChar32)cp)) {
		case U_LEFT_TO_RIGHT_ISOLATE: case U_RIGHT_TO_LEFT_ISOLATE: case U_FIRST_STRONG_ISOLATE:
			isolates++;
			break;
		case U_POP_DIRECTIONAL_ISOLATE:
			if (isolates > 0)
				isolates--;
			break;
		case U_LEFT_TO_RIGHT:
			if (isolates == 0)
				return false;
			break;
		case U_RIGHT_TO_LEFT: case U_RIGHT_TO_LEFT_ARABIC:
			if (isolates == 0)
				return true;
			break;
		default:
			break;
		}
	}
	return false;   /* P3: no strong character, level 0 */
}

const char *out_safe_arg(const char *s, char *buf, size_t size)
{
	size_t written;
	rnd_sanitize(s, strlen(s), buf, size, &written);
	return buf;
}

size_t out_cut_bytes(const char *s, size_t n, size_t max)
{
	if (n <= max)
		return n;
	/* Back to the start of the character s[max] belongs to, if it began
	 * before: at most 3 bytes back, since a UTF-8 sequence is at most 4
	 * bytes (ICU's U8_SET_CP_START looks no further, and takes a stray
	 * continuation byte as a character of its own). */
	size_t from = max >= 3 ? max - 3 : 0;
	int32_t at = (int32_t)(max - from);
	U8_SET_CP_START((const uint8_t *)s + from, 0, at);
	return from + (size_t)at;
}

const char *out_size(size_t bytes, char *buf, size_t size)
{
	if (!buf || size == 0)
		return buf;
	if (bytes > 0 && bytes % ((size_t)1 << 20) == 0)
		/* TRANSLATORS: a size in mebibytes (1024 * 1024 bytes); keep MiB. */
		snprintf(buf, size, _("%zu MiB"), bytes >> 20);
	else if (bytes > 0 && bytes % 1024 == 0)
		/* TRANSLATORS: a size in kibibytes (1024 bytes); keep KiB. */
		snprintf(buf, size, _("%zu KiB"), bytes >> 10);
	else
		/* TRANSLATORS: a size in bytes. */
		snprintf(buf, size, ngettext("%zu byte", "%zu bytes", bytes), bytes);
	return buf;
}

rnd_options out_render_options(bool shape_arabic)
{
	return (rnd_options){ .shape_arabic = shape_arabic, .delimiters = iri_bidi_delimiters() };
}
