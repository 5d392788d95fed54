/* A very small test harness: count checks, report failures with file:line,
 * exit non-zero if any failed.  Tests are tables; these macros check rows. */
#ifndef TCHECK_H
#define TCHECK_H

#include <stdio.h>
#include <string.h>

static int tcheck_failed;
static int tcheck_run;

#define CHECK(cond, ...) do { \
	tcheck_run++; \
	if (!(cond)) { \
		tcheck_failed++; \
		fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
		fprintf(stderr, __VA_ARGS__); \
		fputc('\n', stderr); \
	} \
} while (0)

#define CHECK_STR(got, want, ...) do { \
	const char *tc_g_ = (got), *tc_w_ = (want); \
	tcheck_run++; \
	if (!tc_g_ || !tc_w_ || strcmp(tc_g_, tc_w_) != 0) { \
		tcheck_failed++; \
		fprintf(stderr, "%s:%d: got \"%s\", want \"%s\": ", __FILE__, __LINE__, \
			tc_g_ ? tc_g_ : "(null)", tc_w_ ? tc_w_ : "(null)"); \
		fprintf(stderr, __VA_ARGS__); \
		fputc('\n', stderr); \
	} \
} while (0)

/* s with bytes outside printable ASCII as \xHH, for failure messages;
 * two results may be used at once (static, alternating buffers). */
static inline const char *tcheck_esc(const char *s, size_t n)
{
	static char out[2][1024];
	static int which;
	char *o = out[which ^= 1];
	size_t k = 0;
	for (size_t i = 0; i < n && k + 5 < sizeof out[0]; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7F) {
			o[k++] = (char)c;
		} else {
			snprintf(o + k, sizeof out[0] - k, "\\x%02X", c);
			k += 4;
		}
	}
	o[k] = '\0';
	return o;
}

static inline int tcheck_done(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, tcheck_run, tcheck_failed);
	return tcheck_failed ? 1 : 0;
}

#endif
