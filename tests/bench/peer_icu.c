/* Benchmark peer, the baseline: a minimal IRI->URI mapping written directly on
 * ICU's uidna.  Per line: split scheme, authority, userinfo, host and port by
 * hand (RFC 3986 Appendix B, 3.2.1, 3.2.3); a host with a non-ASCII byte goes
 * through UTS #46 ToASCII (nontransitional, CheckBidi, CheckJoiners, STD3
 * rules); every other non-ASCII byte becomes %HH (RFC 3987 3.1 step 2).
 * ASCII hosts are copied.  No caching.  A host ICU rejects is %-encoded
 * instead and counted; the count goes to stderr as "errors N".
 * Usage: peer_icu < lines > uris;  peer_icu --version */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uidna.h>
#include <unicode/uversion.h>

#include "peer_common.h"

enum { HOST_CAP_BYTES = 1024 };

static int has_non_ascii(const unsigned char *s, size_t len)
{
  for (size_t i = 0; i < len; i++)
    if (s[i] >= 0x80)
      return 1;
  return 0;
}

/* Host span [*host_start, *host_end) in bytes; both 0 when there is no authority. */
static void find_host(const char *s, size_t len, size_t *host_start, size_t *host_end)
{
  size_t i = 0;
  *host_start = *host_end = 0;
  while (i < len && s[i] != ':' && s[i] != '/' && s[i] != '?' && s[i] != '#')
    i++;
  size_t p = (i > 0 && i < len && s[i] == ':') ? i + 1 : 0;   /* after "scheme:" */
  if (p + 1 >= len || s[p] != '/' || s[p + 1] != '/')
    return;
  size_t auth_start = p + 2, auth_end = auth_start;
  while (auth_end < len && s[auth_end] != '/' && s[auth_end] != '?' && s[auth_end] != '#')
    auth_end++;
  size_t hs = auth_start;
  for (size_t k = auth_start; k < auth_end; k++)   /* userinfo ends at the last '@' */
    if (s[k] == '@')
      hs = k + 1;
  size_t he = auth_end;
  if (hs < auth_end && s[hs] == '[') {             /* IP literal */
    const char *close = memchr(s + hs, ']', auth_end - hs);
    he = close ? (size_t)(close - s) + 1 : auth_end;
  } else {
    for (size_t k = auth_end; k > hs; k--)         /* port: ':' DIGIT* at the end */
      if (s[k - 1] == ':') { he = k - 1; break; }
      else if (s[k - 1] < '0' || s[k - 1] > '9') break;
  }
  *host_start = hs;
  *host_end = he;
}

typedef struct {
  UIDNA *idna;
  char *out;
  size_t out_cap;
} peer_icu;

static peer_line_result map_line(void *peer, char *line, size_t len)
{
  peer_icu *p = peer;
  peer_line_result r = PEER_LINE_OK;
  if (3 * len + HOST_CAP_BYTES + 1 > p->out_cap) {   /* the longest output this line can give */
    char *grown = realloc(p->out, 3 * len + HOST_CAP_BYTES + 1);
    if (!grown)
      return PEER_LINE_FATAL;
    p->out = grown;
    p->out_cap = 3 * len + HOST_CAP_BYTES + 1;
  }
  size_t hs, he;
  find_host(line, len, &hs, &he);
  const unsigned char *u = (const unsigned char *)line;
  char *out = p->out;
  size_t n = peer_put_escaped(u, hs, out);
  if (has_non_ascii(u + hs, he - hs)) {
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    UErrorCode err = U_ZERO_ERROR;
    int32_t ace_len = uidna_nameToASCII_UTF8(p->idna, line + hs, (int32_t)(he - hs),
                                             out + n, HOST_CAP_BYTES, &info, &err);
    if (U_SUCCESS(err) && info.errors == 0 && ace_len < HOST_CAP_BYTES) {
      n += (size_t)ace_len;
    } else {
      r = PEER_LINE_ERROR;
      n += peer_put_escaped(u + hs, he - hs, out + n);
    }
  } else {
    memcpy(out + n, line + hs, he - hs);
    n += he - hs;
  }
  n += peer_put_escaped(u + he, len - he, out + n);
  fwrite(out, 1, n, stdout);
  return r;
}

int main(int argc, char **argv)
{
  if (argc > 1 && strcmp(argv[1], "--version") == 0) {
    UVersionInfo v;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(v);
    u_versionToString(v, text);
    printf("ICU %s\n", text);
    return 0;
  }
  UErrorCode err = U_ZERO_ERROR;
  peer_icu p = { .idna = uidna_openUTS46(UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_CHECK_BIDI |
                                         UIDNA_CHECK_CONTEXTJ | UIDNA_USE_STD3_RULES, &err) };
  if (U_FAILURE(err)) {
    fprintf(stderr, "peer_icu: uidna_openUTS46: %s\n", u_errorName(err));
    return 1;
  }
  int status = peer_run("peer_icu", map_line, &p);
  free(p.out);
  uidna_close(p.idna);
  return status;
}
