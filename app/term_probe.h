/* Private to app/term.c: reading the answers to its bidi probe. */
#ifndef IRIE_TERM_PROBE_H
#define IRIE_TERM_PROBE_H

#include <stdbool.h>
#include <stddef.h>

/* What the probe's answers said. */
typedef struct {
	int da2;                  /* DA2's Pp (terminal type), -1: no DA2 answer */
	int bdsm;                 /* DECRQM's Ps for BDSM (0-4), -1: no answer */
	bool da1;                 /* DA1 answered (the sentinel: nothing more comes) */
} probe_answers;

/* Reads what the terminal (fd, raw mode) sends into buf (size bytes) until
 * DA1's answer has come or timeout_ms passed; *a says what the answers were.
 * Returns the bytes read: answers and whatever was typed meanwhile. */
size_t probe_read(int fd, char *buf, size_t size, long timeout_ms, probe_answers *a);

/* Splits buf (n bytes) into the answers (into *a) and the rest, the bytes
 * typed meanwhile, copied in order into typed (at most typed_size bytes,
 * *typed_len of them; typed may be NULL with typed_size 0). */
void probe_sort(const char *buf, size_t n, probe_answers *a, char *typed, size_t typed_size, size_t *typed_len);

#endif
