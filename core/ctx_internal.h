/* The inside of iri_ctx, shared by core's own modules only. */
#ifndef IRI_CTX_INTERNAL_H
#define IRI_CTX_INTERNAL_H

#include <unicode/ucnv.h>
#include <unicode/uidna.h>
#include <unicode/unorm2.h>
#include <unicode/uspoof.h>

#include "iri_buf.h"
#include "iri_ctx.h"
#include "iri_diag.h"
#include "memo.h"

#define IRI_CTX_CHARSET_NAME_MAX 64
#define IRI_CTX_CHARSET_RUN_MAX 4096   /* octets of one --charset run */
#define IRI_CTX_CP_CLASS_SLOTS 4096    /* a power of two */
#define IRI_CTX_CP_CLASS_SMALL 0x800   /* code points below it in a table of their own */

struct iri_ctx {
	UIDNA *idna;                 /* UTS #46 nontransitional */
	UIDNA *idna_transitional;    /* UTS #46 transitional */
	USpoofChecker *spoof;        /* UTS #39: restriction level + confusables; iri_ctx_spoof() */
	USpoofCheckResult *spoof_result;   /* reused by every check (host_diag.c); opened with spoof */
	bool spoof_failed;           /* uspoof_open failed once: not tried again */
	const UNormalizer2 *nfc;     /* owned by ICU, not freed */
	const UNormalizer2 *nfkc;
	UConverter *conv;            /* legacy charset for to-iri --charset, opened on first use */
	char conv_name[IRI_CTX_CHARSET_NAME_MAX];
	/* Scratch space reused across calls so the per-line path does not allocate. */
	UChar *u16;                  /* UTF-16 scratch, u16_cap code units */
	size_t u16_cap;
	UChar *u16b;
	size_t u16b_cap;
	/* Scratch byte buffers, one set per module so no call can clobber
	 * another's: map.c's NFC text or escaped octets, a %-decoded host and
	 * its converted form; quick.c's A-label host; check.c's suggestion. */
	iri_buf map_text, map_host_decoded, map_host_converted;
	iri_buf quick_ace;
	iri_buf check_suggestion;
	/* Results that depend only on a host, worked out once (memo.h). */
	iri_memo *memo;
	iri_buf memo_value;          /* a value being built for the memo */
	iri_buf host_record;         /* iri_host_diagnose()'s findings being recorded */
	iri_diags *quick_diags;      /* quick.c: a host's findings */
	/* A code point's class by its ICU properties (chars.c; check.c and
	 * quick.c act on it): below U+0800 (two UTF-8 bytes) a byte each, the
	 * class | IRI_CPC_KNOWN or 0; above, direct-mapped, the code point and
	 * its class in one word, cp << 8 | class (0: an empty slot, as no code
	 * point there is 0; calloc's zeros, nothing to write at start),
	 * so that a lookup is one load. */
	uint8_t cp_class_small[IRI_CTX_CP_CLASS_SMALL];
	uint32_t cp_class_slot[IRI_CTX_CP_CLASS_SLOTS];
	/* to-iri --charset: where each octet of a run came from in the text
	 * (IRI_CTX_CHARSET_RUN_MAX + 1 entries), and for each converted UTF-16
	 * unit its octet (ICU's offsets; 2 * IRI_CTX_CHARSET_RUN_MAX + 2).
	 * Made with the converter (iri_ctx_open_charset): 64 KiB that a context
	 * zeroed at every start for a rarely used option. */
	size_t *octet_at;
	int32_t *u16_off;
};

/* What the checks need to know of a non-ASCII code point (chars.c): a kind,
 * the first that applies in this order, and flags. */
enum {
	IRI_CPC_PLAIN, IRI_CPC_WHITESPACE, IRI_CPC_UNASSIGNED, IRI_CPC_IGNORABLE,
	IRI_CPC_DEPRECATED, IRI_CPC_NOT_NFKC,
	IRI_CPC_KIND = 0x07,
	IRI_CPC_LOOKALIKE = 0x08,     /* iri_lookalike_target() has a delimiter for it */
	IRI_CPC_NFC_STABLE = 0x10,    /* NFC_Quick_Check=Yes and ccc=0: NFC leaves it alone (UAX #15 9) */
	IRI_CPC_RTL = 0x20,           /* bidi class R or AL (RFC 3987 4.2) */
	IRI_CPC_KNOWN = 0x80,         /* cp_class_small: a class is there */
};
uint8_t iri_cp_class_lookup(iri_ctx *ctx, uint32_t cp);   /* fills the slot */
#define IRI_CP_CLASS_SLOT(cp) (((cp) ^ ((cp) >> 12)) & (IRI_CTX_CP_CLASS_SLOTS - 1))
/* The class of cp | IRI_CPC_KNOWN if it is cached, else 0 (no ICU call). */
static inline uint8_t iri_cp_class_cached(const iri_ctx *ctx, uint32_t cp)
{
	if (cp < IRI_CTX_CP_CLASS_SMALL)
		return ctx->cp_class_small[cp];
	uint32_t v = ctx->cp_class_slot[IRI_CP_CLASS_SLOT(cp)];
	return v >> 8 == cp ? (uint8_t)(v | IRI_CPC_KNOWN) : 0;
}
static inline uint8_t iri_cp_class(iri_ctx *ctx, uint32_t cp)
{
	uint8_t v = iri_cp_class_cached(ctx, cp);
	return v ? (uint8_t)(v & ~IRI_CPC_KNOWN) : iri_cp_class_lookup(ctx, cp);
}

/* The spoof checker (and ctx->spoof_result), opened on first use; NULL if
 * ICU could not open it (no memory), and then on every later call. */
USpoofChecker *iri_ctx_spoof(iri_ctx *ctx);

/* Grows *buf to hold at least n UTF-16 code units; false on failure. */
int iri_ctx_u16_reserve(UChar **buf, size_t *cap, size_t n);

/* Converts UTF-8 to UTF-16 into one of the ctx scratch buffers; returns the
 * length in code units or -1 (invalid UTF-8 or no memory). */
int32_t iri_ctx_to_u16(UChar **buf, size_t *cap, const char *utf8, size_t len);

/* Opens (or reuses) ctx->conv for name, and the octet_at and u16_off
 * tables: 1, or 0 if ICU does not know it (or it is unsuitable), -1 out of
 * memory. */
int iri_ctx_open_charset(iri_ctx *ctx, const char *name);

#endif
