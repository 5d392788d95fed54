/* iri_ctx: opens the ICU services once per context and reuses them; one
 * context per thread (core/iri_ctx.h; doc/design-notes.md, "The contract"). */
#include <stdlib.h>
#include <string.h>

#include <unicode/ustring.h>

#include "ctx_internal.h"

/* UTS #46 section 4 with the checks doc/design-notes.md asks for. */
#define IRI_UIDNA_COMMON (UIDNA_USE_STD3_RULES | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ)

/* Every module's scratch buffer (ctx_internal.h), for set-up and clean-up. */
#define SCRATCH_BUFS(ctx) { &(ctx)->map_text, &(ctx)->map_host_decoded, \
	&(ctx)->map_host_converted, &(ctx)->quick_ace, &(ctx)->check_suggestion, \
	&(ctx)->memo_value, &(ctx)->host_record }

const char *iri_ctx_result_name(iri_ctx_result r)
{
	switch (r) {
	case IRI_CTX_OK: return "OK";
	case IRI_CTX_NO_MEMORY: return "NO_MEMORY";
	case IRI_CTX_ICU_IDNA: return "ICU_IDNA";
	case IRI_CTX_ICU_SPOOF: return "ICU_SPOOF";
	case IRI_CTX_ICU_NORMALIZER: return "ICU_NORMALIZER";
	}
	return "UNKNOWN";
}

iri_ctx *iri_ctx_new(iri_ctx_result *result)
{
	iri_ctx_result res = IRI_CTX_OK;
	UErrorCode err = U_ZERO_ERROR;
	iri_ctx *ctx = calloc(1, sizeof *ctx);
	if (!ctx) {
		res = IRI_CTX_NO_MEMORY;
		goto out;
	}
	iri_buf *const scratch[] = SCRATCH_BUFS(ctx);
	for (size_t i = 0; i < sizeof scratch / sizeof scratch[0]; i++)
		iri_buf_init(scratch[i]);
	ctx->memo = iri_memo_new();
	ctx->quick_diags = iri_diags_new();
	if (!ctx->memo || !ctx->quick_diags) {
		res = IRI_CTX_NO_MEMORY;
		goto out;
	}
	ctx->idna = uidna_openUTS46(IRI_UIDNA_COMMON | UIDNA_NONTRANSITIONAL_TO_ASCII |
		UIDNA_NONTRANSITIONAL_TO_UNICODE, &err);
	if (U_FAILURE(err)) {
		res = IRI_CTX_ICU_IDNA;
		goto out;
	}
	ctx->idna_transitional = uidna_openUTS46(IRI_UIDNA_COMMON, &err);
	if (U_FAILURE(err)) {
		res = IRI_CTX_ICU_IDNA;
		goto out;
	}
	/* The UTS #39 spoof checker is opened on first use (iri_ctx_spoof):
	 * it costs more to open than everything else here, and to-uri,
	 * to-iri and most lines of check never need it. */
	ctx->nfc = unorm2_getNFCInstance(&err);
	if (U_SUCCESS(err))
		ctx->nfkc = unorm2_getNFKCInstance(&err);
	if (U_FAILURE(err))
		res = IRI_CTX_ICU_NORMALIZER;
out:
	if (result)
		*result = res;
	if (res != IRI_CTX_OK) {
		iri_ctx_free(ctx);
		return NULL;
	}
	return ctx;
}

void iri_ctx_free(iri_ctx *ctx)
{
	if (!ctx)
		return;
	if (ctx->idna)
		uidna_close(ctx->idna);
	if (ctx->idna_transitional)
		uidna_close(ctx->idna_transitional);
	if (ctx->spoof_result)
		uspoof_closeCheckResult(ctx->spoof_result);
	if (ctx->spoof)
		uspoof_close(ctx->spoof);
	if (ctx->conv)
		ucnv_close(ctx->conv);
	free(ctx->u16);
	free(ctx->u16b);
	free(ctx->octet_at);
	free(ctx->u16_off);
	iri_buf *const scratch[] = SCRATCH_BUFS(ctx);
	for (size_t i = 0; i < sizeof scratch / sizeof scratch[0]; i++)
		iri_buf_fini(scratch[i]);
	iri_memo_free(ctx->memo);
	iri_diags_free(ctx->quick_diags);
	free(ctx);
}

USpoofChecker *iri_ctx_spoof(iri_ctx *ctx)
{
	if (ctx->spoof || ctx->spoof_failed)
		return ctx->spoof;
	UErrorCode err = U_ZERO_ERROR;
	USpoofChecker *sc = uspoof_open(&err);
	if (U_SUCCESS(err)) {
		/* UTS #39 5.2: Moderately Restrictive is the level browsers use for hosts. */
		uspoof_setRestrictionLevel(sc, USPOOF_MODERATELY_RESTRICTIVE);
		uspoof_setChecks(sc, USPOOF_RESTRICTION_LEVEL | USPOOF_MIXED_NUMBERS |
			USPOOF_INVISIBLE | USPOOF_AUX_INFO, &err);
	}
	USpoofCheckResult *result = U_SUCCESS(err) ? uspoof_openCheckResult(&err) : NULL;
	if (U_FAILURE(err)) {
		if (result)
			uspoof_closeCheckResult(result);
		if (sc)
			uspoof_close(sc);
		ctx->spoof_failed = true;   /* not tried again on every label */
		return NULL;
	}
	ctx->spoof = sc;
	ctx->spoof_result = result;
	return sc;
}

int iri_ctx_u16_reserve(UChar **buf, size_t *cap, size_t n)
{
	if (n <= *cap)
		return 1;
	size_t want = *cap ? *cap : 256;
	while (want < n)
		want *= 2;
	UChar *p = realloc(*buf, want * sizeof *p);
	if (!p)
		return 0;
	*buf = p;
	*cap = want;
	return 1;
}

int32_t iri_ctx_to_u16(UChar **buf, size_t *cap, const char *utf8, size_t len)
{
	/* UTF-16 never needs more code units than UTF-8 has bytes. */
	if (len > INT32_MAX / 2 || !iri_ctx_u16_reserve(buf, cap, len + 1))
		return -1;
	UErrorCode err = U_ZERO_ERROR;
	int32_t n = 0;
	u_strFromUTF8(*buf, (int32_t)*cap, &n, utf8, (int32_t)len, &err);
	if (U_FAILURE(err))
		return -1;
	return n;
}

int iri_ctx_open_charset(iri_ctx *ctx, const char *name)
{
	if (!ctx->octet_at)
		ctx->octet_at = malloc((IRI_CTX_CHARSET_RUN_MAX + 1) * sizeof *ctx->octet_at);
	if (!ctx->u16_off)
		ctx->u16_off = malloc((2 * IRI_CTX_CHARSET_RUN_MAX + 2) * sizeof *ctx->u16_off);
	if (!ctx->octet_at || !ctx->u16_off)
		return -1;
	if (ctx->conv && strcmp(ctx->conv_name, name) == 0)
		return 1;
	if (strlen(name) >= sizeof ctx->conv_name)
		return 0;
	UErrorCode err = U_ZERO_ERROR;
	UConverter *conv = ucnv_open(name, &err);
	if (U_FAILURE(err) || !conv)
		return 0;
	/* Escapes in a URI stand for octets of an ASCII-compatible charset
	 * (RFC 3987 3.2): multi-unit, stateful and 7-bit encodings (UTF-16/32,
	 * ISO-2022, HZ, UTF-7, EBCDIC, ...) cannot be read from %HH runs. */
	bool suitable = ucnv_getMinCharSize(conv) == 1;
	switch (ucnv_getType(conv)) {
	case UCNV_UTF16_BigEndian: case UCNV_UTF16_LittleEndian: case UCNV_UTF16:
	case UCNV_UTF32_BigEndian: case UCNV_UTF32_LittleEndian: case UCNV_UTF32:
	case UCNV_ISO_2022: case UCNV_HZ: case UCNV_UTF7: case UCNV_IMAP_MAILBOX:
	case UCNV_SCSU: case UCNV_BOCU1: case UCNV_EBCDIC_STATEFUL: case UCNV_CESU8:
		suitable = false;
		break;
	default:
		break;
	}
	/* ASCII letters, digits and delimiters must read as themselves. */
	for (int c = 0x20; suitable && c < 0x7F; c++) {
		char in = (char)c;
		UChar u16[4];
		err = U_ZERO_ERROR;
		int32_t n16 = ucnv_toUChars(conv, u16, 4, &in, 1, &err);
		suitable = U_SUCCESS(err) && n16 == 1 && u16[0] == c;
	}
	if (!suitable) {
		ucnv_close(conv);
		return 0;
	}
	err = U_ZERO_ERROR;
	/* Stop at the first byte the charset cannot map: such escapes stay escaped. */
	ucnv_setToUCallBack(conv, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &err);
	if (ctx->conv)
		ucnv_close(ctx->conv);
	ctx->conv = conv;
	strcpy(ctx->conv_name, name);
	return 1;
}
