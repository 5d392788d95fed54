/* The harness every benchmark peer shares (tools/bench runs them; each is
 * built on its own): lines in on stdin, one line out per line in on stdout,
 * and "errors N" on stderr at the end.  A peer writes a line's output (no
 * newline) and says whether it counts as an error. */
#ifndef PEER_COMMON_H
#define PEER_COMMON_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PEER_LINE_CAP_BYTES = 1 << 20 };

typedef enum {
  PEER_LINE_OK,
  PEER_LINE_ERROR,   /* counted; the output line stays (empty or not) */
  PEER_LINE_FATAL,   /* out of memory: stop, exit status 1 */
} peer_line_result;

/* The work on one line: line[0..len) with its newline removed and a NUL
 * after it; len is at most PEER_LINE_CAP_BYTES. */
typedef peer_line_result (*peer_line_fn)(void *peer, char *line, size_t len);

/* Copies bytes [0, len) to out with every byte >= 0x80 as %HH (RFC 3987
 * 3.1 step 2); returns the bytes written (at most 3 * len). */
static inline size_t peer_put_escaped(const unsigned char *s, size_t len, char *out)
{
  static const char hex_upper[] = "0123456789ABCDEF";
  size_t n = 0;
  for (size_t i = 0; i < len; i++) {
    if (s[i] < 0x80) {
      out[n++] = (char)s[i];
    } else {
      out[n++] = '%';
      out[n++] = hex_upper[s[i] >> 4];
      out[n++] = hex_upper[s[i] & 15];
    }
  }
  return n;
}

/* Runs fn on every line of stdin; returns the exit status (name prefixes
 * messages).  A line over the cap is an error with an empty output line. */
static inline int peer_run(const char *name, peer_line_fn fn, void *peer)
{
  static char out_buf[1 << 16];
  char *line = NULL;
  size_t line_cap = 0;
  unsigned long errors = 0;
  int status = 1;
  ssize_t got;

  setvbuf(stdout, out_buf, _IOFBF, sizeof out_buf);
  while ((got = getline(&line, &line_cap, stdin)) >= 0) {
    size_t len = (size_t)got;
    if (len > 0 && line[len - 1] == '\n')
      line[--len] = '\0';
    peer_line_result r = len > PEER_LINE_CAP_BYTES ? PEER_LINE_ERROR : fn(peer, line, len);
    if (r == PEER_LINE_FATAL) {
      fprintf(stderr, "%s: out of memory\n", name);
      goto cleanup;
    }
    errors += r == PEER_LINE_ERROR;
    fputc('\n', stdout);
  }
  if (fflush(stdout) != 0) {
    fprintf(stderr, "%s: stdout: %s\n", name, strerror(errno));
    goto cleanup;
  }
  fprintf(stderr, "errors %lu\n", errors);
  status = 0;
cleanup:
  free(line);
  return status;
}

#endif
