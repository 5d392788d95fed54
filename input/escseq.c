/* escseq: swallowing an escape sequence.  See escseq.h (private).
 *
 * ECMA-48 5.4: a control sequence is CSI, parameter bytes 0x30-0x3F,
 * intermediate bytes 0x20-0x2F, then one final byte 0x40-0x7E.  SS3 (ESC O)
 * takes one final byte; some terminals put a modifier digit before it
 * (ESC O 5 P), so parameter bytes are taken first there too.  Two shapes
 * from real terminals break the rule and are allowed: the Linux console's
 * ESC [ [ A (the second '[' is not final) and rxvt's ESC [ 7 $ (ends on an
 * intermediate byte: a known row ends the sequence). */
#include "escseq.h"

#include <stdio.h>

enum { ST_IDLE, ST_CSI, ST_SS3, ST_LINUX };

void esc_reset(esc_swallow *s)
{
	s->state = ST_IDLE;
	s->len = 0;
	s->overflow = false;
}

bool esc_active(const esc_swallow *s)
{
	return s->state != ST_IDLE;
}

void esc_begin(esc_swallow *s, uint32_t intro)
{
	s->state = intro == '[' ? ST_CSI : ST_SS3;
	s->buf[0] = '\033';
	s->buf[1] = (char)intro;
	s->len = 2;
	s->overflow = false;
}

esc_step esc_feed(esc_swallow *s, uint32_t cp, unsigned mods, const ink_sequence **known)
{
	bool param = cp >= 0x30 && cp <= 0x3F, inter = cp >= 0x20 && cp <= 0x2F;
	bool final = cp >= 0x40 && cp <= 0x7E;
	const ink_sequence *row = NULL;

	*known = NULL;
	if (mods != 0 || !(param || inter || final)
	    || (s->state == ST_SS3 && inter) || (s->state == ST_LINUX && !final)) {
		s->state = ST_IDLE;
		return ESC_BROKEN;
	}
	if (s->len < sizeof s->buf)
		s->buf[s->len++] = (char)cp;
	else
		s->overflow = true;   /* ECMA-48 sets no limit; we do */
	if (s->state == ST_CSI && s->len == 3 && cp == '[') {
		s->state = ST_LINUX;
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

void esc_spell(const esc_swallow *s, char *out, size_t size)
{
	size_t at = 0;

	if (size == 0)
		return;
	out[0] = '\0';
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
