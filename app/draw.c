/* Drawing helpers: irie's own text in visual order (the terminal is in
 * explicit bidi mode), input sanitised and isolated, fields, colours. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "i18n.h"
#include "output.h"
#include "render_bidi.h"
#include "render_sanitize.h"
#include "term.h"

int component_pair(int comp)
{
	return comp >= 0 && comp < IRI_COMP_COUNT ? PAIR_SCHEME + comp : 0;
}

attr_t pair_attr(int pair)
{
	return term_has_colour() && pair ? COLOR_PAIR(pair) : 0;
}

/* Draws text that is safe as it is: render's cells, ASCII literals and the
 * (ASCII) URI; translations go through put_ui(), input through put_visual(). */
void put_safe(int row, int col, const char *s, attr_t attr)
{
	attrset(attr);
	mvaddstr(row, col, s);
	attrset(A_NORMAL);
}

/* Draws one line of irie's own text (translations and what they quote) in
 * visual order.  The terminal is in explicit bidi mode (CSI 8 l), so irie
 * reorders it itself:
 *   1. cut to width cells in logical order (out_pad) -- a line is broken
 *      before it is reordered (UAX #9 3.4) -- ending in "…" when cut;
 *   2. render's bidi (its PLAIN form, shaping and mirroring included) with
 *      the UI's paragraph direction, set by an RLM or LRM put first (the
 *      first strong character decides, UAX #9 P2: HL1 done with a mark);
 *      the mark's cell is not drawn;
 *   3. right-aligned in [col, col + width) when the UI reads right to left;
 *      what still does not fit (a placeholder is wider than the character
 *      it stands for) is dropped at the visual end away from the alignment.
 * The text is irie's own: bidi controls in it (a translator's LRM, irie's
 * isolates and overrides) steer the algorithm and are not drawn; anything
 * from input goes in through ui_quote(), which makes its controls visible.
 * Other controls and Cf become render's placeholders. */
size_t ui_cut(const char *s, int width, char *out, size_t size)
{
	/* A line that does not fit says so: cut a cell short, then "…" (after
	 * a PDI, so an isolate the cut left open does not take it in). */
	bool cut = rnd_text_cells(s, strlen(s)) > (size_t)width;
	out_pad(s, (size_t)(cut ? width - 1 : width), true, out, size);
	size_t len = strlen(out);
	while (len > 0 && out[len - 1] == ' ')   /* out_pad's padding: alignment is the caller's */
		len--;
	static const char more[] = "\u2069\u2026";
	if (cut && len + sizeof more <= size) {
		memcpy(out + len, more, sizeof more);
		len += sizeof more - 1;
	}
	out[len] = '\0';
	return len;
}

void put_ui(tui *t, int row, int col, int width, const char *s, attr_t attr)
{
	if (term_bidi_logical()) {
		put_ui_logical(t, row, col, width, s, attr);
		return;
	}
	if (width <= 0)
		return;
	char line[UI_LINE_MAX_BYTES];
	const char *mark = t->scr.ui_rtl ? "\u200F" : "\u200E";
	size_t m = strlen(mark);
	memcpy(line, mark, m);
	size_t len = m + ui_cut(s, width, line + m, sizeof line - m);
	rnd_options opts = out_render_options(true);
	if (rnd_display_build(t->scr.aux, line, len, NULL, 0, &opts) != RND_OK)
		return;
	size_t n_cells, n_logical;
	const rnd_cell *cells = rnd_form_cells(t->scr.aux, RND_FORM_PLAIN, &n_cells);
	const uint32_t *logical = rnd_form_text(t->scr.aux, RND_FORM_LOGICAL, &n_logical);
	/* Cell widths, 0 for cells not drawn (the mark, bidi controls). */
	int widths[UI_LINE_MAX_BYTES];
	int total = 0;
	for (size_t i = 0; i < n_cells && i < UI_LINE_MAX_BYTES; i++) {
		size_t cp = cells[i].cp_start;
		bool hidden = cp == 0 || cp == RND_NO_CP ||
			(cp < n_logical && iri_is_bidi_control(logical[cp]));
		widths[i] = hidden ? 0 : cells[i].width;
		total += widths[i];
	}
	if (n_cells > UI_LINE_MAX_BYTES)
		n_cells = UI_LINE_MAX_BYTES;
	size_t first = 0, end = n_cells;
	while (total > width) {
		if (t->scr.ui_rtl)
			total -= widths[first++];
		else
			total -= widths[--end];
	}
	int x = t->scr.ui_rtl ? col + width - total : col;
	for (size_t i = first; i < end; i++) {
		if (widths[i] == 0)
			continue;
		put_safe(row, x, cells[i].text, attr | (cells[i].placeholder ? A_REVERSE : 0));
		x += widths[i];
	}
}

/* Text from input (an IRI fragment, a composition) for a put_ui() line:
 * sanitised (controls and Cf as visible placeholders, so none steers the
 * line) and in a left-to-right isolate (LRI ... PDI, UAX #9 X5a), as IRIs
 * are shown: "%20" stays "%20" in a right-to-left message.  Returns out. */
const char *ui_quote(const char *s, size_t n, char *out, size_t size)
{
	static const char lri[] = "\u2066", pdi[] = "\u2069";   /* 3 bytes each */
	if (size < 2 * 3 + 1) {
		if (size)
			out[0] = '\0';
		return out;
	}
	size_t clean_len;
	memcpy(out, lri, 3);
	rnd_sanitize(s, n, out + 3, size - 6, &clean_len);   /* size - 6 includes its NUL */
	memcpy(out + 3 + clean_len, pdi, sizeof pdi);
	return out;
}

/* A row of fields (a table row), laid out in reading order: left to right,
 * or right to left in a right-to-left UI, each field's text through put_ui.
 * cols: a field's width in cells (one blank between fields); the last field
 * takes the rest.  A reverse-video row is filled whole. */
void put_fields(tui *t, int row, int col, int width, const ui_field *f, size_t n, attr_t attr)
{
	if (width <= 0)
		return;
	if (attr & A_REVERSE) {
		attrset(attr);
		mvhline(row, col, ' ', width);
		attrset(A_NORMAL);
	}
	int used = 0;   /* cells from the reading start */
	for (size_t i = 0; i < n && used < width; i++) {
		int w = i + 1 == n || f[i].cols > width - used ? width - used : f[i].cols;
		put_ui(t, row, t->scr.ui_rtl ? col + width - used - w : col + used, w, f[i].text, attr);
		used += w + 1;
	}
}

/* Where a label column and its value go in a pane: the label at the reading
 * start (left, or right in a right-to-left UI), label_cols wide, then one
 * blank, then the value's room. */
void label_value(const tui *t, int col, int width, int label_cols, int *label_x, int *value_x, int *value_w)
{
	*value_w = width - label_cols - 1;
	*label_x = t->scr.ui_rtl ? col + width - label_cols : col;
	*value_x = t->scr.ui_rtl ? col : col + label_cols + 1;
}

static bool cell_is(const rnd_cell *c, bool hex)
{
	char ch = c->text[0];
	if (c->text[1] != '\0')
		return false;
	return hex ? (ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'F') || (ch >= 'a' && ch <= 'f') : ch == '%';
}

/* True if cells k, k + 1, k + 2 show a %XX escape (RFC 3986 2.1). */
static bool escape_at(const rnd_cell *cells, size_t n, size_t k)
{
	return k + 2 < n && cell_is(&cells[k], false) && cell_is(&cells[k + 1], true) && cell_is(&cells[k + 2], true);
}

size_t cells_escape_of(const rnd_cell *cells, size_t n, size_t i)
{
	for (size_t k = i >= 2 ? i - 2 : 0; k <= i && k < n; k++)
		if (escape_at(cells, n, k))
			return k;
	return n;
}

/* Draws a row of render's cells into [col, col + width), starting from cell
 * column from of the row (what is before it is scrolled off).  A row that
 * does not fit says so: "‹" in the first cell when something is off to the
 * left, "›" in the last when something continues past the right edge.  A
 * cell (a wide character, a placeholder) is drawn whole or not at all, and
 * a %XX escape too.  attr (may be NULL) gives a cell's attributes;
 * placeholders are reversed. */
void put_cells(int row, int col, int width, const rnd_cell *cells, size_t n, int from,
	cell_attr_fn *attr, void *user)
{
	if (width <= 0)
		return;
	int total = 0;
	for (size_t i = 0; i < n; i++)
		total += cells[i].width;
	bool left = from > 0, right = total - from > width;
	int lo = left ? 1 : 0, hi = width - (right ? 1 : 0);   /* the cells' room, [lo, hi) */
	/* The cells that fit, [b, e), then whole escapes only. */
	size_t b = 0, e = 0;
	int x = -from, xb = 0;
	for (; b < n && x < lo; b++)
		x += cells[b].width;
	xb = x;
	for (e = b; e < n && x + cells[e].width <= hi; e++)
		x += cells[e].width;
	for (size_t k = b >= 2 ? b - 2 : 0; k < b; k++)
		if (escape_at(cells, n, k) && k + 3 > b) {
			for (; b < k + 3 && b < n; b++)
				xb += cells[b].width;
			break;
		}
	for (size_t k = e >= 2 ? e - 2 : 0; k < e && e < n; k++)
		if (escape_at(cells, n, k) && k + 3 > e && k >= b) {
			e = k;
			break;
		}
	x = xb;
	for (size_t i = b; i < e; i++) {
		const rnd_cell *c = &cells[i];
		put_safe(row, col + x, c->text, (attr ? attr(c, user) : 0) | (c->placeholder ? A_REVERSE : 0));
		x += c->width;
	}
	if (left)
		put_safe(row, col, "\u2039", A_BOLD);
	if (right)
		put_safe(row, col + width - 1, "\u203A", A_BOLD);
}

static attr_t same_attr(const rnd_cell *c, void *user)
{
	(void)c;
	return *(const attr_t *)user;
}

/* Draws a string in visual order (through render, the VISUAL form: an IRI or
 * a piece of one, rendered on its own so it keeps its own bidi) with
 * sanitised cells; right-aligned if right (and it fits), marked "›" if cut. */
void put_visual(tui *t, int row, int col, int width, const char *s, size_t n, attr_t attr, bool right)
{
	rnd_options opts = out_render_options(true);
	if (width <= 0 || rnd_display_build(t->scr.aux, s, n, NULL, 0, &opts) != RND_OK)
		return;
	size_t n_cells;
	const rnd_cell *cells = rnd_form_cells(t->scr.aux, RND_FORM_VISUAL, &n_cells);
	int total = 0;
	for (size_t i = 0; i < n_cells; i++)
		total += cells[i].width;
	int x = right && total < width ? width - total : 0;
	if (term_bidi_logical())
		put_form_logical(t->scr.aux, RND_FORM_VISUAL, row, col + x, width - x, 0, same_attr, &attr);
	else
		put_cells(row, col + x, width - x, cells, n_cells, 0, same_attr, &attr);
}

void fill_row(int row, attr_t attr)
{
	attrset(attr);
	mvhline(row, 0, ' ', COLS);
	attrset(A_NORMAL);
}

attr_t severity_attr(iri_severity s)
{
	switch (s) {
	case IRI_SEV_ERROR: return pair_attr(PAIR_ERROR) | A_BOLD;
	case IRI_SEV_WARNING: return pair_attr(PAIR_WARNING);
	case IRI_SEV_INFO: return pair_attr(PAIR_INFO);
	}
	return 0;
}

/* TRANSLATORS: heading of the editor pane listing the IRI's components. */
const char *parts_heading(void) { return _("Parts"); }

/* The UI's paragraph direction, for put_ui: UAX #9 P2-P3 (first strong
 * character) on the translation of a pane heading.  The heading is a word
 * of the language with no code, key name or number in it, so its first
 * strong character is the language's own; and the translation is the one
 * gettext actually chose (LANGUAGE lists, fallbacks, a missing catalogue),
 * which a locale name cannot tell, and it needs no table of right-to-left
 * language codes.  Untranslated (English): left to right. */
bool draw_ui_direction_rtl(void)
{
	const char *h = parts_heading();
	return out_text_is_rtl(h, strlen(h));
}
