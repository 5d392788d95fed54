/* core/run.c against the parser's class table: every byte value at every
 * position of spans of every length from 0 to 40 (so each block size, the
 * padded tail and the end bit are met) and of lengths round the windows'
 * edges, then random spans walked with iri_run_next() as quick.c walks
 * them, and the marks of windows (iri_run_mark) from every place; LDH
 * runs (iri_run_ldh) and line counts. */
#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "iri_parse.h"
#include "iri_run.h"
#include "tcheck.h"

enum { SPAN_MAX_BYTES = 40, WALK_MAX_BYTES = 200 };

static size_t want_path(const uint8_t *s, size_t from, size_t end)
{
	while (from < end && iri_ascii_ok(IRI_COMP_PATH, s[from]))
		from++;
	return from;
}

static size_t want_authority(const uint8_t *s, size_t from, size_t end)
{
	while (from < end && iri_ascii_ok(IRI_COMP_PATH, s[from]) && s[from] != '/' && s[from] != ':' &&
	       s[from] != '@' && s[from] != '.')
		from++;
	return from;
}

/* A walk's answer from `from`, classified the given way. */
static size_t walk(const uint8_t *s, size_t from, size_t end, iri_run_kind kind, iri_run_way way)
{
	iri_run r;
	iri_run_init_kind(&r, s, end, kind, way);
	return iri_run_next(&r, from);
}

/* iri_run_mark()'s window from `from` against the class table. */
static void check_marks(const uint8_t *s, size_t from, size_t end, iri_run_way way, unsigned byte, size_t at)
{
	uint64_t stops = 0, slashes = 0, dots = 0;
	for (size_t k = 0; k < IRI_RUN_WINDOW_BYTES && from + k < end; k++) {
		stops |= (uint64_t)!iri_ascii_ok(IRI_COMP_PATH, s[from + k]) << k;
		slashes |= (uint64_t)(s[from + k] == '/') << k;
		dots |= (uint64_t)(s[from + k] == '.') << k;
	}
	iri_run_marks m;
	iri_run_mark(s, from, end, way, &m);
	CHECK(m.stops == stops && m.slashes == slashes && m.dots == dots,
	      "marks (way %d): byte 0x%02X at %zu of %zu, from %zu", (int)way, byte, at, end, from);
}

/* A copy of s[0..len) that fills a heap block of its own, so that a read
 * before it or past its end is one the address sanitizer reports (the
 * asan phase of tools/test).  The caller frees it. */
static uint8_t *alone(const uint8_t *s, size_t len)
{
	uint8_t *h = malloc(len ? len : 1);
	if (!h) {
		fprintf(stderr, "test_run: out of memory\n");
		exit(1);
	}
	memcpy(h, s, len);
	return h;
}

/* One odd byte at `at` in a run of plain ones ("a"), every `from` a step
 * apart. */
static void odd_byte(uint8_t *s, size_t len, size_t at, unsigned byte, size_t step)
{
	memset(s, 'a', WALK_MAX_BYTES + 1);
	if (at < len)
		s[at] = (uint8_t)byte;
	s[len] = '%';   /* past the end: must not be seen */
	uint8_t *h = alone(s, len);
	for (size_t from = 0; from <= len; from += step) {
		for (int w = IRI_RUN_PLAIN; w < IRI_RUN_WAYS; w++) {
			iri_run_way way = (iri_run_way)w;
			if (!iri_run_way_available(way))
				continue;
			CHECK(walk(h, from, len, IRI_RUN_PATH, way) == want_path(s, from, len),
			      "path (way %d): byte 0x%02X at %zu of %zu, from %zu", w, byte, at, len, from);
			CHECK(walk(h, from, len, IRI_RUN_AUTHORITY, way) == want_authority(s, from, len),
			      "authority (way %d): byte 0x%02X at %zu of %zu, from %zu", w, byte, at, len, from);
			if (from < len)
				check_marks(h, from, len, way, byte, at);
		}
	}
	free(h);
}

/* The next byte value to try: all of them, or with IRIE_TEST_SCALE=small
 * (ASan builds) 0x80 and 0xFF for the bytes from 0x80, which the
 * classifiers take as one class. */
static unsigned next_byte(unsigned byte, bool small)
{
	return small && byte >= 0x80 && byte < 0xFF ? 0xFF : byte + 1;
}

int main(void)
{
	const char *scale = getenv("IRIE_TEST_SCALE");
	bool small = scale && strcmp(scale, "small") == 0;
	uint8_t s[WALK_MAX_BYTES + 1];
	for (unsigned byte = 0; byte < 256; byte = next_byte(byte, small))
		for (size_t len = 0; len <= SPAN_MAX_BYTES; len++)
			for (size_t at = 0; at <= len; at++)
				odd_byte(s, len, at, byte, 7);
	/* Round a window's edges (one, two and three windows) and a wide block's. */
	static const size_t edges[] = { 63, 64, 65, 79, 80, 81, 95, 96, 97, 127, 128, 129, 191, 192, 193 };
	for (unsigned byte = 0; byte < 256; byte = next_byte(byte, small))
		for (size_t e = 0; e < sizeof edges / sizeof edges[0]; e++)
			for (size_t at = 0; at <= edges[e]; at++)
				odd_byte(s, edges[e], at, byte, 13);
	/* Walks over random spans, as scan_tail() and the authority's split
	 * make them: from each stop, on past one to four bytes. */
	srand(3987);
	static const char pool[] = "abz09-._~!$&'()*+,;=:@/?#%\"<>[\\]^`{|} \x7f\x80\xc3\xa9\xe4\xb8\xad\x01";
	for (int round = 0; round < 20000; round++) {
		size_t len = (size_t)(rand() % ((round % 8 < 6 ? SPAN_MAX_BYTES : WALK_MAX_BYTES) + 1));
		for (size_t k = 0; k < len; k++)
			s[k] = rand() % 4 ? 'a' + rand() % 26 : (uint8_t)pool[rand() % (int)(sizeof pool - 1)];
		/* Each way the processor has, in turn. */
		iri_run_way way = (iri_run_way)(IRI_RUN_PLAIN + round % (IRI_RUN_WAYS - 1));
		if (!iri_run_way_available(way))
			way = IRI_RUN_PLAIN;
		uint8_t *h = alone(s, len);
		for (size_t from = 0; from < len; from += 1 + (size_t)(rand() % 9))
			check_marks(h, from, len, way, 0, 0);
		iri_run run;
		iri_run_kind kind = round % 2 ? IRI_RUN_PATH : IRI_RUN_AUTHORITY;
		iri_run_init_kind(&run, h, len, kind, way);
		size_t i = (size_t)(rand() % (int)(len + 1));
		for (;;) {
			size_t got = iri_run_next(&run, i);
			size_t want = kind == IRI_RUN_PATH ? want_path(s, i, len) : want_authority(s, i, len);
			CHECK(got == want, "walk: round %d, from %zu of %zu: got %zu, want %zu", round, i, len, got, want);
			if (got != want || got >= len)
				break;
			i = got + 1 + (size_t)(rand() % 4);
			if (i > len)
				i = len;
		}
		free(h);
	}
	/* LDH runs: every byte at every place of 32, dots about. */
	for (unsigned byte = 0; byte < 256; byte = next_byte(byte, small))
		for (size_t at = 0; at <= IRI_RUN_LDH_BYTES; at++)
			for (size_t len = IRI_RUN_LDH_BYTES - 1; len <= IRI_RUN_LDH_BYTES + 1; len++) {
				for (size_t k = 0; k < len; k++)
					s[k] = k % 5 == 2 ? '.' : "aZ09-q-"[k % 7];
				if (at < len)
					s[at] = (uint8_t)byte;
				s[len] = '.';   /* past the end: must not be seen */
				size_t want = 0;
				uint32_t want_dots = 0, want_hyphens = 0;
				while (want < IRI_RUN_LDH_BYTES && want < len &&
				       (((s[want] | 0x20) >= 'a' && (s[want] | 0x20) <= 'z') ||
				        (s[want] >= '0' && s[want] <= '9') || s[want] == '-' || s[want] == '.')) {
					want_dots |= (uint32_t)(s[want] == '.') << want;
					want_hyphens |= (uint32_t)(s[want] == '-') << want;
					want++;
				}
				if (len < IRI_RUN_LDH_BYTES)
					want = want_dots = want_hyphens = 0;
				for (int w = IRI_RUN_PLAIN; w < IRI_RUN_WAYS; w++) {
					if (!iri_run_way_available((iri_run_way)w))
						continue;
					iri_run_ldh_marks m;
					uint8_t *h = alone(s, len);
					size_t got = iri_run_ldh(h, 0, len, (iri_run_way)w, &m);
					free(h);
					CHECK(got == want && m.dots == want_dots && m.hyphens == want_hyphens,
					      "ldh (way %d): byte 0x%02X at %zu of %zu: %zu (dots %x, hyphens %x), want %zu (%x, %x)",
					      w, byte, at, len, got, m.dots, m.hyphens, want, want_dots, want_hyphens);
				}
			}
	/* Counting a byte: lengths around the 255-block rounds of the counters. */
	static uint8_t big[255 * 16 * 2 + 40];
	for (size_t k = 0; k < sizeof big; k++)
		big[k] = rand() % 3 ? '\n' : (uint8_t)(rand() % 256);
	for (size_t len = 0; len <= sizeof big; len += len < 64 ? 1 : 97) {
		size_t want = 0;
		for (size_t k = 0; k < len; k++)
			want += big[k] == '\n';
		CHECK(iri_run_count(big, len, '\n') == want, "count: %zu bytes", len);
	}
	printf("run: tried plain compares%s%s\n", iri_run_way_available(IRI_RUN_NIBBLES) ? ", nibble tables (SSSE3)" : "",
	       iri_run_way_available(IRI_RUN_WIDE) ? ", wide nibble tables (AVX2)" : "");
	return tcheck_done("run");
}
