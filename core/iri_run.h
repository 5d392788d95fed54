/* Runs of ordinary ASCII, sixteen or thirty-two bytes at a time where the
 * machine can.
 *
 * The quick lane (quick.c) spends most of its time walking over bytes that
 * need nothing: letters, digits, "/" and the like.  An iri_run classifies
 * a path sixty-four bytes at a time (an authority a block at a time) and
 * hands out the positions of the bytes that do need something, in order.  The answers are the same with
 * or without vector instructions (tests/test_run.c holds them to the
 * parser's class table). */
#ifndef IRI_RUN_H
#define IRI_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A block is what one SSE compare classifies (a wide block, one AVX2
 * compare); a window, what a path's walk classifies at once. */
enum { IRI_RUN_BLOCK_BYTES = 16, IRI_RUN_WIDE_BLOCK_BYTES = 32, IRI_RUN_WINDOW_BYTES = 64 };

/* Which bytes stop a run. */
typedef enum {
	IRI_RUN_PATH,        /* those not ipath's ASCII (RFC 3987 2.2: iunreserved,
	                      * sub-delims, ":", "@", "/"; not "%") */
	IRI_RUN_AUTHORITY    /* those, and "/", ":", "@", ".": the bytes that end
	                      * an authority or split it (RFC 3986 3.2) */
} iri_run_kind;

/* How bytes are classified.  Every way gives the same answers;
 * tests/test_run.c holds each the processor has to the class table. */
typedef enum {
	IRI_RUN_FASTEST,     /* the fastest this processor has */
	IRI_RUN_PLAIN,       /* SSE2 compares, or the class table */
	IRI_RUN_NIBBLES,     /* nibble tables, sixteen bytes at a time (SSSE3) */
	IRI_RUN_WIDE,        /* nibble tables, thirty-two bytes at a time (AVX2);
	                      * an authority's walk, and a span shorter than a
	                      * wide block, take the nibbles' */
	IRI_RUN_WAYS         /* how many there are */
} iri_run_way;

/* Whether this processor has the way (IRI_RUN_FASTEST and IRI_RUN_PLAIN:
 * always).  A way it lacks is taken as IRI_RUN_PLAIN. */
bool iri_run_way_available(iri_run_way way);

/* A walk over s[0..end) (the caller's, read only; nothing past end is read).
 * A plain value type: the fields are the walk's, not the caller's. */
typedef struct {
	const uint8_t *s;
	size_t end;
	size_t base;       /* byte index of the window `stops` describes */
	uint64_t stops;    /* bit k: s[base + k] stops a run; bit end - base set */
	size_t width;      /* bytes a window classifies: a path's 64, an authority's 16 */
	iri_run_way way;   /* the way taken (never IRI_RUN_FASTEST) */
	size_t (*scan)(const uint8_t *, size_t, size_t, uint64_t *);   /* the classifier */
} iri_run;

/* A walk of the given kind, classified the given way. */
void iri_run_init_kind(iri_run *r, const uint8_t *s, size_t end, iri_run_kind kind, iri_run_way way);

/* A walk over ipath's runs (IRI_RUN_PATH), the fastest way. */
void iri_run_init(iri_run *r, const uint8_t *s, size_t end);

/* Classifies from `from` on; iri_run_next()'s slow half. */
size_t iri_run_refill(iri_run *r, size_t from);

/* The first byte index in [from, end) whose byte stops a run of the walk's
 * kind, or end.  Calls on one walk must not go backwards: from >= the last
 * from passed. */
static inline size_t iri_run_next(iri_run *r, size_t from)
{
	size_t k = from - r->base;   /* wraps past the window when from is before it */
	if (k < r->width) {
		uint64_t m = r->stops >> k;
		if (m)
			return from + (size_t)__builtin_ctzll(m);
		from = r->base + r->width;
	}
	return iri_run_refill(r, from);
}

/* How many bytes from `from` on are letters, digits, "-" or "." (RFC 1034
 * 3.5's LDH, and the dots between labels), looking at IRI_RUN_LDH_BYTES
 * bytes (one wide block with IRI_RUN_WIDE, else two blocks of SSE2
 * compares); a bit per "." and per "-" among them in *marks.  Needs that
 * many bytes before end, else returns 0.  A host's fast path: most are
 * names like these. */
enum { IRI_RUN_LDH_BYTES = 32 };
typedef struct {
	uint32_t dots, hyphens;   /* bit k: s[from + k] */
} iri_run_ldh_marks;
size_t iri_run_ldh(const uint8_t *s, size_t from, size_t end, iri_run_way way, iri_run_ldh_marks *marks);

/* A window of a line marked at once, for the quick lane's pass over a
 * path, query and fragment (quick.c): bit k of each mark is s[at + k];
 * bits from end - at on are 0. */
typedef struct {
	uint64_t stops;      /* not ipath's ASCII (IRI_RUN_PATH's stops) */
	uint64_t slashes;    /* "/" */
	uint64_t dots;       /* "." */
} iri_run_marks;

/* Marks s[at..end) or its first IRI_RUN_WINDOW_BYTES (at < end; s[0..at)
 * may be read too, nothing from end on), classified the given way. */
void iri_run_mark(const uint8_t *s, size_t at, size_t end, iri_run_way way, iri_run_marks *m);

/* How many bytes of s[0..len) are `byte` (a batch counting its lines). */
size_t iri_run_count(const uint8_t *s, size_t len, uint8_t byte);

#endif
