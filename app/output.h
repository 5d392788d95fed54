/* Writing text that came from input: exact bytes into pipes and files,
 * placeholders for controls and format characters on a terminal. */
#ifndef IRIE_OUTPUT_H
#define IRIE_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <json-c/json.h>

/* Writes s[0..n) to f; if to_tty, controls, Cf and ill-formed bytes become
 * visible placeholders (render/) so nothing can act on the terminal. */
void out_text(FILE *f, const char *s, size_t n, bool to_tty);

/* A JSON string from bytes that may not be UTF-8: ill-formed sequences
 * become U+FFFD (JSON text must be Unicode; RFC 8259 8.1). */
json_object *out_json_string(const char *s, size_t n);

/* Writes one JSON Lines record and releases it; if to_tty, code points that
 * must not reach a terminal raw are written as \uXXXX escapes instead. */
void out_json_line(FILE *f, json_object *obj, bool to_tty);

/* s (a command-line argument) for a message: controls, Cf and ill-formed
 * bytes as placeholders, whatever stderr is.  Returns buf. */
const char *out_safe_arg(const char *s, char *buf, size_t size);

#endif
