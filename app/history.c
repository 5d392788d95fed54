/* History file: one IRI per line, newest last, at most HISTORY_MAX_ENTRIES. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "history.h"

struct history {
	char **entries;
	size_t count;
	char path[PATH_MAX + 16];
};

/* XDG Base Directory: $XDG_STATE_HOME/irie/history, default ~/.local/state. */
static void make_path(history *h)
{
	const char *state = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	char dir[PATH_MAX];
	h->path[0] = '\0';
	if (state && *state == '/')
		snprintf(dir, sizeof dir, "%s/irie", state);
	else if (home && *home)
		snprintf(dir, sizeof dir, "%s/.local/state/irie", home);
	else
		return;
	/* mkdir -p of the last two levels is enough for the default. */
	char parent[PATH_MAX];
	snprintf(parent, sizeof parent, "%s", dir);
	char *slash = strrchr(parent, '/');
	if (slash) {
		*slash = '\0';
		char grand[PATH_MAX];
		snprintf(grand, sizeof grand, "%s", parent);
		char *s2 = strrchr(grand, '/');
		if (s2) {
			*s2 = '\0';
			mkdir(grand, 0700);
		}
		mkdir(parent, 0700);
	}
	mkdir(dir, 0700);
	snprintf(h->path, sizeof h->path, "%s/history", dir);
}

static bool push(history *h, const char *text, size_t len)
{
	if (len > HISTORY_MAX_ENTRY_BYTES || memchr(text, '\n', len) || memchr(text, '\0', len))
		return false;
	char *copy = malloc(len + 1);
	if (!copy)
		return false;
	memcpy(copy, text, len);
	copy[len] = '\0';
	if (h->count == HISTORY_MAX_ENTRIES) {
		free(h->entries[0]);
		memmove(h->entries, h->entries + 1, (h->count - 1) * sizeof *h->entries);
		h->count--;
	}
	h->entries[h->count++] = copy;
	return true;
}

history *history_new(void)
{
	history *h = calloc(1, sizeof *h);
	if (!h)
		return NULL;
	h->entries = calloc(HISTORY_MAX_ENTRIES, sizeof *h->entries);
	if (!h->entries) {
		free(h);
		return NULL;
	}
	make_path(h);
	FILE *f = h->path[0] ? fopen(h->path, "r") : NULL;
	if (!f)
		return h;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	while ((n = getline(&line, &cap, f)) > 0) {
		if (line[n - 1] == '\n')
			n--;
		if (n > 0)
			push(h, line, (size_t)n);
	}
	free(line);
	fclose(f);
	return h;
}

void history_free(history *h)
{
	if (!h)
		return;
	for (size_t i = 0; i < h->count; i++)
		free(h->entries[i]);
	free(h->entries);
	free(h);
}

size_t history_count(const history *h)
{
	return h->count;
}

const char *history_get(const history *h, size_t i)
{
	return i < h->count ? h->entries[i] : NULL;
}

const char *history_path(const history *h)
{
	return h->path;
}

/* Temp file in the same directory, fsync, rename: the old file or the new
 * one, never half of either. */
static bool save(const history *h)
{
	if (!h->path[0])
		return false;
	char tmp[PATH_MAX + 32];
	snprintf(tmp, sizeof tmp, "%s.XXXXXX", h->path);
	int fd = mkstemp(tmp);
	if (fd < 0)
		return false;
	FILE *f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		unlink(tmp);
		return false;
	}
	for (size_t i = 0; i < h->count; i++)
		fprintf(f, "%s\n", h->entries[i]);
	bool ok = fflush(f) == 0 && fsync(fd) == 0;
	ok &= fclose(f) == 0;
	if (ok)
		ok = rename(tmp, h->path) == 0;
	if (!ok)
		unlink(tmp);
	return ok;
}

bool history_add_and_save(history *h, const char *text, size_t len)
{
	if (len == 0)
		return true;
	for (size_t i = 0; i < h->count; i++) {
		if (strlen(h->entries[i]) == len && memcmp(h->entries[i], text, len) == 0) {
			free(h->entries[i]);
			memmove(h->entries + i, h->entries + i + 1, (h->count - i - 1) * sizeof *h->entries);
			h->count--;
			break;
		}
	}
	bool kept = push(h, text, len);
	return save(h) && kept;
}
