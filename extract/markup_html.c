/* HTML as libxml2's HTML push parser is given it: "</html" and "</body"
 * blanked where libxml2 reads an end tag (markup.c says why), with a
 * small lexer that carries its state from piece to piece, so the same
 * bytes inside attribute values, comments and script or style text are
 * left as they are. */
#include "markup.h"

#include <libxml/xmlversion.h>
#include <string.h>
#include <strings.h>

enum { LX_TEXT, LX_TAG, LX_QUOTED, LX_COMMENT, LX_DECL, LX_RAW };

static bool letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Whether P (LEFT bytes) starts with WORD (any case) then a byte that ends
 * a tag name; *CUT: the bytes end before that is known. */
static bool word_at(const char *p, size_t left, const char *word, bool *cut)
{
	size_t k = strlen(word);
	if (left <= k) {
		*cut |= strncasecmp(p, word, left) == 0;
		return false;
	}
	return strncasecmp(p, word, k) == 0 && p[k] && strchr(" \t\n\r\f/>", p[k]);
}

/* TEXT at the '<' of P (LEFT bytes): the next state, and how many bytes it
 * takes; 0 with *CUT: the bytes end before that is known. */
static size_t at_lt(mk_html_lex *lx, char *p, size_t left, bool *cut)
{
	*cut = false;
	if (left < 2) {
		*cut = true;
		return 0;
	}
	if (word_at(p, left, "</html", cut) || word_at(p, left, "</body", cut)) {
		memset(p, ' ', 6);
		return 6;
	}
	if (left >= 4 && memcmp(p, "<!--", 4) == 0) {
		lx->state = LX_COMMENT, lx->dashes = 0;
		return 4;
	}
	*cut |= left < 4 && memcmp(p, "<!--", left) == 0;
	unsigned char raw = word_at(p, left, "<script", cut) ? 1 : word_at(p, left, "<style", cut) ? 2 : 0;
	if (*cut)
		return 0;
	if (letter(p[1]))
		lx->state = LX_TAG, lx->raw = raw, lx->eq = false;
	else if (p[1] == '!' || p[1] == '?' || p[1] == '/')
		lx->state = LX_DECL;
	return 1;
}

/* One byte C of a tag, a comment or a declaration. */
static void in_markup(mk_html_lex *lx, char c)
{
	switch (lx->state) {
	case LX_TAG:
		if (c == '>')
			lx->state = lx->raw ? LX_RAW : LX_TEXT;
		else if ((c == '"' || c == '\'') && lx->eq)
			lx->state = LX_QUOTED, lx->quote = c;
		else if (!strchr(" \t\n\r\f", c))
			lx->eq = c == '=';
		break;
	case LX_QUOTED:
		if (c == lx->quote)
			lx->state = LX_TAG, lx->eq = false;
		break;
	case LX_COMMENT:
		if (c == '>' && lx->dashes >= 2)
			lx->state = LX_TEXT;
		lx->dashes = c == '-' ? (lx->dashes < 2 ? lx->dashes + 1 : 2) : 0;
		break;
	default:                                /* LX_DECL */
		if (c == '>')
			lx->state = LX_TEXT;
		break;
	}
}

size_t mk_html_blank(mk_html_lex *lx, char *p, size_t n, bool last)
{
	size_t i = 0;
	while (i < n) {
		if (lx->state == LX_TEXT || lx->state == LX_RAW) {
			char *lt = memchr(p + i, '<', n - i);
			if (!lt)
				return n;
			i = (size_t)(lt - p);
			size_t left = n - i;
			if (lx->state == LX_RAW) {
				/* Where libxml2 ends script or style text (mk_html4_push):
				 * any end tag, or the element's own. */
				bool cut = false, end = left >= 3 && lt[1] == '/' && letter(lt[2])
					&& (mk_html4_push() || word_at(lt, left, lx->raw == 1 ? "</script" : "</style", &cut));
				if (!last && (left < 3 || cut))
					return i;               /* known with the next bytes */
				if (!end) {
					i++;
					continue;
				}
				lx->state = LX_TEXT;
			}
			bool cut;
			size_t k = at_lt(lx, lt, left, &cut);
			if (cut && !last)
				return i;
			i += k ? k : 1;
			continue;
		}
		in_markup(lx, p[i++]);
	}
	return n;
}

bool mk_html4_push(void)
{
	return LIBXML_VERSION < 21400;
}
