/* The editor's room: the edit buffer, history, suggestions, and the keys
 * that edit.  Every keystroke edits the logical buffer; the loop then
 * analyses the whole text and paints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/utf8.h>

#include "i18n.h"
#include "output.h"
#include "tui_state.h"

bool editor_init(editor *e)
{
	memset(e, 0, sizeof *e);
	iri_buf_init(&e->start_text);
	e->edb = edb_new();
	e->hist = history_new();
	if (e->hist)
		e->hist_pos = history_count(e->hist);
	return e->edb && e->hist;
}

void editor_fini(editor *e)
{
	edb_free(e->edb);
	history_free(e->hist);
	free(e->draft);
	iri_buf_fini(&e->start_text);
}

/* The buffer holds only well-formed UTF-8 without NUL, up to its cap:
 * ill-formed bytes are shown as U+FFFD, and the status line says so --
 * nothing is dropped silently. */
void editor_load(tui *t, const char *s, size_t len)
{
	edb_result r = edb_set_text(t->ed.edb, s, len);
	if (r == EDB_INVALID_UTF8 || r == EDB_NUL_BYTE) {
		iri_buf fixed;
		iri_buf_init(&fixed);
		size_t first_bad = SIZE_MAX;
		for (size_t k = 0; k < len;) {
			uint32_t cp;
			iri_utf8_status st;
			size_t n = iri_utf8_decode((const uint8_t *)s + k, len - k, &cp, &st);
			bool bad = st != IRI_UTF8_OK || cp == 0;
			if (bad && first_bad == SIZE_MAX)
				first_bad = k;
			if (bad)
				iri_buf_put_cp(&fixed, 0xFFFD);
			else
				iri_buf_append(&fixed, s + k, n);
			k += n;
		}
		r = edb_set_text(t->ed.edb, fixed.data ? fixed.data : "", fixed.len);
		iri_buf_fini(&fixed);
		/* TRANSLATORS: %zu: the first bad byte's position, counted from 1; keep U+FFFD. */
		snprintf(t->scr.status, sizeof t->scr.status, _("byte %zu is not UTF-8; ill-formed bytes are shown as U+FFFD"),
			first_bad + 1);
	}
	if (r != EDB_OK) {
		/* Never show the previous text as if it were this one. */
		edb_set_text(t->ed.edb, "", 0);
		if (r == EDB_TOO_LONG)
			/* TRANSLATORS: %zu: the edit buffer's cap in bytes. */
			snprintf(t->scr.status, sizeof t->scr.status, _("too long to edit (more than %zu bytes)"),
				(size_t)EDB_MAX_TEXT_BYTES);
	}
	edb_end(t->ed.edb);
}

/* ---- the user's work ---- */

/* The text the editor holds for the user, wherever it is now: under C-r the
 * text before the search (the search's saved copy), not the match shown;
 * *entry_shown tells whether it is a history entry that Up/Down brought
 * (the user's own text then waits in e->draft). */
static const char *shown_text(const tui *t, size_t *len, bool *entry_shown)
{
	const editor *e = &t->ed;
	*entry_shown = e->hist_pos < history_count(e->hist);
	if (!t->scr.search)
		return edb_text(e->edb, len);
	*len = t->srch.saved.len;
	return t->srch.saved.data ? t->srch.saved.data : "";
}

/* Whether the history entry shown was edited. */
static bool entry_edited(const tui *t, const char *text, size_t len)
{
	size_t n;
	const char *entry = history_entry(t->ed.hist, t->ed.hist_pos, &n);
	return !entry || n != len || (len > 0 && memcmp(entry, text, len) != 0);
}

bool work_changed(const tui *t)
{
	if (!t->scr.base->history_on_accept)
		return false;
	size_t len;
	bool entry_shown;
	const char *text = shown_text(t, &len, &entry_shown);
	if (entry_shown) {
		if (entry_edited(t, text, len))
			return true;
		text = t->ed.draft ? t->ed.draft : "";
		len = strlen(text);
	}
	const iri_buf *start = &t->ed.start_text;
	return len != start->len || (len > 0 && memcmp(text, start->data, len) != 0);
}

bool save_work(tui *t)
{
	/* Every piece of work is added first, then the file is saved once. */
	/* The viewer's lines replaced and not written are work too. */
	bool ok = !t->vw.list || viewer_add_work(t);
	if (t->scr.base->history_on_accept) {
		size_t len;
		bool entry_shown;
		const char *text = shown_text(t, &len, &entry_shown);
		if (entry_shown) {
			/* The draft behind the history is work too; an entry the user
			 * edited goes in last, since it is what was left with: Up brings
			 * it back first, then the draft. */
			const char *draft = t->ed.draft ? t->ed.draft : "";
			if (!entry_edited(t, text, len)) {
				text = draft;
				len = strlen(draft);
			} else if (draft[0] && !history_add(t->ed.hist, draft, strlen(draft))) {
				ok = false;
			}
		}
		if (!history_add(t->ed.hist, text, len))
			ok = false;
	}
	return history_save(t->ed.hist) && ok;
}

/* ---- the base room's view of the text ---- */

static const char *edit_text(const tui *t, size_t *len)
{
	return edb_text(t->ed.edb, len);
}

static size_t edit_cursor(const tui *t)
{
	return analysis_cp_of_byte(&t->an, edb_cursor(t->ed.edb));
}

static void edit_set_cursor(tui *t, size_t cp)
{
	edb_set_cursor(t->ed.edb, rnd_cp_byte(t->an.disp, cp));
}

static void edit_title(const tui *t, char *buf, size_t size)
{
	/* TRANSLATORS: title bar; keep the leading space and "irie". */
	const char *title = _(" irie  IRI editor");
	ink_im im = ink_get_im(t->keys);
	if (im == INK_IM_NONE || ink_im_active(t->keys)) {
		snprintf(buf, size, "%s", title);
		return;
	}
	/* A keymap chosen but off: which one C-\ brings back. */
	snprintf(buf, size, "%s  ", title);
	size_t n = strlen(buf);
	/* TRANSLATORS: title bar hint; %s: a keymap's name as the F2 menu shows it; C-\\ is Ctrl+backslash, keep it. */
	snprintf(buf + n, size - n, _("(C-\\: %s)"), menu_im_label(im));
}

/* ---- actions ---- */

/* Visual cursor motion through the edit line's cells (render's maps). */
static run_state move_visual(tui *t, ink_action a)
{
	size_t n_cells;
	const rnd_cell *cells = rnd_form_cells(t->an.disp, t->scr.edit_form, &n_cells);
	size_t n_cp = rnd_logical_len(t->an.disp), cur = edit_cursor(t);
	if (n_cells == 0)
		return RUN_ON;
	size_t cell = cur < n_cp ? rnd_form_cell_of_cp(t->an.disp, t->scr.edit_form, cur) : n_cells;
	size_t target;
	if (a == INK_ACT_LEFT) {
		if (cell == 0)
			return RUN_ON;
		target = cell - 1;
	} else {
		if (cell >= n_cells)
			return RUN_ON;
		target = cell + 1;
	}
	size_t cp = target >= n_cells ? n_cp : cells[target].cp_start;
	if (cp != RND_NO_CP)
		edit_set_cursor(t, cp);
	return RUN_ON;
}

static run_state move_logical(tui *t, ink_action a)
{
	edb_move_grapheme(t->ed.edb, a == INK_ACT_BACK_CHAR ? -1 : +1);
	return RUN_ON;
}

/* One row per buffer operation that needs nothing but the buffer. */
#define BUFFER_OP(name, call) \
	static run_state name(tui *t, ink_action a) \
	{ \
		(void)a; \
		call(t->ed.edb); \
		return RUN_ON; \
	}

BUFFER_OP(word_left, edb_word_backward)
BUFFER_OP(word_right, edb_word_forward)
BUFFER_OP(home, edb_home)
BUFFER_OP(end, edb_end)
BUFFER_OP(delete_back, edb_delete_backward_grapheme)
BUFFER_OP(delete_forward, edb_delete_forward_grapheme)
BUFFER_OP(kill_end, edb_kill_to_end)
BUFFER_OP(kill_start, edb_kill_to_start)
BUFFER_OP(kill_word, edb_kill_word_backward)
BUFFER_OP(kill_word_forward, edb_kill_word_forward)
BUFFER_OP(yank, edb_yank)
BUFFER_OP(undo, edb_undo)
BUFFER_OP(redo, edb_redo)

/* Up/Down: the history; leaving the draft keeps it (if it cannot be kept,
 * the editor stays on it and says so).  An entry is loaded whole, NUL bytes
 * and all: editor_load shows what is not UTF-8 (a NUL too) as U+FFFD and
 * says so. */
static run_state history_move(tui *t, ink_action a)
{
	editor *e = &t->ed;
	size_t n = history_count(e->hist);
	bool back = a == INK_ACT_HISTORY_PREV;
	if ((back && e->hist_pos == 0) || (!back && e->hist_pos >= n))
		return RUN_ON;
	if (e->hist_pos == n) {
		size_t len;
		const char *text = edb_text(e->edb, &len);
		char *draft = strndup(text, len);
		if (!draft) {
			snprintf(t->scr.status, sizeof t->scr.status, "%s", _("out of memory: the text stays as it is"));
			return RUN_ON;
		}
		free(e->draft);
		e->draft = draft;
	}
	e->hist_pos = back ? e->hist_pos - 1 : e->hist_pos + 1;
	size_t len = 0;
	const char *s = e->hist_pos == n ? e->draft : history_entry(e->hist, e->hist_pos, &len);
	if (e->hist_pos == n)
		len = s ? strlen(s) : 0;
	editor_load(t, s ? s : "", len);
	return RUN_ON;
}

/* F3: the selected warning's suggestion replaces what it is about. */
static run_state apply_suggestion(tui *t, ink_action a)
{
	(void)a;
	if (t->scr.diag_sel < 0) {
		snprintf(t->scr.status, sizeof t->scr.status, "%s", _("select a warning with Tab first"));
		return RUN_ON;
	}
	const iri_diag *d = iri_diags_get(t->an.diags, (size_t)t->scr.diag_sel);
	if (!d || !d->suggestion) {
		snprintf(t->scr.status, sizeof t->scr.status, "%s", _("this warning has no suggestion"));
		return RUN_ON;
	}
	edb_result r = edb_replace_range(t->ed.edb, d->byte_start, d->byte_end, d->suggestion, strlen(d->suggestion));
	if (r == EDB_TOO_LONG)
		/* TRANSLATORS: after F3; %zu: the edit buffer's cap in bytes. */
		snprintf(t->scr.status, sizeof t->scr.status, _("the suggestion was not applied: the text would be longer than %zu bytes"),
			(size_t)EDB_MAX_TEXT_BYTES);
	else if (r != EDB_OK)
		/* TRANSLATORS: after F3; %s: the edit buffer's reason, a name such as EDB_BAD_RANGE. */
		snprintf(t->scr.status, sizeof t->scr.status, _("the suggestion was not applied (%s)"), edb_result_name(r));
	return RUN_ON;
}

/* Typed text and pastes: what fits goes in, and the status line says what
 * did not. */
static run_state insert(tui *t, const ink_event *ev)
{
	size_t have, n = ev->text_len, dropped = 0;
	edb_text(t->ed.edb, &have);
	if (have + n > EDB_MAX_TEXT_BYTES) {
		/* Insert what fits, cut on a character boundary, and say so. */
		n = have < EDB_MAX_TEXT_BYTES ? EDB_MAX_TEXT_BYTES - have : 0;
		int32_t cut = (int32_t)n;   /* n < EDB_MAX_TEXT_BYTES */
		U8_SET_CP_START((const uint8_t *)ev->text, 0, cut);
		n = (size_t)cut;
		dropped = ev->text_len - n;
	}
	edb_result r = edb_insert(t->ed.edb, ev->text, n);
	if (ev->kind == INK_EV_PASTE)
		edb_undo_boundary(t->ed.edb);
	if (r != EDB_OK)
		snprintf(t->scr.status, sizeof t->scr.status, "%s", _("not inserted: the text could not take it"));
	else if (ev->truncated) {
		char cap[32];
		/* TRANSLATORS: %s: the cap as a size ("1 MiB"). */
		snprintf(t->scr.status, sizeof t->scr.status, _("the paste was longer than %s: the rest was dropped"),
			out_size(INK_PASTE_MAX_BYTES, cap, sizeof cap));
	} else if (dropped) {
		char cap[32];
		snprintf(t->scr.status, sizeof t->scr.status,
			/* TRANSLATORS: %zu: the bytes dropped; %s: the cap as a size ("1 MiB"). */
			_("%zu bytes did not fit and were dropped (the text holds at most %s)"),
			dropped, out_size(EDB_MAX_TEXT_BYTES, cap, sizeof cap));
	}
	/* One key can finish a composition and act (Enter after romaji): the
	 * action reads the analysis, so it is brought up to this text first. */
	if (ev->kind == INK_EV_TEXT && ev->action != INK_ACT_NONE) {
		tui_analyse(t);
		return rooms_act(t, ev->action);
	}
	return RUN_ON;
}

static const room_row edit_rows[] = {
	{ INK_ACT_LEFT, move_visual },
	{ INK_ACT_RIGHT, move_visual },
	{ INK_ACT_BACK_CHAR, move_logical },
	{ INK_ACT_FORWARD_CHAR, move_logical },
	{ INK_ACT_WORD_LEFT, word_left },
	{ INK_ACT_WORD_RIGHT, word_right },
	{ INK_ACT_HOME, home },
	{ INK_ACT_END, end },
	{ INK_ACT_DELETE_BACK, delete_back },
	{ INK_ACT_DELETE_FORWARD, delete_forward },
	{ INK_ACT_KILL_END, kill_end },
	{ INK_ACT_KILL_START, kill_start },
	{ INK_ACT_KILL_WORD, kill_word },
	{ INK_ACT_KILL_WORD_FORWARD, kill_word_forward },
	{ INK_ACT_YANK, yank },
	{ INK_ACT_UNDO, undo },
	{ INK_ACT_REDO, redo },
	{ INK_ACT_HISTORY_PREV, history_move },
	{ INK_ACT_HISTORY_NEXT, history_move },
	{ INK_ACT_HISTORY_SEARCH, search_start },
	{ INK_ACT_APPLY_SUGGESTION, apply_suggestion },
};

const room room_edit = {
	.id = ROOM_EDIT,
	.rows = edit_rows,
	.n_rows = ROWS_OF(edit_rows),
	.insert = insert,
	.text = edit_text,
	.cursor = edit_cursor,
	.set_cursor = edit_set_cursor,
	.title = edit_title,
	.history_on_accept = true,
	.search = &room_search,
};
