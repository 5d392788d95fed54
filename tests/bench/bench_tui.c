/* Benchmark (not a test): the real editor through a pseudo-terminal, key in
 * -> screen painted, against the targets (doc/design-notes.md, The contract): <= 5 ms per
 * keystroke at 2,000 characters, <= 60 ms at 100,000, a 200,000-character
 * bracketed paste on screen within 0.3 s.
 *
 * Usage: bench_tui [--cycles N] [--paste-runs R] [--quiet MS] IRIE
 *
 * IRIE (the built binary) runs in a pseudo-terminal (forkpty) whose other
 * side is emulated by libvterm, at 42x140 and at 24x80, with TERM=
 * xterm-256color, LANG=LC_ALL=C.UTF-8 and HOME and XDG_*_HOME in a new
 * temporary directory (so the history of whoever runs this is not touched).
 * Replies the emulator makes are sent back, as a terminal would.
 *
 * Keystrokes: irie starts on an empty line; a text of 100, 2,000 or 100,000
 * characters (an IDN host, then path segments cycling through Latin, Hebrew,
 * Arabic and CJK words) is pasted, then N cycles of four keys are timed: a
 * printable 'x' at the end, Left, Right, Backspace (so the text and the
 * cursor are back where they were).  Paste: a fresh irie, one 200,000-
 * character bracketed paste, timed from writing its first byte.
 *
 * "Painted": after the input is written, the driver reads the pty and feeds
 * libvterm, stamping the arrival of every chunk.  The input's effect is on
 * screen once (1) the emulated screen differs from the one before the input
 * (a key: any cell, attribute or the cursor; a paste: the edit line) and (2)
 * the output then stays idle for the quiet time (30 ms): a repaint is one
 * curses refresh, written in one go, so a gap that long means it is over.
 * The figure is the arrival of the last chunk before that gap, minus the
 * moment the input's first byte was written: the quiet time is not counted.
 * Condition (1) makes a "working..." status painted early not count as the
 * paste being on screen.  The time includes irie's reading of the input,
 * its analysis, painting, the pty, and libvterm parsing the output (small:
 * one screen).  Keys are sent one at a time, each after the previous one is
 * painted, so no key waits behind another.
 *
 * Prints the processor (/proc/cpuinfo), then one table per measure with the
 * median, p90, target and whether it is met (for keys: the median of the
 * slowest kind, an edit; Left and Right leave the text as it was, so the
 * editor does not analyse it again).  Exit status: 0 when every
 * target is met, 1 when one is missed, 2 on an error (with the screen). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <vterm.h>

#include "bench_text.h"

#define EDIT_ROW 1            /* 0-based: irie's edit line, under the header */
#define WAIT_LIMIT_MS 60000.0 /* one input's effect must show within this */

typedef struct {
	VTerm *vt;
	VTermScreen *screen;
	VTermState *state;
	int rows, cols;
	int master;
	pid_t pid;
	bool eof;
	char home[PATH_MAX];
	char *in;                 /* bytes still to write to irie: keys, pastes, replies */
	size_t in_len, in_cap;
	double first_out_ms;      /* arrival of the first output after the input, or -1 */
	double last_out_ms;       /* arrival of the latest output */
} session;

typedef struct {
	int cycles, paste_runs;
	double quiet_ms;
	const char *irie;
} options;

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		fprintf(stderr, "bench_tui: out of memory\n");
		exit(2);
	}
	return p;
}

static void in_add(session *s, const char *b, size_t n)
{
	if (s->in_len + n > s->in_cap) {
		s->in_cap = (s->in_len + n) * 2;
		s->in = xrealloc(s->in, s->in_cap);
	}
	memcpy(s->in + s->in_len, b, n);
	s->in_len += n;
}

/* libvterm's keys and its replies to queries both go to irie. */
static void on_vterm_output(const char *b, size_t n, void *user)
{
	in_add(user, b, n);
}

/* ---- the screen ----------------------------------------------------------- */

static uint64_t fnv(uint64_t h, uint64_t v)
{
	for (int i = 0; i < 8; i++) {
		h ^= (v >> (i * 8)) & 0xFF;
		h *= 1099511628211u;
	}
	return h;
}

/* A hash of rows [from, to): characters, widths, bold, underline, reverse;
 * with the cursor when with_cursor. */
static uint64_t screen_hash(const session *s, int from, int to, bool with_cursor)
{
	uint64_t h = 14695981039346656037u;
	for (int r = from; r < to; r++)
		for (int c = 0; c < s->cols; c++) {
			VTermScreenCell cell;
			if (!vterm_screen_get_cell(s->screen, (VTermPos){ .row = r, .col = c }, &cell))
				continue;
			for (int i = 0; i < VTERM_MAX_CHARS_PER_CELL && cell.chars[i]; i++)
				h = fnv(h, cell.chars[i]);
			h = fnv(h, (uint64_t)cell.width | (uint64_t)cell.attrs.bold << 8 |
				(uint64_t)cell.attrs.underline << 9 | (uint64_t)cell.attrs.reverse << 11);
		}
	if (with_cursor) {
		VTermPos cur;
		vterm_state_get_cursorpos(s->state, &cur);
		h = fnv(h, (uint64_t)cur.row << 16 | (uint64_t)cur.col);
	}
	return h;
}

/* Row r's first n characters (ASCII, '?' for others) into out. */
static void row_start(const session *s, int r, char *out, int n)
{
	int k = 0;
	for (int c = 0; c < s->cols && k < n; c++) {
		VTermScreenCell cell;
		if (!vterm_screen_get_cell(s->screen, (VTermPos){ .row = r, .col = c }, &cell))
			continue;
		uint32_t ch = cell.chars[0];
		out[k++] = ch == 0 ? ' ' : ch < 0x80 ? (char)ch : '?';
	}
	out[k] = '\0';
}

static void dump_screen(const session *s)
{
	fprintf(stderr, "--- screen %dx%d ---\n", s->rows, s->cols);
	for (int r = 0; r < s->rows; r++) {
		char line[1024];
		row_start(s, r, line, s->cols < 1000 ? s->cols : 1000);
		size_t n = strlen(line);
		while (n > 0 && line[n - 1] == ' ')
			n--;
		fprintf(stderr, "%3d|%.*s\n", r + 1, (int)n, line);
	}
}

/* ---- the session ---------------------------------------------------------- */

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(p);
	return 0;
}

/* In the child: the environment described above, then irie on an empty line. */
static void exec_irie(const session *s, const char *irie)
{
	static const char *const drop[] = { "LANGUAGE", "LINES", "COLUMNS", "LC_CTYPE", "LC_MESSAGES",
		"TERMINFO", "ESCDELAY", "COLORTERM", "TMUX", "STY", "NO_COLOR" };
	static const char *const xdg[][2] = { { "XDG_STATE_HOME", "state" }, { "XDG_CONFIG_HOME", "config" },
		{ "XDG_DATA_HOME", "data" }, { "XDG_CACHE_HOME", "cache" } };
	for (size_t i = 0; i < sizeof drop / sizeof drop[0]; i++)
		unsetenv(drop[i]);
	setenv("TERM", "xterm-256color", 1);
	setenv("LANG", "C.UTF-8", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	setenv("HOME", s->home, 1);
	for (size_t i = 0; i < sizeof xdg / sizeof xdg[0]; i++) {
		char p[PATH_MAX + 16];
		snprintf(p, sizeof p, "%s/%s", s->home, xdg[i][1]);
		mkdir(p, 0700);
		setenv(xdg[i][0], p, 1);
	}
	execl(irie, irie, "", (char *)NULL);
	fprintf(stderr, "bench_tui: cannot run %s: %s\n", irie, strerror(errno));
	_exit(127);
}

static void session_start(session *s, const char *irie, int rows, int cols)
{
	memset(s, 0, sizeof *s);
	s->rows = rows;
	s->cols = cols;
	const char *tmp = getenv("TMPDIR");
	snprintf(s->home, sizeof s->home, "%s/bench_tui.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(s->home)) {
		perror("bench_tui: mkdtemp");
		exit(2);
	}
	s->vt = vterm_new(rows, cols);
	vterm_set_utf8(s->vt, 1);
	vterm_output_set_callback(s->vt, on_vterm_output, s);
	s->screen = vterm_obtain_screen(s->vt);
	s->state = vterm_obtain_state(s->vt);
	vterm_screen_enable_altscreen(s->screen, 1);
	vterm_screen_reset(s->screen, 1);
	struct winsize ws = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)cols };
	fflush(NULL);
	s->pid = forkpty(&s->master, NULL, NULL, &ws);
	if (s->pid < 0) {
		perror("bench_tui: forkpty");
		exit(2);
	}
	if (s->pid == 0)
		exec_irie(s, irie);
	fcntl(s->master, F_SETFL, fcntl(s->master, F_GETFL) | O_NONBLOCK);
}

static void session_end(session *s)
{
	if (s->pid > 0) {
		kill(s->pid, SIGKILL);   /* SIGTERM would save the text to the (temporary) history first */
		waitpid(s->pid, NULL, 0);
	}
	close(s->master);
	vterm_free(s->vt);
	free(s->in);
	nftw(s->home, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Writes what is pending and reads what irie wrote, waiting up to ms for
 * either.  Returns whether output came. */
static bool pump(session *s, double ms)
{
	struct pollfd pf = { .fd = s->master, .events = POLLIN | (s->in_len ? POLLOUT : 0) };
	int r = poll(&pf, 1, ms < 0 ? 0 : (int)(ms + 0.999));
	if (r < 0 && errno != EINTR) {
		perror("bench_tui: poll");
		exit(2);
	}
	if (r > 0 && (pf.revents & POLLOUT) && s->in_len) {
		ssize_t w = write(s->master, s->in, s->in_len);
		if (w > 0) {
			memmove(s->in, s->in + w, s->in_len - (size_t)w);
			s->in_len -= (size_t)w;
		}
	}
	bool got = false;
	if (r > 0 && (pf.revents & (POLLIN | POLLHUP | POLLERR))) {
		char b[65536];
		ssize_t k;
		while ((k = read(s->master, b, sizeof b)) > 0) {
			double t = now_ms();
			if (s->first_out_ms < 0)
				s->first_out_ms = t;
			s->last_out_ms = t;
			vterm_input_write(s->vt, b, (size_t)k);
			got = true;
		}
		if (k == 0 || (k < 0 && errno != EAGAIN && errno != EINTR))
			s->eof = true;
	}
	return got;
}

typedef enum { CHANGE_SCREEN, CHANGE_EDIT_ROW, CHANGE_STARTED } change_kind;

static bool changed(const session *s, change_kind kind, uint64_t before)
{
	if (kind == CHANGE_STARTED) {
		char start[4];
		row_start(s, EDIT_ROW, start, 3);
		return strcmp(start, "IRI") == 0;
	}
	if (kind == CHANGE_EDIT_ROW)
		return screen_hash(s, EDIT_ROW, EDIT_ROW + 1, false) != before;
	return screen_hash(s, 0, s->rows, true) != before;
}

/* Writes what is pending (from t0, the moment its first byte is written)
 * and waits until it is painted (see the header); returns the painted time
 * in ms after t0, and in *first the first output's. */
static double wait_painted(session *s, change_kind kind, double quiet_ms, double *first)
{
	uint64_t before = kind == CHANGE_EDIT_ROW ? screen_hash(s, EDIT_ROW, EDIT_ROW + 1, false)
	                                          : screen_hash(s, 0, s->rows, true);
	double t0 = now_ms();
	s->first_out_ms = -1;
	bool seen = false;
	for (;;) {
		double now = now_ms();
		if (seen && s->in_len == 0 && now - s->last_out_ms >= quiet_ms)
			break;
		if (now - t0 > WAIT_LIMIT_MS || s->eof) {
			fprintf(stderr, "bench_tui: %s after %.0f ms, the screen shows no effect of the input\n",
				s->eof ? "irie has exited" : "waited too long", now - t0);
			dump_screen(s);
			exit(2);
		}
		double wait = seen && s->in_len == 0 ? quiet_ms - (now - s->last_out_ms) : 50;
		if (pump(s, wait) && !seen)
			seen = changed(s, kind, before);
	}
	if (first)
		*first = s->first_out_ms - t0;
	return s->last_out_ms - t0;
}

/* ---- measures ------------------------------------------------------------- */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* Sorts t and returns its median (p90 in *p90). */
static double median(double *t, size_t n, double *p90)
{
	qsort(t, n, sizeof *t, cmp_double);
	if (p90)
		*p90 = t[n * 9 / 10 < n ? n * 9 / 10 : n - 1];
	return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

static void paste(session *s, const char *text, size_t n)
{
	size_t before = s->in_len;
	vterm_keyboard_start_paste(s->vt);
	if (s->in_len == before) {
		fprintf(stderr, "bench_tui: irie has not turned bracketed paste on (\\e[?2004h)\n");
		exit(2);
	}
	in_add(s, text, n);
	vterm_keyboard_end_paste(s->vt);
}

/* irie started and showing its (empty) edit line; returns the time it took. */
static double start(session *s, const options *o, int rows, int cols)
{
	session_start(s, o->irie, rows, cols);
	double first;
	return wait_painted(s, CHANGE_STARTED, o->quiet_ms, &first);
}

enum { KIND_TYPE, KIND_LEFT, KIND_RIGHT, KIND_BACKSPACE, KIND_COUNT };

/* One screen size and text size: prints a row, returns whether the target
 * (0: none) is met. */
static bool time_keys(const options *o, int rows, int cols, size_t n_cp, double target_ms)
{
	session s;
	start(&s, o, rows, cols);
	size_t n_bytes;
	char *text = bench_text(n_cp, &n_bytes);
	paste(&s, text, n_bytes);
	wait_painted(&s, CHANGE_EDIT_ROW, o->quiet_ms, NULL);
	free(text);
	size_t n = (size_t)o->cycles;
	double *all = xrealloc(NULL, sizeof *all * n * KIND_COUNT), *kind[KIND_COUNT];
	for (int k = 0; k < KIND_COUNT; k++)
		kind[k] = xrealloc(NULL, sizeof *kind[k] * n);
	for (size_t i = 0; i < n; i++)
		for (int k = 0; k < KIND_COUNT; k++) {
			if (k == KIND_TYPE)
				vterm_keyboard_unichar(s.vt, 'x', VTERM_MOD_NONE);
			else
				vterm_keyboard_key(s.vt, k == KIND_LEFT ? VTERM_KEY_LEFT : k == KIND_RIGHT ? VTERM_KEY_RIGHT
					: VTERM_KEY_BACKSPACE, VTERM_MOD_NONE);
			kind[k][i] = all[i * KIND_COUNT + (size_t)k] = wait_painted(&s, CHANGE_SCREEN, o->quiet_ms, NULL);
		}
	session_end(&s);
	double p90, med = median(all, n * KIND_COUNT, &p90), med_k[KIND_COUNT];
	for (int k = 0; k < KIND_COUNT; k++)
		med_k[k] = median(kind[k], n, NULL);
	double slowest = 0;   /* Left and Right do not change the text (no analysis): the slowest kind counts */
	for (int k = 0; k < KIND_COUNT; k++)
		slowest = med_k[k] > slowest ? med_k[k] : slowest;
	bool met = target_ms <= 0 || slowest <= target_ms;
	char target[16];
	snprintf(target, sizeof target, target_ms > 0 ? "%.0f" : "-", target_ms);
	printf("%3dx%-4d %10zu %6zu %9.2f %8.2f %7.2f %7.2f %7.2f %9.2f %8s %8s\n", rows, cols, n_cp,
		n * KIND_COUNT, med, p90, med_k[KIND_TYPE], med_k[KIND_LEFT], med_k[KIND_RIGHT],
		med_k[KIND_BACKSPACE], target, target_ms > 0 ? (met ? "met" : "MISSED") : "-");
	fflush(stdout);
	for (int k = 0; k < KIND_COUNT; k++)
		free(kind[k]);
	free(all);
	return met;
}

/* A fresh irie per run, one paste of n_cp characters: prints a row. */
static bool time_paste(const options *o, int rows, int cols, size_t n_cp, double target_ms)
{
	size_t n_bytes, runs = (size_t)o->paste_runs;
	char *text = bench_text(n_cp, &n_bytes);
	double *painted = xrealloc(NULL, sizeof *painted * runs), *first = xrealloc(NULL, sizeof *first * runs);
	double *startup = xrealloc(NULL, sizeof *startup * runs);
	for (size_t r = 0; r < runs; r++) {
		session s;
		startup[r] = start(&s, o, rows, cols);
		paste(&s, text, n_bytes);
		painted[r] = wait_painted(&s, CHANGE_EDIT_ROW, o->quiet_ms, &first[r]);
		session_end(&s);
	}
	double worst, med = median(painted, runs, NULL), med_first = median(first, runs, NULL);
	worst = painted[runs - 1];
	bool met = med <= target_ms;
	printf("%3dx%-4d %10zu %8zu %5zu %11.1f %11.1f %9.1f %9.0f %8s   (startup %.0f ms)\n", rows, cols, n_cp,
		n_bytes, runs, med_first, med, worst, target_ms, met ? "met" : "MISSED", median(startup, runs, NULL));
	fflush(stdout);
	free(text);
	free(painted);
	free(first);
	free(startup);
	return met;
}

static void print_cpu(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512], model[256] = "unknown";
	int n = 0;
	while (f && fgets(line, sizeof line, f)) {
		if (strncmp(line, "processor", 9) == 0)
			n++;
		const char *colon = strchr(line, ':');
		if (strncmp(line, "model name", 10) == 0 && colon && strcmp(model, "unknown") == 0) {
			snprintf(model, sizeof model, "%s", colon + 2);
			model[strcspn(model, "\n")] = '\0';
		}
	}
	if (f)
		fclose(f);
	printf("processor: %s (%d logical processors in /proc/cpuinfo)\n", model, n);
}

static bool parse_args(int argc, char **argv, options *o)
{
	*o = (options){ .cycles = 20, .paste_runs = 3, .quiet_ms = 30 };
	for (int i = 1; i < argc; i++) {
		bool has_value = i + 1 < argc;
		if (strcmp(argv[i], "--cycles") == 0 && has_value)
			o->cycles = atoi(argv[++i]);
		else if (strcmp(argv[i], "--paste-runs") == 0 && has_value)
			o->paste_runs = atoi(argv[++i]);
		else if (strcmp(argv[i], "--quiet") == 0 && has_value)
			o->quiet_ms = atof(argv[++i]);
		else if (argv[i][0] != '-' && !o->irie)
			o->irie = argv[i];
		else
			return false;
	}
	return o->irie && o->cycles > 0 && o->paste_runs > 0 && o->quiet_ms > 0;
}

int main(int argc, char **argv)
{
	options o;
	if (!parse_args(argc, argv, &o)) {
		fprintf(stderr, "usage: bench_tui [--cycles N] [--paste-runs R] [--quiet MS] IRIE\n");
		return 2;
	}
	static const struct { int rows, cols; } screens[] = { { 42, 140 }, { 24, 80 } };
	static const struct { size_t cps; double target_ms; } sizes[] = {
		{ 100, 0 }, { 2000, 5 }, { 100000, 60 },
	};
	signal(SIGPIPE, SIG_IGN);
	print_cpu();
	printf("irie: %s; painted = last output before %.0f ms of quiet, the screen changed\n\n", o.irie,
		o.quiet_ms);
	printf("Keystrokes (%d cycles of x at the end, Left, Right, Backspace), ms:\n", o.cycles);
	printf("%-8s %10s %6s %9s %8s %7s %7s %7s %9s %8s %8s\n", "screen", "characters", "keys", "median",
		"p90", "x", "Left", "Right", "Backspace", "target", "verdict");
	bool all_met = true;
	for (size_t i = 0; i < sizeof screens / sizeof screens[0]; i++)
		for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
			all_met &= time_keys(&o, screens[i].rows, screens[i].cols, sizes[k].cps, sizes[k].target_ms);
	printf("\nBracketed paste into an empty line (a fresh irie per run), ms from its first byte:\n");
	printf("%-8s %10s %8s %5s %11s %11s %9s %9s %8s\n", "screen", "characters", "bytes", "runs",
		"1st output", "painted", "worst", "target", "verdict");
	for (size_t i = 0; i < sizeof screens / sizeof screens[0]; i++)
		all_met &= time_paste(&o, screens[i].rows, screens[i].cols, 200000, 300);
	return all_met ? 0 : 1;
}
