/* The per-character table: what each character is and what RFC 3987 3.1
 * does with it, and why. */
#ifndef IRI_EXPLAIN_H
#define IRI_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "iri_ctx.h"
#include "iri_parse.h"

typedef enum {
	IRI_WHY_UNRESERVED,       /* ASCII letter, digit, - . _ ~ : kept (RFC 3986 2.3) */
	IRI_WHY_DELIMITER,        /* reserved delimiter: kept, it structures the IRI (RFC 3986 2.2) */
	IRI_WHY_ESCAPE,           /* an existing %HH escape (of UTF-8): kept as written */
	IRI_WHY_ESCAPE_NOT_UTF8,  /* an existing escape whose octet is not UTF-8 here */
	IRI_WHY_UCSCHAR,          /* non-ASCII: UTF-8 octets, each %HH (RFC 3987 3.1 step 2) */
	IRI_WHY_IPRIVATE,         /* private use in the query: escaped the same way (3.1 step 2) */
	IRI_WHY_HOST_IDNA,        /* non-ASCII in the host: the host becomes A-labels (UTS #46) */
	IRI_WHY_UNWISE,           /* space < > " { } | \ ^ `: escaped (RFC 3987 3.1, end) */
	IRI_WHY_CONTROL,          /* control character: escaped, and not valid in an IRI */
	IRI_WHY_NOT_ALLOWED,      /* not allowed in an IRI here: escaped, the IRI is invalid */
	IRI_WHY_STRAY_PERCENT,    /* "%" not starting an escape: becomes %25 */
	IRI_WHY_INVALID_UTF8,     /* a byte that is not part of well-formed UTF-8: %HH */
	IRI_WHY_HOST_NOT_IDNA,    /* non-ASCII in a host UTS #46 refuses: %-escaped UTF-8 instead */
	IRI_WHY_COUNT
} iri_explain_reason;

/* Stable identifier ("UCSCHAR"); app/ says it in words. */
const char *iri_explain_reason_name(iri_explain_reason r);

#define IRI_EXPLAIN_NO_CP UINT32_MAX

/* The role of a delimiter between or inside components (RFC 3986 3). */
typedef enum {
	IRI_DELIM_NONE,            /* not a delimiter, or one that is data here */
	IRI_DELIM_SCHEME_END,      /* ":" after the scheme */
	IRI_DELIM_AUTHORITY_START, /* each "/" of the "//" before the authority */
	IRI_DELIM_USERINFO_END,    /* "@" after the userinfo */
	IRI_DELIM_PORT_START,      /* ":" before the port */
	IRI_DELIM_PATH_SEP,        /* "/" in the path */
	IRI_DELIM_QUERY_START,     /* "?" before the query */
	IRI_DELIM_FRAGMENT_START,  /* "#" before the fragment */
	IRI_DELIM_COUNT
} iri_explain_delim;

/* Stable identifier ("SCHEME_END"), "" for IRI_DELIM_NONE; app/ says it in words. */
const char *iri_explain_delim_name(iri_explain_delim d);

/* Room for an A-label: 63 octets (RFC 1034 3.1) and its NUL. */
#define IRI_EXPLAIN_LABEL_BYTES 64

typedef struct {
	size_t byte_start, byte_end;   /* bytes of the input this row covers */
	uint32_t cp;                   /* the character (decoded for escapes), or IRI_EXPLAIN_NO_CP */
	iri_component component;
	iri_explain_reason reason;
	char name[96];                 /* Unicode character name, "" if none */
	char utf8_hex[16];             /* its UTF-8 octets in hex, "C3 BC" */
	char escaped[16];              /* what the URI holds for it: "%C3%BC", or the character
	                                  (a host's %-escaped form, as to-uri --host percent) */
	iri_explain_delim delim;       /* the delimiter's role, or IRI_DELIM_NONE */
	/* IRI_WHY_HOST_IDNA: the A-label (UTS #46 ToASCII of the whole host) of
	 * the label the character is in -- what to-uri puts for it ("xn--tda"
	 * for the "ü" of "ü.example"); the whole host's when its labels do not
	 * line up with the input's.  "" otherwise. */
	char label_ace[IRI_EXPLAIN_LABEL_BYTES];
} iri_explain_row;

/* Called once per row, in text order; return false to stop. */
typedef bool (*iri_explain_fn)(const iri_explain_row *row, void *user);

/* Walks text[0..len) and reports one row per character or escape sequence. */
void iri_explain(iri_ctx *ctx, const char *text, size_t len, iri_explain_fn fn, void *user);

#endif
