/* paste: the bracketed-paste buffer, private to input/ (keys.c drives it).
 * See input_keys.h for what a paste keeps and drops.  Units: bytes. */
#ifndef INPUT_PASTE_H
#define INPUT_PASTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
	char *buf;          /* owned; the collected paste, NUL-terminated (NULL until used) */
	size_t len;         /* bytes, excluding the NUL */
	size_t cap;         /* bytes allocated */
	bool truncated;     /* longer than INK_PASTE_MAX_BYTES (or out of memory) */
} paste_buf;

/* Starts a new paste, keeping the allocation. */
void paste_buf_begin(paste_buf *p);
/* Adds one code point: NUL, CR, LF and TAB are dropped, a value that is not
 * a Unicode scalar value becomes U+FFFD, past the cap nothing is kept. */
void paste_buf_add(paste_buf *p, uint32_t cp);
/* The paste with Unicode White_Space trimmed at both ends: a pointer into
 * p's buffer (valid until the next begin/add/free), *len its bytes. */
const char *paste_buf_finish(paste_buf *p, size_t *len);
void paste_buf_free(paste_buf *p);

#endif
