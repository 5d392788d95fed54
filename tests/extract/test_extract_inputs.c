/* Replays saved extract/ fuzz inputs (tests/fuzz/corpus/extract: the seeds
 * and every finding, first byte = type and charset as fuzz_extract reads
 * it) through the checks of ixt_invariants.h, in the normal test suite.
 * Usage: test_extract_inputs DIR.  A broken promise aborts, naming it; the
 * file is printed first. */
#include "extract.h"
#include "ixt_invariants.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

static int replay(const char *path, ixt_ctx *x)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return 1;
	}
	unsigned char *p = NULL;
	size_t n = 0, cap = 0, got;
	do {
		if (n == cap) {
			unsigned char *q = realloc(p, cap = cap ? cap * 2 : 4096);
			if (!q) {
				free(p);
				fclose(f);
				return 1;
			}
			p = q;
		}
		got = fread(p + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	fclose(f);
	printf("%s\n", path);
	fflush(stdout);
	ixt_inv_run(x, p, n);
	free(p);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s DIR\n", argv[0]);
		return 2;
	}
	DIR *d = opendir(argv[1]);
	ixt_ctx *x = ixt_new();
	if (!d || !x) {
		perror(argv[1]);
		return 2;
	}
	int failed = 0;
	size_t n_files = 0;
	char path[4096];
	for (struct dirent *e; (e = readdir(d));) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", argv[1], e->d_name);
		failed |= replay(path, x);
		n_files++;
	}
	closedir(d);
	ixt_free(x);
	printf("extract inputs: %zu replayed\n", n_files);
	return failed || n_files == 0;
}
