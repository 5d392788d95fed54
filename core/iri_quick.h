/* The quick lane for batch commands over many lines.
 *
 * Most lines in a file of links are ordinary: well-formed, no character or
 * escape that iri_check() would report as an error, often nothing to report at
 * all.  iri_quick_scan() finds that out in one pass, mapping the IRI to its
 * URI on the way, and says when it could not: then the caller takes the full
 * path (iri_check(), iri_to_uri()).  It is conservative -- whenever it is not
 * sure, the answer is IRI_QUICK_FULL -- and tests/test_quick.c and the fuzz
 * targets hold it to the full path's results. */
#ifndef IRI_QUICK_H
#define IRI_QUICK_H

#include <stddef.h>

#include "iri_buf.h"
#include "iri_ctx.h"
#include "iri_diag.h"

typedef enum {
	IRI_QUICK_FULL,        /* not decided here: use iri_check() / iri_to_uri() */
	IRI_QUICK_NO_ERRORS,   /* iri_check() would report no error (maybe warnings or info) */
	IRI_QUICK_CLEAN,       /* iri_check() would report nothing at all */
	IRI_QUICK_ERRORS       /* iri_quick_scan_errors(): its errors are those found */
} iri_quick_verdict;

const char *iri_quick_verdict_name(iri_quick_verdict v);

/* Scans text[0..len).  Unless the verdict is IRI_QUICK_FULL, uri (may be
 * NULL) holds what iri_to_uri() with default options (no NFC, IDNA hosts)
 * gives; otherwise its contents are unspecified.  uri is the caller's. */
iri_quick_verdict iri_quick_scan(iri_ctx *ctx, const char *text, size_t len, iri_buf *uri);

/* The same for a caller that needs only the errors (to-uri prints the
 * errors alone): warnings are not all looked for, so the verdict is never
 * IRI_QUICK_CLEAN.  Cheaper on a host seen for the first time (no UTS #39
 * checks).  Without errors (NULL) the verdict is IRI_QUICK_FULL or
 * IRI_QUICK_NO_ERRORS.  With errors the commonest error is taken too:
 * spaces and unwise characters in the path, query or fragment of a line of
 * up to IRI_QUICK_ERRORS_MAX_LINE_BYTES (SPACE_OR_UNWISE, RFC 3987 2.2);
 * then the verdict is
 * IRI_QUICK_ERRORS and errors holds exactly the errors iri_check() reports,
 * finished (iri_diags_finish); on other verdicts its contents are
 * unspecified (maybe left as they were).  The URI (iri_to_uri()'s, those
 * characters escaped) is appended to uri (a caller may gather lines in it),
 * with room left for one more byte; on IRI_QUICK_FULL uri is left as it
 * was, and a uri that has failed gets IRI_QUICK_FULL.  errors is the
 * caller's. */
iri_quick_verdict iri_quick_scan_errors(iri_ctx *ctx, const char *text, size_t len, iri_buf *uri,
	iri_diags *errors);
/* A line the errors-only lane takes with its errors has at most about one
 * finding per byte (a character's class, an escape's two warnings, an
 * unwise run), so up to this length iri_check() keeps them all
 * (IRI_DIAGS_MAX) and drops none of the errors. */
#define IRI_QUICK_ERRORS_MAX_LINE_BYTES (IRI_DIAGS_MAX / 2)

#endif
