/* A line-oriented batch command over a file, on several threads.
 *
 * The file (stdin) is read in chunks of whole lines; each thread, the
 * calling one too, reads a chunk, runs the command on it with its own state
 * into memory, and writes the chunks done to stdout and stderr in input
 * order (one thread at a time), so the result is byte for byte that of one
 * thread.  At most a few chunks (and a few MiB) are in flight, in buffers
 * used again and again (a big one is given back): the memory stays flat on
 * any input. */
#ifndef IRIE_PARALLEL_H
#define IRIE_PARALLEL_H

#include <stddef.h>
#include <stdio.h>

#include "iri_buf.h"

typedef struct {
	/* One state per thread (index 0, 1, ...), made on that thread (0 is
	 * the calling thread); NULL: failed, and the thread takes no chunk. */
	void *(*worker_new)(void *user, unsigned index);
	void (*worker_free)(void *worker);
	/* Runs the command on text[0..len): whole lines, the last one maybe
	 * without its newline; the first is line first_line of the input.
	 * Output goes to out, messages to err.  out is unbuffered over
	 * out_bytes, so the run may append to out_bytes itself as well.
	 * Sets *lines to the lines it ran (an unended last one counts).
	 * Returns the exit status. */
	int (*run)(void *worker, const char *text, size_t len, unsigned long first_line, FILE *out, FILE *err,
		iri_buf *out_bytes, unsigned long *lines);
	void *user;
} par_job;

/* Threads to use: IRIE_JOBS if it is a number from 1 to PAR_MAX_THREADS,
 * else the processors this process may run on (at most PAR_MAX_THREADS).  *bad_env is set
 * when IRIE_JOBS is set but not such a number. */
enum { PAR_MAX_THREADS = 64 };
unsigned par_threads(int *bad_env);

/* Runs job over the lines read from fd on `threads` threads, the calling
 * one and threads - 1 more (those that cannot start or make their state
 * leave the work to the others); a line longer than line_cap_bytes reaches
 * the run as its first line_cap_bytes + 1 bytes.  Returns the highest exit
 * status of the chunks (1 if reading failed, which is reported), or -1 when
 * it could not start (no memory, or no state for the calling thread): then
 * nothing was read or written.  One thread is worth it too: chunks read and
 * results gathered in buffers cost less than stdio per line. */
int par_run(const par_job *job, int fd, size_t line_cap_bytes, unsigned threads);

#endif
