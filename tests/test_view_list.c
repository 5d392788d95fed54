/* app/view_list.c and view_write.c on their own: reading a list (line
 * ends, the last line without LF, CRs), search and findings round the
 * ends, the filter, going to a line, and writing back twice with
 * replacements that change lengths (the second write must find the
 * entries where the first left them), byte for byte; a file with two hard
 * links written in place, a symbolic link followed; replaced entries whose
 * text is not their bytes refused, a file swapped in meanwhile not written. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "iri.h"
#include "tcheck.h"
#include "view_list.h"

static char dir[] = "/tmp/irie-test-view-XXXXXX";

/* iri_diags_new as view_list.c sees it (linked with --wrap): fails once
 * when armed, so a failed allocation can be tested. */
iri_diags *__real_iri_diags_new(void);
iri_diags *__wrap_iri_diags_new(void);
static bool fail_diags_new;
iri_diags *__wrap_iri_diags_new(void)
{
	if (fail_diags_new) {
		fail_diags_new = false;
		return NULL;
	}
	return __real_iri_diags_new();
}

/* fsync as view_write.c sees it: when armed, first renames swap_from over
 * swap_to (view_write.c syncs its temporary file between checking the
 * file and copying over it). */
int __real_fsync(int fd);
int __wrap_fsync(int fd);
static const char *swap_from, *swap_to;
int __wrap_fsync(int fd)
{
	if (swap_from) {
		CHECK(rename(swap_from, swap_to) == 0, "swapped in");
		swap_from = NULL;
	}
	return __real_fsync(fd);
}

static void put_file(const char *path, const char *bytes, size_t n)
{
	FILE *f = fopen(path, "wb");
	CHECK(f && fwrite(bytes, 1, n, f) == n && fclose(f) == 0, "writing %s", path);
}

/* Whether path holds exactly want (n bytes). */
static bool file_is(const char *path, const char *want, size_t n)
{
	char buf[4096];
	FILE *f = fopen(path, "rb");
	size_t got = f ? fread(buf, 1, sizeof buf, f) : 0;
	if (f)
		fclose(f);
	if (got != n || memcmp(buf, want, n) != 0) {
		fprintf(stderr, "  file: %s\n  want: %s\n", tcheck_esc(buf, got), tcheck_esc(want, n));
		return false;
	}
	return true;
}

static const char list[] =
	"http://example.org/a\r\n"       /* 1: CRLF kept */
	"http://exa mple.org/b\n"        /* 2: an error */
	"\xff\xfe bytes\n"               /* 3: not UTF-8 */
	"http://example.org/beta\n"      /* 4 */
	"\n"                             /* 5: empty */
	"http://example.org/last";       /* 6: no LF */

static void test_read(view_list *vl)
{
	size_t len;
	CHECK(vl_count(vl) == 6, "%zu entries", vl_count(vl));
	const char *t = vl_text(vl, 0, &len);
	CHECK(t && len == 20 && memcmp(t, "http://example.org/a", 20) == 0, "CR not in the text");
	t = vl_text(vl, 2, &len);
	CHECK(t && len == 8 && memcmp(t, "\xff\xfe bytes", 8) == 0, "bytes kept as they are");
	CHECK(vl_text(vl, 4, &len) && len == 0, "an empty line is an entry");
	CHECK(vl_line(vl, 5) == 6 && vl_last_line(vl) == 6, "line numbers");
	CHECK(!vl_truncated(vl) && vl_can_write(vl), "read whole, by name");
}

static void test_find(view_list *vl, iri_ctx *ctx)
{
	bool wrapped;
	CHECK(vl_find(vl, "beta", 4, 0, true, true, &wrapped) == 3 && !wrapped, "forward");
	CHECK(vl_find(vl, "example", 7, 3, true, false, &wrapped) == 5 && !wrapped, "forward, not itself");
	CHECK(vl_find(vl, "example", 7, 5, true, false, &wrapped) == 0 && wrapped, "round the end");
	CHECK(vl_find(vl, "example", 7, 0, false, false, &wrapped) == 5 && wrapped, "backward round the start");
	CHECK(vl_find(vl, "beta", 4, 3, true, false, &wrapped) == 3 && wrapped, "the only match: itself, round");
	CHECK(vl_find(vl, "zzz", 3, 2, true, true, &wrapped) == SIZE_MAX && !wrapped, "none");
	CHECK(vl_find_finding(vl, ctx, 0, true, &wrapped) == 1 && !wrapped, "next finding");
	CHECK(vl_find_finding(vl, ctx, 2, true, &wrapped) == 1 && wrapped, "next finding round the end");
	CHECK(vl_find_finding(vl, ctx, 1, false, &wrapped) == 2 && wrapped, "previous finding round the start");
	iri_diag_code code;
	CHECK(vl_check(vl, 1, ctx, &code) == VL_ERROR && code == IRI_D_SPACE_OR_UNWISE, "first finding");
	CHECK(vl_check(vl, 0, ctx, NULL) == VL_OK, "clean");
	CHECK(vl_pos_of_line(vl, 4) == 3 && vl_pos_of_line(vl, 99) == 5, "line to position");
	CHECK(vl_set_filter(vl, true, ctx) && vl_shown(vl) == 2, "filter: %zu shown", vl_shown(vl));
	CHECK(vl_entry_at(vl, 1) == 2 && vl_pos_of(vl, 0) == 0 && vl_pos_of(vl, 2) == 1 && vl_pos_of(vl, 5) == 1,
		"positions under the filter");
	CHECK(vl_pos_of_line(vl, 3) == 1, "line 3 shown second");
	CHECK(vl_find(vl, "mple", 4, 0, true, false, &wrapped) == 0 && wrapped, "search over the shown only");
	CHECK(vl_find(vl, "example", 7, 0, true, true, &wrapped) == SIZE_MAX, "the lines not shown are not searched");
	/* a shown line fixed stays shown; the count of findings follows it */
	CHECK(vl_findings_shown(vl) == 2, "findings: %zu", vl_findings_shown(vl));
	CHECK(vl_replace(vl, 1, "http://example.org/b", 20), "replace");
	vl_recount_findings(vl, ctx);
	CHECK(vl_shown(vl) == 2 && vl_findings_shown(vl) == 1, "after a fix: %zu shown, %zu with findings",
		vl_shown(vl), vl_findings_shown(vl));
	CHECK(vl_replace(vl, 1, "http://exa mple.org/b", 21) && !vl_changed(vl, 1), "the file's text again");
	vl_recount_findings(vl, ctx);
	CHECK(vl_findings_shown(vl) == 2, "counted back: %zu", vl_findings_shown(vl));
	CHECK(vl_set_filter(vl, false, ctx) && vl_shown(vl) == 6, "filter off");
	CHECK(vl_findings_shown(vl) == 0, "no count with the filter off");
}

/* A failed allocation of the findings list: vl_new says so, and once a
 * list exists the filter checks every entry once (before: one allocation
 * failed in the filter's counting pass, then its second pass found one
 * entry more than it had room for, a write past the array valgrind and
 * ASan report). */
static void test_filter_no_memory(iri_ctx *ctx)
{
	char path[128], err[512];
	snprintf(path, sizeof path, "%s/filter.txt", dir);
	static const char two_bad[] = "http://a b/\nhttp://c d/\nhttp://example.org/\n";
	put_file(path, two_bad, sizeof two_bad - 1);
	fail_diags_new = true;
	view_list *vl = vl_new();
	CHECK(vl == NULL && !fail_diags_new, "vl_new without memory for findings: NULL");
	vl_free(vl);
	vl = vl_new();
	CHECK(vl && vl_read_lines(vl, path, err, sizeof err) == 0, "%s", err);
	if (vl) {
		fail_diags_new = true;   /* whatever asks next is refused */
		CHECK(vl_set_filter(vl, true, ctx) && vl_shown(vl) == 2, "filter: %zu shown", vl_shown(vl));
		CHECK(vl_entry_at(vl, 0) == 0 && vl_entry_at(vl, 1) == 1, "both entries with findings");
		fail_diags_new = false;
	}
	vl_free(vl);
	unlink(path);
}

/* Replaced entries whose bytes overlap (an extractor's, vl_add): refused
 * with that reason, not "changed since it was read" (the file was not). */
static void test_overlap(void)
{
	char path[128], err[512];
	snprintf(path, sizeof path, "%s/overlap.txt", dir);
	static const char two[] = "http://a/\nhttp://b/\n";
	put_file(path, two, sizeof two - 1);
	view_list *vl = vl_new();
	CHECK(vl && vl_read_lines(vl, path, err, sizeof err) == 0, "%s", err);
	if (!vl) {
		unlink(path);
		return;
	}
	CHECK(vl_add(vl, 1, 1, 0, 8, "http://a", 8, true), "an entry over line 1");
	CHECK(vl_replace(vl, 0, "http://x/", 9) && vl_replace(vl, 2, "http://y", 8), "both replaced");
	err[0] = '\0';
	CHECK(!vl_write(vl, err, sizeof err) && strstr(err, "overlap") && !strstr(err, "changed since"),
		"refused: %s", err);
	CHECK(file_is(path, two, sizeof two - 1) && vl_unwritten(vl) == 2, "nothing written, nothing lost");
	vl_free(vl);
	unlink(path);
}

/* A replaced entry whose text is not its bytes in the file (a place an
 * extractor got wrong: another length, or text that is not the bytes):
 * refused, naming the entry, instead of overwriting other bytes
 * (review-code-3 finding 3). */
static void test_misplaced(void)
{
	char path[128], err[512];
	snprintf(path, sizeof path, "%s/misplaced.txt", dir);
	static const char two[] = "http://a/\nhttp://b/\n";
	static const struct {
		uint64_t off, len;
		bool is_bytes;
	} cases[] = {
		{ 9, 10, true },    /* one byte early: "\nhttp://b/" */
		{ 10, 8, true },    /* cut short: "http://b" */
		{ 10, 9, false },   /* the right place, but the text is not the bytes */
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		put_file(path, two, sizeof two - 1);
		view_list *vl = vl_new();
		CHECK(vl && vl_read_lines(vl, path, err, sizeof err) == 0, "%s", err);
		if (!vl)
			break;
		CHECK(vl_add(vl, 2, 1, cases[k].off, cases[k].len, "http://b/", 9, cases[k].is_bytes), "entry %zu", k);
		err[0] = '\0';
		CHECK(vl_replace(vl, 2, "http://x/", 9) && !vl_write(vl, err, sizeof err) &&
			strstr(err, "2:1 does not match its bytes"), "case %zu refused: %s", k, err);
		CHECK(file_is(path, two, sizeof two - 1) && vl_unwritten(vl) == 1, "case %zu: nothing written, nothing lost", k);
		vl_free(vl);
	}
	unlink(path);
}

/* A file written in place (it has a second name) that another file, or a
 * symbolic link to one, is renamed over between the check and the copy:
 * the new one is not written (it is not the file checked), nor the old one
 * (review-code-3 finding 7); the change is kept. */
static void test_swapped(void)
{
	char path[128], hard[128], other[128], sym[128], err[512];
	snprintf(path, sizeof path, "%s/swapped.txt", dir);
	snprintf(hard, sizeof hard, "%s/swapped-hard.txt", dir);
	snprintf(other, sizeof other, "%s/other.txt", dir);
	snprintf(sym, sizeof sym, "%s/other-link.txt", dir);
	static const char two[] = "http://a/\nhttp://b/\n", theirs[] = "not this one\n";
	for (int link_in = 0; link_in < 2; link_in++) {
		put_file(path, two, sizeof two - 1);
		put_file(other, theirs, sizeof theirs - 1);
		CHECK(link(path, hard) == 0 && (!link_in || symlink("other.txt", sym) == 0), "names made");
		view_list *vl = vl_new();
		CHECK(vl && vl_read_lines(vl, path, err, sizeof err) == 0, "%s", err);
		if (vl) {
			swap_from = link_in ? sym : other, swap_to = path;
			err[0] = '\0';
			CHECK(vl_replace(vl, 1, "http://x/", 9) && !vl_write(vl, err, sizeof err) &&
				strstr(err, "changed since it was read"), "%s swapped in: refused: %s", link_in ? "link" : "file", err);
			CHECK(file_is(path, theirs, sizeof theirs - 1) && file_is(hard, two, sizeof two - 1),
				"%s swapped in: neither written", link_in ? "link" : "file");
			CHECK(vl_unwritten(vl) == 1, "the change kept");
			swap_from = NULL;
		}
		vl_free(vl);
		unlink(path);
		unlink(hard);
		unlink(other);
	}
}

static void test_write(view_list *vl, const char *path)
{
	char err[512];
	/* Same text as the file: no replacement. */
	CHECK(vl_replace(vl, 0, "http://example.org/a", 20) && !vl_changed(vl, 0), "unchanged");
	CHECK(vl_replace(vl, 1, "http://example.org/bb", 21) && vl_changed(vl, 1), "longer");
	CHECK(vl_replace(vl, 3, "b", 1), "shorter");
	CHECK(vl_unwritten(vl) == 2, "two to write");
	CHECK(vl_write(vl, err, sizeof err), "%s", err);
	static const char first[] =
		"http://example.org/a\r\n" "http://example.org/bb\n" "\xff\xfe bytes\n" "b\n" "\n"
		"http://example.org/last";
	CHECK(file_is(path, first, sizeof first - 1), "first write");
	CHECK(vl_unwritten(vl) == 0 && vl_written(vl, 1) && !vl_changed(vl, 1), "written");
	/* Again, after the lengths changed: the entries moved with them. */
	CHECK(vl_replace(vl, 5, "x", 1) && vl_replace(vl, 1, "http://example.org/b", 20), "second round");
	CHECK(vl_replace(vl, 4, "http://example.org/new", 22), "an empty line filled");
	CHECK(vl_write(vl, err, sizeof err), "%s", err);
	static const char second[] =
		"http://example.org/a\r\n" "http://example.org/b\n" "\xff\xfe bytes\n" "b\n"
		"http://example.org/new\n" "x";
	CHECK(file_is(path, second, sizeof second - 1), "second write");
	struct stat st;
	CHECK(stat(path, &st) == 0 && (st.st_mode & 07777) == 0604, "mode kept: %o", (unsigned)(st.st_mode & 07777));
	/* Changed behind the list: refused, the replacement kept. */
	CHECK(vl_replace(vl, 0, "http://example.org/A", 20), "a third change");
	put_file(path, "other\n", 6);
	CHECK(!vl_write(vl, err, sizeof err) && strstr(err, "changed since it was read"), "refused: %s", err);
	CHECK(file_is(path, "other\n", 6) && vl_unwritten(vl) == 1, "nothing lost");
}

/* A file with a second hard link is written in place: both names show the
 * new text, the inode and the link count stay.  A symbolic link is
 * followed: the file it points to is written, the link stays a link. */
static void test_links(void)
{
	char path[128], hard[128], sym[128], err[512];
	snprintf(path, sizeof path, "%s/linked.txt", dir);
	snprintf(hard, sizeof hard, "%s/hard.txt", dir);
	snprintf(sym, sizeof sym, "%s/sym.txt", dir);
	static const char two[] = "http://a/\nhttp://b/\n";
	put_file(path, two, sizeof two - 1);
	chmod(path, 0640);
	CHECK(link(path, hard) == 0 && symlink("linked.txt", sym) == 0, "links made");
	struct stat before, after;
	CHECK(stat(path, &before) == 0 && before.st_nlink == 2, "two links");
	view_list *vl = vl_new();
	CHECK(vl && vl_read_lines(vl, hard, err, sizeof err) == 0, "%s", err);
	if (vl) {
		CHECK(vl_replace(vl, 1, "http://hard/", 12) && vl_write(vl, err, sizeof err), "%s", err);
		static const char want[] = "http://a/\nhttp://hard/\n";
		CHECK(file_is(path, want, sizeof want - 1) && file_is(hard, want, sizeof want - 1), "both names");
		CHECK(stat(path, &after) == 0 && after.st_ino == before.st_ino && after.st_nlink == 2 &&
			(after.st_mode & 07777) == 0640, "same inode, links, mode");
	}
	vl_free(vl);
	CHECK(unlink(hard) == 0, "one link left");
	vl = vl_new();
	CHECK(vl && vl_read_lines(vl, sym, err, sizeof err) == 0, "%s", err);
	if (vl) {
		CHECK(vl_replace(vl, 0, "http://sym/", 11) && vl_write(vl, err, sizeof err), "%s", err);
		static const char want[] = "http://sym/\nhttp://hard/\n";
		struct stat l;
		CHECK(lstat(sym, &l) == 0 && S_ISLNK(l.st_mode) && file_is(path, want, sizeof want - 1), "link kept, target written");
		CHECK(stat(path, &after) == 0 && (after.st_mode & 07777) == 0640, "mode kept");
	}
	vl_free(vl);
	unlink(sym);
	unlink(path);
}

int main(void)
{
	iri_ctx_result r;
	iri_ctx *ctx = iri_ctx_new(&r);
	CHECK(ctx != NULL, "context");
	CHECK(mkdtemp(dir) != NULL, "temporary directory");
	char path[128], err[512];
	snprintf(path, sizeof path, "%s/list.txt", dir);
	put_file(path, list, sizeof list - 1);
	chmod(path, 0604);
	view_list *vl = vl_new();
	CHECK(vl && vl_read_lines(vl, path, err, sizeof err) == 0, "%s", err);
	if (vl && ctx && vl_count(vl) == 6) {
		test_read(vl);
		test_find(vl, ctx);
		test_write(vl, path);
	}
	vl_free(vl);
	test_filter_no_memory(ctx);
	test_overlap();
	test_misplaced();
	test_swapped();
	test_links();
	/* Refusals: a directory, a missing file, an empty one. */
	view_list *d = vl_new();
	CHECK(vl_read_lines(d, dir, err, sizeof err) == 2 && strstr(err, "is a directory"), "%s", err);
	vl_free(d);
	char missing[160];
	snprintf(missing, sizeof missing, "%s/none", dir);
	d = vl_new();
	CHECK(vl_read_lines(d, missing, err, sizeof err) == 2 && strstr(err, "No such file"), "%s", err);
	vl_free(d);
	/* Standard input that is a directory is named as such, not "-". */
	int saved_in = dup(0), dir_fd = open(dir, O_RDONLY);
	CHECK(saved_in >= 0 && dir_fd >= 0 && dup2(dir_fd, 0) == 0, "stdin from the directory");
	d = vl_new();
	CHECK(vl_read_lines(d, "-", err, sizeof err) == 2 && strcmp(err, "standard input is a directory") == 0, "%s", err);
	vl_free(d);
	dup2(saved_in, 0);
	close(saved_in);
	close(dir_fd);
	put_file(path, "", 0);
	d = vl_new();
	CHECK(vl_read_lines(d, path, err, sizeof err) == 2 && strstr(err, "is empty"), "%s", err);
	vl_free(d);
	unlink(path);
	rmdir(dir);
	iri_ctx_free(ctx);
	return tcheck_done("view_list");
}
