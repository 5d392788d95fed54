/* Visible placeholders for what must never reach a terminal raw.
 *
 * doc/design-notes.md: no control (C0, C1, DEL) or format character (general category
 * Cf, plus the line and paragraph separators) is handed to a terminal; each
 * is shown as a placeholder such as "␛" or "⟨RLO⟩".  This closes terminal
 * escape injection and makes invisible characters visible. */
#ifndef RENDER_SANITIZE_H
#define RENDER_SANITIZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True if cp must not be written to a terminal as it is. */
bool rnd_is_unsafe(uint32_t cp);

/* Writes the UTF-8 placeholder for an unsafe cp into out (NUL-terminated,
 * at most size bytes; 24 is always enough) and returns its length in bytes. */
size_t rnd_placeholder(uint32_t cp, char *out, size_t size);

/* The placeholder for a byte that is not part of well-formed UTF-8. */
size_t rnd_placeholder_byte(uint8_t byte, char *out, size_t size);

/* Sanitises in[0..in_bytes) into out (at most out_size bytes including the
 * NUL); returns the number of input bytes consumed, which is less than
 * in_bytes only if out filled up.  *out_len gets the bytes written. */
size_t rnd_sanitize(const char *in, size_t in_bytes, char *out, size_t out_size, size_t *out_len);

#endif
