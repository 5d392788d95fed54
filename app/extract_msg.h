/* extract/'s results and document problems in words (app/extract_msg.c),
 * for irie extract, check --extract and view --extract. */
#ifndef IRIE_EXTRACT_MSG_H
#define IRIE_EXTRACT_MSG_H

#include <stdbool.h>
#include <stddef.h>

#include "extract.h"

/* The code in the user's language ("the document's syntax is broken"). */
const char *xmsg_result(ixt_result r);
/* A problem inside a document: the code's words, then the parser's own
 * (English) detail after a colon when there is one.  buf NUL-terminated. */
void xmsg_diag(const ixt_diag *d, char *buf, size_t size);
/* Why a document was not read (r, with ixt_detail(x): strerror, or the
 * charset a document was mostly not text in). */
void xmsg_failure(const ixt_ctx *x, ixt_result r, char *buf, size_t size);
/* Whether the charset named is UTF-8 under any of its names ("utf-8",
 * "utf8", "UTF_8", ICU's aliases); NULL or "" is (extract/'s default). */
bool xmsg_charset_is_utf8(const char *name);

#endif
