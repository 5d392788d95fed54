/* The IRI-reference parser (RFC 3987 2.2 on RFC 3986 3 and 4.1): a table of
 * references with the expected result, error offset, host kind and the text
 * of every component (NULL = absent, "" = present but empty). */
#include <stdio.h>
#include <string.h>

#include "iri_ctx.h"
#include "iri_parse.h"
#include "iri_utf8.h"
#include "tcheck.h"

#define OK IRI_PARSE_OK
#define NONE_ IRI_HOST_NONE
#define REG IRI_HOST_REG_NAME
#define V4 IRI_HOST_IPV4
#define V6 IRI_HOST_IPV6
#define VF IRI_HOST_IPVFUTURE
/* The component of an error that is about none (for OK rows). */
#define NOC IRI_COMP_NONE

typedef struct {
	const char *in;
	iri_parse_flags flags;
	iri_parse_result result;
	size_t error_byte;          /* bytes; only checked when result != OK */
	iri_component error_comp;
	iri_host_kind host_kind;
	/* scheme, userinfo, host, port, path, query, fragment */
	const char *comp[IRI_COMP_COUNT];
} parse_case;

static const parse_case cases[] = {
	/* ---- RFC 3986 1.1.2 examples ---- */
	{ "ftp://ftp.is.co.za/rfc/rfc1808.txt", 0, OK, 0, NOC, REG,
	  { "ftp", NULL, "ftp.is.co.za", NULL, "/rfc/rfc1808.txt", NULL, NULL } },
	{ "http://www.ietf.org/rfc/rfc2396.txt", 0, OK, 0, NOC, REG,
	  { "http", NULL, "www.ietf.org", NULL, "/rfc/rfc2396.txt", NULL, NULL } },
	{ "ldap://[2001:db8::7]/c=GB?objectClass?one", 0, OK, 0, NOC, V6,
	  { "ldap", NULL, "[2001:db8::7]", NULL, "/c=GB", "objectClass?one", NULL } },
	{ "mailto:John.Doe@example.com", 0, OK, 0, NOC, NONE_,
	  { "mailto", NULL, NULL, NULL, "John.Doe@example.com", NULL, NULL } },
	{ "news:comp.infosystems.www.servers.unix", 0, OK, 0, NOC, NONE_,
	  { "news", NULL, NULL, NULL, "comp.infosystems.www.servers.unix", NULL, NULL } },
	{ "tel:+1-816-555-1212", 0, OK, 0, NOC, NONE_,
	  { "tel", NULL, NULL, NULL, "+1-816-555-1212", NULL, NULL } },
	{ "telnet://192.0.2.16:80/", 0, OK, 0, NOC, V4,
	  { "telnet", NULL, "192.0.2.16", "80", "/", NULL, NULL } },
	{ "urn:oasis:names:specification:docbook:dtd:xml:4.1.2", 0, OK, 0, NOC, NONE_,
	  { "urn", NULL, NULL, NULL, "oasis:names:specification:docbook:dtd:xml:4.1.2", NULL, NULL } },
	/* RFC 3986 3: the example with every component. */
	{ "foo://example.com:8042/over/there?name=ferret#nose", 0, OK, 0, NOC, REG,
	  { "foo", NULL, "example.com", "8042", "/over/there", "name=ferret", "nose" } },
	{ "urn:example:animal:ferret:nose", 0, OK, 0, NOC, NONE_,
	  { "urn", NULL, NULL, NULL, "example:animal:ferret:nose", NULL, NULL } },

	/* ---- RFC 3987 examples (1.3, 3.1, 3.2, 3.2.1, 5.3) ---- */
	{ u8"http://r\u00E9sum\u00E9.example.org", 0, OK, 0, NOC, REG,
	  { "http", NULL, u8"r\u00E9sum\u00E9.example.org", NULL, "", NULL, NULL } },
	{ u8"http://www.example.org/red%09ros\u00E9#red", 0, OK, 0, NOC, REG,
	  { "http", NULL, "www.example.org", NULL, u8"/red%09ros\u00E9", NULL, "red" } },
	{ u8"http://example.com/\U00010300\U00010301\U00010302", 0, OK, 0, NOC, REG,
	  { "http", NULL, "example.com", NULL, u8"/\U00010300\U00010301\U00010302", NULL, NULL } },
	{ u8"http://www.example.org/D\u00FCrst", 0, OK, 0, NOC, REG,
	  { "http", NULL, "www.example.org", NULL, u8"/D\u00FCrst", NULL, NULL } },
	{ "http://www.example.org/r%E9sum%E9.html", 0, OK, 0, NOC, REG,
	  { "http", NULL, "www.example.org", NULL, "/r%E9sum%E9.html", NULL, NULL } },
	{ u8"http://\u7D0D\u8C46.example.org/%E2%80%AE", 0, OK, 0, NOC, REG,
	  { "http", NULL, u8"\u7D0D\u8C46.example.org", NULL, "/%E2%80%AE", NULL, NULL } },
	{ "http://xn--99zt52a.example.org/%e2%80%ae", 0, OK, 0, NOC, REG,
	  { "http", NULL, "xn--99zt52a.example.org", NULL, "/%e2%80%ae", NULL, NULL } },
	{ "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", 0, OK, 0, NOC, REG,
	  { "eXAMPLE", NULL, "a", NULL, "/./b/../b/%63/%7bfoo%7d", NULL, NULL } },
	{ "http://www.example.org/~user", 0, OK, 0, NOC, REG,
	  { "http", NULL, "www.example.org", NULL, "/~user", NULL, NULL } },
	/* 4.4 style: a Hebrew IRI. */
	{ u8"http://\u05D0\u05D1\u05D2.example/\u05D3\u05D4?\u05D5=1#\u05D6", 0, OK, 0, NOC, REG,
	  { "http", NULL, u8"\u05D0\u05D1\u05D2.example", NULL, u8"/\u05D3\u05D4", u8"\u05D5=1", u8"\u05D6" } },

	/* ---- path forms (RFC 3986 3.3) ---- */
	{ "http://h/a/b", 0, OK, 0, NOC, REG,                      /* path-abempty */
	  { "http", NULL, "h", NULL, "/a/b", NULL, NULL } },
	{ "http://h", 0, OK, 0, NOC, REG,                          /* path-abempty, empty */
	  { "http", NULL, "h", NULL, "", NULL, NULL } },
	{ "x:/a/b", 0, OK, 0, NOC, NONE_,                          /* path-absolute */
	  { "x", NULL, NULL, NULL, "/a/b", NULL, NULL } },
	{ "/a/b?q", 0, OK, 0, NOC, NONE_,                          /* relative, path-absolute */
	  { NULL, NULL, NULL, NULL, "/a/b", "q", NULL } },
	{ "a/b:c", 0, OK, 0, NOC, NONE_,                           /* path-noscheme */
	  { NULL, NULL, NULL, NULL, "a/b:c", NULL, NULL } },
	{ "./a:b", 0, OK, 0, NOC, NONE_,
	  { NULL, NULL, NULL, NULL, "./a:b", NULL, NULL } },
	{ "x:a/b", 0, OK, 0, NOC, NONE_,                           /* path-rootless */
	  { "x", NULL, NULL, NULL, "a/b", NULL, NULL } },
	{ "x:", 0, OK, 0, NOC, NONE_,                              /* path-empty */
	  { "x", NULL, NULL, NULL, "", NULL, NULL } },
	{ "", 0, OK, 0, NOC, NONE_,
	  { NULL, NULL, NULL, NULL, "", NULL, NULL } },
	{ "?", 0, OK, 0, NOC, NONE_,
	  { NULL, NULL, NULL, NULL, "", "", NULL } },
	{ "#", 0, OK, 0, NOC, NONE_,
	  { NULL, NULL, NULL, NULL, "", NULL, "" } },
	{ "x:?#", 0, OK, 0, NOC, NONE_,
	  { "x", NULL, NULL, NULL, "", "", "" } },
	{ "//h", 0, OK, 0, NOC, REG,                               /* network-path reference */
	  { NULL, NULL, "h", NULL, "", NULL, NULL } },
	{ "file:///etc/hosts", 0, OK, 0, NOC, REG,                 /* empty host */
	  { "file", NULL, "", NULL, "/etc/hosts", NULL, NULL } },
	{ "a:b:c", 0, OK, 0, NOC, NONE_,
	  { "a", NULL, NULL, NULL, "b:c", NULL, NULL } },
	{ "x:a?b?c#d?e/f", 0, OK, 0, NOC, NONE_,
	  { "x", NULL, NULL, NULL, "a", "b?c", "d?e/f" } },
	/* ":" in the first segment of a relative reference (RFC 3986 4.2). */
	{ ":a", 0, IRI_PARSE_COLON_IN_FIRST_SEGMENT, 0, IRI_COMP_PATH, NONE_,
	  { NULL, NULL, NULL, NULL, ":a", NULL, NULL } },
	{ "1a:b", 0, IRI_PARSE_BAD_SCHEME, 0, IRI_COMP_SCHEME, NONE_,
	  { "1a", NULL, NULL, NULL, "b", NULL, NULL } },

	/* ---- schemes ---- */
	{ "h_p:x", 0, IRI_PARSE_BAD_SCHEME, 1, IRI_COMP_SCHEME, NONE_,
	  { "h_p", NULL, NULL, NULL, "x", NULL, NULL } },
	{ u8"h\u00E9:x", 0, IRI_PARSE_BAD_SCHEME, 1, IRI_COMP_SCHEME, NONE_,
	  { u8"h\u00E9", NULL, NULL, NULL, "x", NULL, NULL } },
	{ "a+b-c.d:x", 0, OK, 0, NOC, NONE_,
	  { "a+b-c.d", NULL, NULL, NULL, "x", NULL, NULL } },

	/* ---- IPv4 and reg-names that look like it ---- */
	{ "http://192.168.0.1/", 0, OK, 0, NOC, V4,
	  { "http", NULL, "192.168.0.1", NULL, "/", NULL, NULL } },
	{ "http://255.255.255.255/", 0, OK, 0, NOC, V4,
	  { "http", NULL, "255.255.255.255", NULL, "/", NULL, NULL } },
	{ "http://256.1.1.1/", 0, OK, 0, NOC, REG,
	  { "http", NULL, "256.1.1.1", NULL, "/", NULL, NULL } },
	{ "http://1.2.3/", 0, OK, 0, NOC, REG,
	  { "http", NULL, "1.2.3", NULL, "/", NULL, NULL } },
	{ "http://01.2.3.4/", 0, OK, 0, NOC, REG,                  /* dec-octet: no leading zero */
	  { "http", NULL, "01.2.3.4", NULL, "/", NULL, NULL } },
	{ "http://1.2.3.4.5/", 0, OK, 0, NOC, REG,
	  { "http", NULL, "1.2.3.4.5", NULL, "/", NULL, NULL } },

	/* ---- IPv6 (RFC 3986 3.2.2, every shape of the ABNF) ---- */
	{ "http://[1:2:3:4:5:6:7:8]/", 0, OK, 0, NOC, V6,
	  { "http", NULL, "[1:2:3:4:5:6:7:8]", NULL, "/", NULL, NULL } },
	{ "http://[::]/", 0, OK, 0, NOC, V6, { "http", NULL, "[::]", NULL, "/", NULL, NULL } },
	{ "http://[::1]/", 0, OK, 0, NOC, V6, { "http", NULL, "[::1]", NULL, "/", NULL, NULL } },
	{ "http://[1::]/", 0, OK, 0, NOC, V6, { "http", NULL, "[1::]", NULL, "/", NULL, NULL } },
	{ "http://[1::8]/", 0, OK, 0, NOC, V6, { "http", NULL, "[1::8]", NULL, "/", NULL, NULL } },
	{ "http://[1:2:3:4:5:6:7::]/", 0, OK, 0, NOC, V6,
	  { "http", NULL, "[1:2:3:4:5:6:7::]", NULL, "/", NULL, NULL } },
	{ "http://[::2:3:4:5:6:7:8]/", 0, OK, 0, NOC, V6,
	  { "http", NULL, "[::2:3:4:5:6:7:8]", NULL, "/", NULL, NULL } },
	{ "http://[FFFF:abcd::0:0]/", 0, OK, 0, NOC, V6,
	  { "http", NULL, "[FFFF:abcd::0:0]", NULL, "/", NULL, NULL } },
	{ "http://[::ffff:192.0.2.1]:8/", 0, OK, 0, NOC, V6,
	  { "http", NULL, "[::ffff:192.0.2.1]", "8", "/", NULL, NULL } },
	{ "http://[1:2:3:4:5:6:192.0.2.1]/", 0, OK, 0, NOC, V6,
	  { "http", NULL, "[1:2:3:4:5:6:192.0.2.1]", NULL, "/", NULL, NULL } },
	{ "http://[::192.0.2.1]/", 0, OK, 0, NOC, V6,
	  { "http", NULL, "[::192.0.2.1]", NULL, "/", NULL, NULL } },
	{ "http://[1:2:3:4:5:6:7:8:9]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[1:2:3:4:5:6:7:8:9]", NULL, "/", NULL, NULL } },
	{ "http://[1:2:3:4:5:6:7]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[1:2:3:4:5:6:7]", NULL, "/", NULL, NULL } },
	{ "http://[1:2:3:4:5:6:7:8::]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[1:2:3:4:5:6:7:8::]", NULL, "/", NULL, NULL } },
	{ "http://[1::2::3]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[1::2::3]", NULL, "/", NULL, NULL } },
	{ "http://[12345::1]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[12345::1]", NULL, "/", NULL, NULL } },
	{ "http://[:1::2]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[:1::2]", NULL, "/", NULL, NULL } },
	{ "http://[1::2:]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[1::2:]", NULL, "/", NULL, NULL } },
	{ "http://[:::]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[:::]", NULL, "/", NULL, NULL } },
	{ "http://[1.2.3.4]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[1.2.3.4]", NULL, "/", NULL, NULL } },
	{ "http://[::1.2.3]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[::1.2.3]", NULL, "/", NULL, NULL } },
	{ "http://[::1.2.3.4:5]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[::1.2.3.4:5]", NULL, "/", NULL, NULL } },
	{ "http://[1:2:3:4:5:6:7:1.2.3.4]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[1:2:3:4:5:6:7:1.2.3.4]", NULL, "/", NULL, NULL } },
	{ "http://[g::1]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[g::1]", NULL, "/", NULL, NULL } },
	{ "http://[]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[]", NULL, "/", NULL, NULL } },
	/* IPvFuture */
	{ "http://[v7.x]/", 0, OK, 0, NOC, VF, { "http", NULL, "[v7.x]", NULL, "/", NULL, NULL } },
	{ "http://[VF.a:b!]/", 0, OK, 0, NOC, VF, { "http", NULL, "[VF.a:b!]", NULL, "/", NULL, NULL } },
	{ "http://[v7.]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[v7.]", NULL, "/", NULL, NULL } },
	{ "http://[v.x]/", 0, IRI_PARSE_BAD_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[v.x]", NULL, "/", NULL, NULL } },
	/* Unterminated "[" and junk after "]" */
	{ "http://[::1/x", 0, IRI_PARSE_UNTERMINATED_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[::1", NULL, "/x", NULL, NULL } },
	{ "http://[::1", 0, IRI_PARSE_UNTERMINATED_IP_LITERAL, 7, IRI_COMP_HOST, NONE_,
	  { "http", NULL, "[::1", NULL, "", NULL, NULL } },
	{ "http://[::1]x/", 0, IRI_PARSE_JUNK_AFTER_IP_LITERAL, 12, IRI_COMP_PORT, V6,
	  { "http", NULL, "[::1]", "x", "/", NULL, NULL } },

	/* ---- ports ---- */
	{ "http://h:/", 0, OK, 0, NOC, REG, { "http", NULL, "h", "", "/", NULL, NULL } },
	{ "http://h:8080/", 0, OK, 0, NOC, REG, { "http", NULL, "h", "8080", "/", NULL, NULL } },
	{ "http://h:65535/", 0, OK, 0, NOC, REG, { "http", NULL, "h", "65535", "/", NULL, NULL } },
	{ "http://h:0/", 0, OK, 0, NOC, REG, { "http", NULL, "h", "0", "/", NULL, NULL } },
	{ "http://h:0000000000000000000080/", 0, OK, 0, NOC, REG,
	  { "http", NULL, "h", "0000000000000000000080", "/", NULL, NULL } },
	{ "http://h:65536/", 0, IRI_PARSE_PORT_OUT_OF_RANGE, 9, IRI_COMP_PORT, REG,
	  { "http", NULL, "h", "65536", "/", NULL, NULL } },
	{ "http://h:1234567890123456789012345678901234567890/", 0, IRI_PARSE_PORT_OUT_OF_RANGE, 9,
	  IRI_COMP_PORT, REG, { "http", NULL, "h", "1234567890123456789012345678901234567890", "/", NULL, NULL } },
	{ "http://h:ab/", 0, IRI_PARSE_BAD_PORT, 9, IRI_COMP_PORT, REG,
	  { "http", NULL, "h", "ab", "/", NULL, NULL } },
	{ "http://h:80a/", 0, IRI_PARSE_BAD_PORT, 11, IRI_COMP_PORT, REG,
	  { "http", NULL, "h", "80a", "/", NULL, NULL } },
	{ "http://h:8:8/", 0, IRI_PARSE_BAD_PORT, 10, IRI_COMP_PORT, REG,
	  { "http", NULL, "h", "8:8", "/", NULL, NULL } },
	{ "http://[::1]:443/", 0, OK, 0, NOC, V6, { "http", NULL, "[::1]", "443", "/", NULL, NULL } },

	/* ---- userinfo ---- */
	{ "http://user:pass@h:1/", 0, OK, 0, NOC, REG,
	  { "http", "user:pass", "h", "1", "/", NULL, NULL } },
	{ "http://@h/", 0, OK, 0, NOC, REG, { "http", "", "h", NULL, "/", NULL, NULL } },
	{ u8"http://J\u00FCrgen@h/", 0, OK, 0, NOC, REG,
	  { "http", u8"J\u00FCrgen", "h", NULL, "/", NULL, NULL } },
	{ "http://a@b@c/", 0, IRI_PARSE_BAD_CHAR, 8, IRI_COMP_USERINFO, REG,
	  { "http", "a@b", "c", NULL, "/", NULL, NULL } },
	{ "http://a%20b!$@h/", 0, OK, 0, NOC, REG, { "http", "a%20b!$", "h", NULL, "/", NULL, NULL } },

	/* ---- characters in hosts ---- */
	{ "http://a b/", 0, IRI_PARSE_BAD_CHAR, 8, IRI_COMP_HOST, REG,
	  { "http", NULL, "a b", NULL, "/", NULL, NULL } },
	{ "http://ex%41mple!$&'()*+,;=/", 0, OK, 0, NOC, REG,
	  { "http", NULL, "ex%41mple!$&'()*+,;=", NULL, "/", NULL, NULL } },

	/* ---- ucschar range edges (RFC 3987 2.2), in a path ---- */
	{ u8"http://h/\u00A0", 0, OK, 0, NOC, REG, { "http", NULL, "h", NULL, u8"/\u00A0", NULL, NULL } },
	{ "http://h/\xc2\x9f", 0, IRI_PARSE_BAD_CHAR, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, "/\xc2\x9f", NULL, NULL } },
	{ u8"http://h/\uD7FF", 0, OK, 0, NOC, REG, { "http", NULL, "h", NULL, u8"/\uD7FF", NULL, NULL } },
	{ u8"http://h/\uF900", 0, OK, 0, NOC, REG, { "http", NULL, "h", NULL, u8"/\uF900", NULL, NULL } },
	{ u8"http://h/\uFDCF", 0, OK, 0, NOC, REG, { "http", NULL, "h", NULL, u8"/\uFDCF", NULL, NULL } },
	{ u8"http://h/\uFDD0", 0, IRI_PARSE_BAD_CHAR, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, u8"/\uFDD0", NULL, NULL } },
	{ u8"http://h/\uFDEF", 0, IRI_PARSE_BAD_CHAR, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, u8"/\uFDEF", NULL, NULL } },
	{ u8"http://h/\uFDF0", 0, OK, 0, NOC, REG, { "http", NULL, "h", NULL, u8"/\uFDF0", NULL, NULL } },
	{ u8"http://h/\uFFEF", 0, OK, 0, NOC, REG, { "http", NULL, "h", NULL, u8"/\uFFEF", NULL, NULL } },
	{ u8"http://h/\uFFF0", 0, IRI_PARSE_BAD_CHAR, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, u8"/\uFFF0", NULL, NULL } },
	{ u8"http://h/\U00010000", 0, OK, 0, NOC, REG,
	  { "http", NULL, "h", NULL, u8"/\U00010000", NULL, NULL } },
	{ u8"http://h/\U0001FFFD", 0, OK, 0, NOC, REG,
	  { "http", NULL, "h", NULL, u8"/\U0001FFFD", NULL, NULL } },
	{ u8"http://h/\U0001FFFE", 0, IRI_PARSE_BAD_CHAR, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, u8"/\U0001FFFE", NULL, NULL } },
	{ u8"http://h/\U0001FFFF", 0, IRI_PARSE_BAD_CHAR, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, u8"/\U0001FFFF", NULL, NULL } },
	{ u8"http://h/\U000DFFFD", 0, OK, 0, NOC, REG,
	  { "http", NULL, "h", NULL, u8"/\U000DFFFD", NULL, NULL } },
	{ u8"http://h/\U000E0001", 0, IRI_PARSE_BAD_CHAR, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, u8"/\U000E0001", NULL, NULL } },
	{ u8"http://h/\U000E0FFF", 0, IRI_PARSE_BAD_CHAR, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, u8"/\U000E0FFF", NULL, NULL } },
	{ u8"http://h/\U000E1000", 0, OK, 0, NOC, REG,
	  { "http", NULL, "h", NULL, u8"/\U000E1000", NULL, NULL } },
	{ u8"http://h/\U000EFFFD", 0, OK, 0, NOC, REG,
	  { "http", NULL, "h", NULL, u8"/\U000EFFFD", NULL, NULL } },
	{ u8"http://h/\U000EFFFE", 0, IRI_PARSE_BAD_CHAR, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, u8"/\U000EFFFE", NULL, NULL } },
	/* iprivate: only in the query. */
	{ u8"http://h/?\uE000\U000F0000\U0010FFFD", 0, OK, 0, NOC, REG,
	  { "http", NULL, "h", NULL, "/", u8"\uE000\U000F0000\U0010FFFD", NULL } },
	{ u8"http://h/a\uE000", 0, IRI_PARSE_PRIVATE_USE, 10, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, u8"/a\uE000", NULL, NULL } },
	{ u8"http://h/#\U0010FFFD", 0, IRI_PARSE_PRIVATE_USE, 10, IRI_COMP_FRAGMENT, REG,
	  { "http", NULL, "h", NULL, "/", NULL, u8"\U0010FFFD" } },
	{ u8"http://\uF8FF/", 0, IRI_PARSE_PRIVATE_USE, 7, IRI_COMP_HOST, REG,
	  { "http", NULL, u8"\uF8FF", NULL, "/", NULL, NULL } },
	{ u8"http://h/?\U0010FFFE", 0, IRI_PARSE_BAD_CHAR, 10, IRI_COMP_QUERY, REG,
	  { "http", NULL, "h", NULL, "/", u8"\U0010FFFE", NULL } },

	/* ---- percent-encoding (RFC 3986 2.1) ---- */
	{ "http://h/%", 0, IRI_PARSE_BAD_PERCENT, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, "/%", NULL, NULL } },
	{ "http://h/%4", 0, IRI_PARSE_BAD_PERCENT, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, "/%4", NULL, NULL } },
	{ "http://h/%GG", 0, IRI_PARSE_BAD_PERCENT, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, "/%GG", NULL, NULL } },
	{ "http://h/%4?x", 0, IRI_PARSE_BAD_PERCENT, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, "/%4", "x", NULL } },
	{ "http://h/?a=%zz", 0, IRI_PARSE_BAD_PERCENT, 12, IRI_COMP_QUERY, REG,
	  { "http", NULL, "h", NULL, "/", "a=%zz", NULL } },
	{ "http://h/%41%c3%a9#%", 0, IRI_PARSE_BAD_PERCENT, 19, IRI_COMP_FRAGMENT, REG,
	  { "http", NULL, "h", NULL, "/%41%c3%a9", NULL, "%" } },
	{ "http://h:%38/", 0, IRI_PARSE_BAD_PORT, 9, IRI_COMP_PORT, REG,
	  { "http", NULL, "h", "%38", "/", NULL, NULL } },

	/* ---- characters URIs and IRIs forbid ---- */
	{ "http://h/a b", 0, IRI_PARSE_BAD_CHAR, 10, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, "/a b", NULL, NULL } },
	{ "http://h/a\tb", 0, IRI_PARSE_BAD_CHAR, 10, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, "/a\tb", NULL, NULL } },
	{ "http://h/#a#b", 0, IRI_PARSE_BAD_CHAR, 11, IRI_COMP_FRAGMENT, REG,
	  { "http", NULL, "h", NULL, "/", NULL, "a#b" } },
	/* RLM is ucschar by the ABNF; RFC 3987 4.1 only says SHOULD NOT (check reports it). */
	{ u8"http://h/\u200F", 0, OK, 0, NOC, REG,
	  { "http", NULL, "h", NULL, u8"/\u200F", NULL, NULL } },

	/* ---- invalid UTF-8 ---- */
	{ "http://h/\xc3(", 0, IRI_PARSE_BAD_UTF8, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, "/\xc3(", NULL, NULL } },
	{ "http://h/a\xff", 0, IRI_PARSE_BAD_UTF8, 10, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, "/a\xff", NULL, NULL } },
	{ "http://h/\xc0\xaf", 0, IRI_PARSE_BAD_UTF8, 9, IRI_COMP_PATH, REG,     /* overlong "/" */
	  { "http", NULL, "h", NULL, "/\xc0\xaf", NULL, NULL } },
	{ "http://h/\xed\xa0\x80", 0, IRI_PARSE_BAD_UTF8, 9, IRI_COMP_PATH, REG, /* surrogate */
	  { "http", NULL, "h", NULL, "/\xed\xa0\x80", NULL, NULL } },
	{ "http://h/\xf4\x90\x80\x80", 0, IRI_PARSE_BAD_UTF8, 9, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, "/\xf4\x90\x80\x80", NULL, NULL } },
	{ "http://h\xe6\x97/", 0, IRI_PARSE_BAD_UTF8, 8, IRI_COMP_HOST, REG,
	  { "http", NULL, "h\xe6\x97", NULL, "/", NULL, NULL } },
	{ "http://h/?\x80", 0, IRI_PARSE_BAD_UTF8, 10, IRI_COMP_QUERY, REG,
	  { "http", NULL, "h", NULL, "/", "\x80", NULL } },

	/* ---- URI_ONLY: RFC 3986 URI-reference ---- */
	{ u8"http://h/r\u00E9sum\u00E9", IRI_PARSE_URI_ONLY, IRI_PARSE_BAD_CHAR, 10, IRI_COMP_PATH, REG,
	  { "http", NULL, "h", NULL, u8"/r\u00E9sum\u00E9", NULL, NULL } },
	{ u8"http://h\u00E9/", IRI_PARSE_URI_ONLY, IRI_PARSE_BAD_CHAR, 8, IRI_COMP_HOST, REG,
	  { "http", NULL, u8"h\u00E9", NULL, "/", NULL, NULL } },
	{ u8"http://h/?\uE000", IRI_PARSE_URI_ONLY, IRI_PARSE_BAD_CHAR, 10, IRI_COMP_QUERY, REG,
	  { "http", NULL, "h", NULL, "/", u8"\uE000", NULL } },
	{ u8"http://h/#\u00E9", IRI_PARSE_URI_ONLY, IRI_PARSE_BAD_CHAR, 10, IRI_COMP_FRAGMENT, REG,
	  { "http", NULL, "h", NULL, "/", NULL, u8"\u00E9" } },
	{ "http://h/r%C3%A9sum%C3%A9?q=%E2%82%AC", IRI_PARSE_URI_ONLY, OK, 0, NOC, REG,
	  { "http", NULL, "h", NULL, "/r%C3%A9sum%C3%A9", "q=%E2%82%AC", NULL } },
	{ "http://xn--rsum-bpad.example.org", IRI_PARSE_URI_ONLY, OK, 0, NOC, REG,
	  { "http", NULL, "xn--rsum-bpad.example.org", NULL, "", NULL, NULL } },
};

static const char *span_text(const iri_ref *r, iri_component c, char *buf, size_t cap)
{
	const iri_span *sp = &r->comp[c];
	if (!sp->present)
		return NULL;
	size_t n = sp->end - sp->start;
	if (n >= cap)
		n = cap - 1;
	memcpy(buf, r->text + sp->start, n);
	buf[n] = '\0';
	return buf;
}

/* Prints s with bytes outside printable ASCII as \xHH. */
static const char *esc(const char *s)
{
	static char out[1024];
	size_t n = 0;
	for (; *s && n + 5 < sizeof out; s++) {
		unsigned char c = (unsigned char)*s;
		if (c >= 0x20 && c < 0x7F) {
			out[n++] = (char)c;
		} else {
			snprintf(out + n, sizeof out - n, "\\x%02X", c);
			n += 4;
		}
	}
	out[n] = '\0';
	return out;
}

static void test_table(void)
{
	char buf[512];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const parse_case *t = &cases[i];
		iri_ref r;
		iri_parse_result res = iri_parse(t->in, strlen(t->in), t->flags, &r);
		const char *in = esc(t->in);
		CHECK(res == r.result, "return value is out->result: %s", in);
		CHECK_STR(iri_parse_result_name(res), iri_parse_result_name(t->result), "result of %s", in);
		if (t->result != OK && res == t->result) {
			CHECK(r.error_byte == t->error_byte, "error byte of %s: got %zu want %zu",
				in, r.error_byte, t->error_byte);
			CHECK_STR(iri_component_name(r.error_comp), iri_component_name(t->error_comp),
				"error component of %s", in);
		}
		if (t->result == OK || t->host_kind != NONE_)
			CHECK(r.host_kind == t->host_kind, "host kind of %s: got %d want %d",
				in, (int)r.host_kind, (int)t->host_kind);
		CHECK(r.has_authority == (t->comp[IRI_COMP_HOST] != NULL), "has_authority of %s", in);
		for (int c = 0; c < IRI_COMP_COUNT; c++) {
			const char *got = span_text(&r, (iri_component)c, buf, sizeof buf);
			const char *want = t->comp[c];
			if (!want || !got)
				CHECK(!want && !got, "%s of %s: got %s, want %s", iri_component_name((iri_component)c),
					in, got ? "present" : "absent", want ? "present" : "absent");
			else
				CHECK_STR(got, want, "%s of %s", iri_component_name((iri_component)c), in);
		}
		/* iri_split() finds the same components without validating. */
		iri_ref s;
		iri_split(t->in, strlen(t->in), &s);
		for (int c = 0; c < IRI_COMP_COUNT; c++)
			CHECK(s.comp[c].present == r.comp[c].present && s.comp[c].start == r.comp[c].start &&
			      s.comp[c].end == r.comp[c].end, "split agrees on %s of %s",
			      iri_component_name((iri_component)c), in);
		CHECK(s.result == OK, "split does not validate: %s", in);
	}
}

/* Code point offsets of the components, on non-ASCII text. */
static void test_cp_offsets(void)
{
	/* http://例え.テスト:8/パス?クエリ#断片 */
	const char *in = u8"http://\u4F8B\u3048.\u30C6\u30B9\u30C8:8/\u30D1\u30B9?\u30AF\u30A8\u30EA#\u65AD\u7247";
	static const struct { iri_component c; size_t cp_start, cp_end, start, end; } want[] = {
		{ IRI_COMP_SCHEME, 0, 4, 0, 4 },
		{ IRI_COMP_HOST, 7, 13, 7, 23 },
		{ IRI_COMP_PORT, 14, 15, 24, 25 },
		{ IRI_COMP_PATH, 15, 18, 25, 32 },
		{ IRI_COMP_QUERY, 19, 22, 33, 42 },
		{ IRI_COMP_FRAGMENT, 23, 25, 43, 49 },
	};
	iri_ref r;
	CHECK(iri_parse(in, strlen(in), IRI_PARSE_IRI, &r) == OK, "cp example parses");
	CHECK(r.len == 49, "length %zu", r.len);
	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
		const iri_span *sp = &r.comp[want[k].c];
		const char *name = iri_component_name(want[k].c);
		CHECK(sp->present, "%s present", name);
		CHECK(sp->start == want[k].start && sp->end == want[k].end, "%s bytes %zu..%zu", name,
			sp->start, sp->end);
		CHECK(sp->cp_start == want[k].cp_start && sp->cp_end == want[k].cp_end,
			"%s code points %zu..%zu, want %zu..%zu", name, sp->cp_start, sp->cp_end,
			want[k].cp_start, want[k].cp_end);
	}
	CHECK(!r.comp[IRI_COMP_USERINFO].present, "no userinfo");
	CHECK(iri_utf8_count_cp(in, strlen(in)) == 25, "25 code points");

	/* With an emoji (4 bytes) and invalid bytes (one code point each). */
	const char *in2 = u8"x:\U0001F600/\u00E9" "\xff" "?q";
	CHECK(iri_parse(in2, strlen(in2), IRI_PARSE_IRI, &r) == IRI_PARSE_BAD_UTF8, "bad UTF-8 in path");
	CHECK(r.error_byte == 9, "error byte %zu", r.error_byte);
	CHECK(r.comp[IRI_COMP_PATH].cp_start == 2 && r.comp[IRI_COMP_PATH].cp_end == 6,
		"path code points %zu..%zu", r.comp[IRI_COMP_PATH].cp_start, r.comp[IRI_COMP_PATH].cp_end);
	CHECK(r.comp[IRI_COMP_QUERY].cp_start == 7 && r.comp[IRI_COMP_QUERY].cp_end == 8,
		"query code points %zu..%zu", r.comp[IRI_COMP_QUERY].cp_start, r.comp[IRI_COMP_QUERY].cp_end);
	/* Each byte of an ill-formed sequence is a position (overlong C0 AF,
	 * surrogate ED A0 80): the rule render uses too (test_render checks 8). */
	const char *in3 = "a\xC0\xAF" "b\xED\xA0\x80" "c";
	CHECK(iri_utf8_count_cp(in3, strlen(in3)) == 8, "ill-formed bytes: %zu positions",
		iri_utf8_count_cp(in3, strlen(in3)));
}

/* The character-class and address helpers on their own. */
static void test_helpers(void)
{
	static const struct { const char *s; bool v4, v6, vf; } addrs[] = {
		{ "0.0.0.0", true, false, false },
		{ "255.255.255.255", true, false, false },
		{ "256.0.0.0", false, false, false },
		{ "1.2.3.04", false, false, false },
		{ "1.2.3.", false, false, false },
		{ ".1.2.3", false, false, false },
		{ "", false, false, false },
		{ "::", false, true, false },
		{ "1:2:3:4:5:6:7:8", false, true, false },
		{ "1:2:3:4:5:6:7:8:9", false, false, false },
		{ "::ffff:10.0.0.1", false, true, false },
		{ "1::2::3", false, false, false },
		{ "abcd:ef01::", false, true, false },
		{ "abcde::", false, false, false },
		{ "v1.a", false, false, true },
		{ "v1a", false, false, false },
		{ "vz.a", false, false, false },
		{ "v1.a/b", false, false, false },
	};
	for (size_t i = 0; i < sizeof addrs / sizeof addrs[0]; i++) {
		const char *s = addrs[i].s;
		CHECK(iri_is_ipv4(s, strlen(s)) == addrs[i].v4, "ipv4 %s", s);
		CHECK(iri_is_ipv6(s, strlen(s)) == addrs[i].v6, "ipv6 %s", s);
		CHECK(iri_is_ipvfuture(s, strlen(s)) == addrs[i].vf, "ipvfuture %s", s);
	}
	static const struct { uint32_t cp; bool ucs, priv; } cls[] = {
		{ 0x7F, false, false }, { 0x9F, false, false }, { 0xA0, true, false },
		{ 0xD7FF, true, false }, { 0xD800, false, false }, { 0xE000, false, true },
		{ 0xF8FF, false, true }, { 0xF900, true, false }, { 0xFDCF, true, false },
		{ 0xFDD0, false, false }, { 0xFDEF, false, false }, { 0xFDF0, true, false },
		{ 0xFFEF, true, false }, { 0xFFFD, false, false }, { 0x10000, true, false },
		{ 0x1FFFD, true, false }, { 0x1FFFE, false, false }, { 0x2FFFF, false, false },
		{ 0xE0000, false, false }, { 0xE0FFF, false, false }, { 0xE1000, true, false },
		{ 0xEFFFD, true, false }, { 0xEFFFE, false, false }, { 0xF0000, false, true },
		{ 0xFFFFD, false, true }, { 0xFFFFE, false, false }, { 0x100000, false, true },
		{ 0x10FFFD, false, true }, { 0x10FFFF, false, false }, { 0x110000, false, false },
	};
	for (size_t i = 0; i < sizeof cls / sizeof cls[0]; i++) {
		CHECK(iri_is_ucschar(cls[i].cp) == cls[i].ucs, "ucschar U+%04X", (unsigned)cls[i].cp);
		CHECK(iri_is_iprivate(cls[i].cp) == cls[i].priv, "iprivate U+%04X", (unsigned)cls[i].cp);
	}
	const char *unres = "-._~azAZ09";
	for (const char *p = unres; *p; p++)
		CHECK(iri_is_unreserved_ascii((unsigned char)*p), "unreserved %c", *p);
	const char *gen = ":/?#[]@", *sub = "!$&'()*+,;=";
	for (const char *p = gen; *p; p++)
		CHECK(iri_is_gen_delim((unsigned char)*p) && !iri_is_sub_delim((unsigned char)*p) &&
		      !iri_is_unreserved_ascii((unsigned char)*p), "gen-delim %c", *p);
	for (const char *p = sub; *p; p++)
		CHECK(iri_is_sub_delim((unsigned char)*p) && !iri_is_gen_delim((unsigned char)*p), "sub-delim %c", *p);
	CHECK(!iri_is_gen_delim(0) && !iri_is_sub_delim(0), "NUL is no delimiter");
	CHECK(!iri_is_unreserved_ascii('%') && !iri_is_sub_delim('%'), "%% is neither");

	CHECK_STR(iri_component_name(IRI_COMP_FRAGMENT), "fragment", "component name");
	CHECK_STR(iri_component_name(IRI_COMP_NONE), "none", "component none");
	CHECK_STR(iri_parse_result_name(IRI_PARSE_COLON_IN_FIRST_SEGMENT), "COLON_IN_FIRST_SEGMENT", "name");
	CHECK_STR(iri_parse_result_name(IRI_PARSE_RESULT_COUNT), "UNKNOWN", "name past the end");
	/* A NUL inside the length is a control character, not the end. */
	iri_ref r;
	CHECK(iri_parse("x:a\0b", 5, IRI_PARSE_IRI, &r) == IRI_PARSE_BAD_CHAR && r.error_byte == 3,
		"embedded NUL");
}

/* The ASCII table against RFC 3986's character classes, written out here
 * independently: every component, every ASCII byte. */
static void test_ascii_table(void)
{
	const char *unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
	const char *sub = "!$&'()*+,;=";
	static const struct {
		iri_component comp;
		const char *extra;        /* beyond unreserved and sub-delims */
		bool classes;             /* unreserved and sub-delims allowed */
	} rows[] = {
		{ IRI_COMP_SCHEME, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-.", false },
		{ IRI_COMP_USERINFO, ":", true },
		{ IRI_COMP_HOST, "", true },
		{ IRI_COMP_PORT, "0123456789", false },
		{ IRI_COMP_PATH, ":@/", true },
		{ IRI_COMP_QUERY, ":@/?", true },
		{ IRI_COMP_FRAGMENT, ":@/?", true },
		{ IRI_COMP_NONE, "", false },
	};
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		for (uint32_t c = 0; c < 0x80; c++) {
			bool want = c && ((rows[r].classes && (strchr(unreserved, (int)c) || strchr(sub, (int)c))) ||
			                  strchr(rows[r].extra, (int)c));
			CHECK(iri_ascii_ok(rows[r].comp, c) == want, "%s: 0x%02X", iri_component_name(rows[r].comp), c);
			if (rows[r].comp != IRI_COMP_NONE && c != '%')
				CHECK((iri_parse_check_cp(rows[r].comp, c, IRI_PARSE_IRI) == IRI_PARSE_OK) == want,
					"check_cp %s: 0x%02X", iri_component_name(rows[r].comp), c);
		}
	}
	CHECK(!iri_ascii_ok(IRI_COMP_PATH, 0xC3), "non-ASCII is never in the table");
}

int main(void)
{
	/* The parser needs no ICU objects; a context is made like everywhere else
	 * so the suite exercises the same set-up. */
	iri_ctx *ctx = iri_ctx_new(NULL);
	CHECK(ctx != NULL, "context");
	test_table();
	test_cp_offsets();
	test_helpers();
	test_ascii_table();
	iri_ctx_free(ctx);
	return tcheck_done("parse");
}
