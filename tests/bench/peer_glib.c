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

#include "peer_common.h"

static const char reserved_allowed[] = ":/?#[]@!$&'()*+,;=%";

static peer_line_result escape_line(void *peer, char *line, size_t len)
{
  (void)peer;
  (void)len;
  char *escaped = g_uri_escape_string(line, reserved_allowed, FALSE);
  fputs(escaped, stdout);
  g_free(escaped);
  return PEER_LINE_OK;
}

int main(int argc, char **argv)
{
  if (argc > 1 && strcmp(argv[1], "--version") == 0) {
    printf("GLib %u.%u.%u\n", glib_major_version, glib_minor_version, glib_micro_version);
    return 0;
  }
  return peer_run("peer_glib", escape_line, NULL);
}
