/* core/buf.c: appends under a cap, writing in place, truncate, rewind to a
 * mark (the dropped appends forgotten too), insert. */
#include <string.h>

#include "iri_buf.h"
#include "tcheck.h"

static void test_cap_and_rewind(void)
{
	iri_buf b;
	iri_buf_init(&b);
	b.cap = 8;
	CHECK(iri_buf_puts(&b, "abc"), "append under the cap");
	iri_buf_mark m = iri_buf_get_mark(&b);
	CHECK(!iri_buf_puts(&b, "defghi"), "append past the cap is refused");
	CHECK(b.failed && b.len == 3, "failed set, len %zu", b.len);
	iri_buf_rewind(&b, m);
	CHECK(!b.failed, "rewind forgets the dropped append");
	CHECK_STR(b.data, "abc", "rewind keeps the text before the mark");
	CHECK(iri_buf_puts(&b, "de"), "appends go on after a rewind");
	CHECK_STR(b.data, "abcde", "text after the rewind");
	iri_buf_truncate(&b, 1);
	CHECK_STR(b.data, "a", "truncate");
	iri_buf_truncate(&b, 5);
	CHECK(b.len == 1, "truncate never lengthens: %zu", b.len);
	b.failed = true;
	iri_buf_truncate(&b, 0);
	CHECK(b.failed && b.len == 0, "truncate leaves failed as it was");
	iri_buf_reset(&b);
	CHECK(!b.failed && b.len == 0, "reset clears failed");
	iri_buf_fini(&b);
}

static void test_in_place(void)
{
	iri_buf b;
	iri_buf_init(&b);
	CHECK(iri_buf_room(&b) == 0, "no room before a reserve");
	iri_buf_puts(&b, "x=");
	CHECK(iri_buf_reserve(&b, 5), "reserve");
	CHECK(iri_buf_room(&b) >= 5, "room %zu", iri_buf_room(&b));
	memcpy(iri_buf_end(&b), "12345", 5);
	iri_buf_commit(&b, 5);
	CHECK_STR(b.data, "x=12345", "commit counts the bytes written and ends them");
	iri_buf_fini(&b);
}

static const struct {
	const char *before;
	size_t at;
	const char *bytes;
	const char *after;
	bool ok;
} insert_rows[] = {
	{ "//g", 0, "/.", "/.//g", true },      /* RFC 3986 5.3's "/." in front */
	{ "ab", 1, "XY", "aXYb", true },
	{ "ab", 2, "!", "ab!", true },
	{ "ab", 3, "!", "ab", false },        /* past the end: refused */
	{ "", 0, "new", "new", true },
	{ "ab", 1, "", "ab", true },
};

static void test_insert(void)
{
	for (size_t i = 0; i < sizeof insert_rows / sizeof insert_rows[0]; i++) {
		iri_buf b;
		iri_buf_init(&b);
		iri_buf_puts(&b, insert_rows[i].before);
		bool ok = iri_buf_insert(&b, insert_rows[i].at, insert_rows[i].bytes, strlen(insert_rows[i].bytes));
		CHECK(ok == insert_rows[i].ok, "row %zu: %d", i, ok);
		CHECK_STR(b.data ? b.data : "", insert_rows[i].after, "row %zu", i);
		CHECK(b.len == strlen(insert_rows[i].after), "row %zu: len %zu", i, b.len);
		iri_buf_fini(&b);
	}
	/* Into a buffer never written: the text is only what was inserted. */
	iri_buf b;
	iri_buf_init(&b);
	CHECK(iri_buf_insert(&b, 0, "q", 1), "insert into an empty buffer");
	CHECK_STR(b.data, "q", "insert into an empty buffer");
	iri_buf_fini(&b);
}

int main(void)
{
	test_cap_and_rewind();
	test_in_place();
	test_insert();
	return tcheck_done("buf");
}
