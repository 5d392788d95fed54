/* The keymap menu (F2): Up/Down choose an input method, Enter takes it,
 * any other key closes the menu. */
#include <curses.h>

#include "draw.h"
#include "i18n.h"
#include "tui_state.h"

int pane_menu(tui *t, int row, int col, int width, int max_rows)
{
	/* TRANSLATORS: heading of the input method menu (F2); keep the key names. */
	put_ui(t, row, col, width, _("Input method (Enter chooses, Esc closes)"), A_BOLD);
	static const char *const names[INK_IM_COUNT] = {
		/* TRANSLATORS: input method names in the F2 menu; keep the layout names in parentheses (SI-1452, PC, JCUKEN). */
		N_("none (terminal's own)"), N_("Hebrew (SI-1452)"), N_("Arabic (PC)"), N_("Persian"),
		/* TRANSLATORS: input method names in the F2 menu; keep the layout names in parentheses (SI-1452, PC, JCUKEN). */
		N_("Greek"), N_("Russian (JCUKEN)"), N_("Japanese kana from romaji"),
	};
	int x = col + (t->scr.ui_rtl ? 0 : 2);
	for (int i = 0; i < INK_IM_COUNT && i + 1 < max_rows; i++)
		put_ui(t, row + 1 + i, x, width - 2, _(names[i]), i == t->scr.im_sel ? A_REVERSE : 0);
	return max_rows;
}

static run_state menu_step(tui *t, ink_action a)
{
	int n = INK_IM_COUNT;
	t->scr.im_sel = (t->scr.im_sel + (a == INK_ACT_HISTORY_PREV ? n - 1 : 1)) % n;
	return RUN_ON;
}

static run_state menu_choose(tui *t, ink_action a)
{
	(void)a;
	ink_set_im(t->keys, (ink_im)t->scr.im_sel);
	t->scr.overlay = NULL;
	return RUN_ON;
}

static run_state close_menu(tui *t, const ink_event *ev)
{
	(void)ev;
	t->scr.overlay = NULL;
	return RUN_ON;
}

static const room_row menu_rows[] = {
	{ INK_ACT_HISTORY_PREV, menu_step },
	{ INK_ACT_HISTORY_NEXT, menu_step },
	{ INK_ACT_ACCEPT, menu_choose },
};

const room room_menu = {
	.id = ROOM_MENU,
	.rows = menu_rows,
	.n_rows = ROWS_OF(menu_rows),
	.other = close_menu,
	.overlay = true,
};
