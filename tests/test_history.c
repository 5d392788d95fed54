/* app/history.c: format 2 round trips of hostile entries (and what the file
 * holds for them), format 1 files, merging of histories saved in turn and by
 * processes at once, duplicates, the cap, and failures with their reason. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "history.h"
#include "iri.h"
#include "tcheck.h"

static char base[256];     /* the temporary directory of this run */
static char state[512];    /* XDG_STATE_HOME of the current case */
static char file[600];     /* its history file */
static int case_no;

/* A fresh, empty state directory for the next case. */
static void fresh_state(void)
{
	snprintf(state, sizeof state, "%s/s%d", base, ++case_no);
	mkdir(state, 0700);
	snprintf(file, sizeof file, "%s/irie/history", state);
	setenv("XDG_STATE_HOME", state, 1);
}

static char *slurp(const char *path, size_t *n)
{
	static char buf[1 << 16];
	*n = 0;
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	*n = fread(buf, 1, sizeof buf - 1, f);
	buf[*n] = '\0';
	fclose(f);
	return buf;
}

static void put_file(const char *text)
{
	char dir[600];
	snprintf(dir, sizeof dir, "%s/irie", state);
	mkdir(dir, 0700);
	FILE *f = fopen(file, "wb");
	fputs(text, f);
	fclose(f);
}

static bool entry_is(const history *h, size_t i, const char *want, size_t want_len)
{
	size_t len;
	const char *got = history_entry(h, i, &len);
	return got && len == want_len && memcmp(got, want, len) == 0;
}

/* The file is safe to cat: printable ASCII, LF, and well-formed UTF-8 of
 * code points that are neither C1 nor bidi controls nor LS/PS. */
static bool cat_safe(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		iri_utf8_status st;
		size_t k = iri_utf8_decode((const uint8_t *)s + i, n - i, &cp, &st);
		if (st != IRI_UTF8_OK || (cp < 0x20 && cp != '\n') || (cp >= 0x7F && cp <= 0x9F) ||
		    cp == 0x2028 || cp == 0x2029 || iri_is_bidi_control(cp))
			return false;
		i += k;
	}
	return true;
}

#define HEAD "# irie history 2: one entry per line, oldest first; \\xHH is the byte HH, \\\\ a backslash\n"

static const struct {
	const char *text;
	size_t len;
	const char *line;   /* as the file holds it, without the LF */
} hostile[] = {
#define E(s, l) { s, sizeof s - 1, l }
	E("http://a/\x1b[2J\x1b]2;pwned\x07", "http://a/\\x1B[2J\\x1B]2;pwned\\x07"),
	E("http://a/\x1b]52;c;Zm9v\x1b\\", "http://a/\\x1B]52;c;Zm9v\\x1B\\\\"),
	E("http://a/\xc2\x9b" "31m", "http://a/\\xC2\\x9B31m"),           /* U+009B CSI (C1) */
	E("http://a/\x9b" "31m", "http://a/\\x9B31m"),                    /* a lone C1 byte */
	E("http://a/b\nc", "http://a/b\\x0Ac"),
	E("http://a/b\r\nc\r", "http://a/b\\x0D\\x0Ac\\x0D"),
	E("a\\b", "a\\\\b"),
	E("\\x41", "\\\\x41"),                                            /* looks like an escape */
	E("\\", "\\\\"),
	E("a\0b", "a\\x00b"),
	E("del\x7f", "del\\x7F"),
	E("http://a/\xe2\x80\xae" "gpj.exe", "http://a/\\xE2\\x80\\xAEgpj.exe"),   /* RLO */
	E("\xe2\x81\xa7x\xe2\x81\xa9", "\\xE2\\x81\\xA7x\\xE2\\x81\\xA9"),          /* RLI PDI */
	E("\xd8\x9c", "\\xD8\\x9C"),                                       /* ALM */
	E("a\xe2\x80\xa8" "b", "a\\xE2\\x80\\xA8b"),                        /* LINE SEPARATOR */
	E("\xff\xfe", "\\xFF\\xFE"),
	E("\xc0\xaf", "\\xC0\\xAF"),                                       /* overlong "/" */
	E("\xe2\x80", "\\xE2\\x80"),                                       /* truncated */
	E("\xed\xa0\x80", "\\xED\\xA0\\x80"),                              /* surrogate */
	E("\xe2\x80z\xc3\xa9", "\\xE2\\x80z\xc3\xa9"),                     /* good after bad */
	E("http://\xd7\xa9.example/\xd7\x90", "http://\xd7\xa9.example/\xd7\x90"),   /* Hebrew stays */
	E("http://\xe4\xbe\x8b.jp/\xf0\x9f\x98\x80", "http://\xe4\xbe\x8b.jp/\xf0\x9f\x98\x80"),
	E("http://a/%1B%0A", "http://a/%1B%0A"),
#undef E
};

static void test_round_trip(void)
{
	for (size_t c = 0; c < sizeof hostile / sizeof hostile[0]; c++) {
		fresh_state();
		history *h = history_new();
		CHECK(history_add_and_save(h, hostile[c].text, hostile[c].len),
		      "case %zu: %s", c, history_error(h));
		history_free(h);
		size_t n;
		const char *got = slurp(file, &n);
		char want[512];
		snprintf(want, sizeof want, "%s%s\n", HEAD, hostile[c].line);
		CHECK(got && n == strlen(want) && memcmp(got, want, n) == 0,
		      "case %zu: file %s, want %s", c, got ? tcheck_esc(got, n) : "(none)",
		      tcheck_esc(want, strlen(want)));
		CHECK(got && cat_safe(got, n), "case %zu: not safe to cat", c);
		h = history_new();
		CHECK(history_count(h) == 1 && entry_is(h, 0, hostile[c].text, hostile[c].len),
		      "case %zu: read back %s", c,
		      history_count(h) ? tcheck_esc(history_get(h, 0), strlen(history_get(h, 0))) : "(none)");
		history_free(h);
	}
}

/* Every entry of the table in one file, and back. */
static void test_round_trip_all(void)
{
	fresh_state();
	size_t n = sizeof hostile / sizeof hostile[0];
	for (size_t c = 0; c < n; c++) {
		history *h = history_new();
		CHECK(history_add_and_save(h, hostile[c].text, hostile[c].len), "%s", history_error(h));
		history_free(h);
	}
	history *h = history_new();
	CHECK(history_count(h) == n, "count %zu", history_count(h));
	for (size_t c = 0; c < n && c < history_count(h); c++)
		CHECK(entry_is(h, c, hostile[c].text, hostile[c].len), "entry %zu", c);
	history_free(h);
}

static const char *const old_lines[] = {
	"http://example.org/one", "http://a/\\x41", "http://a/b\\\\c", "# not a header", "\\",
};

/* Format 1 (plain lines) loads as it was, and is rewritten in format 2. */
static void test_old_format(void)
{
	fresh_state();
	put_file("http://example.org/one\nhttp://a/\\x41\n\nhttp://a/b\\\\c\n# not a header\n\\");
	history *h = history_new();
	size_t n = sizeof old_lines / sizeof old_lines[0];
	CHECK(history_count(h) == n, "count %zu", history_count(h));
	for (size_t i = 0; i < n && i < history_count(h); i++)
		CHECK_STR(history_get(h, i), old_lines[i], "old line %zu", i);
	CHECK(history_add_and_save(h, "http://new/", 11), "%s", history_error(h));
	history_free(h);
	h = history_new();
	CHECK(history_count(h) == n + 1, "count %zu", history_count(h));
	for (size_t i = 0; i < n && i < history_count(h); i++)
		CHECK_STR(history_get(h, i), old_lines[i], "rewritten line %zu", i);
	CHECK_STR(history_get(h, n), "http://new/", "new entry");
	history_free(h);
	size_t len;
	const char *got = slurp(file, &len);
	CHECK(got && strncmp(got, HEAD, strlen(HEAD)) == 0, "format 2 header");
}

static void check_file(const char *const *want, size_t n, const char *what)
{
	history *h = history_new();
	CHECK(history_count(h) == n, "%s: count %zu, want %zu", what, history_count(h), n);
	for (size_t i = 0; i < n && i < history_count(h); i++)
		CHECK_STR(history_get(h, i), want[i], "%s: entry %zu", what, i);
	history_free(h);
}

static void test_merge(void)
{
	fresh_state();
	history *a = history_new(), *b = history_new();
	CHECK(history_add_and_save(a, "x", 1), "%s", history_error(a));
	CHECK(history_add_and_save(b, "y", 1), "%s", history_error(b));
	static const char *const xy[] = { "x", "y" };
	check_file(xy, 2, "A then B");
	/* B's memory is the merged history. */
	CHECK(history_count(b) == 2 && strcmp(history_get(b, 0), "x") == 0, "B sees x");
	/* A again: its earlier x is not re-applied, y stays after x. */
	CHECK(history_add_and_save(a, "z", 1), "%s", history_error(a));
	static const char *const xyz[] = { "x", "y", "z" };
	check_file(xyz, 3, "A again");
	history_free(a);
	history_free(b);

	/* Duplicates collapse, the most recent last, across processes too. */
	fresh_state();
	a = history_new();
	b = history_new();
	CHECK(history_add_and_save(a, "p", 1) && history_add_and_save(a, "q", 1) &&
	      history_add_and_save(a, "r", 1), "%s", history_error(a));
	CHECK(history_add_and_save(b, "p", 1), "%s", history_error(b));
	static const char *const qrp[] = { "q", "r", "p" };
	check_file(qrp, 3, "B repeats p");
	CHECK(history_add_and_save(a, "q", 1), "%s", history_error(a));
	static const char *const rpq[] = { "r", "p", "q" };
	check_file(rpq, 3, "A repeats q");
	history_free(a);
	history_free(b);
	/* A format 1 file with duplicates loads each once, at its last place. */
	fresh_state();
	put_file("a\nb\na\nc\nb\n");
	static const char *const acb[] = { "a", "c", "b" };
	check_file(acb, 3, "old duplicates");
}

/* Several entries, one save (the viewer leaving on a signal): history_add
 * leaves the file alone, history_save writes them all, merged, in order. */
static void test_batch(void)
{
	fresh_state();
	history *a = history_new(), *b = history_new();
	CHECK(history_add(a, "p", 1) && history_add(a, "q", 1) && history_add(a, "", 0) &&
	      history_add(a, "r", 1), "%s", history_error(a));
	size_t n;
	CHECK(slurp(file, &n) == NULL, "history_add wrote the file");
	CHECK(history_count(a) == 3 && strcmp(history_get(a, 2), "r") == 0, "added in memory");
	CHECK(history_add_and_save(b, "x", 1), "%s", history_error(b));
	CHECK(history_save(a), "%s", history_error(a));
	static const char *const xpqr[] = { "x", "p", "q", "r" };
	check_file(xpqr, 4, "three added, one save");
	/* Nothing pending: true, and the file is not written again. */
	unlink(file);
	CHECK(history_save(a) && slurp(file, &n) == NULL, "a save with nothing pending wrote the file");
	history_free(a);
	history_free(b);
}

static void test_cap(void)
{
	fresh_state();
	char *text = malloc(20 * (HISTORY_MAX_ENTRIES + 5) + 1);
	size_t k = 0;
	for (int i = 0; i < HISTORY_MAX_ENTRIES + 5; i++)
		k += (size_t)sprintf(text + k, "http://a/%d\n", i);
	put_file(text);
	free(text);
	history *h = history_new();
	CHECK(history_count(h) == HISTORY_MAX_ENTRIES, "count %zu", history_count(h));
	CHECK_STR(history_get(h, 0), "http://a/5", "oldest kept");
	history *other = history_new();
	CHECK(history_add_and_save(other, "http://b/", 9), "%s", history_error(other));
	history_free(other);
	CHECK(history_add_and_save(h, "http://c/", 9), "%s", history_error(h));
	history_free(h);
	h = history_new();
	CHECK(history_count(h) == HISTORY_MAX_ENTRIES, "count after %zu", history_count(h));
	CHECK_STR(history_get(h, 0), "http://a/7", "oldest after two saves");
	CHECK_STR(history_get(h, HISTORY_MAX_ENTRIES - 2), "http://b/", "other's entry");
	CHECK_STR(history_get(h, HISTORY_MAX_ENTRIES - 1), "http://c/", "newest");
	history_free(h);
}

static void test_failures(void)
{
	/* A regular file where a directory should be: ENOTDIR, even as root. */
	fresh_state();
	char blocker[700];
	snprintf(blocker, sizeof blocker, "%s/blocker", state);
	FILE *f = fopen(blocker, "w");
	fclose(f);
	setenv("XDG_STATE_HOME", blocker, 1);
	history *h = history_new();
	CHECK(!history_add_and_save(h, "http://kept/", 12), "saved under a file");
	CHECK(history_errno(h) == ENOTDIR, "errno %d", history_errno(h));
	CHECK(strstr(history_error(h), blocker) && strstr(history_error(h), strerror(ENOTDIR)),
	      "reason: %s", history_error(h));
	CHECK(history_count(h) == 1, "kept in memory");
	/* The failed entry stays pending: once the way is clear, both are saved. */
	unlink(blocker);
	CHECK(history_add_and_save(h, "http://next/", 12), "%s", history_error(h));
	CHECK(history_errno(h) == 0 && strcmp(history_error(h), "") == 0, "error cleared");
	history_free(h);
	static const char *const both[] = { "http://kept/", "http://next/" };
	setenv("XDG_STATE_HOME", blocker, 1);
	check_file(both, 2, "pending saved");

	/* Nowhere to keep it. */
	char *home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
	unsetenv("HOME");
	unsetenv("XDG_STATE_HOME");
	h = history_new();
	CHECK(history_path(h)[0] == '\0', "no path");
	CHECK(!history_add_and_save(h, "x", 1), "saved without a path");
	CHECK(strstr(history_error(h), "HOME") != NULL, "reason: %s", history_error(h));
	history_free(h);
	if (home)
		setenv("HOME", home, 1);
	free(home);

	/* A history file that cannot be read is never overwritten. */
	fresh_state();
	char dir[700];
	snprintf(dir, sizeof dir, "%s/irie", state);
	mkdir(dir, 0700);
	mkdir(file, 0700);   /* a directory where the file should be */
	h = history_new();
	CHECK(history_errno(h) != 0 && strstr(history_error(h), file), "load reason: %s", history_error(h));
	CHECK(!history_add_and_save(h, "x", 1), "saved over a directory");
	CHECK(history_errno(h) == EISDIR, "errno %d: %s", history_errno(h), history_error(h));
	history_free(h);
}

#define WRITERS 4
#define SAVES 25

/* WRITERS processes save SAVES entries each, all at once (released together
 * from a pipe): the lock keeps every entry, each process's in its order. */
static void test_concurrent(void)
{
	fresh_state();
	int go[2];
	if (pipe(go) != 0) {
		CHECK(0, "pipe");
		return;
	}
	pid_t pid[WRITERS];
	for (int w = 0; w < WRITERS; w++) {
		pid[w] = fork();
		if (pid[w] == 0) {
			close(go[1]);
			char c;
			(void)!read(go[0], &c, 1);   /* EOF when the parent closes its end */
			int bad = 0;
			for (int i = 0; i < SAVES; i++) {
				history *h = history_new();
				char text[64];
				int n = snprintf(text, sizeof text, "http://w%d/%02d\x1b[m", w, i);
				if (!h || !history_add_and_save(h, text, (size_t)n))
					bad = 1;
				history_free(h);
			}
			_exit(bad);
		}
	}
	close(go[0]);
	close(go[1]);
	for (int w = 0; w < WRITERS; w++) {
		int st;
		CHECK(waitpid(pid[w], &st, 0) == pid[w] && WIFEXITED(st) && WEXITSTATUS(st) == 0,
		      "writer %d", w);
	}
	history *h = history_new();
	CHECK(history_count(h) == WRITERS * SAVES, "count %zu", history_count(h));
	int next[WRITERS] = { 0 };
	for (size_t i = 0; i < history_count(h); i++) {
		int w, k;
		if (sscanf(history_get(h, i), "http://w%d/%d", &w, &k) == 2 && w >= 0 && w < WRITERS) {
			CHECK(k == next[w], "writer %d: entry %d where %d was due", w, k, next[w]);
			next[w] = k + 1;
		}
	}
	history_free(h);
	size_t n;
	const char *got = slurp(file, &n);
	CHECK(got && cat_safe(got, n), "concurrent file safe to cat");
}

static int rm_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* A write that fails part way (a file size limit, as a full disk would):
 * the save says so and the old file stays, never a cut one renamed over it.
 * In a child, as the limit is the process's. */
static void test_write_error(void)
{
	fresh_state();
	history *h = history_new();
	CHECK(h && history_add_and_save(h, "http://old/", 11), "first save");
	history_free(h);
	size_t before_n;
	char *before = slurp(file, &before_n);
	before = before ? strndup(before, before_n) : NULL;
	pid_t pid = fork();
	if (pid == 0) {
		signal(SIGXFSZ, SIG_IGN);
		struct rlimit rl = { 4096, 4096 };
		setrlimit(RLIMIT_FSIZE, &rl);
		history *c = history_new();
		static char big[20000];
		memset(big, 'a', sizeof big);
		bool ok = c && history_add_and_save(c, big, sizeof big);
		int err = c ? history_errno(c) : 0;
		history_free(c);
		_exit(ok ? 1 : err == EFBIG ? 0 : 2);
	}
	int st = 0;
	CHECK(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0,
		"a save cut by the file size limit: status %d (1: said it saved, 2: another errno)", WEXITSTATUS(st));
	size_t after_n;
	char *after = slurp(file, &after_n);
	CHECK(before && after && after_n == before_n && memcmp(before, after, before_n) == 0,
		"the old file stays (%zu bytes, was %zu)", after_n, before_n);
	free(before);
}

int main(void)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(base, sizeof base, "%s/irie-history-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(base)) {
		perror(base);
		return 1;
	}
	test_round_trip();
	test_round_trip_all();
	test_old_format();
	test_merge();
	test_batch();
	test_cap();
	test_failures();
	test_write_error();
	test_concurrent();
	nftw(base, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	return tcheck_done("history");
}
