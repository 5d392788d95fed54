/* Tests for core/resolve.c: RFC 3986 5.2/5.4 resolution (also on IRIs) and
 * the RFC 3987 5.3 comparison ladder. */
#include <stdlib.h>
#include <string.h>

#include "iri_ctx.h"
#include "iri_resolve.h"
#include "tcheck.h"

struct resolve_case {
	const char *ref;
	const char *want;
};

/* RFC 3986 5.4.1 Normal Examples, base "http://a/b/c/d;p?q" (all 23). */
static const struct resolve_case rfc3986_normal[] = {
	{ "g:h", "g:h" },
	{ "g", "http://a/b/c/g" },
	{ "./g", "http://a/b/c/g" },
	{ "g/", "http://a/b/c/g/" },
	{ "/g", "http://a/g" },
	{ "//g", "http://g" },
	{ "?y", "http://a/b/c/d;p?y" },
	{ "g?y", "http://a/b/c/g?y" },
	{ "#s", "http://a/b/c/d;p?q#s" },
	{ "g#s", "http://a/b/c/g#s" },
	{ "g?y#s", "http://a/b/c/g?y#s" },
	{ ";x", "http://a/b/c/;x" },
	{ "g;x", "http://a/b/c/g;x" },
	{ "g;x?y#s", "http://a/b/c/g;x?y#s" },
	{ "", "http://a/b/c/d;p?q" },
	{ ".", "http://a/b/c/" },
	{ "./", "http://a/b/c/" },
	{ "..", "http://a/b/" },
	{ "../", "http://a/b/" },
	{ "../g", "http://a/b/g" },
	{ "../..", "http://a/" },
	{ "../../", "http://a/" },
	{ "../../g", "http://a/g" },
};

/* RFC 3986 5.4.2 Abnormal Examples, same base (all of them). */
static const struct resolve_case rfc3986_abnormal[] = {
	{ "../../../g", "http://a/g" },
	{ "../../../../g", "http://a/g" },
	{ "/./g", "http://a/g" },
	{ "/../g", "http://a/g" },
	{ "g.", "http://a/b/c/g." },
	{ ".g", "http://a/b/c/.g" },
	{ "g..", "http://a/b/c/g.." },
	{ "..g", "http://a/b/c/..g" },
	{ "./../g", "http://a/b/g" },
	{ "./g/.", "http://a/b/c/g/" },
	{ "g/./h", "http://a/b/c/g/h" },
	{ "g/../h", "http://a/b/c/h" },
	{ "g;x=1/./y", "http://a/b/c/g;x=1/y" },
	{ "g;x=1/../y", "http://a/b/c/y" },
	{ "g?y/./x", "http://a/b/c/g?y/./x" },
	{ "g?y/../x", "http://a/b/c/g?y/../x" },
	{ "g#s/./x", "http://a/b/c/g#s/./x" },
	{ "g#s/../x", "http://a/b/c/g#s/../x" },
	{ "http:g", "http:g" },   /* strict parser; "http://a/b/c/g" only for backward compatibility */
};

struct resolve_base_case {
	const char *base;
	const char *ref;
	const char *want;
};

/* Our own cases: IRIs (RFC 3987 6.5), base fragments (RFC 3986 5.1), merge edge cases (5.2.3). */
static const struct resolve_base_case other_resolve[] = {
	{ "http://例え.jp/a/b", "../ç", "http://例え.jp/ç" },
	{ "http://例え.jp/a/b", "ç?ü#ß", "http://例え.jp/a/ç?ü#ß" },
	{ "http://例え.jp/دليل/ب", "./ج/../د", "http://例え.jp/دليل/د" },
	{ "http://a/b/c/d;p?q#frag", "", "http://a/b/c/d;p?q" },        /* base fragment ignored */
	{ "http://a/b/c/d;p?q#frag", "#s", "http://a/b/c/d;p?q#s" },
	{ "http://a", "g", "http://a/g" },                              /* 5.2.3: authority, empty path */
	{ "http://a", "", "http://a" },
	{ "http://a?q", "?", "http://a?" },                              /* empty but present query */
	{ "mailto:x", "y", "mailto:y" },                                /* no "/" in the base path */
	{ "foo:a/b", "../c", "foo:/c" },   /* 5.2.4 on "a/../c": rule C leaves "/c" */
	/* A path that resolves to "//g" without an authority gets "/." in front,
	 * or the result would read "g" as a host (RFC 3986 5.3 cannot say it). */
	{ "a:/x", "..//g", "a:/.//g" },
	{ "a:/x", ".//g", "a:/.//g" },
	{ "a:/x", "//h/p", "a://h/p" },
	{ "HTTP://A/b", "HTTP:c", "HTTP:c" },                          /* scheme copied, not case-folded */
	{ "http://u@a:8/b", "//v@c:9/./d", "http://v@c:9/d" },
	{ "http://a/b", "//c", "http://c" },
	{ "http://a/b/c", "/../../x", "http://a/x" },
	{ "http://a/%2E%2E/c", "d", "http://a/%2E%2E/d" },                /* escaped dots are not dot segments */
};

static void test_resolve_tables(void)
{
	iri_buf out;
	iri_buf_init(&out);
	const char *base = "http://a/b/c/d;p?q";
	for (size_t i = 0; i < sizeof rfc3986_normal / sizeof rfc3986_normal[0]; i++) {
		const struct resolve_case *c = &rfc3986_normal[i];
		iri_resolve_result r = iri_resolve(base, strlen(base), c->ref, strlen(c->ref), &out);
		CHECK(r == IRI_RESOLVE_OK, "5.4.1 ref \"%s\": %s", c->ref, iri_resolve_result_name(r));
		CHECK_STR(out.data ? out.data : "", c->want, "5.4.1 ref \"%s\"", c->ref);
	}
	for (size_t i = 0; i < sizeof rfc3986_abnormal / sizeof rfc3986_abnormal[0]; i++) {
		const struct resolve_case *c = &rfc3986_abnormal[i];
		iri_resolve_result r = iri_resolve(base, strlen(base), c->ref, strlen(c->ref), &out);
		CHECK(r == IRI_RESOLVE_OK, "5.4.2 ref \"%s\": %s", c->ref, iri_resolve_result_name(r));
		CHECK_STR(out.data ? out.data : "", c->want, "5.4.2 ref \"%s\"", c->ref);
	}
	for (size_t i = 0; i < sizeof other_resolve / sizeof other_resolve[0]; i++) {
		const struct resolve_base_case *c = &other_resolve[i];
		iri_resolve_result r = iri_resolve(c->base, strlen(c->base), c->ref, strlen(c->ref), &out);
		CHECK(r == IRI_RESOLVE_OK, "base \"%s\" ref \"%s\": %s", c->base, c->ref,
			iri_resolve_result_name(r));
		CHECK_STR(out.data ? out.data : "", c->want, "base \"%s\" ref \"%s\"", c->base, c->ref);
	}
	iri_buf_fini(&out);
}

static void test_resolve_errors(void)
{
	/* RFC 3986 5.1: the base must have a scheme. */
	static const char *const not_absolute[] = { "", "//a/b", "/a/b", "a/b", "?q", "#f", ":a" };
	iri_buf out;
	iri_buf_init(&out);
	for (size_t i = 0; i < sizeof not_absolute / sizeof not_absolute[0]; i++) {
		iri_buf_puts(&out, "stale");
		iri_resolve_result r = iri_resolve(not_absolute[i], strlen(not_absolute[i]), "g", 1, &out);
		CHECK(r == IRI_RESOLVE_BASE_NOT_ABSOLUTE, "base \"%s\": %s", not_absolute[i],
			iri_resolve_result_name(r));
		CHECK(out.len == 0, "base \"%s\": output not reset", not_absolute[i]);
	}
	CHECK_STR(iri_resolve_result_name(IRI_RESOLVE_OK), "OK", "name");
	CHECK_STR(iri_resolve_result_name(IRI_RESOLVE_BASE_NOT_ABSOLUTE), "BASE_NOT_ABSOLUTE", "name");
	CHECK_STR(iri_resolve_result_name(IRI_RESOLVE_NO_MEMORY), "NO_MEMORY", "name");
	/* A capped output buffer reports NO_MEMORY instead of a truncated IRI. */
	out.cap = 8;
	iri_resolve_result r = iri_resolve("http://a/b/c/d;p?q", 18, "g", 1, &out);
	CHECK(r == IRI_RESOLVE_NO_MEMORY, "capped: %s", iri_resolve_result_name(r));
	iri_buf_fini(&out);
}

/* RFC 3986 5.2.4 (its two worked examples) and edge cases of our own. */
static const struct resolve_case dot_cases[] = {
	{ "/a/b/c/./../../g", "/a/g" },
	{ "mid/content=5/../6", "mid/6" },
	{ "", "" },
	{ ".", "" },
	{ "..", "" },
	{ "./", "" },
	{ "../", "" },
	{ "/", "/" },
	{ "/.", "/" },
	{ "/..", "/" },
	{ "/./", "/" },
	{ "/../", "/" },
	{ "/a/b/..", "/a/" },
	{ "/a/b/.", "/a/b/" },
	{ "a/../b", "/b" },           /* rule C then E, as the RFC's loop does */
	{ "/a//../b", "/a/b" },        /* ".." removes the empty segment */
	{ "../a", "a" },
	{ "./a/./b", "a/b" },
	{ "/a/.../b", "/a/.../b" },
	{ "/a/.b/..c/", "/a/.b/..c/" },
	{ "/ü/../é/./ß", "/é/ß" },
	/* The rootless paths of issue 18's comparisons, as 5.2.4 gives them:
	 * rule E moves "a", B turns "/./" into "/"; C pops "foo" and leaves
	 * the "/" of "/path"; A drops "../" and E moves "/" then "/x". */
	{ "a/./b", "a/b" },
	{ "foo/../path", "/path" },
	{ "..///x", "//x" },
	{ "/.//x", "//x" },
	{ "a/..", "/" },
	{ "a/b/../../c", "/c" },
};

static void test_remove_dot_segments(void)
{
	iri_buf out;
	iri_buf_init(&out);
	for (size_t i = 0; i < sizeof dot_cases / sizeof dot_cases[0]; i++) {
		iri_buf_reset(&out);
		iri_remove_dot_segments(dot_cases[i].ref, strlen(dot_cases[i].ref), &out);
		CHECK_STR(out.data ? out.data : "", dot_cases[i].want, "remove_dot_segments(\"%s\")", dot_cases[i].ref);
	}
	/* It appends: what is already in the buffer is never popped. */
	iri_buf_reset(&out);
	iri_buf_puts(&out, "http://a");
	iri_remove_dot_segments("/../../x/..", 11, &out);
	CHECK_STR(out.data, "http://a/", "append after prefix");
	iri_buf_fini(&out);
}

/* Huge inputs must stay linear: these would take minutes if quadratic. */
static void test_huge(void)
{
	const size_t n = 100000;
	char *ref = malloc(3 * n + 2);
	char *path = malloc(4 * n + 3 * n + 1);
	iri_buf out;
	iri_buf_init(&out);
	CHECK(ref && path, "malloc");
	if (!ref || !path)
		goto out;
	for (size_t i = 0; i < n; i++)
		memcpy(ref + 3 * i, "../", 3);
	memcpy(ref + 3 * n, "g", 2);
	iri_resolve_result r = iri_resolve("http://a/b/c/d;p?q", 18, ref, 3 * n + 1, &out);
	CHECK(r == IRI_RESOLVE_OK, "huge ../: %s", iri_resolve_result_name(r));
	CHECK_STR(out.data, "http://a/g", "huge ../");
	iri_buf_reset(&out);
	iri_remove_dot_segments(ref, 3 * n + 1, &out);
	CHECK_STR(out.data, "g", "huge ../ remove_dot_segments");
	/* n segments "/ab" then n "/..": pushes then pops everything. */
	size_t len = 0;
	for (size_t i = 0; i < n; i++, len += 3)
		memcpy(path + len, "/ab", 3);
	for (size_t i = 0; i < n; i++, len += 3)
		memcpy(path + len, "/..", 3);
	path[len] = '\0';
	iri_buf_reset(&out);
	iri_remove_dot_segments(path, len, &out);
	CHECK_STR(out.data, "/", "huge push/pop");
	/* n ordinary segments are all kept. */
	iri_resolve_result r2 = iri_resolve("http://a/", 9, path, 3 * n, &out);
	CHECK(r2 == IRI_RESOLVE_OK && out.len == 8 + 3 * n, "huge segments kept: %zu", out.len);
out:
	iri_buf_fini(&out);
	free(ref);
	free(path);
}

struct compare_case {
	const char *a;
	const char *b;
	iri_compare_level want;
};

/* RFC 3987 5.3 (the RFC's own examples where it gives them; rows marked
 * "ours" exercise the same rule with cases of our own). */
static const struct compare_case compare_cases[] = {
	/* 5.3.1 simple string comparison: identical strings (ours: the RFC gives none) */
	{ "http://example.org/~user", "http://example.org/~user", IRI_CMP_SIMPLE },
	{ "", "", IRI_CMP_SIMPLE },
	{ "http://www.example.org/résumé.html", "http://www.example.org/résumé.html", IRI_CMP_SIMPLE },
	/* 5.3.2: the RFC's example of all syntax-based steps at once */
	{ "example://a/b/c/%7Bfoo%7D/rosé", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", IRI_CMP_SYNTAX },
	/* 5.3.2.1 case normalisation */
	{ "HTTP://www.EXAMPLE.com/", "http://www.example.com/", IRI_CMP_SYNTAX },
	{ "http://example.com/%7b", "http://example.com/%7B", IRI_CMP_SYNTAX },        /* ours: hex digits */
	{ "http://example.com/A", "http://example.com/a", IRI_CMP_DIFFERENT },         /* ours: path is case-sensitive */
	{ "http://User@example.com/", "http://user@example.com/", IRI_CMP_DIFFERENT },  /* ours: so is userinfo */
	{ "http://[2001:DB8::1]/", "http://[2001:db8::1]/", IRI_CMP_SYNTAX },           /* ours */
	{ "http://us%65r@example.com/", "http://user@example.com/", IRI_CMP_SYNTAX },   /* userinfo's escapes, 5.3.2.3 */
	/* 5.3.2.2 character normalisation: e-acute precomposed vs "e" + U+0301.
	 * Equivalence "MUST rely on the assumption that IRIs are appropriately
	 * pre-character-normalized rather than apply character normalization",
	 * so these differ at every level (iri_check reports NOT_NFC). */
	{ "http://www.example.org/résumé.html", "http://www.example.org/re\u0301sume\u0301.html", IRI_CMP_DIFFERENT },
	{ "http://www.example.org/r%C3%A9sum%C3%A9.html", "http://www.example.org/re%CC%81sume%CC%81.html", IRI_CMP_DIFFERENT },
	{ "http://www.example.org/r%C3%A9sum%C3%A9.html", "http://www.example.org/re\u0301sume\u0301.html", IRI_CMP_DIFFERENT },
	/* 5.3.2.3 percent-encoding normalisation */
	{ "http://example.org/~user", "http://example.org/%7euser", IRI_CMP_SYNTAX },
	{ "http://example.org/~user", "http://example.org/%7Euser", IRI_CMP_SYNTAX },
	{ "http://example.org/%7euser", "http://example.org/%7Euser", IRI_CMP_SYNTAX },
	{ "http://example.com/data", "http://example.com/%64%61%74%61", IRI_CMP_SYNTAX },   /* ours */
	{ "http://www.example.org/r%C3%A9sum%C3%A9.html", "http://www.example.org/résumé.html", IRI_CMP_SYNTAX },
	/* r%E9sum%E9 is ISO-8859-1, not UTF-8 (RFC 3987 3.2): a different IRI. */
	{ "http://www.example.org/r%E9sum%E9.html", "http://www.example.org/résumé.html", IRI_CMP_DIFFERENT },
	{ "http://www.example.org/r%E9sum%E9.html", "http://www.example.org/r%C3%A9sum%C3%A9.html", IRI_CMP_DIFFERENT },
	{ "http://www.example.org/r%E9sum%E9.html", "http://www.example.org/r%e9sum%e9.html", IRI_CMP_SYNTAX },
	{ "http://xn--99zt52a.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%E2%80%AE", IRI_CMP_SYNTAX },
	{ "http://www.example.org/D%C3%BCrst", "http://www.example.org/Dürst", IRI_CMP_SYNTAX },
	{ "http://r%C3%A9sum%C3%A9.example.org", "http://résumé.example.org", IRI_CMP_SYNTAX },
	/* ours: escapes of reserved characters, of "%" and of bad UTF-8 stay */
	{ "http://example.com/a%2Fb", "http://example.com/a/b", IRI_CMP_DIFFERENT },
	{ "http://example.com/a%2fb", "http://example.com/a%2Fb", IRI_CMP_SYNTAX },
	{ "http://example.com/?a%3Db", "http://example.com/?a=b", IRI_CMP_DIFFERENT },
	{ "http://example.com/100%25", "http://example.com/100%", IRI_CMP_DIFFERENT },
	{ "http://example.com/%C0%AF", "http://example.com//", IRI_CMP_DIFFERENT },      /* overlong "/" */
	{ "http://example.com/%C3", "http://example.com/%c3", IRI_CMP_SYNTAX },          /* truncated */
	{ "http://example.com/%ED%A0%80", "http://example.com/%ed%a0%80", IRI_CMP_SYNTAX }, /* surrogate */
	{ "http://example.com/%C2%A0x", "http://example.com/\u00A0x", IRI_CMP_SYNTAX },  /* ucschar */
	{ "http://example.com/%C2%85", "http://example.com/\xC2\x85", IRI_CMP_DIFFERENT }, /* NEL: not ucschar */
	{ "http://example.com/%EE%80%80", "http://example.com/\uE000", IRI_CMP_DIFFERENT }, /* iprivate */
	/* 5.3.2.4 path segment normalisation */
	{ "http://example.com/a/./b/../c", "http://example.com/a/c", IRI_CMP_SYNTAX },   /* ours */
	{ "http://example.com/a/%2E%2E/c", "http://example.com/c", IRI_CMP_SYNTAX },     /* ours: decoded first */
	{ "/a/../b", "/b", IRI_CMP_SYNTAX },                                              /* ours: absolute path */
	{ "../a", "a", IRI_CMP_DIFFERENT },                                               /* ours: relative path */
	{ "a/./b", "a/b", IRI_CMP_SYNTAX },                                               /* every base alike */
	/* A relative-path reference: "." and "seg/.." go (RFC 3986 5.2.2
	 * merges the base's directory in front, then removes dot segments);
	 * a ".." that climbs stays. */
	{ "mid/content=5/../6", "mid/6", IRI_CMP_SYNTAX },                                /* RFC 3986 5.2.4 */
	{ "a/x/../b", "a/b", IRI_CMP_SYNTAX },
	{ "a/../../b", "../b", IRI_CMP_SYNTAX },
	{ "../a/../b", "../b", IRI_CMP_SYNTAX },
	{ "./%2E%2E/a", "../a", IRI_CMP_SYNTAX },                                          /* decoded first */
	{ ".", "./", IRI_CMP_SYNTAX },                                                    /* the base's directory */
	{ "a/..", "./", IRI_CMP_SYNTAX },
	{ "..", "../", IRI_CMP_SYNTAX },
	{ "a/.", "a/", IRI_CMP_SYNTAX },
	{ ".", "", IRI_CMP_DIFFERENT },                                                   /* "": the base itself */
	{ "a/..//b", ".//b", IRI_CMP_SYNTAX },                                            /* not "/b" */
	{ "a/..//b", "/b", IRI_CMP_DIFFERENT },
	{ "x/./y:z", "x/y:z", IRI_CMP_SYNTAX },
	{ "./a:b/c", "./a:b/./c", IRI_CMP_SYNTAX },                                       /* "./" stays (4.2) */
	{ "a/b?q", "a/./b?q", IRI_CMP_SYNTAX },
	/* RFC 3987 5.3.2.4, RFC 3986 6.2.2.3: every path of an IRI, rootless
	 * too ("the path", not "an absolute path"); issue 18's three cases */
	{ "scheme:a/./b", "scheme:a/b", IRI_CMP_SYNTAX },
	{ "scheme:foo/../p%61th", "scheme:/path", IRI_CMP_SYNTAX },
	{ "scheme:..///x", "scheme:/.//x", IRI_CMP_SYNTAX },
	/* ours: "//x" after the dots is a path, never an authority */
	{ "scheme:..///x", "scheme://x", IRI_CMP_DIFFERENT },
	{ "scheme:/.//x", "scheme://x", IRI_CMP_DIFFERENT },
	{ "scheme:a/..", "scheme:/", IRI_CMP_SYNTAX },
	{ "urn:a/./b", "URN:a/b", IRI_CMP_SYNTAX },
	{ "scheme:a/%2E/b", "scheme:a/b", IRI_CMP_SYNTAX },                              /* decoded first */
	{ "scheme:a/%2E%2E/b", "scheme:b", IRI_CMP_DIFFERENT },                          /* "/b" after 5.2.4 */
	{ "scheme:a/%2E%2E/b", "scheme:/b", IRI_CMP_SYNTAX },
	{ "//h/a/../b", "//h/b", IRI_CMP_SYNTAX },                                        /* with an authority */
	{ "./a", "a", IRI_CMP_SYNTAX },                                                   /* relative path */
	/* 5.3.3 scheme-based normalisation: the RFC's four equivalent forms */
	{ "http://example.com", "http://example.com/", IRI_CMP_SCHEME },
	{ "http://example.com", "http://example.com:/", IRI_CMP_SCHEME },
	{ "http://example.com", "http://example.com:80/", IRI_CMP_SCHEME },
	{ "http://example.com/", "http://example.com:/", IRI_CMP_SCHEME },
	{ "http://example.com/", "http://example.com:80/", IRI_CMP_SCHEME },
	{ "http://example.com:/", "http://example.com:80/", IRI_CMP_SCHEME },
	{ "http://www.example.org/", "http://www.example.org:80/", IRI_CMP_SCHEME },
	/* ... and the IDN host: Unicode vs A-label */
	{ "http://résumé.example.org", "http://xn--rsum-bpad.example.org", IRI_CMP_SCHEME },
	{ "http://r%C3%A9sum%C3%A9.example.org/", "http://xn--rsum-bpad.example.org/", IRI_CMP_SCHEME },
	{ "HTTP://RÉSUMÉ.example.org:80", "http://xn--rsum-bpad.example.org/", IRI_CMP_SCHEME },
	/* ours: the other schemes irie knows, and where the rules stop */
	{ "https://example.com:443/", "https://example.com/", IRI_CMP_SCHEME },
	{ "https://example.com:80/", "https://example.com/", IRI_CMP_DIFFERENT },
	{ "http://example.com:8080/", "http://example.com/", IRI_CMP_DIFFERENT },
	{ "http://example.com:080/", "http://example.com/", IRI_CMP_SCHEME },
	{ "ws://example.com:80/", "ws://example.com", IRI_CMP_SCHEME },
	{ "wss://example.com:443/", "wss://example.com/", IRI_CMP_SCHEME },
	{ "ftp://example.com:21/", "ftp://example.com/", IRI_CMP_SCHEME },
	{ "foo://example.com:80/", "foo://example.com/", IRI_CMP_DIFFERENT },
	/* Default ports the cited sections name (core/scheme.c). */
	{ "coap://h:5683/x", "coap://h/x", IRI_CMP_SCHEME },                          /* RFC 7252 6.1 */
	{ "coaps://h:5684/x", "coaps://h/x", IRI_CMP_SCHEME },                        /* RFC 7252 6.2 */
	{ "ssh://h:22/x", "ssh://h/x", IRI_CMP_SCHEME },
	{ "vnc://h:5900/", "vnc://h/", IRI_CMP_SCHEME },                              /* RFC 7869 2 */
	{ "coap://h:5684/x", "coap://h/x", IRI_CMP_DIFFERENT },
	/* A name joined with "+" takes no default port from its parts. */
	{ "git+ssh://h:22/x", "git+ssh://h/x", IRI_CMP_DIFFERENT },
	{ "foo://example.com:/x", "foo://example.com/x", IRI_CMP_SCHEME },          /* empty port: RFC 3986 6.2.3 */
	{ "foo://example.com", "foo://example.com/", IRI_CMP_DIFFERENT },
	{ "foo://résumé.example.org/", "foo://xn--rsum-bpad.example.org/", IRI_CMP_DIFFERENT },
	/* 5.3.3 / RFC 3986 6.2.3: mailto's case-insensitive domain is a
	 * scheme-specific rule irie does not apply. */
	{ "mailto:Joe@Example.COM", "mailto:Joe@example.com", IRI_CMP_DIFFERENT },
	/* 5.3.4 protocol-based: beyond irie's ladder */
	{ "http://example.com/data", "http://example.com/data/", IRI_CMP_DIFFERENT },
	/* ours: other parts */
	{ "http://example.com/?", "http://example.com/", IRI_CMP_DIFFERENT },
	{ "http://example.com/#", "http://example.com/", IRI_CMP_DIFFERENT },
	{ "http://example.com/#%7e", "HTTP://example.com/#~", IRI_CMP_SYNTAX },
	{ "http://example.com/?q=%c3%bc", "http://example.com/?q=ü", IRI_CMP_SYNTAX },
};

static void test_compare(iri_ctx *ctx)
{
	for (size_t i = 0; i < sizeof compare_cases / sizeof compare_cases[0]; i++) {
		const struct compare_case *c = &compare_cases[i];
		iri_compare_level got = iri_compare(ctx, c->a, strlen(c->a), c->b, strlen(c->b));
		const char *gn = iri_compare_level_name(got), *wn = iri_compare_level_name(c->want);
		CHECK(got == c->want, "compare(\"%s\", \"%s\"): got %s, want %s", c->a, c->b,
			gn ? gn : "different", wn ? wn : "different");
		/* The ladder is symmetric. */
		iri_compare_level rev = iri_compare(ctx, c->b, strlen(c->b), c->a, strlen(c->a));
		CHECK(rev == got, "compare(\"%s\", \"%s\") not symmetric", c->a, c->b);
	}
	CHECK_STR(iri_compare_level_name(IRI_CMP_SIMPLE), "simple", "name");
	CHECK_STR(iri_compare_level_name(IRI_CMP_SYNTAX), "syntax", "name");
	CHECK_STR(iri_compare_level_name(IRI_CMP_SCHEME), "scheme", "name");
	CHECK(iri_compare_level_name(IRI_CMP_DIFFERENT) == NULL, "name of DIFFERENT is NULL");
	/* Invalid UTF-8 (raw) is compared as bytes, never crashes NFC. */
	const char bad_a[] = "http://example.com/\xC3\x28", bad_b[] = "HTTP://example.com/\xC3\x28";
	CHECK(iri_compare(ctx, bad_a, sizeof bad_a - 1, bad_b, sizeof bad_b - 1) == IRI_CMP_SYNTAX, "bad UTF-8");
}

static void test_compare_huge(iri_ctx *ctx)
{
	const size_t n = 100000;
	char *a = malloc(7 + 3 * n + 3);
	char *b = malloc(7 + 3 * n + 3);
	CHECK(a && b, "malloc");
	if (a && b) {
		memcpy(a, "http://", 7);
		memcpy(b, "HTTP://", 7);
		for (size_t i = 0; i < n; i++) {
			memcpy(a + 7 + 3 * i, "%7e", 3);
			memcpy(b + 7 + 3 * i, "/..", 3);
		}
		iri_compare_level got = iri_compare(ctx, a, 7 + 3 * n, b, 7 + 3 * n);
		CHECK(got == IRI_CMP_DIFFERENT, "huge compare");
		memcpy(b, "http://", 7);
		for (size_t i = 0; i < n; i++)
			memcpy(b + 7 + 3 * i, "%7E", 3);
		got = iri_compare(ctx, a, 7 + 3 * n, b, 7 + 3 * n);
		CHECK(got == IRI_CMP_SYNTAX, "huge compare equal");
	}
	free(a);
	free(b);
}

int main(void)
{
	iri_ctx_result cr;
	iri_ctx *ctx = iri_ctx_new(&cr);
	CHECK(ctx != NULL, "iri_ctx_new: %s", iri_ctx_result_name(cr));
	test_resolve_tables();
	test_resolve_errors();
	test_remove_dot_segments();
	test_huge();
	if (ctx) {
		test_compare(ctx);
		test_compare_huge(ctx);
	}
	iri_ctx_free(ctx);
	return tcheck_done("resolve");
}
