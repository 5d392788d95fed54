/* Chunks of lines on several threads, written in input order (parallel.h).
 *
 * Every thread, the calling one too, runs the same loop: write the chunk
 * next in input order if it is done (and those done after it), else read
 * the next chunk and run it, else wait.  A chunk is thus mostly read, run
 * and written by one thread (its bytes stay in that processor's cache), no
 * thread only copies bytes between the others, and there are as many
 * threads as processors.  Reading and writing are each one thread's at a
 * time (roles taken under the lock), so chunks are cut and written in input
 * order; the reader counts each chunk's lines, so the next knows its first
 * line number (one thread alone takes the count from the run).  Each
 * thread reads into a buffer of its own; a chunk's results wait for their
 * turn in a slot, a free slot being the last one freed: few buffers are
 * ever touched (a first touch is a page fault, dear on a virtual machine).
 * Input is read(), not mapped: a file cut short meanwhile only ends the
 * input early (a mapping would fault).  One mutex guards the slots and
 * roles; one condition variable wakes the threads waiting for a role or a
 * slot. */
#define _GNU_SOURCE   /* fopencookie, sched_getaffinity */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"
#include "iri_run.h"
#include "parallel.h"

/* Big enough that a chunk's bookkeeping is noise, small enough that a
 * few in flight stay a small part of the memory. */
#define CHUNK_BYTES ((size_t)256 * 1024)
/* The smallest chunk cut near the end of a file (next_chunk_bytes()). */
#define MIN_CHUNK_BYTES ((size_t)32 * 1024)
/* Input bytes read but not yet written at most, over all slots (one chunk
 * alone may be bigger: a line up to the cap); with the slots' buffers
 * trimmed back after a big chunk, memory stays flat whatever the threads. */
#define IN_FLIGHT_BYTES ((size_t)16 * 1024 * 1024)
#define SLOT_KEEP_BYTES (4 * CHUNK_BYTES)
/* Bytes asked of read() at a time at least (a chunk is read at once). */
#define READ_BYTES ((size_t)64 * 1024)

typedef enum { SLOT_RUNNING, SLOT_DONE } slot_state;

typedef struct {
	slot_state state;
	unsigned long first_line, lines;
	size_t in_bytes;          /* the chunk's size */
	iri_buf out, err;         /* kept from chunk to chunk (but big ones): no allocation once warm */
	int status;               /* the run's, or -1 when its buffers failed */
} slot;

typedef struct {
	int fd;
	iri_buf carry;            /* read past the last newline of the chunk before */
	bool ended;               /* no more input: its end, or a read error */
	int read_errno;           /* the error, or 0 */
	bool size_known;          /* a file: left_bytes says how much is to come */
	size_t left_bytes;        /* the file's bytes not yet read (as its size said at the start) */
} reader;

typedef struct {
	const par_job *job;
	pthread_mutex_t lock;
	/* The reader's role let go, slots written (so free), or the input ended. */
	pthread_cond_t changed;
	slot *slots;
	size_t window;            /* slots */
	slot **ring;              /* the chunks cut and not yet written: chunk k at ring[k % window] */
	slot **free_slots;        /* a stack: the last slot freed on top */
	size_t n_free;
	size_t cut;               /* chunks cut so far */
	size_t written;           /* chunks written so far */
	size_t in_flight_bytes;   /* input bytes cut but not yet written */
	bool reading;             /* a thread holds the reader's role */
	bool writing;             /* a thread holds the writer's role */
	bool input_ended;         /* no chunk will be cut any more */
	int status;               /* the worst of the chunks written */
	unsigned threads;
	/* The reader's own (whoever holds the role): */
	reader rd;
	size_t line_cap_bytes;
	unsigned long line;       /* the next chunk's first line number */
} par;

typedef struct {
	par *p;
	unsigned index;
	pthread_t thread;
	bool started;
} thread_arg;

static ssize_t buf_write(void *cookie, const char *data, size_t n_bytes)
{
	return iri_buf_append(cookie, data, n_bytes) ? (ssize_t)n_bytes : -1;
}

/* A stream that appends to b. */
static FILE *buf_stream(iri_buf *b)
{
	static const cookie_io_functions_t io = { .write = buf_write };
	iri_buf_reset(b);
	return fopencookie(b, "w", io);
}

/* One chunk, in, on a thread: the command's output into two memory
 * streams; s->lines set to the lines run (0 if it failed to start). */
static void run_slot(const par_job *job, void *worker, const iri_buf *in, slot *s)
{
	s->lines = 0;
	FILE *out = buf_stream(&s->out);
	FILE *err = out ? buf_stream(&s->err) : NULL;
	if (!out || !err) {
		if (out)
			fclose(out);
		s->status = -1;
		return;
	}
	/* Room for about the chunk's output made at once: grown by doubling,
	 * the output would be copied and its pages touched again.  Only a
	 * hint: failing it loses nothing. */
	if (in->len <= 2 * CHUNK_BYTES && !iri_buf_reserve(&s->out, in->len + in->len / 4))
		s->out.failed = false;
	/* The streams are this thread's alone: no lock per call.  out holds
	 * nothing back, so that the run may also append to s->out. */
	setvbuf(out, NULL, _IONBF, 0);
	__fsetlocking(out, FSETLOCKING_BYCALLER);
	__fsetlocking(err, FSETLOCKING_BYCALLER);
	s->status = job->run(worker, in->data, in->len, s->first_line, out, err, &s->out, &s->lines);
	/* A stream that could not grow lost output: the chunk fails whole. */
	bool lost = fclose(out) != 0;
	if (fclose(err) != 0 || lost || s->out.failed || s->err.failed)
		s->status = -1;
}

/* Lines in text[0..len): its newlines, and one more for an unended last line. */
static unsigned long count_lines(const char *text, size_t len)
{
	unsigned long n = (unsigned long)iri_run_count((const uint8_t *)text, len, '\n');
	if (len > 0 && text[len - 1] != '\n')
		n++;
	return n;
}

/* A buffer that grew past SLOT_KEEP_BYTES (a long line) is given back;
 * smaller ones are kept for the next chunk. */
static void trim(iri_buf *b)
{
	if (b->alloc > SLOT_KEEP_BYTES)
		iri_buf_fini(b);
}

/* Writes a done slot and empties it (its buffers kept for the next chunk,
 * but for a big one); returns its status. */
static int write_slot(slot *s)
{
	int status = s->status;
	if (status < 0) {
		/* TRANSLATORS: %lu: the first and last line numbers of the lines whose output is missing. */
		fprintf(stderr, _("irie: out of memory: no output for lines %lu to %lu\n"), s->first_line,
			s->first_line + (s->lines ? s->lines - 1 : 0));
		status = 1;
	} else {
		if (s->out.len)
			fwrite(s->out.data, 1, s->out.len, stdout);
		if (s->err.len)
			fwrite(s->err.data, 1, s->err.len, stderr);
	}
	trim(&s->out);
	trim(&s->err);
	return status;
}

unsigned par_threads(int *bad_env)
{
	*bad_env = 0;
	const char *env = getenv("IRIE_JOBS");
	if (env && *env) {
		char *end;
		unsigned long n = strtoul(env, &end, 10);
		if (*end == '\0' && n >= 1 && n <= PAR_MAX_THREADS)
			return (unsigned)n;
		*bad_env = 1;
	}
	/* The processors this process may run on (affinity, cpusets), not
	 * all those online. */
	cpu_set_t cpus;
	long online = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : sysconf(_SC_NPROCESSORS_ONLN);
	if (online < 1)
		return 1;
	return online > PAR_MAX_THREADS ? PAR_MAX_THREADS : (unsigned)online;
}

/* Reads into b until it holds at least want_bytes or the input ends. */
static void read_more(reader *rd, iri_buf *b, size_t want_bytes)
{
	while (!rd->ended && b->len < want_bytes) {
		size_t ask_bytes = want_bytes - b->len > READ_BYTES ? want_bytes - b->len : READ_BYTES;
		if (!iri_buf_reserve(b, ask_bytes)) {
			rd->ended = true;
			rd->read_errno = ENOMEM;
			return;
		}
		ssize_t n = read(rd->fd, b->data + b->len, ask_bytes);
		if (n > 0) {
			b->len += (size_t)n;
			rd->left_bytes -= (size_t)n < rd->left_bytes ? (size_t)n : rd->left_bytes;
		} else if (n == 0) {
			rd->ended = true;
		} else if (errno != EINTR) {
			rd->ended = true;
			rd->read_errno = errno;
		}
	}
}

/* Reads and drops the rest of a line; what follows its newline is carried. */
static void skip_line(reader *rd)
{
	for (;;) {
		iri_buf_reset(&rd->carry);
		read_more(rd, &rd->carry, 1);
		const char *nl = rd->carry.len ? memchr(rd->carry.data, '\n', rd->carry.len) : NULL;
		if (nl) {
			size_t after = (size_t)(nl - rd->carry.data) + 1;
			memmove(rd->carry.data, rd->carry.data + after, rd->carry.len - after);
			rd->carry.len -= after;
			return;
		}
		if (rd->ended)
			return;
	}
}

/* The next chunk into in: whole lines, about first_bytes of them; the last
 * line of the input maybe without its newline; a line longer than
 * line_cap_bytes as its first line_cap_bytes + 1 bytes alone (the run
 * reports it), the rest of it dropped.  False when the input is done. */
static bool cut_chunk(reader *rd, iri_buf *in, size_t first_bytes, size_t line_cap_bytes)
{
	iri_buf_reset(in);
	if (rd->carry.len)
		iri_buf_append(in, rd->carry.data, rd->carry.len);
	iri_buf_reset(&rd->carry);
	/* Only the bytes read since the last look can hold a newline: each
	 * look is over new bytes, so a long line costs linear time. */
	size_t looked_bytes = 0;
	for (size_t want_bytes = first_bytes;; want_bytes = in->len + CHUNK_BYTES) {
		read_more(rd, in, want_bytes);
		if (in->failed) {
			rd->ended = true;
			rd->read_errno = ENOMEM;   /* said, not lost quietly */
			return false;
		}
		size_t k = in->len;   /* after the last newline */
		while (k > looked_bytes && in->data[k - 1] != '\n')
			k--;
		if (k > looked_bytes) {
			if (!iri_buf_append(&rd->carry, in->data + k, in->len - k)) {
				rd->ended = true;
				rd->read_errno = ENOMEM;
				return false;
			}
			in->len = k;
			return true;
		}
		looked_bytes = in->len;
		if (rd->ended)
			return in->len > 0;
		if (in->len > line_cap_bytes) {
			in->len = line_cap_bytes + 1;
			skip_line(rd);
			return true;
		}
	}
}

/* ---- the threads' loop ---------------------------------------------------- */

/* The chunk next in input order, if it is cut and done. */
static slot *done_head(par *p)
{
	if (p->written == p->cut)
		return NULL;
	slot *s = p->ring[p->written % p->window];
	return s->state == SLOT_DONE ? s : NULL;
}

/* Takes the writer's role: writes the chunks done in input order, frees
 * their slots.  Called and returns with the lock held (let go while
 * writing).  Once stdout fails (EPIPE, ENOSPC) no more chunks are cut:
 * their output would be thrown away (batch.c reports the failure and
 * exits 1); those cut already are run and let go. */
static void write_done(par *p)
{
	slot *s;
	p->writing = true;
	while ((s = done_head(p)) != NULL) {
		pthread_mutex_unlock(&p->lock);
		int st = write_slot(s);
		bool failed = ferror(stdout) != 0;
		pthread_mutex_lock(&p->lock);
		if (failed)
			p->input_ended = true;
		if (st > p->status)
			p->status = st;
		p->in_flight_bytes -= s->in_bytes;
		p->free_slots[p->n_free++] = s;
		p->written++;
	}
	p->writing = false;
	pthread_cond_broadcast(&p->changed);
}

/* Whether a chunk may be cut: a slot free and few bytes in flight. */
static bool may_cut(const par *p)
{
	return !p->reading && !p->input_ended && p->n_free > 0 &&
	       (p->cut == p->written || p->in_flight_bytes < IN_FLIGHT_BYTES);
}

/* The size of the next chunk: CHUNK_BYTES, but near the end of a file the
 * bytes left shared among the threads, so that they end together rather
 * than one running the last big chunk alone. */
static size_t next_chunk_bytes(const par *p)
{
	if (!p->rd.size_known)
		return CHUNK_BYTES;
	size_t share_bytes = (p->rd.left_bytes + p->rd.carry.len) / p->threads;
	if (share_bytes >= CHUNK_BYTES)
		return CHUNK_BYTES;
	return share_bytes > MIN_CHUNK_BYTES ? share_bytes : MIN_CHUNK_BYTES;
}

/* Takes the reader's role: cuts the next chunk into in (the thread's own),
 * then runs it into a free slot.  Called and returns with the lock held
 * (let go while reading and running). */
static void cut_and_run(par *p, void *worker, iri_buf *in)
{
	slot *s = p->free_slots[--p->n_free];
	p->reading = true;
	pthread_mutex_unlock(&p->lock);
	trim(in);
	bool more = cut_chunk(&p->rd, in, next_chunk_bytes(p), p->line_cap_bytes);
	s->first_line = p->line;
	s->in_bytes = in->len;
	/* The next chunk's first line number, known before this one runs:
	 * one thread learns it from the run instead (no second pass). */
	bool alone = p->threads == 1;
	if (more && !alone)
		p->line += count_lines(in->data, in->len);
	pthread_mutex_lock(&p->lock);
	p->reading = false;
	if (!more) {
		p->free_slots[p->n_free++] = s;
		p->input_ended = true;
		pthread_cond_broadcast(&p->changed);
		return;
	}
	s->state = SLOT_RUNNING;
	p->ring[p->cut % p->window] = s;
	p->cut++;
	p->in_flight_bytes += s->in_bytes;
	pthread_cond_broadcast(&p->changed);
	pthread_mutex_unlock(&p->lock);
	run_slot(p->job, worker, in, s);
	if (s->status < 0)
		s->lines = count_lines(in->data, in->len);   /* for the message */
	if (alone)
		p->line += s->lines;
	pthread_mutex_lock(&p->lock);
	/* No one to wake: the chunk is written by this thread (it loops back
	 * to done_head) or by the writer at work (it looks again before it
	 * lets go), or else it waits for the chunk before it, whose thread
	 * will write both. */
	s->state = SLOT_DONE;
}

/* One thread's loop: writes, reads and runs chunks until the input has
 * ended and no chunk is left for it to write (one still running is written
 * by its own thread). */
static void work(par *p, void *worker)
{
	iri_buf in;   /* the chunk read, kept from chunk to chunk (but a big one) */
	iri_buf_init(&in);
	pthread_mutex_lock(&p->lock);
	for (;;) {
		if (!p->writing && done_head(p))
			write_done(p);
		else if (p->input_ended)
			break;
		else if (may_cut(p))
			cut_and_run(p, worker, &in);
		else
			pthread_cond_wait(&p->changed, &p->lock);
	}
	pthread_mutex_unlock(&p->lock);
	iri_buf_fini(&in);
}

/* A thread besides the calling one: makes its own state (ICU's objects take
 * a while to open, meanwhile the others work), works, frees it. */
static void *thread_main(void *arg)
{
	thread_arg *t = arg;
	const par_job *job = t->p->job;
	void *worker = job->worker_new(job->user, t->index);
	if (worker) {
		work(t->p, worker);
		job->worker_free(worker);
	}
	return NULL;
}

/* ---- the run ------------------------------------------------------------ */

/* Makes the slots (all free); false if out of memory. */
static bool make_slots(par *p, unsigned threads)
{
	/* A slot per thread running, as many again done and waiting for a slow
	 * one before them, and two being read or written. */
	p->window = 2 * (size_t)threads + 2;
	p->slots = calloc(p->window, sizeof *p->slots);
	p->ring = calloc(p->window, sizeof *p->ring);
	p->free_slots = calloc(p->window, sizeof *p->free_slots);
	if (!p->slots || !p->ring || !p->free_slots)
		return false;
	for (size_t k = 0; k < p->window; k++) {
		slot *s = &p->slots[k];
		iri_buf_init(&s->out);
		iri_buf_init(&s->err);
		/* The first slot on top. */
		p->free_slots[p->window - 1 - k] = s;
	}
	p->n_free = p->window;
	return true;
}

static void free_slots(par *p)
{
	for (size_t k = 0; p->slots && k < p->window; k++) {
		iri_buf_fini(&p->slots[k].out);
		iri_buf_fini(&p->slots[k].err);
	}
	free(p->slots);
	free(p->ring);
	free(p->free_slots);
}

int par_run(const par_job *job, int fd, size_t line_cap_bytes, unsigned threads)
{
	if (threads < 1)
		return -1;
	int status = -1;
	par p = { .job = job, .threads = threads, .rd = { .fd = fd }, .line_cap_bytes = line_cap_bytes, .line = 1 };
	iri_buf_init(&p.rd.carry);
	struct stat st;
	off_t at = lseek(fd, 0, SEEK_CUR);
	if (at >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > at) {
		p.rd.size_known = true;
		p.rd.left_bytes = (size_t)(st.st_size - at);
	}
	thread_arg *args = threads > 1 ? calloc(threads - 1, sizeof *args) : NULL;
	void *worker = NULL;
	if ((threads > 1 && !args) || !make_slots(&p, threads) || !(worker = job->worker_new(job->user, 0)))
		goto cleanup;
	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.changed, NULL);
	/* From here on input is read and output written: the status is the
	 * chunks'.  Threads that do not start leave the work to the others. */
	for (unsigned k = 0; k + 1 < threads; k++) {
		args[k].p = &p;
		args[k].index = k + 1;
		args[k].started = pthread_create(&args[k].thread, NULL, thread_main, &args[k]) == 0;
	}
	work(&p, worker);
	for (unsigned k = 0; k + 1 < threads; k++)
		if (args[k].started)
			pthread_join(args[k].thread, NULL);
	pthread_cond_destroy(&p.changed);
	pthread_mutex_destroy(&p.lock);
	status = p.status;
	if (p.rd.read_errno) {
		errno = p.rd.read_errno;
		perror("irie: stdin");
		status = status > 1 ? status : 1;
	}
cleanup:
	if (worker)
		job->worker_free(worker);
	free_slots(&p);
	free(args);
	iri_buf_fini(&p.rd.carry);
	return status;
}
