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

typedef enum { MK_NONE, MK_URL, MK_SRCSET, MK_NAMESPACE, MK_XML_BASE } mk_attr_role;

/* Lexes the start tag whose '<' is p[at]; false if it does not end. */
bool mk_lex_tag(const char *p, size_t n, size_t at, mk_tag *tag);
/* What the attribute QNAME (as written; NS_URI its namespace or NULL) holds. */
mk_attr_role mk_role(const char *qname, const char *ns_uri, bool html);
/* Splits the srcset value in x->iri into its URLs (byte ranges of x->iri). */
bool mk_srcset(ixt_ctx *x, bool (*each)(void *, size_t, size_t), void *user);

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
