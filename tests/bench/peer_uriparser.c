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

#include "peer_common.h"

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

typedef struct {
  char *escaped, *text;
  size_t escaped_cap, text_cap;
} peer_uriparser;

static peer_line_result map_line(void *peer, char *line, size_t len)
{
  peer_uriparser *p = peer;
  if (!reserve(&p->escaped, &p->escaped_cap, 3 * len + 1))
    return PEER_LINE_ERROR;
  size_t n = peer_put_escaped((const unsigned char *)line, len, p->escaped);
  p->escaped[n] = '\0';
  UriUriA uri;
  const char *error_pos = NULL;
  int chars = 0;
  int ok = uriParseSingleUriExA(&uri, p->escaped, p->escaped + n, &error_pos) == URI_SUCCESS;
  if (ok) {
    ok = uriToStringCharsRequiredA(&uri, &chars) == URI_SUCCESS
      && reserve(&p->text, &p->text_cap, (size_t)chars + 1)
      && uriToStringA(p->text, &uri, chars + 1, NULL) == URI_SUCCESS;
    uriFreeUriMembersA(&uri);
  }
  if (ok)
    fputs(p->text, stdout);
  return ok ? PEER_LINE_OK : PEER_LINE_ERROR;
}

int main(int argc, char **argv)
{
  if (argc > 1 && strcmp(argv[1], "--version") == 0) {
    printf("uriparser %s\n", URI_VER_ANSI);
    return 0;
  }
  peer_uriparser p = { 0 };
  int status = peer_run("peer_uriparser", map_line, &p);
  free(p.escaped);
  free(p.text);
  return status;
}
