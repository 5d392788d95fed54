/* Character classes the checks and the mappings share. */
#ifndef IRI_CHARS_H
#define IRI_CHARS_H

#include <stdbool.h>
#include <stdint.h>

/* Code points that control the bidi algorithm (RFC 3987 4.1, UAX #9 2):
 * ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI. */
bool iri_is_bidi_control(uint32_t cp);

/* Characters that look like a URI delimiter ("/", ":", "?", "#", "@", ".")
 * and can be used to spoof structure (RFC 3987 8; UTS #39 confusables). */
bool iri_is_lookalike_delimiter(uint32_t cp);
/* The delimiter a lookalike stands for, or 0. */
char iri_lookalike_target(uint32_t cp);

/* RFC 3987 3.1: printable US-ASCII not allowed in URIs: space < > " { } | \ ^ ` */
bool iri_is_unwise_ascii(uint32_t cp);

/* Noncharacters: U+FDD0..FDEF and the last two code points of each plane. */
bool iri_is_noncharacter(uint32_t cp);

/* RFC 3987 3.2 step 4: may a decoded escape become this character in
 * component comp (an iri_component)?  Not if the IRI syntax forbids it there,
 * nor for bidi controls, white space, other invisible format characters
 * (ZWJ/ZWNJ excepted), or delimiter lookalikes. */
bool iri_is_appropriate_decoded(int comp, uint32_t cp);

#endif
