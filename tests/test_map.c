/* IRI -> URI (RFC 3987 3.1) and URI -> IRI (RFC 3987 3.2): tables of inputs
 * and expected outputs, with every example of RFC 3987 3.1, 3.2 and 3.2.1. */
#include <stdio.h>
#include <string.h>

#include "iri_buf.h"
#include "iri_ctx.h"
#include "iri_diag.h"
#include "iri_map.h"
#include "iri_parse.h"
#include "iri_utf8.h"
#include "tcheck.h"

#define IDNA IRI_HOSTMODE_IDNA
#define PCT IRI_HOSTMODE_PERCENT
#define ZLD IRI_HOSTMODE_ZLD


/* ---- IRI -> URI ---------------------------------------------------------- */

typedef struct {
	const char *in;
	size_t len;             /* 0: strlen(in) */
	iri_host_mode host;
	bool nfc;
	const char *uri;
} to_uri_case;

static const to_uri_case to_uri_cases[] = {
	/* RFC 3987 3.1: the host, both ways step 2 allows. */
	{ u8"http://r\u00E9sum\u00E9.example.org", 0, PCT, false, "http://r%C3%A9sum%C3%A9.example.org" },
	{ u8"http://r\u00E9sum\u00E9.example.org", 0, IDNA, false, "http://xn--rsum-bpad.example.org" },
	/* RFC 3987 3.1: an existing escape is kept, the new one added. */
	{ u8"http://www.example.org/red%09ros\u00E9#red", 0, IDNA, false,
	  "http://www.example.org/red%09ros%C3%A9#red" },
	{ u8"http://www.example.org/red%09ros\u00E9#red", 0, PCT, false,
	  "http://www.example.org/red%09ros%C3%A9#red" },
	/* RFC 3987 3.2, backwards: Old Italic, 4-byte UTF-8. */
	{ u8"http://example.com/\U00010300\U00010301\U00010302", 0, IDNA, false,
	  "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82" },
	/* RFC 3987 3.2.1, backwards. */
	{ u8"http://www.example.org/r\u00E9sum\u00E9.html", 0, IDNA, false,
	  "http://www.example.org/r%C3%A9sum%C3%A9.html" },
	{ u8"http://www.example.org/D\u00FCrst", 0, IDNA, false, "http://www.example.org/D%C3%BCrst" },
	{ "http://www.example.org/D%FCrst", 0, IDNA, false, "http://www.example.org/D%FCrst" },
	{ u8"http://\u7D0D\u8C46.example.org/%E2%80%AE", 0, IDNA, false,
	  "http://xn--99zt52a.example.org/%E2%80%AE" },
	{ u8"http://\u7D0D\u8C46.example.org/%E2%80%AE", 0, PCT, false,
	  "http://%E7%B4%8D%E8%B1%86.example.org/%E2%80%AE" },
	/* the contract's example: escapes already there are kept. */
	{ u8"http://www.example.org/ros%C3%A9/D\u00FCrst", 0, IDNA, false,
	  "http://www.example.org/ros%C3%A9/D%C3%BCrst" },
	/* The 1998 ".i" form (seed 000, 3.3). */
	{ u8"http://\u60C5\u5831.\u7406.\u6771\u5927.\u5B66.\u65E5\u672C/", 0, ZLD, false,
	  "http://M0C5L831.N406.M771L927.LB66.M5E5M72C.i/" },
	{ u8"http://\u60C5\u5831.\u7406.\u6771\u5927.\u5B66.\u65E5\u672C/", 0, IDNA, false,
	  "http://xn--ols92r.xn--8ey.xn--pss754a.xn--48s.xn--wgv71a/" },
	{ "http://example.org/", 0, ZLD, false, "http://example.org/" },      /* ASCII: as written */
	/* Step 1 variants A/B: NFC first, only when asked. */
	{ u8"http://h/e\u0301", 0, IDNA, true, "http://h/%C3%A9" },
	{ u8"http://h/e\u0301", 0, IDNA, false, "http://h/e%CC%81" },
	{ u8"http://h/\u212B", 0, IDNA, true, "http://h/%C3%85" },            /* ANGSTROM SIGN -> A-ring */
	{ u8"http://h/\uFF41", 0, IDNA, true, "http://h/%EF%BD%81" },         /* NFC, not NFKC */
	{ "http://h/plain", 0, IDNA, true, "http://h/plain" },
	/* Stray "%", forbidden ASCII, controls. */
	{ "http://h/100%", 0, IDNA, false, "http://h/100%25" },
	{ "http://h/%4", 0, IDNA, false, "http://h/%254" },
	{ "http://h/%GG%41", 0, IDNA, false, "http://h/%25GG%41" },
	{ "http://h/a b", 0, IDNA, false, "http://h/a%20b" },
	{ "http://h/<>\"{}|\\^`", 0, IDNA, false, "http://h/%3C%3E%22%7B%7D%7C%5C%5E%60" },
	{ "http://h/\x01\x1f\x7f", 0, IDNA, false, "http://h/%01%1F%7F" },
	{ "http://h/a\0b", 12, IDNA, false, "http://h/a%00b" },
	{ "http://h/\xc2\x85\xc2\x9f", 0, IDNA, false, "http://h/%C2%85%C2%9F" },   /* C1 */
	{ u8"http://h/\u200F\u202E", 0, IDNA, false, "http://h/%E2%80%8F%E2%80%AE" },
	/* Invalid UTF-8: byte by byte. */
	{ "http://h/\xc3(", 0, IDNA, false, "http://h/%C3(" },
	{ "http://h/\xff\xfe", 0, IDNA, false, "http://h/%FF%FE" },
	{ "http://h/\xc0\xaf", 0, IDNA, false, "http://h/%C0%AF" },
	{ "http://h/\xed\xa0\x80", 0, IDNA, false, "http://h/%ED%A0%80" },
	{ "http://h\xff/", 0, IDNA, false, "http://h%FF/" },
	{ "http://h\xff/", 0, ZLD, false, "http://h%FF/" },
	/* A host UTS #46 rejects falls back to %-escaped UTF-8. */
	{ u8"http://\u00E9_x.example/", 0, IDNA, false, "http://%C3%A9_x.example/" },
	{ u8"http://-\u00E9.example/", 0, IDNA, false, "http://-%C3%A9.example/" },
	{ u8"http://a b\u00E9/", 0, IDNA, false, "http://a%20b%C3%A9/" },
	/* IP literals are never touched by host mapping. */
	{ u8"http://[::1]:80/\u00E9", 0, IDNA, false, "http://[::1]:80/%C3%A9" },
	{ u8"http://[::1]:80/\u00E9", 0, ZLD, false, "http://[::1]:80/%C3%A9" },
	{ "http://192.0.2.1/", 0, ZLD, false, "http://192.0.2.1/" },
	/* Userinfo, port, query, fragment. */
	{ u8"http://J\u00FCrgen@b\u00FCcher.example:8080/?\u00E9#\u00E9", 0, IDNA, false,
	  "http://J%C3%BCrgen@xn--bcher-kva.example:8080/?%C3%A9#%C3%A9" },
	{ u8"http://h/?\uE000", 0, IDNA, false, "http://h/?%EE%80%80" },       /* iprivate */
	/* An ASCII host is left as written: A-labels, %-escapes, upper case. */
	{ "http://XN--Bcher-kva.Example/", 0, IDNA, false, "http://XN--Bcher-kva.Example/" },
	{ "http://%C3%BC.example/", 0, IDNA, false, "http://%C3%BC.example/" },
	{ "http://%C3%BC.example/", 0, ZLD, false, "http://%C3%BC.example/" },
	/* A URI maps to itself. */
	{ "http://xn--rsum-bpad.example.org/r%C3%A9sum%C3%A9?q=%7e#%2F", 0, IDNA, false,
	  "http://xn--rsum-bpad.example.org/r%C3%A9sum%C3%A9?q=%7e#%2F" },
	{ "mailto:someone@example.com", 0, IDNA, false, "mailto:someone@example.com" },
	{ "", 0, IDNA, false, "" },
	/* Relative references and no authority. */
	{ u8"/\u05D0/\u05D1?x", 0, IDNA, false, "/%D7%90/%D7%91?x" },
	{ u8"urn:\u00E9", 0, PCT, false, "urn:%C3%A9" },
	/* Non-ASCII scheme: escaped like anything else. */
	{ u8"h\u00E9:x", 0, IDNA, false, "h%C3%A9:x" },
};

static void test_to_uri(iri_ctx *ctx)
{
	iri_buf out, again;
	iri_buf_init(&out);
	iri_buf_init(&again);
	for (size_t i = 0; i < sizeof to_uri_cases / sizeof to_uri_cases[0]; i++) {
		const to_uri_case *t = &to_uri_cases[i];
		size_t len = t->len ? t->len : strlen(t->in);
		iri_to_uri_opts o = { .nfc = t->nfc, .host = t->host };
		iri_map_result r = iri_to_uri(ctx, t->in, len, &o, &out);
		const char *in = tcheck_esc(t->in, len);
		CHECK(r == IRI_MAP_OK, "to-uri of %s: %s", in, iri_map_result_name(r));
		CHECK_STR(out.data ? out.data : "", t->uri, "to-uri (host mode %d, nfc %d) of %s",
			(int)t->host, (int)t->nfc, in);
		/* Idempotent: the result is a URI. */
		iri_to_uri(ctx, out.data ? out.data : "", out.len, &o, &again);
		CHECK_STR(again.data ? again.data : "", t->uri, "to-uri twice of %s", in);
	}
	/* opts may be NULL: IDNA, no NFC. */
	const char *in = u8"http://b\u00FCcher.example/";
	CHECK(iri_to_uri(ctx, in, strlen(in), NULL, &out) == IRI_MAP_OK, "NULL opts");
	CHECK_STR(out.data, "http://xn--bcher-kva.example/", "NULL opts");
	/* The output cap is reported, not overrun. */
	iri_buf small;
	iri_buf_init(&small);
	small.cap = 8;
	CHECK(iri_to_uri(ctx, in, strlen(in), NULL, &small) == IRI_MAP_NO_MEMORY, "cap reached");
	CHECK(small.len <= 8, "cap kept: %zu", small.len);
	iri_buf_fini(&small);
	iri_buf_fini(&out);
	iri_buf_fini(&again);
}

/* ---- URI -> IRI ---------------------------------------------------------- */

/* RFC 3986 6.2.2.1 and 6.2.2.2: escapes in upper case, escapes of unreserved
 * ASCII decoded. */
static const char *normalise(const char *s, char *out, size_t cap)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t k = 0;
	uint8_t o;
	for (size_t i = 0, n = strlen(s); i < n && k + 4 < cap; i++) {
		if (iri_pct_at(s, n, i, &o)) {
			if (iri_is_unreserved_ascii(o)) {
				out[k++] = (char)o;
			} else {
				out[k++] = '%';
				out[k++] = hex[o >> 4];
				out[k++] = hex[o & 0xF];
			}
			i += 2;
		} else {
			out[k++] = s[i];
		}
	}
	out[k] = '\0';
	return out;
}

typedef struct {
	const char *in;
	iri_host_out host;
	const char *charset;
	const char *iri;
	bool legacy;            /* LEGACY_CHARSET expected in diags */
} to_iri_case;

#define KEEP IRI_HOSTOUT_KEEP
#define UNI IRI_HOSTOUT_UNICODE

static const to_iri_case to_iri_cases[] = {
	/* RFC 3987 3.2 */
	{ "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82", KEEP, NULL,
	  u8"http://example.com/\U00010300\U00010301\U00010302", false },
	/* RFC 3987 3.2.1 */
	{ "http://www.example.org/r%C3%A9sum%C3%A9.html", KEEP, NULL,
	  u8"http://www.example.org/r\u00E9sum\u00E9.html", false },
	{ "http://www.example.org/r%E9sum%E9.html", KEEP, NULL,
	  "http://www.example.org/r%E9sum%E9.html", false },
	{ "http://www.example.org/D%C3%BCrst", KEEP, NULL, u8"http://www.example.org/D\u00FCrst", false },
	{ "http://www.example.org/D%FCrst", KEEP, NULL, "http://www.example.org/D%FCrst", false },
	{ "http://xn--99zt52a.example.org/%e2%80%ae", KEEP, NULL,
	  "http://xn--99zt52a.example.org/%E2%80%AE", false },
	{ "http://xn--99zt52a.example.org/%e2%80%ae", UNI, NULL,
	  u8"http://\u7D0D\u8C46.example.org/%E2%80%AE", false },
	/* the contract's example the other way. */
	{ "http://www.example.org/ros%C3%A9/D%C3%BCrst", KEEP, NULL,
	  u8"http://www.example.org/ros\u00E9/D\u00FCrst", false },
	{ "http://www.example.org/r%c3%a9sum%c3%a9", KEEP, NULL,     /* lower-case escapes */
	  u8"http://www.example.org/r\u00E9sum\u00E9", false },
	/* What stays escaped: overlong, surrogate, truncated, not UTF-8. */
	{ "http://h/%C0%AF", KEEP, NULL, "http://h/%C0%AF", false },
	{ "http://h/%E0%80%AF", KEEP, NULL, "http://h/%E0%80%AF", false },
	{ "http://h/%ED%A0%80", KEEP, NULL, "http://h/%ED%A0%80", false },
	{ "http://h/%ED%A0%80%ED%B0%80", KEEP, NULL, "http://h/%ED%A0%80%ED%B0%80", false },
	{ "http://h/%F4%90%80%80", KEEP, NULL, "http://h/%F4%90%80%80", false },
	{ "http://h/%C3", KEEP, NULL, "http://h/%C3", false },
	{ "http://h/%C3%C3%A9", KEEP, NULL, u8"http://h/%C3\u00E9", false },
	{ "http://h/%A9", KEEP, NULL, "http://h/%A9", false },
	/* Bidi controls (RFC 3987 4.1) and other characters not appropriate. */
	{ "http://h/%E2%80%8F", KEEP, NULL, "http://h/%E2%80%8F", false },       /* RLM */
	{ "http://h/%E2%80%8E", KEEP, NULL, "http://h/%E2%80%8E", false },       /* LRM */
	{ "http://h/%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD%E2%80%AE", KEEP, NULL,
	  "http://h/%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD%E2%80%AE", false },   /* LRE..RLO */
	{ "http://h/%E2%81%A6%E2%81%A7%E2%81%A8%E2%81%A9", KEEP, NULL,
	  "http://h/%E2%81%A6%E2%81%A7%E2%81%A8%E2%81%A9", false },             /* LRI..PDI */
	{ "http://h/%D8%9C", KEEP, NULL, "http://h/%D8%9C", false },             /* ALM */
	{ "http://h/%D7%90%E2%80%8F%D7%91", KEEP, NULL, u8"http://h/\u05D0%E2%80%8F\u05D1", false },
	{ "http://h/%E3%80%80", KEEP, NULL, "http://h/%E3%80%80", false },       /* IDEOGRAPHIC SPACE */
	{ "http://h/%C2%A0", KEEP, NULL, "http://h/%C2%A0", false },             /* NBSP */
	{ "http://h/%E2%80%8B", KEEP, NULL, "http://h/%E2%80%8B", false },       /* ZWSP */
	{ "http://h/%C2%AD", KEEP, NULL, "http://h/%C2%AD", false },             /* SOFT HYPHEN */
	{ "http://h/%EF%BC%8F", KEEP, NULL, "http://h/%EF%BC%8F", false },       /* FULLWIDTH SOLIDUS */
	{ "http://h/%E2%88%95", KEEP, NULL, "http://h/%E2%88%95", false },       /* DIVISION SLASH */
	{ "http://h/%C2%85", KEEP, NULL, "http://h/%C2%85", false },             /* C1 NEL */
	{ "http://h/%EF%B7%90", KEEP, NULL, "http://h/%EF%B7%90", false },       /* noncharacter */
	{ "http://h/%EE%80%80", KEEP, NULL, "http://h/%EE%80%80", false },       /* iprivate in a path */
	{ "http://h/?%EE%80%80", KEEP, NULL, u8"http://h/?\uE000", false },      /* ... allowed in a query */
	{ "http://h/%F3%A0%80%81", KEEP, NULL, "http://h/%F3%A0%80%81", false }, /* TAG, not ucschar */
	{ "http://h/%CD%B8", KEEP, NULL, "http://h/%CD%B8", false },             /* unassigned U+0378 */
	/* ZWNJ in a Persian word is decoded: it is needed there. */
	{ "http://h/%D9%85%DB%8C%E2%80%8C%D8%AE%D9%88%D8%A7%D9%87%D9%85", KEEP, NULL,
	  u8"http://h/\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645", false },
	/* RFC 3987 3.2 step 2: ASCII.  Unreserved is decoded; the rest stays. */
	{ "http://h/%7E%41%2d%2E%5f%30", KEEP, NULL, "http://h/~A-._0", false },
	{ "http://h/a%2Fb%2fc", KEEP, NULL, "http://h/a%2Fb%2fc", false },
	{ "http://h/100%25", KEEP, NULL, "http://h/100%25", false },
	{ "http://h/%20%3F%23%00%7F", KEEP, NULL, "http://h/%20%3F%23%00%7F", false },
	{ "http://h/%", KEEP, NULL, "http://h/%", false },                       /* stray "%" kept */
	{ "http://h/%%C3%A9", KEEP, NULL, u8"http://h/%\u00E9", false },
	/* Raw text is already IRI; ill-formed bytes get escaped. */
	{ u8"http://h/\u00E9%C3%A9", KEEP, NULL, u8"http://h/\u00E9\u00E9", false },
	{ "http://h/\xff", KEEP, NULL, "http://h/%FF", false },
	/* Escapes in other components. */
	{ "http://J%C3%BCrgen@h/?q=%C3%A9#%C3%A9", KEEP, NULL, u8"http://J\u00FCrgen@h/?q=\u00E9#\u00E9", false },
	{ "http://h/%23?%23#%23", KEEP, NULL, "http://h/%23?%23#%23", false },
	/* Hosts: kept, or to Unicode on request (A-labels, %-escapes, ".i"). */
	{ "http://%E7%B4%8D%E8%B1%86.example.org/", KEEP, NULL,
	  "http://%E7%B4%8D%E8%B1%86.example.org/", false },
	{ "http://%E7%B4%8D%E8%B1%86.example.org/", UNI, NULL, u8"http://\u7D0D\u8C46.example.org/", false },
	{ "http://M0C5L831.N406.M771L927.LB66.M5E5M72C.i/", UNI, NULL,
	  u8"http://\u60C5\u5831.\u7406.\u6771\u5927.\u5B66.\u65E5\u672C/", false },
	{ "http://xn--bcher-kva.example/", UNI, NULL, u8"http://b\u00FCcher.example/", false },
	{ "http://www.Example.COM/", UNI, NULL, "http://www.Example.COM/", false }, /* plain ASCII: as written */
	{ "http://[::1]/%C3%A9", UNI, NULL, u8"http://[::1]/\u00E9", false },
	{ "http://xn--a.example/", UNI, NULL, "http://xn--a.example/", false },  /* bad A-label: kept */
	{ u8"http://B\u00FCcher.example/", UNI, NULL, u8"http://B\u00FCcher.example/", false }, /* not case-mapped */
	/* An empty host (the walk goes on after it), and bad bytes in a kept host. */
	{ "http:///x%C3%A9", KEEP, NULL, u8"http:///x\u00E9", false },
	{ "file:///%C3%A9", UNI, NULL, u8"file:///\u00E9", false },
	{ "//", KEEP, NULL, "//", false },
	{ "http://a\xe5" "b%A9/%C3%A9", KEEP, NULL, u8"http://a%E5b%A9/\u00E9", false },
	{ "http://a\xe5" "b/", UNI, NULL, "http://a%E5b/", false },
	/* ZWJ/ZWNJ are decoded only where they have an effect (RFC 5892 A.1/A.2
	 * CONTEXTJ, emoji sequences); elsewhere they are invisible: escaped. */
	{ "http://a/a%E2%80%8Db", KEEP, NULL, "http://a/a%E2%80%8Db", false },
	{ "http://a/%D9%86%D8%A7%D9%85%D9%87%E2%80%8C%D8%A7%DB%8C", KEEP, NULL,
	  u8"http://a/\u0646\u0627\u0645\u0647\u200C\u0627\u06CC", false },   /* Persian: ZWNJ between joining letters */
	{ "http://a/%E0%A4%95%E0%A5%8D%E2%80%8D%E0%A4%B7", KEEP, NULL,
	  u8"http://a/\u0915\u094D\u200D\u0937", false },                           /* after a virama */
	{ "http://a/%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9", KEEP, NULL,
	  u8"http://a/\U0001F468\u200D\U0001F469", false },                          /* emoji ZWJ sequence */
	/* Escapes in the scheme or port are not allowed at all: none decoded. */
	{ "http://a:%38%30/", KEEP, NULL, "http://a:%38%30/", false },
	/* --charset: the escapes read in a legacy charset. */
	{ "http://h/%93%FA%96%7B", KEEP, "Shift_JIS", u8"http://h/\u65E5\u672C", true },
	{ "http://h/%C6%FC%CB%DC", KEEP, "EUC-JP", u8"http://h/\u65E5\u672C", true },
	{ "http://h/%F9%EC%E5%ED", KEEP, "ISO-8859-8", u8"http://h/\u05E9\u05DC\u05D5\u05DD", true },
	{ "http://h/%E3%D1%CD%C8%C7", KEEP, "windows-1256",
	  u8"http://h/\u0645\u0631\u062D\u0628\u0627", true },
	{ "http://h/%E9t%E9", KEEP, "ISO-8859-1", u8"http://h/\u00E9t\u00E9", true },
	/* ASCII-only runs are not the charset's business. */
	{ "http://h/%41%2F", KEEP, "Shift_JIS", "http://h/A%2F", false },
	/* Trail bytes that are ASCII: escaped ({ in 96 7B) or raw (as real
	 * Shift_JIS URLs have them: 83 65 83 58 83 67 is テスト). */
	{ "http://example.jp/?q=%83e%83X%83g", KEEP, "Shift_JIS", u8"http://example.jp/?q=\u30C6\u30B9\u30C8", true },
	/* A character that may not appear decoded keeps its own escapes only. */
	{ "http://h/%E9%2F%E9", KEEP, "ISO-8859-1", u8"http://h/\u00E9%2F\u00E9", true },
	{ "http://h/%E9%FD", KEEP, "ISO-8859-8", u8"http://h/\u05D9%FD", true },   /* LRM stays escaped */
	/* What the charset cannot read stays escaped: no silent fallback to
	 * UTF-8 when a charset was asked for; LEGACY_CHARSET says so. */
	{ "http://h/%FF", KEEP, "ISO-8859-8", "http://h/%FF", true },
	{ "http://h/%FD", KEEP, "ISO-8859-8", "http://h/%FD", true },               /* LRM there */
	{ "http://h/%93", KEEP, "Shift_JIS", "http://h/%93", true },                /* half a character */
	{ "http://h/%81%40", KEEP, "Shift_JIS", "http://h/%81%40", true },          /* IDEOGRAPHIC SPACE */
	{ "http://h/%C3%A9", KEEP, "US-ASCII", "http://h/%C3%A9", true },
	{ "http://h/%E3%83%95", KEEP, "EUC-JP", "http://h/%E3%83%95", true },       /* UTF-8, not EUC-JP */
};

static void test_to_iri(iri_ctx *ctx)
{
	iri_buf out, back;
	iri_buf_init(&out);
	iri_buf_init(&back);
	iri_diags *d = iri_diags_new();
	for (size_t i = 0; i < sizeof to_iri_cases / sizeof to_iri_cases[0]; i++) {
		const to_iri_case *t = &to_iri_cases[i];
		size_t len = strlen(t->in);
		iri_to_iri_opts o = { .host = t->host, .charset = t->charset };
		iri_diags_clear(d);
		iri_map_result r = iri_to_iri(ctx, t->in, len, &o, &out, d);
		iri_diags_finish(d, t->in, len);
		const char *in = tcheck_esc(t->in, len);
		CHECK(r == IRI_MAP_OK, "to-iri of %s: %s", in, iri_map_result_name(r));
		CHECK_STR(out.data ? out.data : "", t->iri, "to-iri (host %d, charset %s) of %s",
			(int)t->host, t->charset ? t->charset : "-", in);
		bool legacy = false;
		for (size_t k = 0; k < iri_diags_count(d); k++) {
			const iri_diag *g = iri_diags_get(d, k);
			if (g->code == IRI_D_LEGACY_CHARSET) {
				legacy = true;
				CHECK(g->byte_start >= 9 && g->byte_end <= len && g->byte_start < g->byte_end,
					"LEGACY_CHARSET span %zu..%zu in %s", g->byte_start, g->byte_end, in);
				CHECK(g->severity == IRI_SEV_INFO, "LEGACY_CHARSET is info");
			}
		}
		CHECK(legacy == t->legacy, "LEGACY_CHARSET %s for %s", t->legacy ? "expected" : "unexpected", in);
		/* Back to a URI: a valid URI comes back up to hex case and the
		 * unreserved ASCII that step 2 decodes (RFC 3986 6.2.2.1-2). */
		iri_ref ref;
		if (!t->charset && t->host == KEEP &&
		    iri_parse(t->in, len, IRI_PARSE_URI_ONLY, &ref) == IRI_PARSE_OK) {
			iri_to_uri(ctx, out.data ? out.data : "", out.len, NULL, &back);
			char a[256], b[256];
			CHECK_STR(normalise(back.data ? back.data : "", a, sizeof a),
				normalise(t->in, b, sizeof b), "to-uri(to-iri(u)) for %s", in);
		}
	}
	/* The exact round trip of RFC 3987 3.2's example. */
	const char *u = "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82";
	iri_to_iri(ctx, u, strlen(u), NULL, &out, NULL);
	iri_to_uri(ctx, out.data, out.len, NULL, &back);
	CHECK_STR(back.data, u, "RFC 3987 3.2 round trip");
	u = "http://www.example.org/r%C3%A9sum%C3%A9.html";
	iri_to_iri(ctx, u, strlen(u), NULL, &out, NULL);
	iri_to_uri(ctx, out.data, out.len, NULL, &back);
	CHECK_STR(back.data, u, "RFC 3987 3.2.1 round trip");

	/* An unknown charset is reported, not guessed. */
	iri_to_iri_opts bad = { .host = KEEP, .charset = "no-such-charset-x" };
	CHECK(iri_to_iri(ctx, "a%E9", 4, &bad, &out, NULL) == IRI_MAP_BAD_CHARSET, "bad charset");
	CHECK_STR(iri_map_result_name(IRI_MAP_BAD_CHARSET), "BAD_CHARSET", "result name");
	/* The converter is reused across calls and across charsets. */
	iri_to_iri_opts sjis = { .host = KEEP, .charset = "Shift_JIS" };
	iri_to_iri_opts heb = { .host = KEEP, .charset = "ISO-8859-8" };
	for (int k = 0; k < 3; k++) {
		iri_to_iri(ctx, "%93%FA", 6, &sjis, &out, NULL);
		CHECK_STR(out.data, u8"\u65E5", "Shift_JIS again (%d)", k);
		iri_to_iri(ctx, "%F9", 3, &heb, &out, NULL);
		CHECK_STR(out.data, u8"\u05E9", "ISO-8859-8 again (%d)", k);
	}
	iri_diags_free(d);
	iri_buf_fini(&out);
	iri_buf_fini(&back);
}

/* Charsets whose octets cannot be read from %HH runs are refused, and a run
 * longer than the converter's window is cut between characters. */
static void test_charset_edges(iri_ctx *ctx)
{
	static const char *const refused[] = { "UTF-16", "UTF-32", "ISO-2022-JP", "UTF-7", "IBM037", "HZ" };
	iri_buf out;
	iri_buf_init(&out);
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		iri_to_iri_opts o = { .host = IRI_HOSTOUT_KEEP, .charset = refused[i] };
		CHECK(iri_to_iri(ctx, "http://a/%FF%FE", 15, &o, &out, NULL) == IRI_MAP_BAD_CHARSET,
			"charset %s refused", refused[i]);
	}
	/* "%B1" (half-width ｱ) then 2048 x "%82%B1" (こ): 4097 octets, more than
	 * one run holds; the cut must not split a character. */
	iri_buf in, want;
	iri_buf_init(&in);
	iri_buf_init(&want);
	iri_buf_puts(&in, "http://a/%B1");
	iri_buf_puts(&want, "http://a/\xEF\xBD\xB1");
	for (int k = 0; k < 2048; k++) {
		iri_buf_puts(&in, "%82%B1");
		iri_buf_puts(&want, "\xE3\x81\x93");
	}
	iri_to_iri_opts sj = { .host = IRI_HOSTOUT_KEEP, .charset = "Shift_JIS" };
	CHECK(iri_to_iri(ctx, in.data, in.len, &sj, &out, NULL) == IRI_MAP_OK, "long Shift_JIS run");
	CHECK(out.len == want.len && memcmp(out.data, want.data, want.len) == 0,
		"long Shift_JIS run decoded whole (%zu bytes, want %zu)", out.len, want.len);
	iri_buf_fini(&in);
	iri_buf_fini(&want);
	iri_buf_fini(&out);
}

int main(void)
{
	iri_ctx *ctx = iri_ctx_new(NULL);
	CHECK(ctx != NULL, "context");
	if (!ctx)
		return tcheck_done("map");
	test_to_uri(ctx);
	test_to_iri(ctx);
	test_charset_edges(ctx);
	iri_ctx_free(ctx);
	return tcheck_done("map");
}
