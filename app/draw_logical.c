/* Drawing for --bidi=logical: the terminal applies the Unicode bidi
 * algorithm (UAX #9) to each row itself, as a left-to-right paragraph, so
 * irie writes logical order with the marks that make it show what irie
 * means.  Curses takes a zero-width character as part of the cell before it
 * (ncursesw's combining characters), so each mark rides on the cell before
 * its place: the terminal receives base, marks, next base... in that order,
 * which is the logical string the bidi algorithm sees.  A mark with no cell
 * before it on its row (column 0) is dropped. */
#include <curses.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "draw.h"
#include "output.h"
#include "render_bidi.h"
#include "term.h"

#define LRM 0x200E
#define RLM 0x200F
#define LRO 0x202D
#define PDF 0x202C
#define LRE 0x202A
#define RLE 0x202B
#define LRI 0x2066
#define RLI 0x2067
#define FSI 0x2068
#define PDI 0x2069

/* The characters of the cell at (row, x) into wch (CCHARW_MAX + 1, zero
 * terminated; a blank cell is a space), its attributes; false off screen. */
static bool cell_chars(int row, int x, wchar_t *wch, attr_t *a, short *pair)
{
	cchar_t cc;
	wmemset(wch, 0, CCHARW_MAX + 1);
	if (mvin_wch(row, x, &cc) == ERR || getcchar(&cc, wch, a, pair, NULL) == ERR)
		return false;
	if (!wch[0])
		wch[0] = L' ';
	return true;
}

/* Columns the cell at (row, x) takes (its base's width, at least 1). */
static int cell_cols(int row, int x)
{
	wchar_t wch[CCHARW_MAX + 1];
	attr_t a;
	short pair;
	int w = cell_chars(row, x, wch, &a, &pair) ? rnd_cell_width((uint32_t)wch[0]) : 1;
	return w > 1 ? w : 1;
}

/* The column where the cell covering x starts: curses keeps a wide
 * character in both its columns, and a mark added to the right one would
 * overwrite it.  Walked from the row's start only when a wide character
 * is at x or just before it. */
static int cell_start(int row, int x)
{
	if (x == 0 || (cell_cols(row, x) == 1 && cell_cols(row, x - 1) == 1))
		return x;
	int c = 0;
	while (c < x) {
		int w = cell_cols(row, c);
		if (c + w > x)
			return c;
		c += w;
	}
	return x;
}

static bool is_embedding(wchar_t c)
{
	return c == LRE || c == RLE || c == PDF || c == LRO;
}

/* Appends mark to the characters of the cell at (row, x) (the start of
 * the cell covering x).  A cell holds CCHARW_MAX characters, so marks are
 * kept few: two LRMs in a row act as one (UAX #9: an LRM is a strong L with
 * no width); a guard (LRM, RLM) between an embedding's end and another
 * embedding control is alone in its level run (X10: embeddings, unlike
 * isolates, do not join runs), so it resolves nothing and the control
 * takes its place.  A full cell passes the mark to a blank cell right
 * after it, if there is one: false when the mark found no room. */
bool ride_mark(int row, int x, uint32_t mark)
{
	/* Not on the last column: a zero-width character after it arrives in
	 * the terminal's pending-wrap state, and mlterm 3.9 wraps to a new line
	 * (scrolling the screen) rather than add it to that cell.  Nothing is
	 * lost: what would ride there closes the line, and the end of the
	 * paragraph closes every embedding and isolate (UAX #9 X8), with eos
	 * the paragraph's L (X10). */
	if (x < 0 || row < 0 || mark == 0 || x >= COLS - 1)
		return true;
	x = cell_start(row, x);
	wchar_t wch[CCHARW_MAX + 1];
	attr_t a;
	short pair;
	if (!cell_chars(row, x, wch, &a, &pair))
		return false;
	size_t len = wcslen(wch);
	if (mark == LRM && wch[len - 1] == (wchar_t)LRM)
		return true;
	if (len >= 3 && is_embedding((wchar_t)mark) && (wch[len - 1] == (wchar_t)LRM || wch[len - 1] == (wchar_t)RLM) &&
	    is_embedding(wch[len - 2]))
		len--;
	if (len >= CCHARW_MAX) {
		int next = x + cell_cols(row, x);
		wchar_t after[CCHARW_MAX + 1];
		attr_t a2;
		short pair2;
		if (next >= COLS - 1 || !cell_chars(row, next, after, &a2, &pair2) || after[0] != L' ' || after[1])
			return false;
		return ride_mark(row, next, mark);
	}
	wch[len] = (wchar_t)mark;
	wch[len + 1] = 0;
	cchar_t cc;
	if (setcchar(&cc, wch, a, pair, NULL) != OK)
		return false;
	mvadd_wch(row, x, &cc);
	return true;
}

/* The cell a mark written at column x rides on. */
static int before(int x)
{
	return x - 1;
}

static bool is_delimiter_cell(const rnd_cell *c)
{
	return c->delimiter;
}

/* Code points in the UTF-8 string s. */
static size_t cps_in(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* Whether every cell of the logical row has room (CCHARW_MAX characters)
 * for its grapheme and the marks put_form_logical adds to it: the LRM
 * after a delimiter or before the next (one, they coincide), the close
 * mark on the last. */
static bool marks_fit(const rnd_cell *cells, size_t n, rnd_term_marks m)
{
	for (size_t i = 0; i < n; i++) {
		bool lrm = m.delimiters && (is_delimiter_cell(&cells[i]) || (i + 1 < n && is_delimiter_cell(&cells[i + 1])));
		size_t need = cps_in(cells[i].text) + lrm + (i + 1 == n && m.close);
		if (need > CCHARW_MAX)
			return false;
	}
	return true;
}

/* The most marks put_form_logical adds to the logical row: the open and
 * close marks, an LRM each side of every delimiter. */
static int marks_at_most(const rnd_cell *cells, size_t n, rnd_term_marks m)
{
	int k = (m.open != 0) + (m.close != 0);
	for (size_t i = 0; i < n; i++)
		k += m.delimiters && is_delimiter_cell(&cells[i]) ? 2 : 0;
	return k;
}

/* Whether put_form_logical draws form f as its visual cells in LRO ... PDF
 * (scrolled, too wide, a placeholder, or no room for the marks), not as
 * logical cells; *total gets the logical cells' width. */
static bool as_visual(rnd_display *d, rnd_form f, int width, int from, int *total)
{
	size_t n;
	const rnd_cell *cells = rnd_form_cells(d, RND_FORM_LOGICAL, &n);
	bool placeholder = false;
	*total = 0;
	for (size_t i = 0; i < n; i++) {
		*total += cells[i].width;
		/* (a mark on a dotted circle is one too: the circle is a neutral) */
		placeholder = placeholder || cells[i].placeholder || strncmp(cells[i].text, "\u25CC", 3) == 0;
	}
	rnd_term_marks m = rnd_term_marks_of(d, f);
	return from > 0 || *total > width || placeholder || !marks_fit(cells, n, m) ||
		(term_marks_take_columns() && *total + marks_at_most(cells, n, m) > width - 1);
}

/* mlterm gives each mark a column (term_marks_take_columns()): the visual
 * cells' row keeps three columns free, for LRO, PDF and one more, so that
 * logical_refresh() finds it fits. */
int logical_view_cols(int width)
{
	return term_marks_take_columns() && width > 3 ? width - 3 : width;
}

int logical_cursor_col(rnd_display *d, rnd_form f, int width, int from, size_t cp, int visual_col)
{
	int total;
	if (width <= 0 || as_visual(d, f, width, from, &total))
		return visual_col;
	size_t n;
	const rnd_cell *cells = rnd_form_cells(d, RND_FORM_LOGICAL, &n);
	size_t cell = rnd_form_cell_of_cp(d, RND_FORM_LOGICAL, cp);
	int x = 0;
	for (size_t i = 0; i < cell && i < n; i++)
		x += cells[i].width;
	return x;
}

/* Form f of d in [col, col + width): its LOGICAL cells with the marks
 * rnd_term_marks_of(f) asks (UAX #9 X2-X5c for the open mark, the LRMs as
 * strong L around each delimiter, W1-N2 stop at them).  When the logical
 * text does not fit (or from > 0: scrolled), or it has a placeholder (its
 * letters, e.g. "<RLO>", are strong L to the terminal and would split the
 * right-to-left runs irie's visual order joins: logical and visual would
 * disagree on hostile input), the form's own visual cells go inside
 * LRO ... PDF instead (X4: every character L, so the terminal keeps irie's
 * order), cut as put_cells cuts them; the same when a cell has no room
 * for its marks (a grapheme with many combining marks). */
void put_form_logical(rnd_display *d, rnd_form f, int row, int col, int width, int from,
	cell_attr_fn *attr, void *user)
{
	if (width <= 0)
		return;
	size_t n;
	const rnd_cell *cells = rnd_form_cells(d, RND_FORM_LOGICAL, &n);
	int total;
	rnd_term_marks m = rnd_term_marks_of(d, f);
	if (as_visual(d, f, width, from, &total)) {
		size_t nv;
		const rnd_cell *vis = rnd_form_cells(d, f, &nv);
		width = logical_view_cols(width);
		ride_mark(row, before(col), LRO);
		put_cells(row, col, width, vis, nv, from, attr, user);
		int end = total - from < width ? total - from : width;
		ride_mark(row, col + end - 1, PDF);
		return;
	}
	int x = col, last = before(col);
	ride_mark(row, last, m.open);
	for (size_t i = 0; i < n; i++) {
		const rnd_cell *c = &cells[i];
		bool delim = m.delimiters && is_delimiter_cell(c);
		if (delim)
			ride_mark(row, last, LRM);
		put_safe(row, x, c->text, (attr ? attr(c, user) : 0) | (c->placeholder ? A_REVERSE : 0));
		last = x;
		x += c->width;
		if (delim)
			ride_mark(row, last, LRM);
	}
	ride_mark(row, last, m.close);
}

/* An isolate for a terminal whose width tables may give U+2066-2069 a cell
 * (libvterm 0.1 does): guard + embedding ... PDF + guard, the guard a
 * strong mark of the direction around (LRM in the terminal's
 * left-to-right line, RLM inside a right-to-left UI line).  Between the
 * guards the embedding's text is a level run of its own (X2-X3, X10) that
 * no rule outside looks into, and the neutrals outside resolve to the
 * direction around (N1-N2), as they would beside an isolate, a neutral
 * there (X5a-X5b, X6a, N1). */
static void ride_isolate(int row, int x, uint32_t control, uint32_t guard)
{
	switch (control) {
	case LRI:
	case FSI:
		ride_mark(row, x, guard);
		ride_mark(row, x, LRE);
		break;
	case RLI:
		ride_mark(row, x, guard);
		ride_mark(row, x, RLE);
		break;
	case PDI:
		ride_mark(row, x, PDF);
		ride_mark(row, x, guard);
		break;
	default:
		ride_mark(row, x, control);
	}
}

/* put_ui() in logical mode: the line (irie's own text, cut in logical
 * order) inside an isolate of the UI's direction (ride_isolate), so the
 * terminal orders it as the UI reads, in its place on the row; the bidi
 * controls irie put in it (ui_quote's isolates, a translator's LRM) ride
 * along as marks; other Cf and controls are render's placeholders. */
void put_ui_logical(tui *t, int row, int col, int width, const char *s, attr_t attr)
{
	char line[UI_LINE_MAX_BYTES];
	/* The opening marks need a cell before the line to ride on: in a
	 * right-to-left UI a line from column 0 starts at column 1 (in a
	 * left-to-right one, text at level 0 needs no embedding). */
	if (col == 0 && t->scr.ui_rtl && rnd_text_cells(s, strlen(s)) >= (size_t)width) {
		col = 1;
		width--;
	}
	if (width <= 0)
		return;
	size_t len = ui_cut(s, width, line, sizeof line);
	rnd_options opts = out_render_options(true);
	if (rnd_display_build(t->scr.aux, line, len, NULL, 0, &opts) != RND_OK)
		return;
	size_t n, n_logical;
	const rnd_cell *cells = rnd_form_cells(t->scr.aux, RND_FORM_LOGICAL, &n);
	const uint32_t *logical = rnd_form_text(t->scr.aux, RND_FORM_LOGICAL, &n_logical);
	int total = 0;
	size_t end = 0;
	for (; end < n; end++) {
		size_t cp = cells[end].cp_start;
		bool mark = cp < n_logical && iri_is_bidi_control(logical[cp]);
		if (!mark && total + cells[end].width > width)
			break;
		total += mark ? 0 : cells[end].width;
	}
	int x = t->scr.ui_rtl ? col + width - total : col, last = before(x);
	ride_isolate(row, last, t->scr.ui_rtl ? RLI : LRI, LRM);
	uint32_t guard = t->scr.ui_rtl ? RLM : LRM;
	int depth = 0;   /* isolates open inside the line: a PDI closes only those (X6a) */
	for (size_t i = 0; i < end; i++) {
		size_t cp = cells[i].cp_start;
		if (cp < n_logical && iri_is_bidi_control(logical[cp])) {
			uint32_t c = logical[cp];
			if (c == LRI || c == RLI || c == FSI)
				depth++;
			else if (c == PDI && depth == 0)
				continue;
			else if (c == PDI)
				depth--;
			ride_isolate(row, last, c, guard);
			continue;
		}
		put_safe(row, x, cells[i].text, attr | (cells[i].placeholder ? A_REVERSE : 0));
		last = x;
		x += cells[i].width;
	}
	while (depth-- > 0)
		ride_isolate(row, last, PDI, guard);
	ride_isolate(row, last, PDI, LRM);
}

/* ---- mlterm: the rows with marks written by irie ----
 *
 * mlterm 3.9 gives each bidi mark a column of its own in its line (zero
 * cells on the screen; term_marks_take_columns()), where curses counts it
 * as part of the cell before it.  Curses' cursor addressing (CUP, HPA)
 * after a mark would land that many cells to the left, and a row of COLS
 * cells with marks would wrap and scroll the screen.  So curses gets the
 * rows without their marks, and after its refresh irie writes every row
 * whole, from its first column (nothing addressed inside it), marks and
 * all, with autowrap off.  A row whose cells and marks do not fit in
 * COLS - 1 columns goes out unmarked if it has no right-to-left text (the
 * full-width title and key bars: they read left to right anyway), else
 * with its marks and without its last cells. */

/* Bytes for the terminal; a failed append leaves ok false and nothing is
 * written. */
typedef struct {
	char *data;
	size_t len, cap;
	bool ok;
} out_buf;

static void out_add(out_buf *b, const char *s, size_t n)
{
	if (!b->ok)
		return;
	if (b->len + n > b->cap) {
		size_t cap = (b->len + n) * 2 + 256;
		char *p = realloc(b->data, cap);
		if (!p) {
			b->ok = false;
			return;
		}
		b->data = p;
		b->cap = cap;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
}

static void out_utf8(out_buf *b, wchar_t wc)
{
	uint32_t c = (uint32_t)wc;
	char u[4];
	size_t n;
	if (c < 0x80) {
		u[0] = (char)c;
		n = 1;
	} else if (c < 0x800) {
		u[0] = (char)(0xC0 | c >> 6);
		u[1] = (char)(0x80 | (c & 0x3F));
		n = 2;
	} else if (c < 0x10000) {
		u[0] = (char)(0xE0 | c >> 12);
		u[1] = (char)(0x80 | (c >> 6 & 0x3F));
		u[2] = (char)(0x80 | (c & 0x3F));
		n = 3;
	} else {
		u[0] = (char)(0xF0 | c >> 18);
		u[1] = (char)(0x80 | (c >> 12 & 0x3F));
		u[2] = (char)(0x80 | (c >> 6 & 0x3F));
		u[3] = (char)(0x80 | (c & 0x3F));
		n = 4;
	}
	out_add(b, u, n);
}

/* ECMA-48 8.3.117 SGR for a cell's attributes and colour pair (the colours
 * panes_init_colours() sets: the eight ANSI ones or the default). */
static void out_sgr(out_buf *b, attr_t a, short pair)
{
	short fg = -1, bg = -1;
	if (pair > 0 && pair_content(pair, &fg, &bg) == ERR)
		fg = bg = -1;
	char s[64];
	int n = snprintf(s, sizeof s, "\033[0%s%s%s%s%s", a & A_BOLD ? ";1" : "", a & A_DIM ? ";2" : "",
		a & A_UNDERLINE ? ";4" : "", a & A_BLINK ? ";5" : "", a & (A_REVERSE | A_STANDOUT) ? ";7" : "");
	if (fg >= 0 && fg < 8)
		n += snprintf(s + n, sizeof s - (size_t)n, ";3%d", fg);
	if (bg >= 0 && bg < 8)
		n += snprintf(s + n, sizeof s - (size_t)n, ";4%d", bg);
	n += snprintf(s + n, sizeof s - (size_t)n, "m");
	out_add(b, s, (size_t)n);
}

/* Whether c is in a block of right-to-left scripts (Hebrew to the Arabic
 * extensions, their presentation forms, the SMP's right-to-left blocks):
 * where the strong R and AL characters and the Arabic digits (AN) are. */
static bool right_to_left(wchar_t c)
{
	return (c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF) ||
		(c >= 0x10800 && c <= 0x10FFF) || (c >= 0x1E800 && c <= 0x1EFFF);
}

/* The marks on row r of stdscr (*before: in the cells before column x),
 * the last non-blank column (-1: none), whether it has right-to-left
 * text; false when the row has a line-drawing cell (curses writes those,
 * not irie). */
static bool row_scan(int r, int x, int *marks, int *before, int *last, bool *rtl)
{
	*marks = *before = 0;
	*last = -1;
	*rtl = false;
	for (int c = 0; c < COLS;) {
		wchar_t wch[CCHARW_MAX + 1];
		attr_t a;
		short pair;
		if (!cell_chars(r, c, wch, &a, &pair))
			break;
		if (a & A_ALTCHARSET)
			return false;
		int w = wcwidth(wch[0]) > 1 ? 2 : 1, m = 0;
		for (size_t i = 0; wch[i]; i++)
			m += iri_is_bidi_control((uint32_t)wch[i]);
		*rtl = *rtl || right_to_left(wch[0]);
		if (wch[0] != L' ' || wch[1] || (a & ~A_COLOR) != 0 || pair != 0)
			*last = c + w - 1;
		*marks += m;
		*before += c < x ? m : 0;
		c += w;
	}
	return true;
}

/* Row r whole into b from its first column (with its marks if marked),
 * then spaces to the line's end; the marks taken out
 * of stdscr's cells, so that curses writes the row without them. */
static void row_out(out_buf *b, int r, int last, bool marked)
{
	char cup[32];
	out_add(b, cup, (size_t)snprintf(cup, sizeof cup, "\033[%d;1H", r + 1));
	attr_t cur_a = 0;
	short cur_pair = -1;
	int slots = 0;   /* mlterm's columns written: cells and marks */
	for (int c = 0; c < COLS;) {
		wchar_t wch[CCHARW_MAX + 1], kept[CCHARW_MAX + 1];
		attr_t a;
		short pair;
		if (!cell_chars(r, c, wch, &a, &pair))
			break;
		a &= ~A_COLOR;
		size_t k = 0;
		for (size_t i = 0; wch[i]; i++)
			if (!iri_is_bidi_control((uint32_t)wch[i]))
				kept[k++] = wch[i];
		kept[k] = 0;
		int w = wcwidth(wch[0]) > 1 ? 2 : 1;
		/* a marked row too long for its marks loses cells at its end */
		if (c <= last && marked && slots + w + (int)(wcslen(wch) - k) > COLS - 1)
			last = c - 1;
		if (c <= last) {
			slots += w + (marked ? (int)(wcslen(wch) - k) : 0);
			if (a != cur_a || pair != cur_pair)
				out_sgr(b, a, pair);
			cur_a = a;
			cur_pair = pair;
			for (const wchar_t *p = marked ? wch : kept; *p; p++)
				out_utf8(b, *p);
		}
		/* Curses gets a blank as a no-break space: never blank to it, so
		 * it erases nothing (EL, ECH) in a line mlterm holds marks in,
		 * which mlterm 3.9 may leave showing old right-to-left cells
		 * after; what it writes is overwritten here anyway. */
		bool blank = kept[0] == L' ' && !kept[1];
		if (blank)
			kept[0] = 0xA0;
		cchar_t cc;
		if (k > 0 && (wch[k] || blank) && setcchar(&cc, kept, a, pair, NULL) == OK)
			mvadd_wch(r, c, &cc);
		c += w;
	}
	/* The rest of the line as spaces, not erased: after an erase (EL) in a
	 * line with marks mlterm 3.9 may leave on the screen the cells of
	 * right-to-left text the line had before (tried: a row that ended in
	 * Arabic digits, rewritten as two spaces, four marks and EL, kept
	 * showing the digits; with spaces to the end it did not). */
	out_add(b, "\033[0m", 4);
	for (int c = last + 1; c < COLS; c++)   /* (more than enough with marks: autowrap is off) */
		out_add(b, " ", 1);
}

/* DECSCNM (DEC private mode 5) set and reset: reverse video and back. */
static const char mlterm_redraw[] = "\033[?5h\033[?5l";

void logical_refresh(void)
{
	if (!term_marks_take_columns()) {
		refresh();
		return;
	}
	int cy, cx;
	getyx(stdscr, cy, cx);
	out_buf b = { NULL, 0, 0, true };
	out_add(&b, "\033[?7l", 5);
	int slot_x = cx;
	/* Every row, not only those with marks: a row curses updates in
	 * part may still hold the marks of an earlier frame before the part
	 * (mlterm shifts what curses writes after them). */
	for (int r = 0; r < LINES; r++) {
		int marks, before, last;
		bool rtl;
		if (!row_scan(r, r == cy ? cx : 0, &marks, &before, &last, &rtl))
			continue;
		/* Too long for its marks: marked and cut if it has right-to-left
		 * text, else unmarked (left-to-right text needs no marks). */
		bool fits = marks > 0 && last + 1 + marks <= COLS - 1;
		row_out(&b, r, last, marks > 0 && (fits || rtl));
		if (r == cy && fits)
			slot_x = cx + before;
	}
	/* The cursor where mlterm has the character: in its columns, marks
	 * counted. */
	if (slot_x >= COLS)
		slot_x = COLS - 1;
	move(cy, slot_x);
	refresh();
	/* A line with marks shows fewer cells than COLS (its marks take
	 * columns): mlterm 3.9 leaves the last ones as they were, old text
	 * and all, until it draws the whole screen again, which it does when
	 * reverse video is switched (DECSCNM, as curses' flash() does; in one
	 * write nothing flashes).  Tried: still there after EL, ED or
	 * spaces; after switching its bidi off and on (OSC 5379) sometimes;
	 * after this never. */
	out_add(&b, mlterm_redraw, sizeof mlterm_redraw - 1);
	char tail[48];
	out_add(&b, tail, (size_t)snprintf(tail, sizeof tail, "\033[0m\033[?7h\033[%d;%dH", cy + 1, slot_x + 1));
	if (b.ok)
		term_write(b.data, b.len);
	free(b.data);
}
