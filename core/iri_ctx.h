/* iri_ctx: the ICU objects every analysis needs, opened once and reused.
 *
 * One context per thread; nothing in core keeps global mutable state. */
#ifndef IRI_CTX_H
#define IRI_CTX_H

#include <stdbool.h>

typedef struct iri_ctx iri_ctx;

typedef enum {
	IRI_CTX_OK,
	IRI_CTX_NO_MEMORY,
	IRI_CTX_ICU_IDNA,        /* uidna_openUTS46 failed */
	IRI_CTX_ICU_SPOOF,       /* no longer returned: the spoof checker opens on first use */
	IRI_CTX_ICU_NORMALIZER   /* unorm2_getNFCInstance / NFKC failed */
} iri_ctx_result;

const char *iri_ctx_result_name(iri_ctx_result r);

/* Returns a new context, or NULL with the reason in *result (may be NULL).
 * The caller owns the context and frees it with iri_ctx_free(). */
iri_ctx *iri_ctx_new(iri_ctx_result *result);
void iri_ctx_free(iri_ctx *ctx);   /* NULL is safe */

#endif
