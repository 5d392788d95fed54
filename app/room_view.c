/* The viewer's room: a file's entries (app/view_list.c) in a list
 * (app/pane_list.c), the selected one analysed in the editor's panes as
 * it is in the file (ill-formed bytes and NULs included: core reports them
 * and render shows them as placeholders).  Moving through the list, the
 * findings, the filter; Enter opens the entry in the editor (room_view_edit
 * over room_edit: Enter puts the text back into the list, Esc leaves it as
 * it was); w writes the replacements back; q with replacements not yet
 * written asks first.  The prompts (/ ? : w q) are room_view_prompt's. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "i18n.h"
#include "tui_state.h"
#include "view_extract.h"
#include "view_list.h"

void viewer_init(viewer *v)
{
	memset(v, 0, sizeof *v);
	iri_buf_init(&v->answer);
	iri_buf_init(&v->last_pat);
	v->answer.cap = v->last_pat.cap = EDB_MAX_TEXT_BYTES;
}

void viewer_fini(viewer *v)
{
	vl_free(v->list);
	iri_buf_fini(&v->answer);
	iri_buf_fini(&v->last_pat);
}

size_t viewer_entry(const tui *t)
{
	return vl_entry_at(t->vw.list, t->vw.pos);
}

void viewer_show(tui *t, size_t pos)
{
	viewer *v = &t->vw;
	size_t n = v->list ? vl_shown(v->list) : 0;
	if (n == 0)
		return;
	v->pos = pos < n ? pos : n - 1;
	v->cp = 0;
	/* the title's count of findings, after an entry was replaced */
	vl_recount_findings(v->list, t->an.ctx);
	t->scr.diag_sel = -1;
	if (vl_truncated(v->list) && !v->truncation_told) {
		v->truncation_told = true;
		snprintf(t->scr.status, sizeof t->scr.status, vl_is_document(v->list)
			/* TRANSLATORS: view --extract at its start: %zu: how many IRIs it holds (a cap, or memory ran out). */
			? _("only the first %zu IRIs were read")
			/* TRANSLATORS: the viewer at its start: %zu: how many lines it holds (a cap, or memory ran out). */
			: _("only the first %zu lines were read"), vl_count(v->list));
		return;
	}
	size_t len, i = viewer_entry(t);
	if (!vl_text(v->list, i, &len))
		/* TRANSLATORS: first %llu: the line number; second %zu: the cap in bytes. */
		snprintf(t->scr.status, sizeof t->scr.status, _("line %llu is longer than %zu bytes: not shown"),
			(unsigned long long)vl_line(v->list, i), (size_t)EDB_MAX_TEXT_BYTES);
}

/* ---- the base room's view of the text ---- */

static const char *view_text(const tui *t, size_t *len)
{
	const viewer *v = &t->vw;
	const char *s = v->list && vl_shown(v->list) ? vl_text(v->list, viewer_entry(t), len) : NULL;
	if (!s)
		*len = 0;
	return s ? s : "";
}

static size_t view_cursor(const tui *t)
{
	size_t n = rnd_logical_len(t->an.disp);
	return t->vw.cp < n ? t->vw.cp : n;
}

static void view_set_cursor(tui *t, size_t cp)
{
	t->vw.cp = cp;
}

static void view_title(const tui *t, char *buf, size_t size)
{
	const view_list *vl = t->vw.list;
	char name[160], filter[96] = "";
	const char *path = strcmp(vl_path(vl), "-") == 0 ? _("standard input") : vl_path(vl);
	ui_quote(path, strlen(path), name, sizeof name);
	size_t found = vl_findings_shown(vl);
	if (vl_filtered(vl) && found == vl_shown(vl))
		/* TRANSLATORS: title bar, while f filters the list; %zu: how many entries it shows. */
		snprintf(filter, sizeof filter, _("  [%zu with findings]"), found);
	else if (vl_filtered(vl))
		/* TRANSLATORS: title bar, while f filters the list and some lines it shows were fixed since;
		 * first %zu: how many still have findings; second %zu: how many it shows. */
		snprintf(filter, sizeof filter, _("  [%zu with findings, %zu shown]"), found, vl_shown(vl));
	unsigned long long line = vl_shown(vl) ? vl_line(vl, viewer_entry(t)) : 0;
	if (vl_is_document(vl))
		/* TRANSLATORS: title bar of view --extract; %zu/%zu: the selected IRI's number among the
		 * document's IRIs / how many it holds; %llu: its line in the document; %s: the filter's note
		 * (or nothing); the last %s: the file name; keep the leading space. */
		snprintf(buf, size, _(" irie view  IRI %zu/%zu  line %llu%s  %s"), vl_shown(vl) ? viewer_entry(t) + 1 : 0,
			vl_count(vl), line, filter, name);
	else
		/* TRANSLATORS: title bar; %llu/%llu: the selected entry's line / the last line; %s: the filter's
		 * note (or nothing); the last %s: the file name; keep the leading space. */
		snprintf(buf, size, _(" irie view  line %llu/%llu%s  %s"), line, (unsigned long long)vl_last_line(vl),
			filter, name);
}

/* ---- moving ---- */

static run_state move_logical(tui *t, ink_action a)
{
	if (a == INK_ACT_BACK_CHAR || a == INK_ACT_LEFT)
		tui_set_cursor_cp(t, t->vw.cp ? t->vw.cp - 1 : 0);
	else
		tui_set_cursor_cp(t, t->vw.cp + 1);
	return RUN_ON;
}

static run_state home_end(tui *t, ink_action a)
{
	tui_set_cursor_cp(t, a == INK_ACT_HOME ? 0 : SIZE_MAX);
	return RUN_ON;
}

/* Up/Down: the previous/next entry shown. */
static run_state line_step(tui *t, ink_action a)
{
	if (a == INK_ACT_VIEW_PREV_LINE && t->vw.pos > 0)
		viewer_show(t, t->vw.pos - 1);
	else if (a == INK_ACT_VIEW_NEXT_LINE && t->vw.pos + 1 < vl_shown(t->vw.list))
		viewer_show(t, t->vw.pos + 1);
	return RUN_ON;
}

/* PgUp/PgDn: as many entries as the list shows (a screen's rows when it
 * has not been drawn). */
static run_state page_step(tui *t, ink_action a)
{
	int rows = t->vw.list_rows > 1 ? t->vw.list_rows : LINES - 2;
	size_t page = rows > 1 ? (size_t)rows : 1, pos = t->vw.pos, n = vl_shown(t->vw.list);
	if (a == INK_ACT_VIEW_PAGE_UP && pos > 0)
		viewer_show(t, pos > page ? pos - page : 0);
	else if (a == INK_ACT_VIEW_PAGE_DOWN && pos + 1 < n)
		viewer_show(t, pos + page < n ? pos + page : n - 1);
	return RUN_ON;
}

/* g G Home End M-< M->: the first or the last entry shown. */
static run_state first_last(tui *t, ink_action a)
{
	viewer_show(t, a == INK_ACT_VIEW_FIRST ? 0 : vl_shown(t->vw.list) - 1);
	return RUN_ON;
}

/* F8 ] / S-F8 [: the next / previous entry with a finding, round the ends
 * (saying so); an entry too long to show counts as one. */
static run_state finding_step(tui *t, ink_action a)
{
	bool forward = a == INK_ACT_VIEW_NEXT_FINDING, wrapped;
	size_t pos = vl_find_finding(t->vw.list, t->an.ctx, t->vw.pos, forward, &wrapped);
	if (pos == SIZE_MAX) {
		snprintf(t->scr.status, sizeof t->scr.status, "%s", vl_is_document(t->vw.list)
			/* TRANSLATORS: after F8, ], S-F8 or [ in view --extract. */
			? _("no IRI has a finding")
			/* TRANSLATORS: after F8, ], S-F8 or [ in the viewer. */
			: _("no line has a finding"));
		return RUN_ON;
	}
	viewer_show(t, pos);
	if (wrapped && !t->scr.status[0])
		snprintf(t->scr.status, sizeof t->scr.status, "%s", forward
			/* TRANSLATORS: F8 or ] went past the last line with a finding and on from the top. */
			? _("past the last finding: on from the top")
			/* TRANSLATORS: S-F8 or [ went before the first line with a finding and on from the bottom. */
			: _("before the first finding: on from the bottom"));
	return RUN_ON;
}

/* f: only the entries with findings, or all again; the selection stays on
 * its entry, or the nearest shown after it. */
static run_state filter_toggle(tui *t, ink_action a)
{
	(void)a;
	viewer *v = &t->vw;
	size_t entry = viewer_entry(t);
	bool on = !vl_filtered(v->list);
	if (!vl_set_filter(v->list, on, t->an.ctx)) {
		snprintf(t->scr.status, sizeof t->scr.status, "%s", _("out of memory: the filter stays off"));
		return RUN_ON;
	}
	if (on && vl_shown(v->list) == 0) {
		vl_set_filter(v->list, false, t->an.ctx);
		snprintf(t->scr.status, sizeof t->scr.status, "%s", vl_is_document(v->list)
			/* TRANSLATORS: after f in view --extract when no IRI has a finding. */
			? _("no IRI has a finding: the filter stays off")
			/* TRANSLATORS: after f in the viewer when no line has a finding. */
			: _("no line has a finding: the filter stays off"));
		return RUN_ON;
	}
	v->top = 0;
	viewer_show(t, vl_pos_of(v->list, entry));
	size_t n = vl_shown(v->list);
	const char *say;
	if (vl_is_document(v->list))
		say = on
			/* TRANSLATORS: after f in view --extract; %zu: how many IRIs show now; keep f. */
			? ngettext("filter on: the %zu IRI with findings (f shows all)",
				"filter on: the %zu IRIs with findings (f shows all)", n)
			/* TRANSLATORS: after f in view --extract; %zu: how many IRIs show now. */
			: ngettext("filter off: %zu IRI", "filter off: all %zu IRIs", n);
	else
		say = on
			/* TRANSLATORS: after f in the viewer; %zu: how many lines show now; keep f. */
			? ngettext("filter on: the %zu line with findings (f shows all)",
				"filter on: the %zu lines with findings (f shows all)", n)
			/* TRANSLATORS: after f in the viewer; %zu: how many lines show now. */
			: ngettext("filter off: %zu line", "filter off: all %zu lines", n);
	snprintf(t->scr.status, sizeof t->scr.status, say, n);
	return RUN_ON;
}

static run_state prompt_open(tui *t, ink_action a)
{
	switch (a) {
	case INK_ACT_VIEW_SEARCH_FORWARD: view_prompt_open(t, VIEW_PROMPT_SEARCH, false); break;
	case INK_ACT_VIEW_SEARCH_BACKWARD: view_prompt_open(t, VIEW_PROMPT_SEARCH, true); break;
	case INK_ACT_VIEW_GOTO_LINE: view_prompt_open(t, VIEW_PROMPT_GOTO, false); break;
	default: break;
	}
	return RUN_ON;
}

static run_state search_again(tui *t, ink_action a)
{
	view_search_again(t, a == INK_ACT_VIEW_SEARCH_PREV);
	return RUN_ON;
}

bool viewer_click(tui *t, int y)
{
	viewer *v = &t->vw;
	if (v->list_rows <= 0 || y < v->list_row || y >= v->list_row + v->list_rows)
		return false;
	viewer_show(t, v->top + (size_t)(y - v->list_row));
	return true;
}

/* ---- editing an entry: the editor over the viewer ---- */

/* The entry's text as the editor can hold it: each byte of an ill-formed
 * UTF-8 sequence, and each NUL, as its %XX escape (RFC 3987 3.1: what irie
 * check suggests for INVALID_UTF8 and CONTROL_CHARACTER), never U+FFFD, so
 * an edit writes the escape and not EF BF BD.  *first_bad: the first such
 * byte's offset, SIZE_MAX when none.  False past the editor's cap. */
static bool escape_bad_bytes(const char *s, size_t len, iri_buf *out, size_t *first_bad)
{
	*first_bad = SIZE_MAX;
	for (size_t k = 0; k < len;) {
		uint32_t cp;
		iri_utf8_status st;
		size_t n = iri_utf8_decode((const uint8_t *)s + k, len - k, &cp, &st);
		if (st == IRI_UTF8_OK && cp != 0) {
			iri_buf_append(out, s + k, n);
		} else {
			if (*first_bad == SIZE_MAX)
				*first_bad = k;
			for (size_t b = 0; b < n; b++)
				iri_buf_put_pct(out, (uint8_t)s[k + b]);
		}
		k += n;
	}
	return !out->failed;
}

/* Enter: the selected entry into the editor, which takes the screen. */
static run_state edit_open(tui *t, ink_action a)
{
	(void)a;
	viewer *v = &t->vw;
	size_t len, i = viewer_entry(t), first_bad;
	unsigned long long line = vl_line(v->list, i);
	const char *text = vl_text(v->list, i, &len);
	iri_buf escaped;
	iri_buf_init(&escaped);
	escaped.cap = EDB_MAX_TEXT_BYTES;
	if (!text || !escape_bad_bytes(text, len, &escaped, &first_bad)) {
		if (text)
			/* TRANSLATORS: %llu: the line number; %zu: the editor's cap in bytes; %XX: keep it. */
			snprintf(t->scr.status, sizeof t->scr.status, _("line %llu is longer than %zu bytes with its bad bytes as %%XX: not opened"),
				line, (size_t)EDB_MAX_TEXT_BYTES);
		else
			snprintf(t->scr.status, sizeof t->scr.status, _("line %llu is longer than %zu bytes: not shown"),
				line, (size_t)EDB_MAX_TEXT_BYTES);
		iri_buf_fini(&escaped);
		return RUN_ON;
	}
	editor *e = &t->ed;
	free(e->draft);
	e->draft = NULL;
	e->hist_pos = history_count(e->hist);
	editor_load(t, escaped.data ? escaped.data : "", escaped.len);
	iri_buf_fini(&escaped);
	if (first_bad != SIZE_MAX)
		snprintf(t->scr.status, sizeof t->scr.status, text[first_bad] == '\0'
			/* TRANSLATORS: %zu: the byte's place in the line, from 1; keep %00. */
			? _("byte %zu is a NUL: it shows as %%00, which an edit writes")
			/* TRANSLATORS: %zu: the first such byte's place in the line, from 1; keep %XX. */
			: _("byte %zu is not UTF-8: such bytes show as %%XX, which an edit writes"), first_bad + 1);
	edb_clear_history(e->edb);
	size_t n;
	const char *loaded = edb_text(e->edb, &n);
	iri_buf_reset(&e->start_text);
	iri_buf_append(&e->start_text, loaded, n);
	v->editing = true;
	v->edit_entry = i;
	t->scr.teach = false;
	t->scr.base = &room_edit;
	t->scr.over_base = &room_view_edit;
	t->scr.diag_sel = -1;
	t->scr.hscroll = 0;
	/* An entry no text can replace says so first (not "Enter puts it back"). */
	if (!t->scr.status[0])
		vx_entry_refusal(v->list, i, line, t->scr.status, sizeof t->scr.status);
	if (!t->scr.status[0])
		/* TRANSLATORS: the viewer opened a line in the editor; %llu: its line number; keep Enter and Esc. */
		snprintf(t->scr.status, sizeof t->scr.status, _("editing line %llu: Enter puts it back in the list, Esc leaves it as it was"),
			line);
	return RUN_ON;
}

static void edit_close(tui *t)
{
	t->vw.editing = false;
	t->scr.teach = false;
	t->scr.base = &room_view;
	t->scr.over_base = NULL;
	t->scr.hscroll = 0;
	viewer_show(t, t->vw.pos);
}

/* Whether the editor's text differs from the entry as it was opened. */
static bool edit_changed(const tui *t, const char **text, size_t *len)
{
	*text = edb_text(t->ed.edb, len);
	const iri_buf *start = &t->ed.start_text;
	return *len != start->len || (*len > 0 && memcmp(*text, start->data, *len) != 0);
}

/* Enter in the editor: the text replaces the entry (marked changed until
 * w writes it); unchanged, the entry stays as it is. */
static run_state edit_accept(tui *t, ink_action a)
{
	(void)a;
	viewer *v = &t->vw;
	const char *text;
	size_t len;
	unsigned long long line = vl_line(v->list, v->edit_entry);
	if (!edit_changed(t, &text, &len)) {
		edit_close(t);
		/* TRANSLATORS: %llu: a line number. */
		snprintf(t->scr.status, sizeof t->scr.status, _("line %llu unchanged"), line);
		return RUN_ON;
	}
	if (memchr(text, '\n', len) || memchr(text, '\r', len)) {
		/* A line break would split the line in two in the file. */
		snprintf(t->scr.status, sizeof t->scr.status, "%s", _("the text holds a line break: it cannot replace a line"));
		return RUN_ON;
	}
	char why[300];
	if (vx_replace_refusal(v->list, v->edit_entry, text, len, why, sizeof why)) {
		snprintf(t->scr.status, sizeof t->scr.status, "%s", why);
		return RUN_ON;
	}
	if (!vl_replace(v->list, v->edit_entry, text, len)) {
		snprintf(t->scr.status, sizeof t->scr.status, "%s", _("out of memory: the text stays as it is"));
		return RUN_ON;
	}
	edit_close(t);
	if (vl_can_write(v->list))
		/* TRANSLATORS: %llu: a line number; keep w. */
		snprintf(t->scr.status, sizeof t->scr.status, _("line %llu replaced (w writes the file)"), line);
	else
		/* TRANSLATORS: %llu: a line number (of a list read from standard input, which w cannot write). */
		snprintf(t->scr.status, sizeof t->scr.status, _("line %llu replaced"), line);
	return RUN_ON;
}

/* Esc or C-c in the editor: back to the list, the entry as it was; with
 * the text changed, the first press only warns. */
static run_state edit_cancel(tui *t, ink_action a)
{
	(void)a;
	const char *text;
	size_t len;
	unsigned long long line = vl_line(t->vw.list, t->vw.edit_entry);
	if (edit_changed(t, &text, &len) && !t->scr.leave_asked) {
		char why[sizeof t->scr.status];
		t->scr.leave_armed = true;
		if (vx_entry_refusal(t->vw.list, t->vw.edit_entry, line, why, sizeof why))
			/* TRANSLATORS: %llu: a line number (one that cannot be put back in the file); keep Esc. */
			snprintf(t->scr.status, sizeof t->scr.status, _("Esc again drops the changes to line %llu (they cannot be put back in the file)"), line);
		else
			/* TRANSLATORS: %llu: a line number; keep Esc and Enter. */
			snprintf(t->scr.status, sizeof t->scr.status, _("Esc again drops the changes to line %llu; Enter keeps them"), line);
		return RUN_ON;
	}
	edit_close(t);
	/* TRANSLATORS: %llu: a line number. */
	snprintf(t->scr.status, sizeof t->scr.status, _("line %llu left as it was"), line);
	return RUN_ON;
}

/* ---- writing and leaving ---- */

bool viewer_write(tui *t)
{
	char err[sizeof t->scr.status];
	size_t n = vl_unwritten(t->vw.list);
	if (!vl_write(t->vw.list, err, sizeof err)) {
		snprintf(t->scr.status, sizeof t->scr.status, "%s", err);
		return false;
	}
	snprintf(t->scr.status, sizeof t->scr.status, vl_is_document(t->vw.list)
		/* TRANSLATORS: view --extract; %zu: how many IRIs were replaced; %s: the file name. */
		? ngettext("%zu IRI written to %s", "%zu IRIs written to %s", n)
		/* TRANSLATORS: %zu: how many lines were replaced; %s: the file name. */
		: ngettext("%zu line written to %s", "%zu lines written to %s", n), n, vl_path(t->vw.list));
	return true;
}

bool viewer_add_work(tui *t)
{
	view_list *vl = t->vw.list;
	bool ok = true;
	for (size_t i = 0; i < vl_count(vl); i++) {
		size_t len;
		const char *text = vl_changed(vl, i) ? vl_text(vl, i, &len) : NULL;
		if (text && !history_add(t->ed.hist, text, len))
			ok = false;
	}
	return ok;
}

/* w: asks first (y/n).  A list that can never be written (standard
 * input) says so first, edits or not: "Enter edits one" would promise a
 * write. */
static run_state write_ask(tui *t, ink_action a)
{
	(void)a;
	if (!vl_can_write(t->vw.list)) {
		char err[sizeof t->scr.status];
		vl_write(t->vw.list, err, sizeof err);   /* says why */
		snprintf(t->scr.status, sizeof t->scr.status, "%s", err);
		return RUN_ON;
	}
	if (vl_unwritten(t->vw.list) == 0) {
		snprintf(t->scr.status, sizeof t->scr.status, "%s", vl_is_document(t->vw.list)
			/* TRANSLATORS: w in view --extract with no IRI replaced; keep Enter. */
			? _("nothing to write: no IRI was replaced (Enter edits one)")
			/* TRANSLATORS: w in the viewer with no line replaced; keep Enter. */
			: _("nothing to write: no line was replaced (Enter edits one)"));
		return RUN_ON;
	}
	view_prompt_open(t, VIEW_PROMPT_WRITE, false);
	return RUN_ON;
}

/* q, Esc, C-c: leave (exit 0); with replacements not written, ask.  Also
 * C-c under teach and at a prompt (INK_ACT_CANCEL), which leave as here. */
static run_state quit(tui *t, ink_action a)
{
	(void)a;
	if (vl_unwritten(t->vw.list) == 0)
		return RUN_CANCEL;
	view_prompt_open(t, VIEW_PROMPT_QUIT, false);
	return RUN_ON;
}

static run_state read_only(tui *t, const ink_event *ev)
{
	(void)ev;
	/* TRANSLATORS: text typed over the viewer (teach on top); keep Enter. */
	snprintf(t->scr.status, sizeof t->scr.status, "%s", _("the viewer shows the file as it is: Enter edits the line"));
	return RUN_ON;
}

static const room_row view_rows[] = {
	{ INK_ACT_LEFT, move_logical },
	{ INK_ACT_RIGHT, move_logical },
	{ INK_ACT_BACK_CHAR, move_logical },
	{ INK_ACT_FORWARD_CHAR, move_logical },
	{ INK_ACT_HOME, home_end },
	{ INK_ACT_END, home_end },
	{ INK_ACT_VIEW_PREV_LINE, line_step },
	{ INK_ACT_VIEW_NEXT_LINE, line_step },
	{ INK_ACT_VIEW_PAGE_UP, page_step },
	{ INK_ACT_VIEW_PAGE_DOWN, page_step },
	{ INK_ACT_VIEW_FIRST, first_last },
	{ INK_ACT_VIEW_LAST, first_last },
	{ INK_ACT_VIEW_NEXT_FINDING, finding_step },
	{ INK_ACT_VIEW_PREV_FINDING, finding_step },
	{ INK_ACT_VIEW_FILTER, filter_toggle },
	{ INK_ACT_VIEW_SEARCH_FORWARD, prompt_open },
	{ INK_ACT_VIEW_SEARCH_BACKWARD, prompt_open },
	{ INK_ACT_VIEW_GOTO_LINE, prompt_open },
	{ INK_ACT_VIEW_SEARCH_NEXT, search_again },
	{ INK_ACT_VIEW_SEARCH_PREV, search_again },
	{ INK_ACT_VIEW_EDIT, edit_open },
	{ INK_ACT_ACCEPT, edit_open },      /* Enter in teach over the viewer */
	{ INK_ACT_VIEW_WRITE, write_ask },
	{ INK_ACT_VIEW_QUIT, quit },
	{ INK_ACT_CANCEL, quit },
};

/* Editing keys have no row here: in the viewer (under teach) they do
 * nothing, and the status line says so (rooms.c).  Typed text (teach takes
 * text) gets a message too. */
const room room_view = {
	.id = ROOM_VIEW,
	.rows = view_rows,
	.n_rows = ROWS_OF(view_rows),
	.insert = read_only,
	.text = view_text,
	.cursor = view_cursor,
	.set_cursor = view_set_cursor,
	.title = view_title,
	.history_on_accept = false,
	.search = &room_view_prompt,
};

/* Over the editor while it holds an entry: Enter and Esc end the edit
 * (the rest is the editor's). */
static const room_row view_edit_rows[] = {
	{ INK_ACT_ACCEPT, edit_accept },
	{ INK_ACT_CANCEL, edit_cancel },
};

const room room_view_edit = {
	.id = ROOM_EDIT,
	.rows = view_edit_rows,
	.n_rows = ROWS_OF(view_edit_rows),
};
