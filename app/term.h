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

/* Opens /dev/tty, starts curses on it, switches bidi mode and bracketed
 * paste on, installs the signal handlers.  false (with a message in err) if
 * there is no terminal. */
bool term_open(char *err, size_t err_size);

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
