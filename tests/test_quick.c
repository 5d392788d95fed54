/* The quick lane (core/quick.c) against the full path: a table of verdicts
 * (so the lane is really taken, and really refused where it must be), then
 * every line of the given files (the benchmark corpus, generated at test time)
 * through the same comparison the fuzz targets make: CLEAN means iri_check()
 * finds nothing, NO_ERRORS no error, and the URI is iri_to_uri()'s.
 * Usage: test_quick [FILE...] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iri.h"
#include "tcheck.h"
#include "utf8_cases.h"

static const struct {
	const char *in;
	iri_quick_verdict want;
} cases[] = {
	/* Ordinary: nothing to say. */
	{ "https://www.example.com/news/2024/item?id=7#top", IRI_QUICK_CLEAN },
	{ "http://user@example.org:8080/a/b;c=d", IRI_QUICK_CLEAN },
	{ "https://example.com/%E2%82%AC/x%20y", IRI_QUICK_CLEAN },
	{ u8"http://example.com/d\u00FCrst/\u4F8B\u3048", IRI_QUICK_CLEAN },
	{ u8"http://b\u00FCcher.example/stra\u00DFe", IRI_QUICK_CLEAN },
	{ "mailto:someone@example.com", IRI_QUICK_CLEAN },
	{ "http://example.com", IRI_QUICK_CLEAN },
	{ "http://example.com./", IRI_QUICK_CLEAN },
	{ u8"http://example.com/?q=\uE000", IRI_QUICK_CLEAN },            /* iprivate in the query */
	/* Warnings and notes only. */
	{ "http://example.com/%c3%a9", IRI_QUICK_NO_ERRORS },            /* PERCENT_LOWERCASE */
	{ "http://example.com/%41", IRI_QUICK_NO_ERRORS },               /* SUPERFLUOUS_PERCENT_ENCODING */
	{ "http://example.com:80/", IRI_QUICK_NO_ERRORS },               /* DEFAULT_PORT */
	{ "http://example.com/a/../b", IRI_QUICK_NO_ERRORS },            /* DOT_SEGMENT */
	{ "ftp://user:pw@example.com/", IRI_QUICK_NO_ERRORS },           /* PASSWORD_IN_USERINFO */
	{ u8"http://example.com/\u05E9\u05DC\u05D5\u05DD", IRI_QUICK_NO_ERRORS },   /* bidi rules looked at */
	{ u8"http://example.com/e\u0301", IRI_QUICK_NO_ERRORS },         /* NOT_NFC */
	{ u8"http://example.com/\uFF21", IRI_QUICK_NO_ERRORS },          /* NOT_NFKC */
	{ u8"http://p\u0430ypal.com/", IRI_QUICK_NO_ERRORS },            /* MIXED_SCRIPT, CONFUSABLE (UTS #39) */
	/* The full path's. */
	{ "", IRI_QUICK_FULL },
	{ "//example.com/", IRI_QUICK_FULL },                            /* no scheme */
	{ "1http://example.com/", IRI_QUICK_FULL },
	{ "http://example.com/a b", IRI_QUICK_FULL },                    /* SPACE_OR_UNWISE */
	{ "http://example.com/%zz", IRI_QUICK_FULL },
	{ "http://example.com/%C0%AF", IRI_QUICK_FULL },                 /* OVERLONG_UTF8_ESCAPE */
	{ "http://example.com/%ED%A0%80", IRI_QUICK_FULL },              /* SURROGATE_ESCAPE */
	{ "http://example.com/%E9t%E9", IRI_QUICK_FULL },                /* NOT_UTF8_ESCAPE */
	{ "http://example.com/\xff", IRI_QUICK_FULL },
	{ u8"http://example.com/a\u202Eb", IRI_QUICK_FULL },             /* BIDI_FORMATTING_CHARACTER */
	{ u8"http://example.com/a\u200Bb", IRI_QUICK_FULL },             /* INVISIBLE_CHARACTER */
	{ u8"http://example.com\u2215evil/", IRI_QUICK_FULL },           /* LOOKALIKE_DELIMITER */
	{ u8"http://example.com/\uE000", IRI_QUICK_FULL },               /* PRIVATE_USE_CHARACTER */
	{ "http://[::1]/", IRI_QUICK_FULL },
	{ "http://example.com:99999/", IRI_QUICK_FULL },
	{ "http://example.com:8o/", IRI_QUICK_FULL },
	{ "http://a..b/", IRI_QUICK_FULL },
	{ "http://a%2E%2Eb/", IRI_QUICK_FULL },
	{ "http://xn--bcher-kva.example/", IRI_QUICK_FULL },
	{ "http://%C3%BC.example/", IRI_QUICK_FULL },
	{ u8"http://\u00E9_x.example/", IRI_QUICK_FULL },                /* BAD_IDN */
	{ u8"http://1a.\u05D0\u05D1.example/", IRI_QUICK_FULL },        /* BAD_IDN: RFC 5893 rule 1 on "1a" in a bidi name */
	{ u8"http://a\u200Db.example/", IRI_QUICK_FULL },                /* BAD_IDN: CONTEXTJ, ZWJ not after a virama */
	{ "http://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com/", IRI_QUICK_FULL },
	{ u8"htt\u00FCp://example.com/", IRI_QUICK_FULL },               /* NON_ASCII_SCHEME */
	/* Issue 18: a host under a scheme not known to use DNS is the full
	 * path's unless it is a plain DNS name (no IDNA finding, %-escaped). */
	{ "foo://example.com/x", IRI_QUICK_CLEAN },
	{ "ssh://example.com/x", IRI_QUICK_CLEAN },
	{ u8"foo://r\u00E9sum\u00E9.example/", IRI_QUICK_FULL },
	{ u8"SSH://r\u00E9sum\u00E9.example/", IRI_QUICK_CLEAN },        /* a DNS scheme, any case */
	{ "foo://a..b/", IRI_QUICK_FULL },
	{ "unix://%2Fvar%2Frun%2Fsocket/", IRI_QUICK_FULL },
	{ "http://%2Fvar%2Frun%2Fsocket/", IRI_QUICK_FULL },
	{ u8"http://fa\u1E9E.de/", IRI_QUICK_FULL },                     /* UTS46_VERSION: to-uri notes it */
};

typedef struct {
	iri_ctx *ctx, *quick_ctx;   /* two contexts: neither memo answers for the other side */
	iri_diags *diags;
	iri_buf quick, full, errors_uri;
	size_t lines, decided, clean, errors_decided;
} run;

/* The comparison; returns the verdict. */
static iri_quick_verdict compare(run *r, const char *in, size_t len, const char *where)
{
	iri_quick_verdict v = iri_quick_scan(r->quick_ctx, in, len, &r->quick);
	iri_check(r->ctx, in, len, NULL, r->diags);
	size_t n = iri_diags_count(r->diags);
	CHECK(v != IRI_QUICK_CLEAN || n == 0, "%s: CLEAN but %zu findings, first %s: %s", where, n,
		n ? iri_diag_code_name(iri_diags_get(r->diags, 0)->code) : "", tcheck_esc(in, len));
	CHECK(v == IRI_QUICK_FULL || !iri_diags_has_errors(r->diags), "%s: %s but an error: %s", where,
		iri_quick_verdict_name(v), tcheck_esc(in, len));
	if (v != IRI_QUICK_FULL) {
		iri_to_uri(r->ctx, in, len, NULL, &r->full);
		bool same = r->quick.len == r->full.len &&
			(r->full.len == 0 || memcmp(r->quick.data, r->full.data, r->full.len) == 0);
		CHECK(same, "%s: URI %s, iri_to_uri gives %s", where,
			tcheck_esc(r->quick.data ? r->quick.data : "", r->quick.len),
			tcheck_esc(r->full.data ? r->full.data : "", r->full.len));
		r->decided++;
		r->clean += v == IRI_QUICK_CLEAN;
	}
	/* The errors-only lane: never CLEAN, decides whatever the lane does,
	 * the same URI; NO_ERRORS is held to iri_check as above. */
	/* It appends: after something, and left as it was on FULL. */
	iri_buf_reset(&r->errors_uri);
	iri_buf_append(&r->errors_uri, "x\n", 2);
	iri_quick_verdict ve = iri_quick_scan_errors(r->quick_ctx, in, len, &r->errors_uri);
	CHECK(ve != IRI_QUICK_FULL || (r->errors_uri.len == 2 && !r->errors_uri.failed), "%s: FULL but the buffer changed",
	      where);
	CHECK(ve == IRI_QUICK_FULL || r->errors_uri.alloc > r->errors_uri.len + 1, "%s: no room left for a newline", where);
	CHECK(ve != IRI_QUICK_CLEAN, "%s: the errors-only lane said CLEAN: %s", where, tcheck_esc(in, len));
	CHECK(v == IRI_QUICK_FULL || ve == IRI_QUICK_NO_ERRORS, "%s: %s, but the errors-only lane %s: %s", where,
		iri_quick_verdict_name(v), iri_quick_verdict_name(ve), tcheck_esc(in, len));
	CHECK(ve == IRI_QUICK_FULL || !iri_diags_has_errors(r->diags), "%s: errors-only %s but an error: %s", where,
		iri_quick_verdict_name(ve), tcheck_esc(in, len));
	if (v != IRI_QUICK_FULL && ve != IRI_QUICK_FULL)
		CHECK(r->errors_uri.len == r->quick.len + 2 && memcmp(r->errors_uri.data, "x\n", 2) == 0 &&
		      (r->quick.len == 0 || memcmp(r->errors_uri.data + 2, r->quick.data, r->quick.len) == 0),
		      "%s: the errors-only lane's URI differs: %s", where, tcheck_esc(in, len));
	r->errors_decided += ve != IRI_QUICK_FULL;
	r->lines++;
	return v;
}

static void run_file(run *r, const char *path)
{
	FILE *f = fopen(path, "rb");
	CHECK(f != NULL, "cannot open %s", path);
	if (!f)
		return;
	char *line = NULL;
	size_t cap = 0, before = r->lines, decided = r->decided;
	ssize_t got;
	char where[64];
	while ((got = getline(&line, &cap, f)) >= 0) {
		size_t len = (size_t)got;
		if (len && line[len - 1] == '\n')
			len--;
		snprintf(where, sizeof where, "line %zu", r->lines - before + 1);
		compare(r, line, len, where);
	}
	free(line);
	fclose(f);
	size_t lines = r->lines - before;
	printf("%s: %zu lines, %zu decided by the quick lane\n", path, lines, r->decided - decided);
	/* A realistic corpus is mostly ordinary: the lane must take most of it. */
	CHECK(lines > 0 && (r->decided - decided) * 10 >= lines * 7, "%s: only %zu of %zu lines decided",
		path, r->decided - decided, lines);
}

int main(int argc, char **argv)
{
	run r = { .ctx = iri_ctx_new(NULL), .quick_ctx = iri_ctx_new(NULL), .diags = iri_diags_new() };
	iri_buf_init(&r.quick);
	iri_buf_init(&r.full);
	iri_buf_init(&r.errors_uri);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char where[32];
		snprintf(where, sizeof where, "case %zu", i);
		iri_quick_verdict v = compare(&r, cases[i].in, strlen(cases[i].in), where);
		CHECK(v == cases[i].want, "%s: %s, want %s: %s", where, iri_quick_verdict_name(v),
			iri_quick_verdict_name(cases[i].want), cases[i].in);
	}
	/* Every row of the UTF-8 table in a path and in a host: ill-formed
	 * bytes always go to the full path (INVALID_UTF8); the rest must agree
	 * with it (compare). */
	static const char *const around[][2] = { { "http://example.com/a", "b" }, { "http://a", "b.example/" } };
	for (size_t i = 0; i < UTF8_CASES_COUNT; i++) {
		for (size_t k = 0; k < 2; k++) {
			char in[64], where[64];
			snprintf(in, sizeof in, "%s%s%s", around[k][0], utf8_cases[i].bytes, around[k][1]);
			snprintf(where, sizeof where, "utf8 %s (%s)", utf8_cases[i].what, k ? "host" : "path");
			iri_quick_verdict v = compare(&r, in, strlen(in), where);
			CHECK(utf8_cases[i].cp != UTF8_ILL_FORMED || v == IRI_QUICK_FULL, "%s: %s", where,
				iri_quick_verdict_name(v));
		}
	}
	for (int a = 1; a < argc; a++)
		run_file(&r, argv[a]);
	printf("errors-only lane: %zu of %zu inputs decided\n", r.errors_decided, r.lines);
	iri_buf_fini(&r.quick);
	iri_buf_fini(&r.full);
	iri_buf_fini(&r.errors_uri);
	iri_diags_free(r.diags);
	iri_ctx_free(r.ctx);
	iri_ctx_free(r.quick_ctx);
	return tcheck_done("quick");
}
