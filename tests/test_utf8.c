/* core's UTF-8: the decoder with failure reasons, code point counts and the
 * one encoder (iri_buf_put_cp), over the shared table (utf8_cases.h). */
#include <stdint.h>
#include <string.h>

#include "iri.h"
#include "tcheck.h"
#include "utf8_cases.h"

static void test_decode(void)
{
	for (size_t i = 0; i < UTF8_CASES_COUNT; i++) {
		const utf8_case *c = &utf8_cases[i];
		size_t n = strlen(c->bytes);
		uint32_t cp;
		iri_utf8_status st;
		size_t k = iri_utf8_decode((const uint8_t *)c->bytes, n, &cp, &st);
		if (c->cp == UTF8_ILL_FORMED) {
			CHECK(st != IRI_UTF8_OK && cp == 0xFFFD && k >= 1 && k <= n, "%s: %s, %zu bytes",
				c->what, iri_utf8_status_name(st), k);
			/* Each byte of an ill-formed sequence is a position. */
			CHECK(iri_utf8_count_cp(c->bytes, n) == n, "%s: positions", c->what);
		} else {
			CHECK(st == IRI_UTF8_OK && cp == c->cp && k == n, "%s: U+%04X, %zu bytes",
				c->what, (unsigned)cp, k);
			CHECK(iri_utf8_count_cp(c->bytes, n) == 1, "%s: one position", c->what);
		}
	}
}

static void test_encode(void)
{
	iri_buf b;
	iri_buf_init(&b);
	for (size_t i = 0; i < UTF8_CASES_COUNT; i++) {
		const utf8_case *c = &utf8_cases[i];
		if (c->cp == UTF8_ILL_FORMED)
			continue;
		iri_buf_reset(&b);
		CHECK(iri_buf_put_cp(&b, c->cp) && b.len == strlen(c->bytes) &&
			memcmp(b.data, c->bytes, b.len) == 0, "%s: %s", c->what, tcheck_esc(b.data, b.len));
	}
	/* Not scalar values: nothing written, the buffer marked failed. */
	static const uint32_t bad[] = { 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x110000, UINT32_MAX };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		iri_buf_reset(&b);
		CHECK(!iri_buf_put_cp(&b, bad[i]) && b.failed && b.len == 0, "U+%X refused", (unsigned)bad[i]);
	}
	iri_buf_fini(&b);
}

int main(void)
{
	test_decode();
	test_encode();
	return tcheck_done("utf8");
}
