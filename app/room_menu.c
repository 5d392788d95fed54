/* The keymap menu (F2): the input methods, then two switches -- the
 * right-to-left keymaps keeping the IRI delimiters, and the kana keymap's
 * katakana lock -- and, where the screen has room, what the first switch
 * does (input_keys.h, ink_set_keep_delimiters: where the displaced letters
 * went).  Up/Down choose a row, Enter takes a keymap (and closes) or flips
 * a switch (and stays); Esc, C-g, F2 and q close. */
#include <curses.h>
#include <stdio.h>

#include "draw.h"
#include "i18n.h"
#include "tui_state.h"

/* The rows after the input methods. */
enum { ROW_KEEP_DELIMITERS = INK_IM_COUNT, ROW_KATAKANA, MENU_ROWS };

const char *menu_im_label(ink_im im)
{
	static const char *const names[INK_IM_COUNT] = {
		/* TRANSLATORS: input method names in the F2 menu; keep the layout names in parentheses (SI-1452, PC, JCUKEN). */
		N_("none (terminal's own)"), N_("Hebrew (SI-1452)"), N_("Arabic (PC)"), N_("Persian"),
		/* TRANSLATORS: input method names in the F2 menu; keep the layout names in parentheses (SI-1452, PC, JCUKEN). */
		N_("Greek"), N_("Russian (JCUKEN)"), N_("Japanese kana from romaji"),
	};
	return (unsigned)im < INK_IM_COUNT ? _(names[im]) : "?";
}

/* A switch row: its words and whether it is on. */
static void switch_row(const tui *t, int i, char *buf, size_t size)
{
	bool on = i == ROW_KEEP_DELIMITERS ? ink_keep_delimiters(t->keys) : ink_katakana(t->keys);
	/* TRANSLATORS: a switch in the F2 menu; first %s: the switch (below); second %s: "on" or "off". */
	snprintf(buf, size, _("%s: %s"), i == ROW_KEEP_DELIMITERS
		/* TRANSLATORS: a switch in the F2 menu (Enter flips it); the note under the menu lists the delimiters. */
		? _("right-to-left keymaps keep the IRI delimiters")
		/* TRANSLATORS: a switch in the F2 menu (Enter flips it; M-k too). */
		: _("kana: katakana lock (M-k)"),
		/* TRANSLATORS: the state of a switch in the F2 menu. */
		on ? _("on") : _("off"));
}

/* What the keep-delimiters switch does, under the menu: the lines of the
 * note as input_keys.h says it (ink_set_keep_delimiters), written once
 * here for the screen and in irie(1) under "Input methods". */
static void menu_note(tui *t, int row, int x, int width, int max_rows)
{
	const char *const lines[] = {
		/* TRANSLATORS: F2 menu, the note on the delimiter switch; keep the delimiters as they are. */
		/* xgettext:no-c-format */
		_("on (the default): / . : ? # @ % & = + - _ ~ type themselves,"),
		/* TRANSLATORS: F2 menu, the note on the delimiter switch: where the letters of those keys went. */
		_("  and the letters on them move: Hebrew \u05E5 to q;"),
		/* TRANSLATORS: F2 menu, the note on the delimiter switch (Shift+. is Shift with the '.' key). */
		_("  Arabic \u0632 to Shift+., \u0638 to Shift+L, shadda to Shift+Z"),
		/* TRANSLATORS: F2 menu, the note on the delimiter switch when off (SI-1452: the Hebrew layout's standard). */
		_("off: the layouts as printed (SI-1452: q types /, / types ., . types \u05E5)"),
	};
	int n = (int)(sizeof lines / sizeof lines[0]);
	if (max_rows < n)
		return;
	for (int i = 0; i < n; i++)
		put_ui(t, row + i, x, width, lines[i], A_DIM);
}

int pane_menu(tui *t, int row, int col, int width, int max_rows)
{
	/* TRANSLATORS: heading of the input method menu (F2); keep the key names. */
	put_ui(t, row, col, width, _("Input method (Enter chooses a keymap or flips a switch, Esc closes)"), A_BOLD);
	int x = col + (t->scr.ui_rtl ? 0 : 2);
	for (int i = 0; i < MENU_ROWS && i + 1 < max_rows; i++) {
		char line[512];
		attr_t a = i == t->scr.im_sel ? A_REVERSE : 0;
		if (i < INK_IM_COUNT)
			snprintf(line, sizeof line, "%s%s", menu_im_label((ink_im)i),
				i == (int)ink_get_im(t->keys) ? " *" : "");
		else
			switch_row(t, i, line, sizeof line);
		put_ui(t, row + 1 + i, x, width - 2, line, a);
	}
	/* a blank row, then the note, when all of it fits */
	if (MENU_ROWS + 2 < max_rows)
		menu_note(t, row + MENU_ROWS + 2, x, width - 2, max_rows - MENU_ROWS - 2);
	return max_rows;
}

static run_state menu_step(tui *t, ink_action a)
{
	int n = MENU_ROWS;
	t->scr.im_sel = (t->scr.im_sel + (a == INK_ACT_MENU_UP ? n - 1 : 1)) % n;
	return RUN_ON;
}

static run_state menu_choose(tui *t, ink_action a)
{
	(void)a;
	int i = t->scr.im_sel;
	if (i == ROW_KEEP_DELIMITERS) {
		ink_set_keep_delimiters(t->keys, !ink_keep_delimiters(t->keys));
		return RUN_ON;
	}
	if (i == ROW_KATAKANA) {
		ink_set_katakana(t->keys, !ink_katakana(t->keys));
		return RUN_ON;
	}
	ink_set_im(t->keys, (ink_im)i);
	t->scr.overlay = NULL;
	return RUN_ON;
}

static run_state close_menu(tui *t, ink_action a)
{
	(void)a;
	t->scr.overlay = NULL;
	return RUN_ON;
}

static const room_row menu_rows[] = {
	{ INK_ACT_MENU_UP, menu_step },
	{ INK_ACT_MENU_DOWN, menu_step },
	{ INK_ACT_MENU_CHOOSE, menu_choose },
	{ INK_ACT_MENU_CLOSE, close_menu },
};

const room room_menu = {
	.id = ROOM_MENU,
	.rows = menu_rows,
	.n_rows = ROWS_OF(menu_rows),
	.overlay = true,
};
