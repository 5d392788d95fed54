/* The RFC 3987 4.2 findings and what a reader sees (doc/design-notes.md,
 * "Bidi findings").  Two tables: right-to-left addresses people publish
 * (Wikipedia in Hebrew, Arabic, Persian and Urdu: brackets, years, ZWNJ),
 * which display in reading order and so get no warning; and misreadings,
 * which keep their warning and say what the screen shows.  Then findings
 * that carry their own severity in the list. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iri_check.h"
#include "iri_ctx.h"
#include "iri_diag.h"
#include "tcheck.h"

#define MISREAD (IRI_BIDI_MISREAD_RFC3987 | IRI_BIDI_MISREAD_MARKED)

static void dump(const char *in, const iri_diags *d)
{
	fprintf(stderr, "  %s:\n", tcheck_esc(in, strlen(in)));
	for (size_t i = 0; i < iri_diags_count(d); i++) {
		const iri_diag *g = iri_diags_get(d, i);
		fprintf(stderr, "    %s %s cp %zu..%zu detail %lld seen %s\n", iri_severity_name(g->severity),
			iri_diag_code_name(g->code), g->cp_start, g->cp_end, (long long)g->detail,
			g->seen ? tcheck_esc(g->seen, strlen(g->seen)) : "(none)");
	}
}

static bool is_bidi_rule(iri_diag_code c)
{
	return c == IRI_D_BIDI_MIXED_DIRECTION || c == IRI_D_BIDI_BOUNDARY;
}

/* ---- published: no warning, the rule named as info -------------------------- */

static const struct {
	const char *iri;
	size_t infos;      /* RFC 3987 4.2 findings, each info */
} published[] = {
	/* Brackets after the title: N0 gives them the title's direction. */
	{ u8"https://he.wikipedia.org/wiki/\u05D9\u05E8\u05D5\u05E9\u05DC\u05D9\u05DD_(\u05E4\u05D9\u05E8\u05D5\u05E9\u05D5\u05E0\u05D9\u05DD)", 1 },
	{ u8"https://ar.wikipedia.org/wiki/\u0627\u0644\u0642\u0627\u0647\u0631\u0629_(\u062A\u0648\u0636\u064A\u062D)", 1 },
	{ u8"https://ur.wikipedia.org/wiki/\u0644\u0627\u06C1\u0648\u0631_(\u0636\u062F_\u0627\u0628\u06C1\u0627\u0645)", 1 },
	/* With ZWNJ (U+200C) inside the bracketed word. */
	{ u8"https://fa.wikipedia.org/wiki/\u0627\u06CC\u0631\u0627\u0646_(\u0627\u0628\u0647\u0627\u0645\u200C\u0632\u062F\u0627\u06CC\u06CC)", 1 },
	/* A year after the words: W2 (AN after AL), or EN after R kept by W7;
	 * either way at level 4, inside the right-to-left run (I1-I2). */
	{ u8"https://he.wikipedia.org/wiki/\u05E9\u05E0\u05EA_2024", 1 },
	{ u8"https://ar.wikipedia.org/wiki/\u0639\u0627\u0645_2020", 1 },
	{ u8"https://ar.wikipedia.org/wiki/\u0643\u0623\u0633_\u0627\u0644\u0639\u0627\u0644\u0645_\u0644\u0643\u0631\u0629_\u0627\u0644\u0642\u062F\u0645_2022", 1 },
	{ u8"https://fa.wikipedia.org/wiki/\u062C\u0627\u0645_\u062C\u0647\u0627\u0646\u06CC_\u0641\u0648\u062A\u0628\u0627\u0644_\u06F2\u06F0\u06F2\u06F2", 1 },
	/* Titles that keep the rules: no finding at all. */
	{ u8"https://he.wikipedia.org/wiki/\u05D8\u05D9\u05D8\u05E0\u05D9\u05E7_(\u05E1\u05E8\u05D8,_1997)", 0 },
	{ u8"https://he.wikipedia.org/wiki/\u05DE\u05DC\u05D7\u05DE\u05EA_\u05D4\u05E2\u05D5\u05DC\u05DD_\u05D4\u05E9\u05E0\u05D9\u05D9\u05D4", 0 },
	{ u8"https://fa.wikipedia.org/wiki/\u06A9\u062A\u0627\u0628\u200C\u062E\u0627\u0646\u0647", 0 },
	{ u8"https://ur.wikipedia.org/wiki/\u06A9\u0631\u0627\u0686\u06CC", 0 },
	/* A Latin word first, the Hebrew after it: read left to right, the
	 * Hebrew run as one unit (rule 1 and 2 broken, reading order kept). */
	{ u8"http://example.com/docs/abc\u05E9\u05DC\u05D5\u05DD/x", 2 },
};

static void test_published(iri_ctx *ctx, iri_diags *d)
{
	for (size_t t = 0; t < sizeof published / sizeof published[0]; t++) {
		const char *in = published[t].iri;
		iri_check(ctx, in, strlen(in), NULL, d);
		size_t infos = 0;
		bool ok = true;
		for (size_t i = 0; i < iri_diags_count(d); i++) {
			const iri_diag *g = iri_diags_get(d, i);
			ok &= g->severity == IRI_SEV_INFO;
			if (is_bidi_rule(g->code)) {
				infos++;
				ok &= !(g->detail & MISREAD) && g->seen == NULL;
			}
		}
		CHECK(ok, "%s: no warning", tcheck_esc(in, strlen(in)));
		CHECK(infos == published[t].infos, "%s: %zu RFC 3987 4.2 findings, want %zu",
			tcheck_esc(in, strlen(in)), infos, published[t].infos);
		if (!ok || infos != published[t].infos)
			dump(in, d);
	}
}

/* ---- misreadings: a warning, with what the screen shows ------------------------ */

static const struct {
	const char *iri;
	iri_diag_code code;       /* the finding looked at */
	int64_t where;            /* its detail & IRI_BIDI_WHERE_MASK */
	int64_t misread;          /* its IRI_BIDI_MISREAD_* bits */
	const char *seen;         /* what the screen shows, left to right; NULL: not checked */
} misread[] = {
	/* Leading digits: after "/" and a Latin host they resolve to L (W2,
	 * W7) and stay on the left, read last by a right-to-left reader. */
	{ u8"http://example.org/2020\u05E9\u05E0\u05D4/x", IRI_D_BIDI_BOUNDARY, 1, MISREAD,
	  u8"2020\u05D4\u05E0\u05E9" },
	{ u8"http://example.org/2022\u0643\u0623\u0633_\u0627\u0644\u0639\u0627\u0644\u0645", IRI_D_BIDI_BOUNDARY, 1,
	  MISREAD, NULL },
	/* The same in a published Urdu year: "2022" then the era sign. */
	{ u8"https://ur.wikipedia.org/wiki/2022\u0621", IRI_D_BIDI_BOUNDARY, 1, MISREAD, u8"2022\u0621" },
	/* A leading bracketed word: the brackets take the embedding direction
	 * (N0 c.2, the context before them is L), so two right-to-left runs
	 * stand left to right.  The marked form reads it piece by piece. */
	{ u8"http://example.org/(\u05E4\u05D9\u05E8\u05D5\u05E9\u05D5\u05E0\u05D9\u05DD)\u05D9\u05E8\u05D5\u05E9\u05DC\u05D9\u05DD/x",
	  IRI_D_BIDI_BOUNDARY, 1, IRI_BIDI_MISREAD_RFC3987,
	  u8"(\u05DD\u05D9\u05E0\u05D5\u05E9\u05D5\u05E8\u05D9\u05E4)\u05DD\u05D9\u05DC\u05E9\u05D5\u05E8\u05D9" },
	{ u8"https://he.wikipedia.org/wiki/(1997)\u05D8\u05D9\u05D8\u05E0\u05D9\u05E7", IRI_D_BIDI_BOUNDARY, 1,
	  IRI_BIDI_MISREAD_RFC3987, u8"(1997)\u05E7\u05D9\u05E0\u05D8\u05D9\u05D8" },
	/* Mixed words: the Latin one at the base level splits the Hebrew (N2). */
	{ u8"http://example.org/\u05E9\u05DC\u05D5\u05DD_world_\u05E2\u05D5\u05DC\u05DD", IRI_D_BIDI_MIXED_DIRECTION, 0,
	  MISREAD, u8"\u05DD\u05D5\u05DC\u05E9_world_\u05DD\u05DC\u05D5\u05E2" },
	{ u8"http://example.org/?q=\u05E9\u05DC\u05D5\u05DD-abc-\u05E2\u05D5\u05DC\u05DD", IRI_D_BIDI_MIXED_DIRECTION, 0,
	  MISREAD, NULL },
	/* Trailing Latin: read first by a right-to-left reader. */
	{ u8"http://example.org/\u05D9\u05E8\u05D5\u05E9\u05DC\u05D9\u05DD_Jerusalem", IRI_D_BIDI_BOUNDARY, 2, MISREAD,
	  u8"\u05DD\u05D9\u05DC\u05E9\u05D5\u05E8\u05D9_Jerusalem" },
	{ u8"http://example.org/\u05E9\u05DC\u05D5\u05DDabc", IRI_D_BIDI_MIXED_DIRECTION, 0, MISREAD, NULL },
	/* Leading digits after a Hebrew segment: in the RFC 3987 rendering
	 * they follow R and join its run (W2, N1 makes "/" R too); in the
	 * marked form the LRM before them makes them L (W7). */
	{ u8"http://example.org/\u05E9\u05E0\u05EA/2024\u05E9\u05E0\u05D4", IRI_D_BIDI_BOUNDARY, 1,
	  IRI_BIDI_MISREAD_MARKED, u8"2024\u05D4\u05E0\u05E9" },
};

static void test_misread(iri_ctx *ctx, iri_diags *d)
{
	for (size_t t = 0; t < sizeof misread / sizeof misread[0]; t++) {
		const char *in = misread[t].iri;
		const char *esc = tcheck_esc(in, strlen(in));
		iri_check(ctx, in, strlen(in), NULL, d);
		const iri_diag *found = NULL;
		for (size_t i = 0; i < iri_diags_count(d); i++) {
			const iri_diag *g = iri_diags_get(d, i);
			if (g->code == misread[t].code && !found)
				found = g;
			/* Both rules of one component share its verdict. */
			if (is_bidi_rule(g->code))
				CHECK(g->severity == IRI_SEV_WARNING && g->seen, "%s: %s is a warning with what is seen",
					esc, iri_diag_code_name(g->code));
		}
		CHECK(found != NULL, "%s: %s", esc, iri_diag_code_name(misread[t].code));
		if (!found) {
			dump(in, d);
			continue;
		}
		CHECK(found->severity == IRI_SEV_WARNING, "%s: a warning", esc);
		CHECK((found->detail & IRI_BIDI_WHERE_MASK) == misread[t].where, "%s: where", esc);
		CHECK((found->detail & MISREAD) == misread[t].misread, "%s: misread in %lld, want %lld", esc,
			(long long)(found->detail & MISREAD), (long long)misread[t].misread);
		if (misread[t].seen)
			CHECK_STR(found->seen, misread[t].seen, "%s: seen", esc);
	}
}

/* ---- a finding's own severity in the list ---------------------------------------- */

static void test_list(void)
{
	iri_diags *d = iri_diags_new();
	CHECK(d != NULL, "list");
	if (!d)
		return;
	iri_diag g = { .code = IRI_D_BIDI_BOUNDARY, .severity = IRI_SEV_INFO, .component = IRI_COMP_PATH,
		.byte_start = 0, .byte_end = 4, .detail = 2 };
	CHECK(iri_diags_add_diag(d, &g), "added");
	/* The same finding next to it but a warning, with what is seen: kept
	 * apart (merging would lose one severity). */
	g.severity = IRI_SEV_WARNING;
	g.byte_start = 4;
	g.byte_end = 6;
	g.seen = "x";
	CHECK(iri_diags_add_diag(d, &g), "added");
	iri_diags_finish(d, "abcdef", 6);
	CHECK(iri_diags_count(d) == 2, "two findings, not merged");
	const iri_diag *a = iri_diags_get(d, 0), *b = iri_diags_get(d, 1);
	if (a && b) {
		CHECK(a->severity == IRI_SEV_INFO && !a->seen, "first is info");
		CHECK(b->severity == IRI_SEV_WARNING && b->seen && strcmp(b->seen, "x") == 0, "second is a warning");
		CHECK_STR(b->rule, "RFC 3987 4.2", "the code's rule when none is given");
	}
	CHECK(!iri_diags_has_errors(d), "no error");
	/* An error given as such counts as one. */
	g.code = IRI_D_PERCENT_LOWERCASE;
	g.severity = IRI_SEV_ERROR;
	g.seen = NULL;
	CHECK(iri_diags_add_diag(d, &g), "added");
	CHECK(iri_diags_has_errors(d), "an error");
	iri_diags_free(d);
}

int main(void)
{
	iri_ctx *ctx = iri_ctx_new(NULL);
	CHECK(ctx != NULL, "context");
	if (!ctx)
		return tcheck_done("check-bidi");
	iri_diags *d = iri_diags_new();
	test_published(ctx, d);
	test_misread(ctx, d);
	test_list();
	iri_diags_free(d);
	iri_ctx_free(ctx);
	return tcheck_done("check-bidi");
}
