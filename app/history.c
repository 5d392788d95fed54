/* History file: format, merge under a lock and atomic write (history.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "history.h"
#include "i18n.h"
#include "iri.h"

#define HEADER "# irie history 2"
#define HEADER_LINE HEADER ": one entry per line, oldest first; \\xHH is the byte HH, \\\\ a backslash\n"
/* An encoded line is at most four bytes per entry byte. */
#define MAX_LINE_BYTES (4 * HISTORY_MAX_ENTRY_BYTES)
#define LOCK_WAIT_MS 5000
#define LOCK_STEP_MS 10

/* Entries, oldest first, each with its length (it may hold NUL). */
typedef struct {
	char **text;
	size_t *len;
	size_t count;
} list;

struct history {
	list cur;      /* what Up and Down browse */
	list mine;     /* this process's additions since its last successful save */
	int err;       /* errno of the last failure, 0 if none */
	char reason[PATH_MAX + 256];
	char path[PATH_MAX + 16];
};

static bool list_init(list *l)
{
	l->count = 0;
	l->text = calloc(HISTORY_MAX_ENTRIES, sizeof *l->text);
	l->len = calloc(HISTORY_MAX_ENTRIES, sizeof *l->len);
	return l->text && l->len;
}

static void list_clear(list *l)
{
	for (size_t i = 0; i < l->count; i++)
		free(l->text[i]);
	l->count = 0;
}

static void list_free(list *l)
{
	if (l->text)
		list_clear(l);
	free(l->text);
	free(l->len);
	l->text = NULL;
	l->len = NULL;
}

static void list_remove(list *l, size_t i)
{
	free(l->text[i]);
	memmove(l->text + i, l->text + i + 1, (l->count - i - 1) * sizeof *l->text);
	memmove(l->len + i, l->len + i + 1, (l->count - i - 1) * sizeof *l->len);
	l->count--;
}

/* Appends a copy; an equal entry moves to the end instead (most recent); the
 * oldest goes beyond the cap.  false only if out of memory. */
static bool list_add(list *l, const char *text, size_t len)
{
	char *copy = malloc(len + 1);
	if (!copy)
		return false;
	memcpy(copy, text, len);
	copy[len] = '\0';
	for (size_t i = 0; i < l->count; i++) {
		if (l->len[i] == len && memcmp(l->text[i], text, len) == 0) {
			list_remove(l, i);
			break;
		}
	}
	if (l->count == HISTORY_MAX_ENTRIES)
		list_remove(l, 0);
	l->text[l->count] = copy;
	l->len[l->count++] = len;
	return true;
}

/* Records a failure: WHERE (a file or directory) and errno's text. */
static bool fail(history *h, const char *where, int err)
{
	h->err = err;
	snprintf(h->reason, sizeof h->reason, "%s: %s", where, strerror(err));
	return false;
}

/* ---- format 2 encoding ---- */

/* Whether a well-formed code point is written as \xHH bytes: C1 controls,
 * bidi controls (RFC 3987 4.1), LINE and PARAGRAPH SEPARATOR. */
static bool cp_escaped(uint32_t cp)
{
	return (cp >= 0x80 && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 || iri_is_bidi_control(cp);
}

static void put_hex(FILE *f, unsigned char c)
{
	static const char hex[] = "0123456789ABCDEF";
	fputc('\\', f);
	fputc('x', f);
	fputc(hex[c >> 4], f);
	fputc(hex[c & 15], f);
}

static void write_entry(FILE *f, const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0;
	while (i < len) {
		if (s[i] < 0x80) {
			if (s[i] < 0x20 || s[i] == 0x7F)
				put_hex(f, s[i]);
			else if (s[i] == '\\')
				fputs("\\\\", f);
			else
				fputc(s[i], f);
			i++;
			continue;
		}
		uint32_t cp;
		iri_utf8_status st;
		size_t n = iri_utf8_decode(s + i, len - i, &cp, &st);
		if (st != IRI_UTF8_OK) {
			put_hex(f, s[i++]);   /* one byte at a time: the rest may start a good sequence */
			continue;
		}
		for (size_t k = 0; k < n; k++) {
			if (cp_escaped(cp))
				put_hex(f, s[i + k]);
			else
				fputc(s[i + k], f);
		}
		i += n;
	}
	fputc('\n', f);
}

/* Decodes line[0..n) in place (\\ and \xHH; any other backslash is itself);
 * returns the decoded length. */
static size_t decode_line(char *line, size_t n)
{
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		if (line[i] == '\\' && i + 1 < n && line[i + 1] == '\\') {
			line[o++] = '\\';
			i++;
		} else if (line[i] == '\\' && i + 3 < n && line[i + 1] == 'x' &&
		           iri_hex_value(line[i + 2]) >= 0 && iri_hex_value(line[i + 3]) >= 0) {
			line[o++] = (char)(iri_hex_value(line[i + 2]) << 4 | iri_hex_value(line[i + 3]));
			i += 3;
		} else {
			line[o++] = line[i];
		}
	}
	return o;
}

/* ---- reading ---- */

/* Reads one line without its LF into *buf (grown up to MAX_LINE_BYTES; the
 * rest of a longer line is skipped and *too_long set).  false at the end. */
static bool read_line(FILE *f, char **buf, size_t *cap, size_t *n, bool *too_long)
{
	int c;
	*n = 0;
	*too_long = false;
	while ((c = getc(f)) != EOF && c != '\n') {
		if (*n == MAX_LINE_BYTES) {
			*too_long = true;
			continue;
		}
		if (*n == *cap) {
			size_t ncap = *cap ? *cap * 2 : 256;
			char *nb = realloc(*buf, ncap);
			if (!nb) {
				*too_long = true;   /* dropped like an over-long line */
				continue;
			}
			*buf = nb;
			*cap = ncap;
		}
		(*buf)[(*n)++] = (char)c;
	}
	return c != EOF || *n > 0 || *too_long;
}

/* Reads the file at path into l (cleared first): format 2 decoded, format 1
 * as plain lines; empty and over-long lines are left out.  A missing file is
 * empty.  On failure returns false with errno set. */
static bool read_file(const char *path, list *l)
{
	list_clear(l);
	FILE *f = fopen(path, "re");
	if (!f)
		return errno == ENOENT;
	char *line = NULL;
	size_t cap = 0, n;
	bool too_long, ok = true, first = true, v2 = false;
	errno = 0;
	while (ok && read_line(f, &line, &cap, &n, &too_long)) {
		if (first) {
			first = false;
			v2 = !too_long && n >= strlen(HEADER) && memcmp(line, HEADER, strlen(HEADER)) == 0;
			if (v2)
				continue;
		}
		if (v2)
			n = decode_line(line, n);
		if (too_long || n == 0 || n > HISTORY_MAX_ENTRY_BYTES)
			continue;
		if (!list_add(l, line, n)) {
			errno = ENOMEM;
			ok = false;
		}
	}
	int saved = errno;
	if (ok && ferror(f)) {   /* errno is the failed read's (EISDIR for a directory) */
		ok = false;
		saved = saved ? saved : EIO;
	}
	free(line);
	fclose(f);
	errno = saved;
	return ok;
}

/* ---- the path and its directories ---- */

/* XDG Base Directory: $XDG_STATE_HOME/irie/history, default ~/.local/state. */
static void make_path(history *h)
{
	const char *state = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	int n;
	h->path[0] = '\0';
	if (state && *state == '/')
		n = snprintf(h->path, sizeof h->path, "%s/irie/history", state);
	else if (home && *home)
		n = snprintf(h->path, sizeof h->path, "%s/.local/state/irie/history", home);
	else
		return;
	if (n < 0 || (size_t)n >= sizeof h->path)
		h->path[0] = '\0';
}

/* mkdir -p of the file's directory, mode 0700 (XDG Base Directory). */
static bool make_dirs(history *h)
{
	char dir[sizeof h->path];
	snprintf(dir, sizeof dir, "%s", h->path);
	char *end = strrchr(dir, '/');
	if (!end || end == dir)
		return true;
	*end = '\0';
	for (char *p = dir + 1;; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char keep = *p;
		*p = '\0';
		struct stat st;
		if (mkdir(dir, 0700) != 0 && errno != EEXIST)
			return fail(h, dir, errno);
		if (stat(dir, &st) != 0)
			return fail(h, dir, errno);
		if (!S_ISDIR(st.st_mode))
			return fail(h, dir, ENOTDIR);
		*p = keep;
		if (keep == '\0')
			return true;
	}
}

/* ---- lock and write ---- */

/* Opens and write-locks path.lock, waiting at most LOCK_WAIT_MS; the lock
 * goes with the descriptor.  -1 on failure (recorded in h). */
static int lock_file(history *h)
{
	char lock[sizeof h->path + 8];
	snprintf(lock, sizeof lock, "%s.lock", h->path);
	int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0) {
		fail(h, lock, errno);
		return -1;
	}
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	const struct timespec step = { 0, LOCK_STEP_MS * 1000000L };
	for (int waited = 0; fcntl(fd, F_SETLK, &fl) != 0; waited += LOCK_STEP_MS) {
		/* A file system without locks (ENOLCK, EINVAL...): saving
		 * merged but unlocked loses less than not saving. */
		if (errno != EACCES && errno != EAGAIN && errno != EINTR)
			return fd;
		if (waited >= LOCK_WAIT_MS) {
			h->err = EAGAIN;
			/* TRANSLATORS: %s: the lock file's path. */
			snprintf(h->reason, sizeof h->reason, _("%s: still locked by another process after 5 s"), lock);
			close(fd);
			return -1;
		}
		nanosleep(&step, NULL);
	}
	return fd;
}

/* Temp file in the same directory, fsync, rename: the old file or the new
 * one, never half of either. */
static bool write_file(history *h, const list *l)
{
	char tmp[sizeof h->path + 8];
	snprintf(tmp, sizeof tmp, "%s.XXXXXX", h->path);
	int fd = mkstemp(tmp);
	if (fd < 0)
		return fail(h, tmp, errno);
	FILE *f = fdopen(fd, "w");
	if (!f) {
		int err = errno;
		close(fd);
		unlink(tmp);
		return fail(h, tmp, err);
	}
	errno = 0;
	fputs(HEADER_LINE, f);
	for (size_t i = 0; i < l->count; i++)
		write_entry(f, l->text[i], l->len[i]);
	/* A write that failed (a full disk) leaves the stream's error flag:
	 * such a file is never renamed over the old one. */
	int err = 0;
	if (ferror(f))
		err = errno ? errno : EIO;
	else if (fflush(f) != 0 || fsync(fd) != 0)
		err = errno ? errno : EIO;
	if (fclose(f) != 0 && !err)
		err = errno;
	if (err) {
		unlink(tmp);
		return fail(h, tmp, err);
	}
	if (rename(tmp, h->path) != 0) {
		err = errno;
		unlink(tmp);
		return fail(h, h->path, err);
	}
	/* The rename itself is durable once the directory is synced. */
	char *slash = strrchr(tmp, '/');
	if (slash) {
		*slash = '\0';
		int dfd = open(tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (dfd >= 0) {
			fsync(dfd);
			close(dfd);
		}
	}
	return true;
}

/* Under the lock: the file as it is now, plus this process's additions. */
static bool save(history *h)
{
	if (!h->path[0]) {
		h->err = ENOENT;
		snprintf(h->reason, sizeof h->reason, "%s",
		         _("neither XDG_STATE_HOME (absolute) nor HOME is set"));
		return false;
	}
	if (!make_dirs(h))
		return false;
	int lock = lock_file(h);
	if (lock < 0)
		return false;
	list merged;
	bool ok = list_init(&merged);
	if (!ok)
		fail(h, h->path, ENOMEM);
	else if (!(ok = read_file(h->path, &merged)))
		fail(h, h->path, errno);
	for (size_t i = 0; ok && i < h->mine.count; i++)
		if (!(ok = list_add(&merged, h->mine.text[i], h->mine.len[i])))
			fail(h, h->path, ENOMEM);
	if (ok)
		ok = write_file(h, &merged);
	close(lock);   /* releases the lock */
	if (ok) {
		list swap = h->cur;
		h->cur = merged;
		merged = swap;
		list_clear(&h->mine);
	}
	list_free(&merged);
	return ok;
}

/* ---- API ---- */

history *history_new(void)
{
	history *h = calloc(1, sizeof *h);
	if (!h)
		return NULL;
	if (!list_init(&h->cur) || !list_init(&h->mine)) {
		history_free(h);
		return NULL;
	}
	make_path(h);
	if (h->path[0] && !read_file(h->path, &h->cur)) {
		if (errno == ENOMEM) {
			history_free(h);
			return NULL;
		}
		fail(h, h->path, errno);
	}
	return h;
}

void history_free(history *h)
{
	if (!h)
		return;
	list_free(&h->cur);
	list_free(&h->mine);
	free(h);
}

size_t history_count(const history *h)
{
	return h->cur.count;
}

const char *history_get(const history *h, size_t i)
{
	return i < h->cur.count ? h->cur.text[i] : NULL;
}

const char *history_entry(const history *h, size_t i, size_t *len_bytes)
{
	*len_bytes = i < h->cur.count ? h->cur.len[i] : 0;
	return i < h->cur.count ? h->cur.text[i] : NULL;
}

const char *history_path(const history *h)
{
	return h->path;
}

const char *history_error(const history *h)
{
	return h->err ? h->reason : "";
}

int history_errno(const history *h)
{
	return h->err;
}

bool history_add(history *h, const char *text, size_t len)
{
	if (len == 0)
		return true;
	if (len > HISTORY_MAX_ENTRY_BYTES)
		return fail(h, h->path, EMSGSIZE);
	if (!list_add(&h->cur, text, len) || !list_add(&h->mine, text, len))
		return fail(h, h->path, ENOMEM);
	return true;
}

bool history_save(history *h)
{
	/* Nothing pending: the file is not rewritten. */
	return h->mine.count == 0 || save(h);
}

bool history_add_and_save(history *h, const char *text, size_t len)
{
	h->err = 0;
	return history_add(h, text, len) && history_save(h);
}
