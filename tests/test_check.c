/* iri_check(): the diagnostics catalogue.  A "no noise" table of ordinary
 * IRIs and URIs that must give no finding at all (doc/design-notes.md), a table of
 * inputs with their expected findings (code, component, code point span,
 * suggestion), a check that every code of the catalogue is produced by some
 * case, the cap on findings, and iri_explain() rows. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iri_check.h"
#include "iri_ctx.h"
#include "iri_diag.h"
#include "iri_explain.h"
#include "iri_map.h"
#include "tcheck.h"


/* A finding's severity is its code's, but for the RFC 3987 4.2 findings:
 * info when the component displays in reading order, else a warning that
 * says what is seen (doc/design-notes.md, "Bidi findings"). */
static bool severity_ok(const iri_diag *g)
{
	if (g->code == IRI_D_BIDI_MIXED_DIRECTION || g->code == IRI_D_BIDI_BOUNDARY) {
		bool misread = g->detail & (IRI_BIDI_MISREAD_RFC3987 | IRI_BIDI_MISREAD_MARKED);
		return g->severity == (misread ? IRI_SEV_WARNING : IRI_SEV_INFO) && (g->seen != NULL) == misread;
	}
	return g->severity == iri_diag_code_severity(g->code) && !g->seen;
}

static void dump(const iri_diags *d)
{
	for (size_t i = 0; i < iri_diags_count(d); i++) {
		const iri_diag *g = iri_diags_get(d, i);
		fprintf(stderr, "    %s %s cp %zu..%zu bytes %zu..%zu detail %lld suggestion %s\n",
			iri_diag_code_name(g->code), iri_component_name(g->component), g->cp_start, g->cp_end,
			g->byte_start, g->byte_end, (long long)g->detail,
			g->suggestion ? tcheck_esc(g->suggestion, strlen(g->suggestion)) : "(none)");
	}
}

/* ---- no noise ------------------------------------------------------------ */

static const char *const quiet[] = {
	u8"http://\u4F8B\u3048.\u30C6\u30B9\u30C8/\u30D1\u30B9?\u30AF\u30A8\u30EA#\u65AD\u7247",
	u8"http://\u0645\u062B\u0627\u0644.\u0625\u062E\u062A\u0628\u0627\u0631/\u0645\u0633\u0627\u0631",
	u8"http://\u05D1\u05D3\u05D9\u05E7\u05D4.\u05D8\u05E1\u05D8/\u05E0\u05EA\u05D9\u05D1",
	"https://www.example.org/ros%C3%A9/D%C3%BCrst",
	u8"http://b\u00FCcher.example/stra\u00DFe",
	"mailto:someone@example.com",
	"urn:isbn:0451450523",
	"http://example.com./",          /* the root's empty label */
	"foo://a..b/",                   /* not a DNS scheme: a reg-name may be anything */
	"http://[2001:db8::1]:8080/",
	"http://[v7.x]/",
	"https://example.com/a/b?c=d&e=f#g",
	"http://example.com/path/to/file.html#section-2.1",
	"https://user@example.com/",
	"http://127.0.0.1:8080/",
	"http://localhost/",
	"file:///etc/hosts",
	"data:text/plain;base64,SGVsbG8=",
	"tel:+1-816-555-1212",
	"ldap://[2001:db8::7]/c=GB?objectClass?one",
	"news:comp.infosystems.www.servers.unix",
	"http://www.example.org/~user",
	"http://www.example.org/red%09ros%C3%A9#red",
	"http://example.com/%E2%82%AC",
	"http://example.com/a%2Fb?x=%2B&y=%20",
	"https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC",
	"http://www.google.com/search?q=%E6%97%A5%E6%9C%AC&hl=ja",
	"http://example.com/?redirect=http://other.example/",
	"http://example.com/a.b/c..d/.x/",
	"",
	"#",
	"?",
	"../a/b",          /* dot segments in a relative path are how it is written */
	"./a:b",
	"//example.com/x",
	u8"https://ja.wikipedia.org/wiki/\u65E5\u672C",
	u8"https://zh.wikipedia.org/wiki/\u4E2D\u534E\u4EBA\u6C11\u5171\u548C\u56FD",
	u8"https://ru.wikipedia.org/wiki/\u0420\u043E\u0441\u0441\u0438\u044F",
	u8"http://\u043F\u0440\u0438\u043C\u0435\u0440.\u0438\u0441\u043F\u044B\u0442\u0430\u043D\u0438\u0435/",
	u8"https://el.wikipedia.org/wiki/\u0395\u03BB\u03BB\u03AC\u03B4\u03B1",
	u8"https://ko.wikipedia.org/wiki/\uB300\uD55C\uBBFC\uAD6D",
	u8"http://\uD55C\uAD6D.kr/",
	u8"https://fa.wikipedia.org/wiki/\u0627\u06CC\u0631\u0627\u0646",
	u8"https://hi.wikipedia.org/wiki/\u092D\u093E\u0930\u0924",
	u8"http://\u092A\u0930\u0940\u0915\u094D\u0937\u093E.\u092D\u093E\u0930\u0924/",
	u8"http://\u0E44\u0E17\u0E22.\u0E44\u0E17\u0E22/",
	u8"https://pl.wikipedia.org/wiki/\u0141\u00F3d\u017A",
	u8"https://vi.wikipedia.org/wiki/Vi\u1EC7t_Nam",
	u8"http://example.com/\u00C4/\u00F6/\u00FC?\u00DF=\u00FF",
	u8"https://he.wikipedia.org/wiki/\u05D9\u05E9\u05E8\u05D0\u05DC",
	u8"https://ar.wikipedia.org/wiki/\u0645\u0635\u0631",
	u8"http://example.com/\u05E9\u05DC\u05D5\u05DD/\u05E2\u05D5\u05DC\u05DD",
	u8"http://example.com/\u0633\u0644\u0627\u0645_\u0639\u0644\u064A\u0643\u0645",
	u8"http://example.com/\u05D0\u05B0",              /* Hebrew with a point: marks take the base's side */
	u8"http://example.com/?q=\u65E5\u672C\u8A9E&x=1",
	u8"http://example.com/\U0001F600/\U0001F389",
	u8"http://example.com/\U0001F468\u200D\U0001F469", /* emoji ZWJ sequence */
	u8"http://example.com/\u0915\u094D\u200D\u0937",  /* ZWJ after a virama */
	/* ZWNJ in a Persian word, between joining letters (RFC 5892 A.1). */
	u8"http://example.com/\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645",
	u8"http://example.com/\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645?q=\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645",
	u8"http://www.\u0639\u0631\u0628\u064A.com/",
	u8"http://example.com/?q=\uE000",                   /* iprivate is allowed in the query */
	u8"http://\u03B4\u03BF\u03BA\u03B9\u03BC\u03AE.example/",
	u8"https://m\u00FCnchen.de/",
	u8"http://example.com/a\u3002b",                    /* ideographic full stop outside the host */
	u8"http://a/\U0001F468\U0001F3FD\u200D\U0001F9B0",   /* ZWJ after a skin tone (UTS #51 ED-17) */
	u8"http://\u4F8B\u3048\u3002\u30C6\u30B9\u30C8/",     /* 例え。テスト: U+3002 separates labels */
	"HTTP://EXAMPLE.COM/",
	"http://example.com:65535/",
	"http://example.com:/",
};

static void test_quiet(iri_ctx *ctx, iri_diags *d)
{
	for (size_t i = 0; i < sizeof quiet / sizeof quiet[0]; i++) {
		const char *in = quiet[i];
		iri_ref ref;
		iri_check(ctx, in, strlen(in), &ref, d);
		CHECK(iri_diags_count(d) == 0, "no findings expected for %s, got %zu:", tcheck_esc(in, strlen(in)),
			iri_diags_count(d));
		if (iri_diags_count(d))
			dump(d);
		CHECK(ref.result == IRI_PARSE_OK, "%s parses", tcheck_esc(in, strlen(in)));
	}
}

/* ---- expected findings ---------------------------------------------------- */

#define ANY SIZE_MAX
#define MAX_EXPECT 4

typedef struct {
	iri_diag_code code;
	iri_component comp;
	size_t cp_start, cp_end;    /* code points; ANY = not checked */
	const char *suggestion;     /* NULL = not checked; "-" = must have none */
} expect;

typedef struct {
	const char *in;
	size_t len;                 /* 0: strlen(in) */
	bool exact;                 /* these findings and no others */
	expect e[MAX_EXPECT];
	size_t n;
} check_case;

#define D(code, comp, s, e, sug) { IRI_D_##code, IRI_COMP_##comp, s, e, sug }
#define CASE(in, exact, ...) { in, 0, exact, { __VA_ARGS__ }, \
	sizeof((expect[]){ __VA_ARGS__ }) / sizeof(expect) }
#define CASE_LEN(in, len, exact, ...) { in, len, exact, { __VA_ARGS__ }, \
	sizeof((expect[]){ __VA_ARGS__ }) / sizeof(expect) }

static const check_case cases[] = {
	/* ---- bidi, RFC 3987 4.2 ---- */
	/* A path segment mixing Hebrew and Latin letters: rule 1, and it
	 * starts with a left-to-right letter: rule 2. */
	CASE(u8"http://example.com/docs/abc\u05E9\u05DC\u05D5\u05DD/x", true,
	     D(BIDI_MIXED_DIRECTION, PATH, 24, 31, NULL), D(BIDI_BOUNDARY, PATH, 24, 31, NULL)),
	CASE(u8"http://example.com/\u05E9\u05DC\u05D5\u05DDabc", true,
	     D(BIDI_MIXED_DIRECTION, PATH, 19, 26, NULL), D(BIDI_BOUNDARY, PATH, 19, 26, NULL)),
	/* RTL segment ending in a digit (European or Arabic-Indic). */
	CASE(u8"http://example.com/\u05E9\u05DC\u05D5\u05DD1", true, D(BIDI_BOUNDARY, PATH, 19, 24, NULL)),
	CASE(u8"http://example.com/\u0645\u0642\u0627\u0644\u0661/x", true, D(BIDI_BOUNDARY, PATH, 19, 24, NULL)),
	CASE(u8"http://h/\u05D0\u05D1?q=abc\u05D2", true,
	     D(BIDI_MIXED_DIRECTION, QUERY, 14, 18, NULL), D(BIDI_BOUNDARY, QUERY, 14, 18, NULL)),
	/* ---- spoofing, UTS #39 ---- */
	CASE(u8"http://\u0430\u0440\u0440\u04CF\u0435.com/", false, D(CONFUSABLE, HOST, 7, 12, NULL)),
	CASE(u8"http://\u0440\u0430\u0443\u0440\u0430l.com/", false,
	     D(MIXED_SCRIPT, HOST, 7, 13, NULL), D(CONFUSABLE, HOST, 7, 13, NULL)),
	CASE(u8"http://example.com\u2215evil.com/", false,
	     D(LOOKALIKE_DELIMITER, HOST, 18, 19, "%E2%88%95")),
	CASE(u8"http://example.com/a\uFF0Fb", true, D(LOOKALIKE_DELIMITER, PATH, 20, 21, "%EF%BC%8F")),
	/* U+3002 is a label separator in hosts (UTS #46 4 step 1): no finding;
	 * U+2024 ONE DOT LEADER is not, and is a lookalike there. */
	CASE(u8"http://a\u2024b.com/", false, D(LOOKALIKE_DELIMITER, HOST, 8, 9, "%E2%80%A4")),
	CASE(u8"http://example.com/a\u2044b\u2044c", true,
	     D(LOOKALIKE_DELIMITER, PATH, 20, 21, "%E2%81%84"), D(LOOKALIKE_DELIMITER, PATH, 22, 23, "%E2%81%84")),
	/* ---- normalisation ---- */
	CASE(u8"http://example.com/\uFF46\uFF55\uFF4C\uFF4C", true, D(NOT_NFKC, PATH, 19, 23, NULL)),
	CASE(u8"http://example.com/e\u0301", true, D(NOT_NFC, PATH, 19, 21, u8"\u00E9")),
	CASE(u8"http://example.com/caf\u00E9/cafe\u0301x", true, D(NOT_NFC, PATH, 27, 30, u8"\u00E9x")),
	CASE(u8"http://example.com/\u212B", true, D(NOT_NFC, PATH, 19, 20, u8"\u00C5")),
	/* ---- invisible and odd characters ---- */
	CASE(u8"http://example.com/a\u00ADb", true, D(INVISIBLE_CHARACTER, PATH, 20, 21, "")),
	CASE(u8"http://example.com/a\u200Bb", true, D(INVISIBLE_CHARACTER, PATH, 20, 21, "")),
	CASE(u8"http://example.com/a\u200Cb", true, D(INVISIBLE_CHARACTER, PATH, 20, 21, "")),   /* ZWNJ between Latin letters */
	CASE(u8"http://example.com/a\u200Db", true, D(INVISIBLE_CHARACTER, PATH, 20, 21, "")),
	CASE(u8"http://example.com/\u2764\uFE0F", true, D(INVISIBLE_CHARACTER, PATH, 20, 21, "")),
	CASE(u8"http://example.com/a\u200B\u200Bb", true, D(INVISIBLE_CHARACTER, PATH, 20, 22, "")),
	/* Tag characters are outside ucschar (RFC 3987 2.2): an error, and named. */
	CASE(u8"http://example.com/a\U000E0001b", true,
	     D(SYNTAX, PATH, 20, 21, NULL), D(INVISIBLE_CHARACTER, PATH, 20, 21, "")),
	CASE(u8"htt\U000E002Fwww.e.r", true,
	     D(SYNTAX, PATH, 3, 4, NULL), D(INVISIBLE_CHARACTER, PATH, 3, 4, "")),
	CASE(u8"http://example.com/\u0378", true, D(UNASSIGNED_CHARACTER, PATH, 19, 20, NULL)),
	CASE(u8"http://example.com/\u0149", true, D(DEPRECATED_CHARACTER, PATH, 19, 20, NULL)),
	CASE(u8"http://example.com/a\u3000b", true, D(UNICODE_WHITESPACE, PATH, 20, 21, "%E3%80%80")),
	CASE(u8"http://example.com/a\u00A0b", true, D(UNICODE_WHITESPACE, PATH, 20, 21, "%C2%A0")),
	/* ---- ports, paths, userinfo ---- */
	CASE("http://h:80/", true, D(DEFAULT_PORT, PORT, 8, 11, "")),
	CASE("HTTPS://h:443", true, D(DEFAULT_PORT, PORT, 9, 13, "")),
	CASE("http://h:080/", true, D(DEFAULT_PORT, PORT, 8, 12, "")),
	CASE("http://h/a/./b/../c", true, D(DOT_SEGMENT, PATH, 8, 19, "/a/c")),
	CASE("http://h/a/..", true, D(DOT_SEGMENT, PATH, 8, 13, "/")),
	CASE("/./a", true, D(DOT_SEGMENT, PATH, 0, 4, "/a")),
	CASE("http://user:pw@h/", true, D(PASSWORD_IN_USERINFO, USERINFO, 12, 14, NULL)),
	CASE("http://user:@h/", true, D(PASSWORD_IN_USERINFO, USERINFO, 11, 12, NULL)),
	CASE("ftp://u:p@h:21/", true,
	     D(PASSWORD_IN_USERINFO, USERINFO, 8, 9, NULL), D(DEFAULT_PORT, PORT, 11, 14, "")),
	/* Thai: nine URI characters per letter (seed 001, 3.1). */
	CASE(u8"http://example.com/\u0E20\u0E32\u0E29\u0E32\u0E44\u0E17\u0E22\u0E20\u0E32\u0E29\u0E32\u0E44\u0E17\u0E22"
	     u8"\u0E20\u0E32\u0E29\u0E32\u0E44\u0E17\u0E22\u0E20\u0E32\u0E29\u0E32\u0E44\u0E17\u0E22"
	     u8"\u0E20\u0E32\u0E29\u0E32\u0E44\u0E17\u0E22\u0E20\u0E32\u0E29\u0E32\u0E44\u0E17\u0E22", true,
	     D(URI_EXPANSION, NONE, 0, 61, NULL)),
	/* ---- escapes ---- */
	CASE("http://h/%c3%a9", true, D(PERCENT_LOWERCASE, PATH, 9, 15, "%C3%A9")),
	CASE("http://h/%2f?%3f", true,
	     D(PERCENT_LOWERCASE, PATH, 9, 12, "%2F"), D(PERCENT_LOWERCASE, QUERY, 13, 16, "%3F")),
	CASE("http://h/%41%7e", true,
	     D(SUPERFLUOUS_PERCENT_ENCODING, PATH, 9, 15, "A~"), D(PERCENT_LOWERCASE, PATH, 12, 15, "%7E")),
	CASE("http://h/%C0%AF", true, D(OVERLONG_UTF8_ESCAPE, PATH, 9, 15, NULL)),
	CASE("http://h/%E0%80%80", true, D(OVERLONG_UTF8_ESCAPE, PATH, 9, 18, NULL)),
	CASE("http://h/%ED%A0%80", true, D(SURROGATE_ESCAPE, PATH, 9, 18, NULL)),
	CASE("http://h/r%E9sum%E9", true, D(NOT_UTF8_ESCAPE, PATH, 10, 13, NULL), D(NOT_UTF8_ESCAPE, PATH, 16, 19, NULL)),
	CASE("http://h/%C3", true, D(NOT_UTF8_ESCAPE, PATH, 9, 12, NULL)),
	CASE("http://h/%zz", true, D(ILLEGAL_PERCENT_ENCODING, PATH, 9, 10, "%25")),
	CASE("http://h/100%", true, D(ILLEGAL_PERCENT_ENCODING, PATH, 12, 13, "%25")),
	CASE("http://h/%4", true, D(ILLEGAL_PERCENT_ENCODING, PATH, 9, 10, "%25")),
	/* ---- hosts ---- */
	CASE("http://%C3%BC.example/", true, D(PERCENT_ENCODED_HOST, HOST, 7, 21, "xn--tda.example")),
	CASE("http://xn--bcher-kva.example/", true, D(ACE_LABEL, HOST, 7, 20, u8"b\u00FCcher")),
	/* A reg-name UTS #46 refuses is a valid IRI that DNS cannot resolve
	 * (RFC 3987 3.1): NOT_DNS_NAME, a warning. */
	CASE(u8"http://\u00E9_x.example/", false, D(NOT_DNS_NAME, HOST, 7, 10, NULL)),
	CASE("http://xn--a.com/", false, D(NOT_DNS_NAME, HOST, 7, 12, NULL)),
	/* Empty DNS labels: after a dot, or first; the root's trailing dot is fine. */
	CASE("http://a..b/", false, D(NOT_DNS_NAME, HOST, 9, 10, "")),
	CASE("https://.a.b/", false, D(NOT_DNS_NAME, HOST, 8, 9, "")),
	CASE("ftp://a...b/", false, D(NOT_DNS_NAME, HOST, 8, 10, "")),
	/* ... and written as escapes: the decoded name has an empty label.  A
	 * %-escaped host that is no DNS name has no A-label form: NOT_DNS_NAME
	 * alone, no PERCENT_ENCODED_HOST ("resolvers expect A-labels") beside
	 * it for the same bytes. */
	CASE("http://a%2E%2Eb/", true, D(NOT_DNS_NAME, HOST, 7, 15, NULL)),
	CASE("http://%2Fexample/", true, D(NOT_DNS_NAME, HOST, 7, 17, NULL)),
	/* "%2E" is a dot (RFC 3986 2.1): two labels, each fine or not on its own. */
	CASE(u8"http://\u00FC%2Ecom/", true, D(PERCENT_ENCODED_HOST, HOST, 7, 14, "xn--tda.com")),
	CASE("http://%C3%BC%2Exn--a/", true, D(NOT_DNS_NAME, HOST, 7, 21, NULL)),
	CASE("http://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com/", false,   /* a 64-octet label */
	     D(DNS_LENGTH_LIMIT, HOST, 7, 71, NULL)),
	/* Issue 18: escapes and sub-delims make a valid reg-name (RFC 3986
	 * 3.2.2); under http DNS cannot resolve it (a warning), under a
	 * scheme not known to use DNS there is no IDNA finding at all. */
	CASE("http://%2Fvar%2Frun%2Fsocket", true, D(NOT_DNS_NAME, HOST, 7, 28, NULL)),
	CASE("http://a%2Fb/", true, D(NOT_DNS_NAME, HOST, 7, 12, NULL)),
	/* A joiner first in a right-to-left label: RFC 5892 CONTEXTJ (BAD_IDN,
	 * test_host.c checks it names the joiner, not RFC 5893's rule) and the
	 * invisible character; not RFC 3987 4.2 rule 2, as a BN has no
	 * direction (UAX #9 X9).  The same in a path.  An escaped joiner has
	 * no A-label form either: BAD_IDN alone. */
	CASE(u8"http://\u200C\u0645\u06CC.com/", true, D(INVISIBLE_CHARACTER, HOST, 7, 8, NULL),
	     D(BAD_IDN, HOST, 7, 10, NULL)),
	CASE(u8"http://example.org/\u200C\u0645\u06CC", true, D(INVISIBLE_CHARACTER, PATH, 19, 20, NULL)),
	CASE("http://%E2%80%8Cab.com/", true, D(BAD_IDN, HOST, 7, 18, NULL)),
	CASE("unix://%2Fvar%2Frun%2Fsocket/", true),
	CASE(u8"ht-+.tp://...@0aA-._~!$&'()*+,;=%22\u00E9:12/", true),
	CASE("foo://a..b/", true),
	CASE("foo://xn--a.com/", true),
	CASE(u8"foo://\u00E9_x.example/", true),
	CASE("foo://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com/", true),
	CASE("foo://%C3%BC.example/", true),
	CASE("foo://xn--bcher-kva.example/", true),
	/* A reference without a scheme is judged as DNS (its base is most
	 * often http); the schemes of the table whatever their case. */
	CASE("//a..b/", false, D(NOT_DNS_NAME, HOST, 4, 5, "")),
	CASE("SSH://a..b/", false, D(NOT_DNS_NAME, HOST, 8, 9, "")),
	CASE("coap+tcp://xn--a.com/", false, D(NOT_DNS_NAME, HOST, 11, 16, NULL)),
	/* New rows of the table, and a name joined with "+" to a DNS scheme. */
	CASE("dns://a..b/", false, D(NOT_DNS_NAME, HOST, 8, 9, "")),
	CASE("vnc://a..b/", false, D(NOT_DNS_NAME, HOST, 8, 9, "")),
	CASE("svn+ssh://a..b/", false, D(NOT_DNS_NAME, HOST, 12, 13, "")),
	CASE("git+https://a..b/", false, D(NOT_DNS_NAME, HOST, 14, 15, "")),
	CASE("foo+bar://a..b/", true),
	CASE("ssh+://a..b/", false, D(NOT_DNS_NAME, HOST, 9, 10, "")),
	/* Where a host is resolved, bidi and joiners stay errors (RFC 5893,
	 * RFC 5892 A.1): BAD_IDN; the joiner is also invisible.  (Spans in
	 * code points.) */
	CASE(u8"http://\u05D01a.example/", false, D(BAD_IDN, HOST, 7, 10, NULL)),
	CASE(u8"https://a\u200Db.example/", false, D(BAD_IDN, HOST, 8, 11, NULL),
	     D(INVISIBLE_CHARACTER, HOST, 9, 10, "")),
	/* UTS #46 changed U+1E9E in 15.1 (ss -> \u00DF): noted, info */
	CASE(u8"http://fa\u1E9E.de/", false, D(UTS46_VERSION, HOST, 7, 10, NULL)),
	CASE(u8"foo://fa\u1E9E.de/", true),
	/* No suggestion to rewrite to this system's mapping of a character
	 * UTS #46 versions map differently (UTS46_VERSION says why). */
	CASE("http://%E1%BA%9E.com/", false, D(UTS46_VERSION, HOST, 7, 16, NULL),
	     D(PERCENT_ENCODED_HOST, HOST, 7, 20, "-")),
	/* UTS #39 is about what a reader sees: under any scheme, known to
	 * irie or not; no A-label suggested where the scheme has none.
	 * "\u0440\u0430\u0443\u0440\u0430l" is Cyrillic "paypal". */
	CASE(u8"vnc://\u0440\u0430\u0443\u0440\u0430l.com/", true, D(MIXED_SCRIPT, HOST, 6, 12, NULL),
	     D(CONFUSABLE, HOST, 6, 12, "xn--l-7sba6dbr")),
	CASE(u8"git+ssh://\u0440\u0430\u0443\u0440\u0430l.com/", true, D(MIXED_SCRIPT, HOST, 10, 16, NULL),
	     D(CONFUSABLE, HOST, 10, 16, "xn--l-7sba6dbr")),
	CASE(u8"foo://\u0440\u0430\u0443\u0440\u0430l.com/", true, D(MIXED_SCRIPT, HOST, 6, 12, NULL),
	     D(CONFUSABLE, HOST, 6, 12, "-")),
	CASE("foo://%D1%80%D0%B0%D1%83%D1%80%D0%B0l.com/", true, D(MIXED_SCRIPT, HOST, 6, 37, NULL),
	     D(CONFUSABLE, HOST, 6, 37, "-")),
	/* A control or bidi formatting character in a host is an error
	 * escaped or not (RFC 3987 4.1; the decoded name is what is looked
	 * up and shown), at the escape, under any scheme. */
	CASE("http://good.com%E2%80%AEmoc.live/", false, D(BIDI_FORMATTING_CHARACTER, HOST, 15, 24, "")),
	CASE("http://ab%E2%80%8Fc.com/", false, D(BIDI_FORMATTING_CHARACTER, HOST, 9, 18, "")),
	CASE("http://ab%D8%9C.com/", false, D(BIDI_FORMATTING_CHARACTER, HOST, 9, 15, "")),
	CASE("http://evil.com%00.example.com/", false, D(CONTROL_CHARACTER, HOST, 15, 18, "-")),
	CASE("foo://evil.com%00.example.com/", true, D(CONTROL_CHARACTER, HOST, 14, 17, "-")),
	CASE("foo://a%E2%80%AEb/", true, D(BIDI_FORMATTING_CHARACTER, HOST, 7, 16, "")),
	CASE("foo://a%C2%85b/", true, D(CONTROL_CHARACTER, HOST, 7, 13, "-")),
	/* ... not in a path, where an escape is how it is carried. */
	CASE("http://h/a%00b%E2%80%AE", true),
	/* ---- characters not allowed ---- */
	CASE("http://h/\xff", true, D(INVALID_UTF8, PATH, 9, 10, "%FF")),
	CASE("http://h/\xc3(", true, D(INVALID_UTF8, PATH, 9, 10, "%C3")),
	CASE("http://h/a\x01" "b", true, D(CONTROL_CHARACTER, PATH, 10, 11, "%01")),
	CASE("http://h/\xc2\x85", true, D(CONTROL_CHARACTER, PATH, 9, 10, "%C2%85")),
	CASE("http://h/\x7f\x1b", true, D(CONTROL_CHARACTER, PATH, 9, 11, "%7F%1B")),
	CASE_LEN("http://h/a\0b", 12, true, D(CONTROL_CHARACTER, PATH, 10, 11, "%00")),
	CASE(u8"http://h/a\u202Eb", true, D(BIDI_FORMATTING_CHARACTER, PATH, 10, 11, "")),
	CASE(u8"http://h/\u05D0\u200F\u05D1", true, D(BIDI_FORMATTING_CHARACTER, PATH, 10, 11, "")),
	CASE(u8"http://h/a\uE000", true, D(PRIVATE_USE_CHARACTER, PATH, 10, 11, "%EE%80%80")),
	CASE(u8"http://h/#\U0010FFFD", true, D(PRIVATE_USE_CHARACTER, FRAGMENT, 10, 11, "%F4%8F%BF%BD")),
	CASE(u8"http://h/\uFDD0", true, D(NONCHARACTER, PATH, 9, 10, NULL)),
	CASE(u8"http://h/\U0001FFFF", true, D(NONCHARACTER, PATH, 9, 10, NULL)),
	CASE(u8"h\u00E9:x", true, D(NON_ASCII_SCHEME, SCHEME, 1, 2, NULL)),
	CASE("http://[::1", true, D(SYNTAX, HOST, 7, 11, NULL)),
	CASE("http://[::1]x/", true, D(SYNTAX, PORT, 12, 13, NULL)),
	CASE("http://[1::2::3]/", true, D(SYNTAX, HOST, 7, 16, NULL)),
	CASE("http://h:1234567890123456789012345678901234567890/", true, D(SYNTAX, PORT, 9, 49, NULL)),
	CASE("http://h:8x/", true, D(SYNTAX, PORT, 9, 11, NULL)),
	CASE("http://a b:99999/", true,
	     D(SPACE_OR_UNWISE, HOST, 8, 9, "%20"), D(SYNTAX, PORT, 11, 16, NULL)),
	CASE(":a/b", true, D(SYNTAX, PATH, 0, 2, "./:a")),
	CASE("1a:b", true, D(SYNTAX, SCHEME, 0, 1, NULL)),
	CASE("http://h/a#b#c", true, D(SYNTAX, FRAGMENT, 12, 13, NULL)),
	CASE("http://h/a b", true, D(SPACE_OR_UNWISE, PATH, 10, 11, "%20")),
	CASE("http://h/<a>{b}|\\^`\"", true, D(SPACE_OR_UNWISE, PATH, 9, 10, "%3C"),
	     D(SPACE_OR_UNWISE, PATH, 11, 13, "%3E%7B"), D(SPACE_OR_UNWISE, PATH, 14, 20, "%7D%7C%5C%5E%60%22")),
};

static const expect *find(const iri_diags *d, const expect *e, bool *used)
{
	for (size_t i = 0; i < iri_diags_count(d); i++) {
		const iri_diag *g = iri_diags_get(d, i);
		if (used[i] || g->code != e->code || g->component != e->comp)
			continue;
		if (e->cp_start != ANY && (g->cp_start != e->cp_start || g->cp_end != e->cp_end))
			continue;
		used[i] = true;
		return e;
	}
	return NULL;
}

static void test_cases(iri_ctx *ctx, iri_diags *d, bool *seen)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const check_case *t = &cases[i];
		size_t len = t->len ? t->len : strlen(t->in);
		const char *in = tcheck_esc(t->in, len);
		iri_check(ctx, t->in, len, NULL, d);
		bool used[IRI_DIAGS_MAX] = { false };
		bool ok = true;
		for (size_t k = 0; k < t->n; k++) {
			const expect *e = &t->e[k];
			bool found = find(d, e, used) != NULL;
			CHECK(found, "%s: expected %s %s %zu..%zu", in, iri_diag_code_name(e->code),
				iri_component_name(e->comp), e->cp_start, e->cp_end);
			ok &= found;
		}
		size_t extra = 0;
		for (size_t k = 0; k < iri_diags_count(d); k++) {
			const iri_diag *g = iri_diags_get(d, k);
			seen[g->code] = true;
			extra += !used[k];
			/* The suggestion of each matched finding. */
			for (size_t q = 0; q < t->n && used[k]; q++) {
				const expect *e = &t->e[q];
				if (e->code != g->code || e->comp != g->component || !e->suggestion ||
				    (e->cp_start != ANY && e->cp_start != g->cp_start))
					continue;
				if (strcmp(e->suggestion, "-") == 0)
					CHECK(g->suggestion == NULL, "%s: %s has no suggestion", in, iri_diag_code_name(g->code));
				else
					CHECK_STR(g->suggestion, e->suggestion, "%s: suggestion of %s", in,
						iri_diag_code_name(g->code));
			}
			CHECK(severity_ok(g), "%s: severity of %s", in, iri_diag_code_name(g->code));
			CHECK(g->rule && g->rule[0], "%s: rule", in);
		}
		if (t->exact) {
			CHECK(extra == 0, "%s: %zu unexpected findings", in, extra);
			ok &= extra == 0;
		}
		if (!ok)
			dump(d);
	}
}

/* ---- the cap on findings ---------------------------------------------------- */

static void test_too_many(iri_ctx *ctx, iri_diags *d, bool *seen)
{
	size_t n = 5000;
	char *text = malloc(9 + n + 1);
	memcpy(text, "http://h/", 9);
	/* A run of 5000 spaces is one finding, whose suggestion escapes them all. */
	memset(text + 9, ' ', n);
	iri_check(ctx, text, 9 + n, NULL, d);
	CHECK(iri_diags_count(d) == 1, "5000 spaces: one finding, got %zu", iri_diags_count(d));
	const iri_diag *g = iri_diags_get(d, 0);
	if (g) {
		CHECK(g->code == IRI_D_SPACE_OR_UNWISE, "5000 spaces: %s", iri_diag_code_name(g->code));
		CHECK(g->cp_start == 9 && g->cp_end == 9 + n, "span %zu..%zu", g->cp_start, g->cp_end);
		CHECK(g->suggestion && strlen(g->suggestion) == 3 * n, "suggestion of %zu bytes",
			g->suggestion ? strlen(g->suggestion) : 0);
	}
	/* Alternating: 2500 separate findings, more than the cap. */
	for (size_t k = 0; k < n; k++)
		text[9 + k] = k % 2 ? 'a' : ' ';
	iri_check(ctx, text, 9 + n, NULL, d);
	CHECK(iri_diags_count(d) == IRI_DIAGS_MAX, "capped at %d, got %zu", IRI_DIAGS_MAX, iri_diags_count(d));
	g = iri_diags_get(d, iri_diags_count(d) - 1);
	if (g) {
		seen[g->code] = true;
		CHECK(g->code == IRI_D_TOO_MANY_DIAGNOSTICS, "last is %s", iri_diag_code_name(g->code));
		CHECK(g->detail == (int64_t)(n / 2 - (IRI_DIAGS_MAX - 1)), "dropped %lld", (long long)g->detail);
		CHECK(g->cp_start == 9 + n && g->cp_end == 9 + n, "at the end: %zu", g->cp_start);
		CHECK(g->severity == IRI_SEV_WARNING, "severity");
	}
	for (size_t k = 0; k + 1 < iri_diags_count(d); k++) {
		const iri_diag *s = iri_diags_get(d, k);
		CHECK(s->code == IRI_D_SPACE_OR_UNWISE && s->cp_start == 9 + 2 * k && s->cp_end == 10 + 2 * k,
			"finding %zu kept in order", k);
		if (s->code != IRI_D_SPACE_OR_UNWISE || s->cp_start != 9 + 2 * k)
			break;
	}
	/* Warnings fill the list, an error comes after the cap: the input still
	 * has an error (exit status 1), though the finding is not kept. */
	iri_buf nbsp;
	iri_buf_init(&nbsp);
	iri_buf_puts(&nbsp, "http://h/");
	for (size_t k = 0; k < 1100; k++)
		iri_buf_puts(&nbsp, "\xc2\xa0x");   /* U+00A0: UNICODE_WHITESPACE, a warning */
	iri_buf_puts(&nbsp, " ");                  /* SPACE_OR_UNWISE, an error, the 1101st */
	iri_check(ctx, nbsp.data, nbsp.len, NULL, d);
	CHECK(iri_diags_count(d) == IRI_DIAGS_MAX, "capped, got %zu", iri_diags_count(d));
	CHECK(iri_diags_has_errors(d), "an error past the cap still counts");
	iri_buf_fini(&nbsp);
	/* The list is reusable: the next input starts clean. */
	iri_check(ctx, "http://h/", 9, NULL, d);
	CHECK(iri_diags_count(d) == 0 && !iri_diags_has_errors(d), "cleared after the cap");
	free(text);
}

/* ---- the diagnostics list on its own ---------------------------------------- */

static void test_list(void)
{
	iri_diags *d = iri_diags_new();
	/* Runs without suggestions merge when they touch or overlap. */
	iri_diags_add(d, IRI_D_INVISIBLE_CHARACTER, IRI_COMP_PATH, 1, 2, 0, NULL, 0);
	iri_diags_add(d, IRI_D_INVISIBLE_CHARACTER, IRI_COMP_PATH, 2, 3, 0, NULL, 0);
	iri_diags_add(d, IRI_D_INVISIBLE_CHARACTER, IRI_COMP_QUERY, 3, 4, 0, NULL, 0);
	iri_diags_add(d, IRI_D_INVISIBLE_CHARACTER, IRI_COMP_QUERY, 6, 7, 0, NULL, 0);
	/* With suggestions: only when adjacent, and the suggestions are joined. */
	iri_diags_add(d, IRI_D_CONTROL_CHARACTER, IRI_COMP_PATH, 7, 8, 1, "%01", 3);
	iri_diags_add(d, IRI_D_CONTROL_CHARACTER, IRI_COMP_PATH, 8, 9, 2, "%02", 3);
	iri_diags_add(d, IRI_D_CONTROL_CHARACTER, IRI_COMP_PATH, 10, 11, 3, "%03", 3);
	/* SYNTAX only merges with the same detail. */
	iri_diags_add(d, IRI_D_SYNTAX, IRI_COMP_PATH, 0, 1, 1, NULL, 0);
	iri_diags_add(d, IRI_D_SYNTAX, IRI_COMP_PATH, 1, 2, 2, NULL, 0);
	iri_diags_finish(d, "abcdefghijkl", 12);
	static const struct { iri_diag_code code; size_t s, e; const char *sug; } want[] = {
		{ IRI_D_SYNTAX, 0, 1, NULL },
		{ IRI_D_SYNTAX, 1, 2, NULL },
		{ IRI_D_INVISIBLE_CHARACTER, 1, 3, NULL },
		{ IRI_D_INVISIBLE_CHARACTER, 3, 4, NULL },
		{ IRI_D_INVISIBLE_CHARACTER, 6, 7, NULL },
		{ IRI_D_CONTROL_CHARACTER, 7, 9, "%01%02" },
		{ IRI_D_CONTROL_CHARACTER, 10, 11, "%03" },
	};
	CHECK(iri_diags_count(d) == sizeof want / sizeof want[0], "merged count %zu", iri_diags_count(d));
	for (size_t i = 0; i < sizeof want / sizeof want[0] && i < iri_diags_count(d); i++) {
		const iri_diag *g = iri_diags_get(d, i);
		CHECK(g->code == want[i].code && g->byte_start == want[i].s && g->byte_end == want[i].e,
			"item %zu: %s %zu..%zu", i, iri_diag_code_name(g->code), g->byte_start, g->byte_end);
		if (want[i].sug)
			CHECK_STR(g->suggestion, want[i].sug, "item %zu suggestion", i);
		else
			CHECK(g->suggestion == NULL, "item %zu has no suggestion", i);
	}
	CHECK(iri_diags_has_errors(d), "has errors");
	CHECK(iri_diags_get(d, 99) == NULL, "out of range");
	iri_diags_clear(d);
	CHECK(iri_diags_count(d) == 0 && !iri_diags_has_errors(d), "cleared");

	/* Names, severities, rules, and the lookup by name. */
	for (int c = 0; c < IRI_D_COUNT; c++) {
		iri_diag_code back;
		const char *name = iri_diag_code_name((iri_diag_code)c);
		CHECK(iri_diag_code_from_name(name, &back) && back == (iri_diag_code)c, "name round trip %s", name);
		CHECK(iri_diag_code_rule((iri_diag_code)c)[0] != '\0', "rule of %s", name);
	}
	iri_diag_code dummy;
	CHECK(!iri_diag_code_from_name("NO_SUCH_CODE", &dummy), "unknown name");
	CHECK_STR(iri_diag_code_name(IRI_D_NOT_NFC), "NOT_NFC", "name");
	CHECK_STR(iri_severity_name(iri_diag_code_severity(IRI_D_OVERLONG_UTF8_ESCAPE)), "error", "severity");
	CHECK_STR(iri_severity_name(iri_diag_code_severity(IRI_D_URI_EXPANSION)), "info", "severity");
	CHECK_STR(iri_diag_code_rule(IRI_D_BIDI_BOUNDARY), "RFC 3987 4.2", "rule");
	iri_diags_free(d);
	iri_diags_free(NULL);
}

/* ---- iri_explain ------------------------------------------------------------- */

typedef struct {
	size_t n;
	iri_explain_row rows[32];
} explain_rows;

static bool collect(const iri_explain_row *row, void *user)
{
	explain_rows *r = user;
	if (r->n < sizeof r->rows / sizeof r->rows[0])
		r->rows[r->n++] = *row;
	return true;
}

static bool stop_after_two(const iri_explain_row *row, void *user)
{
	(void)row;
	return ++*(int *)user < 2;
}

static void test_explain(iri_ctx *ctx)
{
	/* http://bü/é%C3%A9 %E9%zz\xff?\uE000 */
	const char *in = u8"http://b\u00FC/\u00E9%C3%A9 %E9%zz" "\xff" u8"?\uE000";
	static const struct {
		const char *reason;
		uint32_t cp;
		const char *utf8, *escaped;
		iri_component comp;
	} want[] = {
		{ "UNRESERVED", 'h', "68", "h", IRI_COMP_SCHEME },
		{ "UNRESERVED", 't', "74", "t", IRI_COMP_SCHEME },
		{ "UNRESERVED", 't', "74", "t", IRI_COMP_SCHEME },
		{ "UNRESERVED", 'p', "70", "p", IRI_COMP_SCHEME },
		{ "DELIMITER", ':', "3A", ":", IRI_COMP_NONE },
		{ "DELIMITER", '/', "2F", "/", IRI_COMP_NONE },
		{ "DELIMITER", '/', "2F", "/", IRI_COMP_NONE },
		{ "UNRESERVED", 'b', "62", "b", IRI_COMP_HOST },
		{ "HOST_IDNA", 0xFC, "C3 BC", "%C3%BC", IRI_COMP_HOST },
		{ "DELIMITER", '/', "2F", "/", IRI_COMP_PATH },
		{ "UCSCHAR", 0xE9, "C3 A9", "%C3%A9", IRI_COMP_PATH },
		{ "ESCAPE", 0xE9, "C3 A9", "%C3%A9", IRI_COMP_PATH },
		{ "UNWISE", ' ', "20", "%20", IRI_COMP_PATH },
		{ "ESCAPE_NOT_UTF8", IRI_EXPLAIN_NO_CP, "E9", "%E9", IRI_COMP_PATH },
		{ "STRAY_PERCENT", '%', "25", "%25", IRI_COMP_PATH },
		{ "UNRESERVED", 'z', "7A", "z", IRI_COMP_PATH },
		{ "UNRESERVED", 'z', "7A", "z", IRI_COMP_PATH },
		{ "INVALID_UTF8", IRI_EXPLAIN_NO_CP, "FF", "%FF", IRI_COMP_PATH },
		{ "DELIMITER", '?', "3F", "?", IRI_COMP_NONE },
		{ "IPRIVATE", 0xE000, "EE 80 80", "%EE%80%80", IRI_COMP_QUERY },
	};
	explain_rows r = { 0 };
	iri_explain(ctx, in, strlen(in), collect, &r);
	size_t nwant = sizeof want / sizeof want[0];
	CHECK(r.n == nwant, "explain rows: %zu, want %zu", r.n, nwant);
	size_t prev_end = 0;
	for (size_t i = 0; i < r.n && i < nwant; i++) {
		const iri_explain_row *row = &r.rows[i];
		CHECK_STR(iri_explain_reason_name(row->reason), want[i].reason, "row %zu reason", i);
		CHECK(row->cp == want[i].cp, "row %zu cp U+%04X", i, (unsigned)row->cp);
		CHECK_STR(row->utf8_hex, want[i].utf8, "row %zu utf8", i);
		CHECK_STR(row->escaped, want[i].escaped, "row %zu escaped", i);
		CHECK(row->component == want[i].comp, "row %zu component %s", i, iri_component_name(row->component));
		CHECK(row->byte_start == prev_end && row->byte_end > row->byte_start, "row %zu covers the text", i);
		prev_end = row->byte_end;
	}
	CHECK(prev_end == strlen(in), "rows cover the whole input");
	if (r.n > 10) {
		CHECK_STR(r.rows[8].name, "LATIN SMALL LETTER U WITH DIAERESIS", "name of row 8");
		CHECK_STR(r.rows[0].name, "LATIN SMALL LETTER H", "name of row 0");
	}
	/* The escaped column, joined, is the to-uri output (percent host mode). */
	char joined[256] = "";
	for (size_t i = 0; i < r.n; i++)
		strncat(joined, r.rows[i].escaped, sizeof joined - strlen(joined) - 1);
	iri_buf out;
	iri_buf_init(&out);
	iri_to_uri_opts o = { .nfc = false, .host = IRI_HOSTMODE_PERCENT };
	iri_to_uri(ctx, in, strlen(in), &o, &out);
	CHECK_STR(joined, out.data, "explain agrees with to-uri");
	iri_buf_fini(&out);
	/* Controls and the callback's stop. */
	r.n = 0;
	iri_explain(ctx, "x:\t\xc2\x85", 5, collect, &r);
	CHECK(r.n == 4 && r.rows[2].reason == IRI_WHY_CONTROL && r.rows[3].reason == IRI_WHY_CONTROL,
		"controls: %zu rows", r.n);
	if (r.n == 4)
		CHECK_STR(r.rows[3].escaped, "%C2%85", "C1 escaped");
	int count = 0;
	iri_explain(ctx, "abcdef", 6, stop_after_two, &count);
	CHECK(count == 2, "stopped after two rows: %d", count);
	CHECK_STR(iri_explain_reason_name(IRI_WHY_COUNT), "UNKNOWN", "reason past the end");
}

/* Delimiters named by role, and a host character's A-label (the label's,
 * from UTS #46 ToASCII of the whole host). */
static void test_explain_roles(iri_ctx *ctx)
{
	static const struct {
		const char *in;
		size_t byte;            /* the row starting at this byte */
		const char *delim;      /* iri_explain_delim_name() */
		const char *reason, *label_ace;
	} roles[] = {
		{ "http://u@h:8/p/q?a/b?c#f?g", 4, "SCHEME_END", "DELIMITER", "" },
		{ "http://u@h:8/p/q?a/b?c#f?g", 5, "AUTHORITY_START", "DELIMITER", "" },
		{ "http://u@h:8/p/q?a/b?c#f?g", 6, "AUTHORITY_START", "DELIMITER", "" },
		{ "http://u@h:8/p/q?a/b?c#f?g", 8, "USERINFO_END", "DELIMITER", "" },
		{ "http://u@h:8/p/q?a/b?c#f?g", 10, "PORT_START", "DELIMITER", "" },
		{ "http://u@h:8/p/q?a/b?c#f?g", 12, "PATH_SEP", "DELIMITER", "" },
		{ "http://u@h:8/p/q?a/b?c#f?g", 14, "PATH_SEP", "DELIMITER", "" },
		{ "http://u@h:8/p/q?a/b?c#f?g", 16, "QUERY_START", "DELIMITER", "" },
		{ "http://u@h:8/p/q?a/b?c#f?g", 18, "", "DELIMITER", "" },          /* "/" in the query: data */
		{ "http://u@h:8/p/q?a/b?c#f?g", 20, "", "DELIMITER", "" },          /* "?" in the query */
		{ "http://u@h:8/p/q?a/b?c#f?g", 22, "FRAGMENT_START", "DELIMITER", "" },
		{ "http://u@h:8/p/q?a/b?c#f?g", 24, "", "DELIMITER", "" },
		{ "mailto:a@b", 6, "SCHEME_END", "DELIMITER", "" },
		{ "mailto:a@b", 8, "", "DELIMITER", "" },                          /* "@" in a path */
		{ u8"http://\u00FC.example/", 7, "", "HOST_IDNA", "xn--tda" },
		{ u8"http://a.b\u00FCc.d/", 10, "", "HOST_IDNA", "xn--bc-xka" },
		{ u8"http://a\u3002\u00FC/", 11, "", "HOST_IDNA", "xn--tda" },      /* an ideographic full stop */
		{ u8"http://\u00FC%2E\u00E9/", 7, "", "HOST_IDNA", "xn--tda.xn--9ca" },   /* labels not lined up: all */
		{ u8"http://a\u00FC--b/", 8, "", "HOST_NOT_IDNA", "" },             /* UTS #46 refuses "--" at 3-4 */
		{ u8"x:\u00FC", 2, "", "UCSCHAR", "" },
	};
	for (size_t i = 0; i < sizeof roles / sizeof roles[0]; i++) {
		explain_rows r = { 0 };
		iri_explain(ctx, roles[i].in, strlen(roles[i].in), collect, &r);
		const iri_explain_row *row = NULL;
		for (size_t k = 0; k < r.n; k++)
			if (r.rows[k].byte_start == roles[i].byte)
				row = &r.rows[k];
		CHECK(row != NULL, "case %zu: a row at byte %zu", i, roles[i].byte);
		if (!row)
			continue;
		CHECK_STR(iri_explain_delim_name(row->delim), roles[i].delim, "case %zu delim", i);
		CHECK_STR(iri_explain_reason_name(row->reason), roles[i].reason, "case %zu reason", i);
		CHECK_STR(row->label_ace, roles[i].label_ace, "case %zu A-label", i);
	}
	CHECK_STR(iri_explain_delim_name(IRI_DELIM_COUNT), "UNKNOWN", "delim past the end");
}

int main(void)
{
	iri_ctx *ctx = iri_ctx_new(NULL);
	CHECK(ctx != NULL, "context");
	if (!ctx)
		return tcheck_done("check");
	iri_diags *d = iri_diags_new();
	bool seen[IRI_D_COUNT] = { false };
	test_quiet(ctx, d);
	test_cases(ctx, d, seen);
	test_too_many(ctx, d, seen);
	/* LEGACY_CHARSET comes from iri_to_iri (tested in test_map.c). */
	seen[IRI_D_LEGACY_CHARSET] = true;
	for (int c = 0; c < IRI_D_COUNT; c++)
		CHECK(seen[c], "no case produces %s", iri_diag_code_name((iri_diag_code)c));
	test_list();
	test_explain(ctx);
	test_explain_roles(ctx);
	iri_diags_free(d);
	iri_ctx_free(ctx);
	return tcheck_done("check");
}
