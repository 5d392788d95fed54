/* HTML and XML through libxml2's SAX interface (no tree is built).
 *
 * libxml2 decides what is an element and what its attributes' values are
 * (HTML: its HTML parser, entities from its table; XML: the SAX2 parser,
 * internal entities from the DTD).  It reads the document already in UTF-8
 * (doc.c converted it; the document's own charset declaration is ignored
 * then, HTML_PARSE_IGNORE_ENC).  libxml2 gives line numbers but no columns,
 * so places come from the bytes: at a start tag libxml2 stands on its '>'
 * (xmlByteConsumed); the tag is the last "<name" after the previous tag
 * whose lexed attributes end there (markup_attr.c), and each value's code
 * points are walked back to the raw text, entity by entity.
 *
 * HTML: the first <base href> is the base of the whole document (HTML
 * 2.5.1), links before it too: a document that has "<base" anywhere is
 * parsed twice, first to find it.  HTML parse errors
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

typedef struct {
	ixt_ctx *x;
	xmlParserCtxtPtr ctxt;
	bool html;
	bool html_base;            /* the document's <base href> was seen */
	bool base_pass;            /* HTML's first pass: only looking for <base href> */
	size_t scan_from;
	mk_tag tag;
	char element[256];
	char attribute[256];
	ixt_buf base_store[IXT_MAX_BASES];
	size_t base_depth[IXT_MAX_BASES];
	size_t depth;
	size_t n_errors;
	ixt_buf value;
} mk_state;

static bool names_equal(const char *a, const char *b, size_t n, bool html)
{
	return strlen(a) == n && (html ? strncasecmp(a, b, n) == 0 : strncmp(a, b, n) == 0);
}

/* Finds the start tag of element NAME ending where libxml2 stands. */
static bool find_tag(mk_state *s, const char *name)
{
	long at = xmlByteConsumed(s->ctxt);
	const char *p = s->x->doc.u8;
	size_t n = s->x->doc.n, cur = at < 0 ? 0 : (size_t)at > n ? n : (size_t)at;
	bool found = false;
	mk_tag tag;
	for (size_t i = s->scan_from; i < cur; i++) {
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
			found = true;
		}
	}
	if (found)
		s->scan_from = cur;
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

typedef struct {
	mk_state *s;
	ixt_kind kind;
} part_ctx;

/* Hands out x->iri[i0, i1) (ASCII whitespace around it cut). */
static bool emit_part(void *user, size_t i0, size_t i1)
{
	part_ctx *pc = user;
	ixt_ctx *x = pc->s->x;
	const char *v = x->iri.p;
	while (i0 < i1 && strchr(" \t\n\r\f", v[i0]))
		i0++;
	while (i1 > i0 && strchr(" \t\n\r\f", v[i1 - 1]))
		i1--;
	if (i1 == i0)
		return true;                        /* an empty value names nothing */
	size_t cp0 = 0;
	for (size_t i = 0; i < i0; i++)
		cp0 += ((unsigned char)v[i] & 0xC0) != 0x80;
	return ixt_emit_doc_part(x, pc->kind, pc->s->element, pc->s->attribute, i0, i1, cp0);
}

/* One URL attribute: raw text doc[r0, r1), VALUE its decoded value. */
static void attribute(mk_state *s, mk_attr_role role, size_t r0, size_t r1,
	const char *value, size_t value_n)
{
	ixt_ctx *x = s->x;
	if (x->stopped || !ixt_attr_map(x, r0, r1, value, value_n, false))
		return;
	part_ctx pc = { s, role == MK_SRCSET ? IXT_KIND_SRCSET : IXT_KIND_ATTRIBUTE };
	size_t keep = x->n_bases;
	bool html_base = s->html && strcmp(s->element, "base") == 0
		&& strcmp(s->attribute, "href") == 0 && !s->html_base;
	if (role == MK_NAMESPACE)
		pc.kind = IXT_KIND_NAMESPACE, x->n_bases = 0;  /* namespace names are not resolved */
	if (role == MK_XML_BASE || html_base)
		pc.kind = IXT_KIND_BASE;
	if (html_base)
		x->n_bases = 0;
	if (role == MK_SRCSET)
		mk_srcset(x, emit_part, &pc);
	else
		emit_part(&pc, 0, x->iri.n);
	x->n_bases = keep;
	s->html_base |= html_base;
}

/* HTML's first pass: the first <base href> (trimmed) becomes the base of
 * the whole document (HTML 2.5.1 "document base URL"), then parsing stops. */
static void html_base_start(mk_state *s, const char *name, const xmlChar **atts)
{
	for (size_t i = 0; strcmp(name, "base") == 0 && atts[i]; i += 2) {
		const char *v = (const char *)atts[i + 1];
		if (strcmp((const char *)atts[i], "href") != 0 || !v)
			continue;
		size_t a = 0, b = strlen(v);
		while (a < b && strchr(" \t\n\r\f", v[a]))
			a++;
		while (b > a && strchr(" \t\n\r\f", v[b - 1]))
			b--;
		push_base(s, v + a, b - a);
		xmlStopParser(s->ctxt);
		return;
	}
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

static void html_start(void *ctx, const xmlChar *name, const xmlChar **atts)
{
	xmlParserCtxtPtr ctxt = ctx;
	mk_state *s = ctxt->_private;
	if (!atts || s->x->stopped)
		return;
	if (s->base_pass) {
		html_base_start(s, (const char *)name, atts);
		return;
	}
	bool used[MK_MAX_ATTRS] = { false };
	bool found = find_tag(s, (const char *)name);
	copy_name(s->element, sizeof s->element, (const char *)name, strlen((const char *)name));
	for (size_t i = 0; atts[i]; i += 2) {
		const char *an = (const char *)atts[i], *v = (const char *)atts[i + 1];
		mk_attr_role role = mk_role(an, NULL, true);
		if (role == MK_NONE || !v)
			continue;
		mk_attr *a = found ? lexed(s, an, used) : NULL;
		size_t r0 = a ? a->value : s->scan_from, r1 = a ? a->value_end : s->scan_from;
		copy_name(s->attribute, sizeof s->attribute, an, strlen(an));
		attribute(s, role, r0, r1, v, strlen(v));
	}
}

/* XML: an attribute value with the internal entities libxml2 left as
 * references (&name;) replaced from the DTD (external ones never read). */
static const char *xml_value(mk_state *s, const char *v, size_t n, size_t *out_n)
{
	s->value.n = 0;
	for (size_t i = 0; i < n; i++) {
		const char *semi = v[i] == '&' ? memchr(v + i, ';', n - i) : NULL;
		char name[128];
		if (semi && (size_t)(semi - v - i - 1) < sizeof name && semi > v + i + 1) {
			copy_name(name, sizeof name, v + i + 1, (size_t)(semi - v - i - 1));
			xmlEntityPtr ent = s->ctxt->myDoc ? xmlGetDocEntity(s->ctxt->myDoc, (const xmlChar *)name) : NULL;
			if (ent && ent->etype == XML_INTERNAL_GENERAL_ENTITY && ent->content) {
				ixt_buf_add(&s->value, ent->content, strlen((const char *)ent->content));
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
	if (!find_tag(s, q))
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
			const char *v = xml_attr_value(s, s->attribute, nns, ns, na, at, &n, &uri);
			mk_attr_role role = v ? mk_role(s->attribute, uri, false) : MK_NONE;
			if (role != MK_NONE)
				attribute(s, role, a->value, a->value_end, v, n);
			if (role == MK_XML_BASE)
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
	size_t len = strlen(msg);
	while (len > 0 && msg[len - 1] == '\n')
		msg[--len] = '\0';
	long at = xmlByteConsumed(ctxt);
	ixt_report_doc(s->x, IXT_SYNTAX, at < 0 ? 0 : (size_t)at, msg);
}

static void no_text(void *ctx, const xmlChar *ch, int len)
{
	(void)ctx, (void)ch, (void)len;
}

/* One libxml2 parse of the document with S's handlers. */
static ixt_result parse(mk_state *s)
{
	ixt_ctx *x = s->x;
	bool html = s->html;
	xmlSAXHandler sax;
	memset(&sax, 0, sizeof sax);
	if (html) {
		xmlSAX2InitHtmlDefaultSAXHandler(&sax);
		sax.startElement = html_start;
		s->ctxt = htmlCreateMemoryParserCtxt(x->doc.u8, (int)x->doc.n);
	} else {
		xmlSAXVersion(&sax, 2);             /* DTD handlers kept: internal entities */
		sax.startElementNs = xml_start;
		sax.endElementNs = xml_end;
		sax.serror = xml_error;
		s->ctxt = xmlCreateMemoryParserCtxt(x->doc.u8, (int)x->doc.n);
	}
	sax.error = NULL;
	sax.warning = NULL;
	sax.characters = no_text;
	sax.cdataBlock = no_text;
	sax.ignorableWhitespace = no_text;
	sax.comment = NULL;
	sax.processingInstruction = NULL;
	sax.endElement = NULL;
	if (!s->ctxt)
		return IXT_NO_MEMORY;
	memcpy(s->ctxt->sax, &sax, sizeof sax);
	s->ctxt->_private = s;
	s->ctxt->userData = s->ctxt;
	if (html) {
		htmlCtxtUseOptions(s->ctxt, HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING
			| HTML_PARSE_NONET | HTML_PARSE_IGNORE_ENC | HTML_PARSE_NOIMPLIED);
		xmlSwitchEncoding(s->ctxt, XML_CHAR_ENCODING_UTF8);
		htmlParseDocument(s->ctxt);
	} else {
		xmlCtxtUseOptions(s->ctxt, XML_PARSE_RECOVER | XML_PARSE_NONET
			| XML_PARSE_IGNORE_ENC | XML_PARSE_NOWARNING);
		xmlSwitchEncoding(s->ctxt, XML_CHAR_ENCODING_UTF8);
		xmlParseDocument(s->ctxt);
	}
	if (s->ctxt->myDoc)
		xmlFreeDoc(s->ctxt->myDoc);
	if (html)
		htmlFreeParserCtxt(s->ctxt);
	else
		xmlFreeParserCtxt(s->ctxt);
	s->ctxt = NULL;
	return IXT_OK;
}

static bool mentions_base(const ixt_text *t)
{
	for (const char *p = t->u8; (p = memchr(p, '<', (size_t)(t->u8 + t->n - p))); p++)
		if ((size_t)(t->u8 + t->n - p) > 5 && strncasecmp(p + 1, "base", 4) == 0)
			return true;
	return false;
}

static ixt_result ixt_read_markup(ixt_ctx *x, bool html)
{
	mk_state *s = calloc(1, sizeof *s);
	if (!s)
		return IXT_NO_MEMORY;
	s->x = x;
	s->html = html;
	ixt_result r = IXT_TOO_LONG;
	if (x->doc.n > INT32_MAX)
		goto done;
	if (html && mentions_base(&x->doc)) {
		s->base_pass = true;
		r = parse(s);
		s->base_pass = false;
		s->scan_from = 0;
	}
	r = parse(s);
done:
	for (size_t i = 0; i < IXT_MAX_BASES; i++)
		ixt_buf_free(&s->base_store[i]);
	ixt_buf_free(&s->value);
	free(s);
	x->n_bases = 0;
	return r;
}

/* TEMP whole */
static void *whole_open(ixt_ctx *x)
{
	return x;
}

static void whole_close(ixt_ctx *x, void *state)
{
	(void)x, (void)state;
}

static ixt_result html_piece(ixt_ctx *x, void *state, bool last, size_t *done)
{
	(void)state;
	*done = 0;
	return last ? ixt_read_markup(x, true) : IXT_OK;
}

const ixt_reader ixt_html_reader = { whole_open, html_piece, whole_close };

static ixt_result xml_piece(ixt_ctx *x, void *state, bool last, size_t *done)
{
	(void)state;
	*done = 0;
	return last ? ixt_read_markup(x, false) : IXT_OK;
}

const ixt_reader ixt_xml_reader = { whole_open, xml_piece, whole_close };
