/* Benchmark peer: uriparser.  uriparser parses RFC 3986 URIs only and rejects
 * any non-ASCII byte, and its uriEscapeExA escapes reserved characters too, so
 * it cannot map a whole IRI.  What a user does: %-encode the non-ASCII bytes
 * (RFC 3987 3.1 step 2, hosts included: no IDNA), then validate with
 * uriParseSingleUriExA and write the result back with uriToStringA.  A line
 * it rejects gets an empty output line and is counted; the count goes to
 * stderr as "errors N".
 * Usage: peer_uriparser < lines > uris;  peer_uriparser --version */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uriparser/Uri.h>

enum { LINE_CAP_BYTES = 1 << 20 };

static const char hex_upper[] = "0123456789ABCDEF";

/* Grows *buf to at least need bytes; 0 on failure. */
static int reserve(char **buf, size_t *cap, size_t need)
{
  if (need <= *cap)
    return 1;
  size_t n = *cap ? *cap : 256;
  while (n < need)
    n *= 2;
  char *p = realloc(*buf, n);
  if (!p)
    return 0;
  *buf = p;
  *cap = n;
  return 1;
}

int main(int argc, char **argv)
{
  int status = 1;
  char *line = NULL, *escaped = NULL, *text = NULL;
  size_t line_cap = 0, escaped_cap = 0, text_cap = 0;
  unsigned long errors = 0;
  static char out_buf[1 << 16];

  if (argc > 1 && strcmp(argv[1], "--version") == 0) {
    printf("uriparser %s\n", URI_VER_ANSI);
    return 0;
  }
  setvbuf(stdout, out_buf, _IOFBF, sizeof out_buf);
  ssize_t got;
  while ((got = getline(&line, &line_cap, stdin)) >= 0) {
    size_t len = (size_t)got;
    if (len > 0 && line[len - 1] == '\n')
      len--;
    if (len > LINE_CAP_BYTES || !reserve(&escaped, &escaped_cap, 3 * len + 1)) {
      errors++;
      fputc('\n', stdout);
      continue;
    }
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
      unsigned char c = (unsigned char)line[i];
      if (c < 0x80) {
        escaped[n++] = (char)c;
      } else {
        escaped[n++] = '%';
        escaped[n++] = hex_upper[c >> 4];
        escaped[n++] = hex_upper[c & 15];
      }
    }
    escaped[n] = '\0';
    UriUriA uri;
    const char *error_pos = NULL;
    int chars = 0;
    int ok = uriParseSingleUriExA(&uri, escaped, escaped + n, &error_pos) == URI_SUCCESS;
    if (ok) {
      ok = uriToStringCharsRequiredA(&uri, &chars) == URI_SUCCESS
        && reserve(&text, &text_cap, (size_t)chars + 1)
        && uriToStringA(text, &uri, chars + 1, NULL) == URI_SUCCESS;
      uriFreeUriMembersA(&uri);
    }
    if (ok) {
      fputs(text, stdout);
    } else {
      errors++;
    }
    fputc('\n', stdout);
  }
  if (fflush(stdout) != 0) {
    perror("peer_uriparser: stdout");
    goto cleanup;
  }
  fprintf(stderr, "errors %lu\n", errors);
  status = 0;
cleanup:
  free(line);
  free(escaped);
  free(text);
  return status;
}
