/* iri_check: every diagnostic of the catalogue for one IRI reference. */
#ifndef IRI_CHECK_H
#define IRI_CHECK_H

#include <stddef.h>

#include "iri_ctx.h"
#include "iri_diag.h"
#include "iri_parse.h"

/* URI_EXPANSION (seed 001 3.1) is reported only from this many URI
 * characters on: past the 255 that old software limits URIs to. */
#define IRI_CHECK_EXPANSION_MIN_CHARS 256

/* Parses text[0..len) into *ref (may be NULL) and adds all findings to diags,
 * then calls iri_diags_finish().  diags is cleared first. */
void iri_check(iri_ctx *ctx, const char *text, size_t len, iri_ref *ref, iri_diags *diags);

#endif
