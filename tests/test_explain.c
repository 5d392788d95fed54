/* core/explain.c: one row per reason, at an exact byte, with what the URI
 * holds for it (RFC 3987 3.1) and, in a host, its A-label. */
#include <string.h>

#include "iri.h"
#include "tcheck.h"

typedef struct {
	size_t byte;                 /* the row that starts here */
	iri_explain_row row;
	bool found;
} want_row;

static bool take_row(const iri_explain_row *row, void *user)
{
	want_row *w = user;
	if (row->byte_start == w->byte) {
		w->row = *row;
		w->found = true;
	}
	return true;
}

static const struct {
	const char *text;
	size_t byte;
	iri_explain_reason reason;
	uint32_t cp;
	size_t byte_end;
	const char *escaped;
	const char *label_ace;
} rows[] = {
	{ "http://a/b", 9, IRI_WHY_UNRESERVED, 'b', 10, "b", "" },
	{ "http://a/b", 4, IRI_WHY_DELIMITER, ':', 5, ":", "" },
	{ "http://a/%C3%A9", 9, IRI_WHY_ESCAPE, 0xE9, 15, "%C3%A9", "" },
	{ "http://a/%E9x", 9, IRI_WHY_ESCAPE_NOT_UTF8, IRI_EXPLAIN_NO_CP, 12, "%E9", "" },
	{ "http://a/\xC3\xA9", 9, IRI_WHY_UCSCHAR, 0xE9, 11, "%C3%A9", "" },
	{ "http://a/?\xEE\x80\x80", 10, IRI_WHY_IPRIVATE, 0xE000, 13, "%EE%80%80", "" },
	{ "http://\xC3\xBC.example/", 7, IRI_WHY_HOST_IDNA, 0xFC, 9, "%C3%BC", "xn--tda" },
	{ "http://a\xE2\x92\x88" "com.example/", 8, IRI_WHY_HOST_NOT_IDNA, 0x2488, 11, "%E2%92%88", "" },
	{ "foo://\xC3\xA9.x/", 6, IRI_WHY_UCSCHAR, 0xE9, 8, "%C3%A9", "" },  /* no DNS: %-escaped */
	{ "http://a/b c", 10, IRI_WHY_UNWISE, ' ', 11, "%20", "" },
	{ "http://a/\x01", 9, IRI_WHY_CONTROL, 1, 10, "%01", "" },
	{ "http://a/\xC2\x85", 9, IRI_WHY_CONTROL, 0x85, 11, "%C2%85", "" },
	{ "http://a/\xEF\xB7\x90", 9, IRI_WHY_NOT_ALLOWED, 0xFDD0, 12, "%EF%B7%90", "" },
	{ "http://a/%zz", 9, IRI_WHY_STRAY_PERCENT, '%', 10, "%25", "" },
	{ "http://a/\xC3z", 9, IRI_WHY_INVALID_UTF8, IRI_EXPLAIN_NO_CP, 10, "%C3", "" },
};

int main(void)
{
	iri_ctx_result cr;
	iri_ctx *ctx = iri_ctx_new(&cr);
	if (!ctx) {
		fprintf(stderr, "explain: no context\n");
		return 1;
	}
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		want_row w = { .byte = rows[i].byte };
		iri_explain(ctx, rows[i].text, strlen(rows[i].text), take_row, &w);
		const char *t = tcheck_esc(rows[i].text, strlen(rows[i].text));
		CHECK(w.found, "%s: no row at byte %zu", t, rows[i].byte);
		if (!w.found)
			continue;
		CHECK_STR(iri_explain_reason_name(w.row.reason), iri_explain_reason_name(rows[i].reason), "%s", t);
		CHECK(w.row.cp == rows[i].cp, "%s: U+%04X", t, (unsigned)w.row.cp);
		CHECK(w.row.byte_end == rows[i].byte_end, "%s: ends at %zu", t, w.row.byte_end);
		CHECK_STR(w.row.escaped, rows[i].escaped, "%s", t);
		CHECK_STR(w.row.label_ace, rows[i].label_ace, "%s", t);
	}
	iri_ctx_free(ctx);
	return tcheck_done("explain");
}
