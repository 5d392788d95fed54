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

/* An input and the verdict a lane must give it. */
typedef struct {
	const char *in;
	iri_quick_verdict want;
} verdict_case;

static const verdict_case cases[] = {
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
	{ u8"http://example.com/\u05E9\u05DC\u05D5\u05DD", IRI_QUICK_CLEAN },       /* bidi rules kept */
	{ u8"http://example.com/\u05E9\u05DC\u05D5\u05DDabc", IRI_QUICK_NO_ERRORS }, /* BIDI_MIXED_DIRECTION */
	{ u8"http://example.com/1\u05E9\u05DC\u05D5\u05DD", IRI_QUICK_NO_ERRORS },  /* BIDI_BOUNDARY */
	{ u8"http://example.com/?q=\u05E9\u05DC\u05D5\u05DD1", IRI_QUICK_NO_ERRORS }, /* BIDI_BOUNDARY, last */
	{ u8"http://\u05E9\u05DC\u05D5\u05DD.example/", IRI_QUICK_CLEAN },
	{ u8"http://example.com/e\u0301", IRI_QUICK_NO_ERRORS },         /* NOT_NFC */
	{ u8"http://example.com/\u00E9\u0301", IRI_QUICK_CLEAN },        /* NFC keeps it (no further composition) */
	{ u8"http://example.com/\u0B95\u0BBE", IRI_QUICK_CLEAN },        /* NFC may change it, but does not */
	{ u8"http://\u0E44\u0E17\u0E22\u0E48.example/", IRI_QUICK_CLEAN }, /* in a host too */
	{ u8"http://example.com/\uFF21", IRI_QUICK_NO_ERRORS },          /* NOT_NFKC */
	{ u8"http://p\u0430ypal.com/", IRI_QUICK_NO_ERRORS },            /* MIXED_SCRIPT, CONFUSABLE (UTS #39) */
	/* The authority's split (core/quick_authority.c): past a window of 64
	 * bytes, "@" after ":", dots in the userinfo and the port, the root. */
	{ "http://a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.example.com/x", IRI_QUICK_CLEAN },
	{ "http://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.example/", IRI_QUICK_CLEAN },
	{ "http://u.v:w@x.example:8080/", IRI_QUICK_NO_ERRORS },         /* PASSWORD_IN_USERINFO */
	{ "http://a:b@c@d.example/", IRI_QUICK_FULL },                   /* "@" in the userinfo */
	{ u8"http://\u00E9t\u00E9@example.com/", IRI_QUICK_CLEAN },
	{ "http://example.com:8.0/", IRI_QUICK_FULL },
	{ "http://./", IRI_QUICK_FULL },
	{ "http://a./", IRI_QUICK_CLEAN },
	{ "http://.a/", IRI_QUICK_FULL },
	{ "http://a.xn--b/", IRI_QUICK_FULL },
	{ "http://a--b.example/x", IRI_QUICK_CLEAN },
	{ "http://www.xn--a-b.example/x", IRI_QUICK_FULL },
	{ "http://www.example.com./x", IRI_QUICK_CLEAN },
	{ "http://www..example.com/x", IRI_QUICK_FULL },
	{ "http://example.com:/", IRI_QUICK_CLEAN },
	{ "http://example.com#f", IRI_QUICK_CLEAN },
	{ "http://example.com?q", IRI_QUICK_CLEAN },
	/* The tail by marks (quick.c's scan_tail): dot segments, "?" and "#". */
	{ "http://example.com/.", IRI_QUICK_NO_ERRORS },                 /* DOT_SEGMENT */
	{ "http://example.com/..", IRI_QUICK_NO_ERRORS },
	{ "http://example.com/./a", IRI_QUICK_NO_ERRORS },
	{ "http://example.com/a/.?q", IRI_QUICK_NO_ERRORS },
	{ "http://example.com/a/..#f", IRI_QUICK_NO_ERRORS },
	{ "foo:./x", IRI_QUICK_NO_ERRORS },                               /* first in a path */
	{ "http://example.com/.a/b..c/...", IRI_QUICK_CLEAN },
	{ "http://example.com/a.?q", IRI_QUICK_CLEAN },
	{ "http://example.com/a?/./b", IRI_QUICK_CLEAN },                /* in the query */
	{ "http://example.com/a#/../b", IRI_QUICK_CLEAN },
	{ "http://example.com/a?b?c#d?e", IRI_QUICK_CLEAN },
	{ "http://example.com/a#b#c", IRI_QUICK_FULL },
	{ u8"http://example.com/\u00E9%C3%A9\u00E9?\u00E9#\u00E9", IRI_QUICK_CLEAN },
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
	{ "http://example.com/%E2%80%AEgpj.exe", IRI_QUICK_FULL },        /* ESCAPED_BIDI_FORMATTING */
	{ "http://example.com/%E2%80%8D", IRI_QUICK_CLEAN },              /* ZWJ escaped: nothing */
};

/* The to-iri lane (core/iri_quick_iri.h): decided (with the IRI) or not. */
static const struct {
	const char *in, *want;   /* want NULL: IRI_QUICK_FULL */
} iri_cases[] = {
	{ "https://www.example.com/news/2024/item?id=7#top", "https://www.example.com/news/2024/item?id=7#top" },
	{ "http://example.com/%C3%BC%E4%B8%AD?q=%C3%A9#%E2%82%AC", u8"http://example.com/\u00FC\u4E2D?q=\u00E9#\u20AC" },
	{ "http://xn--bcher-kva.example/stra%C3%9Fe", u8"http://xn--bcher-kva.example/stra\u00DFe" },
	{ "http://u%C3%A9@example.com/", u8"http://u\u00E9@example.com/" },
	{ "http://example.com/%41%2F%7e%25", "http://example.com/A%2F~%25" },           /* step 2 */
	{ "http://example.com/%e2%82%ac", u8"http://example.com/\u20AC" },               /* lower-case escapes */
	{ "http://example.com/a%20b%E2%80%AEc", NULL },     /* RLO stays, ESCAPED_BIDI_FORMATTING: the full path */
	{ "http://example.com/%EF%BC%8F", "http://example.com/%EF%BC%8F" },             /* a "/" lookalike */
	{ "http://example.com/?%EE%80%80", u8"http://example.com/?\uE000" },             /* iprivate in the query */
	{ "http://example.com/%EE%80%80", "http://example.com/%EE%80%80" },             /* not in the path */
	{ u8"http://example.com/d\u00FCrst", u8"http://example.com/d\u00FCrst" },
	{ "http://example.com/%E2%80%8D", NULL },                                      /* a joiner: in context only */
	{ "http://xn--a.example/", NULL },                                             /* BAD_IDN */
	{ "foo://xn--bcher-kva.example/", NULL },                                      /* not a DNS scheme */
	{ "http://example.com/%C3", NULL },                                            /* NOT_UTF8_ESCAPE */
	{ "http://example.com/a b", NULL },
	{ "http://%C3%BC.example/", NULL },
};

/* The errors-only lane with its findings (iri_quick_scan_errors): lines
 * whose only errors are spaces and unwise characters after the authority
 * are its own (IRI_QUICK_ERRORS), the rest as above. */
static const verdict_case errors_cases[] = {
	{ "http://example.com/a b", IRI_QUICK_ERRORS },
	{ "http://example.com/a  b", IRI_QUICK_ERRORS },                 /* one finding, "%20%20" */
	{ "http://example.com/{id}/x?q=<1>#f|g", IRI_QUICK_ERRORS },
	{ "http://example.com/a\\b^c`d\"e", IRI_QUICK_ERRORS },
	{ u8"http://b\u00FCcher.example/\u00E9 \u00E9?q= \u05D0#\u4F8B ", IRI_QUICK_ERRORS },
	{ "http://example.com/a b/../%41%c3%a9", IRI_QUICK_ERRORS },    /* with warnings */
	{ "http://example.com/a ?b", IRI_QUICK_ERRORS },                 /* a run cut by the query */
	{ "http://example.com/<>{", IRI_QUICK_ERRORS },                  /* one finding, "%3C%3E%7B" */
	{ "http://example.com/ok", IRI_QUICK_NO_ERRORS },
	{ "http://exa mple.com/", IRI_QUICK_FULL },                      /* in the host */
	{ "http://us er@example.com/", IRI_QUICK_FULL },                 /* in the userinfo */
	{ "htt p://example.com/", IRI_QUICK_FULL },                      /* in the scheme */
	{ "http://example.com:8 0/", IRI_QUICK_FULL },                   /* in the port */
	{ "http://example.com/a b%zz", IRI_QUICK_FULL },                 /* and another error */
	{ "http://example.com/a b\t", IRI_QUICK_FULL },                  /* CONTROL_CHARACTER */
	{ "http://example.com/a b#c#d", IRI_QUICK_FULL },                /* SYNTAX */
	{ "a b/c", IRI_QUICK_FULL },                                      /* a relative reference */
};

typedef struct {
	iri_ctx *ctx, *quick_ctx;   /* two contexts: neither memo answers for the other side */
	iri_diags *diags, *found;
	iri_buf quick, full, errors_uri, iri, full_iri;
	size_t lines, decided, clean, errors_decided, errors_taken, iri_lines, iri_decided;
} run;

static bool same_text(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* The errors the errors-only lane found: iri_check()'s errors (r->diags)
 * exactly, in order, with their spans, details, rules and suggestions. */
static void compare_errors(run *r, const char *in, size_t len, const char *where)
{
	size_t k = 0;
	for (size_t i = 0; i < iri_diags_count(r->diags); i++) {
		const iri_diag *d = iri_diags_get(r->diags, i);
		if (d->severity != IRI_SEV_ERROR)
			continue;
		const iri_diag *e = k < iri_diags_count(r->found) ? iri_diags_get(r->found, k) : NULL;
		k++;
		CHECK(e && e->code == d->code && e->severity == d->severity && e->component == d->component &&
		      e->byte_start == d->byte_start && e->byte_end == d->byte_end && e->cp_start == d->cp_start &&
		      e->cp_end == d->cp_end && e->detail == d->detail && same_text(e->rule, d->rule) &&
		      same_text(e->suggestion, d->suggestion) && same_text(e->seen, d->seen),
		      "%s: iri_check's error %zu (%s at byte %zu) is not the lane's: %s", where, k,
		      iri_diag_code_name(d->code), d->byte_start, tcheck_esc(in, len));
	}
	CHECK(k > 0 && k == iri_diags_count(r->found), "%s: the lane found %zu errors, iri_check %zu: %s", where,
	      iri_diags_count(r->found), k, tcheck_esc(in, len));
}

/* The to-iri lane against iri_check and iri_to_iri; returns the verdict. */
static iri_quick_verdict compare_iri(run *r, const char *in, size_t len, const char *where)
{
	iri_buf_reset(&r->iri);
	iri_buf_append(&r->iri, "x\n", 2);   /* it appends, and leaves it as it was on FULL */
	iri_quick_verdict v = iri_quick_to_iri(r->quick_ctx, in, len, &r->iri);
	CHECK(v == IRI_QUICK_FULL || v == IRI_QUICK_NO_ERRORS, "%s: to-iri lane said %s", where,
		iri_quick_verdict_name(v));
	CHECK(v != IRI_QUICK_FULL || (r->iri.len == 2 && !r->iri.failed), "%s: to-iri FULL but the buffer changed",
		where);
	if (v != IRI_QUICK_FULL) {
		iri_check(r->ctx, in, len, NULL, r->diags);
		CHECK(!iri_diags_has_errors(r->diags), "%s: to-iri lane decided but an error: %s", where,
			tcheck_esc(in, len));
		CHECK(r->iri.alloc > r->iri.len + 1, "%s: to-iri: no room left for a newline", where);
		iri_to_iri(r->ctx, in, len, NULL, &r->full_iri, NULL);
		bool same = r->iri.len == r->full_iri.len + 2 &&
			(r->full_iri.len == 0 || memcmp(r->iri.data + 2, r->full_iri.data, r->full_iri.len) == 0);
		CHECK(same, "%s: IRI %s, iri_to_iri gives %s", where, tcheck_esc(r->iri.data + 2, r->iri.len - 2),
			tcheck_esc(r->full_iri.data ? r->full_iri.data : "", r->full_iri.len));
	}
	r->iri_lines++;
	r->iri_decided += v != IRI_QUICK_FULL;
	return v;
}

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
	iri_quick_verdict ve = iri_quick_scan_errors(r->quick_ctx, in, len, &r->errors_uri, r->found);
	CHECK(ve != IRI_QUICK_FULL || (r->errors_uri.len == 2 && !r->errors_uri.failed), "%s: FULL but the buffer changed",
	      where);
	CHECK(ve == IRI_QUICK_FULL || r->errors_uri.alloc > r->errors_uri.len + 1, "%s: no room left for a newline", where);
	CHECK(ve != IRI_QUICK_CLEAN, "%s: the errors-only lane said CLEAN: %s", where, tcheck_esc(in, len));
	CHECK(v == IRI_QUICK_FULL || ve == IRI_QUICK_NO_ERRORS, "%s: %s, but the errors-only lane %s: %s", where,
		iri_quick_verdict_name(v), iri_quick_verdict_name(ve), tcheck_esc(in, len));
	CHECK(ve != IRI_QUICK_NO_ERRORS || !iri_diags_has_errors(r->diags), "%s: errors-only %s but an error: %s",
		where, iri_quick_verdict_name(ve), tcheck_esc(in, len));
	if (ve == IRI_QUICK_ERRORS)
		compare_errors(r, in, len, where);
	if (ve != IRI_QUICK_FULL) {
		if (v == IRI_QUICK_FULL)
			iri_to_uri(r->ctx, in, len, NULL, &r->full);
		CHECK(r->errors_uri.len == r->full.len + 2 && memcmp(r->errors_uri.data, "x\n", 2) == 0 &&
		      (r->full.len == 0 || memcmp(r->errors_uri.data + 2, r->full.data, r->full.len) == 0),
		      "%s: the errors-only lane's URI %s, iri_to_uri gives %s", where,
		      tcheck_esc(r->errors_uri.data + 2, r->errors_uri.len - 2),
		      tcheck_esc(r->full.data ? r->full.data : "", r->full.len));
	}
	r->errors_decided += ve != IRI_QUICK_FULL;
	r->errors_taken += ve == IRI_QUICK_ERRORS;
	r->lines++;
	return v;
}

/* compare(), and the errors-only lane's verdict; returns it. */
static iri_quick_verdict compare_errors_lane(run *r, const char *in, size_t len, const char *where)
{
	size_t taken = r->errors_taken, decided = r->errors_decided;
	compare(r, in, len, where);
	return r->errors_taken > taken ? IRI_QUICK_ERRORS : r->errors_decided > decided ? IRI_QUICK_NO_ERRORS
		: IRI_QUICK_FULL;
}

/* Each case of a table through a lane's comparison (compare or
 * compare_errors_lane), its verdict held to the table's. */
static void run_cases(run *r, const verdict_case *table, size_t n, const char *label,
	iri_quick_verdict (*lane)(run *, const char *, size_t, const char *))
{
	for (size_t i = 0; i < n; i++) {
		char where[48];
		snprintf(where, sizeof where, "%s %zu", label, i);
		iri_quick_verdict v = lane(r, table[i].in, strlen(table[i].in), where);
		CHECK(v == table[i].want, "%s: %s, want %s: %s", where, iri_quick_verdict_name(v),
			iri_quick_verdict_name(table[i].want), table[i].in);
	}
}

static void run_file(run *r, const char *path)
{
	FILE *f = fopen(path, "rb");
	CHECK(f != NULL, "cannot open %s", path);
	if (!f)
		return;
	char *line = NULL;
	size_t cap = 0, before = r->lines, decided = r->decided, uris_decided = 0;
	ssize_t got;
	char where[64];
	while ((got = getline(&line, &cap, f)) >= 0) {
		size_t len = (size_t)got;
		if (len && line[len - 1] == '\n')
			len--;
		snprintf(where, sizeof where, "line %zu", r->lines - before + 1);
		compare(r, line, len, where);
		compare_iri(r, line, len, where);
		/* The line's URI, as to-iri reads to-uri's output. */
		if (iri_to_uri(r->ctx, line, len, NULL, &r->full) == IRI_MAP_OK) {
			snprintf(where, sizeof where, "line %zu's URI", r->lines - before);
			size_t iri_decided = r->iri_decided;
			compare_iri(r, r->full.data ? r->full.data : "", r->full.len, where);
			uris_decided += r->iri_decided - iri_decided;
		}
	}
	free(line);
	fclose(f);
	size_t lines = r->lines - before;
	printf("%s: %zu lines, %zu decided by the quick lane\n", path, lines, r->decided - decided);
	/* A realistic corpus is mostly ordinary: the lane must take most of it. */
	CHECK(lines > 0 && (r->decided - decided) * 10 >= lines * 7, "%s: only %zu of %zu lines decided",
		path, r->decided - decided, lines);
	/* Their URIs are what to-iri reads: its lane must take most of them. */
	printf("%s: %zu of the lines' URIs decided by the to-iri lane\n", path, uris_decided);
	CHECK(uris_decided * 10 >= lines * 9, "%s: only %zu of %zu URIs decided by the to-iri lane", path,
		uris_decided, lines);
}

int main(int argc, char **argv)
{
	run r = { .ctx = iri_ctx_new(NULL), .quick_ctx = iri_ctx_new(NULL), .diags = iri_diags_new(),
		.found = iri_diags_new() };
	iri_buf_init(&r.quick);
	iri_buf_init(&r.full);
	iri_buf_init(&r.errors_uri);
	iri_buf_init(&r.iri);
	iri_buf_init(&r.full_iri);
	for (size_t i = 0; i < sizeof iri_cases / sizeof iri_cases[0]; i++) {
		char where[32];
		snprintf(where, sizeof where, "to-iri case %zu", i);
		const char *in = iri_cases[i].in, *want = iri_cases[i].want;
		iri_quick_verdict v = compare_iri(&r, in, strlen(in), where);
		CHECK((v == IRI_QUICK_FULL) == (want == NULL), "%s: %s: %s", where, iri_quick_verdict_name(v), in);
		if (want && v != IRI_QUICK_FULL)
			CHECK(r.iri.len == strlen(want) + 2 && memcmp(r.iri.data + 2, want, strlen(want)) == 0,
				"%s: %s, want %s", where, tcheck_esc(r.iri.data + 2, r.iri.len - 2), want);
	}
	run_cases(&r, cases, sizeof cases / sizeof cases[0], "case", compare);
	run_cases(&r, errors_cases, sizeof errors_cases / sizeof errors_cases[0], "errors case", compare_errors_lane);
	/* The length past which the lane leaves unwise lines to the full path
	 * (IRI_QUICK_ERRORS_MAX_LINE_BYTES), and round it: the "}" last. */
	for (size_t pad = 470; pad <= 530; pad++) {
		char in[600], where[64];
		size_t n = strlen(strcpy(in, "http://example.com/{"));
		memset(in + n, 'a', pad);
		strcpy(in + n + pad, "}");
		snprintf(where, sizeof where, "unwise line of %zu bytes", strlen(in));
		iri_quick_verdict v = compare_errors_lane(&r, in, strlen(in), where);
		CHECK(v == (strlen(in) <= IRI_QUICK_ERRORS_MAX_LINE_BYTES ? IRI_QUICK_ERRORS : IRI_QUICK_FULL), "%s: %s", where,
			iri_quick_verdict_name(v));
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
			compare_iri(&r, in, strlen(in), where);
			CHECK(utf8_cases[i].cp != UTF8_ILL_FORMED || v == IRI_QUICK_FULL, "%s: %s", where,
				iri_quick_verdict_name(v));
		}
	}
	/* What stops or splits a tail, at every place round the edges of the
	 * marks' windows (64 bytes from the path's start). */
	static const char *const tails[] = { "/./b", "/../b", "/.", "/..", "/.?q", "/..#f", "%41b", "%E2%82%AC/",
		"%zz", u8"\u00E9\u20AC/x", u8"?\u00E9#\u00E9", "?q#f#g", " ", "#/./", "/x.y/",
		u8"?bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb%e2%82%ac\u00E9#/./",
		u8"?bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\u00E9#x#" };
	for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++)
		for (size_t pad = 40; pad <= 140; pad++) {
			char in[320], where[64];
			snprintf(in, sizeof in, "http://example.com/%.*s%s", (int)pad,
			         "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
			         "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/", tails[t]);
			snprintf(where, sizeof where, "tail %zu after %zu bytes", t, pad);
			compare(&r, in, strlen(in), where);
			compare_iri(&r, in, strlen(in), where);
		}
	for (int a = 1; a < argc; a++)
		run_file(&r, argv[a]);
	printf("errors-only lane: %zu of %zu inputs decided, %zu with their errors\n", r.errors_decided, r.lines,
		r.errors_taken);
	printf("to-iri lane: %zu of %zu inputs decided\n", r.iri_decided, r.iri_lines);
	iri_buf_fini(&r.iri);
	iri_buf_fini(&r.full_iri);
	iri_buf_fini(&r.quick);
	iri_buf_fini(&r.full);
	iri_buf_fini(&r.errors_uri);
	iri_diags_free(r.diags);
	iri_diags_free(r.found);
	iri_ctx_free(r.ctx);
	iri_ctx_free(r.quick_ctx);
	return tcheck_done("quick");
}
