/* Benchmark peer: libcurl's URL API.  Per line: curl_url_set(CURLUPART_URL,
 * CURLU_URLENCODE | CURLU_NON_SUPPORT_SCHEME) parses it (RFC 3986 as curl reads
 * it, any scheme, spaces and non-ASCII %-encoded on the way in), then
 * curl_url_get(CURLUPART_URL, CURLU_PUNYCODE) writes it back with the host in
 * punycode (libidn2, IDNA 2008 + UTS #46).  One handle, cleared per line.  A
 * line curl rejects gets an empty output line and is counted; the count goes
 * to stderr as "errors N".
 * Usage: peer_curl < lines > uris;  peer_curl --version */
#include <stdio.h>
#include <stdlib.h>
#include <locale.h>
#include <string.h>
#include <curl/curl.h>

#include "peer_common.h"

#if LIBCURL_VERSION_NUM < 0x075800
#error "peer_curl needs libcurl 7.88.0 or later (CURLU_PUNYCODE)"
#endif

/* NULL clears the handle first, so the URL is not read relative to the
 * previous line's. */
static peer_line_result map_line(void *peer, char *line, size_t len)
{
  CURLU *url = peer;
  char *out = NULL;
  (void)len;
  curl_url_set(url, CURLUPART_URL, NULL, 0);
  CURLUcode rc = curl_url_set(url, CURLUPART_URL, line, CURLU_URLENCODE | CURLU_NON_SUPPORT_SCHEME);
  if (rc == CURLUE_OK)
    rc = curl_url_get(url, CURLUPART_URL, &out, CURLU_PUNYCODE);
  if (rc == CURLUE_OK)
    fputs(out, stdout);
  curl_free(out);
  return rc == CURLUE_OK ? PEER_LINE_OK : PEER_LINE_ERROR;
}

int main(int argc, char **argv)
{
  if (argc > 1 && strcmp(argv[1], "--version") == 0) {
    const curl_version_info_data *v = curl_version_info(CURLVERSION_NOW);
    printf("libcurl %s (libidn2 %s)\n", v->version, v->libidn ? v->libidn : "absent");
    return 0;
  }
  /* CURLU_PUNYCODE goes through libidn2's idn2_lookup_ul, which reads the host in
   * the locale's charset: without a UTF-8 locale every non-ASCII host fails (as
   * CURLUE_OUT_OF_MEMORY).  curl's own tool sets the locale too. */
  if (!setlocale(LC_CTYPE, "C.UTF-8"))
    setlocale(LC_CTYPE, "");
  if (!(curl_version_info(CURLVERSION_NOW)->features & CURL_VERSION_IDN))
    fprintf(stderr, "peer_curl: this libcurl has no IDN support; CURLU_PUNYCODE fails\n");
  CURLU *url = curl_url();
  if (!url) {
    fprintf(stderr, "peer_curl: curl_url failed\n");
    return 1;
  }
  int status = peer_run("peer_curl", map_line, url);
  curl_url_cleanup(url);
  return status;
}
