/* The viewer's room: a file's lines, one at a time, each analysed as it is
 * in the file (ill-formed bytes and NULs included: core reports them and
 * render shows them as placeholders); read-only. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "tui_state.h"

#define VIEW_MAX_LINES 1000000

void viewer_fini(viewer *v)
{
	for (size_t i = 0; i < v->n_lines; i++)
		free(v->lines[i]);
	free(v->lines);
	free(v->line_len);
	free(v->line_state);
	iri_diags_free(v->scan_diags);
}

/* One line of f into line (reset first), at most cap bytes kept; the rest of
 * a longer line is read and dropped.  Returns false at the end of the file,
 * or with *no_memory when the line could not be kept. */
static bool read_capped_line(FILE *f, iri_buf *line, size_t cap, bool *too_long, bool *no_memory)
{
	int c;
	bool any = false;
	iri_buf_reset(line);
	*too_long = *no_memory = false;
	while ((c = getc(f)) != EOF) {
		any = true;
		if (c == '\n')
			break;
		if (line->len >= cap)
			*too_long = true;
		else if (!iri_buf_putc(line, (char)c)) {
			*no_memory = true;
			return false;
		}
	}
	return any;
}

/* Appends a line (NULL: over the cap) to v; false without memory. */
static bool add_line(viewer *v, size_t *cap, const char *text, size_t n, bool too_long)
{
	if (v->n_lines == *cap) {
		size_t want = *cap ? *cap * 2 : 256;
		char **p = realloc(v->lines, want * sizeof *p);
		if (p)
			v->lines = p;
		size_t *q = p ? realloc(v->line_len, want * sizeof *q) : NULL;
		if (!q)
			return false;
		v->line_len = q;
		*cap = want;
	}
	/* A line over the cap is kept as NULL and reported when shown; the
	 * rest are kept as read, NUL bytes too (check reports them). */
	char *copy = NULL;
	if (!too_long) {
		copy = malloc(n + 1);
		if (!copy)
			return false;
		memcpy(copy, text, n);
		copy[n] = '\0';
	}
	v->line_len[v->n_lines] = n;
	v->lines[v->n_lines++] = copy;
	return true;
}

bool viewer_load(viewer *v, const char *path, char *err, size_t err_size)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	if (!f) {
		/* TRANSLATORS: %s: the file name. */
		snprintf(err, err_size, _("cannot open %s"), path);
		return false;
	}
	size_t cap = 0;
	iri_buf line;
	iri_buf_init(&line);
	bool too_long, no_memory = false;
	while (read_capped_line(f, &line, EDB_MAX_TEXT_BYTES, &too_long, &no_memory)) {
		size_t n = line.len;
		while (n > 0 && line.data[n - 1] == '\r')
			n--;
		/* Lines left unread are never dropped silently: the first show says. */
		if (v->n_lines == VIEW_MAX_LINES || !add_line(v, &cap, line.data ? line.data : "", n, too_long)) {
			v->truncated = true;
			break;
		}
	}
	v->truncated |= no_memory;
	iri_buf_fini(&line);
	if (f != stdin)
		fclose(f);
	v->line_state = malloc(v->n_lines ? v->n_lines : 1);
	if (!v->line_state) {
		snprintf(err, err_size, "%s", _("out of memory"));
		return false;
	}
	memset(v->line_state, -1, v->n_lines ? v->n_lines : 1);
	if (v->n_lines == 0) {
		/* TRANSLATORS: %s: the file name ("-" for stdin). */
		snprintf(err, err_size, _("%s has no lines"), path);
		return false;
	}
	return true;
}

void viewer_show(tui *t, size_t i)
{
	viewer *v = &t->vw;
	if (v->n_lines == 0)
		return;
	v->line = i;
	v->cp = 0;
	t->scr.diag_sel = -1;
	if (v->truncated && !v->truncation_told) {
		v->truncation_told = true;
		/* TRANSLATORS: the viewer at its start: %zu: how many lines it holds (a cap, or memory ran out). */
		snprintf(t->scr.status, sizeof t->scr.status, _("only the first %zu lines were read"), v->n_lines);
		return;
	}
	if (!v->lines[i])
		/* TRANSLATORS: first %zu: the line number; second %zu: the cap in bytes. */
		snprintf(t->scr.status, sizeof t->scr.status, _("line %zu is longer than %zu bytes: not shown"),
			i + 1, (size_t)EDB_MAX_TEXT_BYTES);
}

/* ---- the base room's view of the text ---- */

static const char *view_text(const tui *t, size_t *len)
{
	const viewer *v = &t->vw;
	bool have = v->n_lines > 0 && v->lines[v->line];
	*len = have ? v->line_len[v->line] : 0;
	return have ? v->lines[v->line] : "";
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
	/* TRANSLATORS: title bar; %zu/%zu: the line shown / the number of lines; keep the leading space. */
	snprintf(buf, size, _(" irie view  line %zu/%zu"), t->vw.line + 1, t->vw.n_lines);
}

/* ---- actions ---- */

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

/* Up/Down: the previous/next line. */
static run_state line_step(tui *t, ink_action a)
{
	if (a == INK_ACT_VIEW_PREV_LINE && t->vw.line > 0)
		viewer_show(t, t->vw.line - 1);
	else if (a == INK_ACT_VIEW_NEXT_LINE && t->vw.line + 1 < t->vw.n_lines)
		viewer_show(t, t->vw.line + 1);
	return RUN_ON;
}

/* PgUp/PgDn: as many lines as the screen has rows. */
static run_state page_step(tui *t, ink_action a)
{
	size_t page = LINES > 4 ? (size_t)LINES - 2 : 1, line = t->vw.line, n = t->vw.n_lines;
	if (a == INK_ACT_VIEW_PAGE_UP && line > 0)
		viewer_show(t, line > page ? line - page : 0);
	else if (a == INK_ACT_VIEW_PAGE_DOWN && line + 1 < n)
		viewer_show(t, line + page < n ? line + page : n - 1);
	return RUN_ON;
}

/* M-< / M-> (g / G): the first or the last line. */
static run_state first_last(tui *t, ink_action a)
{
	viewer_show(t, a == INK_ACT_VIEW_FIRST ? 0 : t->vw.n_lines - 1);
	return RUN_ON;
}

/* F8: the next line with a finding; a line too long to show counts as one. */
static run_state next_warning_line(tui *t, ink_action a)
{
	(void)a;
	viewer *v = &t->vw;
	for (size_t i = v->line + 1; i < v->n_lines; i++) {
		if (v->line_state[i] < 0) {
			/* Its own list: t->an.diags belongs to the line on screen. */
			if (!v->scan_diags && !(v->scan_diags = iri_diags_new()))
				return RUN_ON;
			if (v->lines[i])
				iri_check(t->an.ctx, v->lines[i], v->line_len[i], NULL, v->scan_diags);
			v->line_state[i] = !v->lines[i] || iri_diags_count(v->scan_diags) > 0;
		}
		if (v->line_state[i] > 0) {
			viewer_show(t, i);
			return RUN_ON;
		}
	}
	snprintf(t->scr.status, sizeof t->scr.status, "%s", _("no further line with a warning"));
	return RUN_ON;
}

static run_state read_only(tui *t, const ink_event *ev)
{
	(void)ev;
	snprintf(t->scr.status, sizeof t->scr.status, "%s", _("the viewer is read-only: Enter prints the line, Esc quits"));
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
	{ INK_ACT_VIEW_NEXT_FINDING, next_warning_line },
};

/* Editing keys have no row here: in the viewer (under teach) they do
 * nothing, and the status line says so (rooms.c).  Typed text (teach takes
 * text) gets the read-only message. */
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
};
