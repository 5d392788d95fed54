/* Input from curses: UTF-8 assembled byte by byte (ill-formed bytes become
 * U+FFFD, the rest is kept), curses keys mapped to input/'s, and ESC read
 * as the terminal's Alt prefix when another key follows at once.
 *
 * A bracketed paste is read from the terminal in blocks instead: curses'
 * getch() costs a poll() and a one-byte read() per byte, 0.8 s for a
 * 200,000-character paste (README, Performance).  What such a read brings
 * past the paste's end is queued and served before curses is asked again. */
#include <curses.h>
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include <unicode/utf8.h>

#include "ink_bindings.h"
#include "term.h"
#include "tui_state.h"

/* Bytes: longer than any key sequence a terminal sends. */
enum { KEY_SEQ_MAX = 32 };

/* xterm's bracketed paste ends with this (term_open turns the mode on). */
static const char paste_end_marker[] = TERM_PASTE_END_MARKER;

void tty_input_init(tty_input *in)
{
	memset(in, 0, sizeof *in);
	in->pushback = -1;
}

/* A sequence cut short or a stray byte: it shows as U+FFFD. */
static int replacement(uint32_t *value, bool *bad)
{
	*value = 0xFFFD;
	*bad = true;
	return OK;
}

void tty_input_queue(tty_input *in, const char *bytes, size_t n)
{
	size_t space = sizeof in->queued - in->queued_len;
	if (n > space)
		n = space;   /* (the probe keeps far fewer than the queue holds) */
	memcpy(in->queued + in->queued_len, bytes, n);
	in->queued_len += n;
}

/* ---- UTF-8 assembly ---- */

typedef enum { U8_MORE, U8_CHAR, U8_CUT } u8_step;

/* One byte into the UTF-8 assembly: U8_MORE (the sequence goes on), U8_CHAR
 * (*value is a character; an ill-formed one is U+FFFD with *bad set) or
 * U8_CUT (*value is U+FFFD for a sequence b cut short; b starts afresh and
 * is to be fed again). */
static u8_step u8_feed(tty_input *in, uint8_t b, uint32_t *value, bool *bad)
{
	if (in->u8_len == 0) {
		if (b < 0x80) {
			*value = b;
			return U8_CHAR;
		}
		/* RFC 3629 4: lead bytes C2..F4 only (ICU's U8_IS_LEAD). */
		if (!U8_IS_LEAD(b)) {
			replacement(value, bad);
			return U8_CHAR;
		}
		in->u8_need = 1 + (size_t)U8_COUNT_TRAIL_BYTES(b);
		in->u8[in->u8_len++] = b;
		return U8_MORE;
	}
	if (!U8_IS_TRAIL(b)) {
		in->u8_len = 0;
		replacement(value, bad);
		return U8_CUT;
	}
	in->u8[in->u8_len++] = b;
	if (in->u8_len < in->u8_need)
		return U8_MORE;
	uint32_t cp;
	iri_utf8_status st;
	iri_utf8_decode(in->u8, in->u8_len, &cp, &st);
	in->u8_len = 0;
	if (st != IRI_UTF8_OK)
		replacement(value, bad);
	else
		*value = cp;
	return U8_CHAR;
}

/* ---- bytes read from the terminal directly ---- */

static bool queue_empty(const tty_input *in)
{
	return in->queued_pos == in->queued_len;
}

/* Waits up to wait_ms for the terminal and appends what one read() gives;
 * returns the bytes added (0: a timeout, a signal, a full queue).  The
 * queue may move: pointers into it are stale afterwards.  Once a read gave
 * end of file or an error the terminal has hung up: poll() would say so at
 * once, again and again, so the wait is only slept (a signal cuts it short)
 * and the loop neither spins nor misses the SIGHUP. */
static size_t queue_fill(tty_input *in, int wait_ms)
{
	size_t have = in->queued_len - in->queued_pos;
	memmove(in->queued, in->queued + in->queued_pos, have);
	in->queued_pos = 0;
	in->queued_len = have;
	int fd = term_input_fd();
	if (in->tty_gone || fd < 0) {
		poll(NULL, 0, wait_ms);
		return 0;
	}
	struct pollfd pf = { .fd = fd, .events = POLLIN };
	if (have == sizeof in->queued || poll(&pf, 1, wait_ms) <= 0)
		return 0;
	ssize_t n = read(fd, in->queued + have, sizeof in->queued - have);
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (n <= 0) {
		in->tty_gone = true;
		return 0;
	}
	in->queued_len += (size_t)n;
	return (size_t)n;
}

/* The curses key whose sequence q (avail bytes, starting with ESC) starts
 * with, its length in *len; 0: none (ESC is a byte of its own); -1: one
 * may, but the bytes end first.  key_defined() looks in the table getch()
 * decodes with (terminfo's keys and define_key()'s). */
static int match_key(const uint8_t *q, size_t avail, size_t *len)
{
	char seq[KEY_SEQ_MAX + 1];
	for (size_t k = 1; k <= KEY_SEQ_MAX; k++) {
		if (k > avail)
			return -1;
		if (q[k - 1] == 0)
			return 0;
		memcpy(seq, q, k);
		seq[k] = '\0';
		int r = key_defined(seq);
		if (r > 0) {
			*len = k;
			return r;
		}
		if (r == 0)
			return 0;
	}
	return 0;
}

/* A mouse report (q, avail bytes) whose introducer (kmous) is *len bytes:
 * true with *len its whole length, false when the bytes end first.  SGR
 * (xterm 1006, "ESC [ <"): digits and ';' up to M or m; X10: 3 bytes. */
static bool mouse_report_end(const uint8_t *q, size_t avail, size_t *len)
{
	size_t intro = *len;
	if (q[intro - 1] != '<') {
		*len = intro + 3;
		return avail >= *len;
	}
	for (size_t i = intro; i < avail; i++) {
		bool param = (q[i] >= '0' && q[i] <= '9') || q[i] == ';';
		if (!param) {
			*len = q[i] == 'M' || q[i] == 'm' ? i + 1 : i;
			return true;
		}
	}
	return false;
}

/* The next input from the queue, as getch() would have given it: a key
 * sequence as its curses key code, any other byte as it is.  (ungetch()
 * cannot hand the bytes back: curses takes what is pushed back as decoded
 * already.)  A sequence cut at the end of a read waits up to the ESC delay
 * for its rest, as getch() does.  A mouse report is skipped whole and gives
 * KEY_MOUSE alone: curses never saw it, so getmouse() has no event and the
 * click is ignored, but none of its bytes is taken for text. */
static int queue_next(tty_input *in)
{
	for (;;) {
		const uint8_t *q = in->queued + in->queued_pos;
		size_t avail = in->queued_len - in->queued_pos, len = 1;
		int key = q[0] == 0x1B ? match_key(q, avail, &len) : 0;
		bool cut = key < 0 || (key == KEY_MOUSE && !mouse_report_end(q, avail, &len));
		if (cut && queue_fill(in, get_escdelay()) > 0)
			continue;   /* more came: look again */
		q = in->queued + in->queued_pos;
		if (key < 0) {   /* nothing more came: ESC is a byte */
			key = 0;
			len = 1;
		} else if (key == KEY_MOUSE && cut) {
			len = avail;
		}
		in->queued_pos += len;
		return key > 0 ? key : q[0];
	}
}

int tty_input_read(tty_input *in, uint32_t *value, bool *bad)
{
	*bad = false;
	for (;;) {
		int c = in->pushback >= 0 ? in->pushback : !queue_empty(in) ? queue_next(in) : getch();
		in->pushback = -1;
		if (c == ERR || c >= KEY_MIN) {
			if (in->u8_len) {   /* a sequence cut short: it shows, the rest follows */
				in->pushback = c == ERR ? -1 : c;
				in->u8_len = 0;
				return replacement(value, bad);
			}
			if (c == ERR)
				return ERR;
			*value = (uint32_t)c;
			return KEY_CODE_YES;
		}
		u8_step step = u8_feed(in, (uint8_t)c, value, bad);
		if (step == U8_CUT)
			in->pushback = c;
		if (step != U8_MORE)
			return OK;
	}
}

/* ---- bracketed paste ---- */

/* One byte of a paste into the decoder, through the UTF-8 assembly.  The
 * decoder is collecting the paste: it returns nothing until PASTE_END. */
static void paste_byte(tty_input *in, ink_decoder *keys, uint8_t b)
{
	uint32_t cp;
	bool bad = false;
	u8_step step = u8_feed(in, b, &cp, &bad);
	if (step == U8_CUT) {
		ink_feed_char(keys, cp, 0);
		step = u8_feed(in, b, &cp, &bad);
	}
	if (step == U8_CHAR)
		ink_feed_char(keys, cp, 0);
	in->paste_bad |= bad;
}

/* The paste's bytes b (n) into the decoder up to the end marker, whose
 * state is kept across calls (a read may cut it).  Returns the bytes used;
 * *ended when the marker was among them. */
static size_t paste_scan(tty_input *in, ink_decoder *keys, const uint8_t *b, size_t n, bool *ended)
{
	const size_t marker_len = sizeof paste_end_marker - 1;
	*ended = false;
	for (size_t i = 0; i < n; i++) {
		if (b[i] == (uint8_t)paste_end_marker[in->paste_marker]) {
			if (++in->paste_marker < marker_len)
				continue;
			in->paste_marker = 0;
			*ended = true;
			return i + 1;
		}
		/* Not the marker after all: what matched is content.  Only the
		 * marker's first byte is ESC, so it can restart only at b[i]. */
		for (size_t k = 0; k < in->paste_marker; k++)
			paste_byte(in, keys, (uint8_t)paste_end_marker[k]);
		in->paste_marker = b[i] == 0x1B;
		if (!in->paste_marker)
			paste_byte(in, keys, b[i]);
	}
	return n;
}

int tty_input_paste(tty_input *in, ink_decoder *keys, uint32_t *value, bool *bad)
{
	/* Reading the terminal behind curses' back is safe here: curses' own
	 * buffer is empty.  ncurses reads one byte at a time, only while a key
	 * sequence is unfinished, and getch() returned PASTE_START at its last
	 * byte (ncurses 6, kgetch()).  A byte pushed back (never the case
	 * after PASTE_START) goes the usual way first. */
	if (in->pushback >= 0)
		return tty_input_read(in, value, bad);
	*bad = false;
	bool ended;
	if (queue_empty(in) && queue_fill(in, TERM_POLL_MS) == 0)
		return ERR;
	in->queued_pos += paste_scan(in, keys, in->queued + in->queued_pos, in->queued_len - in->queued_pos, &ended);
	/* One block at a time: the loop looks at signals between blocks, so a
	 * SIGTERM during an endless stream is still handled (in->pasting
	 * brings it back here). */
	if (!ended)
		return ERR;
	if (in->u8_len) {   /* a sequence the end marker cut short */
		in->u8_len = 0;
		ink_feed_char(keys, 0xFFFD, 0);
		in->paste_bad = true;
	}
	*bad = in->paste_bad;
	in->paste_bad = false;
	*value = TERM_KEY_PASTE_END;
	return KEY_CODE_YES;
}

/* ---- events ---- */

/* Maps a curses key code to input/'s keys; mods are added to the key's. */
static ink_event feed_curses_key(ink_decoder *keys, int key, unsigned mods)
{
	static const struct { int curses; ink_key key; unsigned mods; } map[] = {
		{ KEY_LEFT, INK_KEY_LEFT, 0 }, { KEY_RIGHT, INK_KEY_RIGHT, 0 },
		{ KEY_UP, INK_KEY_UP, 0 }, { KEY_DOWN, INK_KEY_DOWN, 0 },
		{ KEY_SLEFT, INK_KEY_LEFT, INK_MOD_SHIFT }, { KEY_SRIGHT, INK_KEY_RIGHT, INK_MOD_SHIFT },
		{ KEY_HOME, INK_KEY_HOME, 0 }, { KEY_END, INK_KEY_END, 0 },
		{ KEY_PPAGE, INK_KEY_PAGE_UP, 0 }, { KEY_NPAGE, INK_KEY_PAGE_DOWN, 0 },
		{ KEY_BACKSPACE, INK_KEY_BACKSPACE, 0 }, { KEY_DC, INK_KEY_DELETE, 0 }, { KEY_IC, INK_KEY_INSERT, 0 },
		{ KEY_ENTER, INK_KEY_ENTER, 0 }, { KEY_BTAB, INK_KEY_BACKTAB, 0 },
		{ KEY_RESIZE, INK_KEY_RESIZE, 0 }, { KEY_MOUSE, INK_KEY_MOUSE, 0 },
		{ TERM_KEY_PASTE_START, INK_KEY_PASTE_START, 0 }, { TERM_KEY_PASTE_END, INK_KEY_PASTE_END, 0 },
	};
	/* input/'s sequences, registered by term_open (define_key). */
	size_t n_seq;
	const ink_sequence *seq = ink_sequences(&n_seq);
	if (key >= TERM_KEY_SEQ_BASE && (size_t)(key - TERM_KEY_SEQ_BASE) < n_seq) {
		const ink_sequence *row = &seq[key - TERM_KEY_SEQ_BASE];
		return mods ? ink_feed_key(keys, row->key, row->mods | mods) : ink_feed_sequence(keys, row);
	}
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (map[i].curses == key)
			return ink_feed_key(keys, map[i].key, map[i].mods | mods);
	if (key >= KEY_F(1) && key <= KEY_F(12))
		return ink_feed_key(keys, (ink_key)(INK_KEY_F1 + (key - KEY_F(1))), mods);
	/* xterm's Ctrl-Left/Right: curses names them by terminfo (kLFT5/kRIT5). */
	const char *name = keyname(key);
	if (name && strcmp(name, "kLFT5") == 0)
		return ink_feed_key(keys, INK_KEY_LEFT, INK_MOD_CTRL | mods);
	if (name && strcmp(name, "kRIT5") == 0)
		return ink_feed_key(keys, INK_KEY_RIGHT, INK_MOD_CTRL | mods);
	return (ink_event){ .kind = INK_EV_NONE };
}

/* A curses key (with mods added) as an event; the paste markers switch
 * in->pasting. */
static ink_event key_event(tty_input *in, ink_decoder *keys, int key, unsigned mods)
{
	if (key == TERM_KEY_PASTE_START || key == TERM_KEY_PASTE_END)
		in->pasting = key == TERM_KEY_PASTE_START;
	return feed_curses_key(keys, key, mods);
}

int tty_input_read_now(tty_input *in, uint32_t *value, bool *bad)
{
	nodelay(stdscr, TRUE);
	int k = tty_input_read(in, value, bad);
	nodelay(stdscr, FALSE);
	timeout(TERM_POLL_MS);
	return k;
}

ink_event tty_input_event(tty_input *in, ink_decoder *keys, int kind, uint32_t value, bool *bad)
{
	if (kind == KEY_CODE_YES)
		return key_event(in, keys, (int)value, 0);
	unsigned mods = 0;
	if (value == 0x1B && !in->pasting) {
		/* ESC with another key right behind it: the terminal's Alt.  What
		 * follows is read without waiting (an ill-formed byte is U+FFFD,
		 * with *bad set); a curses key after ESC is that key with Alt (ESC
		 * DEL, where curses reads DEL as KEY_BACKSPACE, is M-Backspace;
		 * rxvt's and PuTTY's ESC ESC [ D is M-Left).  But ESC ESC is two
		 * Escs however fast they come, as in vim and less: a double tap
		 * is meant as two, and no binding is M-Esc; the second is served
		 * next, and may itself start an Alt key. */
		uint32_t next;
		bool next_bad;
		int k2 = tty_input_read_now(in, &next, &next_bad);
		if (k2 == OK && next == 0x1B && !next_bad) {
			in->pushback = 0x1B;
		} else if (k2 == OK) {
			value = next;
			mods = INK_MOD_ALT;
			*bad |= next_bad;
		} else if (k2 == KEY_CODE_YES) {
			return key_event(in, keys, (int)next, INK_MOD_ALT);
		}
	}
	return ink_feed_char(keys, value, mods);
}
