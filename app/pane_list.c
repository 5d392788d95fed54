/* The viewer's list pane: a row per entry shown, scrolled to keep the
 * selected one in view.  A row, from the reading start:
 *
 *   mark  ✗ an error (or a line too long to show), ! a warning, i notes only, ✓ none,
 *         blank for an empty entry (a valid empty reference, but nothing to check)
 *   *     replaced, not yet written (+ once written)
 *   line  its line number, right-aligned
 *   IRI   its visual form (put_visual: sanitised, bidi on its own)
 *   code  the first finding's code, when there is room
 *
 * The row's cells are mirrored in a right-to-left UI; the IRI itself stays
 * left to right, as everywhere. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "i18n.h"
#include "output.h"
#include "tui_state.h"
#include "view_list.h"

/* A row shows a few hundred cells at most: an entry's first ROW_MAX_BYTES
 * are rendered (out_cut_bytes). */
#define ROW_MAX_BYTES 2048
#define CODE_MAX_COLS 22

/* Column x (w cells) from the reading start of [col, col + width). */
static int at(const tui *t, int col, int width, int x, int w)
{
	return t->scr.ui_rtl ? col + width - x - w : col + x;
}

static int digits(unsigned long long v)
{
	int d = 1;
	while (v >= 10) {
		v /= 10;
		d++;
	}
	return d;
}

/* The first shown position on screen, keeping pos in view. */
static size_t keep_in_view(viewer *v, size_t n, int rows)
{
	size_t r = (size_t)rows;
	if (v->pos < v->top)
		v->top = v->pos;
	if (v->pos >= v->top + r)
		v->top = v->pos - r + 1;
	if (v->top + r > n)
		v->top = n > r ? n - r : 0;
	return v->top;
}

static void draw_row(tui *t, int row, int col, int width, size_t i, int line_w, int code_w, bool selected)
{
	view_list *vl = t->vw.list;
	attr_t base = selected ? A_REVERSE : 0;
	if (selected) {
		attrset(A_REVERSE);
		mvhline(row, col, ' ', width);
		attrset(A_NORMAL);
	}
	iri_diag_code code;
	vl_state st = vl_check(vl, i, t->an.ctx, &code);
	size_t len;
	const char *text = vl_text(vl, i, &len);
	bool empty = text && len == 0;   /* no tick: a tick would read as "an IRI, fine" */
	const char *mark = st == VL_ERROR || st == VL_TOO_LONG ? "\u2717" : st == VL_WARNING ? "!"
		: st == VL_INFO ? "i" : st == VL_OK && !empty ? "\u2713" : " ";
	attr_t mark_attr = st == VL_ERROR || st == VL_TOO_LONG ? severity_attr(IRI_SEV_ERROR)
		: st == VL_WARNING ? severity_attr(IRI_SEV_WARNING) : st == VL_INFO ? severity_attr(IRI_SEV_INFO) : 0;
	put_safe(row, at(t, col, width, 0, 1), mark, base | mark_attr);
	const char *changed = vl_changed(vl, i) ? "*" : vl_written(vl, i) ? "+" : " ";
	put_safe(row, at(t, col, width, 1, 1), changed, base | A_BOLD);
	char num[24];
	snprintf(num, sizeof num, "%*llu", line_w, (unsigned long long)vl_line(vl, i));
	put_safe(row, at(t, col, width, 3, line_w), num, base | A_DIM);
	int iri_x = 3 + line_w + 1, iri_w = width - iri_x - (code_w ? code_w + 1 : 0);
	if (empty)
		/* TRANSLATORS: the viewer's list, in place of an empty line (or an empty IRI of a document). */
		put_ui(t, row, at(t, col, width, iri_x, iri_w), iri_w, _("(empty: nothing to check)"), base | A_DIM);
	else if (text)
		put_visual(t, row, at(t, col, width, iri_x, iri_w), iri_w, text, out_cut_bytes(text, len, ROW_MAX_BYTES), base, t->scr.ui_rtl);
	else
		/* TRANSLATORS: the viewer's list, in place of a line over the cap. */
		put_ui(t, row, at(t, col, width, iri_x, iri_w), iri_w, _("(too long to show)"), base | A_DIM);
	if (code_w && (st == VL_ERROR || st == VL_WARNING || st == VL_INFO))
		put_ui(t, row, at(t, col, width, width - code_w, code_w), code_w, iri_diag_code_name(code), base | mark_attr);
}

int pane_list(tui *t, int row, int col, int width, int max_rows)
{
	viewer *v = &t->vw;
	size_t n = v->list ? vl_shown(v->list) : 0;
	if (n == 0 || max_rows < 1)
		return 0;
	int rows = (size_t)max_rows < n ? max_rows : (int)n;
	v->list_row = row, v->list_rows = rows;   /* for a page and the mouse */
	size_t top = keep_in_view(v, n, rows);
	int line_w = digits(vl_last_line(v->list));
	/* The code column when the IRI keeps at least half the row. */
	int code_w = width >= 56 ? (width / 4 < CODE_MAX_COLS ? width / 4 : CODE_MAX_COLS) : 0;
	for (int r = 0; r < rows; r++) {
		size_t pos = top + (size_t)r;
		draw_row(t, row + r, col, width, vl_entry_at(v->list, pos), line_w, code_w, pos == v->pos);
	}
	return rows;
}
