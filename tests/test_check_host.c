/* iri_check_host (core/check_host.c): which findings are the host's, and
 * where.  Each row: the input (a bare host, or an IRI with an authority),
 * and its findings as "CODE@BYTE_START-BYTE_END" joined by spaces, in
 * order.  Severities are left to test_check.c and test_host.c. */
#include <stdio.h>
#include <string.h>

#include <unicode/uidna.h>

#include "iri_check.h"
#include "iri_ctx.h"
#include "iri_diag.h"
#include "iri_host.h"

#include "tcheck.h"

static const struct {
	const char *input;
	const char *want;
} cases[] = {
	/* Clean hosts, bare and inside an IRI. */
	{ "example.org", "" },
	{ "http://example.org/a b", "" },                      /* the path's space is not the host's */
	{ "", "" },
	/* A bare host "//" does not take whole: the first byte left over. */
	{ "a/b", "SYNTAX@1-2" },
	{ "a?b", "SYNTAX@1-2" },
	{ "a#b", "SYNTAX@1-2" },
	/* Syntax inside the host, from the whole check. */
	{ "x y", "SPACE_OR_UNWISE@1-2" },
	{ "http://x y/", "SPACE_OR_UNWISE@8-9" },
	{ "ex%zzample", "ILLEGAL_PERCENT_ENCODING@2-3" },
	{ "[::1", "SYNTAX@0-4" },
	/* Junk after "]" is the host's story though it is past the host. */
	{ "http://[::1]x/", "SYNTAX@12-13" },
	/* UTS #46 refuses the name: valid in an IRI, not resolvable by DNS
	 * (RFC 3987 3.1), a warning at the offending label. */
	{ "a..b", "NOT_DNS_NAME@2-3" },
	{ "http://a..b/", "NOT_DNS_NAME@9-10" },
	{ "bad-.example", "NOT_DNS_NAME@0-4" },
	{ "_srv.example", "NOT_DNS_NAME@0-4" },
	/* Under a scheme that does not use DNS, no IDNA or DNS finding. */
	{ "foo://a..b/", "" },
	{ "foo://bad-.example/", "" },
	/* ... but what a reader sees, and the note on the forms it shows. */
	{ "foo://p\xd0\xb0ypal.com/", "MIXED_SCRIPT@6-13 CONFUSABLE@6-13" },
	{ "foo://\xe1\xba\x9e.com/", "UTS46_VERSION@6-13" },
	/* Host findings of their own. */
	{ "xn--bcher-kva.example", "ACE_LABEL@0-13" },
	{ "http://xn--bcher-kva.example/", "ACE_LABEL@7-20" },
	{ "b%C3%BCcher.example", "PERCENT_ENCODED_HOST@0-19" },
	{ "p\xd0\xb0ypal.com", "MIXED_SCRIPT@0-7 CONFUSABLE@0-7" },   /* Cyrillic a among Latin */
};

/* The findings as the table spells them. */
static void spell(const iri_diags *ds, char *out, size_t size)
{
	size_t k = 0;
	out[0] = '\0';
	for (size_t i = 0; i < iri_diags_count(ds) && k < size; i++) {
		const iri_diag *d = iri_diags_get(ds, i);
		int n = snprintf(out + k, size - k, "%s%s@%zu-%zu", k ? " " : "", iri_diag_code_name(d->code),
			d->byte_start, d->byte_end);
		if (n < 0)
			break;
		k += (size_t)n;
	}
}

static void test_cases(iri_ctx *ctx, iri_diags *ds)
{
	char got[512];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *text = cases[i].input;
		size_t len = strlen(text);
		iri_ref ref;
		iri_split(text, len, &ref);
		size_t start = 0, host_len = len;
		if (ref.has_authority) {
			start = ref.comp[IRI_COMP_HOST].start;
			host_len = ref.comp[IRI_COMP_HOST].end - start;
		}
		/* The UTS #46 errors of the idna form, as irie host has them. */
		iri_host_forms forms;
		iri_host_forms_init(&forms);
		if (host_len && text[start] != '[')
			iri_host_analyse(ctx, text + start, host_len, &forms);
		iri_check_host(ctx, text, len, &ref, forms.idna_errors, ds);
		iri_host_forms_fini(&forms);
		spell(ds, got, sizeof got);
		CHECK_STR(got, cases[i].want, "case %zu: %s", i, tcheck_esc(text, len));
	}
}

/* Earlier findings in the list do not leak into the next input's. */
static void test_cleared(iri_ctx *ctx, iri_diags *ds)
{
	iri_ref ref;
	iri_split("x y", 3, &ref);
	iri_check_host(ctx, "x y", 3, &ref, 0, ds);
	iri_split("example.org", 11, &ref);
	iri_check_host(ctx, "example.org", 11, &ref, 0, ds);
	CHECK(iri_diags_count(ds) == 0, "%zu findings left over", iri_diags_count(ds));
}

/* Under a scheme not known to use DNS the name is not judged as one, even
 * with UTS #46's errors handed in (RFC 3987 3.1: ToASCII only "for schemes
 * known to use domain names"). */
static void test_dns_only_when_refused(iri_ctx *ctx, iri_diags *ds)
{
	iri_ref ref;
	iri_split("foo://a..b/", 11, &ref);
	iri_check_host(ctx, "foo://a..b/", 11, &ref, UIDNA_ERROR_EMPTY_LABEL, ds);
	CHECK(iri_diags_count(ds) == 0, "foo://a..b/ with idna errors: %zu findings", iri_diags_count(ds));
}

int main(void)
{
	iri_ctx_result cr;
	iri_ctx *ctx = iri_ctx_new(&cr);
	iri_diags *ds = iri_diags_new();
	CHECK(ctx != NULL && ds != NULL, "iri_ctx_new: %s", iri_ctx_result_name(cr));
	if (ctx && ds) {
		test_cases(ctx, ds);
		test_cleared(ctx, ds);
		test_dns_only_when_refused(ctx, ds);
	}
	iri_diags_free(ds);
	iri_ctx_free(ctx);
	return tcheck_done("check_host");
}
