/* The terminal irie draws on: /dev/tty through curses, its modes, and its
 * restoration on every exit path (normal, suspend, fatal signal). */
#ifndef IRIE_TERM_H
#define IRIE_TERM_H

#include <stdbool.h>
#include <stddef.h>

/* Curses key codes irie defines for bracketed paste (xterm: ESC [ 200 ~). */
#define TERM_KEY_PASTE_START (KEY_MAX + 1)
#define TERM_KEY_PASTE_END (KEY_MAX + 2)
/* Curses key codes for input/'s escape sequences: row i of ink_sequences()
 * is TERM_KEY_SEQ_BASE + i.  Far above KEY_MAX: curses numbers the
 * terminal's extended key capabilities (kLFT5, ...) from KEY_MAX up. */
#define TERM_KEY_SEQ_BASE (KEY_MAX + 1024)

typedef enum {
	TERM_SIG_NONE,
	TERM_SIG_HUP,     /* the terminal went away: save and leave */
	TERM_SIG_TERM,    /* SIGTERM: save and leave */
	TERM_SIG_INT,     /* SIGINT (from kill; C-c is a key in raw mode): save and leave, 130 */
	TERM_SIG_CONT     /* resumed after a suspend: redraw */
} term_signal;

/* Opens /dev/tty, starts curses on it, switches bidi mode and bracketed
 * paste on, installs the signal handlers.  false (with a message in err) if
 * there is no terminal. */
bool term_open(char *err, size_t err_size);

/* Restores everything term_open() changed.  Safe to call twice. */
void term_close(void);

/* The signal that arrived since the last call, if any. */
term_signal term_take_signal(void);

/* Writes raw bytes to the terminal (for OSC 52); only fixed, built sequences. */
void term_write_raw(const char *bytes, size_t n);

/* Colours usable (a colour terminal and NO_COLOR unset or empty). */
bool term_has_colour(void);

#endif
