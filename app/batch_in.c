/* The batch commands' input: the arguments, or stdin's lines (capped, CRLF
 * and a byte order mark dropped), on several threads for a big file
 * (app/parallel.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch_internal.h"
#include "i18n.h"
#include "parallel.h"

/* A file on stdin this big or more is run on several threads (parallel.h). */
#define BATCH_PARALLEL_MIN_BYTES ((size_t)512 * 1024)

/* One line of stdin: CRLF's CR dropped, or the over-long line reported. */
static void stdin_line(batch *b, batch_fn fn, const char *text, size_t len, bool too_long)
{
	if (too_long) {
		if (b->json) {
			char why[128];
			/* TRANSLATORS: %zu: the line cap in bytes (16777216). */
			snprintf(why, sizeof why, _("line longer than %zu bytes, not analysed"), BATCH_MAX_LINE_BYTES);
			bout_failed(b, NULL, 0, why);
		}
		/* check's findings are its output; the others keep one output line per input. */
		bool findings = b->findings_out && !b->json;
		/* TRANSLATORS: %lu: the input's line number; %zu: the line cap in bytes. */
		fprintf(findings ? b->out_f : b->err_f, _("%lu:1: error: line longer than %zu bytes, not analysed\n"),
			b->line, BATCH_MAX_LINE_BYTES);
		if (!b->json && !findings)
			fputc('\n', b->out_f);
		b->status = 1;
		return;
	}
	if (!text)
		text = "";
	if (len && text[len - 1] == '\r')   /* CRLF files */
		len--;
	/* A UTF-8 byte order mark opening the stream is the file's encoding
	 * signature, not part of the first IRI (Unicode 3.10, D95). */
	if (b->line == 1 && len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		text += 3;
		len -= 3;
	}
	fn(b, text, len);
}

/* ---- a file on stdin, on several threads (parallel.h) --------------------- */

typedef struct {
	batch b;                /* the settings of the batch, its own state */
	batch_fn fn;
	bool borrowed;          /* the state is the batch's own (thread 0) */
} batch_worker;

typedef struct {
	const batch *proto;
	batch_fn fn;
} batch_job;

static void worker_free(void *p)
{
	batch_worker *w = p;
	if (!w)
		return;
	iri_buf_fini(&w->b.out);
	if (w->borrowed) {
		free(w);
		return;
	}
	rnd_display_free(w->b.display);
	iri_diags_free(w->b.extra);
	iri_diags_free(w->b.diags);
	iri_ctx_free(w->b.ctx);
	free(w);
}

static void *worker_new(void *user, unsigned index)
{
	const batch_job *job = user;
	batch_worker *w = malloc(sizeof *w);
	if (!w)
		return NULL;
	w->b = *job->proto;
	w->fn = job->fn;
	/* The first thread uses the batch's own state, idle meanwhile: one
	 * ICU context fewer to open. */
	w->borrowed = index == 0;
	iri_buf_init(&w->b.out);   /* never shared: it may move as it grows */
	if (w->borrowed)
		return w;
	iri_ctx_result cr;
	w->b.ctx = iri_ctx_new(&cr);
	w->b.diags = iri_diags_new();
	w->b.extra = iri_diags_new();
	w->b.display = rnd_display_new();
	if (!w->b.ctx || !w->b.diags || !w->b.extra || !w->b.display) {
		worker_free(w);
		return NULL;
	}
	return w;
}

/* The lines of one chunk, as bin_run_stdin() takes them. */
static int worker_run(void *p, const char *text, size_t len, unsigned long first_line, FILE *out, FILE *err,
	iri_buf *out_bytes, unsigned long *lines)
{
	batch_worker *w = p;
	w->b.out_f = out;
	w->b.err_f = err;
	w->b.out_bytes = out_bytes;
	w->b.status = 0;
	w->b.line = first_line;
	for (size_t start = 0; start < len; w->b.line++) {
		const char *nl = memchr(text + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - text) : len;
		/* Read in place: borrowed bytes, not a buffer. */
		stdin_line(&w->b, w->fn, text + start, end - start, end - start > BATCH_MAX_LINE_BYTES);
		start = end + 1;
	}
	*lines = w->b.line - first_line;
	return w->b.status;
}

/* stdin run on worker threads (one or more) when it is a file big enough
 * to gain from them.  False when it was not (nothing read, nothing written). */
static bool run_stdin_parallel(batch *b, batch_fn fn)
{
	int bad_env;
	unsigned threads = par_threads(&bad_env);
	if (bad_env)
		/* TRANSLATORS: %d: the highest number of threads; %u: the number used instead. */
		fprintf(stderr, _("irie: IRIE_JOBS must be a number from 1 to %d; using %u\n"), PAR_MAX_THREADS, threads);
	/* A terminal shows each line's messages next to its result: threads
	 * would show a chunk's after all of its results. */
	struct stat st;
	off_t at = lseek(STDIN_FILENO, 0, SEEK_CUR);
	if (threads < 1 || b->stdout_tty || b->stderr_tty || at < 0 || fstat(STDIN_FILENO, &st) != 0 ||
	    !S_ISREG(st.st_mode) || st.st_size - at < (off_t)BATCH_PARALLEL_MIN_BYTES)
		return false;
	batch_job job = { b, fn };
	par_job pj = { worker_new, worker_free, worker_run, &job };
	int status = par_run(&pj, STDIN_FILENO, BATCH_MAX_LINE_BYTES, threads);
	if (status < 0)
		return false;
	if (status > b->status)
		b->status = status;
	return true;
}

/* Reads stdin line by line with a cap; a longer line is reported, an empty
 * result line keeps the output aligned, and reading goes on.  A big file is
 * run on several threads instead. */
void bin_run_stdin(batch *b, batch_fn fn)
{
	if (run_stdin_parallel(b, fn))
		return;
	iri_buf line;
	iri_buf_init(&line);
	line.cap = BATCH_MAX_LINE_BYTES;
	char chunk[16384];   /* on the stack: no state outlives the call */
	size_t n;
	bool too_long = false;
	b->line = 1;
	while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) {
		size_t start = 0;
		const char *nl;
		while ((nl = memchr(chunk + start, '\n', n - start)) != NULL) {
			size_t i = (size_t)(nl - chunk);
			if (line.len == 0 && !too_long) {
				/* The whole line is in the chunk: read in place, no copy. */
				stdin_line(b, fn, chunk + start, i - start, false);
			} else {
				if (!too_long && !iri_buf_append(&line, chunk + start, i - start))
					too_long = true;
				stdin_line(b, fn, line.data, line.len, too_long || line.failed);
			}
			start = i + 1;
			iri_buf_reset(&line);
			too_long = false;
			b->line++;
		}
		if (!too_long && !iri_buf_append(&line, chunk + start, n - start))
			too_long = true;
		if (too_long)
			iri_buf_reset(&line);
	}
	if (line.len > 0 || too_long)   /* last line without a newline */
		stdin_line(b, fn, line.data, line.len, too_long || line.failed);
	if (ferror(stdin)) {
		perror("irie: stdin");
		b->status = 1;
	}
	iri_buf_fini(&line);
}

void bin_run_args(batch *b, batch_fn fn, int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		b->line = (unsigned long)i + 1;
		fn(b, argv[i], strlen(argv[i]));
	}
}
