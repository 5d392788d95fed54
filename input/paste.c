/* paste: the bracketed-paste buffer.  See paste.h (private) and
 * input_keys.h. */
#include "paste.h"

#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include "im.h"
#include "input_keys.h"

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
	im_text_clear(&u);   /* what is not a scalar value becomes U+FFFD there */
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

/* Unicode White_Space (PropList.txt; CR LF TAB never get here): what a
 * copy from a web page or a terminal leaves around a URL. */
static bool is_white_space(UChar32 c)
{
	return c >= 0 && u_hasBinaryProperty(c, UCHAR_WHITE_SPACE);
}

/* The code point at s[i..end) (the buffer holds UTF-8 we wrote); *next
 * gets the offset after it. */
static UChar32 decode_at(const uint8_t *s, size_t i, size_t end, size_t *next)
{
	int32_t k = (int32_t)i;
	UChar32 c;
	U8_NEXT(s, k, (int32_t)end, c);
	*next = (size_t)k;
	return c;
}

const char *paste_buf_finish(paste_buf *p, size_t *len)
{
	const uint8_t *s = (const uint8_t *)(p->buf ? p->buf : "");
	size_t start = 0, end = p->len, next, last_ws;

	while (start < end && is_white_space(decode_at(s, start, end, &next)))
		start = next;
	/* trailing: walk forward and remember where the final run of space began */
	last_ws = end;
	for (size_t i = start; i < end; i = next) {
		if (is_white_space(decode_at(s, i, end, &next))) {
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
