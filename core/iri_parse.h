/* IRI reference parser: RFC 3987 2.2 ABNF on RFC 3986 3 and 4.1.
 *
 * Parsing is in two stages.  The split (RFC 3986 Appendix B) always succeeds
 * and finds the components, so a broken IRI still has parts to show.  Then
 * every component is validated against the ABNF; the first violation is the
 * parse result, and iri_check() reports all of them as diagnostics. */
#ifndef IRI_PARSE_H
#define IRI_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
	IRI_COMP_SCHEME,
	IRI_COMP_USERINFO,
	IRI_COMP_HOST,
	IRI_COMP_PORT,
	IRI_COMP_PATH,
	IRI_COMP_QUERY,
	IRI_COMP_FRAGMENT,
	IRI_COMP_COUNT,
	IRI_COMP_NONE = IRI_COMP_COUNT /* a diagnostic about the whole reference */
} iri_component;

/* Stable identifier ("scheme", "host", ..., "none"); not for translation. */
const char *iri_component_name(iri_component c);

/* A component's place in the input, in bytes; end is exclusive. */
typedef struct {
	size_t start;      /* bytes */
	size_t end;        /* bytes, exclusive */
	size_t cp_start;   /* code points; filled by iri_parse(), not iri_split() */
	size_t cp_end;
	bool present;      /* "http://h" has an empty present path; "x:" has no query */
} iri_span;

typedef enum {
	IRI_HOST_NONE,       /* no authority */
	IRI_HOST_REG_NAME,   /* ireg-name, possibly empty */
	IRI_HOST_IPV4,       /* IPv4address */
	IRI_HOST_IPV6,       /* "[" IPv6address "]" */
	IRI_HOST_IPVFUTURE   /* "[" IPvFuture "]" */
} iri_host_kind;

typedef enum {
	IRI_PARSE_OK,
	IRI_PARSE_BAD_UTF8,            /* input is not well-formed UTF-8 */
	IRI_PARSE_BAD_SCHEME,          /* scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) */
	IRI_PARSE_BAD_CHAR,            /* a character the component's ABNF does not allow */
	IRI_PARSE_BAD_PERCENT,         /* "%" not followed by two hex digits (pct-encoded) */
	IRI_PARSE_BAD_IP_LITERAL,      /* "[...]" is neither IPv6address nor IPvFuture */
	IRI_PARSE_UNTERMINATED_IP_LITERAL, /* "[" without "]" */
	IRI_PARSE_BAD_PORT,            /* port = *DIGIT */
	IRI_PARSE_PORT_OUT_OF_RANGE,   /* digits, but above 65535: no transport can use it */
	IRI_PARSE_PRIVATE_USE,         /* iprivate outside the query (RFC 3987 2.2) */
	IRI_PARSE_COLON_IN_FIRST_SEGMENT, /* ipath-noscheme: relative ref whose first segment has ":" */
	IRI_PARSE_JUNK_AFTER_IP_LITERAL,  /* "[...]" followed by something other than ":" port */
	IRI_PARSE_RESULT_COUNT
} iri_parse_result;

/* Stable identifier ("BAD_PORT"); app/ turns it into a message. */
const char *iri_parse_result_name(iri_parse_result r);

typedef enum {
	IRI_PARSE_IRI = 0,       /* RFC 3987 IRI-reference */
	IRI_PARSE_URI_ONLY = 1   /* RFC 3986 URI-reference: no characters beyond ASCII */
} iri_parse_flags;

typedef struct {
	const char *text;          /* borrowed: the parsed input, not owned */
	size_t len;                /* bytes */
	size_t cp_len;             /* code points (iri_parse() only; iri_split() leaves 0) */
	iri_span comp[IRI_COMP_COUNT];
	bool has_authority;        /* "//" authority present */
	iri_host_kind host_kind;
	iri_parse_result result;   /* first violation, IRI_PARSE_OK if none */
	size_t error_byte;         /* byte offset of that violation */
	iri_component error_comp;  /* component of that violation */
} iri_ref;

/* Splits and validates text[0..len).  Always fills *out (spans refer to text,
 * which must outlive *out) and returns out->result. */
iri_parse_result iri_parse(const char *text, size_t len, iri_parse_flags flags, iri_ref *out);

/* The component byte lies in, or IRI_COMP_NONE for a delimiter between them. */
iri_component iri_ref_component_at(const iri_ref *r, size_t byte);

/* Splits only (RFC 3986 Appendix B), no validation. */
void iri_split(const char *text, size_t len, iri_ref *out);

/* The ASCII a component's ABNF allows (not "%"), by class (parse.c). */
extern const uint8_t iri_ascii_class[256];   /* indexed by byte; 0 from 0x80 */
extern const uint8_t iri_ascii_comp_mask[IRI_COMP_COUNT + 1];
static inline bool iri_ascii_ok(iri_component c, uint32_t byte)
{
	return byte < 0x80 && (iri_ascii_class[byte] & iri_ascii_comp_mask[c]) != 0;
}

/* Validates one code point (not "%") in component c.  Returns IRI_PARSE_OK
 * if the ABNF allows it there; used by the parser and by iri_check(). */
iri_parse_result iri_parse_check_cp(iri_component c, uint32_t cp, iri_parse_flags flags);

/* True if host[0..len) is an RFC 3986 IPv4address / IPv6address / IPvFuture. */
bool iri_is_ipv4(const char *host, size_t len);
bool iri_is_ipv6(const char *addr, size_t len);
bool iri_is_ipvfuture(const char *addr, size_t len);

/* The default port of a scheme irie knows (case-insensitive), or -1; the
 * table is core/scheme.c's (iri_scheme.h). */
int iri_scheme_default_port(const char *scheme, size_t len_bytes);

/* Character classes of RFC 3986 2.2/2.3 and RFC 3987 2.2. */
bool iri_is_unreserved_ascii(uint32_t cp);
bool iri_is_gen_delim(uint32_t cp);
bool iri_is_sub_delim(uint32_t cp);
bool iri_is_ucschar(uint32_t cp);
bool iri_is_iprivate(uint32_t cp);

#endif
