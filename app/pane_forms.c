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
#include "render_sanitize.h"
#include "term.h"
#include "tui_state.h"

/* The URI bytes [*start, *end) that the character under the cursor became. */
static void uri_highlight(tui *t, size_t *start, size_t *end)
{
	size_t len;
	tui_text(t, &len);
	size_t cur = tui_cursor_cp(t), n_cp = rnd_logical_len(t->an.disp);
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
		*start = t->an.uri_off[b0];
		*end = t->an.uri_off[b1];
		/* A host converted whole (A-labels) maps every byte to its start:
		 * then the whole host is what this character became part of. */
		const iri_span *h = &t->an.ref.comp[IRI_COMP_HOST];
		if (*end == *start && h->present && b0 >= h->start && b0 < h->end) {
			*start = t->an.uri_off[h->start];
			*end = t->an.uri_off[h->end];
		}
	}
}

/* The edit line's cells: coloured by component, findings underlined,
 * errors bold, the selected finding reversed. */
static attr_t edit_cell_attr(const rnd_cell *c, void *user)
{
	const tui *t = user;
	size_t n_cp = rnd_logical_len(t->an.disp);
	attr_t a = pair_attr(component_pair(c->component));
	uint8_t m = t->an.cp_marks && c->cp_start != RND_NO_CP && c->cp_start < n_cp ? t->an.cp_marks[c->cp_start] : 0;
	if (m & MARK_DIAG)
		a |= A_UNDERLINE;
	if (m & MARK_ERROR)
		a |= A_BOLD;
	if (m & MARK_SELECTED)
		a |= A_REVERSE;
	return a;
}

/* The edit line's horizontal scroll (t->scr.hscroll, a cell column), like
 * readline's horizontal-scroll-mode: the cursor (cursor_col, cursor_w cells
 * wide) stays where it is until it would leave the cells the row shows
 * (the first and last are "‹" and "›" when the text goes on past them);
 * then the row jumps so it sits a third of the width in from that edge.
 * total: the text's cells; the cursor after the end takes one more. */
static void edit_scroll(tui *t, int width, int total, int cursor_col, int cursor_w)
{
	int margin = width / 3 > 0 ? width / 3 : 1;
	/* Context kept in view beside the cursor while the text goes on past
	 * that edge: a few cells, so a move never ends against the "‹" or "›". */
	int context = width / 8 < 1 ? 1 : width / 8 > 8 ? 8 : width / 8;
	int *h = &t->scr.hscroll;
	if (total + 1 <= width) {   /* all of it fits, the cursor at the end too */
		*h = 0;
		return;
	}
	int lo = *h + (*h > 0 ? 1 + context : 0);
	int hi = *h + width - (total - *h > width ? 1 + context : 0);   /* exclusive */
	if (cursor_col < lo)
		*h = cursor_col - margin;
	else if (cursor_col + cursor_w > hi)
		*h = cursor_col + cursor_w - (width - 1 - margin);
	if (*h < 0 || cursor_col < 1)
		*h = 0;
	/* Text gone from the end (deleted, or the row grew): more than two
	 * margins blank at the right, show more of the left. */
	if (*h > 0 && width - (total + 1 - *h) > 2 * margin) {
		*h = total + 1 - (width - margin);
		if (*h < 0)
			*h = 0;
	}
}

/* What is being composed (romaji "ky", a dead key, "U+05D" after C-v u)
 * shows inline at the cursor, underlined, as input methods do: the cells
 * from the cursor on (after, n of them) move right to make room, and the
 * cursor goes after it.  x: the cursor's cell column in the row. */
static void edit_preedit(tui *t, int row, int col, int width, int x, const rnd_cell *after, size_t n)
{
	const char *typed = ink_preedit(t->keys);
	if (!typed[0] || x < 0 || x >= width)
		return;
	char clean[64];
	size_t clean_len;
	rnd_sanitize(typed, strlen(typed), clean, sizeof clean, &clean_len);
	int w = (int)rnd_text_cells(clean, clean_len);
	if (w <= 0 || x + w >= width)
		return;
	attrset(A_NORMAL);
	mvhline(row, col + x, ' ', width - x);
	put_safe(row, col + x, clean, A_UNDERLINE | A_BOLD);
	put_cells(row, col + x + w, width - x - w, after, n, 0, edit_cell_attr, t);
	t->scr.cursor_col += w;
}

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
	int cursor_col = 0, cursor_w = 1, col = 0;
	size_t cur_cell = cur < n_cp ? rnd_form_cell_of_cp(t->an.disp, t->scr.edit_form, cur) : n_cells;
	for (size_t i = 0; i < n_cells; i++) {
		if (i == cur_cell) {
			cursor_col = col;
			cursor_w = cells[i].width;
		}
		col += cells[i].width;
	}
	if (cur_cell >= n_cells)
		cursor_col = col;
	/* On an escape, all of it comes into view (put_cells draws escapes
	 * whole): an escape's cells are one cell wide each. */
	int view_col = cursor_col;
	size_t esc = cur_cell < n_cells ? cells_escape_of(cells, n_cells, cur_cell) : n_cells;
	if (esc < n_cells) {
		view_col = cursor_col - (int)(cur_cell - esc);
		cursor_w = 3;
	}
	edit_scroll(t, logical_view_cols(width), col, view_col, cursor_w);
	/* Logical mode: the terminal's bidi algorithm on the marks puts every
	 * character in the form's visual place, and its cursor with it: the
	 * cursor goes to the character's logical column. */
	if (term_bidi_logical())
		put_form_logical(t->an.disp, t->scr.edit_form, row, left + LABEL_COLS, width, t->scr.hscroll,
			edit_cell_attr, t);
	else
		put_cells(row, left + LABEL_COLS, width, cells, n_cells, t->scr.hscroll, edit_cell_attr, t);
	t->scr.cursor_col = left + LABEL_COLS + (term_bidi_logical()
		? logical_cursor_col(t->an.disp, t->scr.edit_form, width, t->scr.hscroll, cur, cursor_col - t->scr.hscroll)
		: cursor_col - t->scr.hscroll);
	edit_preedit(t, row, left + LABEL_COLS, width, cursor_col - t->scr.hscroll,
		cur_cell < n_cells ? cells + cur_cell : NULL, cur_cell < n_cells ? n_cells - cur_cell : 0);
	return 1;
}

/* Where the URI may be cut: not inside a %XX escape (a triplet is one
 * unit, RFC 3986 2.1).  The URI is ASCII: a byte is a cell. */
static size_t uri_unit(const char *s, size_t len, size_t i)
{
	return iri_pct_at(s, len, i, &(uint8_t){ 0 }) ? 3 : 1;
}

/* The URI, coloured by component, with the escapes of the character under
 * the cursor highlighted; scrolled (by whole escapes) to keep them in view,
 * "‹" and "›" where it goes on past the row's edges. */
int pane_uri(tui *t, int row, int col, int width, int max_rows)
{
	(void)max_rows;
	put_safe(row, col, "URI ", A_BOLD);
	width -= LABEL_COLS;
	if (width <= 2 || !t->an.uri.data)
		return 1;
	const char *u8 = t->an.uri.data;
	size_t ulen = t->an.uri.len, hl_start = 0, hl_end = 0;
	uri_highlight(t, &hl_start, &hl_end);
	iri_ref u;
	iri_split(u8, ulen, &u);
	/* The first unit shown: 0, or the first whose start lets the highlight
	 * and four more cells in before the "›" (after a "‹"). */
	size_t first = 0;
	if (ulen > (size_t)width && hl_end + 4 > (size_t)width - 1) {
		size_t want = hl_end + 4 - (size_t)(width - 2);
		while (first < want && first < hl_start)
			first += uri_unit(u8, ulen, first);
	}
	int x = 0;
	if (first > 0) {
		put_safe(row, col + LABEL_COLS, "\u2039", A_BOLD);
		x = 1;
	}
	bool more = ulen - first > (size_t)(width - x);
	int end_x = width - (more ? 1 : 0);   /* before the "›" */
	for (size_t i = first; i < ulen;) {
		size_t n = uri_unit(u8, ulen, i);
		if (x + (int)n > end_x)
			break;
		for (size_t k = i; k < i + n; k++, x++) {
			int comp = -1;
			for (int c = 0; c < IRI_COMP_COUNT; c++)
				if (u.comp[c].present && k >= u.comp[c].start && k < u.comp[c].end)
					comp = c;
			attr_t a = pair_attr(component_pair(comp));
			if (k >= hl_start && k < hl_end)
				a |= A_REVERSE;
			char ch[2] = { u8[k], 0 };
			put_safe(row, col + LABEL_COLS + x, ch, a);
		}
		i += n;
	}
	if (more)
		put_safe(row, col + LABEL_COLS + width - 1, "\u203A", A_BOLD);
	return 1;
}

/* Another display form, labelled, for comparison (no cursor). */
static attr_t form_cell_attr(const rnd_cell *c, void *user)
{
	(void)user;
	return pair_attr(component_pair(c->component));
}

static int form_line(tui *t, int row, int col, int width, const char *label, rnd_form f)
{
	put_safe(row, col, label, A_DIM);
	size_t n_cells;
	const rnd_cell *cells = rnd_form_cells(t->an.disp, f, &n_cells);
	if (term_bidi_logical())
		put_form_logical(t->an.disp, f, row, col + LABEL_COLS, width - LABEL_COLS, 0, form_cell_attr, NULL);
	else
		put_cells(row, col + LABEL_COLS, width - LABEL_COLS, cells, n_cells, 0, form_cell_attr, NULL);
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

/* Rows above the footer a selected finding's message may take. */
#define FOOTER_MSG_ROWS 4

/* The bytes of s[0..n) that fit in width cells, cut after the last space
 * outside an isolate (LRI, RLI, FSI ... PDI: a quoted rendering stays on
 * one row), or at the width when there is none; *next: where the next row
 * starts (past that space). */
static size_t wrap_row(const char *s, size_t n, size_t width, size_t *next)
{
	size_t at = 0, cells = 0, space = 0;
	int depth = 0;
	while (at < n) {
		size_t c, k = rnd_char_cells(s + at, n - at, &c);
		bool opens = k == 3 && s[at] == '\xE2' && s[at + 1] == '\x81' &&
			(s[at + 2] == '\xA6' || s[at + 2] == '\xA7' || s[at + 2] == '\xA8');
		bool closes = k == 3 && s[at] == '\xE2' && s[at + 1] == '\x81' && s[at + 2] == '\xA9';
		if (opens || closes)
			c = 0;   /* isolates take no cell */
		if (cells + c > width && at > 0)
			break;
		depth += opens ? 1 : closes && depth > 0 ? -1 : 0;
		if (s[at] == ' ' && depth == 0)
			space = at;
		cells += c;
		at += k;
	}
	if (at < n && space > 0) {
		*next = space + 1;
		return space;
	}
	*next = at;
	return at;
}

/* The message msg on the rows above the footer at row, wrapped to width:
 * as many rows as it needs, up to FOOTER_MSG_ROWS and leaving the header
 * and the edit line (rows 0-2); the last row cut when it runs over. */
static void footer_message(tui *t, int row, int width, const char *msg)
{
	size_t n = strlen(msg), at = 0, next;
	int rows = 0;
	for (size_t p = 0; p < n && rows < FOOTER_MSG_ROWS; rows++, p = next)
		wrap_row(msg + p, n - p, width > 0 ? (size_t)width : 1, &next), next += p;
	if (rows > row - 3)
		rows = row - 3;
	for (int r = rows; r > 0; r--) {
		char part[UI_LINE_MAX_BYTES];
		size_t len = r == 1 ? n - at : wrap_row(msg + at, n - at, (size_t)width, &next);
		len = out_cut_bytes(msg + at, len, sizeof part - 1);
		memcpy(part, msg + at, len);
		part[len] = '\0';
		fill_row(row - r, A_REVERSE);
		put_ui(t, row - r, 0, width, part, A_REVERSE);
		if (r > 1)
			at += next;
	}
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
	} else if (t->scr.diag_sel >= 0 && !t->scr.overlay) {
		/* The selected finding, unless help or the menu is on top: then
		 * their keys. */
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
		/* Too long for one row: the message gets the rows above, wrapped
		 * (up to FOOTER_MSG_ROWS), so it is read whole -- a bidi finding's
		 * rendering comes last (it covers the panes' last rows meanwhile). */
		if (rnd_text_cells(line, strlen(line)) > (size_t)width && row >= 4) {
			footer_message(t, row, width, msg);
			snprintf(line, sizeof line, "%s", head);
		}
	} else {
		keyline_text(t, width, line, sizeof line);
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
	/* TRANSLATORS: title bar, after the edit line's form: who reorders
	 * right-to-left text (F12); %s: "visual" or "logical" as F7 names them. */
	char term_mode[64];
	snprintf(term_mode, sizeof term_mode, _("term:%s"), form_label(term_bidi_logical() ? RND_FORM_LOGICAL : RND_FORM_VISUAL));
	snprintf(right, sizeof right, "%s%s%s  %s \u00B7 %s ", typed[0] ? pre : "", typed[0] ? "  " : "",
		ink_im_active(t->keys) ? ink_im_name(ink_get_im(t->keys)) : "", form_label(t->scr.edit_form), term_mode);
	/* At the far end from the title (the left in a right-to-left UI);
	 * measured in cells, not bytes. */
	int w = (int)rnd_text_cells(right, strlen(right));
	if (w < width - (int)rnd_text_cells(title, strlen(title)))
		/* (logical mode: from column 1, the cell before carries its marks) */
		put_ui(t, 0, t->scr.ui_rtl ? (term_bidi_logical() ? 1 : 0) : width - w, w, right, A_REVERSE);
	return 1;
}
