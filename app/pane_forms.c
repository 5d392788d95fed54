/* The panes along the top and bottom: the title bar, the edit line, the
 * URI and the other display forms under it, and the footer. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "i18n.h"
#include "keyline.h"
#include "messages.h"
#include "output.h"
#include "tui_state.h"

/* The edit line: the chosen display form's cells, scrolled to the cursor.
 * Keeps the cursor's screen column in t->scr.cursor_col. */
int pane_edit_line(tui *t, int row, int left, int width, int max_rows)
{
	(void)max_rows;
	put_safe(row, left, "IRI ", A_BOLD);
	width -= LABEL_COLS;
	t->scr.cursor_col = 0;
	if (width <= 0)
		return 1;
	size_t n_cells;
	const rnd_cell *cells = rnd_form_cells(t->an.disp, t->scr.edit_form, &n_cells);
	size_t cur = tui_cursor_cp(t), n_cp = rnd_logical_len(t->an.disp);
	/* Cursor column: on its cell; at the end of the text, after the last
	 * cell (the edit line is a left-to-right paragraph), so Left and Right
	 * walk the cells in order. */
	int cursor_col = 0, col = 0;
	size_t cur_cell = cur < n_cp ? rnd_form_cell_of_cp(t->an.disp, t->scr.edit_form, cur) : n_cells;
	for (size_t i = 0; i < n_cells; i++) {
		if (i == cur_cell)
			cursor_col = col;
		col += cells[i].width;
	}
	if (cur_cell >= n_cells)
		cursor_col = col;
	int total = col;
	if (cursor_col - t->scr.hscroll >= width)
		t->scr.hscroll = cursor_col - width + 1;
	if (cursor_col < t->scr.hscroll)
		t->scr.hscroll = cursor_col;
	if (t->scr.hscroll > 0 && total - t->scr.hscroll < width - 1)
		t->scr.hscroll = total - width + 1 > 0 ? total - width + 1 : 0;
	col = 0;
	for (size_t i = 0; i < n_cells; i++) {
		const rnd_cell *c = &cells[i];
		int x = col - t->scr.hscroll;
		col += c->width;
		if (x < 0)
			continue;
		if (x + c->width > width)
			break;
		attr_t a = pair_attr(component_pair(c->component));
		uint8_t m = t->an.cp_marks && c->cp_start != RND_NO_CP && c->cp_start < n_cp ? t->an.cp_marks[c->cp_start] : 0;
		if (m & MARK_DIAG)
			a |= A_UNDERLINE;
		if (m & MARK_ERROR)
			a |= A_BOLD;
		if ((m & MARK_SELECTED) || c->placeholder)
			a |= A_REVERSE;
		put_safe(row, left + LABEL_COLS + x, c->text, a);
	}
	t->scr.cursor_col = left + LABEL_COLS + cursor_col - t->scr.hscroll;
	return 1;
}

/* The URI, coloured by component, with the escapes of the character under
 * the cursor highlighted. */
int pane_uri(tui *t, int row, int col, int width, int max_rows)
{
	(void)max_rows;
	put_safe(row, col, "URI ", A_BOLD);
	width -= LABEL_COLS;
	if (width <= 0 || !t->an.uri.data)
		return 1;
	size_t len;
	tui_text(t, &len);
	size_t cur = tui_cursor_cp(t), n_cp = rnd_logical_len(t->an.disp);
	size_t hl_start = 0, hl_end = 0;
	if (cur < n_cp && t->an.uri_off && len + 1 <= t->an.uri_off_cap) {
		size_t cell = rnd_form_cell_of_cp(t->an.disp, RND_FORM_VISUAL, cur);
		size_t n_cells;
		const rnd_cell *cells = rnd_form_cells(t->an.disp, RND_FORM_VISUAL, &n_cells);
		size_t c0 = cur, c1 = cur + 1;
		if (cell < n_cells && cells[cell].cp_start != RND_NO_CP) {
			c0 = cells[cell].cp_start;
			c1 = cells[cell].cp_end;
		}
		size_t b0 = rnd_cp_byte(t->an.disp, c0), b1 = rnd_cp_byte(t->an.disp, c1);
		hl_start = t->an.uri_off[b0];
		hl_end = t->an.uri_off[b1];
		/* A host converted whole (A-labels) maps every byte to its start:
		 * then the whole host is what this character became part of. */
		const iri_span *h = &t->an.ref.comp[IRI_COMP_HOST];
		if (hl_end == hl_start && h->present && b0 >= h->start && b0 < h->end) {
			hl_start = t->an.uri_off[h->start];
			hl_end = t->an.uri_off[h->end];
		}
	}
	iri_ref u;
	iri_split(t->an.uri.data, t->an.uri.len, &u);
	/* Scroll so the highlight is visible. */
	size_t first = 0;
	if (hl_end > (size_t)width)
		first = hl_end - (size_t)width + 4 < t->an.uri.len ? hl_end - (size_t)width + 4 : 0;
	for (size_t i = first; i < t->an.uri.len && (int)(i - first) < width; i++) {
		int comp = -1;
		for (int k = 0; k < IRI_COMP_COUNT; k++)
			if (u.comp[k].present && i >= u.comp[k].start && i < u.comp[k].end)
				comp = k;
		attr_t a = pair_attr(component_pair(comp));
		if (i >= hl_start && i < hl_end)
			a |= A_REVERSE;
		char ch[2] = { t->an.uri.data[i], 0 };
		put_safe(row, col + LABEL_COLS + (int)(i - first), ch, a);
	}
	return 1;
}

/* Another display form, labelled, for comparison (no cursor). */
static int form_line(tui *t, int row, int col, int width, const char *label, rnd_form f)
{
	put_safe(row, col, label, A_DIM);
	size_t n_cells;
	const rnd_cell *cells = rnd_form_cells(t->an.disp, f, &n_cells);
	int x = col + LABEL_COLS;
	for (size_t i = 0; i < n_cells && x + cells[i].width <= col + width; i++) {
		attr_t a = pair_attr(component_pair(cells[i].component)) | (cells[i].placeholder ? A_REVERSE : 0);
		put_safe(row, x, cells[i].text, a);
		x += cells[i].width;
	}
	return 1;
}

/* With room, the other renderings: how a browser following RFC 3987 and
 * how a naive renderer would show it. */
int pane_rfc(tui *t, int row, int col, int width, int max_rows)
{
	(void)max_rows;
	return form_line(t, row, col, width, "RFC ", RND_FORM_RFC3987);
}

int pane_uba(tui *t, int row, int col, int width, int max_rows)
{
	(void)max_rows;
	return form_line(t, row, col, width, "UBA ", RND_FORM_PLAIN);
}

static bool has_replacement_char(const char *s, size_t n)
{
	for (size_t i = 0; i + 2 < n; i++)
		if (s[i] == '\xEF' && s[i + 1] == '\xBF' && s[i + 2] == '\xBD')
			return true;
	return false;
}

int pane_footer(tui *t, int row, int col, int width, int max_rows)
{
	(void)col, (void)max_rows;   /* the whole row */
	fill_row(row, A_REVERSE);
	char line[UI_LINE_MAX_BYTES];
	size_t len;
	const char *text = tui_text(t, &len);
	if (t->scr.status[0]) {
		snprintf(line, sizeof line, "%s", t->scr.status);
	} else if (t->scr.bad_input && has_replacement_char(text, len)) {
		/* Shown while the text still holds a U+FFFD: what came in is not lost silently. */
		snprintf(line, sizeof line, "%s", _("bytes that were not UTF-8 came in: they are shown as U+FFFD"));
	} else if (t->scr.diag_sel >= 0) {
		const iri_diag *d = iri_diags_get(t->an.diags, (size_t)t->scr.diag_sel);
		char msg[512], quoted[560], head[UI_LINE_MAX_BYTES / 2];
		msg_diag_ui(d, msg, sizeof msg);
		/* The suggestion first: on a narrow terminal it is what F3 needs. */
		if (d->suggestion && !d->suggestion[0])
			snprintf(head, sizeof head, "%s [%s] %s (F3)", iri_diag_code_name(d->code),
				d->rule, _("suggestion: remove it"));
		else if (d->suggestion)
			snprintf(head, sizeof head, "%s [%s] %s \"%s\" (F3)", iri_diag_code_name(d->code),
				d->rule, _("suggestion:"), ui_quote(d->suggestion, strlen(d->suggestion), quoted, sizeof quoted));
		else
			snprintf(head, sizeof head, "%s [%s]", iri_diag_code_name(d->code), d->rule);
		snprintf(line, sizeof line, "%s | %s", head, msg);
		/* Too long for one row: the message gets the row above, so it is
		 * read whole (it covers the last row of the panes meanwhile). */
		if (out_cells(line, strlen(line)) > (size_t)width && row >= 4) {
			fill_row(row - 1, A_REVERSE);
			put_ui(t, row - 1, 0, width, msg, A_REVERSE);
			snprintf(line, sizeof line, "%s", head);
		}
	} else {
		keyline_text(keyline_mode(t), width, line, sizeof line);
	}
	put_ui(t, row, 0, width, line, A_REVERSE);
	return 1;
}

/* The edit line's form, as F1 help names it. */
static const char *form_label(rnd_form f)
{
	switch (f) {
	/* TRANSLATORS: what the edit line shows (F7): display form names; one or two words. */
	case RND_FORM_VISUAL: return _("visual");
	case RND_FORM_RFC3987: return _("RFC 3987");
	case RND_FORM_PLAIN: return _("plain");
	case RND_FORM_LOGICAL: return _("logical");
	default: return rnd_form_name(f);
	}
}

int pane_header(tui *t, int row, int col, int width, int max_rows)
{
	(void)row, (void)col, (void)max_rows;   /* the top row */
	fill_row(0, A_REVERSE | pair_attr(PAIR_TITLE));
	char title[256], right[256];
	t->scr.base->title(t, title, sizeof title);
	put_ui(t, 0, 0, width, title, A_REVERSE | A_BOLD);
	char pre[96];
	const char *typed = ink_preedit(t->keys);
	if (typed[0])
		ui_quote(typed, strlen(typed), pre, sizeof pre);
	snprintf(right, sizeof right, "%s%s%s  %s ", typed[0] ? pre : "", typed[0] ? "  " : "",
		ink_im_active(t->keys) ? ink_im_name(ink_get_im(t->keys)) : "", form_label(t->scr.edit_form));
	/* At the far end from the title (the left in a right-to-left UI);
	 * measured in cells, not bytes. */
	int w = (int)out_cells(right, strlen(right));
	if (w < width - (int)out_cells(title, strlen(title)))
		put_ui(t, 0, t->scr.ui_rtl ? 0 : width - w, w, right, A_REVERSE);
	return 1;
}
