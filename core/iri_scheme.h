/* What irie knows of URI schemes: default ports (RFC 3986 6.2.3) and which
 * schemes name a DNS host in their authority (RFC 3987 3.1: ToASCII is for
 * "schemes known to use domain names").  The table and where it comes from
 * are in core/scheme.c; doc/design-notes.md says when it was read. */
#ifndef IRI_SCHEME_H
#define IRI_SCHEME_H

#include <stdbool.h>
#include <stddef.h>

#include "iri_parse.h"

/* True if scheme[0..len_bytes) (case-insensitive, without the ":") is one
 * whose reg-name host is a DNS name. */
bool iri_scheme_uses_dns(const char *scheme, size_t len_bytes);

/* True if ref's reg-name host is to be judged as a DNS name: its scheme is
 * one of the table's, or it has no scheme (a reference such as "//host/x"
 * is resolved against a base that most often is http or https). */
bool iri_ref_host_is_dns(const iri_ref *ref);

#endif
