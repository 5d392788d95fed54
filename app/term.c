/* Terminal setup and restoration.  The process has one terminal, so this
 * module keeps its state in one static record: signal handlers must reach it
 * (an async-signal-safe write of the restore sequences and the saved modes). */
#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "i18n.h"
#include "ink_bindings.h"
#include "render_bidi.h"
#include "term.h"
#include "term_probe.h"

#define N_HANDLED 14

static struct {
	FILE *tty;
	int fd;
	SCREEN *screen;
	struct termios saved;     /* modes before curses, restored by signal handlers */
	bool saved_ok;
	bool open;
	bool colour;
	/* One flag per kind: a SIGHUP that arrives while suspended must not be
	 * overwritten by the SIGCONT that follows it. */
	volatile sig_atomic_t got_hup, got_term, got_int, got_tstp;
	bool mouse_off;           /* --no-mouse, or turned off at run time */
	/* Bytes that undo our modes (bidi, paste, mouse, cursor): [1] also
	 * switches the terminal's own bidi back on, [0] does not; own_sent
	 * (set while its switch is off) picks one in the signal handlers. */
	char leave[2][160];
	size_t leave_len[2];
	volatile sig_atomic_t own_sent;
	term_bidi bidi_asked;     /* --bidi */
	term_bidi bidi;           /* in use: TERM_BIDI_VISUAL or TERM_BIDI_LOGICAL */
	term_bidi_why why;
	term_bidi_own own;        /* whose own bidi irie turns off in visual mode */
	/* BDSM as the probe found it (DECRQM Ps: 1 set, 2 reset), -1 unknown:
	 * here because build_leave makes the handlers' bytes from it. */
	int bdsm_found;
	struct sigaction old[N_HANDLED];  /* the handlers before ours (handled_signals order) */
} term = { .fd = -1, .bdsm_found = -1 };

/* Every signal whose default action ends the process (or stops it) and
 * that may come while the terminal is ours: each restores it first. */
static const int handled_signals[N_HANDLED] = {
	SIGTSTP, SIGHUP, SIGTERM, SIGINT, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL,
	SIGQUIT, SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ,
};

/* Paste on (xterm 2004), SGR mouse is curses' business; bidi as render says. */
static const char paste_on[] = "\033[?2004h";
static const char paste_off[] = "\033[?2004l";

static void write_all(int fd, const char *s, size_t n)
{
	while (n > 0) {
		ssize_t k = write(fd, s, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return;
		s += k;
		n -= (size_t)k;
	}
}

/* Async-signal-safe: restores the modes saved before curses started and
 * writes the sequences that undo ours (leaving the alternate screen too). */
static void restore_raw(void)
{
	if (term.fd < 0)
		return;
	int i = term.own_sent ? 1 : 0;
	write_all(term.fd, term.leave[i], term.leave_len[i]);
	if (term.saved_ok)
		tcsetattr(term.fd, TCSAFLUSH, &term.saved);
}

static void on_fatal(int sig)
{
	restore_raw();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void on_quit(int sig)
{
	if (sig == SIGHUP)
		term.got_hup = 1;
	else if (sig == SIGINT)
		term.got_int = 1;
	else
		term.got_term = 1;
}

static void install(int sig, void (*fn)(int))
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/* SIGTSTP only records the request: the suspend itself (endwin, which is
 * not async-signal-safe) runs in term_take_signal(), in the main loop, so
 * that curses leaves program mode once and enters it once per suspend. */
static void on_tstp(int sig)
{
	(void)sig;
	term.got_tstp = 1;
}

/* ESC delay: long enough that an arrow key split by network lag (ssh) is
 * not read as a lone Esc, short enough that Esc feels immediate; vim's
 * ttimeoutlen is 100 ms too.  ESCDELAY in the environment is ncurses' own
 * setting, read by newterm(), and is left to it. */
static void set_escdelay_default(void)
{
	const char *env = getenv("ESCDELAY");
	if (!(env && *env))
		set_escdelay(TERM_ESC_DELAY_MS);
}

/* ---- bidi: who reorders, irie or the terminal ----
 *
 * Tried terminals (doc/irie.1, TERMINALS): xterm does no bidi; VTE knows
 * BDSM (ECMA-48 8.3.9: CSI 8 l = explicit mode, cells shown as sent);
 * mlterm and Konsole reorder every line themselves and ignore BDSM, but each
 * has its own switch: mlterm's "ESC ] 5379 ; use_ctl=false BEL", Konsole's
 * profile property through "ESC ] 50 ; BidiRenderingEnabled=false BEL"
 * (OSC 50 is xterm's font change).  A switch is sent only when the
 * environment names the terminal ($MLTERM, $KONSOLE_VERSION) and its DA2
 * answer agrees (mlterm Pp 24, Konsole Pp 1): both variables leak into
 * child terminals (an xterm started from Konsole) and into tmux/screen
 * panes, where tmux drops the OSC and the terminal outside keeps
 * reordering; inside tmux/screen ($TMUX, $STY) no switch is sent at all. */

static const char da2_query[] = "\033[>c";                  /* DA2: answer CSI > Pp ; Pv ; Pc c */
static const char bdsm_query[] = "\033[8$p";               /* DECRQM: answer CSI 8 ; Ps $ y */
static const char da1_query[] = "\033[c";                  /* every terminal tried answers: the sentinel */

static const char *own_off(void)
{
	switch (term.own) {
	case TERM_OWN_MLTERM: return "\033]5379;use_ctl=false\a";
	case TERM_OWN_KONSOLE: return "\033]50;BidiRenderingEnabled=false\a";
	default: return "";
	}
}

static const char *own_restore(void)
{
	switch (term.own) {
	/* mlterm's default: its value cannot be read (OSC 5380 needs the
	 * challenge from ~/.mlterm/challenge, else it answers "#forbidden" and
	 * LF, plain text curses would take for typed keys); Konsole's cannot
	 * be read either. */
	case TERM_OWN_MLTERM: return "\033]5379;use_ctl=true\a";
	case TERM_OWN_KONSOLE: return "\033]50;BidiRenderingEnabled=true\a";
	default: return "";
	}
}

/* What puts BDSM back as the probe found it (DECRQM Ps 2: explicit mode
 * was set already, ECMA-48 8.3.9); else implicit mode, the default. */
static const char *bidi_found(void)
{
	return term.bdsm_found == 2 ? rnd_term_bidi_explicit_back() : rnd_term_bidi_leave();
}

/* Into the mode in use.  Visual: the terminal shows cells as sent (BDSM
 * reset and SCP from render, the terminal's own switch off).  Logical: the
 * terminal reorders, so implicit mode if the probe found explicit mode
 * set; nothing otherwise. */
static void bidi_enter(void)
{
	if (term.bidi != TERM_BIDI_VISUAL) {
		if (term.bdsm_found == 2)
			write_all(term.fd, rnd_term_bidi_leave(), strlen(rnd_term_bidi_leave()));
		return;
	}
	const char *enter = rnd_term_bidi_enter(), *off = own_off();
	write_all(term.fd, enter, strlen(enter));
	if (*off) {
		term.own_sent = 1;
		write_all(term.fd, off, strlen(off));
	}
}

/* Back to the terminal's own bidi: implicit mode (to_found: BDSM as the
 * probe found it, for leaving irie), its switch back on if irie turned it
 * off (only what was sent is undone). */
static void bidi_leave(bool to_found)
{
	const char *leave = to_found ? bidi_found() : rnd_term_bidi_leave(), *back = own_restore();
	write_all(term.fd, leave, strlen(leave));
	if (term.own_sent) {
		write_all(term.fd, back, strlen(back));
		term.own_sent = 0;
	}
}

/* The terminal the environment names (it may be an outer one). */
static term_bidi_own env_own(void)
{
	const char *ml = getenv("MLTERM"), *ko = getenv("KONSOLE_VERSION");
	if (ml && *ml)
		return TERM_OWN_MLTERM;
	if (ko && *ko)
		return TERM_OWN_KONSOLE;
	return TERM_OWN_NONE;
}

/* TERM_WHY_TMUX or TERM_WHY_SCREEN inside one, else TERM_WHY_NO_REPLY. */
static term_bidi_why multiplexer(void)
{
	const char *tmux = getenv("TMUX"), *sty = getenv("STY");
	if (tmux && *tmux)
		return TERM_WHY_TMUX;
	return sty && *sty ? TERM_WHY_SCREEN : TERM_WHY_NO_REPLY;
}

static bool in_multiplexer(void)
{
	return multiplexer() != TERM_WHY_NO_REPLY;
}

/* Asks the terminal whatever --bidi says (its own switch is needed in
 * visual mode, and F12 may get there); for auto the answers choose (before curses reads a key) with the tty
 * raw for a moment.  DA2 (who it is), DECRQM BDSM, then DA1 as a sentinel
 * (Konsole answers no DECRQM, so DA1's answer ends the wait, not the
 * timeout). */
static void detect_bidi(term_typed *typed)
{
	term_bidi_own named = in_multiplexer() ? TERM_OWN_NONE : env_own();
	/* Inside tmux or screen the answers below are the multiplexer's own
	 * (it answers DA and DECRQM for itself), never the outer terminal's:
	 * the reason given is the multiplexer, whatever they say. */
	bool mux = in_multiplexer();
	term.bidi = TERM_BIDI_VISUAL;
	term.why = multiplexer();
	if (!term.saved_ok)
		return;
	struct termios raw = term.saved;
	raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	tcsetattr(term.fd, TCSANOW, &raw);
	write_all(term.fd, da2_query, sizeof da2_query - 1);
	write_all(term.fd, bdsm_query, sizeof bdsm_query - 1);
	write_all(term.fd, da1_query, sizeof da1_query - 1);
	char buf[TERM_TYPED_MAX];
	probe_answers a;
	size_t n = probe_read(term.fd, buf, sizeof buf, TERM_PROBE_MS, &a);
	tcsetattr(term.fd, TCSANOW, &term.saved);
	/* What is not an answer was typed meanwhile: kept for the editor. */
	probe_sort(buf, n, &a, typed->bytes, sizeof typed->bytes, &typed->len);
	if ((named == TERM_OWN_MLTERM && a.da2 == 24) || (named == TERM_OWN_KONSOLE && a.da2 == 1))
		term.own = named;
	int ps = a.bdsm;
	bool da1 = a.da1;
	term.bdsm_found = ps;
	if (term.own == TERM_OWN_MLTERM)
		term.why = TERM_WHY_MLTERM;
	else if (term.own == TERM_OWN_KONSOLE)
		term.why = TERM_WHY_KONSOLE;
	else if (mux)
		term.why = multiplexer();
	else if (ps == 1 || ps == 2)
		term.why = TERM_WHY_BDSM;
	else if (ps == 0 || da1)
		term.why = TERM_WHY_NO_BIDI;
}

void term_set_bidi(term_bidi b)
{
	term.bidi_asked = b;
}

term_bidi term_bidi_mode(term_bidi_why *why)
{
	if (why)
		*why = term.why;
	return term.bidi == TERM_BIDI_LOGICAL ? TERM_BIDI_LOGICAL : TERM_BIDI_VISUAL;
}

bool term_bidi_logical(void)
{
	return term.bidi == TERM_BIDI_LOGICAL;
}

/* mlterm 3.9 (its own bidi on, as in logical mode) keeps each bidi control
 * as a character of its own in its line: zero cells wide on the screen but
 * one column for cursor addressing and for the line's length (tried:
 * "abc" LRM "def", then CSI 5 G and X, overwrites d; a row of COLS cells
 * with two marks wraps its last two). */
bool term_marks_take_columns(void)
{
	return term.bidi == TERM_BIDI_LOGICAL && term.own == TERM_OWN_MLTERM;
}

void term_write(const char *s, size_t n)
{
	if (term.open)
		write_all(term.fd, s, n);
}

void term_switch_bidi(void)
{
	if (!term.open)
		return;
	if (term.bidi == TERM_BIDI_LOGICAL) {
		term.bidi = TERM_BIDI_VISUAL;
		bidi_enter();
	} else {
		bidi_leave(false);
		term.bidi = TERM_BIDI_LOGICAL;
	}
	term.why = TERM_WHY_KEY;
	clearok(curscr, TRUE);
}

/* Mouse capture as term.mouse_off says (xterm 1000/1006 through curses). */
static void apply_mouse(void)
{
	mousemask(term.mouse_off ? 0 : BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
}

/* The restore bytes (i 1: with the terminal's own bidi back on): leave
 * the alternate screen, show the cursor, paste off, bidi back to the mode
 * the probe found (doc/design-notes.md).  Signals are blocked meanwhile:
 * their handlers write these bytes. */
static void build_leave(int i)
{
	sigset_t all, old;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	snprintf(term.leave[i], sizeof term.leave[i], "\033[?1000l\033[?1006l%s\033[?25h\033[?1049l%s%s",
		paste_off, bidi_found(), i ? own_restore() : "");
	term.leave_len[i] = strlen(term.leave[i]);
	sigprocmask(SIG_SETMASK, &old, NULL);
}

/* Ours before curses' own (newterm installs its SIGTSTP, SIGINT and
 * SIGTERM handlers only where none is set), so a suspend restores bidi
 * mode as well; the old ones kept for restore_handlers(). */
static void install_handlers(void)
{
	for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++) {
		int sig = handled_signals[i];
		sigaction(sig, NULL, &term.old[i]);
		install(sig, sig == SIGTSTP ? on_tstp
			: sig == SIGHUP || sig == SIGTERM || sig == SIGINT ? on_quit : on_fatal);
	}
}

static void restore_handlers(void)
{
	for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++)
		sigaction(handled_signals[i], &term.old[i], NULL);
}

/* Bracketed paste's markers, and the keys as terminals send them (tmux's
 * ESC [ 4 ~ for End, ...), whatever this terminfo entry says. */
static void define_keys(void)
{
	define_key("\033[200~", TERM_KEY_PASTE_START);
	define_key(TERM_PASTE_END_MARKER, TERM_KEY_PASTE_END);
	size_t n_seq;
	const ink_sequence *seq = ink_sequences(&n_seq);
	for (size_t i = 0; i < n_seq; i++)
		define_key(seq[i].bytes, TERM_KEY_SEQ_BASE + (int)i);
}

bool term_open(term_typed *typed, char *err, size_t err_size)
{
	typed->len = 0;
	if (term.open)
		return true;
	term.tty = fopen("/dev/tty", "r+");
	if (!term.tty) {
		/* TRANSLATORS: %s: the system's error message; keep /dev/tty. */
		snprintf(err, err_size, _("cannot open the terminal (/dev/tty): %s"), strerror(errno));
		return false;
	}
	term.fd = fileno(term.tty);
	term.saved_ok = tcgetattr(term.fd, &term.saved) == 0;
	term.own = TERM_OWN_NONE;
	term.own_sent = 0;
	/* leave[0] before the handlers that write it, which come before the
	 * probe (^C there must not leave echo off); both once the terminal
	 * is known (BDSM as found; leave[1] is used only after its switch was
	 * sent). */
	term.bdsm_found = -1;
	build_leave(0);
	install_handlers();
	detect_bidi(typed);
	build_leave(0);
	build_leave(1);
	if (term.bidi_asked != TERM_BIDI_AUTO) {
		term.bidi = term.bidi_asked;
		term.why = TERM_WHY_OPTION;
	}
	term.screen = newterm(NULL, term.tty, term.tty);
	if (!term.screen) {
		/* TRANSLATORS: keep TERM: it is an environment variable. */
		snprintf(err, err_size, "%s", _("cannot start curses on this terminal (is TERM right?)"));
		restore_handlers();
		fclose(term.tty);
		term.tty = NULL;
		term.fd = -1;
		return false;
	}
	set_term(term.screen);
	term.open = true;
	/* Before the first clear: explicit bidi mode, so a bidi-capable terminal
	 * does not reorder what irie has already put in visual order. */
	bidi_enter();
	write_all(term.fd, paste_on, sizeof paste_on - 1);
	raw();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay_default();
	timeout(TERM_POLL_MS);   /* wake up to notice signals */
	define_keys();
	mouseinterval(0);
	apply_mouse();
	const char *no_colour = getenv("NO_COLOR");
	term.colour = has_colors() && !(no_colour && *no_colour);
	if (term.colour) {
		start_color();
		use_default_colors();
	}
	return true;
}

void term_close(void)
{
	if (!term.open)
		return;
	term.open = false;
	endwin();
	write_all(term.fd, paste_off, sizeof paste_off - 1);
	bidi_leave(true);
	delscreen(term.screen);
	term.screen = NULL;
	/* Nobody reads the flags any more: the handlers from before. */
	restore_handlers();
	fclose(term.tty);
	term.tty = NULL;
	term.fd = -1;
}

/* One suspend: curses leaves program mode (endwin writes the terminal's
 * exit sequences once: alternate screen off, which restores the cursor),
 * our modes are undone, the process stops for real (default action); once
 * continued, our modes come back and the next refresh re-enters program
 * mode (the alternate screen, once).  The whole screen is repainted. */
static void suspend_now(void)
{
	endwin();
	write_all(term.fd, paste_off, sizeof paste_off - 1);
	bidi_leave(true);
	/* A request that came in while leaving is this one. */
	term.got_tstp = 0;
	install(SIGTSTP, SIG_DFL);
	raise(SIGTSTP);            /* stopped here until SIGCONT (ignored by the
	                            * kernel in an orphaned process group) */
	install(SIGTSTP, on_tstp);
	bidi_enter();
	write_all(term.fd, paste_on, sizeof paste_on - 1);
	refresh();
	clearok(curscr, TRUE);
}

void term_suspend(void)
{
	if (!term.open)
		return;
	term.got_tstp = 0;
	suspend_now();
}

term_signal term_take_signal(void)
{
	/* Leaving wins over suspending. */
	if (term.got_hup)
		return TERM_SIG_HUP;
	if (term.got_term)
		return TERM_SIG_TERM;
	if (term.got_int)
		return TERM_SIG_INT;
	if (term.got_tstp) {
		term.got_tstp = 0;
		if (!term.open)
			return TERM_SIG_NONE;
		suspend_now();
		return TERM_SIG_CONT;
	}
	return TERM_SIG_NONE;
}

void term_set_mouse(bool on)
{
	term.mouse_off = !on;
	if (term.open)
		apply_mouse();
}

void term_copy_osc52(const char *bytes, size_t n)
{
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	static const char start[] = "\033]52;c;";
	char chunk[1024];   /* written in pieces: the sequence itself has no cap */
	size_t used = 0;
	if (term.fd < 0)
		return;
	write_all(term.fd, start, sizeof start - 1);
	for (size_t i = 0; i < n; i += 3) {
		uint32_t v = (uint32_t)(unsigned char)bytes[i] << 16;
		if (i + 1 < n)
			v |= (uint32_t)(unsigned char)bytes[i + 1] << 8;
		if (i + 2 < n)
			v |= (unsigned char)bytes[i + 2];
		chunk[used++] = b64[v >> 18 & 63];
		chunk[used++] = b64[v >> 12 & 63];
		chunk[used++] = i + 1 < n ? b64[v >> 6 & 63] : '=';
		chunk[used++] = i + 2 < n ? b64[v & 63] : '=';
		if (used + 4 > sizeof chunk) {
			write_all(term.fd, chunk, used);
			used = 0;
		}
	}
	chunk[used++] = '\a';
	write_all(term.fd, chunk, used);
}


int term_input_fd(void)
{
	return term.fd;
}

bool term_has_colour(void)
{
	return term.colour;
}
