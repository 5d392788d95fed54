/* The bidi probe's reading (app/term.c asks): the terminal's answers to
 * DA1, DA2 and DECRQM told apart from keys typed meanwhile. */
#include <errno.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>

#include "term_probe.h"

static long elapsed_ms(const struct timespec *t0)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - t0->tv_sec) * 1000 + (now.tv_nsec - t0->tv_nsec) / 1000000;
}

/* The length of the answer at b (n bytes, b[0] ESC) and what it says in
 * *a, 0 if b starts none: DA1 "CSI ? Ps;... c", DA2 "CSI > Pp;... c",
 * DECRQM "CSI Pa ; Ps $ y" (ECMA-48 5.4: parameters are digits and ';'). */
static size_t answer_at(const char *b, size_t n, probe_answers *a)
{
	if (n < 3 || b[0] != '\033' || b[1] != '[')
		return 0;
	size_t j = 2;
	char marker = b[j] == '?' || b[j] == '>' ? b[j++] : 0;
	size_t params = j;
	int first = 0, second = -1, digits = 0;
	for (bool after_semi = false; j < n && ((b[j] >= '0' && b[j] <= '9') || b[j] == ';'); j++) {
		if (b[j] == ';') {
			if (after_semi)
				break;
			after_semi = true;
			second = 0;
		} else if (!after_semi && digits++ < 5) {
			first = first * 10 + (b[j] - '0');
		} else if (after_semi && second < 10) {
			second = second * 10 + (b[j] - '0');
		}
	}
	for (; j < n && ((b[j] >= '0' && b[j] <= '9') || b[j] == ';'); j++)
		;
	if (marker && j < n && b[j] == 'c') {
		if (marker == '?')
			a->da1 = true;
		else
			a->da2 = j > params && digits > 0 ? first : -1;
		return j + 1;
	}
	if (!marker && j + 1 < n && b[j] == '$' && b[j + 1] == 'y') {
		if (first == 8 && second >= 0 && second <= 4)
			a->bdsm = second;
		return j + 2;
	}
	return 0;
}

void probe_sort(const char *buf, size_t n, probe_answers *a, char *typed, size_t typed_size, size_t *typed_len)
{
	*a = (probe_answers){ .da2 = -1, .bdsm = -1 };
	size_t kept = 0;
	for (size_t i = 0; i < n;) {
		size_t k = buf[i] == '\033' ? answer_at(buf + i, n - i, a) : 0;
		if (k) {
			i += k;
			continue;
		}
		if (kept < typed_size)
			typed[kept++] = buf[i];
		i++;
	}
	if (typed_len)
		*typed_len = kept;
}

size_t probe_read(int fd, char *buf, size_t size, long timeout_ms, probe_answers *a)
{
	size_t n = 0;
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	*a = (probe_answers){ .da2 = -1, .bdsm = -1 };
	while (!a->da1) {
		long left = timeout_ms - elapsed_ms(&t0);
		struct pollfd p = { .fd = fd, .events = POLLIN };
		if (left <= 0 || n >= size)
			break;
		int r = poll(&p, 1, (int)left);
		if (r < 0 && errno == EINTR)
			continue;   /* a signal (its flag is read later): wait on */
		if (r <= 0)
			break;
		ssize_t k = read(fd, buf + n, size - n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		n += (size_t)k;
		probe_sort(buf, n, a, NULL, 0, NULL);
	}
	return n;
}
