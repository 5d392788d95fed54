/* Benchmark peer: GLib's g_uri_escape_string() on each whole line, with RFC 3986's
 * reserved characters (gen-delims ":/?#[]@", sub-delims "!$&'()*+,;=") and '%'
 * allowed, allow_utf8 FALSE: unreserved ASCII, the reserved set and existing
 * %HH stay; every other byte becomes %HH -- non-ASCII (as RFC 3987 3.1 step 2
 * does, hosts included: no IDNA) and also ASCII space, '"', '<', '>', '\\',
 * '^', '`', '{', '|', '}' and controls (which RFC 3987 3.1 allows, and irie does).
 * Usage: peer_glib < lines > uris;  peer_glib --version */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

enum { LINE_CAP_BYTES = 1 << 20 };

static const char reserved_allowed[] = ":/?#[]@!$&'()*+,;=%";

int main(int argc, char **argv)
{
  int status = 1;
  char *line = NULL;
  size_t line_cap = 0;
  unsigned long errors = 0;
  static char out_buf[1 << 16];

  if (argc > 1 && strcmp(argv[1], "--version") == 0) {
    printf("GLib %u.%u.%u\n", glib_major_version, glib_minor_version, glib_micro_version);
    return 0;
  }
  setvbuf(stdout, out_buf, _IOFBF, sizeof out_buf);
  ssize_t got;
  while ((got = getline(&line, &line_cap, stdin)) >= 0) {
    size_t len = (size_t)got;
    if (len > 0 && line[len - 1] == '\n')
      line[--len] = '\0';
    if (len > LINE_CAP_BYTES) {
      errors++;
      fputc('\n', stdout);
      continue;
    }
    char *escaped = g_uri_escape_string(line, reserved_allowed, FALSE);
    fputs(escaped, stdout);
    fputc('\n', stdout);
    g_free(escaped);
  }
  if (fflush(stdout) != 0) {
    perror("peer_glib: stdout");
    goto cleanup;
  }
  fprintf(stderr, "errors %lu\n", errors);
  status = 0;
cleanup:
  free(line);
  return status;
}
