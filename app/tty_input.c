/* Input from curses: UTF-8 assembled byte by byte (ill-formed bytes become
 * U+FFFD, the rest is kept), curses keys mapped to input/'s, and ESC read
 * as the terminal's Alt prefix when another key follows at once. */
#include <curses.h>
#include <string.h>

#include "ink_bindings.h"
#include "term.h"
#include "tui_state.h"

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

int tty_input_read(tty_input *in, uint32_t *value, bool *bad)
{
	*bad = false;
	for (;;) {
		int c = in->pushback >= 0 ? in->pushback : getch();
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
		uint8_t b = (uint8_t)c;
		if (in->u8_len == 0) {
			if (b < 0x80) {
				*value = b;
				return OK;
			}
			/* RFC 3629 4: lead bytes C2..F4 only. */
			in->u8_need = b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
			if (!in->u8_need)
				return replacement(value, bad);
			in->u8[in->u8_len++] = b;
			continue;
		}
		if ((b & 0xC0) != 0x80) {
			in->pushback = c;
			in->u8_len = 0;
			return replacement(value, bad);
		}
		in->u8[in->u8_len++] = b;
		if (in->u8_len < in->u8_need)
			continue;
		uint32_t cp;
		iri_utf8_status st;
		iri_utf8_decode(in->u8, in->u8_len, &cp, &st);
		in->u8_len = 0;
		*bad = st != IRI_UTF8_OK;
		*value = *bad ? 0xFFFD : cp;
		return OK;
	}
}

/* Maps a curses key code to input/'s keys. */
static ink_event feed_curses_key(ink_decoder *keys, int key)
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
	if (key >= TERM_KEY_SEQ_BASE && (size_t)(key - TERM_KEY_SEQ_BASE) < n_seq)
		return ink_feed_sequence(keys, &seq[key - TERM_KEY_SEQ_BASE]);
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (map[i].curses == key)
			return ink_feed_key(keys, map[i].key, map[i].mods);
	if (key >= KEY_F(1) && key <= KEY_F(12))
		return ink_feed_key(keys, (ink_key)(INK_KEY_F1 + (key - KEY_F(1))), 0);
	/* xterm's Ctrl-Left/Right: curses names them by terminfo (kLFT5/kRIT5). */
	const char *name = keyname(key);
	if (name && strcmp(name, "kLFT5") == 0)
		return ink_feed_key(keys, INK_KEY_LEFT, INK_MOD_CTRL);
	if (name && strcmp(name, "kRIT5") == 0)
		return ink_feed_key(keys, INK_KEY_RIGHT, INK_MOD_CTRL);
	return (ink_event){ .kind = INK_EV_NONE };
}

ink_event tty_input_event(tty_input *in, ink_decoder *keys, int kind, uint32_t value)
{
	if (kind == KEY_CODE_YES) {
		if ((int)value == TERM_KEY_PASTE_START || (int)value == TERM_KEY_PASTE_END)
			in->pasting = (int)value == TERM_KEY_PASTE_START;
		return feed_curses_key(keys, (int)value);
	}
	unsigned mods = 0;
	if (value == 0x1B && !in->pasting) {
		/* ESC with another key right behind it: the terminal's Alt.  What
		 * follows is read without waiting; a curses key after ESC is that
		 * key alone. */
		nodelay(stdscr, TRUE);
		uint32_t next;
		bool next_bad;
		int k2 = tty_input_read(in, &next, &next_bad);
		nodelay(stdscr, FALSE);
		timeout(200);
		if (k2 == OK) {
			value = next;
			mods = INK_MOD_ALT;
		} else if (k2 == KEY_CODE_YES) {
			return feed_curses_key(keys, (int)next);
		}
	}
	return ink_feed_char(keys, value, mods);
}
