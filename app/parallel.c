/* Chunks of lines on several threads, written in input order (parallel.h).
 *
 * Slots form a ring of chunks.  The calling thread reads the next chunk into
 * a free slot (counting its lines, so each chunk knows its first line
 * number), threads take ready slots in order, and the calling thread writes
 * done slots in order.  Input is read(), not mapped: a file cut short
 * meanwhile only ends the input early (a mapping would fault).  One mutex
 * guards the ring; two condition variables wake the threads (a chunk is
 * ready) and the writer (one is done, or a thread's state is made). */
#define _GNU_SOURCE   /* fopencookie, sched_getaffinity */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "i18n.h"
#include "iri_run.h"
#include "parallel.h"

/* Big enough that a chunk's bookkeeping is noise, small enough that a
 * few in flight stay a small part of the memory. */
#define CHUNK_BYTES ((size_t)256 * 1024)
/* Input bytes read but not yet written at most, over all slots (one chunk
 * alone may be bigger: a line up to the cap); with the slots' buffers
 * trimmed back after a big chunk, memory stays flat whatever the threads. */
#define IN_FLIGHT_BYTES ((size_t)16 * 1024 * 1024)
#define SLOT_KEEP_BYTES (4 * CHUNK_BYTES)
/* Bytes asked of read() at a time. */
#define READ_BYTES ((size_t)64 * 1024)

typedef enum { SLOT_EMPTY, SLOT_READY, SLOT_RUNNING, SLOT_DONE } slot_state;

typedef struct {
	slot_state state;
	iri_buf in;               /* the chunk's lines, kept from chunk to chunk */
	unsigned long first_line;
	iri_buf out, err;         /* kept from chunk to chunk (but big ones): no allocation once warm */
	int status;               /* the run's, or -1 when its buffers failed */
} slot;

typedef struct par par;

typedef struct {
	par *p;
	unsigned index;
	void *worker;
	pthread_t thread;
	bool started;
} thread_arg;

struct par {
	const par_job *job;
	pthread_mutex_t lock;
	pthread_cond_t ready;     /* a slot became ready, or the input ended */
	pthread_cond_t done;      /* a slot is done, or a thread's state made or not */
	slot *slots;
	size_t window;            /* slots in the ring */
	size_t next_take;         /* the next chunk a thread takes */
	size_t cut;               /* chunks cut so far */
	bool input_ended;         /* no chunk will be cut any more */
	unsigned workers_made;    /* threads whose state is made */
	unsigned workers_failed;  /* threads whose state could not be made */
};

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

/* One chunk on a thread: the command's output into two memory streams. */
static void run_slot(const par_job *job, void *worker, slot *s)
{
	FILE *out = buf_stream(&s->out);
	FILE *err = out ? buf_stream(&s->err) : NULL;
	if (!out || !err) {
		if (out)
			fclose(out);
		s->status = -1;
		return;
	}
	/* The streams are this thread's alone: no lock per call.  out holds
	 * nothing back, so that the run may also append to s->out. */
	setvbuf(out, NULL, _IONBF, 0);
	__fsetlocking(out, FSETLOCKING_BYCALLER);
	__fsetlocking(err, FSETLOCKING_BYCALLER);
	s->status = job->run(worker, s->in.data, s->in.len, s->first_line, out, err, &s->out);
	/* A stream that could not grow lost output: the chunk fails whole. */
	bool lost = fclose(out) != 0;
	if (fclose(err) != 0 || lost || s->out.failed || s->err.failed)
		s->status = -1;
}

static void *thread_main(void *arg)
{
	thread_arg *t = arg;
	par *p = t->p;
	/* Each thread makes its own state, all at once (ICU's objects take a
	 * while to open); the writer starts once one is made. */
	t->worker = p->job->worker_new(p->job->user, t->index);
	pthread_mutex_lock(&p->lock);
	if (t->worker)
		p->workers_made++;
	else
		p->workers_failed++;
	pthread_cond_signal(&p->done);
	while (t->worker) {
		while (p->next_take == p->cut && !p->input_ended)
			pthread_cond_wait(&p->ready, &p->lock);
		if (p->next_take == p->cut)
			break;   /* the input ended and every chunk is taken */
		slot *s = &p->slots[p->next_take++ % p->window];
		s->state = SLOT_RUNNING;
		pthread_mutex_unlock(&p->lock);
		run_slot(p->job, t->worker, s);
		pthread_mutex_lock(&p->lock);
		s->state = SLOT_DONE;
		pthread_cond_signal(&p->done);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
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
 * smaller ones are kept for the slot's next chunk. */
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
		unsigned long lines = count_lines(s->in.data, s->in.len);
		/* TRANSLATORS: %lu: the first and last line numbers of the lines whose output is missing. */
		fprintf(stderr, _("irie: out of memory: no output for lines %lu to %lu\n"), s->first_line,
			s->first_line + (lines ? lines - 1 : 0));
		status = 1;
	} else {
		if (s->out.len)
			fwrite(s->out.data, 1, s->out.len, stdout);
		if (s->err.len)
			fwrite(s->err.data, 1, s->err.len, stderr);
	}
	trim(&s->in);
	trim(&s->out);
	trim(&s->err);
	s->state = SLOT_EMPTY;
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

/* ---- reading ----------------------------------------------------------- */

typedef struct {
	int fd;
	iri_buf carry;            /* read past the last newline of the chunk before */
	bool ended;               /* no more input: its end, or a read error */
	int read_errno;           /* the error, or 0 */
} reader;

/* Reads into b until it holds at least want_bytes or the input ends. */
static void read_more(reader *rd, iri_buf *b, size_t want_bytes)
{
	while (!rd->ended && b->len < want_bytes) {
		if (!iri_buf_reserve(b, READ_BYTES)) {
			rd->ended = true;
			rd->read_errno = ENOMEM;
			return;
		}
		ssize_t n = read(rd->fd, b->data + b->len, READ_BYTES);
		if (n > 0) {
			b->len += (size_t)n;
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

/* The next chunk into in: whole lines, about CHUNK_BYTES of them; the last
 * line of the input maybe without its newline; a line longer than
 * line_cap_bytes as its first line_cap_bytes + 1 bytes alone (the run
 * reports it), the rest of it dropped.  False when the input is done. */
static bool cut_chunk(reader *rd, iri_buf *in, size_t line_cap_bytes)
{
	iri_buf_reset(in);
	if (rd->carry.len)
		iri_buf_append(in, rd->carry.data, rd->carry.len);
	iri_buf_reset(&rd->carry);
	/* Only the bytes read since the last look can hold a newline: each
	 * look is over new bytes, so a long line costs linear time. */
	size_t looked_bytes = 0;
	for (size_t want_bytes = CHUNK_BYTES;; want_bytes = in->len + CHUNK_BYTES) {
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

/* One thread: the chunks run on the calling thread, one slot reused: no
 * locks, no switches between threads, one chunk's buffers in memory (their
 * first touches are page faults, dear on a virtual machine). */
static int run_inline(const par_job *job, reader *rd, size_t line_cap_bytes)
{
	void *worker = job->worker_new(job->user, 0);
	if (!worker)
		return -1;
	slot s = { .state = SLOT_EMPTY };
	iri_buf_init(&s.in);
	iri_buf_init(&s.out);
	iri_buf_init(&s.err);
	int status = 0;
	unsigned long line = 1;
	while (cut_chunk(rd, &s.in, line_cap_bytes)) {
		s.first_line = line;
		line += count_lines(s.in.data, s.in.len);
		run_slot(job, worker, &s);
		int st = write_slot(&s);
		if (st > status)
			status = st;
	}
	job->worker_free(worker);
	iri_buf_fini(&s.in);
	iri_buf_fini(&s.out);
	iri_buf_fini(&s.err);
	return status;
}

/* ---- the run ------------------------------------------------------------ */

/* The writer's side: the input and where its chunks stand. */
typedef struct {
	reader rd;
	size_t line_cap_bytes;
	size_t written;           /* chunks written so far */
	size_t in_flight_bytes;   /* input bytes cut but not yet written */
	unsigned long line;       /* the next chunk's first line number */
	bool more;                /* the input may hold more chunks */
} feed;

/* Starts the threads; returns how many started. */
static unsigned start_threads(par *p, thread_arg *args, unsigned threads)
{
	unsigned started = 0;
	for (unsigned k = 0; k < threads; k++) {
		args[k].p = p;
		args[k].index = k;
		args[k].started = pthread_create(&args[k].thread, NULL, thread_main, &args[k]) == 0;
		started += args[k].started;
	}
	return started;
}

/* One thread ready is enough to start; the others join as they can.  False
 * if none could make its state: the threads that started then end at once. */
static bool wait_for_worker(par *p, unsigned started)
{
	pthread_mutex_lock(&p->lock);
	while (p->workers_made == 0 && p->workers_failed < started)
		pthread_cond_wait(&p->done, &p->lock);
	bool made = p->workers_made > 0;
	if (!made) {
		p->input_ended = true;
		pthread_cond_broadcast(&p->ready);
	}
	pthread_mutex_unlock(&p->lock);
	return made;
}

/* Reads chunks into free slots while the ring has room and the bytes in
 * flight are few; at the input's end, tells the threads.  Called and
 * returns with the lock held (let go while reading). */
static void fill_ring(par *p, feed *f)
{
	while (f->more && p->cut - f->written < p->window &&
	       (p->cut == f->written || f->in_flight_bytes < IN_FLIGHT_BYTES)) {
		slot *s = &p->slots[p->cut % p->window];
		pthread_mutex_unlock(&p->lock);
		f->more = cut_chunk(&f->rd, &s->in, f->line_cap_bytes);
		s->first_line = f->line;
		if (f->more)
			f->line += count_lines(s->in.data, s->in.len);
		pthread_mutex_lock(&p->lock);
		if (f->more) {
			s->state = SLOT_READY;
			f->in_flight_bytes += s->in.len;
			p->cut++;
			pthread_cond_signal(&p->ready);
		}
	}
	if (!f->more && !p->input_ended) {
		p->input_ended = true;
		pthread_cond_broadcast(&p->ready);
	}
}

/* Reads the input, hands its chunks to the threads and writes each done
 * chunk in input order; returns the worst of their statuses (and 1 for a
 * read error, said on stderr). */
static int pump(par *p, feed *f)
{
	int status = 0;
	pthread_mutex_lock(&p->lock);
	for (;;) {
		fill_ring(p, f);
		if (f->written == p->cut && !f->more)
			break;
		slot *s = &p->slots[f->written % p->window];
		while (s->state != SLOT_DONE)
			pthread_cond_wait(&p->done, &p->lock);
		pthread_mutex_unlock(&p->lock);
		f->in_flight_bytes -= s->in.len;
		int st = write_slot(s);
		if (st > status)
			status = st;
		pthread_mutex_lock(&p->lock);
		f->written++;
	}
	pthread_mutex_unlock(&p->lock);
	if (f->rd.read_errno) {
		errno = f->rd.read_errno;
		perror("irie: stdin");
		status = status > 1 ? status : 1;
	}
	return status;
}

/* Joins the threads that started, frees their states and the ring. */
static void stop(par *p, thread_arg *args, unsigned threads, bool locks_made)
{
	for (unsigned k = 0; args && k < threads; k++)
		if (args[k].started)
			pthread_join(args[k].thread, NULL);
	if (locks_made) {
		pthread_cond_destroy(&p->done);
		pthread_cond_destroy(&p->ready);
		pthread_mutex_destroy(&p->lock);
	}
	for (unsigned k = 0; args && k < threads; k++)
		p->job->worker_free(args[k].worker);
	for (size_t k = 0; p->slots && k < p->window; k++) {
		iri_buf_fini(&p->slots[k].in);
		iri_buf_fini(&p->slots[k].out);
		iri_buf_fini(&p->slots[k].err);
	}
	free(p->slots);
}

int par_run(const par_job *job, int fd, size_t line_cap_bytes, unsigned threads)
{
	if (threads < 1)
		return -1;
	if (threads == 1) {
		reader one = { .fd = fd };
		iri_buf_init(&one.carry);
		int status = run_inline(job, &one, line_cap_bytes);
		if (status >= 0 && one.read_errno) {
			errno = one.read_errno;
			perror("irie: stdin");
			status = status > 1 ? status : 1;
		}
		iri_buf_fini(&one.carry);
		return status;
	}
	int status = -1;
	par p = { .job = job, .window = 2 * (size_t)threads + 2 };
	feed f = { .rd = { .fd = fd }, .line_cap_bytes = line_cap_bytes, .line = 1, .more = true };
	iri_buf_init(&f.rd.carry);
	bool locks_made = false;
	thread_arg *args = calloc(threads, sizeof *args);
	p.slots = calloc(p.window, sizeof *p.slots);
	if (!args || !p.slots)
		goto cleanup;
	for (size_t k = 0; k < p.window; k++) {
		iri_buf_init(&p.slots[k].in);
		iri_buf_init(&p.slots[k].out);
		iri_buf_init(&p.slots[k].err);
	}
	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.ready, NULL);
	pthread_cond_init(&p.done, NULL);
	locks_made = true;
	unsigned started = start_threads(&p, args, threads);
	/* From here on input is read and output written: the status is the
	 * chunks'. */
	if (wait_for_worker(&p, started))
		status = pump(&p, &f);
cleanup:
	stop(&p, args, threads, locks_made);
	free(args);
	iri_buf_fini(&f.rd.carry);
	return status;
}
