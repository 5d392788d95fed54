/* Private to core: the quick lane's state as its two files share it
 * (quick.c: the line's parts; quick_chars.c: their characters). */
#ifndef IRI_QUICK_INTERNAL_H
#define IRI_QUICK_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "iri_buf.h"
#include "iri_ctx.h"
#include "iri_diag.h"
#include "iri_parse.h"
#include "iri_quick.h"

typedef struct {
	iri_ctx *ctx;
	const uint8_t *s;
	size_t len;
	iri_buf *uri;                 /* may be NULL; else room for 3 bytes per input byte left */
	size_t copied;                /* input bytes [0, copied) are in uri */
	iri_quick_verdict verdict;
	bool errors_only;             /* iri_quick_scan_errors() */
	iri_diags *errors;            /* its SPACE_OR_UNWISE findings, if it takes them; else NULL */
	bool errors_found;            /* errors cleared, and one or more added */
	bool ace_hosts;               /* iri_quick_scan_errors_ace(): A-label hosts judged here */
	bool dns;                     /* the scheme's hosts are DNS names (iri_scheme_uses_dns) */
	size_t nonascii_bytes, nonascii_cps;
	bool rtl;                     /* a right-to-left character: the bidi rules to look at */
	bool nfc_maybe;               /* a character NFC may change: the line's NFC to look at */
} iri_quick_pass;

/* Something only a warning or a note could be made of. */
static inline void iri_quick_lower(iri_quick_pass *q)
{
	if (q->verdict == IRI_QUICK_CLEAN)
		q->verdict = IRI_QUICK_NO_ERRORS;
}

/* Copies input [copied, to) as it is, into the room reserved. */
static inline void iri_quick_copy_to(iri_quick_pass *q, size_t to)
{
	if (q->uri && to > q->copied) {
		memcpy(iri_buf_end(q->uri), q->s + q->copied, to - q->copied);
		iri_buf_commit(q->uri, to - q->copied);
	}
	q->copied = to;
}

/* What stops a run in comp at s[i] (an escape, non-ASCII characters, an
 * unwise character the errors-only lane takes): the bytes it covers, or 0
 * to give up. */
size_t iri_quick_scan_stop(iri_quick_pass *q, iri_component comp, size_t i, size_t end, bool map);
/* One component's characters and escapes, [start, end).  False to give up. */
bool iri_quick_scan_part(iri_quick_pass *q, iri_component comp, size_t start, size_t end, bool map);

#endif
