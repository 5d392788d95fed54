/* iri_check: every diagnostic of the catalogue for one IRI reference. */
#ifndef IRI_CHECK_H
#define IRI_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "iri_ctx.h"
#include "iri_diag.h"
#include "iri_parse.h"

/* URI_EXPANSION (seed 001 3.1) is reported only from this many URI
 * characters on: past the 255 that old software limits URIs to. */
#define IRI_CHECK_EXPANSION_MIN_CHARS 256

/* Parses text[0..len) into *ref (may be NULL) and adds all findings to diags,
 * then calls iri_diags_finish().  diags is cleared first. */
void iri_check(iri_ctx *ctx, const char *text, size_t len, iri_ref *ref, iri_diags *diags);

/* The findings of one host (core/check_host.c), byte offsets into text: the
 * host of text when ref (iri_split of text; borrowed) has an authority, else
 * text whole as a bare host.  The whole check of text (of "//" + text for a
 * bare host) sliced to the host, so that syntax errors in it (a stray '%',
 * a space, an unterminated '[') count as well as UTS #46 and UTS #39 ones;
 * a bare host "//" does not take whole ("a/b") is a SYNTAX error; and when
 * idna_errors (iri_host_forms.idna_errors, 0 for an IP address) is not 0 and
 * nothing else is an error, the name is judged as a DNS name label by label
 * (iri_host_diagnose_dns).  out (the caller's) is cleared, then finished. */
void iri_check_host(iri_ctx *ctx, const char *text, size_t len, const iri_ref *ref, uint32_t idna_errors,
	iri_diags *out);

/* The delimiters of the bidi findings and of the marked display form, the
 * characters an LRM goes on each side of (doc/design-notes.md "Bidi
 * findings": gen-delims, sub-delims and "."), as a NUL-terminated ASCII
 * string (static; the caller does not free it).  app gives render this set. */
const char *iri_bidi_delimiters(void);

#endif
