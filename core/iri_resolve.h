/* Reference resolution (RFC 3986 5.2, applied to IRIs as RFC 3987 6.5 says)
 * and the comparison ladder of RFC 3987 5.3. */
#ifndef IRI_RESOLVE_H
#define IRI_RESOLVE_H

#include <stddef.h>

#include "iri_buf.h"
#include "iri_ctx.h"

typedef enum {
	IRI_RESOLVE_OK,
	IRI_RESOLVE_BASE_NOT_ABSOLUTE,   /* RFC 3986 5.1: the base must have a scheme */
	IRI_RESOLVE_NO_MEMORY
} iri_resolve_result;

const char *iri_resolve_result_name(iri_resolve_result r);

/* Resolves ref against base (both UTF-8 IRI references) into *out (reset first).
 * Strict parser: a ref with a scheme equal to the base's is not treated as relative. */
iri_resolve_result iri_resolve(const char *base, size_t base_len, const char *ref, size_t ref_len, iri_buf *out);

/* RFC 3986 5.2.4 remove_dot_segments; appends the result to *out. */
void iri_remove_dot_segments(const char *path, size_t len, iri_buf *out);

typedef enum {
	IRI_CMP_DIFFERENT,   /* not equal at any level irie applies */
	IRI_CMP_SIMPLE,      /* 5.3.1 simple string comparison */
	IRI_CMP_SYNTAX,      /* 5.3.2 case, percent-encoding, path segment normalisation (no NFC: 5.3.2.2) */
	IRI_CMP_SCHEME       /* 5.3.3 scheme-based: default port, empty path, IDN host */
} iri_compare_level;

/* "simple", "syntax", "scheme", or NULL for IRI_CMP_DIFFERENT. */
const char *iri_compare_level_name(iri_compare_level l);

/* The first level of the ladder at which a and b are equal. */
iri_compare_level iri_compare(iri_ctx *ctx, const char *a, size_t a_len, const char *b, size_t b_len);

#endif
