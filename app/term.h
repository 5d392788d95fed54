/* The terminal irie draws on: /dev/tty through curses, its modes, and its
 * restoration on every exit path (normal, suspend, fatal signal). */
#ifndef IRIE_TERM_H
#define IRIE_TERM_H

#include <stdbool.h>
#include <stddef.h>

/* Curses key codes irie defines for bracketed paste (xterm: ESC [ 200 ~),
 * and the paste's end marker itself (tty_input.c reads a paste in blocks). */
#define TERM_KEY_PASTE_START (KEY_MAX + 1)
#define TERM_KEY_PASTE_END (KEY_MAX + 2)
#define TERM_PASTE_END_MARKER "\033[201~"
/* Curses key codes for input/'s escape sequences: row i of ink_sequences()
 * is TERM_KEY_SEQ_BASE + i.  Far above KEY_MAX: curses numbers the
 * terminal's extended key capabilities (kLFT5, ...) from KEY_MAX up. */
#define TERM_KEY_SEQ_BASE (KEY_MAX + 1024)

typedef enum {
	TERM_SIG_NONE,
	TERM_SIG_HUP,     /* the terminal went away: save and leave */
	TERM_SIG_TERM,    /* SIGTERM: save and leave */
	TERM_SIG_INT,     /* SIGINT (from kill; C-c is a key in raw mode): save and leave, 130 */
	TERM_SIG_CONT     /* back from a suspend (SIGTSTP, then SIGCONT): redraw */
} term_signal;

/* The ESC delay (ms) unless ESCDELAY is set: an Esc with nothing behind it
 * for this long is a lone Esc.  tests/tui/vtdrive.c's esc-wait must stay
 * above it. */
#define TERM_ESC_DELAY_MS 100
/* How long a read waits for input (curses' timeout, the paste reader's
 * poll) before the loop looks at signals again, in ms. */
#define TERM_POLL_MS 200

/* Who reorders right-to-left text: irie (VISUAL: the terminal is told to
 * show cells as sent) or the terminal (LOGICAL: irie writes logical order
 * with bidi marks).  AUTO asks the terminal (term_open). */
typedef enum { TERM_BIDI_AUTO, TERM_BIDI_VISUAL, TERM_BIDI_LOGICAL } term_bidi;

/* Why that mode: --bidi, the key, or what auto found. */
typedef enum {
	TERM_WHY_OPTION, TERM_WHY_KEY,
	TERM_WHY_MLTERM,      /* $MLTERM and DA2 Pp 24: its own bidi turned off (OSC 5379) */
	TERM_WHY_KONSOLE,     /* $KONSOLE_VERSION and DA2 Pp 1: its own bidi turned off (OSC 50) */
	TERM_WHY_TMUX,        /* inside tmux ($TMUX): tmux answers for itself; the terminal outside is unknown */
	TERM_WHY_SCREEN,      /* inside GNU screen ($STY): the same */
	TERM_WHY_BDSM,        /* DECRQM: the terminal knows BDSM (VTE) */
	TERM_WHY_NO_BIDI,     /* it answered, not knowing BDSM: no bidi of its own (xterm) */
	TERM_WHY_NO_REPLY     /* no answer at all */
} term_bidi_why;

typedef enum { TERM_OWN_NONE, TERM_OWN_MLTERM, TERM_OWN_KONSOLE } term_bidi_own;

/* How long the probe waits at most for the terminal's answers (ms): DA1's
 * answer ends it early on every terminal that answers. */
#define TERM_PROBE_MS 1000

/* Before term_open(): the mode asked for (--bidi; default AUTO). */
void term_set_bidi(term_bidi b);
/* After term_open(): the mode in use (VISUAL or LOGICAL) and why. */
term_bidi term_bidi_mode(term_bidi_why *why);
bool term_bidi_logical(void);
/* Logical mode on a terminal that gives every bidi mark a column of its
 * own in its line (mlterm): rows with marks go out through
 * logical_refresh() (app/draw_logical.c). */
bool term_marks_take_columns(void);
/* n bytes straight to the terminal, after curses' own output (refresh()
 * has flushed it); nothing when the terminal is not open. */
void term_write(const char *s, size_t n);
/* Switches between visual and logical at run time (a key); the caller
 * repaints (the whole screen is redrawn). */
void term_switch_bidi(void);

/* Bytes typed while term_open() waited for the terminal's answers, in the
 * order typed (the probe reads at most TERM_TYPED_MAX bytes). */
#define TERM_TYPED_MAX 4096
typedef struct {
	char bytes[TERM_TYPED_MAX];
	size_t len;
} term_typed;

/* Opens /dev/tty, starts curses on it, switches bidi mode and bracketed
 * paste on, installs the signal handlers.  false (with a message in err) if
 * there is no terminal.  typed (the caller's, not NULL) is filled with what
 * was typed meanwhile: the caller feeds it to the editor before anything
 * read later. */
bool term_open(term_typed *typed, char *err, size_t err_size);

/* Restores everything term_open() changed.  Safe to call twice. */
void term_close(void);

/* The signal that arrived since the last call, if any.  A SIGTSTP is acted
 * on here: the terminal is restored, the process stops, and when it is
 * continued the modes come back and TERM_SIG_CONT is returned (the caller
 * repaints). */
term_signal term_take_signal(void);

/* Suspends now, as a SIGTSTP would (for a key that suspends); returns once
 * continued, with the screen to be repainted by the caller.  Nothing if the
 * terminal is not open. */
void term_suspend(void);

/* Mouse capture on or off (--no-mouse; a key may toggle it).  Before
 * term_open() it says what term_open() does; the default is on. */
void term_set_mouse(bool on);

/* Sets the terminal's clipboard to n bytes (OSC 52, "c" selection): the
 * bytes go base64-encoded (RFC 4648 4), so nothing in them reaches the
 * terminal raw. */
void term_copy_osc52(const char *bytes, size_t n);

/* The terminal's file descriptor, the one curses reads from (-1 when not
 * open): a bracketed paste is read from it in blocks (app/tty_input.c). */
int term_input_fd(void);

/* Colours usable (a colour terminal and NO_COLOR unset or empty). */
bool term_has_colour(void);

#endif
