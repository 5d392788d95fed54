/* Character classes the checks and the mappings share. */
#ifndef IRI_CHARS_H
#define IRI_CHARS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Code points that control the bidi algorithm (RFC 3987 4.1, UAX #9 2):
 * ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI. */
bool iri_is_bidi_control(uint32_t cp);

/* Characters that look like a URI delimiter ("/", ":", "?", "#", "@", ".")
 * and can be used to spoof structure (RFC 3987 8; UTS #39 confusables). */
bool iri_is_lookalike_delimiter(uint32_t cp);
/* The delimiter a lookalike stands for, or 0. */
char iri_lookalike_target(uint32_t cp);

/* UTS #46 2.3 label separators: U+002E FULL STOP and the three that UTS #46
 * 4 step 1 maps to it, U+3002 IDEOGRAPHIC FULL STOP, U+FF0E FULLWIDTH FULL
 * STOP and U+FF61 HALFWIDTH IDEOGRAPHIC FULL STOP.  The one definition of
 * the set: host.c, check.c and explain.c ask here. */
bool iri_is_label_separator(uint32_t cp);
/* The bytes of the label separator that starts s[0..len), or 0 if none
 * does (ill-formed UTF-8 is no separator). */
size_t iri_label_separator_at(const char *s, size_t len);

/* RFC 3987 3.1: printable US-ASCII not allowed in URIs: space < > " { } | \ ^ ` */
static inline bool iri_is_unwise_ascii(uint32_t cp)
{
	switch (cp) {
	case ' ': case '<': case '>': case '"': case '{': case '}':
	case '|': case '\\': case '^': case '`':
		return true;
	default:
		return false;
	}
}

/* Noncharacters: U+FDD0..FDEF and the last two code points of each plane. */
bool iri_is_noncharacter(uint32_t cp);

/* RFC 3987 3.2 step 4: may a decoded escape become this character in
 * component comp (an iri_component)?  Not if the IRI syntax forbids it there,
 * nor for bidi controls, white space, invisible format characters, unassigned
 * code points or delimiter lookalikes.  ZWJ and ZWNJ are false here: they are
 * appropriate only where iri_joiner_in_context() says so. */
bool iri_is_appropriate_decoded(int comp, uint32_t cp);

/* Is the joiner (U+200C ZWNJ or U+200D ZWJ) between prev and next (0 for
 * none) in a context where it has a visible effect (RFC 5892 A.1/A.2
 * CONTEXTJ, or an emoji ZWJ sequence)? */
bool iri_joiner_in_context(uint32_t prev, uint32_t joiner, uint32_t next);

/* Code points that may end an emoji ZWJ element after its pictograph
 * (presentation selectors, skin tones): skipped when looking for the
 * joiner's previous neighbour. */
bool iri_is_emoji_element_tail(uint32_t cp);

#endif
