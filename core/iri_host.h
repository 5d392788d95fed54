/* Hosts in every encoding: UTS #46 (ICU uidna), %-escaped UTF-8 (idn-uri
 * draft 2002), and the 1998 zero-level-domain ".i" form (seed 000, 3.2). */
#ifndef IRI_HOST_H
#define IRI_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "iri_buf.h"
#include "iri_ctx.h"
#include "iri_diag.h"

typedef enum {
	IRI_HOSTFORM_UNICODE,   /* plain (possibly non-ASCII) reg-name */
	IRI_HOSTFORM_ACE,       /* at least one "xn--" label */
	IRI_HOSTFORM_PERCENT,   /* %-escaped UTF-8 */
	IRI_HOSTFORM_ZLD,       /* 1998 ".i" form */
	IRI_HOSTFORM_ASCII      /* plain ASCII, none of the above */
} iri_host_form;

const char *iri_host_form_name(iri_host_form f);

typedef struct {
	iri_host_form input_form;   /* what the input looked like */
	iri_buf unicode;            /* UTF-8; UTS #46 ToUnicode of the decoded input */
	iri_buf idna;               /* A-labels, UTS #46 nontransitional ToASCII */
	iri_buf idna_transitional;  /* A-labels, UTS #46 transitional ToASCII */
	iri_buf percent;            /* %-escaped UTF-8 of the decoded input (not mapped; A-labels as ToUnicode gives them) */
	iri_buf zld;                /* 1998 form: encoded labels + ".i", or the ASCII host itself */
	uint32_t unicode_errors;    /* ICU UIDNA_ERROR_* bits of each conversion; 0 = fine */
	uint32_t idna_errors;
	uint32_t idna_transitional_errors;
} iri_host_forms;

void iri_host_forms_init(iri_host_forms *f);
void iri_host_forms_fini(iri_host_forms *f);   /* NULL is safe */

typedef enum {
	IRI_HOST_OK,
	IRI_HOST_BAD_INPUT,     /* not UTF-8 even after %-decoding; forms hold what could be done */
	IRI_HOST_NO_MEMORY
} iri_host_result;

const char *iri_host_result_name(iri_host_result r);

/* Fills every form of host[0..len), which may be given in any of them. */
iri_host_result iri_host_analyse(iri_ctx *ctx, const char *host, size_t len, iri_host_forms *out);

/* Set with the UIDNA_ERROR_* bits when ICU could not process the name at all
 * (no memory, input over the cap) rather than finding a UTS #46 error;
 * ICU's own bits stay below it. */
#define IRI_IDNA_ERROR_PROCESSING 0x40000000u

/* RFC 1034 3.1: 63 octets per label, 255 per name on the wire, i.e. 253
 * characters in text form without the root's trailing dot. */
#define IRI_DNS_LABEL_MAX_BYTES 63
#define IRI_DNS_NAME_MAX_BYTES 253

/* True if the name (".", not U+3002 and friends) has a label with no bytes,
 * other than the root's after a final dot (RFC 1034 3.1). */
bool iri_host_has_empty_label(const char *name, size_t len);

/* UTS #46 ToASCII / ToUnicode on a whole domain name (ICU uidna_nameTo*_UTF8,
 * with CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules).  Output is
 * reset and filled; returns the UIDNA_ERROR_* bits (0 = no error). */
uint32_t iri_idna_to_ascii(iri_ctx *ctx, bool transitional, const char *in, size_t len, iri_buf *out);
uint32_t iri_idna_to_unicode(iri_ctx *ctx, const char *in, size_t len, iri_buf *out);

/* 1998 zero-level-domain encoding, seed 000 section 3.2: each code point's
 * nibbles without leading zero groups (but at least two), the first as G..V,
 * the rest as 0..F; labels joined by "." and ".i" appended.  Any UTS #46
 * label separator in in ends a label and is written ".".  in is UTF-8;
 * returns false (and leaves out empty) if it is not well-formed or has an
 * empty label. */
bool iri_zld_encode(const char *in, size_t len, iri_buf *out);
/* Decodes a name ending in ".i" back to UTF-8 (the seed's 'decompiler');
 * returns false if any label is not a valid encoding or encodes NUL or a
 * UTS #46 label separator. */
bool iri_zld_decode(const char *in, size_t len, iri_buf *out);

/* Adds UTS #39's findings (MIXED_SCRIPT, CONFUSABLE) on each label of the
 * reg-name text[host_start..host_end) of a scheme whose host is not a DNS
 * name: they are about what a reader sees, whatever resolves the name.  No
 * A-label is suggested (the scheme has none).  Not memoised. */
void iri_host_diagnose_spoof(iri_ctx *ctx, const char *text, size_t host_start, size_t host_end,
	iri_diags *diags);

/* Adds the host findings (BAD_IDN, NOT_DNS_NAME, DNS_LENGTH_LIMIT,
 * ACE_LABEL, PERCENT_ENCODED_HOST, MIXED_SCRIPT, CONFUSABLE, UTS46_VERSION)
 * for the reg-name at text[host_start..host_end); spans are byte offsets
 * into text.  They judge the name as a DNS name: the caller asks only for a
 * host that is resolved by DNS (iri_ref_host_is_dns()).  UTS #46 errors of
 * bidi and the contextual rules are BAD_IDN (errors); the others say the
 * name cannot be resolved (NOT_DNS_NAME, a warning: RFC 3987 3.1). */
void iri_host_diagnose(iri_ctx *ctx, const char *text, size_t host_start, size_t host_end, iri_diags *diags);

/* The same, but a plain ASCII name is judged by UTS #46 (STD3 rules) too, as
 * a name to look up in the DNS is: "a..com", "bad-.example", "_srv.example"
 * get NOT_DNS_NAME on their label.  check does not do this: an ASCII reg-name
 * need not be a DNS name (RFC 3986 3.2.2).  Adds nothing when diags holds
 * a BAD_IDN or NOT_DNS_NAME finding inside the host already.  Not memoised. */
void iri_host_diagnose_dns(iri_ctx *ctx, const char *text, size_t host_start, size_t host_end, iri_diags *diags);

/* Which Unicode: UTS #46 mapping follows the linked ICU (uidna), whose
 * Unicode version may differ from the current one.  A row of the table of
 * characters whose mapping or status changed between UTS #46 versions
 * (core/uts46.c cites where each comes from). */
typedef struct {
	uint32_t cp;
	int major, minor;        /* the UTS #46 (= Unicode) version that changed it */
	const char *before;      /* UTF-8 it mapped to before; NULL: disallowed */
	const char *after;       /* UTF-8 it maps to from that version on */
} iri_uts46_change;

/* The row for cp, or NULL (most code points map the same in every version). */
const iri_uts46_change *iri_uts46_change_find(uint32_t cp);
/* True if the UTF-8 text s[0..n_bytes) holds a character of the table: its
 * A-labels and mapped form depend on the UTS #46 version. */
bool iri_uts46_has_change(const char *s, size_t n_bytes);
/* Row i of the table, or NULL past its end. */
const iri_uts46_change *iri_uts46_change_at(size_t i);
/* True if the linked ICU's Unicode is at least the row's version (it maps
 * the character the "after" way). */
bool iri_uts46_change_applies(const iri_uts46_change *c);
/* The Unicode version of the linked ICU (u_getUnicodeVersion). */
void iri_unicode_version(int *major, int *minor);
/* The linked ICU's version ("72.1") and its Unicode version ("15.0"),
 * NUL-terminated and cut to the buffers' sizes. */
void iri_library_versions(char *icu, size_t icu_bytes, char *unicode, size_t unicode_bytes);

#endif
