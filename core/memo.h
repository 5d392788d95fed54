/* Private to core/: a bounded cache of byte strings, for results that depend
 * only on a short input (a host's UTS #46 forms and diagnostics).  Links and
 * keystrokes repeat the same hosts; ICU's IDNA and spoof checks are the
 * expensive part of a line, so each distinct host is worked out once.
 *
 * Two-way set-associative: a set of two slots per hash, a new entry in a
 * full set replaces the older of its two (hosts that share a set both stay,
 * where a slot each would put one out at every turn).  8,192 entries at
 * most, in 256 KiB (direct-mapped, 16,384 slots of 24 bytes hit less
 * often on a corpus of 1,653 distinct hosts).  The entries' bytes
 * are bounded by IRI_MEMO_BUDGET_BYTES (past it, a new entry is stored only
 * in a slot already big enough), and larger keys or values are not stored
 * at all: memory stays flat however long the input. */
#ifndef IRI_MEMO_H
#define IRI_MEMO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IRI_MEMO_SETS 4096             /* a power of two */
#define IRI_MEMO_WAYS 2
#define IRI_MEMO_SLOTS (IRI_MEMO_SETS * IRI_MEMO_WAYS)
#define IRI_MEMO_MAX_KEY_BYTES 256     /* a DNS name is at most 253 */
#define IRI_MEMO_MAX_VALUE_BYTES 1024
#define IRI_MEMO_BUDGET_BYTES ((size_t)4 << 20)

/* What a value is, so one memo serves several functions. */
typedef enum {
	IRI_MEMO_TO_ASCII,                 /* UTS #46 ToASCII, nontransitional */
	IRI_MEMO_TO_ASCII_TRANSITIONAL,
	IRI_MEMO_TO_UNICODE,
	IRI_MEMO_HOST_DIAGS,               /* iri_host_diagnose()'s findings */
	IRI_MEMO_QUICK_HOST,               /* quick.c's outcome for a non-ASCII host */
	IRI_MEMO_QUICK_HOST_ERRORS,        /* the same, looking for errors only */
} iri_memo_kind;

typedef struct iri_memo iri_memo;

iri_memo *iri_memo_new(void);          /* NULL if out of memory */
void iri_memo_free(iri_memo *m);       /* NULL is safe */

/* The value stored for (kind, key), or NULL.  The pointer is borrowed from
 * the memo and valid until the next iri_memo_put(). */
const char *iri_memo_get(iri_memo *m, iri_memo_kind kind, const char *key, size_t key_bytes,
	size_t *value_bytes);

/* Stores a copy of value for (kind, key).  Returns false if it was not stored
 * (too large, or out of memory); the memo stays usable either way. */
bool iri_memo_put(iri_memo *m, iri_memo_kind kind, const char *key, size_t key_bytes,
	const char *value, size_t value_bytes);

/* The set (kind, key) falls in (tests look for keys that share one). */
size_t iri_memo_set_of(iri_memo_kind kind, const char *key, size_t key_bytes);

/* Hits and lookups so far (benchmarks print the hit rate). */
void iri_memo_stats(const iri_memo *m, uint64_t *hits, uint64_t *lookups);

#endif
