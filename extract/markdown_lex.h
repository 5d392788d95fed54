/* Private to extract/markdown.c: the inline syntax it scans for in the
 * bytes (markdown_lex.c).  Offsets are bytes of p[0, n). */
#ifndef IRIE_MARKDOWN_LEX_H
#define IRIE_MARKDOWN_LEX_H

#include <stdbool.h>
#include <stddef.h>

/* What a candidate destination is: an inline link's, an autolink's, a
 * mail autolink's, an HTML attribute's. */
enum { MD_INLINE, MD_AUTO, MD_EMAIL, MD_HTML };

/* A scheme and ':' at p[i]: true with *colon at the ':'. */
bool md_scheme_at(const char *p, size_t i, size_t n, size_t *colon);
/* An autolink at p[i] ('<'): its end (after '>'), or i; *type MD_AUTO or
 * MD_EMAIL. */
size_t md_autolink(const char *p, size_t i, size_t n, int *type);
/* An inline destination after "](" at p[i]: [*r0, *r1), false if none. */
bool md_destination(const char *p, size_t i, size_t n, size_t *r0, size_t *r1);

#endif
