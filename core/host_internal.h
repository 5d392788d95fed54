/* Private to core's host files (host.c, host_diag.c, zld.c): the caps,
 * the UTS #46 error groups, and the helpers they share. */
#ifndef HOST_INTERNAL_H
#define HOST_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <unicode/uidna.h>

#include "iri_buf.h"
#include "iri_host.h"

/* Every buffer fed by a host is capped: no real host comes near 64 KiB
 * (RFC 1034 3.1 allows 253 bytes), so longer input is refused outright. */
#define HOST_MAX_BYTES ((size_t)64 * 1024)
/* Derived buffers: ToUnicode of punycode, %-escaping (x3) and the ZLD form
 * (up to 6 letters per 4-byte sequence) stay well under this. */
#define HOST_SCRATCH_CAP_BYTES (HOST_MAX_BYTES * 8)

/* Length problems of RFC 1034 3.1 (ICU reports them from ToASCII only). */
#define IDNA_LENGTH_ERRORS (UIDNA_ERROR_LABEL_TOO_LONG | UIDNA_ERROR_DOMAIN_NAME_TOO_LONG)
/* UTS #46 errors that are a hazard to whoever reads the name, not only a
 * name DNS refuses: the Bidi Rule (RFC 5893 2) and the contextual rules for
 * joiners and CONTEXTO characters (RFC 5892 Appendix A).  They stay errors
 * (BAD_IDN); every other UTS #46 failure means what RFC 3987 3.1 says of a
 * failed ToASCII, that the IRI "cannot be resolved" (NOT_DNS_NAME). */
#define IDNA_SECURITY_ERRORS (UIDNA_ERROR_BIDI | UIDNA_ERROR_CONTEXTJ | \
	UIDNA_ERROR_CONTEXTO_PUNCTUATION | UIDNA_ERROR_CONTEXTO_DIGITS)
/* Returned when ICU itself fails (bad argument, no memory) rather than
 * reporting a UTS #46 error: a bit of irie's own (iri_host.h). */
#define IDNA_CALL_FAILED IRI_IDNA_ERROR_PROCESSING

/* A scratch buffer with the host cap (HOST_SCRATCH_CAP_BYTES). */
void host_scratch_init(iri_buf *b);
/* Empties b and makes room for n_bytes written in place; false (and
 * failed set) past the cap or out of memory. */
bool host_make_room(iri_buf *b, size_t n_bytes);

static inline char host_ascii_lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}
/* RFC 5890 2.3.2.1: begins with the ACE prefix "xn--" (any case). */
bool host_has_ace_prefix(const char *s, size_t len);
/* Some label of the name has the ACE prefix. */
bool host_name_has_ace_label(const char *s, size_t len);
/* Well-formed UTF-8 (RFC 3629). */
bool host_is_utf8(const char *s, size_t len);
/* Holds a "%" HEXDIG HEXDIG (RFC 3986 2.1). */
bool host_has_pct_escape(const char *s, size_t len);
/* Every byte is ASCII a reg-name allows unescaped (RFC 3986 3.2.2). */
bool host_reg_name_bytes(const char *s, size_t len);
/* The label of s[0..len) that starts at byte *pos, as [*lab_start,
 * *lab_end), split at the UTS #46 2.3 label separators; *pos moves past
 * its separator.  False when no label is left ("a." has two: "a" and the
 * empty root label). */
bool host_next_label(const char *s, size_t len, size_t *pos, size_t *lab_start, size_t *lab_end);

/* One UTS #46 operation of ICU's (whole name or one label). */
typedef enum { IDNA_NAME_TO_ASCII, IDNA_NAME_TO_UNICODE, IDNA_LABEL_TO_ASCII, IDNA_LABEL_TO_UNICODE } idna_op;
/* Runs op into out (reset first), growing on overflow.  Returns ICU's
 * UIDNA_ERROR_* bits; IDNA_CALL_FAILED if ICU itself failed,
 * UIDNA_ERROR_DOMAIN_NAME_TOO_LONG for input over HOST_MAX_BYTES. */
uint32_t host_idna_run(const UIDNA *idna, idna_op op, const char *in, size_t len, iri_buf *out);

#endif
