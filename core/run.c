/* Runs of ordinary ASCII (iri_run.h).  With SSE2 (every x86-64), a block of
 * sixteen bytes is classified by a few comparisons, or with SSSE3 (asked of
 * the processor at run time) by two nibble-table lookups, or with AVX2 the
 * same lookups on blocks of thirty-two bytes (a path's walk and marks);
 * elsewhere the parser's class table answers byte by byte.  A path's walk
 * classifies a window of sixty-four bytes at a time, an authority's a
 * block.  A span's last,
 * shorter block is read as the block's bytes before its end, shifted, or
 * (a span shorter than that) from a padded copy: nothing past the end is
 * read. */
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
#include <immintrin.h>
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
#define PATH_BY_HIGH 1, 1, 2, 4, 0, 8, 16, 32, 1, 1, 1, 1, 1, 1, 1, 1
#define PATH_BY_LOW \
	1 | 2 | 16, 1, 1 | 2, 1 | 2, 1, 1 | 2, 1, 1, 1, 1, 1, 1 | 8 | 32, 1 | 4 | 8 | 32, 1 | 8 | 32, 1 | 4 | 8, 1 | 4 | 32
NIBBLES_TARGET static inline uint32_t path_stops_nibbles(const uint8_t *block)
{
	return nibble_stops(block, _mm_setr_epi8(PATH_BY_HIGH), _mm_setr_epi8(PATH_BY_LOW));
}

/* authority_stops() by nibbles: the path's classes, with "." and "/" in
 * class 2, ":" in class 4, and "@" in a class 64 of its own (0x4_). */
NIBBLES_TARGET static inline uint32_t authority_stops_nibbles(const uint8_t *block)
{
	return nibble_stops(block, _mm_setr_epi8(1, 1, 2, 4, 64, 8, 16, 32, 1, 1, 1, 1, 1, 1, 1, 1),
	                    _mm_setr_epi8(1 | 2 | 16 | 64, 1, 1 | 2, 1 | 2, 1, 1 | 2, 1, 1, 1, 1, 1 | 4,
	                                  1 | 8 | 32, 1 | 4 | 8 | 32, 1 | 8 | 32, 1 | 2 | 4 | 8, 1 | 2 | 4 | 32));
}

/* block_marks() by nibbles: path_stops_nibbles()'s classes in bits 0-5
 * (values 1 to 32), "/" (0x2F) in bit 6 and "." (0x2E) in bit 7, each read
 * off by a movemask. */
#define MARKS_BY_HIGH 1, 1, 2 | 64 | (char)128, 4, 0, 8, 16, 32, 1, 1, 1, 1, 1, 1, 1, 1
#define MARKS_BY_LOW \
	1 | 2 | 16, 1, 1 | 2, 1 | 2, 1, 1 | 2, 1, 1, 1, 1, 1, 1 | 8 | 32, 1 | 4 | 8 | 32, 1 | 8 | 32, \
	1 | 4 | 8 | (char)128, 1 | 4 | 32 | 64
NIBBLES_TARGET static inline void block_marks_nibbles(const uint8_t *block, uint32_t *stops, uint32_t *slashes,
	uint32_t *dots)
{
	const __m128i low_nibble = _mm_set1_epi8(0x0F);
	const __m128i by_high = _mm_setr_epi8(MARKS_BY_HIGH);
	const __m128i by_low = _mm_setr_epi8(MARKS_BY_LOW);
	__m128i v = _mm_loadu_si128((const __m128i *)block);
	__m128i high = _mm_and_si128(_mm_srli_epi16(v, 4), low_nibble);
	__m128i shared = _mm_and_si128(_mm_shuffle_epi8(by_high, high),
	                               _mm_shuffle_epi8(by_low, _mm_and_si128(v, low_nibble)));
	__m128i none = _mm_cmpeq_epi8(_mm_and_si128(shared, _mm_set1_epi8(63)), _mm_setzero_si128());
	*stops = ~(uint32_t)_mm_movemask_epi8(none) & 0xFFFF;
	*slashes = (uint32_t)_mm_movemask_epi8(_mm_slli_epi16(shared, 1));
	*dots = (uint32_t)_mm_movemask_epi8(shared);
}

#define WIDE_TARGET __attribute__((target("avx2")))

/* The nibble lookups on 32 bytes (AVX2 looks up each 16-byte half in its
 * own copy of a table): path_stops_nibbles() and block_marks_nibbles(). */
WIDE_TARGET static inline __m256i wide_shared(const uint8_t *block, __m256i by_high, __m256i by_low)
{
	const __m256i low_nibble = _mm256_set1_epi8(0x0F);
	__m256i v = _mm256_loadu_si256((const __m256i *)block);
	__m256i high = _mm256_and_si256(_mm256_srli_epi16(v, 4), low_nibble);
	return _mm256_and_si256(_mm256_shuffle_epi8(by_high, high),
	                        _mm256_shuffle_epi8(by_low, _mm256_and_si256(v, low_nibble)));
}

WIDE_TARGET static inline uint32_t path_stops_wide(const uint8_t *block)
{
	__m256i shared = wide_shared(block, _mm256_setr_epi8(PATH_BY_HIGH, PATH_BY_HIGH),
	                             _mm256_setr_epi8(PATH_BY_LOW, PATH_BY_LOW));
	return ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(shared, _mm256_setzero_si256()));
}

WIDE_TARGET static inline void block_marks_wide(const uint8_t *block, uint32_t *stops, uint32_t *slashes,
	uint32_t *dots)
{
	__m256i shared = wide_shared(block, _mm256_setr_epi8(MARKS_BY_HIGH, MARKS_BY_HIGH),
	                             _mm256_setr_epi8(MARKS_BY_LOW, MARKS_BY_LOW));
	__m256i none = _mm256_cmpeq_epi8(_mm256_and_si256(shared, _mm256_set1_epi8(63)), _mm256_setzero_si256());
	*stops = ~(uint32_t)_mm256_movemask_epi8(none);
	*slashes = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(shared, 1));
	*dots = (uint32_t)_mm256_movemask_epi8(shared);
}

/* ldh_bytes() on 32 bytes.  (AVX2 has no byte "less than": the operands
 * of "greater than" swapped.) */
WIDE_TARGET static inline uint32_t ldh_bytes_wide(const uint8_t *block, uint32_t *dots, uint32_t *hyphens)
{
	__m256i v = _mm256_loadu_si256((const __m256i *)block), lower = _mm256_or_si256(v, _mm256_set1_epi8(0x20));
#define IN(x, lo, hi) \
	_mm256_and_si256(_mm256_cmpgt_epi8(x, _mm256_set1_epi8((lo) - 1)), _mm256_cmpgt_epi8(_mm256_set1_epi8((hi) + 1), x))
	__m256i dot = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('.')), hyphen = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('-'));
	__m256i ok = _mm256_or_si256(_mm256_or_si256(IN(lower, 'a', 'z'), IN(v, '0', '9')), _mm256_or_si256(hyphen, dot));
#undef IN
	*dots = (uint32_t)_mm256_movemask_epi8(dot);
	*hyphens = (uint32_t)_mm256_movemask_epi8(hyphen);
	return (uint32_t)_mm256_movemask_epi8(ok);
}

/* The ways this processor has (libgcc's and compiler-rt's cpu models also
 * ask whether the system saves the AVX registers).  The wide way's
 * authorities and short spans take the nibbles' code. */
static bool have_way(iri_run_way way)
{
	switch (way) {
	case IRI_RUN_FASTEST:
	case IRI_RUN_PLAIN:
		return true;
	case IRI_RUN_NIBBLES:
		return __builtin_cpu_supports("ssse3");
	case IRI_RUN_WIDE:
		return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("ssse3");
	default:
		return false;
	}
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

static bool have_way(iri_run_way way)
{
	return way == IRI_RUN_PLAIN || way == IRI_RUN_FASTEST;
}
#endif

bool iri_run_way_available(iri_run_way way)
{
	return have_way(way);
}

/* The way to take: the one asked for, the fastest there is for
 * IRI_RUN_FASTEST, plain for one this processor lacks. */
static iri_run_way pick_way(iri_run_way way)
{
	if (way == IRI_RUN_FASTEST)
		return have_way(IRI_RUN_WIDE) ? IRI_RUN_WIDE : have_way(IRI_RUN_NIBBLES) ? IRI_RUN_NIBBLES : IRI_RUN_PLAIN;
	return have_way(way) ? way : IRI_RUN_PLAIN;
}

/* The stops of the block of w bytes at s[at..], which ends at end or
 * after w bytes; bit end - at is set when the end falls in or right after
 * it.  A short last block is read as the w bytes before end, shifted (as
 * 64 bits: the block is empty when a window ended at end), when the span
 * has them, else from a padded copy. */
#define BLOCK_STOPS(stops, w, s, at, end) \
	((end) - (at) > (w) ? (uint64_t)stops((s) + (at)) \
	 : (end) >= (w) ? \
		((uint64_t)stops((s) + (end) - (w)) >> ((w) - ((end) - (at)))) | (uint64_t)1 << ((end) - (at)) \
	 : padded_stops(stops, (s) + (at), (end) - (at)))

/* A block's stops are a uint32_t, one bit a byte. */
_Static_assert(IRI_RUN_WIDE_BLOCK_BYTES <= 32 && IRI_RUN_BLOCK_BYTES <= IRI_RUN_WIDE_BLOCK_BYTES,
	"a block's stops fit a uint32_t and padded_stops' block");

/* n (< the block's bytes) bytes at s, as the start of a block of zeros. */
static uint64_t padded_stops(uint32_t (*stops)(const uint8_t *), const uint8_t *s, size_t n)
{
	uint8_t block[IRI_RUN_WIDE_BLOCK_BYTES] = { 0 };   /* the widest block */
	memcpy(block, s, n);
	return ((uint64_t)stops(block) & (((uint64_t)1 << n) - 1)) | (uint64_t)1 << n;
}

/* The first window from `from` (< end) on with a stop: its start, and its
 * stops in *window (bit k: s[start + k]); the last window, shorter than
 * IRI_RUN_WINDOW_BYTES, has the end's bit.  Blocks of w bytes. */
#define DEFINE_SCAN(name, stops, w) \
	static size_t name(const uint8_t *s, size_t from, size_t end, uint64_t *window) \
	{ \
		for (; end - from >= IRI_RUN_WINDOW_BYTES; from += IRI_RUN_WINDOW_BYTES) { \
			uint64_t m = 0; \
			for (size_t k = 0; k < IRI_RUN_WINDOW_BYTES; k += (w)) \
				m |= (uint64_t)stops(s + from + k) << k; \
			if (m) { \
				*window = m; \
				return from; \
			} \
		} \
		uint64_t m = 0; \
		size_t k = 0; \
		for (; end - from - k > (w); k += (w)) \
			m |= (uint64_t)stops(s + from + k) << k; \
		*window = m | BLOCK_STOPS(stops, w, s, from + k, end) << k; \
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
		*window = BLOCK_STOPS(stops, IRI_RUN_BLOCK_BYTES, s, from, end); \
		return from; \
	}

DEFINE_SCAN(scan_path, path_stops, IRI_RUN_BLOCK_BYTES)
DEFINE_SCAN_BLOCKS(scan_authority, authority_stops)
#if HAVE_NIBBLES
NIBBLES_TARGET DEFINE_SCAN(scan_path_nibbles, path_stops_nibbles, IRI_RUN_BLOCK_BYTES)
NIBBLES_TARGET DEFINE_SCAN_BLOCKS(scan_authority_nibbles, authority_stops_nibbles)
WIDE_TARGET DEFINE_SCAN(scan_path_wide, path_stops_wide, IRI_RUN_WIDE_BLOCK_BYTES)
#endif

void iri_run_init_kind(iri_run *r, const uint8_t *s, size_t end, iri_run_kind kind, iri_run_way way)
{
	r->s = s;
	r->end = end;
	r->way = pick_way(way);
	r->width = kind == IRI_RUN_PATH ? IRI_RUN_WINDOW_BYTES : IRI_RUN_BLOCK_BYTES;
	r->scan = kind == IRI_RUN_PATH ? scan_path : scan_authority;
#if HAVE_NIBBLES
	/* A span shorter than a wide block would be copied into a padded one
	 * at every call: the nibbles' blocks are read where they are. */
	if (r->way == IRI_RUN_WIDE && kind == IRI_RUN_PATH && end >= IRI_RUN_WIDE_BLOCK_BYTES)
		r->scan = scan_path_wide;
	else if (r->way == IRI_RUN_NIBBLES || r->way == IRI_RUN_WIDE)
		r->scan = kind == IRI_RUN_PATH ? scan_path_nibbles : scan_authority_nibbles;
#endif
	/* Nothing classified: a base past every `from` makes the first call
	 * refill (from - base wraps past the window). */
	r->base = end + 1;
	r->stops = 0;
}

void iri_run_init(iri_run *r, const uint8_t *s, size_t end)
{
	iri_run_init_kind(r, s, end, IRI_RUN_PATH, IRI_RUN_FASTEST);
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

/* iri_run_ldh()'s answer from a block's classes: the LDH bytes' count,
 * and their dots and hyphens. */
static inline size_t ldh_count(uint32_t ok, uint32_t dots, uint32_t hyphens, iri_run_ldh_marks *marks)
{
	size_t n = ok == UINT32_MAX ? IRI_RUN_LDH_BYTES : (size_t)__builtin_ctz(~ok);
	uint32_t below = n == IRI_RUN_LDH_BYTES ? UINT32_MAX : ((uint32_t)1 << n) - 1;
	marks->dots = dots & below;
	marks->hyphens = hyphens & below;
	return n;
}

static size_t ldh_plain(const uint8_t *s, iri_run_ldh_marks *marks)
{
	uint32_t dots0, dots1, hyphens0, hyphens1;
	uint32_t ok = ldh_bytes(s, &dots0, &hyphens0) | ldh_bytes(s + IRI_RUN_BLOCK_BYTES, &dots1, &hyphens1) << 16;
	return ldh_count(ok, dots0 | dots1 << 16, hyphens0 | hyphens1 << 16, marks);
}

#if HAVE_NIBBLES
WIDE_TARGET static size_t ldh_wide(const uint8_t *s, iri_run_ldh_marks *marks)
{
	uint32_t dots, hyphens;
	uint32_t ok = ldh_bytes_wide(s, &dots, &hyphens);
	return ldh_count(ok, dots, hyphens, marks);
}
#endif

size_t iri_run_ldh(const uint8_t *s, size_t from, size_t end, iri_run_way way, iri_run_ldh_marks *marks)
{
	if (end - from < IRI_RUN_LDH_BYTES || from > end) {
		marks->dots = marks->hyphens = 0;
		return 0;
	}
#if HAVE_NIBBLES
	if (pick_way(way) == IRI_RUN_WIDE)
		return ldh_wide(s + from, marks);
#endif
	(void)way;
	return ldh_plain(s + from, marks);
}

/* The marks of s[at..end) or its first window, by the given classifier of
 * blocks of w bytes; a short last block as BLOCK_STOPS reads it. */
#define DEFINE_MARK(name, marks, w) \
	static void name(const uint8_t *s, size_t at, size_t end, iri_run_marks *m) \
	{ \
		uint64_t stops = 0, slashes = 0, dots = 0; \
		uint32_t st, sl, dt; \
		size_t k = 0; \
		for (; k < IRI_RUN_WINDOW_BYTES && end - at - k >= (w); k += (w)) { \
			marks(s + at + k, &st, &sl, &dt); \
			stops |= (uint64_t)st << k; \
			slashes |= (uint64_t)sl << k; \
			dots |= (uint64_t)dt << k; \
		} \
		size_t n = end - at - k; \
		if (k < IRI_RUN_WINDOW_BYTES && n > 0) { \
			uint8_t padded[w] = { 0 }; \
			unsigned shift = 0; \
			if (end >= (w)) { \
				marks(s + end - (w), &st, &sl, &dt); \
				shift = (unsigned)((w) - n); \
			} else { \
				memcpy(padded, s + at + k, n); \
				marks(padded, &st, &sl, &dt); \
			} \
			const uint32_t keep = (uint32_t)(((uint64_t)1 << n) - 1); \
			stops |= (uint64_t)(st >> shift & keep) << k; \
			slashes |= (uint64_t)(sl >> shift & keep) << k; \
			dots |= (uint64_t)(dt >> shift & keep) << k; \
		} \
		m->stops = stops; \
		m->slashes = slashes; \
		m->dots = dots; \
	}

DEFINE_MARK(mark_plain, block_marks, IRI_RUN_BLOCK_BYTES)
#if HAVE_NIBBLES
NIBBLES_TARGET DEFINE_MARK(mark_nibbles, block_marks_nibbles, IRI_RUN_BLOCK_BYTES)
WIDE_TARGET DEFINE_MARK(mark_wide, block_marks_wide, IRI_RUN_WIDE_BLOCK_BYTES)
#endif

void iri_run_mark(const uint8_t *s, size_t at, size_t end, iri_run_way way, iri_run_marks *m)
{
	switch (pick_way(way)) {
#if HAVE_NIBBLES
	case IRI_RUN_WIDE:
		if (end >= IRI_RUN_WIDE_BLOCK_BYTES) {   /* else as in iri_run_init_kind */
			mark_wide(s, at, end, m);
			return;
		}
		/* fall through */
	case IRI_RUN_NIBBLES:
		mark_nibbles(s, at, end, m);
		return;
#endif
	default:
		mark_plain(s, at, end, m);
	}
}
