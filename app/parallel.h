/* A line-oriented batch command over a file, on several threads.
 *
 * The file (stdin, mapped) is cut into chunks of whole lines; each thread
 * runs the command on one chunk at a time with its own state, into memory;
 * the calling thread writes the chunks' output and messages to stdout and
 * stderr in input order, so the result is byte for byte that of one thread.
 * At most a few chunks are in flight, and written ones leave memory. */
#ifndef IRIE_PARALLEL_H
#define IRIE_PARALLEL_H

#include <stddef.h>
#include <stdio.h>

#include "iri_buf.h"

typedef struct {
	/* One state per thread (index 0, 1, ...), made on that thread; NULL:
	 * failed, and the thread takes no chunk. */
	void *(*worker_new)(void *user, unsigned index);
	void (*worker_free)(void *worker);
	/* Runs the command on text[0..len): whole lines, the last one maybe
	 * without its newline; the first is line first_line of the input.
	 * Output goes to out, messages to err.  out is unbuffered over
	 * out_bytes, so the run may append to out_bytes itself as well.
	 * Returns the exit status. */
	int (*run)(void *worker, const char *text, size_t len, unsigned long first_line, FILE *out, FILE *err,
		iri_buf *out_bytes);
	void *user;
} par_job;

/* Threads to use: IRIE_JOBS if it is a number from 1 to PAR_MAX_THREADS,
 * else the processors online (at most PAR_MAX_THREADS).  *bad_env is set
 * when IRIE_JOBS is set but not such a number. */
enum { PAR_MAX_THREADS = 64 };
unsigned par_threads(int *bad_env);

/* Runs job over text[0..len) on `threads` threads.  text must lie in a
 * read-only file mapping of the caller's that covers its first and last
 * pages: the pages read are given back (madvise) as chunks are written.
 * Returns the highest exit
 * status of the chunks, or -1 when it could not start (too small an input,
 * one thread, no memory, no threads): then nothing was written. */
int par_run(const par_job *job, const char *text, size_t len, unsigned threads);

#endif
