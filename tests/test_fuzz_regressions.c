/* Replays saved fuzzer findings (tests/fuzz/regressions/) and the seed corpora
 * (tests/fuzz/corpus/<target>/) through every invariant of
 * tests/fuzz/invariants.h, in the normal test suite (any compiler).
 *
 * Usage: test_fuzz_regressions DIR...   -- each DIR's files, and the files of
 * its subdirectories, one level deep.  A violated invariant aborts with the
 * check's name and the input's bytes; the file being replayed is printed
 * first. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz/invariants.h"

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return 1;
	}
	size_t cap = 4096, len = 0;
	uint8_t *data = malloc(cap);
	size_t got;
	while (data && (got = fread(data + len, 1, cap - len, f)) > 0) {
		len += got;
		if (len == cap) {
			uint8_t *p = realloc(data, cap *= 2);
			if (!p)
				free(data);
			data = p;
		}
	}
	int err = ferror(f);
	fclose(f);
	if (!data || err) {
		fprintf(stderr, "%s: cannot read\n", path);
		free(data);
		return 1;
	}
	fprintf(stderr, "replay %s (%zu bytes)\n", path, len);
	inv_all(data, len);
	free(data);
	return 0;
}

/* Replays the regular files of dir in name order; recurses depth more levels. */
static int replay_dir(const char *dir, int depth, size_t *n_files)
{
	DIR *d = opendir(dir);
	if (!d) {
		perror(dir);
		return 1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;   /* ".", "..", and hidden files such as .gitkeep */
		if (n == cap) {
			char **p = realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *names);
			if (!p)
				abort();
			names = p;
		}
		size_t l = strlen(dir) + strlen(e->d_name) + 2;
		if (!(names[n] = malloc(l)))
			abort();
		snprintf(names[n++], l, "%s/%s", dir, e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof *names, compare_names);
	int failed = 0;
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		if (stat(names[i], &st) != 0) {
			perror(names[i]);
			failed = 1;
		} else if (S_ISDIR(st.st_mode)) {
			if (depth > 0)
				failed |= replay_dir(names[i], depth - 1, n_files);
		} else if (S_ISREG(st.st_mode)) {
			failed |= replay_file(names[i]);
			++*n_files;
		}
		free(names[i]);
	}
	free(names);
	return failed;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s DIR...\n", argv[0]);
		return 2;
	}
	int failed = 0;
	size_t n_files = 0;
	for (int i = 1; i < argc; i++)
		failed |= replay_dir(argv[i], 1, &n_files);
	printf("fuzz regressions: %zu inputs replayed%s\n", n_files, failed ? ", errors" : "");
	return failed;
}
