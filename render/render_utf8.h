/* Strict UTF-8 (RFC 3629) for render's own modules: render knows nothing of
 * core but its spans, so it decodes for itself, through ICU's U8_NEXT and
 * U8_APPEND_UNSAFE (as input/ does); one decoder for all of it. */
#ifndef RENDER_UTF8_H
#define RENDER_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* The sequence at s[0..n): its length in bytes and *cp, or 0 if ill-formed
 * (then each byte is a position of its own, shown as a placeholder). */
size_t rnd_utf8_next(const uint8_t *s, size_t n, uint32_t *cp);

/* Writes cp (a scalar value) as UTF-8 into out[0..4); returns the bytes. */
size_t rnd_utf8_put(char *out, uint32_t cp);

#endif
