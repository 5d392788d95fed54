/* The text both editor benchmarks type (bench_keystroke.c, bench_tui.c), so
 * their figures are for the same input. */
#ifndef BENCH_TEXT_H
#define BENCH_TEXT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/utf8.h>

/* A text of exactly n_cp code points: an IDN host, then path segments
 * cycling through Latin, Hebrew, Arabic and CJK words.  malloc'd; *n_bytes
 * gets its length. */
static inline char *bench_text(size_t n_cp, size_t *n_bytes)
{
	static const char *const words[] = {
		"bücher", "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d", "\xd8\xaf\xd9\x84\xd9\x8a\xd9\x84",
		"\xe4\xbe\x8b\xe3\x81\x88", "index", "\xd7\xa0\xd7\xaa\xd7\x99\xd7\x91",
	};
	const char *head = "http://www.bücher.example/";
	char *s = malloc(n_cp * 4 + 64);
	size_t len = 0, cps = 0;
	if (!s) {
		perror("bench_text");
		exit(1);
	}
	for (size_t w = 0; cps < n_cp; w++) {
		const char *p = w == 0 ? head : words[(w - 1) % (sizeof words / sizeof words[0])];
		int32_t i = 0, end = (int32_t)strlen(p);
		while (i < end && cps < n_cp) {   /* a code point at a time */
			int32_t from = i;
			U8_FWD_1((const uint8_t *)p, i, end);
			memcpy(s + len, p + from, (size_t)(i - from));
			len += (size_t)(i - from);
			cps++;
		}
		if (w > 0 && cps < n_cp) {
			s[len++] = '/';
			cps++;
		}
	}
	s[len] = '\0';
	*n_bytes = len;
	return s;
}

#endif
