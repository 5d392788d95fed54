/* Markdown through cmark (CommonMark 0.30): link and image destinations,
 * autolinks, link reference definitions.
 *
 * cmark says what is a link and what its destination means (escapes and
 * entities undone).  Its source positions are right for blocks but not for
 * inline nodes past a paragraph's first line (cmark 0.30.2 counts from the
 * wrong line start), so places come from the bytes: the lines of each
 * paragraph or heading are scanned for destination syntax (CommonMark
 * 6.3's "](" followed by a destination, 6.5's "<scheme:...>" and
 * "<user@host>"), skipping code spans, and cmark's links are matched to
 * them in order by what the destination means.  A link whose destination
 * lives in a reference definition matches nothing there; the definition
 * is reported once, where it is written (single-line definitions: label,
 * ':' and destination on one line), when cmark took it as one: a line not
 * in a code or HTML block, not inside a paragraph unless it opens it or
 * follows another definition.
 *
 * HTML in Markdown (CommonMark 4.6 HTML blocks, 6.6 raw HTML): the start
 * tags of an HTML block's lines, and each inline HTML start tag (found in
 * the paragraph's bytes as "<name", matched to cmark's HTML_INLINE node by
 * its text), are lexed by markup_attr.c and their URL attributes (its
 * table: href, src, srcset, ...) handed out as HTML's are, entities
 * decoded as CommonMark decodes them.  HTML comments are skipped.  Bare
 * URLs in prose are not links in CommonMark (GFM's autolink extension
 * makes them so) and are not found.  Read in pieces: see md_piece. */
#include "markdown_defs.h"
#include "markdown_lex.h"
#include "markup.h"

#include <cmark.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	size_t r0, r1;
	int type;
	bool used;
	bool by_cmark;               /* its meaning asked of cmark: in cand_dec at dec_off */
	size_t dec_off, dec_len;
} md_cand;

#define MD_MAX_CANDS 4096

typedef struct {
	ixt_ctx *x;
	md_cand cands[MD_MAX_CANDS];
	size_t n_cands;
	unsigned char *line_role;    /* per line: 0 text, 1 code/html, 2 paragraph, 3 paragraph start,
	                               4 definition, 5 a definition's further line */
	ixt_buf dec;
	char element[64], attribute[64];   /* of the HTML tag being handed out */
	ixt_buf cand_dec;            /* the block's candidates' meanings asked of cmark */
	/* The definitions handed out (their lines dropped since), put before
	 * a piece that may use them (markdown_defs.c) in synth_lines lines
	 * that are not the document's. */
	md_defs *defs;
	size_t synth_lines;
} md_state;

static size_t line_start(const ixt_ctx *x, size_t line)   /* 1-based */
{
	return line >= 1 && line <= x->doc.n_lines ? x->doc.lines[line - 1] : x->doc.n;
}

/* The piece's line of cmark's LINE (0: none, or a line put before the
 * piece). */
static size_t piece_line(const md_state *m, int line)
{
	return line > 0 && (size_t)line > m->synth_lines ? (size_t)line - m->synth_lines : 0;
}

/* Whether cmark's LINE is one put before the piece. */
static bool put_before(const md_state *m, int line)
{
	return line > 0 && (size_t)line <= m->synth_lines;
}

/* The candidates in doc[s, e), code spans skipped. */
static void scan_block(md_state *m, size_t s, size_t e)
{
	const char *p = m->x->doc.u8;
	for (size_t i = s; i < e; i++) {
		if (p[i] == '\\') {
			i++;
			continue;
		}
		if (p[i] == '`') {
			size_t k = i;
			while (k < e && p[k] == '`')
				k++;
			size_t run = k - i, j = k;
			for (; j < e; j++) {
				size_t q = j;
				while (q < e && p[q] == '`')
					q++;
				if (q - j == run)
					break;
				j = q > j ? q - 1 : j;
			}
			i = j < e ? j + run - 1 : k - 1;
			continue;
		}
		md_cand c = { .type = MD_INLINE };
		mk_tag tag;
		if (p[i] == ']' && i + 1 < e && p[i + 1] == '(' && md_destination(p, i + 2, e, &c.r0, &c.r1)) {
		} else if (p[i] == '<' && md_autolink(p, i, e, &c.type) > i) {
			c.r0 = i + 1;
			c.r1 = md_autolink(p, i, e, &c.type) - 1;
		} else if (p[i] == '<' && i + 1 < e && ((p[i + 1] | 0x20) >= 'a' && (p[i + 1] | 0x20) <= 'z')
			&& mk_lex_tag(p, e, i, &tag)) {
			c.type = MD_HTML, c.r0 = i, c.r1 = tag.end;   /* raw HTML: cmark's node says */
		} else {
			continue;
		}
		if (m->n_cands < MD_MAX_CANDS)
			m->cands[m->n_cands++] = c;
		i = c.r1;
	}
}

/* CommonMark's decoding of doc[r0, r1) (escapes, numeric references and
 * the XML ones) into m->dec; false when another named entity leaves it
 * unknown. */
static bool md_decode(md_state *m, size_t r0, size_t r1, bool backslash)
{
	const char *p = m->x->doc.u8;
	bool exact = true;
	m->dec.n = 0;
	for (size_t i = r0; i < r1; i++) {
		if (backslash && p[i] == '\\' && i + 1 < r1 && p[i + 1] > ' ' && p[i + 1] < 0x7F
			&& !((p[i + 1] | 0x20) >= 'a' && (p[i + 1] | 0x20) <= 'z') && !(p[i + 1] >= '0' && p[i + 1] <= '9')) {
			ixt_buf_addc(&m->dec, p[++i]);
			continue;
		}
		if (p[i] == '&') {
			const char *semi = memchr(p + i, ';', r1 - i);
			size_t len = semi ? (size_t)(semi - p) - i : 0;
			if (len > 2 && p[i + 1] == '#') {
				bool hex = (p[i + 2] | 0x20) == 'x';
				char *end;
				unsigned long v = strtoul(p + i + 2 + hex, &end, hex ? 16 : 10);
				if (end == semi) {
					ixt_buf_add_cp(&m->dec, v == 0 || v > 0x10FFFF ? 0xFFFD : (uint32_t)v);
					i += len;
					continue;
				}
			}
			static const char *const xml[][2] = { { "amp", "&" }, { "lt", "<" }, { "gt", ">" }, { "quot", "\"" }, { "apos", "'" } };
			bool done = false;
			for (size_t k = 0; k < 5 && !done; k++)
				if (len == strlen(xml[k][0]) + 1 && memcmp(p + i + 1, xml[k][0], len - 1) == 0)
					done = ixt_buf_add(&m->dec, xml[k][1], 1);
			if (done) {
				i += len;
				continue;
			}
			if (len > 1)
				exact = false;
		}
		ixt_buf_addc(&m->dec, p[i]);
	}
	return exact;
}

/* Hands out URL (cmark's meaning) found as doc[r0, r1). */
static void emit_md(md_state *m, ixt_kind kind, const char *url, size_t r0, size_t r1, bool email)
{
	ixt_ctx *x = m->x;
	size_t skip = email ? strlen("mailto:") : 0;
	if (strlen(url) < skip || !ixt_attr_map(x, r0, r1, url + skip, strlen(url) - skip, kind != IXT_KIND_MD_AUTOLINK))
		return;
	if (skip) {                                 /* "mailto:" comes from the autolink's first character */
		x->iri.n = 0;
		if (!ixt_offs_prepend(x, skip, r0) || !ixt_buf_add(&x->iri, url, strlen(url)))
			return;
	}
	ixt_emit_doc_part(x, kind, NULL, NULL, 0, x->iri.n, 0);
}

/* Candidate C's meaning when md_decode does not know it (a named entity
 * but the XML ones): asked of cmark, as a link of its own alone; once per
 * block.  False: none. */
static bool cmark_meaning(md_state *m, md_cand *c, const char **dec, size_t *n)
{
	if (!c->by_cmark && c->dec_len != SIZE_MAX) {
		const char *p = m->x->doc.u8;
		bool angle = c->r0 > 0 && p[c->r0 - 1] == '<';
		const char *open = c->type != MD_INLINE ? "<" : angle ? "[](<" : "[](";
		const char *close = c->type != MD_INLINE ? ">" : angle ? ">)" : ")";
		ixt_buf link = { 0 };
		bool ok = ixt_buf_add(&link, open, strlen(open)) && ixt_buf_add(&link, p + c->r0, c->r1 - c->r0)
			&& ixt_buf_add(&link, close, strlen(close));
		cmark_node *doc = ok ? cmark_parse_document(link.p, link.n, 0) : NULL;
		cmark_node *l = doc ? cmark_node_first_child(cmark_node_first_child(doc)) : NULL;
		const char *url = l && cmark_node_get_type(l) == CMARK_NODE_LINK ? cmark_node_get_url(l) : NULL;
		if (url && c->type == MD_EMAIL && strncmp(url, "mailto:", 7) == 0)
			url += 7;
		c->dec_off = m->cand_dec.n, c->dec_len = url ? strlen(url) : 0;
		c->by_cmark = url && ixt_buf_add(&m->cand_dec, url, c->dec_len);
		if (!c->by_cmark)
			c->dec_len = SIZE_MAX;
		cmark_node_free(doc);
		ixt_buf_free(&link);
	}
	*dec = c->dec_len == SIZE_MAX ? "" : m->cand_dec.p + c->dec_off, *n = c->dec_len;
	return c->dec_len != SIZE_MAX;
}

/* A link or image node matched to the first candidate not used that means
 * its URL (one that does not, such as a reference link's bracket text
 * followed by "(...)", is passed over). */
static void link_node(md_state *m, cmark_node *node)
{
	const char *url = cmark_node_get_url(node);
	if (!url || !*url)
		return;
	for (size_t i = 0; i < m->n_cands; i++) {
		md_cand *c = &m->cands[i];
		if (c->used || c->type == MD_HTML)
			continue;
		const char *dec = m->dec.p ? m->dec.p : "";
		size_t n;
		if (md_decode(m, c->r0, c->r1, c->type == MD_INLINE))
			dec = m->dec.p ? m->dec.p : "", n = m->dec.n;
		else if (!cmark_meaning(m, c, &dec, &n))
			continue;
		const char *want = url + (c->type == MD_EMAIL && strncmp(url, "mailto:", 7) == 0 ? 7 : 0);
		if (strlen(want) != n || memcmp(want, dec, n) != 0)
			continue;
		c->used = true;
		for (size_t k = 0; k < i; k++)
			m->cands[k].used = true;            /* candidates are in order */
		ixt_kind kind = c->type != MD_INLINE ? IXT_KIND_MD_AUTOLINK
			: cmark_node_get_type(node) == CMARK_NODE_IMAGE ? IXT_KIND_MD_IMAGE : IXT_KIND_MD_LINK;
		emit_md(m, kind, url, c->r0, c->r1, c->type == MD_EMAIL);
		return;
	}
}

static void lower_name(char *out, size_t cap, const char *p, size_t n)
{
	size_t k = 0;
	for (; k < n && k + 1 < cap; k++)
		out[k] = (char)(p[k] >= 'A' && p[k] <= 'Z' ? p[k] | 0x20 : p[k]);
	out[k] = '\0';
}

/* The URL attributes of the start tag lexed at doc[lt] ('<'). */
static void html_tag(md_state *m, size_t lt, const mk_tag *tag)
{
	ixt_ctx *x = m->x;
	const char *p = x->doc.u8;
	lower_name(m->element, sizeof m->element, p + lt + 1, tag->name_end - lt - 1);
	for (size_t i = 0; i < tag->n_attrs && !x->stopped; i++) {
		const mk_attr *a = &tag->attrs[i];
		lower_name(m->attribute, sizeof m->attribute, p + a->name, a->name_end - a->name);
		mk_attr_role role = a->has_value ? mk_role(m->attribute, NULL, true) : MK_NONE;
		if (role != MK_URL && role != MK_SRCSET && role != MK_URLS)
			continue;
		md_decode(m, a->value, a->value_end, false);   /* HTML's references, as CommonMark's */
		if (!ixt_attr_map(x, a->value, a->value_end, m->dec.p ? m->dec.p : "", m->dec.n, false))
			continue;
		mk_part pc = { x, role == MK_SRCSET ? IXT_KIND_SRCSET : IXT_KIND_ATTRIBUTE, m->element, m->attribute };
		mk_emit_value(&pc, role);
	}
}

/* The start tags of an HTML block, doc[s, e); comments skipped. */
static void html_block(md_state *m, size_t s, size_t e)
{
	const char *p = m->x->doc.u8;
	mk_tag tag;
	for (size_t i = s; i < e && !m->x->stopped; i++) {
		if (p[i] != '<')
			continue;
		if (e - i >= 4 && memcmp(p + i, "<!--", 4) == 0) {
			for (i += 4; i + 3 <= e && memcmp(p + i, "-->", 3) != 0; i++)
				;
			i += 2;                         /* on its '>' (or past the block) */
		} else if (i + 1 < e && ((p[i + 1] | 0x20) >= 'a' && (p[i + 1] | 0x20) <= 'z')
			&& mk_lex_tag(p, e, i, &tag)) {
			html_tag(m, i, &tag);
			i = tag.end;
		}
	}
}

/* An inline HTML node: its start tag among the candidates, by its text up
 * to its first line end (cmark strips a paragraph's continuation lines). */
static void html_inline(md_state *m, cmark_node *node)
{
	const char *lit = cmark_node_get_literal(node), *p = m->x->doc.u8;
	if (!lit || lit[0] != '<' || !((lit[1] | 0x20) >= 'a' && (lit[1] | 0x20) <= 'z'))
		return;                             /* an end tag, comment, declaration */
	size_t n = strcspn(lit, "\r\n");
	for (size_t i = 0; i < m->n_cands; i++) {
		md_cand *c = &m->cands[i];
		if (c->used || c->type != MD_HTML || c->r1 + 1 - c->r0 < n || memcmp(p + c->r0, lit, n) != 0)
			continue;
		for (size_t k = 0; k <= i; k++)
			m->cands[k].used = true;            /* candidates are in order */
		mk_tag tag;
		if (mk_lex_tag(p, m->x->doc.n, c->r0, &tag))
			html_tag(m, c->r0, &tag);
		return;
	}
}

static bool blank_to(const char *p, size_t i, size_t e)
{
	while (i < e && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n'))
		i++;
	return i >= e;
}

/* Is LINE (not code) a one-line title, "..." '...' or (...)?  CommonMark
 * 4.7: a definition's title may stand on the line after its destination.
 * A title over more lines is not followed (best effort). */
static bool title_line(md_state *m, size_t line)
{
	if (line > m->x->doc.n_lines || m->line_role[line] == 1)
		return false;
	const char *p = m->x->doc.u8;
	size_t i = line_start(m->x, line), e = line_start(m->x, line + 1);
	while (i < e && (p[i] == ' ' || p[i] == '\t'))
		i++;
	if (i >= e || (p[i] != '"' && p[i] != '\'' && p[i] != '('))
		return false;
	char close = p[i] == '(' ? ')' : p[i];
	size_t j = i + 1;
	while (j < e && p[j] != close && p[j] != '\n' && p[j] != '\r')
		j += p[j] == '\\' ? 2 : 1;
	return j < e && p[j] == close && blank_to(p, j + 1, e);
}

/* Is a link reference definition at LINE (CommonMark 4.7)?  Its label is
 * on LINE, its destination there or, after "[label]:" alone, on the next
 * line; a one-line title after the destination goes with it.  Returns the
 * lines it takes (0: none).  EMIT: hand the destination out. */
static size_t definition(md_state *m, size_t line, bool emit)
{
	const char *p = m->x->doc.u8;
	size_t i = line_start(m->x, line), e = line_start(m->x, line + 1);
	while (i < e && (p[i] == ' ' || p[i] == '>'))
		i++;
	if (i >= e || p[i] != '[')
		return 0;
	size_t j = i + 1;
	while (j < e && p[j] != ']' && p[j] != '[' && p[j] != '\n' && p[j] != '\r')
		j += p[j] == '\\' ? 2 : 1;
	if (j + 1 >= e || p[j] != ']' || p[j + 1] != ':' || j == i + 1)
		return 0;
	size_t lines = 1, r0, r1, d = j + 2;
	if (blank_to(p, d, e)) {                /* the destination on the next line */
		if (line >= m->x->doc.n_lines || m->line_role[line + 1] == 1)
			return 0;
		lines = 2;
		d = line_start(m->x, line + 1), e = line_start(m->x, line + 2);
	}
	if (!md_destination(p, d, e, &r0, &r1) || memchr(p + r0, '\n', r1 - r0)
		|| memchr(p + r0, '\r', r1 - r0))
		return 0;
	size_t k = r1 + (r1 < e && p[r1] == '>');
	if (blank_to(p, k, e)) {
		if (title_line(m, line + lines))
			lines++;
	} else {
		while (k < e && (p[k] == ' ' || p[k] == '\t'))
			k++;
		if (k == r1 + (p[r1] == '>') || (p[k] != '"' && p[k] != '\'' && p[k] != '('))
			return 0;                       /* more than a title after it */
	}
	if (!emit)
		return lines;
	md_defs_keep(m->defs, p + i + 1, j - i - 1, p + r0, r1 - r0, p[r0 - 1] == '<');
	md_decode(m, r0, r1, true);
	if (!ixt_buf_addc(&m->dec, '\0'))
		return 0;
	emit_md(m, IXT_KIND_MD_REFERENCE, m->dec.p, r0, r1, false);
	return lines;
}

/* Marks the definitions cmark took: role 4 on a definition's first line,
 * 5 on the lines it goes on over. */
static void definitions(md_state *m)
{
	bool prev_def = false;
	for (size_t ln = 1; ln <= m->x->doc.n_lines; ln++) {
		unsigned char role = m->line_role[ln];
		bool may = role == 0 || role == 3 || (role == 2 && prev_def);
		size_t lines = may ? definition(m, ln, false) : 0;
		prev_def = lines > 0;
		if (!prev_def)
			continue;
		m->line_role[ln] = 4;
		for (size_t k = 1; k < lines; k++)
			m->line_role[ln + k] = 5;
		ln += lines - 1;
	}
}

/* Hands out the definitions on lines before UPTO not yet handed out. */
static void flush_definitions(md_state *m, size_t *next, size_t upto)
{
	for (; *next < upto && *next <= m->x->doc.n_lines && !m->x->stopped; ++*next)
		if (m->line_role[*next] == 4)
			definition(m, *next, true);
}

static void mark_lines(md_state *m, cmark_node *node, unsigned char role)
{
	size_t a = piece_line(m, cmark_node_get_start_line(node)), b = piece_line(m, cmark_node_get_end_line(node));
	for (size_t l = a; l >= 1 && l <= b && l <= m->x->doc.n_lines; l++)
		if (m->line_role[l] < role || role == 1)
			m->line_role[l] = role;
	if (role == 2 && a >= 1 && a <= m->x->doc.n_lines)
		m->line_role[a] = 3;
}

/* Marks the lines of every block (code and HTML, paragraphs and headings)
 * and the definitions among them. */
static void mark_blocks(md_state *m, cmark_iter *it)
{
	for (cmark_event_type ev; (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE;) {
		cmark_node *n = cmark_iter_get_node(it);
		cmark_node_type t = cmark_node_get_type(n);
		if (ev == CMARK_EVENT_ENTER && (t == CMARK_NODE_CODE_BLOCK || t == CMARK_NODE_HTML_BLOCK))
			mark_lines(m, n, 1);
		else if (ev == CMARK_EVENT_ENTER && (t == CMARK_NODE_PARAGRAPH || t == CMARK_NODE_HEADING))
			mark_lines(m, n, 2);
	}
	definitions(m);
}

/* Hands out what the blocks starting before line UPTO hold, in order. */
static void emit_blocks(md_state *m, cmark_node *doc, cmark_iter *it, size_t upto)
{
	ixt_ctx *x = m->x;
	size_t next_def = 1;
	cmark_iter_reset(it, doc, CMARK_EVENT_ENTER);
	for (cmark_event_type ev; (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE && !x->stopped;) {
		cmark_node *n = cmark_iter_get_node(it);
		cmark_node_type t = cmark_node_get_type(n);
		if (ev == CMARK_EVENT_EXIT && (t == CMARK_NODE_LINK || t == CMARK_NODE_IMAGE))
			link_node(m, n);                    /* after what it holds: [![i](a)](b) is a, b */
		if (ev != CMARK_EVENT_ENTER || put_before(m, cmark_node_get_start_line(n)))
			continue;                           /* (the definitions put before the piece) */
		if (piece_line(m, cmark_node_get_start_line(n)) >= upto)
			break;                              /* the block the next piece may go on with */
		if (t == CMARK_NODE_PARAGRAPH || t == CMARK_NODE_HEADING) {
			size_t a = piece_line(m, cmark_node_get_start_line(n)), b = piece_line(m, cmark_node_get_end_line(n));
			if (b > x->doc.n_lines)
				b = x->doc.n_lines;
			while (a <= b && m->line_role[a] >= 4)
				a++;                            /* definitions at its start */
			flush_definitions(m, &next_def, a);
			m->n_cands = 0, m->cand_dec.n = 0;
			scan_block(m, line_start(x, a), line_start(x, b + 1));
		} else if (t == CMARK_NODE_HTML_INLINE) {
			html_inline(m, n);
		} else if (t == CMARK_NODE_HTML_BLOCK) {
			size_t a = piece_line(m, cmark_node_get_start_line(n)), b = piece_line(m, cmark_node_get_end_line(n));
			html_block(m, line_start(x, a), line_start(x, (b > x->doc.n_lines ? x->doc.n_lines : b) + 1));
		}
	}
	flush_definitions(m, &next_def, upto);
}

/* Markdown in pieces: the piece's complete lines are parsed; the last
 * top-level block (cmark's judgement) may go on in the next piece, so
 * unless the document ends there only the blocks before it are handed out
 * and it is parsed again with more (see last_block).  A block past
 * MD_MAX_BLOCK_BYTES (cmark's tree of it is many times that; an
 * unclosed fence to the end) is reported (IXT_TOO_LONG at its start),
 * read as it stands, and reading goes on after it as new blocks.  The
 * definitions handed out are kept (markdown_defs.c) and those a piece may
 * use put before it, so that a [label] after them is a link as in a whole
 * read (one before its definition, in a piece handed out already, is not:
 * a known limit). */
#define MD_MAX_BLOCK_BYTES ((size_t)4 << 20)

static void *md_open(ixt_ctx *x)
{
	md_state *m = calloc(1, sizeof *m);
	if (m && !(m->defs = md_defs_new())) {
		free(m);
		return NULL;
	}
	if (m)
		m->x = x;
	return m;
}

static void md_close(ixt_ctx *x, void *state)
{
	md_state *m = state;
	(void)x;
	free(m->line_role);
	ixt_buf_free(&m->dec);
	ixt_buf_free(&m->cand_dec);
	md_defs_free(m->defs);
	free(m);
}

/* The first line of the last top-level block -- of a top-level list or
 * block quote, its last item or block (the ones before it are done: what
 * follows cannot change them, and parsed from its own first line, whose
 * marker is at most three columns in, the last is what it was); the
 * piece's last (cut) line when there is nothing to wait for. */
static size_t last_block(md_state *m, cmark_node *doc, size_t parse_n)
{
	ixt_ctx *x = m->x;
	cmark_node *b = cmark_node_last_child(doc);
	if (b && (cmark_node_get_type(b) == CMARK_NODE_LIST
		|| cmark_node_get_type(b) == CMARK_NODE_BLOCK_QUOTE) && cmark_node_last_child(b))
		b = cmark_node_last_child(b);
	size_t line = b ? piece_line(m, cmark_node_get_start_line(b)) : 1;
	if (!b && parse_n > 0 && blank_to(x->doc.u8, 0, parse_n))
		return x->doc.n_lines;                  /* blank lines only: nothing to wait for */
	if (line <= 1 && parse_n > MD_MAX_BLOCK_BYTES) {
		ixt_report_doc(x, IXT_TOO_LONG, 0, NULL);
		return x->doc.n_lines;
	}
	return line;
}

static ixt_result md_piece(ixt_ctx *x, void *state, bool last, size_t *done)
{
	md_state *m = state;
	size_t parse_n = last ? x->doc.n : x->doc.lines[x->doc.n_lines - 1];
	*done = 0;
	size_t text_n;
	const char *text = md_defs_before(m->defs, x->doc.u8, parse_n, &text_n, &m->synth_lines);
	cmark_node *doc = cmark_parse_document(text, text_n, CMARK_OPT_SOURCEPOS);
	cmark_iter *it = doc ? cmark_iter_new(doc) : NULL;
	unsigned char *roles = it ? realloc(m->line_role, x->doc.n_lines + 2) : NULL;
	ixt_result r = IXT_NO_MEMORY;
	if (!roles)
		goto done;
	m->line_role = roles;
	memset(roles, 0, x->doc.n_lines + 2);
	mark_blocks(m, it);
	size_t upto = last ? x->doc.n_lines + 1 : last_block(m, doc, parse_n);
	emit_blocks(m, doc, it, upto);
	*done = upto > x->doc.n_lines ? parse_n : line_start(x, upto);
	r = IXT_OK;
done:
	cmark_iter_free(it);
	cmark_node_free(doc);
	return r;
}

const ixt_reader ixt_markdown_reader = { md_open, md_piece, md_close };
