/* Runs of ordinary ASCII (iri_run.h).  With SSE2 (every x86-64), a block of
 * sixteen bytes is classified by a few comparisons, or with SSSE3 (asked of
 * the processor at run time) by two nibble-table lookups; elsewhere the
 * parser's class table answers byte by byte.  A walk classifies a window of
 * four blocks at a time.  A span's last, shorter block is read as the
 * sixteen bytes before its end, shifted, or (a span shorter than that) from
 * a padded copy: nothing past the end is read. */
#include <string.h>

#include "iri_parse.h"
#include "iri_run.h"

#if defined(__SSE2__)
#include <emmintrin.h>

/* A bit per byte of the block that is not in ipath's ASCII.  Signed
 * compares: bytes from 0x80 are negative, so "> 0x20" rules them out too. */
static inline uint32_t path_stops(const uint8_t *block)
{
	__m128i v = _mm_loadu_si128((const __m128i *)block);
#define EQ(c) _mm_cmpeq_epi8(v, _mm_set1_epi8(c))
#define GT(c) _mm_cmpgt_epi8(v, _mm_set1_epi8(c))
	__m128i one_off = _mm_or_si128(_mm_or_si128(_mm_or_si128(EQ('"'), EQ('#')), _mm_or_si128(EQ('%'), EQ('<'))),
	                               _mm_or_si128(_mm_or_si128(EQ('>'), EQ('?')), EQ('`')));
	/* "[" "\" "]" "^" (0x5B-0x5E); "{" "|" "}" and DEL (0x7B-0x7F) but "~". */
	__m128i brackets = _mm_and_si128(GT(0x5A), _mm_cmplt_epi8(v, _mm_set1_epi8(0x5F)));
	__m128i braces = _mm_andnot_si128(EQ('~'), GT(0x7A));
	__m128i not_printable = _mm_andnot_si128(GT(0x20), _mm_set1_epi8(-1));
	__m128i bad = _mm_or_si128(_mm_or_si128(one_off, brackets), _mm_or_si128(braces, not_printable));
	return (uint32_t)_mm_movemask_epi8(bad);
#undef GT
}

/* path_stops() and the bytes that split an authority (RFC 3986 3.2): "/"
 * ("?" and "#" are the path's stops) ends it, "@" the userinfo, ":" the
 * host, "." a label. */
static inline uint32_t authority_stops(const uint8_t *block)
{
	__m128i v = _mm_loadu_si128((const __m128i *)block);
	__m128i hit = _mm_or_si128(_mm_or_si128(EQ('/'), EQ(':')), _mm_or_si128(EQ('@'), EQ('.')));
	return path_stops(block) | (uint32_t)_mm_movemask_epi8(hit);
}

/* A block's path_stops(), "/" and "." (iri_run_mark). */
static inline void block_marks(const uint8_t *block, uint32_t *stops, uint32_t *slashes, uint32_t *dots)
{
	__m128i v = _mm_loadu_si128((const __m128i *)block);
	*stops = path_stops(block);
	*slashes = (uint32_t)_mm_movemask_epi8(EQ('/'));
	*dots = (uint32_t)_mm_movemask_epi8(EQ('.'));
}
#undef EQ

/* A bit per byte of the block that is a letter, digit, "-" or "."; its
 * dots and hyphens in *dots and *hyphens.  Signed compares: no byte from
 * 0x80 is in a range. */
static inline uint32_t ldh_bytes(const uint8_t *block, uint32_t *dots, uint32_t *hyphens)
{
	__m128i v = _mm_loadu_si128((const __m128i *)block), lower = _mm_or_si128(v, _mm_set1_epi8(0x20));
#define IN(x, lo, hi) _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8((lo) - 1)), _mm_cmplt_epi8(x, _mm_set1_epi8((hi) + 1)))
	__m128i dot = _mm_cmpeq_epi8(v, _mm_set1_epi8('.')), hyphen = _mm_cmpeq_epi8(v, _mm_set1_epi8('-'));
	__m128i ok = _mm_or_si128(_mm_or_si128(IN(lower, 'a', 'z'), IN(v, '0', '9')), _mm_or_si128(hyphen, dot));
#undef IN
	*dots = (uint32_t)_mm_movemask_epi8(dot);
	*hyphens = (uint32_t)_mm_movemask_epi8(hyphen);
	return (uint32_t)_mm_movemask_epi8(ok);
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <tmmintrin.h>
#define HAVE_NIBBLES 1
#define NIBBLES_TARGET __attribute__((target("ssse3")))

/* A block's stops by two table lookups (SSSE3, asked of the processor at
 * run time): a byte stops a run when the classes of its high nibble and of
 * its low nibble share a bit. */
NIBBLES_TARGET static inline uint32_t nibble_stops(const uint8_t *block, __m128i by_high, __m128i by_low)
{
	const __m128i low_nibble = _mm_set1_epi8(0x0F);
	__m128i v = _mm_loadu_si128((const __m128i *)block);
	__m128i high = _mm_and_si128(_mm_srli_epi16(v, 4), low_nibble);
	__m128i low = _mm_and_si128(v, low_nibble);
	__m128i shared = _mm_and_si128(_mm_shuffle_epi8(by_high, high), _mm_shuffle_epi8(by_low, low));
	return ~(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(shared, _mm_setzero_si128())) & 0xFFFF;
}

/* path_stops() by nibbles.  Classes by high nibble: 1 every byte (0x0_,
 * 0x1_, 0x8_-0xF_: controls and non-ASCII), 2 space " # % (0x2_), 4 < > ?
 * (0x3_), 8 [ \ ] ^ (0x5_), 16 ` (0x6_), 32 { | } DEL (0x7_); letters,
 * digits and @ (0x4_) none.  tests/test_run.c checks all 256 bytes. */
NIBBLES_TARGET static inline uint32_t path_stops_nibbles(const uint8_t *block)
{
	return nibble_stops(block, _mm_setr_epi8(1, 1, 2, 4, 0, 8, 16, 32, 1, 1, 1, 1, 1, 1, 1, 1),
	                    _mm_setr_epi8(1 | 2 | 16, 1, 1 | 2, 1 | 2, 1, 1 | 2, 1, 1, 1, 1, 1,
	                                  1 | 8 | 32, 1 | 4 | 8 | 32, 1 | 8 | 32, 1 | 4 | 8, 1 | 4 | 32));
}

/* authority_stops() by nibbles: the path's classes, with "." and "/" in
 * class 2, ":" in class 4, and "@" in a class 64 of its own (0x4_). */
NIBBLES_TARGET static inline uint32_t authority_stops_nibbles(const uint8_t *block)
{
	return nibble_stops(block, _mm_setr_epi8(1, 1, 2, 4, 64, 8, 16, 32, 1, 1, 1, 1, 1, 1, 1, 1),
	                    _mm_setr_epi8(1 | 2 | 16 | 64, 1, 1 | 2, 1 | 2, 1, 1 | 2, 1, 1, 1, 1, 1 | 4,
	                                  1 | 8 | 32, 1 | 4 | 8 | 32, 1 | 8 | 32, 1 | 2 | 4 | 8, 1 | 2 | 4 | 32));
}

/* block_marks() by nibbles: path_stops_nibbles()'s classes in bits 1 to
 * 32, "/" (0x2F) in 64 and "." (0x2E) in 128, each read off by a
 * movemask. */
NIBBLES_TARGET static inline void block_marks_nibbles(const uint8_t *block, uint32_t *stops, uint32_t *slashes,
	uint32_t *dots)
{
	const __m128i low_nibble = _mm_set1_epi8(0x0F);
	const __m128i by_high = _mm_setr_epi8(1, 1, 2 | 64 | (char)128, 4, 0, 8, 16, 32, 1, 1, 1, 1, 1, 1, 1, 1);
	const __m128i by_low = _mm_setr_epi8(1 | 2 | 16, 1, 1 | 2, 1 | 2, 1, 1 | 2, 1, 1, 1, 1, 1, 1 | 8 | 32,
	                                     1 | 4 | 8 | 32, 1 | 8 | 32, 1 | 4 | 8 | (char)128, 1 | 4 | 32 | 64);
	__m128i v = _mm_loadu_si128((const __m128i *)block);
	__m128i high = _mm_and_si128(_mm_srli_epi16(v, 4), low_nibble);
	__m128i shared = _mm_and_si128(_mm_shuffle_epi8(by_high, high),
	                               _mm_shuffle_epi8(by_low, _mm_and_si128(v, low_nibble)));
	__m128i none = _mm_cmpeq_epi8(_mm_and_si128(shared, _mm_set1_epi8(63)), _mm_setzero_si128());
	*stops = ~(uint32_t)_mm_movemask_epi8(none) & 0xFFFF;
	*slashes = (uint32_t)_mm_movemask_epi8(_mm_slli_epi16(shared, 1));
	*dots = (uint32_t)_mm_movemask_epi8(shared);
}

static bool have_nibbles(void)
{
	return __builtin_cpu_supports("ssse3");
}
#endif

size_t iri_run_count(const uint8_t *s, size_t len, uint8_t byte)
{
	const __m128i want = _mm_set1_epi8((char)byte), zero = _mm_setzero_si128();
#define HITS(at) _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(s + (at))), want)
	size_t n = 0, i = 0;
	while (len - i >= IRI_RUN_BLOCK_BYTES) {
		/* Byte counters (a match is -1, subtracted) for at most 252
		 * blocks, four a round, then summed eight bytes at a time
		 * (psadbw). */
		__m128i counts = zero;
		for (unsigned k = 0; k < 63 && len - i >= 4 * IRI_RUN_BLOCK_BYTES; k++, i += 4 * IRI_RUN_BLOCK_BYTES)
			counts = _mm_sub_epi8(_mm_sub_epi8(counts, _mm_add_epi8(HITS(i), HITS(i + 16))),
			                      _mm_add_epi8(HITS(i + 32), HITS(i + 48)));
		for (unsigned k = 0; k < 3 && len - i >= IRI_RUN_BLOCK_BYTES; k++, i += IRI_RUN_BLOCK_BYTES)
			counts = _mm_sub_epi8(counts, HITS(i));
		__m128i sums = _mm_sad_epu8(counts, zero);
		n += (size_t)_mm_cvtsi128_si32(sums) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
	}
#undef HITS
	for (; i < len; i++)
		n += s[i] == byte;
	return n;
}

#else

size_t iri_run_count(const uint8_t *s, size_t len, uint8_t byte)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += s[i] == byte;
	return n;
}

static uint32_t path_stops(const uint8_t *block)
{
	const uint8_t allowed = iri_ascii_comp_mask[IRI_COMP_PATH];
	uint32_t m = 0;
	for (unsigned k = 0; k < IRI_RUN_BLOCK_BYTES; k++)
		m |= (uint32_t)!(iri_ascii_class[block[k]] & allowed) << k;
	return m;
}

static uint32_t authority_stops(const uint8_t *block)
{
	uint32_t m = path_stops(block);
	for (unsigned k = 0; k < IRI_RUN_BLOCK_BYTES; k++)
		m |= (uint32_t)(block[k] == '/' || block[k] == ':' || block[k] == '@' || block[k] == '.') << k;
	return m;
}


static uint32_t ldh_bytes(const uint8_t *block, uint32_t *dots, uint32_t *hyphens)
{
	uint32_t m = 0;
	*dots = *hyphens = 0;
	for (unsigned k = 0; k < IRI_RUN_BLOCK_BYTES; k++) {
		uint8_t c = block[k], lower = c | 0x20;
		*dots |= (uint32_t)(c == '.') << k;
		*hyphens |= (uint32_t)(c == '-') << k;
		m |= (uint32_t)((lower >= 'a' && lower <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.') << k;
	}
	return m;
}

/* A block's path_stops(), "/" and "." (iri_run_mark). */
static void block_marks(const uint8_t *block, uint32_t *stops, uint32_t *slashes, uint32_t *dots)
{
	*stops = path_stops(block);
	*slashes = *dots = 0;
	for (unsigned k = 0; k < IRI_RUN_BLOCK_BYTES; k++) {
		*slashes |= (uint32_t)(block[k] == '/') << k;
		*dots |= (uint32_t)(block[k] == '.') << k;
	}
}

#endif

#if !defined(HAVE_NIBBLES)
#define HAVE_NIBBLES 0
#define NIBBLES_TARGET

static bool have_nibbles(void)
{
	return false;
}
#endif

/* The stops of the block at s[at..], which ends at end or after sixteen
 * bytes; bit end - at is set when the end falls in or right after it.  A
 * short last block is read as the sixteen bytes before end, shifted, when
 * the span has them, else from a padded copy. */
#define BLOCK_STOPS(stops, s, at, end) \
	((end) - (at) > IRI_RUN_BLOCK_BYTES ? stops((s) + (at)) \
	 : (end) >= IRI_RUN_BLOCK_BYTES ? \
		(stops((s) + (end) - IRI_RUN_BLOCK_BYTES) >> (IRI_RUN_BLOCK_BYTES - ((end) - (at)))) | \
			(uint32_t)1 << ((end) - (at)) \
	 : padded_stops(stops, (s) + (at), (end) - (at)))

static uint32_t padded_stops(uint32_t (*stops)(const uint8_t *), const uint8_t *s, size_t n)
{
	uint8_t block[IRI_RUN_BLOCK_BYTES] = { 0 };
	memcpy(block, s, n);
	return (stops(block) & (((uint32_t)1 << n) - 1)) | (uint32_t)1 << n;
}

/* The first window from `from` (< end) on with a stop: its start, and its
 * stops in *window (bit k: s[start + k]); the last window, shorter than
 * IRI_RUN_WINDOW_BYTES, has the end's bit. */
#define DEFINE_SCAN(name, stops) \
	static size_t name(const uint8_t *s, size_t from, size_t end, uint64_t *window) \
	{ \
		for (; end - from >= IRI_RUN_WINDOW_BYTES; from += IRI_RUN_WINDOW_BYTES) { \
			uint64_t m = (uint64_t)stops(s + from) | (uint64_t)stops(s + from + 16) << 16 | \
			             (uint64_t)stops(s + from + 32) << 32 | (uint64_t)stops(s + from + 48) << 48; \
			if (m) { \
				*window = m; \
				return from; \
			} \
		} \
		uint64_t m = 0; \
		size_t k = 0; \
		for (; end - from - k > IRI_RUN_BLOCK_BYTES; k += IRI_RUN_BLOCK_BYTES) \
			m |= (uint64_t)stops(s + from + k) << k; \
		*window = m | (uint64_t)BLOCK_STOPS(stops, s, from + k, end) << k; \
		return from; \
	}

/* The same a block at a time (a window of one block), for spans that are
 * short: an authority ends within a block or two. */
#define DEFINE_SCAN_BLOCKS(name, stops) \
	static size_t name(const uint8_t *s, size_t from, size_t end, uint64_t *window) \
	{ \
		for (; end - from > IRI_RUN_BLOCK_BYTES; from += IRI_RUN_BLOCK_BYTES) { \
			uint32_t m = stops(s + from); \
			if (m) { \
				*window = m; \
				return from; \
			} \
		} \
		*window = BLOCK_STOPS(stops, s, from, end); \
		return from; \
	}

DEFINE_SCAN(scan_path, path_stops)
DEFINE_SCAN_BLOCKS(scan_authority, authority_stops)
#if HAVE_NIBBLES
NIBBLES_TARGET DEFINE_SCAN(scan_path_nibbles, path_stops_nibbles)
NIBBLES_TARGET DEFINE_SCAN_BLOCKS(scan_authority_nibbles, authority_stops_nibbles)
#endif

void iri_run_init_kind(iri_run *r, const uint8_t *s, size_t end, iri_run_kind kind, bool plain)
{
	r->s = s;
	r->end = end;
	r->nibbles = !plain && have_nibbles();
	r->width = kind == IRI_RUN_PATH ? IRI_RUN_WINDOW_BYTES : IRI_RUN_BLOCK_BYTES;
	r->scan = kind == IRI_RUN_PATH ? scan_path : scan_authority;
#if HAVE_NIBBLES
	if (r->nibbles)
		r->scan = kind == IRI_RUN_PATH ? scan_path_nibbles : scan_authority_nibbles;
#endif
	/* Nothing classified: a base past every `from` makes the first call
	 * refill (from - base wraps past the window). */
	r->base = end + 1;
	r->stops = 0;
}

void iri_run_init(iri_run *r, const uint8_t *s, size_t end)
{
	iri_run_init_kind(r, s, end, IRI_RUN_PATH, false);
}

size_t iri_run_refill(iri_run *r, size_t from)
{
	if (from >= r->end) {
		r->base = r->end;
		r->stops = 1;   /* the end */
		return r->end;
	}
	r->base = r->scan(r->s, from, r->end, &r->stops);
	return r->base + (size_t)__builtin_ctzll(r->stops);
}

size_t iri_run_ldh(const uint8_t *s, size_t from, size_t end, iri_run_ldh_marks *marks)
{
	marks->dots = marks->hyphens = 0;
	if (end - from < IRI_RUN_LDH_BYTES || from > end)
		return 0;
	uint32_t dots0, dots1, hyphens0, hyphens1;
	uint32_t ok = ldh_bytes(s + from, &dots0, &hyphens0) |
	              ldh_bytes(s + from + IRI_RUN_BLOCK_BYTES, &dots1, &hyphens1) << 16;
	size_t n = ok == UINT32_MAX ? IRI_RUN_LDH_BYTES : (size_t)__builtin_ctz(~ok);
	uint32_t below = n == IRI_RUN_LDH_BYTES ? UINT32_MAX : ((uint32_t)1 << n) - 1;
	marks->dots = (dots0 | dots1 << 16) & below;
	marks->hyphens = (hyphens0 | hyphens1 << 16) & below;
	return n;
}

/* The marks of s[at..end) or its first window, by the given block
 * classifier; a short last block as BLOCK_STOPS reads it. */
#define DEFINE_MARK(name, marks) \
	static void name(const uint8_t *s, size_t at, size_t end, iri_run_marks *m) \
	{ \
		uint64_t stops = 0, slashes = 0, dots = 0; \
		uint32_t st, sl, dt; \
		size_t k = 0; \
		for (; k < IRI_RUN_WINDOW_BYTES && end - at - k >= IRI_RUN_BLOCK_BYTES; k += IRI_RUN_BLOCK_BYTES) { \
			marks(s + at + k, &st, &sl, &dt); \
			stops |= (uint64_t)st << k; \
			slashes |= (uint64_t)sl << k; \
			dots |= (uint64_t)dt << k; \
		} \
		size_t n = end - at - k; \
		if (k < IRI_RUN_WINDOW_BYTES && n > 0) { \
			uint8_t padded[IRI_RUN_BLOCK_BYTES] = { 0 }; \
			unsigned shift = 0; \
			if (end >= IRI_RUN_BLOCK_BYTES) { \
				marks(s + end - IRI_RUN_BLOCK_BYTES, &st, &sl, &dt); \
				shift = (unsigned)(IRI_RUN_BLOCK_BYTES - n); \
			} else { \
				memcpy(padded, s + at + k, n); \
				marks(padded, &st, &sl, &dt); \
			} \
			const uint32_t keep = ((uint32_t)1 << n) - 1; \
			stops |= (uint64_t)(st >> shift & keep) << k; \
			slashes |= (uint64_t)(sl >> shift & keep) << k; \
			dots |= (uint64_t)(dt >> shift & keep) << k; \
		} \
		m->stops = stops; \
		m->slashes = slashes; \
		m->dots = dots; \
	}

DEFINE_MARK(mark_plain, block_marks)
#if HAVE_NIBBLES
NIBBLES_TARGET DEFINE_MARK(mark_nibbles, block_marks_nibbles)
#else
#define mark_nibbles mark_plain
#endif

void iri_run_mark(const uint8_t *s, size_t at, size_t end, bool plain, iri_run_marks *m)
{
	if (!plain && have_nibbles())
		mark_nibbles(s, at, end, m);
	else
		mark_plain(s, at, end, m);
}
