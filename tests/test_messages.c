/* app/messages.c's promise to the batch output's message cache
 * (app/batch_out.c): for every code msg_diag_keyed() names, the message is a
 * function of the code, component and detail alone -- two findings that
 * differ in everything else (spans, severity, rule, suggestion, what a
 * reader sees) get the same text.  And the codes whose message quotes more
 * of the finding (the bidi findings' `seen`) are not keyed. */
#include <stdio.h>
#include <string.h>

#include "messages.h"
#include "tcheck.h"

int main(void)
{
	static const int64_t details[] = { 0, 1, 7, 0x20, 0x7B, 0xE9, 0x202E, 0xFFFF, 0x10FFFF, -1 };
	static const iri_component comps[] = { IRI_COMP_SCHEME, IRI_COMP_HOST, IRI_COMP_PATH, IRI_COMP_QUERY,
		IRI_COMP_FRAGMENT, IRI_COMP_NONE };
	size_t keyed = 0;
	for (int code = 0; code < IRI_D_COUNT; code++) {
		if (!msg_diag_keyed((iri_diag_code)code))
			continue;
		keyed++;
		for (size_t c = 0; c < sizeof comps / sizeof comps[0]; c++)
			for (size_t k = 0; k < sizeof details / sizeof details[0]; k++) {
				iri_diag a = { .code = (iri_diag_code)code, .severity = IRI_SEV_ERROR, .component = comps[c],
					.byte_start = 3, .byte_end = 4, .cp_start = 3, .cp_end = 4, .detail = details[k],
					.rule = "RFC 3987 2.2" };
				iri_diag b = a;
				b.severity = IRI_SEV_INFO;
				b.byte_start = 40, b.byte_end = 52, b.cp_start = 30, b.cp_end = 41;
				b.rule = "UTS #46 4";
				b.suggestion = "%7B";
				b.seen = "cba";
				char ma[512], mb[512];
				msg_diag(&a, ma, sizeof ma);
				msg_diag(&b, mb, sizeof mb);
				CHECK(strcmp(ma, mb) == 0, "%s (component %d, detail %lld): \"%s\" against \"%s\"",
					iri_diag_code_name(a.code), (int)comps[c], (long long)details[k], ma, mb);
			}
	}
	/* The bidi findings quote what a reader sees: never kept by key. */
	CHECK(!msg_diag_keyed(IRI_D_BIDI_MIXED_DIRECTION) && !msg_diag_keyed(IRI_D_BIDI_BOUNDARY),
		"a bidi finding's message is keyed");
	CHECK(keyed > IRI_D_COUNT / 2, "only %zu of %d codes keyed", keyed, (int)IRI_D_COUNT);
	return tcheck_done("messages");
}
