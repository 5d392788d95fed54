/* The stack of rooms and the common room: what the editor and the viewer
 * (and teach above them) share -- accept and cancel, the overlays, the
 * warnings, copying, the display form, redraw and the mouse. */
#include <curses.h>
#include <stdio.h>

#include "draw.h"
#include "i18n.h"
#include "term.h"
#include "tui_state.h"

const char *tui_text(const tui *t, size_t *len)
{
	return t->scr.base->text(t, len);
}

size_t tui_cursor_cp(const tui *t)
{
	return t->scr.base->cursor(t);
}

/* Puts the cursor before logical code point cp (past the end: at the end). */
void tui_set_cursor_cp(tui *t, size_t cp)
{
	size_t n = rnd_logical_len(t->an.disp);
	t->scr.base->set_cursor(t, cp > n ? n : cp);
}

/* ---- the stack ---- */

/* A room's answer to an event; false: the room below is asked. */
static bool room_take(const room *r, tui *t, const ink_event *ev, run_state *run)
{
	if (ev->kind == INK_EV_ACTION) {
		for (size_t i = 0; i < r->n_rows; i++) {
			if (r->rows[i].action == ev->action) {
				*run = r->rows[i].act(t, ev->action);
				return true;
			}
		}
	} else if (r->insert) {
		*run = r->insert(t, ev);
		return true;
	}
	if (r->other) {
		*run = r->other(t, ev);
		return true;
	}
	return false;
}

/* Below the overlay, top first: teach, the base room, the common room. */
static run_state walk(tui *t, const ink_event *ev)
{
	const room *stack[3];
	size_t n = 0;
	if (t->scr.teach)
		stack[n++] = &room_teach;
	stack[n++] = t->scr.base;
	stack[n++] = &room_common;
	run_state run = RUN_ON;
	for (size_t i = 0; i < n; i++)
		if (room_take(stack[i], t, ev, &run))
			break;
	return run;
}

run_state rooms_event(tui *t, const ink_event *ev)
{
	if (t->scr.overlay) {
		run_state run = RUN_ON;
		room_take(t->scr.overlay, t, ev, &run);
		return run;
	}
	t->scr.status[0] = '\0';
	return walk(t, ev);
}

run_state rooms_act(tui *t, ink_action a)
{
	ink_event ev = { .kind = INK_EV_ACTION, .action = a };
	return walk(t, &ev);
}

room_id rooms_top(const tui *t)
{
	if (t->scr.overlay)
		return t->scr.overlay->id;
	return t->scr.teach ? ROOM_TEACH : t->scr.base->id;
}

/* ---- the common room ---- */

/* Enter: accepted, errors or not (tui_main notes them on stderr), except
 * with --strict, where a text with errors stays in the editor. */
static run_state accept(tui *t, ink_action a)
{
	(void)a;
	if (!t->scr.strict || !t->scr.base->history_on_accept)
		return RUN_ACCEPT;
	size_t len;
	const char *text = tui_text(t, &len);
	analysis_update(&t->an, text, len);
	size_t n = analysis_error_count(&t->an);
	if (n == 0)
		return RUN_ACCEPT;
	snprintf(t->scr.status, sizeof t->scr.status,
		/* TRANSLATORS: %zu: how many errors the IRI has; keep Esc and --strict. */
		ngettext("%zu error: fix it, or leave with Esc (--strict)",
		         "%zu errors: fix them, or leave with Esc (--strict)", n), n);
	return RUN_ON;
}

static run_state cancel(tui *t, ink_action a)
{
	(void)t, (void)a;
	return RUN_CANCEL;
}

/* C-z: job control, as in shells (term.c restores the terminal). */
static run_state suspend(tui *t, ink_action a)
{
	(void)t, (void)a;
	term_suspend();
	return RUN_ON;
}

static run_state open_help(tui *t, ink_action a)
{
	(void)a;
	t->scr.overlay = &room_help;
	return RUN_ON;
}

static run_state open_menu(tui *t, ink_action a)
{
	(void)a;
	t->scr.overlay = &room_menu;
	t->scr.im_sel = (int)ink_get_im(t->keys);
	return RUN_ON;
}

/* The decoder switches; say what it means. */
static run_state im_toggled(tui *t, ink_action a)
{
	(void)a;
	if (ink_im_active(t->keys))
		snprintf(t->scr.status, sizeof t->scr.status,
			/* TRANSLATORS: %s: the keymap's name (Hebrew, ...); C-\\ is Ctrl+backslash, keep it; Alt+key: the key pressed with Alt. */
			_("%s keymap on: keys type as on that layout (Alt+key: the key itself); C-\\ turns it off"),
			ink_im_name(ink_get_im(t->keys)));
	else
		snprintf(t->scr.status, sizeof t->scr.status, "%s", _("keymap off"));
	return RUN_ON;
}

static run_state select_diag(tui *t, ink_action a)
{
	int n = (int)iri_diags_count(t->an.diags), sel = t->scr.diag_sel;
	if (a == INK_ACT_NEXT_DIAG)
		t->scr.diag_sel = n ? (sel + 1) % n : -1;
	else
		t->scr.diag_sel = n ? (sel <= 0 ? n - 1 : sel - 1) : -1;
	return RUN_ON;
}

static run_state toggle_teach(tui *t, ink_action a)
{
	(void)a;
	t->scr.teach = !t->scr.teach;
	return RUN_ON;
}

static run_state copy(tui *t, ink_action a)
{
	bool uri = a == INK_ACT_COPY_URI;
	size_t len;
	const char *s = uri ? t->an.uri.data : tui_text(t, &len);
	if (uri)
		len = t->an.uri.len;
	if (!s)
		return RUN_ON;
	term_copy_osc52(s, len);
	/* TRANSLATORS: OSC 52: the terminal escape sequence that sets the clipboard; keep it. */
	snprintf(t->scr.status, sizeof t->scr.status, "%s", uri ? _("URI copied (OSC 52)") : _("IRI copied (OSC 52)"));
	return RUN_ON;
}

static run_state cycle_form(tui *t, ink_action a)
{
	(void)a;
	static const rnd_form cycle[] = { RND_FORM_VISUAL, RND_FORM_RFC3987, RND_FORM_PLAIN, RND_FORM_LOGICAL };
	size_t k = 0;
	while (k < 4 && cycle[k] != t->scr.edit_form)
		k++;
	t->scr.edit_form = cycle[(k + 1) % 4];
	if (t->scr.edit_form == RND_FORM_LOGICAL)
		snprintf(t->scr.status, sizeof t->scr.status, "%s", _("logical order: for terminals that reorder bidi text themselves"));
	return RUN_ON;
}

static run_state redraw(tui *t, ink_action a)
{
	(void)t, (void)a;
	clearok(curscr, TRUE);
	return RUN_ON;
}

/* A click on the edit line puts the cursor on the cell clicked. */
static run_state mouse(tui *t, ink_action a)
{
	(void)a;
	MEVENT ev;
	if (getmouse(&ev) != OK || ev.y != 1 || ev.x < LABEL_COLS)
		return RUN_ON;
	size_t n_cells;
	const rnd_cell *cells = rnd_form_cells(t->an.disp, t->scr.edit_form, &n_cells);
	int col = -t->scr.hscroll;
	for (size_t i = 0; i < n_cells; i++) {
		if (ev.x - LABEL_COLS < col + cells[i].width && cells[i].cp_start != RND_NO_CP) {
			tui_set_cursor_cp(t, cells[i].cp_start);
			return RUN_ON;
		}
		col += cells[i].width;
	}
	tui_set_cursor_cp(t, SIZE_MAX);   /* past the last cell: the end of the text */
	return RUN_ON;
}

static const room_row common_rows[] = {
	{ INK_ACT_ACCEPT, accept },
	{ INK_ACT_CANCEL, cancel },
	{ INK_ACT_HELP, open_help },
	{ INK_ACT_IM_MENU, open_menu },
	{ INK_ACT_IM_TOGGLE, im_toggled },
	{ INK_ACT_NEXT_DIAG, select_diag },
	{ INK_ACT_PREV_DIAG, select_diag },
	{ INK_ACT_TEACH, toggle_teach },
	{ INK_ACT_COPY_URI, copy },
	{ INK_ACT_COPY_IRI, copy },
	{ INK_ACT_CYCLE_FORM, cycle_form },
	{ INK_ACT_REDRAW, redraw },
	{ INK_ACT_SUSPEND, suspend },
	{ INK_ACT_MOUSE, mouse },
};

const room room_common = {
	.id = ROOM_COMMON,
	.rows = common_rows,
	.n_rows = ROWS_OF(common_rows),
};

