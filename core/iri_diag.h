/* Diagnostics: the catalogue (codes, severities, rules), and a capped list of findings.
 *
 * core names findings by code; app/ turns codes (and their detail) into
 * translated messages.  Every diagnostic carries its span in bytes and in code
 * points, its component, the rule it comes from, and optionally a suggestion. */
#ifndef IRI_DIAG_H
#define IRI_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "iri_parse.h"

typedef enum {
	IRI_SEV_INFO,
	IRI_SEV_WARNING,
	IRI_SEV_ERROR
} iri_severity;

/* X(code, severity, rule) -- order is the stable numbering. */
#define IRI_DIAG_CODES(X) \
	X(SYNTAX,                       ERROR,   "RFC 3987 2.2") \
	X(ILLEGAL_PERCENT_ENCODING,     ERROR,   "RFC 3986 2.1") \
	X(INVALID_UTF8,                 ERROR,   "RFC 3629 3") \
	X(CONTROL_CHARACTER,            ERROR,   "RFC 3987 2.2") \
	X(BIDI_FORMATTING_CHARACTER,    ERROR,   "RFC 3987 4.1") \
	X(PRIVATE_USE_CHARACTER,        ERROR,   "RFC 3987 2.2") \
	X(NONCHARACTER,                 ERROR,   "RFC 3987 2.2") \
	X(OVERLONG_UTF8_ESCAPE,         ERROR,   "RFC 3629 10") \
	X(SURROGATE_ESCAPE,             ERROR,   "RFC 3629 3") \
	X(NOT_UTF8_ESCAPE,              WARNING, "RFC 3987 3.2") \
	X(NON_ASCII_SCHEME,             ERROR,   "RFC 3987 2.2") \
	X(BAD_IDN,                      ERROR,   "UTS #46 4") \
	X(DNS_LENGTH_LIMIT,             WARNING, "RFC 1034 3.1") \
	X(NOT_NFC,                      WARNING, "RFC 3987 5.3.2.2") \
	X(NOT_NFKC,                     WARNING, "RFC 3987 4.5") \
	X(BIDI_MIXED_DIRECTION,         WARNING,  "RFC 3987 4.2") \
	X(BIDI_BOUNDARY,                WARNING,  "RFC 3987 4.2") \
	X(MIXED_SCRIPT,                 WARNING, "UTS #39 5.2") \
	X(CONFUSABLE,                   WARNING, "UTS #39 4") \
	X(LOOKALIKE_DELIMITER,          ERROR,   "RFC 3987 8") \
	X(SPACE_OR_UNWISE,              ERROR,   "RFC 3987 2.2") \
	X(UNICODE_WHITESPACE,           WARNING,  "RFC 3987 2.2") \
	X(INVISIBLE_CHARACTER,          WARNING, "UTS #39 3.1") \
	X(UNASSIGNED_CHARACTER,         WARNING, "RFC 3987 6.1") \
	X(DEPRECATED_CHARACTER,         WARNING, "UTS #39 3.1") \
	X(PERCENT_LOWERCASE,            INFO,    "RFC 3986 2.1") \
	X(SUPERFLUOUS_PERCENT_ENCODING, INFO,    "RFC 3986 2.3") \
	X(PERCENT_ENCODED_HOST,         INFO,    "RFC 3987 3.1") \
	X(ACE_LABEL,                    INFO,    "RFC 5891 5.5") \
	X(DEFAULT_PORT,                 INFO,    "RFC 3986 6.2.3") \
	X(DOT_SEGMENT,                  INFO,    "RFC 3986 5.2.4") \
	X(PASSWORD_IN_USERINFO,         WARNING, "RFC 3986 3.2.1") \
	X(URI_EXPANSION,                INFO,    "RFC 3987 3.1") \
	X(LEGACY_CHARSET,               INFO,    "RFC 3987 3.2") \
	X(TOO_MANY_DIAGNOSTICS,         WARNING, "irie") \
	X(NOT_DNS_NAME,                 WARNING, "RFC 3987 3.1") \
	X(UTS46_VERSION,                INFO,    "UTS #46") \
	X(ESCAPED_BIDI_FORMATTING,      WARNING, "RFC 3987 3.2")

typedef enum {
#define IRI_DIAG_ENUM_(code, sev, rule) IRI_D_##code,
	IRI_DIAG_CODES(IRI_DIAG_ENUM_)
#undef IRI_DIAG_ENUM_
	IRI_D_COUNT
} iri_diag_code;

const char *iri_diag_code_name(iri_diag_code code);      /* "NOT_NFC" */
iri_severity iri_diag_code_severity(iri_diag_code code);
const char *iri_diag_code_rule(iri_diag_code code);      /* "RFC 3987 4.2" */
const char *iri_severity_name(iri_severity sev);         /* "error", "warning", "info" */
/* Looks a code up by its name; returns false if there is none. */
bool iri_diag_code_from_name(const char *name, iri_diag_code *out);

typedef struct {
	iri_diag_code code;
	iri_severity severity;
	iri_component component;
	size_t byte_start, byte_end;   /* bytes, end exclusive */
	size_t cp_start, cp_end;       /* code points, end exclusive; set by iri_diags_finish() */
	int64_t detail;                /* code-specific, see below */
	const char *rule;              /* static string; may refine the code's default rule */
	const char *suggestion;        /* owned by the list; NULL if none */
	const char *seen;              /* owned by the list; NULL if none: for the RFC 3987 4.2
	                                * findings, what a reader sees (below) */
} iri_diag;

/* `detail` by code:
 *   SYNTAX                iri_parse_result
 *   INVALID_UTF8, *_ESCAPE iri_utf8_status
 *   BAD_IDN               ICU UIDNA_ERROR_* bits, among them one of bidi (RFC 5893)
 *                         or the contextual rules (RFC 5892 A: joiners, CONTEXTO):
 *                         a hazard to the reader of a host that is resolved
 *   NOT_DNS_NAME          ICU UIDNA_ERROR_* bits of a reg-name that is valid in an
 *                         IRI but that DNS cannot resolve (RFC 3987 3.1 ToASCII fails)
 *   UTS46_VERSION         the code point whose UTS #46 mapping or status changed
 *                         between versions (iri_uts46_change_find())
 *   BIDI_MIXED_DIRECTION  0, with the IRI_BIDI_MISREAD_* bits
 *   BIDI_BOUNDARY         1 = component starts with a wrong character, 2 = ends with one;
 *                         with the IRI_BIDI_MISREAD_* bits
 *   CONFUSABLE            1 = its UTS #39 skeleton is an ASCII label (ICU has no
 *                         whole-script confusable test since ICU 58)
 *   MIXED_SCRIPT          the URestrictionLevel ICU found
 *   LEGACY_CHARSET        0 = non-ASCII characters were read in the charset,
 *                         1 = none: unreadable, or not allowed unescaped (RFC 3987 3.2 step 4)
 *   TOO_MANY_DIAGNOSTICS  number of diagnostics dropped
 *   others                the code point concerned, or 0 */

/* The RFC 3987 4.2 findings' severity says what a reader sees
 * (doc/design-notes.md, "Bidi findings"): info when the component displays in
 * reading order, a warning when it does not in one of these renderings.  Then
 * `seen` holds the component as that rendering shows it, left to right on the
 * screen (mirrored glyphs applied; format characters left out, and controls,
 * separators and other characters a terminal must not get raw as U+FFFD, so
 * a terminal can show it); the RFC 3987 rendering's if it is misread there. */
#define IRI_BIDI_WHERE_MASK      3   /* BIDI_BOUNDARY: 1 = start, 2 = end */
#define IRI_BIDI_MISREAD_RFC3987 4   /* out of reading order in the RFC 3987 4.1 rendering */
#define IRI_BIDI_MISREAD_MARKED  8   /* out of reading order in irie's marked form */

typedef struct iri_diags iri_diags;

/* Diagnostics beyond this many per input are counted, not kept. */
#define IRI_DIAGS_MAX 1000

iri_diags *iri_diags_new(void);
void iri_diags_free(iri_diags *d);      /* NULL is safe */
void iri_diags_clear(iri_diags *d);     /* keeps memory for the next input */
size_t iri_diags_count(const iri_diags *d);
/* Borrowed pointer, valid until the list is next changed. */
const iri_diag *iri_diags_get(const iri_diags *d, size_t i);
/* True if any finding has severity error, counting those dropped past
 * IRI_DIAGS_MAX (an input with too many findings still fails). */
bool iri_diags_has_errors(const iri_diags *d);

/* Adds a finding.  A finding with the same code and component that touches or
 * overlaps the previous one of that code is merged into it (a run of five
 * spaces is one finding).  The suggestion is copied.  Returns false if the
 * list is full (the finding is then counted in TOO_MANY_DIAGNOSTICS). */
bool iri_diags_add(iri_diags *d, iri_diag_code code, iri_component comp,
	size_t byte_start, size_t byte_end, int64_t detail,
	const char *suggestion, size_t suggestion_len);
/* Like iri_diags_add() with an explicit rule (static string). */
bool iri_diags_add_rule(iri_diags *d, iri_diag_code code, iri_component comp,
	size_t byte_start, size_t byte_end, int64_t detail, const char *rule,
	const char *suggestion, size_t suggestion_len);

/* Adds a finding given whole: its own severity (the catalogue's is its code's
 * default), rule (static string; NULL: the code's), suggestion and seen
 * (NUL-terminated, copied; NULL if none); the spans' cp_* are ignored.  Merges
 * as iri_diags_add() does, and only with a finding of the same severity and
 * no `seen`.  Returns false if the list is full. */
bool iri_diags_add_diag(iri_diags *d, const iri_diag *g);

/* Sorts by position, fills the code point offsets against text[0..len) in one
 * pass, and appends TOO_MANY_DIAGNOSTICS if any were dropped. */
void iri_diags_finish(iri_diags *d, const char *text, size_t len);

#endif
