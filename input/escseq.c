/* escseq: swallowing an escape sequence.  See escseq.h (private).
 *
 * ECMA-48 5.4: a control sequence is CSI, parameter bytes 0x30-0x3F,
 * intermediate bytes 0x20-0x2F, then one final byte 0x40-0x7E.  SS3 (ESC O)
 * takes one final byte; some terminals put a modifier digit before it
 * (ESC O 5 P), so parameter bytes are taken first there too.  Three shapes
 * from real terminals break the rule and are allowed: the Linux console's
 * ESC [ [ A (the second '[' is not final), rxvt's ESC [ 7 $ (ends on an
 * intermediate byte: a known row ends the sequence), and the X10 mouse
 * report ESC [ M Cb Cx Cy (xterm ctlseqs, "X10 compatibility mode": three
 * characters from 0x20 up after the final M, which are not a new sequence).
 *
 * Control strings (ECMA-48 8.3.89 OSC, 8.3.27 DCS, 8.3.2 APC, 8.3.94 PM,
 * 8.3.128 SOS) run to ST, ESC \ (ECMA-48 8.3.143), which arrives here as
 * Alt+\ .  BEL ends an OSC, as xterm allows; it ends the others too, so it
 * never acts as C-g from inside one.  CAN and SUB cancel a string (ECMA-48
 * 8.3.6, 8.3.148); a lone Esc (the user's) ends it too.  Any other control
 * character or Alt+key cannot be in one: the string ends there and the key
 * is processed as usual, so a user who typed Alt+] by mistake gets back
 * with Enter, Esc or C-c.  Only the start is kept, for the report; a
 * string longer than INK_STR_MAX_BYTES is reported when it passes the cap
 * and swallowed to its end without another report. */
#include "escseq.h"

#include <stdio.h>

enum { ST_IDLE, ST_CSI, ST_SS3, ST_LINUX, ST_X10, ST_STRING };

#define CP_BEL 0x07u
#define CP_CAN 0x18u
#define CP_SUB 0x1Au
#define CP_ESC 0x1Bu
#define CP_DEL 0x7Fu

/* The string introducers, with the names esc_spell gives them. */
static const struct {
	char intro;
	const char *name;
} strings[] = {
	{ ']', "OSC" }, { 'P', "DCS" }, { '_', "APC" }, { '^', "PM" }, { 'X', "SOS" },
};

static const char *string_name(char intro)
{
	for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++)
		if (strings[i].intro == intro)
			return strings[i].name;
	return NULL;
}

void esc_reset(esc_swallow *s)
{
	s->state = ST_IDLE;
	s->len = 0;
	s->overflow = false;
	s->str_bytes = 0;
	s->reported = false;
}

bool esc_active(const esc_swallow *s)
{
	return s->state != ST_IDLE;
}

bool esc_intro(uint32_t cp)
{
	return cp == '[' || cp == 'O' || (cp < 0x80 && string_name((char)cp) != NULL);
}

void esc_begin(esc_swallow *s, uint32_t intro)
{
	esc_reset(s);
	s->state = intro == '[' ? ST_CSI : intro == 'O' ? ST_SS3 : ST_STRING;
	s->buf[0] = '\033';
	s->buf[1] = (char)intro;
	s->len = 2;
	s->str_bytes = 2;
}

/* Keeps one more character of the sequence, if there is room: a byte, or
 * '?' for what is not one. */
static void keep(esc_swallow *s, uint32_t cp, uint32_t max_byte)
{
	if (s->len < sizeof s->buf)
		s->buf[s->len++] = (char)(cp <= max_byte ? cp : '?');
	else
		s->overflow = true;   /* ECMA-48 sets no limit; we do */
}

static unsigned utf8_len(uint32_t cp)
{
	return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/* A character inside a control string. */
static esc_step string_feed(esc_swallow *s, uint32_t cp, unsigned mods)
{
	bool end = (cp == '\\' && mods == INK_MOD_ALT /* ESC \ is ST */)
		|| (mods == 0 && (cp == CP_BEL || cp == CP_CAN || cp == CP_SUB || cp == CP_ESC));

	if (end) {
		s->state = ST_IDLE;
		return s->reported ? ESC_DONE : ESC_UNKNOWN;
	}
	if (mods != 0 || cp < 0x20 || cp == CP_DEL) {
		s->state = ST_IDLE;
		return ESC_BROKEN;
	}
	keep(s, cp, 0x7E);
	s->str_bytes += utf8_len(cp);
	if (s->str_bytes > INK_STR_MAX_BYTES && !s->reported) {
		s->reported = true;
		s->overflow = true;
		return ESC_CAPPED;
	}
	return ESC_MORE;
}

/* One of the three characters of an X10 mouse report. */
static esc_step x10_feed(esc_swallow *s, uint32_t cp, unsigned mods)
{
	if (mods != 0 || cp < 0x20) {
		s->state = ST_IDLE;
		return ESC_BROKEN;
	}
	keep(s, cp, 0xFF);
	if (s->len < 6)
		return ESC_MORE;
	s->state = ST_IDLE;
	return ESC_UNKNOWN;
}

esc_step esc_feed(esc_swallow *s, uint32_t cp, unsigned mods, const ink_sequence **known)
{
	bool param = cp >= 0x30 && cp <= 0x3F, inter = cp >= 0x20 && cp <= 0x2F;
	bool final = cp >= 0x40 && cp <= 0x7E;
	const ink_sequence *row = NULL;

	*known = NULL;
	if (s->state == ST_STRING)
		return string_feed(s, cp, mods);
	if (s->state == ST_X10)
		return x10_feed(s, cp, mods);
	if (mods != 0 || !(param || inter || final)
	    || (s->state == ST_SS3 && inter) || (s->state == ST_LINUX && !final)) {
		s->state = ST_IDLE;
		return ESC_BROKEN;
	}
	keep(s, cp, 0x7F);
	if (s->state == ST_CSI && s->len == 3 && (cp == '[' || cp == 'M')) {
		s->state = cp == '[' ? ST_LINUX : ST_X10;
		return ESC_MORE;
	}
	if (!s->overflow)
		row = ink_sequence_find(s->buf, s->len);
	if (!final && !row)
		return ESC_MORE;
	s->state = ST_IDLE;
	*known = row;
	return row ? ESC_KNOWN : ESC_UNKNOWN;
}

bool esc_reported(const esc_swallow *s)
{
	return s->reported;
}

/* A string: its name and the start of its text. */
static void spell_string(const esc_swallow *s, char *out, size_t size)
{
	snprintf(out, size, "%s %.*s%s", string_name(s->buf[1]), (int)(s->len - 2), s->buf + 2,
		s->overflow ? " ..." : "");
}

void esc_spell(const esc_swallow *s, char *out, size_t size)
{
	size_t at = 0;

	if (size == 0)
		return;
	out[0] = '\0';
	if (s->len >= 2 && string_name(s->buf[1])) {
		spell_string(s, out, size);
		return;
	}
	for (size_t i = 0; i < s->len && at < size; i++) {
		unsigned char c = (unsigned char)s->buf[i];
		const char *sep = i ? " " : "";
		int n;
		if (c == 0x1B)
			n = snprintf(out + at, size - at, "%sESC", sep);
		else if (c > 0x20 && c < 0x7F)
			n = snprintf(out + at, size - at, "%s%c", sep, c);
		else
			n = snprintf(out + at, size - at, "%s0x%02X", sep, c);
		if (n > 0)
			at += (size_t)n;
	}
	if (s->overflow && at < size)
		snprintf(out + at, size - at, " ...");
}
