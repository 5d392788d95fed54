/* Private to extract/: HTML and XML start tags and their URL attributes. */
#ifndef IRIE_MARKUP_H
#define IRIE_MARKUP_H

#include "ixt_internal.h"

#include <libxml/parser.h>

/* Attributes of one start tag kept (more are not looked at). */
#define MK_MAX_ATTRS 64

/* One attribute as written: byte offsets into the document's UTF-8. */
typedef struct {
	size_t name, name_end;
	size_t value, value_end;   /* inside the quotes */
	bool has_value;
} mk_attr;

typedef struct {
	size_t name_end;           /* after the element name ('<' is where the lex began) */
	size_t end;                /* the '>' or the '/' of "/>" */
	mk_attr attrs[MK_MAX_ATTRS];
	size_t n_attrs;
} mk_tag;

/* MK_URLS: URLs apart by white space (ping, itemtype); MK_REFRESH: the
 * URL in <meta http-equiv=refresh content="5; url=...">. */
typedef enum { MK_NONE, MK_URL, MK_SRCSET, MK_URLS, MK_REFRESH, MK_NAMESPACE, MK_XML_BASE } mk_attr_role;

/* Lexes the start tag whose '<' is p[at]; false if it does not end. */
bool mk_lex_tag(const char *p, size_t n, size_t at, mk_tag *tag);
/* What the attribute QNAME (as written; NS_URI its namespace or NULL) holds. */
mk_attr_role mk_role(const char *qname, const char *ns_uri, bool html);
/* Splits the srcset value in x->iri into its URLs (byte ranges of x->iri). */
bool mk_srcset(ixt_ctx *x, bool (*each)(void *, size_t, size_t), void *user);
/* Hands out x->iri[i0, i1) (ASCII white space around it cut; nothing if
 * empty) as an attribute's IRI of KIND; false when the reader must stop. */
bool mk_emit_part(ixt_ctx *x, ixt_kind kind, const char *element, const char *attribute,
	size_t i0, size_t i1);
/* The same for a list of URLs apart by ASCII white space. */
bool mk_url_list(ixt_ctx *x, bool (*each)(void *, size_t, size_t), void *user);

/* Where an attribute's IRIs go: its context, kind, element and attribute
 * (borrowed for the call). */
typedef struct {
	ixt_ctx *x;
	ixt_kind kind;
	const char *element, *attribute;
} mk_part;
/* Hands out the IRIs of the value in x->iri as ROLE says: srcset's URLs,
 * a list's, a refresh's URL, else the whole value; false when the reader
 * must stop. */
bool mk_emit_value(const mk_part *part, mk_attr_role role);
/* The URL of a refresh meta's content V (N bytes), as [*s, *e) of V;
 * false if it names none (a reload of the page itself). */
bool mk_refresh_url(const char *v, size_t n, size_t *s, size_t *e);

/* HTML: where the lexer that blanks "</html" and "</body" (markup_html.c)
 * stands between the pieces one parser is given; zeroed to start. */
typedef struct {
	unsigned char state;
	unsigned char raw;         /* the tag lexed opens script (1) or style (2) text */
	unsigned char dashes;      /* in a comment: '-' just before */
	char quote;                /* in a quoted attribute value: its quote */
	bool eq;                   /* in a tag: '=' just before */
} mk_html_lex;

/* Gives libxml2's HTML push parser C the next bytes P (N; LAST: the
 * document's end), as markup_html.c says (LX: C's lexer; SCRATCH for a
 * copy); returns how many it took: the rest comes again with more. */
size_t mk_html_push(xmlParserCtxtPtr c, mk_html_lex *lx, ixt_buf *scratch, const char *p, size_t n, bool last);

#endif
