/* paste: the bracketed-paste buffer.  See paste.h (private) and
 * input_keys.h. */
#include "paste.h"

#include <stdlib.h>
#include <string.h>

#include "im.h"
#include "input_keys.h"

static bool valid_scalar(uint32_t cp)
{
	return cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
}

void paste_buf_begin(paste_buf *p)
{
	p->len = 0;
	p->truncated = false;
	if (p->buf)
		p->buf[0] = '\0';
}

/* NUL, CR, LF and TAB are dropped (a URL wrapped over lines comes back in
 * one piece); everything else is kept, controls included: the editor shows
 * them as placeholders and flags them. */
void paste_buf_add(paste_buf *p, uint32_t cp)
{
	im_text u;
	size_t need;
	char *nb;

	if (cp == 0 || cp == '\r' || cp == '\n' || cp == '\t')
		return;
	if (!valid_scalar(cp))
		cp = 0xFFFD;
	im_text_clear(&u);
	im_text_put_cp(&u, cp);
	if (p->len + u.len > INK_PASTE_MAX_BYTES) {
		p->truncated = true;
		return;
	}
	need = p->len + u.len + 1;
	if (need > p->cap) {
		size_t cap = p->cap ? p->cap : 256;
		while (cap < need)
			cap *= 2;
		if (cap > INK_PASTE_MAX_BYTES + 1)
			cap = INK_PASTE_MAX_BYTES + 1;
		nb = realloc(p->buf, cap);
		if (!nb) {
			/* Out of memory: keep what we have and say it was cut. */
			p->truncated = true;
			return;
		}
		p->buf = nb;
		p->cap = cap;
	}
	memcpy(p->buf + p->len, u.b, u.len);
	p->len += u.len;
	p->buf[p->len] = '\0';
}

/* Unicode White_Space (PropList.txt) minus CR LF TAB, which never get here:
 * what a copy from a web page or a terminal leaves around a URL. */
static bool is_white_space(uint32_t cp)
{
	return cp == 0x20 || cp == 0x0B || cp == 0x0C || cp == 0x85 || cp == 0xA0
		|| cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028
		|| cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

/* Decodes the code point starting at s (the buffer holds UTF-8 we wrote). */
static uint32_t decode_at(const unsigned char *s, size_t *len)
{
	if (s[0] < 0x80) {
		*len = 1;
		return s[0];
	}
	if (s[0] < 0xE0) {
		*len = 2;
		return ((uint32_t)(s[0] & 0x1F) << 6) | (s[1] & 0x3F);
	}
	if (s[0] < 0xF0) {
		*len = 3;
		return ((uint32_t)(s[0] & 0x0F) << 12) | ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
	}
	*len = 4;
	return ((uint32_t)(s[0] & 0x07) << 18) | ((uint32_t)(s[1] & 0x3F) << 12)
		| ((uint32_t)(s[2] & 0x3F) << 6) | (s[3] & 0x3F);
}

const char *paste_buf_finish(paste_buf *p, size_t *len)
{
	const unsigned char *s = (const unsigned char *)(p->buf ? p->buf : "");
	size_t start = 0, end = p->len, n, last_ws;

	while (start < end && is_white_space(decode_at(s + start, &n)))
		start += n;
	/* trailing: walk forward and remember where the final run of space began */
	last_ws = end;
	for (size_t i = start; i < end; i += n) {
		if (is_white_space(decode_at(s + i, &n))) {
			if (last_ws == end)
				last_ws = i;
		} else {
			last_ws = end;
		}
	}
	end = last_ws;
	*len = end - start;
	if (!p->buf)
		return "";
	p->buf[end] = '\0';
	return p->buf + start;
}

void paste_buf_free(paste_buf *p)
{
	free(p->buf);
	p->buf = NULL;
	p->len = p->cap = 0;
}
