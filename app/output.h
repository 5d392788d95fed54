/* Writing text that came from input: exact bytes into pipes and files,
 * placeholders for controls and format characters on a terminal. */
#ifndef IRIE_OUTPUT_H
#define IRIE_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <json-c/json.h>

#include "render_bidi.h"
#include "render_width.h"   /* cells: rnd_text_cells, rnd_char_cells (render owns them) */

/* Writes s[0..n) to f; if to_tty, controls, Cf and ill-formed bytes become
 * visible placeholders (render/) so nothing can act on the terminal. */
void out_text(FILE *f, const char *s, size_t n, bool to_tty);

/* Whether isolates (U+2066-2069) may go to this terminal: not to the Linux
 * console (TERM=linux, linux-*), which does no bidi and draws each as a
 * glyph of its own. */
bool out_term_isolates(void);

/* Text from input quoted inside a message: as out_text, and on a terminal
 * inside a left-to-right isolate (LRI ... PDI, UAX #9 X5a, X6a), so that
 * in a right-to-left message a terminal's bidi keeps it whole, read left
 * to right as IRIs are; a pipe, a file or the Linux console
 * (out_term_isolates) gets the bytes alone. */
void out_quoted(FILE *f, const char *s, size_t n, bool to_tty);

/* A JSON string from bytes that may not be UTF-8: ill-formed sequences
 * become U+FFFD (JSON text must be Unicode; RFC 8259 8.1). */
json_object *out_json_string(const char *s, size_t n);

/* Writes one JSON Lines record and releases it; if to_tty, code points that
 * must not reach a terminal raw are written as \uXXXX escapes instead. */
void out_json_line(FILE *f, json_object *obj, bool to_tty);

/* The first at most max bytes of s (n bytes), cut before the character
 * that would straddle the cut (at most 3 bytes back; stray continuation
 * bytes are characters of their own): what a row renders of a long text. */
size_t out_cut_bytes(const char *s, size_t n, size_t max);

/* Copies s into out (NUL-terminated, at most size bytes) padded with spaces
 * to cols terminal cells, like printf's "%-Ns" but counting cells, not bytes.
 * If cut, text wider than cols is cut to fit -- on a character boundary,
 * never inside a UTF-8 sequence, a combining mark kept with its base, a
 * wide character that would straddle the edge left out (its cell padded);
 * otherwise wider text is copied whole, as printf does.  out's size caps the
 * copy (cut on a character boundary too).  Returns out. */
const char *out_pad(const char *s, size_t cols, bool cut, char *out, size_t size);

/* UAX #9 P2-P3 on s: true if its first strong character (L, R or AL) is
 * right-to-left.  No strong character: false (left to right). */
bool out_text_is_rtl(const char *s, size_t n);

/* s (a command-line argument) for a message: controls, Cf and ill-formed
 * bytes as placeholders, whatever stderr is.  Returns buf. */
const char *out_safe_arg(const char *s, char *buf, size_t size);

/* A size for a message, as people read it: an exact multiple of 1024 or
 * 1024 * 1024 with its binary prefix ("1 MiB", "64 KiB"; IEC 80000-13),
 * anything else in bytes ("1000 bytes").  Translated.  Written to buf
 * (size bytes); returns buf. */
const char *out_size(size_t bytes, char *buf, size_t size);

/* render's options as app always gives them: core's bidi delimiter set
 * (iri_bidi_delimiters(), the one the bidi findings judge by, so the
 * screen's forms and the findings split an IRI alike), Arabic shaping as
 * asked. */
rnd_options out_render_options(bool shape_arabic);

#endif
