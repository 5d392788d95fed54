/* The keymap menu (F2): the input methods, then two switches -- the
 * right-to-left keymaps keeping the IRI delimiters, and the kana keymap's
 * katakana lock.  Up/Down choose a row, Enter takes a keymap (and closes)
 * or flips a switch (and stays); Esc, C-g, F2 and q close. */
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
		/* TRANSLATORS: a switch in the F2 menu (Enter flips it); keep the delimiters as they are. */
		/* xgettext:no-c-format */
		? _("right-to-left keymaps keep / . : ? # @ % & = + - _ ~")
		/* TRANSLATORS: a switch in the F2 menu (Enter flips it; M-k too). */
		: _("kana: katakana lock (M-k)"),
		/* TRANSLATORS: the state of a switch in the F2 menu. */
		on ? _("on") : _("off"));
}

int pane_menu(tui *t, int row, int col, int width, int max_rows)
{
	/* TRANSLATORS: heading of the input method menu (F2); keep the key names. */
	put_ui(t, row, col, width, _("Input method (Enter chooses, Esc closes)"), A_BOLD);
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
