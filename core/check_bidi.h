/* Private to core: the bidi rules of RFC 3987 4.2, judged by what a reader
 * sees (doc/design-notes.md, "Bidi findings"). */
#ifndef IRI_CHECK_BIDI_H
#define IRI_CHECK_BIDI_H

#include "iri_diag.h"
#include "iri_parse.h"

/* True for the characters the marked form puts LRMs around, which split an
 * IRI into the pieces the display forms isolate (doc/design-notes.md,
 * "marked"): gen-delims, sub-delims and ".". */
bool iri_is_bidi_delimiter(unsigned char c);

/* RFC 3987 4.2 rules 1 and 2 on each component of ref (text between bidi
 * delimiters other than "(" and ")"), as BIDI_MIXED_DIRECTION and
 * BIDI_BOUNDARY findings in d: info if the component displays in reading
 * order in the RFC 3987 4.1 rendering and in the marked form, a warning with
 * what the reader sees if not. */
void iri_check_bidi(const iri_ref *ref, iri_diags *d);

/* True when iri_check_bidi() would find nothing in text, an IRI the quick
 * lane split (its components' boundaries at delimiters): each piece between
 * bidi delimiters with a right-to-left character keeps both rules. */
bool iri_bidi_rules_hold(const char *text, size_t len);

#endif
