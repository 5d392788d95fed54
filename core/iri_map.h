/* IRI -> URI (RFC 3987 3.1) and URI -> IRI (RFC 3987 3.2). */
#ifndef IRI_MAP_H
#define IRI_MAP_H

#include <stdbool.h>
#include <stddef.h>

#include "iri_buf.h"
#include "iri_ctx.h"
#include "iri_diag.h"

/* How a non-ASCII host is written in the URI, under a scheme known to use
 * DNS or with no scheme (iri_ref_host_is_dns); under any other scheme the
 * host is %-escaped UTF-8 whatever the mode (RFC 3987 3.1). */
typedef enum {
	IRI_HOSTMODE_IDNA,     /* UTS #46 nontransitional ToASCII: A-labels (default) */
	IRI_HOSTMODE_PERCENT,  /* %-escaped UTF-8 (RFC 3987 3.1 step 2; idn-uri draft 2002) */
	IRI_HOSTMODE_ZLD       /* the 1998 ".i" zero-level-domain encoding (seed 000, 3.2) */
} iri_host_mode;

typedef struct {
	bool nfc;              /* RFC 3987 3.1 step 1 variants A/B: normalise to NFC first */
	iri_host_mode host;
} iri_to_uri_opts;

typedef enum {
	IRI_HOSTOUT_KEEP,      /* leave the host as written (default) */
	IRI_HOSTOUT_UNICODE    /* A-labels, %-escapes and ".i" forms to Unicode */
} iri_host_out;

typedef struct {
	iri_host_out host;
	const char *charset;   /* NULL: only UTF-8 is decoded; else an ICU converter name,
	                        * used for every escaped octet 80-FF instead of UTF-8 */
} iri_to_iri_opts;

typedef enum {
	IRI_MAP_OK,
	IRI_MAP_NO_MEMORY,     /* output cap reached or allocation failed */
	IRI_MAP_BAD_CHARSET    /* ICU does not know opts->charset */
} iri_map_result;

const char *iri_map_result_name(iri_map_result r);

/* Maps text[0..len) to a URI into *out (which is reset first).  Never fails
 * on bad input: what cannot be mapped is %-escaped byte by byte; iri_check()
 * reports each such change.  The result is ASCII-only and iri_to_uri() of it
 * gives it back unchanged. */
iri_map_result iri_to_uri(iri_ctx *ctx, const char *text, size_t len,
	const iri_to_uri_opts *opts, iri_buf *out);

/* Like iri_to_uri(), and if offsets is not NULL it gets len + 1 entries:
 * offsets[i] is the byte of the URI where input byte i's mapping starts
 * (every byte of a host converted whole maps to the host's start), and
 * offsets[len] is the URI's length.  With opts->nfc the offsets are not set. */
iri_map_result iri_to_uri_offsets(iri_ctx *ctx, const char *text, size_t len,
	const iri_to_uri_opts *opts, iri_buf *out, size_t *offsets);

/* Maps text[0..len) to an IRI (RFC 3987 3.2 steps 1-5), appending to *out
 * (reset first).  Escapes that are not well-formed UTF-8, that are overlong or
 * surrogates, or that give characters not appropriate in an IRI stay escaped
 * and are reported in diags (may be NULL). */
iri_map_result iri_to_iri(iri_ctx *ctx, const char *text, size_t len,
	const iri_to_iri_opts *opts, iri_buf *out, iri_diags *diags);

#endif
