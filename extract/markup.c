/* HTML and XML through libxml2's SAX interface (no tree is built), fed
 * piece by piece to its push parsers.
 *
 * libxml2 decides what is an element and what its attributes' values are
 * (HTML: its HTML parser, entities from its table; XML: the SAX2 parser,
 * internal entities from the DTD).  It reads the document already in UTF-8
 * (stream.c converted it; the document's own charset declaration is
 * ignored then, HTML_PARSE_IGNORE_ENC).  libxml2 gives line numbers but no
 * columns, so places come from the bytes: at a start tag libxml2 stands on
 * its '>' (xmlByteConsumed, an offset in the whole document); the tag is
 * the last "<name" after the previous tag whose lexed attributes end there
 * (markup_attr.c), and each value's code points are walked back to the raw
 * text, entity by entity.  A push parser reports a start tag only once it
 * has all of it, so after each piece what it has read past is done with.
 *
 * HTML: the first <base href> is the base of the whole document (HTML
 * 2.5.1), links before it too: the piece is held (up to MK_BASE_HOLD) and,
 * once "<base" is in it, a first parser looks for it.  HTML parse errors
 * are not reported: HTML parsers recover by design and libxml2's HTML 4
 * parser calls every HTML5 element an error.  XML: xml:base is scoped to
 * its element (kept per depth, outermost first, as written); errors are
 * reported and parsing recovers (XML_PARSE_RECOVER). */
#include "markup.h"

#include <libxml/HTMLparser.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* XML errors reported per document; one more says the rest are not. */
#define MK_MAX_ERRORS 100
/* XML elements whose start line is kept, for the end-of-data error. */
#define MK_MAX_OPEN 64
/* HTML: bytes held while a <base href> may still come (HTML 2.5.1 makes
 * it the base of links before it too); one further on applies from where
 * it stands. */
#define MK_BASE_HOLD ((size_t)1 << 20)

typedef struct {
	ixt_ctx *x;
	xmlParserCtxtPtr ctxt;
	bool html;
	bool html_base;            /* the document's <base href> was seen */
	uint64_t scan_from;        /* document UTF-8 offset: tags before it are done */
	uint64_t fed;              /* document UTF-8 bytes given to libxml2 */
	bool looking;              /* HTML: holding the piece while a <base href> may come */
	xmlParserCtxtPtr base_ctxt;   /* HTML's first pass, once "<base" is seen */
	uint64_t base_fed, base_seen;
	mk_html_lex lex, base_lex;    /* HTML: each parser's blanking lexer */
	mk_tag tag;
	char element[256];
	char attribute[256];
	ixt_buf base_store[IXT_MAX_BASES];
	size_t base_depth[IXT_MAX_BASES];
	size_t depth;
	size_t tag_lt;             /* the '<' of the tag find_tag found (piece offset) */
	unsigned long open_line[MK_MAX_OPEN];   /* XML: the line of each open element's '<' */
	size_t n_errors;
	ixt_buf value;
	bool too_long;             /* XML: the value's entities made it longer than IXT_MAX_IRI_BYTES */
} mk_state;

static bool names_equal(const char *a, const char *b, size_t n, bool html)
{
	return strlen(a) == n && (html ? strncasecmp(a, b, n) == 0 : strncmp(a, b, n) == 0);
}

/* Document UTF-8 offset AT in the piece (clamped to it). */
static size_t in_piece(const mk_state *s, uint64_t at)
{
	const ixt_text *t = &s->x->doc;
	return at < t->dropped ? 0 : at - t->dropped > t->n ? t->n : (size_t)(at - t->dropped);
}

/* Where libxml2 stands, in the piece. */
static size_t parser_at(const mk_state *s, xmlParserCtxtPtr ctxt)
{
	long at = xmlByteConsumed(ctxt);
	return in_piece(s, at < 0 ? 0 : (uint64_t)at);
}

/* Finds the start tag of element NAME ending where libxml2 stands. */
static bool find_tag(mk_state *s, const char *name)
{
	const char *p = s->x->doc.u8;
	size_t n = s->x->doc.n, cur = parser_at(s, s->ctxt);
	bool found = false;
	mk_tag tag;
	for (size_t i = in_piece(s, s->scan_from); i < cur; i++) {
		const char *lt = memchr(p + i, '<', cur - i);
		if (!lt)
			break;
		i = (size_t)(lt - p);
		size_t e = i + 1;
		while (e < n && p[e] != '>' && p[e] != '/' && p[e] != ' ' && p[e] != '\t'
			&& p[e] != '\n' && p[e] != '\r' && p[e] != '\f')
			e++;
		if (!names_equal(name, p + i + 1, e - i - 1, s->html))
			continue;
		if (mk_lex_tag(p, n, i, &tag) && tag.end + 1 >= cur && tag.end <= cur + 1) {
			s->tag = tag;
			s->tag_lt = i;
			found = true;
		}
	}
	if (found)
		s->scan_from = s->x->doc.dropped + cur;
	else
		s->tag.n_attrs = 0;
	return found;
}

static void copy_name(char *out, size_t cap, const char *p, size_t n)
{
	if (n >= cap)
		n = cap - 1;
	memcpy(out, p, n);
	out[n] = '\0';
}

static void set_bases(mk_state *s, size_t n)
{
	s->x->n_bases = n;
	for (size_t i = 0; i < n; i++)
		s->x->bases[i] = s->base_store[i].p;
}

static bool push_base(mk_state *s, const char *v, size_t n)
{
	size_t k = s->x->n_bases;
	if (k >= IXT_MAX_BASES)
		return false;
	s->base_store[k].n = 0;
	if (!ixt_buf_add(&s->base_store[k], v, n))
		return false;
	s->base_depth[k] = s->depth;
	set_bases(s, k + 1);
	return true;
}

/* V (N bytes), ASCII whitespace around it cut, as the base. */
static void trimmed_base(mk_state *s, const char *v, size_t n)
{
	size_t a = 0, b = n;
	while (a < b && strchr(" \t\n\r\f", v[a]))
		a++;
	while (b > a && strchr(" \t\n\r\f", v[b - 1]))
		b--;
	push_base(s, v + a, b - a);
}

/* One URL attribute: raw text doc[r0, r1), VALUE its decoded value. */
static void attribute(mk_state *s, mk_attr_role role, size_t r0, size_t r1,
	const char *value, size_t value_n)
{
	ixt_ctx *x = s->x;
	if (x->stopped || !ixt_attr_map(x, r0, r1, value, value_n, false))
		return;
	mk_part pc = { x, role == MK_SRCSET ? IXT_KIND_SRCSET : IXT_KIND_ATTRIBUTE, s->element, s->attribute };
	size_t keep = x->n_bases;
	bool html_base = s->html && strcmp(s->element, "base") == 0
		&& strcmp(s->attribute, "href") == 0 && !s->html_base;
	if (role == MK_NAMESPACE)
		pc.kind = IXT_KIND_NAMESPACE, x->n_bases = 0;  /* namespace names are not resolved */
	if (role == MK_XML_BASE || html_base)
		pc.kind = IXT_KIND_BASE;
	if (html_base)
		x->n_bases = 0;
	mk_emit_value(&pc, role);
	x->n_bases = keep;
	s->html_base |= html_base;
	if (html_base && keep == 0)
		trimmed_base(s, x->iri.p, x->iri.n);  /* past MK_BASE_HOLD: from here on */
}

/* HTML's first pass: the first <base href> (trimmed) becomes the base of
 * the whole document (HTML 2.5.1 "document base URL"), then parsing stops. */
static void html_base_start(mk_state *s, const char *name, const xmlChar **atts)
{
	for (size_t i = 0; strcmp(name, "base") == 0 && atts[i]; i += 2) {
		const char *v = (const char *)atts[i + 1];
		if (strcmp((const char *)atts[i], "href") != 0 || !v)
			continue;
		trimmed_base(s, v, strlen(v));
		xmlStopParser(s->base_ctxt);
		return;
	}
}

static void html_base_first(void *ctx, const xmlChar *name, const xmlChar **atts)
{
	xmlParserCtxtPtr ctxt = ctx;
	mk_state *s = ctxt->_private;
	if (atts && s->x->n_bases == 0)
		html_base_start(s, (const char *)name, atts);
}

/* The lexed attribute named NAME not yet used (HTML: any case). */
static mk_attr *lexed(mk_state *s, const char *name, bool *used)
{
	const char *p = s->x->doc.u8;
	for (size_t i = 0; i < s->tag.n_attrs; i++) {
		mk_attr *a = &s->tag.attrs[i];
		if (!used[i] && names_equal(name, p + a->name, a->name_end - a->name, s->html)) {
			used[i] = true;
			return a;
		}
	}
	return NULL;
}

/* Whether NAME with ATTS is <meta http-equiv=refresh>. */
static bool refresh_meta(const char *name, const xmlChar **atts)
{
	for (size_t i = 0; strcasecmp(name, "meta") == 0 && atts[i]; i += 2)
		if (strcasecmp((const char *)atts[i], "http-equiv") == 0 && atts[i + 1]
			&& strcasecmp((const char *)atts[i + 1], "refresh") == 0)
			return true;
	return false;
}

/* HTML: a tag with nothing to look up (no attributes, an end tag, one
 * libxml2 implies): the bytes before the last '<' where libxml2 stands are
 * done with -- not those after it: an implied tag is reported inside the
 * tag that implies it, before that one's attributes are read. */
static void release(mk_state *s, xmlParserCtxtPtr ctxt)
{
	const char *p = s->x->doc.u8;
	size_t from = in_piece(s, s->scan_from), i = parser_at(s, ctxt);
	while (i > from && p[i - 1] != '<')
		i--;
	if (i > from)
		s->scan_from = s->x->doc.dropped + i - 1;
}

static void html_end(void *ctx, const xmlChar *name)
{
	xmlParserCtxtPtr ctxt = ctx;
	(void)name;
	release(ctxt->_private, ctxt);
}

static void html_start(void *ctx, const xmlChar *name, const xmlChar **atts)
{
	xmlParserCtxtPtr ctxt = ctx;
	mk_state *s = ctxt->_private;
	if (!atts)
		release(s, ctxt);
	if (!atts || s->x->stopped)
		return;
	bool used[MK_MAX_ATTRS] = { false };
	bool refresh = refresh_meta((const char *)name, atts);
	bool found = find_tag(s, (const char *)name);
	copy_name(s->element, sizeof s->element, (const char *)name, strlen((const char *)name));
	for (size_t i = 0; atts[i]; i += 2) {
		const char *an = (const char *)atts[i], *v = (const char *)atts[i + 1];
		mk_attr_role role = refresh && strcasecmp(an, "content") == 0 ? MK_REFRESH
			: mk_role(an, NULL, true);
		if (role == MK_NONE || !v)
			continue;
		mk_attr *a = found ? lexed(s, an, used) : NULL;
		size_t here = in_piece(s, s->scan_from);
		size_t r0 = a ? a->value : here, r1 = a ? a->value_end : here;
		copy_name(s->attribute, sizeof s->attribute, an, strlen(an));
		attribute(s, role, r0, r1, v, strlen(v));
	}
}

/* XML: an attribute value with the internal entities libxml2 left as
 * references (&name;) replaced from the DTD (external ones never read).
 * libxml2's own checks on entity amplification do not see this: past
 * IXT_MAX_IRI_BYTES the value is cut off and s->too_long set. */
static const char *xml_value(mk_state *s, const char *v, size_t n, size_t *out_n)
{
	s->value.n = 0;
	for (size_t i = 0; i < n && !s->too_long; i++) {
		const char *semi = v[i] == '&' ? memchr(v + i, ';', n - i) : NULL;
		char name[128];
		if (semi && (size_t)(semi - v - i - 1) < sizeof name && semi > v + i + 1) {
			copy_name(name, sizeof name, v + i + 1, (size_t)(semi - v - i - 1));
			xmlEntityPtr ent = s->ctxt->myDoc ? xmlGetDocEntity(s->ctxt->myDoc, (const xmlChar *)name) : NULL;
			if (ent && ent->etype == XML_INTERNAL_GENERAL_ENTITY && ent->content) {
				size_t k = strlen((const char *)ent->content);
				s->too_long = k > IXT_MAX_IRI_BYTES - s->value.n;
				if (!s->too_long)
					ixt_buf_add(&s->value, ent->content, k);
				i = (size_t)(semi - v);
				continue;
			}
		}
		ixt_buf_addc(&s->value, v[i]);
	}
	*out_n = s->value.n;
	return s->value.p ? s->value.p : "";
}

/* XML: the value libxml2 gives for the lexed attribute A (qname as written). */
static const char *xml_attr_value(mk_state *s, const char *qname, int nns, const xmlChar **ns,
	int na, const xmlChar **at, size_t *n, const char **uri)
{
	const char *colon = strchr(qname, ':');
	*uri = NULL;
	if (strcmp(qname, "xmlns") == 0 || strncmp(qname, "xmlns:", 6) == 0) {
		const char *prefix = colon ? colon + 1 : NULL;
		for (int i = 0; i < nns; i++) {
			const char *pf = (const char *)ns[2 * i], *u = (const char *)ns[2 * i + 1];
			if ((!prefix && !pf) || (prefix && pf && strcmp(prefix, pf) == 0)) {
				*n = u ? strlen(u) : 0;
				return u ? u : "";
			}
		}
		return NULL;
	}
	for (int i = 0; i < na; i++) {
		const char *ln = (const char *)at[5 * i], *pf = (const char *)at[5 * i + 1];
		bool same = pf ? colon && (size_t)(colon - qname) == strlen(pf)
			&& strncmp(qname, pf, strlen(pf)) == 0 && strcmp(colon + 1, ln) == 0
			: !colon && strcmp(qname, ln) == 0;
		if (same) {
			*uri = (const char *)at[5 * i + 2];
			const char *v = (const char *)at[5 * i + 3];
			return xml_value(s, v, (size_t)((const char *)at[5 * i + 4] - v), n);
		}
	}
	return NULL;
}

static void xml_start(void *ctx, const xmlChar *localname, const xmlChar *prefix,
	const xmlChar *URI, int nns, const xmlChar **ns, int na, int ndef, const xmlChar **at)
{
	xmlParserCtxtPtr ctxt = ctx;
	mk_state *s = ctxt->_private;
	(void)URI, (void)ndef;
	s->depth++;
	if (s->x->stopped)
		return;
	char q[256];
	snprintf(q, sizeof q, "%s%s%s", prefix ? (const char *)prefix : "", prefix ? ":" : "",
		(const char *)localname);
	bool found = find_tag(s, q);
	if (s->depth <= MK_MAX_OPEN)
		s->open_line[s->depth - 1] = ixt_locate(s->x, found ? s->tag_lt : parser_at(s, ctxt)).line;
	if (!found)
		return;
	snprintf(s->element, sizeof s->element, "%s", q);
	const char *p = s->x->doc.u8;
	for (int pass = 0; pass < 2; pass++)    /* xml:base first: it applies to its element */
		for (size_t i = 0; i < s->tag.n_attrs; i++) {
			mk_attr *a = &s->tag.attrs[i];
			copy_name(s->attribute, sizeof s->attribute, p + a->name, a->name_end - a->name);
			bool is_base = strcmp(s->attribute, "xml:base") == 0;
			if (is_base != (pass == 0) || !a->has_value)
				continue;
			size_t n;
			const char *uri;
			s->too_long = false;
			const char *v = xml_attr_value(s, s->attribute, nns, ns, na, at, &n, &uri);
			mk_attr_role role = v ? mk_role(s->attribute, uri, false) : MK_NONE;
			if (role != MK_NONE && s->too_long)
				ixt_report_doc(s->x, IXT_TOO_LONG, a->value, NULL);
			else if (role != MK_NONE)
				attribute(s, role, a->value, a->value_end, v, n);
			if (role == MK_XML_BASE && !s->too_long)
				push_base(s, v, n);
		}
}

static void xml_end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI)
{
	xmlParserCtxtPtr ctxt = ctx;
	mk_state *s = ctxt->_private;
	(void)localname, (void)prefix, (void)URI;
	size_t k = s->x->n_bases;
	while (k > 0 && s->base_depth[k - 1] >= s->depth)
		k--;
	set_bases(s, k);
	if (s->depth > 0)
		s->depth--;
}

static void xml_error(void *ctx, xmlErrorPtr e)
{
	xmlParserCtxtPtr ctxt = ctx;
	mk_state *s = ctxt ? ctxt->_private : NULL;
	if (!s || !e || e->level < XML_ERR_ERROR || s->n_errors++ > MK_MAX_ERRORS)
		return;
	char msg[256];
	snprintf(msg, sizeof msg, "%s", s->n_errors > MK_MAX_ERRORS
		? "more errors follow, not reported" : e->message ? e->message : "");
	/* At the end the push parser says "Extra content" where elements are
	 * still open; libxml2's whole-document parser says which (its words). */
	if (e->code == XML_ERR_DOCUMENT_END && ctxt->nameNr > 0 && ctxt->name && s->depth > 0
		&& s->depth <= MK_MAX_OPEN && s->n_errors <= MK_MAX_ERRORS)
		snprintf(msg, sizeof msg, "Premature end of data in tag %s line %lu",
			(const char *)ctxt->name, s->open_line[s->depth - 1]);
	size_t len = strlen(msg);
	while (len > 0 && msg[len - 1] == '\n')
		msg[--len] = '\0';
	ixt_report_doc(s->x, IXT_SYNTAX, parser_at(s, ctxt), msg);
}

static void no_text(void *ctx, const xmlChar *ch, int len)
{
	(void)ctx, (void)ch, (void)len;
}

/* A libxml2 push parser with S's handlers (BASE_PASS: HTML's first pass). */
static xmlParserCtxtPtr new_parser(mk_state *s, bool base_pass)
{
	xmlSAXHandler sax;
	memset(&sax, 0, sizeof sax);
	xmlParserCtxtPtr c;
	if (s->html) {
		xmlSAX2InitHtmlDefaultSAXHandler(&sax);
		sax.startElement = base_pass ? html_base_first : html_start;
	} else {
		xmlSAXVersion(&sax, 2);             /* DTD handlers kept: internal entities */
		sax.startElementNs = xml_start;
		sax.endElementNs = xml_end;
		sax.serror = xml_error;
	}
	sax.error = NULL;
	sax.warning = NULL;
	sax.characters = no_text;
	sax.cdataBlock = no_text;
	sax.ignorableWhitespace = no_text;
	sax.comment = NULL;
	sax.processingInstruction = NULL;
	sax.endElement = s->html && !base_pass ? html_end : NULL;
	/* The bytes are UTF-8 (stream.c converted them): the document's own
	 * charset declaration is not looked at. */
	if (s->html)
		c = htmlCreatePushParserCtxt(&sax, NULL, NULL, 0, NULL, XML_CHAR_ENCODING_UTF8);
	else
		c = xmlCreatePushParserCtxt(&sax, NULL, NULL, 0, NULL);
	if (!c)
		return NULL;
	c->_private = s;
	c->userData = c;
	if (s->html) {
		htmlCtxtUseOptions(c, HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING
			| HTML_PARSE_NONET | HTML_PARSE_IGNORE_ENC);
	} else {
		xmlCtxtUseOptions(c, XML_PARSE_RECOVER | XML_PARSE_NONET
			| XML_PARSE_IGNORE_ENC | XML_PARSE_NOWARNING);
		xmlSwitchEncoding(c, XML_CHAR_ENCODING_UTF8);
	}
	return c;
}

static void free_parser(mk_state *s, xmlParserCtxtPtr c)
{
	if (!c)
		return;
	if (c->myDoc)
		xmlFreeDoc(c->myDoc);
	if (s->html)
		htmlFreeParserCtxt(c);
	else
		xmlFreeParserCtxt(c);
}

/* Gives C the piece's bytes from document offset *FED on. */
static void push(mk_state *s, xmlParserCtxtPtr c, uint64_t *fed, mk_html_lex *lx, bool last)
{
	const ixt_text *t = &s->x->doc;
	size_t from = in_piece(s, *fed), n = t->n - from;
	if (n > INT32_MAX / 2)
		n = INT32_MAX / 2, last = false;   /* the rest next time (a piece is far smaller) */
	if (s->html)
		n = mk_html_push(c, lx, &s->value, t->u8 + from, n, last);
	else
		xmlParseChunk(c, t->u8 + from, (int)n, last);
	*fed = t->dropped + from + n;
}

static bool mentions_base(const char *u8, size_t n)
{
	for (const char *p = u8; (p = memchr(p, '<', (size_t)(u8 + n - p))); p++)
		if ((size_t)(u8 + n - p) >= 5 && strncasecmp(p + 1, "base", 4) == 0)
			return true;
	return false;
}

/* HTML while a <base href> may come: the piece is held (nothing done)
 * until one is found, the document ends or MK_BASE_HOLD bytes are held;
 * a first parser runs once "<base" is in the bytes.  True: still looking. */
static bool look_for_base(mk_state *s, bool last)
{
	const ixt_text *t = &s->x->doc;
	if (!s->base_ctxt) {
		size_t from = s->base_seen > 5 ? (size_t)s->base_seen - 5 : 0;
		if (mentions_base(t->u8 + from, t->n - from))
			s->base_ctxt = new_parser(s, true);
		s->base_seen = t->n;
	}
	if (s->base_ctxt)
		push(s, s->base_ctxt, &s->base_fed, &s->base_lex, last);
	if (s->x->n_bases == 0 && !last && t->n < MK_BASE_HOLD)
		return true;
	free_parser(s, s->base_ctxt);
	s->base_ctxt = NULL;
	s->looking = false;
	return false;
}

static void *markup_open(ixt_ctx *x, bool html)
{
	mk_state *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->x = x;
	s->html = html;
	s->looking = html;
	return s;
}

static void *html_open(ixt_ctx *x)
{
	return markup_open(x, true);
}

static void *xml_open(ixt_ctx *x)
{
	return markup_open(x, false);
}

static ixt_result markup_piece(ixt_ctx *x, void *state, bool last, size_t *done)
{
	mk_state *s = state;
	*done = 0;
	if (s->looking && look_for_base(s, last))
		return IXT_OK;
	if (!s->ctxt && !(s->ctxt = new_parser(s, false)))
		return IXT_NO_MEMORY;
	push(s, s->ctxt, &s->fed, &s->lex, last);
	/* A start tag is reported once libxml2 has all of it: what it has
	 * read past, and tags before scan_from, are done with. */
	size_t at = parser_at(s, s->ctxt), from = in_piece(s, s->scan_from);
	*done = at < from ? at : from;
	return IXT_OK;
}

static void markup_close(ixt_ctx *x, void *state)
{
	mk_state *s = state;
	free_parser(s, s->ctxt);
	free_parser(s, s->base_ctxt);
	for (size_t i = 0; i < IXT_MAX_BASES; i++)
		ixt_buf_free(&s->base_store[i]);
	ixt_buf_free(&s->value);
	free(s);
	x->n_bases = 0;
}

const ixt_reader ixt_html_reader = { html_open, markup_piece, markup_close };
const ixt_reader ixt_xml_reader = { xml_open, markup_piece, markup_close };
