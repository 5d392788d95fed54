/* iri_buf: a growable byte buffer with a size cap.
 *
 * A plain value type (not opaque): callers embed it and pass its address.
 * The buffer owns `data`; iri_buf_fini() releases it.  Appends past the cap
 * or after an allocation failure set `failed` and are dropped, so a caller
 * checks once at the end instead of after every append. */
#ifndef IRI_BUF_H
#define IRI_BUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Default cap in bytes: large enough for any line we accept (see
 * IRI_MAX_INPUT_BYTES), small enough that hostile input cannot exhaust memory. */
#define IRI_BUF_DEFAULT_CAP ((size_t)256 * 1024 * 1024)

typedef struct {
	char *data;      /* NUL-terminated when len > 0 or after any append */
	size_t len;      /* bytes used, excluding the terminating NUL */
	size_t alloc;    /* bytes allocated */
	size_t cap;      /* maximum len in bytes; 0 means IRI_BUF_DEFAULT_CAP */
	bool failed;     /* an append was dropped (cap or out of memory) */
} iri_buf;

void iri_buf_init(iri_buf *b);
/* Releases the data; the buffer is then empty and reusable.  NULL is safe. */
void iri_buf_fini(iri_buf *b);
/* Empties the buffer but keeps its memory (no per-line allocation). */
void iri_buf_reset(iri_buf *b);
/* Makes room for extra_bytes more without changing len; false past the cap. */
bool iri_buf_reserve_grow(iri_buf *b, size_t extra_bytes);
static inline bool iri_buf_reserve(iri_buf *b, size_t extra_bytes)
{
	/* Room already there: the per-line path stays a compare (buf.c grows). */
	if (!b->failed && extra_bytes < b->alloc - b->len &&
	    b->len + extra_bytes <= (b->cap ? b->cap : IRI_BUF_DEFAULT_CAP))
		return true;
	return iri_buf_reserve_grow(b, extra_bytes);
}
/* Shortens the text to its first n_bytes (at most len); failed stays. */
void iri_buf_truncate(iri_buf *b, size_t n_bytes);
/* Where a buffer stood: iri_buf_rewind() undoes every append made since,
 * the dropped ones too (len and failed as they were then). */
typedef struct {
	size_t len;
	bool failed;
} iri_buf_mark;
static inline iri_buf_mark iri_buf_get_mark(const iri_buf *b)
{
	iri_buf_mark m = { b->len, b->failed };
	return m;
}
void iri_buf_rewind(iri_buf *b, iri_buf_mark m);
/* Inserts n_bytes at byte at (at most len), moving the rest along; false
 * (and failed set) past the cap or out of memory. */
bool iri_buf_insert(iri_buf *b, size_t at, const char *bytes, size_t n_bytes);

/* Writing in place (ICU's UTF-8 output, the quick lane's URI): reserve room,
 * write at iri_buf_end() up to iri_buf_room() bytes, then iri_buf_commit()
 * what was written.  No call may write past the room. */
static inline char *iri_buf_end(iri_buf *b)
{
	return b->data + b->len;   /* data is not NULL after a reserve that succeeded */
}
/* Bytes that may be written at iri_buf_end() (the NUL's byte kept). */
static inline size_t iri_buf_room(const iri_buf *b)
{
	return b->alloc ? b->alloc - b->len - 1 : 0;
}
/* Counts n_bytes written at iri_buf_end() (at most iri_buf_room()) as text. */
static inline void iri_buf_commit(iri_buf *b, size_t n_bytes)
{
	b->len += n_bytes;
	b->data[b->len] = '\0';
}

/* Appends n_bytes; false (and failed set) past the cap or out of memory. */
bool iri_buf_append_grow(iri_buf *b, const char *bytes, size_t n_bytes);
static inline bool iri_buf_append(iri_buf *b, const char *bytes, size_t n_bytes)
{
	/* Room already there: the per-line path stays a copy (buf.c grows). */
	if (!b->failed && n_bytes < b->alloc - b->len &&
	    b->len + n_bytes <= (b->cap ? b->cap : IRI_BUF_DEFAULT_CAP)) {
		if (n_bytes)
			memcpy(b->data + b->len, bytes, n_bytes);
		b->len += n_bytes;
		b->data[b->len] = '\0';
		return true;
	}
	return iri_buf_append_grow(b, bytes, n_bytes);
}
static inline bool iri_buf_putc(iri_buf *b, char c)
{
	return iri_buf_append(b, &c, 1);
}
bool iri_buf_puts(iri_buf *b, const char *s);
/* Appends "%HH" with upper-case hex digits (RFC 3986 2.1: SHOULD use upper case). */
bool iri_buf_put_pct(iri_buf *b, uint8_t byte);
/* Appends one code point as UTF-8; surrogates and values > 0x10FFFF are dropped and set failed. */
bool iri_buf_put_cp(iri_buf *b, uint32_t cp);
/* Swaps the contents of two buffers (parse into a temporary, swap in on success). */
void iri_buf_swap(iri_buf *a, iri_buf *b);

#endif
