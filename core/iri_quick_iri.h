/* The quick lane of URI -> IRI (RFC 3987 3.2) for batch commands.
 *
 * A line of a file of URIs is mostly ASCII with some escapes of UTF-8.
 * iri_quick_to_iri() settles such a line in one pass: it proves that
 * iri_check() finds no error in it (iri_quick.h's errors-only lane, with
 * A-label hosts judged too) and writes what iri_to_iri() with default options
 * (hosts kept, no legacy charset) gives.  Whenever it is not sure the answer
 * is IRI_QUICK_FULL and the caller takes the full path.  tests/test_quick.c
 * and the fuzz invariants hold it to the full path's results. */
#ifndef IRI_QUICK_IRI_H
#define IRI_QUICK_IRI_H

#include <stddef.h>

#include "iri_buf.h"
#include "iri_ctx.h"
#include "iri_quick.h"

/* IRI_QUICK_NO_ERRORS (iri_check() reports no error) or IRI_QUICK_FULL.  On
 * IRI_QUICK_NO_ERRORS the IRI is appended to iri (the caller's; a caller may
 * gather lines in it) with room left for one more byte; on IRI_QUICK_FULL
 * iri is left as it was, and a buffer that has failed gets IRI_QUICK_FULL. */
iri_quick_verdict iri_quick_to_iri(iri_ctx *ctx, const char *text, size_t len, iri_buf *iri);

/* The errors-only scan of iri_quick.h, with hosts of "xn--" labels taken
 * when UTS #46 ToASCII finds no error in them (to-iri keeps hosts as they
 * are, so there is no URI to write): IRI_QUICK_NO_ERRORS or IRI_QUICK_FULL.
 * In core/quick.c. */
iri_quick_verdict iri_quick_scan_errors_ace(iri_ctx *ctx, const char *text, size_t len);

#endif
