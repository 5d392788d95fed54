/* Private to core: the quick lane's split of an authority (RFC 3986 3.2)
 * in one walk over the bytes that split it (iri_run.h). */
#ifndef IRI_QUICK_AUTHORITY_H
#define IRI_QUICK_AUTHORITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where an authority's parts are (byte indexes into the line), and what its
 * host is. */
typedef struct {
	size_t end;                   /* its end: "/", "?", "#" or the line's */
	size_t at;                    /* the userinfo's (last) "@", or 0 */
	size_t host_end;              /* the port's ":", or end */
	bool userinfo_colon;          /* a ":" in the userinfo */
	bool host_ascii;              /* the host is all ipath's ASCII */
	bool host_dns;                /* and a plain DNS name: RFC 1034 3.1
	                               * lengths, no "xn--" label */
} iri_quick_authority;

/* The authority of s[0..len) that starts at a (after "//"; a > 0). */
void iri_quick_split_authority(const uint8_t *s, size_t a, size_t len, iri_quick_authority *au);

#endif
