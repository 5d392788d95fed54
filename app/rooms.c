/* The stack of rooms and the common room: what the editor and the viewer
 * (and teach above them) share -- accept and cancel, the overlays, the
 * warnings, copying, the display form, redraw and the mouse. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "i18n.h"
#include "ink_bindings.h"
#include "keyline.h"
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
	return false;
}

/* Top first: an overlay (help, the menu) and the common room under it (an
 * overlay's mode binds its own actions and redraw; resize and the mouse
 * mean the same everywhere); or the base room's search (C-r, the viewer's
 * prompts), teach, a room over the base (the viewer's entry being
 * edited), the base room and the common room. */
#define STACK_MAX 6

static size_t stack_of(const tui *t, const room *stack[STACK_MAX])
{
	size_t n = 0;
	if (t->scr.overlay) {
		stack[n++] = t->scr.overlay;
	} else {
		if (t->scr.search)
			stack[n++] = t->scr.base->search;
		if (t->scr.teach)
			stack[n++] = &room_teach;
		if (t->scr.over_base)
			stack[n++] = t->scr.over_base;
		stack[n++] = t->scr.base;
	}
	stack[n++] = &room_common;
	return n;
}

static bool room_has_row(const room *r, ink_action a)
{
	for (size_t i = 0; i < r->n_rows; i++)
		if (r->rows[i].action == a)
			return true;
	return false;
}

bool rooms_handles(const tui *t, ink_action a)
{
	const room *stack[STACK_MAX];
	size_t n = stack_of(t, stack);
	for (size_t i = 0; i < n; i++)
		if (room_has_row(stack[i], a))
			return true;
	return false;
}

/* Nothing bound is dropped silently: a key no room takes says so. */
static void does_nothing(tui *t, const char *keys)
{
	/* TRANSLATORS: %s: a key's name (C-k, F10, x) or several joined with "/". */
	snprintf(t->scr.status, sizeof t->scr.status, _("%s does nothing here"), keys);
}

static run_state walk(tui *t, const ink_event *ev)
{
	const room *stack[STACK_MAX];
	size_t n = stack_of(t, stack);
	run_state run = RUN_ON;
	for (size_t i = 0; i < n; i++)
		if (room_take(stack[i], t, ev, &run))
			return run;
	if (ev->kind == INK_EV_ACTION) {
		char keys[128];
		keyline_keys(rooms_mode(t), ev->action, "/", keys, sizeof keys);
		does_nothing(t, keys[0] ? keys : ink_action_name(ev->action));
	} else if (ev->kind == INK_EV_PASTE || ev->kind == INK_EV_TEXT) {
		/* Help and the menu take no text: nothing typed is dropped silently. */
		snprintf(t->scr.status, sizeof t->scr.status, "%s",
			/* TRANSLATORS: a paste (or typed text) while help (F1) or the keymap menu (F2) shows. */
			_("a paste does nothing here; close this first"));
	}
	return run;
}

run_state rooms_event(tui *t, const ink_event *ev)
{
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

ink_mode rooms_mode(const tui *t)
{
	if (t->scr.overlay)
		return t->scr.overlay->id == ROOM_HELP ? INK_MODE_HELP : INK_MODE_MENU;
	if (t->scr.search)
		return INK_MODE_SEARCH;
	if (t->scr.teach)
		return INK_MODE_TEACH;
	return t->scr.base->id == ROOM_VIEW ? INK_MODE_VIEW : INK_MODE_EDIT;
}

void rooms_sync_mode(tui *t)
{
	ink_set_mode(t->keys, rooms_mode(t));
	if (t->scr.search && t->scr.base->search->prompt)
		t->scr.base->search->prompt(t);
}

/* A printable key in a mode that takes no text: its label is the character
 * itself (one code point, no C-/M- prefix). */
static bool label_is_char(const char *s)
{
	uint32_t cp;
	iri_utf8_status st;
	size_t n = strlen(s);
	return n > 0 && iri_utf8_decode((const uint8_t *)s, n, &cp, &st) == n && st == IRI_UTF8_OK;
}

void rooms_notice(tui *t)
{
	char *st = t->scr.status;
	size_t size = sizeof t->scr.status;
	const char *key;
	t->scr.status[0] = '\0';
	switch (ink_last_notice(t->keys)) {
	case INK_NOTICE_ENTRY_REJECTED:
		snprintf(st, size, "%s", _("not a code point that can be inserted"));
		break;
	case INK_NOTICE_ENTRY_CANCELLED:
		/* TRANSLATORS: after Esc or C-g during C-v u XXXX (code point entry). */
		snprintf(st, size, "%s", _("entry cancelled"));
		break;
	case INK_NOTICE_COMPOSITION_DROPPED:
		/* TRANSLATORS: after Esc or C-g while a keymap waited for more keys (romaji, a dead key). */
		snprintf(st, size, "%s", _("composition dropped"));
		break;
	case INK_NOTICE_UNKNOWN_SEQUENCE:
		/* TRANSLATORS: %s: the bytes a key sent, spelt out ("ESC [ 9 9 ~"). */
		snprintf(st, size, _("unknown key sequence ignored: %s"), ink_unknown_sequence(t->keys));
		break;
	case INK_NOTICE_UNBOUND:
		key = ink_unbound_key(t->keys);
		if (rooms_mode(t) == INK_MODE_VIEW && label_is_char(key))
			/* TRANSLATORS: %s: the key typed (a letter); keep Enter and F1. */
			snprintf(st, size, _("%s does nothing in the viewer: Enter edits the line, F1 lists the keys"), key);
		else
			does_nothing(t, key);
		break;
	default:
		break;
	}
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

/* Esc, C-c: leave (exit 130).  Work is never lost: with the user's work
 * changed (work_changed: the draft, not an entry Up shows or a C-r match),
 * the first press only warns, and the second (the very next key) saves it
 * to the history first.  If that save fails, the reason shows and the
 * editor stays; one more press leaves without it (and tui_main says so on
 * stderr), so a full disk cannot trap the user. */
static run_state cancel(tui *t, ink_action a)
{
	(void)a;
	if (!work_changed(t) || (t->scr.leave_asked && t->scr.leave_unsaved))
		return RUN_CANCEL;
	if (!t->scr.leave_asked) {
		t->scr.leave_armed = true;
		snprintf(t->scr.status, sizeof t->scr.status, "%s",
			/* TRANSLATORS: after the first Esc (or C-c) with the text changed; keep Esc. */
			_("Esc again to leave (the text is kept in history); any other key goes on"));
		return RUN_ON;
	}
	if (save_work(t))
		return RUN_CANCEL;
	t->scr.leave_armed = true;
	t->scr.leave_unsaved = true;
	snprintf(t->scr.status, sizeof t->scr.status,
		/* TRANSLATORS: %s: why the history could not be saved (a file name and the system's words); keep Esc. */
		_("Esc again leaves without saving; the history could not be saved: %s"), history_error(t->ed.hist));
	return RUN_ON;
}

/* C-g at the top level: nothing pending; the status line is cleared.  A
 * resize: the loop repaints at the new size. */
static run_state nothing(tui *t, ink_action a)
{
	(void)t, (void)a;
	return RUN_ON;
}

/* F9: mouse capture off lets the terminal select text. */
static run_state mouse_toggle(tui *t, ink_action a)
{
	(void)a;
	t->scr.mouse_on = !t->scr.mouse_on;
	term_set_mouse(t->scr.mouse_on);
	snprintf(t->scr.status, sizeof t->scr.status, "%s", t->scr.mouse_on
		/* TRANSLATORS: after F9; keep F9. */
		? _("mouse on: a click places the cursor (F9 turns it off)")
		/* TRANSLATORS: after F9; keep F9. */
		: _("mouse off: select text with the terminal (F9 turns it on)"));
	return RUN_ON;
}

/* F12: who reorders right-to-left text, irie (visual) or the terminal
 * (logical); term.c tells the terminal, the next paint draws every row. */
static run_state bidi_switch(tui *t, ink_action a)
{
	(void)a;
	term_switch_bidi();
	snprintf(t->scr.status, sizeof t->scr.status, "%s", term_bidi_logical()
		/* TRANSLATORS: after F12; keep F12. */
		? _("bidi: logical, the terminal reorders right-to-left text (F12: irie does)")
		/* TRANSLATORS: after F12; keep F12. */
		: _("bidi: visual, irie reorders right-to-left text (F12: the terminal does)"));
	return RUN_ON;
}

/* M-k: the decoder switched the kana keymap's katakana lock; say which. */
static run_state kana_toggled(tui *t, ink_action a)
{
	(void)a;
	const char *msg;
	if (ink_im_active(t->keys) && ink_get_im(t->keys) == INK_IM_KANA)
		/* TRANSLATORS: after M-k with the kana keymap on: what the letters type now. */
		msg = ink_katakana(t->keys) ? _("kana keymap: katakana") : _("kana keymap: hiragana");
	else
		/* TRANSLATORS: keep M-k and F2. */
		msg = _("M-k switches hiragana and katakana while the kana keymap is on (F2 chooses it)");
	snprintf(t->scr.status, sizeof t->scr.status, "%s", msg);
	return RUN_ON;
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

const char *rooms_keymap_tag(const tui *t, char *buf, size_t size)
{
	if (!buf || size == 0)
		return buf;
	buf[0] = '\0';
	if (ink_im_active(t->keys))
		/* TRANSLATORS: before a search prompt while a keymap is on; %s: its name as the F2 menu shows it. */
		snprintf(buf, size, _("[%s] "), menu_im_label(ink_get_im(t->keys)));
	return buf;
}

/* The decoder switches; say what it means. */
run_state rooms_im_toggled(tui *t, ink_action a)
{
	(void)a;
	if (ink_im_active(t->keys))
		snprintf(t->scr.status, sizeof t->scr.status,
			/* TRANSLATORS: %s: the keymap's name (Hebrew, ...); C-\\ is Ctrl+backslash, keep it; Alt+key: the key pressed with Alt. */
			_("%s keymap on: keys type as on that layout (Alt+key: the key itself); C-\\ turns it off"),
			menu_im_label(ink_get_im(t->keys)));
	else if (ink_get_im(t->keys) != INK_IM_NONE)
		snprintf(t->scr.status, sizeof t->scr.status,
			/* TRANSLATORS: %s: the keymap's name as the F2 menu shows it; C-\\ is Ctrl+backslash, keep it. */
			_("keymap off; C-\\ turns %s back on"), menu_im_label(ink_get_im(t->keys)));
	else
		/* TRANSLATORS: keep F2. */
		snprintf(t->scr.status, sizeof t->scr.status, "%s", _("no keymap chosen: F2 chooses one"));
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
	/* What irie did, not what the terminal did: a terminal may ignore OSC 52
	 * without a word (xterm without allowWindowOps, tmux without
	 * set-clipboard), and none answers. */
	snprintf(t->scr.status, sizeof t->scr.status, "%s", uri
		/* TRANSLATORS: after F5; OSC 52: the terminal escape sequence that sets the clipboard; keep it. The terminal may ignore it, so say "sent", not "copied". */
		? _("URI sent to the terminal's clipboard (OSC 52)")
		/* TRANSLATORS: after F6; as above. */
		: _("IRI sent to the terminal's clipboard (OSC 52)"));
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
static void click_edit_line(tui *t, int x)
{
	size_t n_cells;
	const rnd_cell *cells = rnd_form_cells(t->an.disp, t->scr.edit_form, &n_cells);
	int col = -t->scr.hscroll;
	for (size_t i = 0; i < n_cells; i++) {
		if (x - LABEL_COLS < col + cells[i].width && cells[i].cp_start != RND_NO_CP) {
			tui_set_cursor_cp(t, cells[i].cp_start);
			return;
		}
		col += cells[i].width;
	}
	tui_set_cursor_cp(t, SIZE_MAX);   /* past the last cell: the end of the text */
}

/* The finding shown at screen cell (y, x), or -1: the warnings pane's box
 * as pane_warnings last drew it (its row 0 is the heading). */
static int warning_at(const tui *t, int y, int x)
{
	int n = (int)iri_diags_count(t->an.diags);
	int top = t->scr.warn_box.row, left = t->scr.warn_box.col;
	if (n == 0 || x < left || x >= left + t->scr.warn_box.width || y <= top || y >= top + t->scr.warn_box.rows)
		return -1;
	int i = t->scr.diag_scroll + (y - top - 1);
	return i < n ? i : -1;
}

/* The wheel steps through what the room on top lists: help's lines, the
 * menu's rows, the viewer's lines, the editor's warnings. */
static run_state wheel(tui *t, bool up)
{
	ink_action a;
	switch (rooms_mode(t)) {
	case INK_MODE_HELP: a = up ? INK_ACT_HELP_UP : INK_ACT_HELP_DOWN; break;
	case INK_MODE_MENU: a = up ? INK_ACT_MENU_UP : INK_ACT_MENU_DOWN; break;
	case INK_MODE_VIEW: a = up ? INK_ACT_VIEW_PREV_LINE : INK_ACT_VIEW_NEXT_LINE; break;
	case INK_MODE_EDIT:
	case INK_MODE_TEACH: a = up ? INK_ACT_PREV_DIAG : INK_ACT_NEXT_DIAG; break;
	default: return RUN_ON;   /* searching: the wheel does nothing */
	}
	return rooms_handles(t, a) ? rooms_act(t, a) : RUN_ON;
}

/* The mouse: the wheel, a click on the edit line (the cursor), on a line
 * of the viewer's list or on a warning (selects it). */
static run_state mouse(tui *t, ink_action a)
{
	(void)a;
	MEVENT ev;
	if (getmouse(&ev) != OK)
		return RUN_ON;
	if (ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED))
		return wheel(t, (ev.bstate & BUTTON4_PRESSED) != 0);
	if (t->scr.overlay || t->scr.search)
		return RUN_ON;
	if (ev.y == 1 && ev.x >= LABEL_COLS) {
		click_edit_line(t, ev.x);
		return RUN_ON;
	}
	if (rooms_top(t) == ROOM_VIEW && viewer_click(t, ev.y))
		return RUN_ON;
	int i = t->scr.teach ? -1 : warning_at(t, ev.y, ev.x);
	if (i >= 0)
		t->scr.diag_sel = i;
	return RUN_ON;
}

static const room_row common_rows[] = {
	{ INK_ACT_ACCEPT, accept },
	{ INK_ACT_CANCEL, cancel },
	{ INK_ACT_HELP, open_help },
	{ INK_ACT_IM_MENU, open_menu },
	{ INK_ACT_IM_TOGGLE, rooms_im_toggled },
	{ INK_ACT_NEXT_DIAG, select_diag },
	{ INK_ACT_PREV_DIAG, select_diag },
	{ INK_ACT_TEACH, toggle_teach },
	{ INK_ACT_COPY_URI, copy },
	{ INK_ACT_COPY_IRI, copy },
	{ INK_ACT_CYCLE_FORM, cycle_form },
	{ INK_ACT_REDRAW, redraw },
	{ INK_ACT_SUSPEND, suspend },
	{ INK_ACT_MOUSE, mouse },
	{ INK_ACT_ABORT, nothing },
	{ INK_ACT_RESIZE, nothing },
	{ INK_ACT_MOUSE_TOGGLE, mouse_toggle },
	{ INK_ACT_BIDI_SWITCH, bidi_switch },
	{ INK_ACT_KANA_TOGGLE, kana_toggled },
};

const room room_common = {
	.id = ROOM_COMMON,
	.rows = common_rows,
	.n_rows = ROWS_OF(common_rows),
};

