/* HTML as libxml2's HTML push parser is given it.  The workarounds were
 * written against libxml2 2.9.14's push parser; html4_push says which
 * apply to the linked one, at compile time.
 *
 * - Bytes up to the last '>' only (a start tag whole): 2.9's push parser
 *   loses track of a quoted attribute value a chunk's end cuts (it keeps
 *   that it was in one, not which quote) and then waits for the
 *   document's end.  Harmless with any parser (the rest comes next), so
 *   always.
 * - "</html" and "</body" blanked (spaces, the same length) where they
 *   are end tags: 2.9's push parser takes the end of the root element for
 *   the end of the document and drops what follows, where its
 *   whole-document parser reads on -- so do we.  Those end tags close
 *   nothing a link needs in any HTML parser, so always.  A small lexer
 *   carries its state from piece to piece, so that the same bytes inside
 *   attribute values, comments and script or style text are left as they
 *   are.
 * - The input shrunk as its XML parser shrinks its own (2.9's HTML push
 *   parser keeps all it was given): only with the HTML 4 parser, whose
 *   internals (input base, checkIndex) this was checked against. */
#include "markup.h"

#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlversion.h>
#include <string.h>
#include <strings.h>

enum { LX_TEXT, LX_TAG, LX_QUOTED, LX_COMMENT, LX_DECL, LX_RAW };

/* Whether libxml2's HTML parser is the HTML 4 one (before 2.14): its
 * script and style text ends at any "</" and a letter (without
 * HTML_PARSE_RECOVER), its push parser keeps all its input.  From 2.14 on
 * its tokenizer follows HTML5 (HTMLparser.h): script and style text ends
 * at the element's own end tag only, and its input is left to it (not
 * checked against this code: a build with a current libxml2 runs the
 * extract tests). */
static bool html4_push(void)
{
	return LIBXML_VERSION < 21400;
}

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

/* Blanks "</html" and "</body" where they are end tags in P (N bytes);
 * returns the bytes ready: what the end cuts before that is known waits
 * for the next bytes (unless LAST). */
static size_t blank(mk_html_lex *lx, char *p, size_t n, bool last)
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
				/* Where libxml2 ends script or style text (html4_push):
				 * any end tag, or the element's own. */
				bool cut = false, end = left >= 3 && lt[1] == '/' && letter(lt[2])
					&& (html4_push() || word_at(lt, left, lx->raw == 1 ? "</script" : "</style", &cut));
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

size_t mk_html_push(xmlParserCtxtPtr c, mk_html_lex *lx, ixt_buf *scratch, const char *p, size_t n, bool last)
{
	while (!last && n > 0 && p[n - 1] != '>')
		n--;
	scratch->n = 0;
	if (!ixt_buf_add(scratch, p, n))
		return 0;
	n = blank(lx, scratch->p, n, last);
	htmlParseChunk(c, scratch->p ? scratch->p : "", (int)n, last);
	/* As its XML push parser does: what it has read past let go, then a
	 * rescan from where it stands (checkIndex 0). */
	if (html4_push() && c->input && c->input->cur - c->input->base > 4096) {
		xmlParserInputShrink(c->input);
		c->checkIndex = 0;
	}
	return n;
}
