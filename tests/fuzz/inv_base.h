/* Invariants of the engine, checked on arbitrary input: what every group of
 * checks shares (invariants.h gathers the groups).
 *
 * Shared by the libFuzzer targets (tests/fuzz/fuzz_*.c, one inv_* call each)
 * and by tests/test_fuzz_regressions.c, which replays every saved crash
 * through all of them in the normal test suite.  A violated invariant is
 * reported on stderr with the name of the check and the input's bytes, then
 * abort() -- libFuzzer saves the input, the unit test fails.
 *
 * Each check is independent of the code it checks where it can be: code
 * points are counted here, not with core's helpers.  Inputs are bytes; any
 * length, any content.  Not thread-safe (one lazily created context). */
#ifndef IRIE_FUZZ_INV_BASE_H
#define IRIE_FUZZ_INV_BASE_H

#include <locale.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include "iri.h"
#include "render_bidi.h"
#include "edit_buffer.h"
#ifdef INV_HAVE_KEYS
#include "input_keys.h"
#endif

/* ---- reporting ------------------------------------------------------- */

static const uint8_t *inv_cur_data;
static size_t inv_cur_len;

__attribute__((format(printf, 2, 3), noreturn, unused))
static void inv_fail_(const char *check, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "INVARIANT VIOLATED [%s]: ", check);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n  input (%zu bytes):", inv_cur_len);
	for (size_t i = 0; i < inv_cur_len && i < 256; i++)
		fprintf(stderr, " %02x", inv_cur_data[i]);
	fprintf(stderr, inv_cur_len > 256 ? " ...\n" : "\n");
	abort();
}

/* Checks cond; on failure prints the condition and a formatted explanation. */
#define INV_REQUIRE(check, cond, ...) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond); \
		inv_fail_(check, __VA_ARGS__); \
	} \
} while (0)

static inline void inv_begin(const uint8_t *data, size_t len)
{
	inv_cur_data = data;
	inv_cur_len = len;
}

/* A NUL-terminated copy, so nothing reads past the fuzzer's exact buffer
 * except through the length.  Caller frees. */
static inline char *inv_dup(const uint8_t *data, size_t len)
{
	char *s = malloc(len + 1);
	if (!s)
		abort();
	if (len)
		memcpy(s, data, len);
	s[len] = '\0';
	return s;
}

static inline iri_ctx *inv_ctx_open(iri_ctx **ctx)
{
	if (!*ctx) {
		iri_ctx_result r;
		*ctx = iri_ctx_new(&r);
		if (!*ctx) {
			fprintf(stderr, "iri_ctx_new: %s\n", iri_ctx_result_name(r));
			abort();
		}
	}
	return *ctx;
}
static iri_ctx *inv_ctx_, *inv_quick_ctx_;
static inline iri_ctx *inv_ctx(void)
{
	return inv_ctx_open(&inv_ctx_);
}
/* A second context for the quick lane, so that neither side's memo answers
 * for the other. */
static inline iri_ctx *inv_quick_ctx(void)
{
	return inv_ctx_open(&inv_quick_ctx_);
}

/* ---- UTF-8, counted here --------------------------------------------- */

static inline size_t inv_utf8_next(const uint8_t *s, size_t n, uint32_t *cp);

/* Length of the "unit" at s[0..n) the way core counts code point positions
 * (iri_utf8_count_cp): a well-formed sequence is one unit, and so is each
 * byte of anything else -- the rule render uses too. */
static inline size_t inv_core_unit(const uint8_t *s, size_t n)
{
	uint32_t cp;
	size_t k = inv_utf8_next(s, n, &cp);
	return k ? k : 1;
}

/* Units (code points) starting before byte off. */
static inline size_t inv_core_cp_at(const char *text, size_t len, size_t off)
{
	const uint8_t *s = (const uint8_t *)text;
	size_t cps = 0;
	for (size_t i = 0; i < off && i < len; i += inv_core_unit(s + i, len - i))
		cps++;
	return cps;
}

/* True if off is where a unit starts (or the end). */
static inline bool inv_core_boundary(const char *text, size_t len, size_t off)
{
	const uint8_t *s = (const uint8_t *)text;
	size_t i = 0;
	while (i < off && i < len)
		i += inv_core_unit(s + i, len - i);
	return i == off;
}

/* Strict UTF-8 (RFC 3629): one code point from s[0..n); 0 if ill-formed.
 * ICU's U8_NEXT, as render and input decode (render/sanitize.c). */
static inline size_t inv_utf8_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	int32_t k = 0;
	UChar32 c;
	if (n == 0)
		return 0;
	U8_NEXT(s, k, n < 4 ? (int32_t)n : 4, c);
	if (c < 0)
		return 0;
	*cp = (uint32_t)c;
	return (size_t)k;
}

static inline bool inv_is_utf8(const char *text, size_t len)
{
	const uint8_t *s = (const uint8_t *)text;
	uint32_t cp = 0;
	for (size_t i = 0, k; i < len; i += k)
		if ((k = inv_utf8_next(s + i, len - i, &cp)) == 0)
			return false;
	return true;
}

static inline bool inv_is_ascii(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)text[i] >= 0x80)
			return false;
	return true;
}

static inline bool inv_contains(const char *hay, size_t n, const char *needle, size_t m)
{
	if (m == 0)
		return true;
	for (size_t i = 0; i + m <= n; i++)
		if (memcmp(hay + i, needle, m) == 0)
			return true;
	return false;
}

static inline const char *inv_buf_data(const iri_buf *b)
{
	return b->data ? b->data : "";
}

static inline bool inv_buf_eq(const iri_buf *a, const iri_buf *b)
{
	return a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

#endif
