/* The editor: every keystroke edits the logical buffer, then core analyses
 * the whole text, render builds the display forms, and this module paints
 * (RFC 3987 4.3: "rendering should be updated after every new character"). */
#include <curses.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "edit_buffer.h"
#include "history.h"
#include "i18n.h"
#include "ink_bindings.h"
#include "input_keys.h"
#include "iri.h"
#include "messages.h"
#include "output.h"
#include "render_bidi.h"
#include "render_sanitize.h"
#include "term.h"
#include "tui.h"

#define VIEW_MAX_LINES 1000000
#define LABEL_COLS 5
#define UI_LINE_MAX_BYTES 2048   /* a line of irie's own text, cut to its pane first */

/* Colour pairs: one per component, then the chrome. */
enum {
	PAIR_SCHEME = 1, PAIR_USERINFO, PAIR_HOST, PAIR_PORT, PAIR_PATH, PAIR_QUERY, PAIR_FRAGMENT,
	PAIR_ERROR, PAIR_WARNING, PAIR_INFO, PAIR_TITLE
};

typedef enum { OVERLAY_NONE, OVERLAY_HELP, OVERLAY_IM_MENU } tui_overlay;

typedef struct {
	/* engine, reused for every keystroke */
	iri_ctx *ctx;
	iri_diags *diags;
	iri_ref ref;
	iri_buf analysed;           /* the text the results below belong to */
	iri_buf uri;
	size_t *uri_off;            /* input byte -> URI byte (len + 1 entries) */
	size_t uri_off_cap;
	iri_host_forms host;
	bool host_shown;
	rnd_display *disp;
	rnd_display *aux;           /* for drawing other strings in visual order */
	bool ui_rtl;                /* the UI language reads right to left (see ui_direction) */
	uint8_t *cp_marks;          /* per logical code point: MARK_* bits */
	size_t cp_marks_cap;
	/* editing */
	edb_buffer *edb;
	ink_decoder *keys;
	history *hist;
	size_t hist_pos;            /* == history_count() while editing the draft */
	char *draft;                /* the text being edited when browsing history */
	/* viewer */
	bool view;
	char **lines;               /* the file's lines, as read (NUL bytes kept); NULL: over the cap */
	size_t *line_len;           /* bytes */
	size_t n_lines, line;
	size_t view_cp;             /* the viewer's cursor: a logical code point (no edit buffer) */
	signed char *line_state;    /* -1 unknown, 0 clean, 1 has findings */
	iri_diags *scan_diags;      /* F8's search, apart from the shown line's */
	/* screen state */
	tui_overlay over;
	int im_sel;
	bool teach;
	int charset_sel;
	int diag_sel;               /* -1: none */
	int diag_scroll;
	rnd_form edit_form;
	int hscroll;
	char status[512];
	bool bad_input;             /* a byte that was not UTF-8 came in (and became U+FFFD) */
	bool print_uri;
	bool pasting;               /* between the bracketed-paste markers: ESC is content */
	/* UTF-8 assembled from curses' bytes (get_wch() drops what follows an
	 * ill-formed byte; irie shows it as U+FFFD and keeps the rest). */
	uint8_t u8[4];
	size_t u8_len, u8_need;
	int pushback;               /* a byte or key read too far, or -1 */
} tui;

enum { MARK_DIAG = 1, MARK_ERROR = 2, MARK_SELECTED = 4 };

static const char *const legacy_charsets[] = {
	"Shift_JIS", "EUC-JP", "ISO-8859-8", "windows-1256", "ISO-8859-1", "KOI8-R",
};

/* ---- analysis ------------------------------------------------------------ */

/* The text on screen: the edit buffer's, or in the viewer the file's line
 * as it is (ill-formed bytes and NULs included: core reports them and render
 * shows them as placeholders). */
static const char *current_text(const tui *t, size_t *len)
{
	if (t->view) {
		bool have = t->n_lines > 0 && t->lines[t->line];
		*len = have ? t->line_len[t->line] : 0;
		return have ? t->lines[t->line] : "";
	}
	return edb_text(t->edb, len);
}

/* Which code points carry a finding: underlined on the edit line. */
static void mark_diags(tui *t)
{
	size_t n_cp = rnd_logical_len(t->disp);
	if (n_cp + 1 > t->cp_marks_cap) {
		uint8_t *p = realloc(t->cp_marks, n_cp + 1);
		if (!p)
			return;
		t->cp_marks = p;
		t->cp_marks_cap = n_cp + 1;
	}
	memset(t->cp_marks, 0, n_cp + 1);
	for (size_t i = 0; i < iri_diags_count(t->diags); i++) {
		const iri_diag *d = iri_diags_get(t->diags, i);
		if (d->component == IRI_COMP_NONE && (int)i != t->diag_sel)
			continue;   /* whole-IRI notes would underline everything */
		uint8_t bits = MARK_DIAG | (d->severity == IRI_SEV_ERROR ? MARK_ERROR : 0) |
		               ((int)i == t->diag_sel ? MARK_SELECTED : 0);
		size_t end = d->cp_end > d->cp_start ? d->cp_end : d->cp_start + 1;
		for (size_t c = d->cp_start; c < end && c < n_cp; c++)
			t->cp_marks[c] |= bits;
	}
}

/* Core analyses the whole text and render builds every form -- once per
 * change of the text; cursor moves and selections only re-mark. */
static void analyse(tui *t)
{
	size_t len;
	const char *text = current_text(t, &len);
	if (t->analysed.data && t->analysed.len == len && memcmp(t->analysed.data, text, len) == 0 &&
	    !t->analysed.failed) {
		mark_diags(t);
		return;
	}
	iri_buf_reset(&t->analysed);
	iri_buf_append(&t->analysed, text, len);
	iri_check(t->ctx, text, len, &t->ref, t->diags);
	if (len + 1 > t->uri_off_cap) {
		size_t *p = realloc(t->uri_off, (len + 1) * sizeof *p);
		if (p) {
			t->uri_off = p;
			t->uri_off_cap = len + 1;
		}
	}
	iri_to_uri_offsets(t->ctx, text, len, NULL, &t->uri, len + 1 <= t->uri_off_cap ? t->uri_off : NULL);
	const iri_span *h = &t->ref.comp[IRI_COMP_HOST];
	t->host_shown = h->present && t->ref.host_kind == IRI_HOST_REG_NAME && h->end > h->start;
	if (t->host_shown)
		iri_host_analyse(t->ctx, text + h->start, h->end - h->start, &t->host);
	rnd_span spans[IRI_COMP_COUNT];
	size_t n = 0;
	for (int k = 0; k < IRI_COMP_COUNT; k++)
		if (t->ref.comp[k].present)
			spans[n++] = (rnd_span){ t->ref.comp[k].cp_start, t->ref.comp[k].cp_end, k };
	rnd_display_build(t->disp, text, len, spans, n, NULL);
	if (t->diag_sel >= (int)iri_diags_count(t->diags))
		t->diag_sel = (int)iri_diags_count(t->diags) - 1;
	mark_diags(t);
}

/* Logical code point index of the cursor. */
static size_t cursor_cp(const tui *t)
{
	if (t->view)
		return t->view_cp < rnd_logical_len(t->disp) ? t->view_cp : rnd_logical_len(t->disp);
	size_t byte = edb_cursor(t->edb), lo = 0, hi = rnd_logical_len(t->disp);
	while (lo < hi) {   /* rnd_cp_byte is increasing */
		size_t mid = (lo + hi) / 2;
		if (rnd_cp_byte(t->disp, mid) < byte)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* ---- drawing ------------------------------------------------------------- */

static int component_pair(int comp)
{
	return comp >= 0 && comp < IRI_COMP_COUNT ? PAIR_SCHEME + comp : 0;
}

static attr_t pair_attr(int pair)
{
	return term_has_colour() && pair ? COLOR_PAIR(pair) : 0;
}

/* Draws text that is safe as it is: render's cells, ASCII literals and the
 * (ASCII) URI; translations go through put_ui(), input through put_visual(). */
static void put_safe(int row, int col, const char *s, attr_t attr)
{
	attrset(attr);
	mvaddstr(row, col, s);
	attrset(A_NORMAL);
}

/* Draws one line of irie's own text (translations and what they quote) in
 * visual order.  The terminal is in explicit bidi mode (CSI 8 l), so irie
 * reorders it itself:
 *   1. cut to width cells in logical order (out_pad) -- a line is broken
 *      before it is reordered (UAX #9 3.4);
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
static void put_ui(tui *t, int row, int col, int width, const char *s, attr_t attr)
{
	if (width <= 0)
		return;
	char line[UI_LINE_MAX_BYTES];
	const char *mark = t->ui_rtl ? "\u200F" : "\u200E";
	size_t m = strlen(mark);
	memcpy(line, mark, m);
	out_pad(s, (size_t)width, true, line + m, sizeof line - m);
	size_t len = strlen(line);
	while (len > m && line[len - 1] == ' ')   /* out_pad's padding: alignment is done below */
		len--;
	if (rnd_display_build(t->aux, line, len, NULL, 0, NULL) != RND_OK)
		return;
	size_t n_cells, n_logical;
	const rnd_cell *cells = rnd_form_cells(t->aux, RND_FORM_PLAIN, &n_cells);
	const uint32_t *logical = rnd_form_text(t->aux, RND_FORM_LOGICAL, &n_logical);
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
		if (t->ui_rtl)
			total -= widths[first++];
		else
			total -= widths[--end];
	}
	int x = t->ui_rtl ? col + width - total : col;
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
static const char *ui_quote(const char *s, size_t n, char *out, size_t size)
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
typedef struct {
	const char *text;
	int cols;
} ui_field;

static void put_fields(tui *t, int row, int col, int width, const ui_field *f, size_t n, attr_t attr)
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
		put_ui(t, row, t->ui_rtl ? col + width - used - w : col + used, w, f[i].text, attr);
		used += w + 1;
	}
}

/* Where a label column and its value go in a pane: the label at the reading
 * start (left, or right in a right-to-left UI), label_cols wide, then one
 * blank, then the value's room. */
static void label_value(const tui *t, int col, int width, int label_cols, int *label_x, int *value_x, int *value_w)
{
	*value_w = width - label_cols - 1;
	*label_x = t->ui_rtl ? col + width - label_cols : col;
	*value_x = t->ui_rtl ? col : col + label_cols + 1;
}

/* Draws a string in visual order (through render, the VISUAL form: an IRI or
 * a piece of one) with sanitised cells; right-aligned if right (and it fits). */
static void put_visual(tui *t, int row, int col, int width, const char *s, size_t n, attr_t attr, bool right)
{
	if (width <= 0 || rnd_display_build(t->aux, s, n, NULL, 0, NULL) != RND_OK)
		return;
	size_t n_cells;
	const rnd_cell *cells = rnd_form_cells(t->aux, RND_FORM_VISUAL, &n_cells);
	int total = 0;
	for (size_t i = 0; i < n_cells; i++)
		total += cells[i].width;
	int x = right && total < width ? width - total : 0;
	for (size_t i = 0; i < n_cells && x + cells[i].width <= width; i++) {
		put_safe(row, col + x, cells[i].text, attr | (cells[i].placeholder ? A_REVERSE : 0));
		x += cells[i].width;
	}
}

static void fill_row(int row, attr_t attr)
{
	attrset(attr);
	mvhline(row, 0, ' ', COLS);
	attrset(A_NORMAL);
}

/* The edit line: the chosen display form's cells, scrolled to the cursor.
 * Returns the cursor's screen column. */
static int draw_edit_line(tui *t, int row)
{
	int width = COLS - LABEL_COLS;
	put_safe(row, 0, "IRI ", A_BOLD);
	if (width <= 0)
		return 0;
	size_t n_cells;
	const rnd_cell *cells = rnd_form_cells(t->disp, t->edit_form, &n_cells);
	size_t cur = cursor_cp(t), n_cp = rnd_logical_len(t->disp);
	/* Cursor column: on its cell; at the end of the text, after the last
	 * cell (the edit line is a left-to-right paragraph), so Left and Right
	 * walk the cells in order. */
	int cursor_col = 0, col = 0;
	size_t cur_cell = cur < n_cp ? rnd_form_cell_of_cp(t->disp, t->edit_form, cur) : n_cells;
	for (size_t i = 0; i < n_cells; i++) {
		if (i == cur_cell)
			cursor_col = col;
		col += cells[i].width;
	}
	if (cur_cell >= n_cells)
		cursor_col = col;
	int total = col;
	if (cursor_col - t->hscroll >= width)
		t->hscroll = cursor_col - width + 1;
	if (cursor_col < t->hscroll)
		t->hscroll = cursor_col;
	if (t->hscroll > 0 && total - t->hscroll < width - 1)
		t->hscroll = total - width + 1 > 0 ? total - width + 1 : 0;
	col = 0;
	for (size_t i = 0; i < n_cells; i++) {
		const rnd_cell *c = &cells[i];
		int x = col - t->hscroll;
		col += c->width;
		if (x < 0)
			continue;
		if (x + c->width > width)
			break;
		attr_t a = pair_attr(component_pair(c->component));
		uint8_t m = t->cp_marks && c->cp_start != RND_NO_CP && c->cp_start < n_cp ? t->cp_marks[c->cp_start] : 0;
		if (m & MARK_DIAG)
			a |= A_UNDERLINE;
		if (m & MARK_ERROR)
			a |= A_BOLD;
		if ((m & MARK_SELECTED) || c->placeholder)
			a |= A_REVERSE;
		put_safe(row, LABEL_COLS + x, c->text, a);
	}
	return LABEL_COLS + cursor_col - t->hscroll;
}

/* The URI, coloured by component, with the escapes of the character under
 * the cursor highlighted. */
static void draw_uri_line(tui *t, int row)
{
	int width = COLS - LABEL_COLS;
	put_safe(row, 0, "URI ", A_BOLD);
	if (width <= 0 || !t->uri.data)
		return;
	size_t len;
	current_text(t, &len);
	size_t cur = cursor_cp(t), n_cp = rnd_logical_len(t->disp);
	size_t hl_start = 0, hl_end = 0;
	if (cur < n_cp && t->uri_off && len + 1 <= t->uri_off_cap) {
		size_t cell = rnd_form_cell_of_cp(t->disp, RND_FORM_VISUAL, cur);
		size_t n_cells;
		const rnd_cell *cells = rnd_form_cells(t->disp, RND_FORM_VISUAL, &n_cells);
		size_t c0 = cur, c1 = cur + 1;
		if (cell < n_cells && cells[cell].cp_start != RND_NO_CP) {
			c0 = cells[cell].cp_start;
			c1 = cells[cell].cp_end;
		}
		size_t b0 = rnd_cp_byte(t->disp, c0), b1 = rnd_cp_byte(t->disp, c1);
		hl_start = t->uri_off[b0];
		hl_end = t->uri_off[b1];
		/* A host converted whole (A-labels) maps every byte to its start:
		 * then the whole host is what this character became part of. */
		const iri_span *h = &t->ref.comp[IRI_COMP_HOST];
		if (hl_end == hl_start && h->present && b0 >= h->start && b0 < h->end) {
			hl_start = t->uri_off[h->start];
			hl_end = t->uri_off[h->end];
		}
	}
	iri_ref u;
	iri_split(t->uri.data, t->uri.len, &u);
	/* Scroll so the highlight is visible. */
	size_t first = 0;
	if (hl_end > (size_t)width)
		first = hl_end - (size_t)width + 4 < t->uri.len ? hl_end - (size_t)width + 4 : 0;
	for (size_t i = first; i < t->uri.len && (int)(i - first) < width; i++) {
		int comp = -1;
		for (int k = 0; k < IRI_COMP_COUNT; k++)
			if (u.comp[k].present && i >= u.comp[k].start && i < u.comp[k].end)
				comp = k;
		attr_t a = pair_attr(component_pair(comp));
		if (i >= hl_start && i < hl_end)
			a |= A_REVERSE;
		char ch[2] = { t->uri.data[i], 0 };
		put_safe(row, LABEL_COLS + (int)(i - first), ch, a);
	}
}

/* Another display form, labelled, for comparison (no cursor). */
static void draw_form_line(tui *t, int row, const char *label, rnd_form f)
{
	put_safe(row, 0, label, A_DIM);
	size_t n_cells;
	const rnd_cell *cells = rnd_form_cells(t->disp, f, &n_cells);
	int x = LABEL_COLS;
	for (size_t i = 0; i < n_cells && x + cells[i].width <= COLS; i++) {
		attr_t a = pair_attr(component_pair(cells[i].component)) | (cells[i].placeholder ? A_REVERSE : 0);
		put_safe(row, x, cells[i].text, a);
		x += cells[i].width;
	}
}

/* TRANSLATORS: heading of the editor pane listing the IRI's components. */
static const char *parts_heading(void) { return _("Parts"); }

/* The UI's paragraph direction, for put_ui: UAX #9 P2-P3 (first strong
 * character) on the translation of a pane heading.  The heading is a word
 * of the language with no code, key name or number in it, so its first
 * strong character is the language's own; and the translation is the one
 * gettext actually chose (LANGUAGE lists, fallbacks, a missing catalogue),
 * which a locale name cannot tell, and it needs no table of right-to-left
 * language codes.  Untranslated (English): left to right. */
static bool ui_direction_rtl(void)
{
	const char *h = parts_heading();
	return out_text_is_rtl(h, strlen(h));
}

/* Component values: their cells of the VISUAL form (contiguous there, since
 * every delimiter sits at the base level). */
static int draw_parts(tui *t, int row, int col, int width, int max_rows)
{
	int used = 0;
	if (max_rows <= 0 || width < 12)
		return 0;
	put_ui(t, row, col, width, parts_heading(), A_BOLD);
	used++;
	size_t n_cells;
	const rnd_cell *cells = rnd_form_cells(t->disp, RND_FORM_VISUAL, &n_cells);
	int label_x, value_x, value_w;
	label_value(t, col, width, 9, &label_x, &value_x, &value_w);
	for (int k = 0; k < IRI_COMP_COUNT && used < max_rows; k++) {
		const iri_span *sp = &t->ref.comp[k];
		if (!sp->present)
			continue;
		/* The label cut to 9 cells on a character boundary (out_pad). */
		put_ui(t, row + used, label_x, 9, msg_component((iri_component)k), pair_attr(component_pair(k)));
		/* The run starts at the component's leftmost cell (an RTL piece is
		 * reversed within it) and ends at the first cell of another. */
		size_t first = n_cells, end = n_cells;
		for (size_t cp = sp->cp_start; cp < sp->cp_end; cp++) {
			size_t ci = rnd_form_cell_of_cp(t->disp, RND_FORM_VISUAL, cp);
			if (ci < first)
				first = ci;
		}
		int run = 0;
		for (size_t i = first; i < n_cells; i++) {
			const rnd_cell *c = &cells[i];
			if (c->cp_start == RND_NO_CP || c->cp_start < sp->cp_start || c->cp_start >= sp->cp_end) {
				end = i;
				break;
			}
			run += c->width;
		}
		/* The value is an IRI piece, left to right; in a right-to-left UI
		 * it sits against its label, on the label's left. */
		int x = t->ui_rtl && run < value_w ? value_x + value_w - run : value_x;
		for (size_t i = first; i < end; i++) {
			const rnd_cell *c = &cells[i];
			if (x + c->width > value_x + value_w)
				break;
			put_safe(row + used, x, c->text, pair_attr(component_pair(k)) | (c->placeholder ? A_REVERSE : 0));
			x += c->width;
		}
		used++;
	}
	return used;
}

static void draw_host_form(tui *t, int row, int col, int width, const char *label, const iri_buf *b, uint32_t errors)
{
	int label_x, value_x, value_w;
	label_value(t, col, width, 19, &label_x, &value_x, &value_w);
	put_ui(t, row, label_x, 19, label, A_DIM);
	if (errors) {
		char why[256];
		msg_idna_errors(errors, why, sizeof why);
		put_ui(t, row, value_x, value_w, why, pair_attr(PAIR_ERROR));
	} else if (b->data) {
		put_visual(t, row, value_x, value_w, b->data, b->len, 0, t->ui_rtl);
	}
}

static int draw_host(tui *t, int row, int col, int width, int max_rows)
{
	if (!t->host_shown || max_rows < 2 || width < 24)
		return 0;
	/* TRANSLATORS: heading of the editor pane showing the host in every encoding. */
	put_ui(t, row, col, width, _("Host"), A_BOLD);
	int r = 1;
	const struct { const char *label; const iri_buf *b; uint32_t err; } forms[] = {
		/* TRANSLATORS: labels in the editor's host pane (a column of their own): names of host encodings; keep "UTS #46" and the years. */
		{ _("Unicode"), &t->host.unicode, t->host.unicode_errors },
		{ _("A-labels (UTS #46)"), &t->host.idna, t->host.idna_errors },
		{ _("transitional"), &t->host.idna_transitional, t->host.idna_transitional_errors },
		/* xgettext:no-c-format */
		/* TRANSLATORS: not a format string: "%-escaped" means written as %HH escapes; 2002: the year of the draft. */
		{ _("%-escaped (2002)"), &t->host.percent, 0 },
		{ _(".i form (1998)"), &t->host.zld, 0 },
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0] && r < max_rows; i++, r++)
		draw_host_form(t, row + r, col, width, forms[i].label, forms[i].b, forms[i].err);
	return r;
}

static attr_t severity_attr(iri_severity s)
{
	switch (s) {
	case IRI_SEV_ERROR: return pair_attr(PAIR_ERROR) | A_BOLD;
	case IRI_SEV_WARNING: return pair_attr(PAIR_WARNING);
	case IRI_SEV_INFO: return pair_attr(PAIR_INFO);
	}
	return 0;
}

static int draw_warnings(tui *t, int row, int col, int width, int max_rows)
{
	if (max_rows <= 0 || width < 12)
		return 0;
	size_t n = iri_diags_count(t->diags);
	char head[128];
	/* TRANSLATORS: pane heading; %zu: the number of findings. */
	snprintf(head, sizeof head, _("Warnings (%zu)"), n);
	put_ui(t, row, col, width, head, A_BOLD);
	if (n == 0) {
		if (max_rows > 1)
			/* TRANSLATORS: shown in the warnings pane when there are none. */
			put_ui(t, row + 1, col, width, _("none"), A_DIM);
		return max_rows > 1 ? 2 : 1;
	}
	int visible = max_rows - 1;
	if (t->diag_sel >= 0) {
		if (t->diag_sel < t->diag_scroll)
			t->diag_scroll = t->diag_sel;
		if (t->diag_sel >= t->diag_scroll + visible)
			t->diag_scroll = t->diag_sel - visible + 1;
	}
	if (t->diag_scroll < 0)
		t->diag_scroll = 0;
	int pos_cols = 3;
	for (size_t i = 0; i < n; i++) {
		char digits[24];
		int w = snprintf(digits, sizeof digits, "%zu", iri_diags_get(t->diags, i)->cp_start + 1);
		if (w > pos_cols)
			pos_cols = w;
	}
	int r = 1;
	for (size_t i = (size_t)t->diag_scroll; i < n && r < max_rows; i++, r++) {
		const iri_diag *d = iri_diags_get(t->diags, i);
		char msg[512], pos[24], rest[700];
		msg_diag_ui(d, msg, sizeof msg);
		snprintf(pos, sizeof pos, "%*zu", pos_cols, d->cp_start + 1);
		snprintf(rest, sizeof rest, "%s: %s", iri_diag_code_name(d->code), msg);
		/* Position, severity (7 cells), code and message: columns in
		 * reading order, each through the bidi algorithm. */
		/* The position field is as wide as the largest position needs. */
		const ui_field f[] = { { pos, pos_cols }, { msg_severity(d->severity), 7 }, { rest, 0 } };
		attr_t a = severity_attr(d->severity) | ((int)i == t->diag_sel ? A_REVERSE : 0);
		put_fields(t, row + r, col, width, f, sizeof f / sizeof f[0], a);
	}
	return r;
}

typedef struct {
	tui *t;
	int row, max_rows, width, r;
	size_t cursor_byte;
	size_t skip;      /* rows to skip to keep the cursor's row visible */
	size_t index;
} teach_sink;

static bool teach_row(const iri_explain_row *row, void *user)
{
	teach_sink *s = user;
	if (s->index++ < s->skip)
		return true;
	if (s->r >= s->max_rows)
		return false;
	size_t len;
	const char *text = current_text(s->t, &len);
	bool here = s->cursor_byte >= row->byte_start && s->cursor_byte < row->byte_end;
	attr_t a = here ? A_REVERSE : 0;
	/* The character (4 cells) at the reading start, then the columns. */
	bool rtl = s->t->ui_rtl;
	put_visual(s->t, s->row + s->r, rtl ? s->width - 4 : 0, 4, text + row->byte_start,
		row->byte_end - row->byte_start, a, rtl);
	char rest[400], cp[16] = "-";
	if (row->cp != IRI_EXPLAIN_NO_CP)
		snprintf(cp, sizeof cp, "U+%04X", (unsigned)row->cp);
	snprintf(rest, sizeof rest, "%s | %s", row->name, msg_explain_reason(row->reason));
	/* Codes and escapes are left-to-right runs: isolated, so a right-to-left
	 * line does not move their "%" or "+" to the other end (UAX #9 W4-W7). */
	char cp_i[32], hex_i[64], esc_i[64];
	const ui_field f[] = { { ui_quote(cp, strlen(cp), cp_i, sizeof cp_i), 9 },
		{ ui_quote(row->utf8_hex, strlen(row->utf8_hex), hex_i, sizeof hex_i), 12 },
		{ ui_quote(row->escaped, strlen(row->escaped), esc_i, sizeof esc_i), 13 },
		{ msg_component(row->component), 9 }, { rest, 0 } };
	put_fields(s->t, s->row + s->r, rtl ? 0 : 4, s->width - 4, f, sizeof f / sizeof f[0], a);
	s->r++;
	return true;
}

typedef struct {
	size_t cursor_byte;
	size_t *rows;
} teach_count;

static bool count_rows_before(const iri_explain_row *row, void *user)
{
	teach_count *c = user;
	if (row->byte_start >= c->cursor_byte)
		return false;
	(*c->rows)++;
	return true;
}

/* F4: the IRI character by character, the host in every encoding, and the
 * escapes read as a legacy charset. */
static void draw_teach(tui *t, int row, int max_rows)
{
	if (max_rows <= 0)
		return;
	size_t len;
	const char *text = current_text(t, &len);
	char head[256];
	/* TRANSLATORS: heading of the teach pane (F4): the columns under it, in this order; keep "U+code", "UTF-8" and the "|". */
	snprintf(head, sizeof head, "%s", _("Teach: character, U+code, UTF-8, in the URI, component, name | why"));
	put_ui(t, row, 0, COLS, head, A_BOLD);
	int table_rows = max_rows - 1 - (t->host_shown ? 3 : 0) - 2;
	if (table_rows < 1)
		table_rows = max_rows - 1;
	/* Rows, not code points: an escape is one row of three characters. */
	size_t cursor_row = 0;
	size_t cursor_byte = rnd_cp_byte(t->disp, cursor_cp(t));
	iri_explain(t->ctx, text, len, count_rows_before, &(teach_count){ cursor_byte, &cursor_row });
	teach_sink s = { t, row + 1, table_rows, COLS, 0, cursor_byte,
		cursor_row > (size_t)table_rows / 2 ? cursor_row - (size_t)table_rows / 2 : 0, 0 };
	iri_explain(t->ctx, text, len, teach_row, &s);
	int r = 1 + s.r;
	if (t->host_shown && r + 2 < max_rows) {
		int label_x, value_x, value_w;
		label_value(t, 0, COLS, 19, &label_x, &value_x, &value_w);
		/* TRANSLATORS: label in the teach pane: the host in the 1998 ".i" form; keep ".i". */
		put_ui(t, row + r, label_x, 19, _("host .i (1998):"), A_DIM);
		put_visual(t, row + r, value_x, value_w, t->host.zld.data ? t->host.zld.data : "", t->host.zld.len, 0,
			t->ui_rtl);
		r++;
	}
	if (r + 1 < max_rows) {
		/* Escapes read in a legacy charset (Up/Down choose it). */
		iri_to_iri_opts o = { .host = IRI_HOSTOUT_KEEP, .charset = legacy_charsets[t->charset_sel] };
		iri_buf out;
		iri_buf_init(&out);
		iri_to_iri(t->ctx, t->uri.data ? t->uri.data : "", t->uri.len, &o, &out, NULL);
		char label[96];
		/* TRANSLATORS: label in the teach pane; %s: a legacy charset name (Shift_JIS, KOI8-R...): "the escapes read as %s". */
		snprintf(label, sizeof label, _("as %s:"), legacy_charsets[t->charset_sel]);
		int label_x, value_x, value_w;
		label_value(t, 0, COLS, 19, &label_x, &value_x, &value_w);
		put_ui(t, row + r, label_x, 19, label, A_DIM);
		put_visual(t, row + r, value_x, value_w, out.data ? out.data : "", out.len, 0, t->ui_rtl);
		iri_buf_fini(&out);
	}
}

static const char *help_lines[] = {
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("Enter              accept: print the IRI (or URI with --print=uri) and exit"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("Esc, C-c           leave without printing (exit 130)"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("Left/Right         move through the display, visually"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("C-b/C-f            move one character back/forward, logically"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("C-Left/C-Right     move by component"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("Home/End, C-a/C-e  start/end"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("Backspace/Delete   delete before/under the cursor (also C-h/C-d)"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("C-k C-u C-w C-y    kill to end, to start, previous word; yank"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("C-z/C-_, C-r       undo, redo"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("Up/Down            history (in view: previous/next line)"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("Tab/S-Tab          select the next/previous warning"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("F3                 apply the selected warning's suggestion"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("F2, C-\\            choose an input method; turn it on/off"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("C-v u XXXX         enter a code point (C-v U for eight digits)"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("F4                 teach: character by character; Up/Down: legacy charset"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("F5/F6              copy the URI/IRI to the clipboard (OSC 52)"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("F7                 edit line shows: visual, RFC 3987, plain, logical"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("F8, PgUp/PgDn      view: next line with a warning, previous/next line"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("C-l, mouse click   redraw; place the cursor"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("F1                 this help (any key closes it)"),
};

/* First render's bidi self-test, a line already in visual order: a
 * terminal that reorders on its own shows it differently, and F7 then
 * switches the edit line to logical order.  Then every key. */
static void draw_help(tui *t, int row, int max_rows)
{
	const char *visual, *reordered;
	rnd_selftest(&visual, &reordered);
	/* The samples are already in display order: each goes into the line
	 * inside LRO ... PDF, so the line's bidi pass leaves them as they are
	 * (UAX #9 X6: overridden to L); the line is irie's own, so the two
	 * controls are not drawn. */
	char sample[128], sample_re[128], line[512];
	snprintf(sample, sizeof sample, "\u202D%s\u202C", visual);
	snprintf(sample_re, sizeof sample_re, "\u202D%s\u202C", reordered);
	/* TRANSLATORS: first %s: a right-to-left sample as written; second %s: how it looks if the terminal reorders it too; keep F7 and "logical" (the name F7 shows). */
	snprintf(line, sizeof line, _("Bidi self-test: %s  (if you see %s, press F7 until \"logical\")"),
		sample, sample_re);
	put_ui(t, row, 0, COLS, line, A_BOLD);
	int n = (int)(sizeof help_lines / sizeof help_lines[0]);
	int x = t->ui_rtl ? 0 : 2;   /* two blanks at the reading start */
	for (int i = 0; i < n && i + 1 < max_rows; i++) {
		/* The key names (up to the first two blanks) in a first-strong
		 * isolate (FSI ... PDI, UAX #9 X5c): "C-\\" or "F2, C-\\" keep their
		 * order whatever the paragraph's direction. */
		const char *s = _(help_lines[i]), *gap = strstr(s, "  ");
		char keyed[UI_LINE_MAX_BYTES];
		if (gap)
			snprintf(keyed, sizeof keyed, "\u2068%.*s\u2069%s", (int)(gap - s), s, gap);
		else
			snprintf(keyed, sizeof keyed, "%s", s);
		put_ui(t, row + 1 + i, x, COLS - 2, keyed, 0);
	}
}

static void draw_im_menu(tui *t, int row, int max_rows)
{
	/* TRANSLATORS: heading of the input method menu (F2); keep the key names. */
	put_ui(t, row, 0, COLS, _("Input method (Enter chooses, Esc closes)"), A_BOLD);
	static const char *const names[INK_IM_COUNT] = {
		/* TRANSLATORS: input method names in the F2 menu; keep the layout names in parentheses (SI-1452, PC, JCUKEN). */
		N_("none (terminal's own)"), N_("Hebrew (SI-1452)"), N_("Arabic (PC)"), N_("Persian"),
		/* TRANSLATORS: input method names in the F2 menu; keep the layout names in parentheses (SI-1452, PC, JCUKEN). */
		N_("Greek"), N_("Russian (JCUKEN)"), N_("Japanese kana from romaji"),
	};
	int x = t->ui_rtl ? 0 : 2;
	for (int i = 0; i < INK_IM_COUNT && i + 1 < max_rows; i++)
		put_ui(t, row + 1 + i, x, COLS - 2, _(names[i]), i == t->im_sel ? A_REVERSE : 0);
}

static bool has_replacement_char(const char *s, size_t n)
{
	for (size_t i = 0; i + 2 < n; i++)
		if (s[i] == '\xEF' && s[i + 1] == '\xBF' && s[i + 2] == '\xBD')
			return true;
	return false;
}

static void draw_footer(tui *t, int row)
{
	fill_row(row, A_REVERSE);
	char line[UI_LINE_MAX_BYTES];
	size_t len;
	const char *text = current_text(t, &len);
	if (t->status[0]) {
		snprintf(line, sizeof line, "%s", t->status);
	} else if (t->bad_input && has_replacement_char(text, len)) {
		/* Shown while the text still holds a U+FFFD: what came in is not lost silently. */
		snprintf(line, sizeof line, "%s", _("bytes that were not UTF-8 came in: they are shown as U+FFFD"));
	} else if (t->diag_sel >= 0) {
		const iri_diag *d = iri_diags_get(t->diags, (size_t)t->diag_sel);
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
		if (out_cells(line, strlen(line)) > (size_t)COLS && row >= 4) {
			fill_row(row - 1, A_REVERSE);
			put_ui(t, row - 1, 0, COLS, msg, A_REVERSE);
			snprintf(line, sizeof line, "%s", head);
		}
	} else if (t->view) {
		/* TRANSLATORS: the bottom line of the viewer: key names and what they do, two spaces between items; keep the key names; at most 80 columns. */
		snprintf(line, sizeof line, "%s", _("Enter print  Esc quit  PgUp/PgDn lines  F8 next warning  F1 help"));
	} else {
		/* TRANSLATORS: the bottom line of the editor: key names and what they do, two spaces between items; keep the key names; at most 80 columns. */
		snprintf(line, sizeof line, "%s", _("Enter accept  Esc cancel  Tab warnings  F4 teach  F1 help"));
	}
	put_ui(t, row, 0, COLS, line, A_REVERSE);
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

static void draw_header(tui *t)
{
	fill_row(0, A_REVERSE | pair_attr(PAIR_TITLE));
	char title[256], right[256];
	if (t->view)
		/* TRANSLATORS: title bar; %zu/%zu: the line shown / the number of lines; keep the leading space. */
		snprintf(title, sizeof title, _(" irie view  line %zu/%zu"), t->line + 1, t->n_lines);
	else
		/* TRANSLATORS: title bar; keep the leading space and "irie". */
		snprintf(title, sizeof title, "%s", _(" irie  IRI editor"));
	put_ui(t, 0, 0, COLS, title, A_REVERSE | A_BOLD);
	char pre[96];
	const char *typed = ink_preedit(t->keys);
	if (typed[0])
		ui_quote(typed, strlen(typed), pre, sizeof pre);
	snprintf(right, sizeof right, "%s%s%s  %s ", typed[0] ? pre : "", typed[0] ? "  " : "",
		ink_im_active(t->keys) ? ink_im_name(ink_get_im(t->keys)) : "", form_label(t->edit_form));
	/* At the far end from the title (the left in a right-to-left UI);
	 * measured in cells, not bytes. */
	int w = (int)out_cells(right, strlen(right));
	if (w < COLS - (int)out_cells(title, strlen(title)))
		put_ui(t, 0, t->ui_rtl ? 0 : COLS - w, w, right, A_REVERSE);
}

static void paint(tui *t)
{
	erase();
	int rows = LINES, cols = COLS;
	if (rows < 2 || cols < 8) {
		put_ui(t, 0, 0, cols, "irie", A_BOLD);
		refresh();
		return;
	}
	draw_header(t);
	int cursor_x = draw_edit_line(t, 1);
	int row = 2;
	int footer = rows - 1;
	if (t->over != OVERLAY_NONE) {
		/* Help and the menu take everything below the edit line. */
		if (t->over == OVERLAY_HELP)
			draw_help(t, row, footer - row);
		else
			draw_im_menu(t, row, footer - row);
		if (footer > 1)
			draw_footer(t, footer);
		move(1, cursor_x < cols ? cursor_x : cols - 1);
		refresh();
		return;
	}
	if (row < footer)
		draw_uri_line(t, row++);
	/* With room, the other renderings: how a browser following RFC 3987 and
	 * how a naive renderer would show it. */
	if (rows >= 14 && row + 2 < footer) {
		draw_form_line(t, row++, "RFC ", RND_FORM_RFC3987);
		draw_form_line(t, row++, "UBA ", RND_FORM_PLAIN);
	}
	if (row < footer)
		row++;   /* a blank line before the panes */
	int body = footer - row;
	if (t->teach) {
		draw_teach(t, row, body);
	} else if (cols >= 100) {
		/* Side by side: parts and host at the reading start (left, or
		 * right in a right-to-left UI), warnings beside them. */
		int half = cols / 2 - 1;
		int parts_x = t->ui_rtl ? cols - half : 0, warn_x = t->ui_rtl ? 0 : half + 2;
		int used = draw_parts(t, row, parts_x, half, body);
		if (used < body)
			draw_host(t, row + used + 1, parts_x, half, body - used - 1);
		draw_warnings(t, row, warn_x, cols - half - 2, body);
	} else {
		/* Stacked: warnings first (they matter most), then parts, host. */
		int n_diag = (int)iri_diags_count(t->diags);
		int want = n_diag + 1 < body / 2 ? n_diag + 1 : body / 2;
		if (want < 2)
			want = body >= 2 ? 2 : body;
		int used = draw_warnings(t, row, 0, cols, want);
		if (used < body)
			used += draw_parts(t, row + used, 0, cols, body - used);
		if (used + 1 < body)
			draw_host(t, row + used + 1, 0, cols, body - used - 1);
	}
	if (footer > 1)
		draw_footer(t, footer);
	move(1, cursor_x < cols ? cursor_x : cols - 1);
	curs_set(1);
	refresh();
}

/* ---- actions ------------------------------------------------------------- */

/* Puts the cursor before logical code point cp. */
static void set_cursor_cp(tui *t, size_t cp)
{
	size_t n = rnd_logical_len(t->disp);
	if (cp > n)
		cp = n;
	if (t->view)
		t->view_cp = cp;
	else
		edb_set_cursor(t->edb, rnd_cp_byte(t->disp, cp));
}

/* Visual cursor motion through the edit line's cells (render's maps). */
static void move_visual(tui *t, int dir)
{
	size_t n_cells;
	const rnd_cell *cells = rnd_form_cells(t->disp, t->edit_form, &n_cells);
	size_t n_cp = rnd_logical_len(t->disp), cur = cursor_cp(t);
	if (n_cells == 0)
		return;
	size_t cell = cur < n_cp ? rnd_form_cell_of_cp(t->disp, t->edit_form, cur) : n_cells;
	size_t target;
	if (dir < 0) {
		if (cell == 0)
			return;
		target = cell - 1;
	} else {
		if (cell >= n_cells)
			return;
		target = cell + 1;
	}
	size_t cp = target >= n_cells ? n_cp : cells[target].cp_start;
	if (cp == RND_NO_CP)
		return;
	edb_set_cursor(t->edb, rnd_cp_byte(t->disp, cp));
}

/* Puts s into the buffer (one undo step, cursor at the end).  The buffer
 * holds only well-formed UTF-8 without NUL, up to its cap: ill-formed bytes
 * are shown as U+FFFD, and the status line says so -- nothing is dropped
 * silently. */
static void load_text(tui *t, const char *s, size_t len)
{
	edb_result r = edb_set_text(t->edb, s, len);
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
		r = edb_set_text(t->edb, fixed.data ? fixed.data : "", fixed.len);
		iri_buf_fini(&fixed);
		/* TRANSLATORS: %zu: the byte offset (from 0); keep U+FFFD. */
		snprintf(t->status, sizeof t->status, _("byte %zu is not UTF-8; ill-formed bytes are shown as U+FFFD"),
			first_bad + 1);
	}
	if (r != EDB_OK) {
		/* Never show the previous text as if it were this one. */
		edb_set_text(t->edb, "", 0);
		if (r == EDB_TOO_LONG)
			/* TRANSLATORS: %zu: the edit buffer's cap in bytes. */
			snprintf(t->status, sizeof t->status, _("too long to edit (more than %zu bytes)"),
				(size_t)EDB_MAX_TEXT_BYTES);
	}
	edb_end(t->edb);
}

static void set_text(tui *t, const char *s)
{
	load_text(t, s, strlen(s));
}

static void history_move(tui *t, int dir)
{
	size_t n = history_count(t->hist);
	if (dir < 0 && t->hist_pos == 0)
		return;
	if (dir > 0 && t->hist_pos >= n)
		return;
	if (t->hist_pos == n) {   /* leaving the draft: keep it */
		size_t len;
		const char *text = current_text(t, &len);
		free(t->draft);
		t->draft = strndup(text, len);
	}
	t->hist_pos = dir < 0 ? t->hist_pos - 1 : t->hist_pos + 1;
	set_text(t, t->hist_pos == n ? (t->draft ? t->draft : "") : history_get(t->hist, t->hist_pos));
}

static void copy_osc52(tui *t, bool uri)
{
	size_t len;
	const char *s = uri ? t->uri.data : current_text(t, &len);
	if (uri)
		len = t->uri.len;
	if (!s)
		return;
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	iri_buf out;
	iri_buf_init(&out);
	iri_buf_puts(&out, "\033]52;c;");
	for (size_t i = 0; i < len; i += 3) {
		uint32_t v = (uint32_t)(unsigned char)s[i] << 16;
		if (i + 1 < len)
			v |= (uint32_t)(unsigned char)s[i + 1] << 8;
		if (i + 2 < len)
			v |= (unsigned char)s[i + 2];
		char q[4] = { b64[v >> 18 & 63], b64[v >> 12 & 63],
			i + 1 < len ? b64[v >> 6 & 63] : '=', i + 2 < len ? b64[v & 63] : '=' };
		iri_buf_append(&out, q, 4);
	}
	iri_buf_puts(&out, "\a");
	if (!out.failed)
		term_write_raw(out.data, out.len);
	iri_buf_fini(&out);
	/* TRANSLATORS: OSC 52: the terminal escape sequence that sets the clipboard; keep it. */
	snprintf(t->status, sizeof t->status, "%s", uri ? _("URI copied (OSC 52)") : _("IRI copied (OSC 52)"));
}

static void apply_suggestion(tui *t)
{
	if (t->diag_sel < 0) {
		snprintf(t->status, sizeof t->status, "%s", _("select a warning with Tab first"));
		return;
	}
	const iri_diag *d = iri_diags_get(t->diags, (size_t)t->diag_sel);
	if (!d || !d->suggestion) {
		snprintf(t->status, sizeof t->status, "%s", _("this warning has no suggestion"));
		return;
	}
	edb_replace_range(t->edb, d->byte_start, d->byte_end, d->suggestion, strlen(d->suggestion));
}

/* Viewer: show line i, analysed as it is in the file. */
static void view_show(tui *t, size_t i)
{
	if (t->n_lines == 0)
		return;
	t->line = i;
	t->view_cp = 0;
	t->diag_sel = -1;
	if (!t->lines[i])
		/* TRANSLATORS: first %zu: the line number; second %zu: the cap in bytes. */
		snprintf(t->status, sizeof t->status, _("line %zu is longer than %zu bytes: not shown"),
			i + 1, (size_t)EDB_MAX_TEXT_BYTES);
}

static void view_next_warning(tui *t)
{
	for (size_t i = t->line + 1; i < t->n_lines; i++) {
		if (t->line_state[i] < 0) {
			/* A line too long to show counts as one with a finding. */
			/* Its own list: t->diags belongs to the line on screen. */
			if (!t->scan_diags && !(t->scan_diags = iri_diags_new()))
				return;
			if (t->lines[i])
				iri_check(t->ctx, t->lines[i], t->line_len[i], NULL, t->scan_diags);
			t->line_state[i] = !t->lines[i] || iri_diags_count(t->scan_diags) > 0;
		}
		if (t->line_state[i] > 0) {
			view_show(t, i);
			return;
		}
	}
	snprintf(t->status, sizeof t->status, "%s", _("no further line with a warning"));
}

/* The next input: a character (OK; ill-formed bytes as U+FFFD with *bad
 * set) or a curses key (KEY_CODE_YES), or ERR when nothing came. */
static int next_input(tui *t, uint32_t *value, bool *bad)
{
	*bad = false;
	for (;;) {
		int c = t->pushback >= 0 ? t->pushback : getch();
		t->pushback = -1;
		if (c == ERR || c >= KEY_MIN) {
			if (t->u8_len) {   /* a sequence cut short: it shows, the rest follows */
				t->pushback = c == ERR ? -1 : c;
				t->u8_len = 0;
				*value = 0xFFFD;
				*bad = true;
				return OK;
			}
			if (c == ERR)
				return ERR;
			*value = (uint32_t)c;
			return KEY_CODE_YES;
		}
		uint8_t b = (uint8_t)c;
		if (t->u8_len == 0) {
			if (b < 0x80) {
				*value = b;
				return OK;
			}
			/* RFC 3629 4: lead bytes C2..F4 only. */
			t->u8_need = b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
			if (!t->u8_need) {
				*value = 0xFFFD;
				*bad = true;
				return OK;
			}
			t->u8[t->u8_len++] = b;
			continue;
		}
		if ((b & 0xC0) != 0x80) {
			t->pushback = c;
			t->u8_len = 0;
			*value = 0xFFFD;
			*bad = true;
			return OK;
		}
		t->u8[t->u8_len++] = b;
		if (t->u8_len < t->u8_need)
			continue;
		uint32_t cp;
		iri_utf8_status st;
		iri_utf8_decode(t->u8, t->u8_len, &cp, &st);
		t->u8_len = 0;
		*bad = st != IRI_UTF8_OK;
		*value = *bad ? 0xFFFD : cp;
		return OK;
	}
}

typedef enum { RUN_ON, RUN_ACCEPT, RUN_CANCEL } run_state;

/* PgUp/PgDn in the viewer: as many lines as the screen has rows. */
static int page_lines(void)
{
	return LINES > 4 ? LINES - 2 : 1;
}

static run_state do_action(tui *t, ink_action a)
{
	edb_buffer *b = t->edb;
	switch (a) {
	case INK_ACT_LEFT: move_visual(t, -1); break;
	case INK_ACT_RIGHT: move_visual(t, +1); break;
	case INK_ACT_BACK_CHAR:
		if (t->view)
			set_cursor_cp(t, t->view_cp ? t->view_cp - 1 : 0);
		else
			edb_move_grapheme(b, -1);
		break;
	case INK_ACT_FORWARD_CHAR:
		if (t->view)
			set_cursor_cp(t, t->view_cp + 1);
		else
			edb_move_grapheme(b, +1);
		break;
	case INK_ACT_WORD_LEFT: if (!t->view) edb_word_backward(b); break;
	case INK_ACT_WORD_RIGHT: if (!t->view) edb_word_forward(b); break;
	case INK_ACT_HOME: if (t->view) set_cursor_cp(t, 0); else edb_home(b); break;
	case INK_ACT_END: if (t->view) set_cursor_cp(t, SIZE_MAX); else edb_end(b); break;
	case INK_ACT_DELETE_BACK: if (!t->view) edb_delete_backward_grapheme(b); break;
	case INK_ACT_DELETE_FORWARD: if (!t->view) edb_delete_forward_grapheme(b); break;
	case INK_ACT_KILL_END: if (!t->view) edb_kill_to_end(b); break;
	case INK_ACT_KILL_START: if (!t->view) edb_kill_to_start(b); break;
	case INK_ACT_KILL_WORD: if (!t->view) edb_kill_word_backward(b); break;
	case INK_ACT_KILL_WORD_FORWARD: if (!t->view) edb_kill_word_forward(b); break;
	case INK_ACT_YANK: if (!t->view) edb_yank(b); break;
	case INK_ACT_UNDO: if (!t->view) edb_undo(b); break;
	case INK_ACT_REDO: if (!t->view) edb_redo(b); break;
	case INK_ACT_ACCEPT: return RUN_ACCEPT;
	case INK_ACT_CANCEL: return RUN_CANCEL;
	case INK_ACT_HISTORY_PREV:
	case INK_ACT_VIEW_PREV_LINE:
		if (t->teach)
			t->charset_sel = (t->charset_sel + (int)(sizeof legacy_charsets / sizeof *legacy_charsets) - 1) %
			                 (int)(sizeof legacy_charsets / sizeof *legacy_charsets);
		else if (t->view && t->line > 0)
			view_show(t, t->line - 1);
		else if (!t->view)
			history_move(t, -1);
		break;
	case INK_ACT_HISTORY_NEXT:
	case INK_ACT_VIEW_NEXT_LINE:
		if (t->teach)
			t->charset_sel = (t->charset_sel + 1) % (int)(sizeof legacy_charsets / sizeof *legacy_charsets);
		else if (t->view && t->line + 1 < t->n_lines)
			view_show(t, t->line + 1);
		else if (!t->view)
			history_move(t, +1);
		break;
	case INK_ACT_VIEW_PAGE_UP:   /* a page of lines */
		if (t->view && t->line > 0)
			view_show(t, t->line > (size_t)page_lines() ? t->line - (size_t)page_lines() : 0);
		break;
	case INK_ACT_VIEW_PAGE_DOWN:
		if (t->view && t->line + 1 < t->n_lines)
			view_show(t, t->line + (size_t)page_lines() < t->n_lines ? t->line + (size_t)page_lines() : t->n_lines - 1);
		break;
	case INK_ACT_VIEW_NEXT_FINDING: if (t->view) view_next_warning(t); break;
	case INK_ACT_HELP: t->over = OVERLAY_HELP; break;
	case INK_ACT_IM_MENU: t->over = OVERLAY_IM_MENU; t->im_sel = (int)ink_get_im(t->keys); break;
	case INK_ACT_IM_TOGGLE:   /* the decoder switches; say what it means */
		if (ink_im_active(t->keys))
			snprintf(t->status, sizeof t->status,
				/* TRANSLATORS: %s: the keymap's name (Hebrew, ...); C-\\ is Ctrl+backslash, keep it; Alt+key: the key pressed with Alt. */
				_("%s keymap on: keys type as on that layout (Alt+key: the key itself); C-\\ turns it off"),
				ink_im_name(ink_get_im(t->keys)));
		else
			snprintf(t->status, sizeof t->status, "%s", _("keymap off"));
		break;
	case INK_ACT_NEXT_DIAG: {
		int n = (int)iri_diags_count(t->diags);
		t->diag_sel = n ? (t->diag_sel + 1) % n : -1;
		break;
	}
	case INK_ACT_PREV_DIAG: {
		int n = (int)iri_diags_count(t->diags);
		t->diag_sel = n ? (t->diag_sel <= 0 ? n - 1 : t->diag_sel - 1) : -1;
		break;
	}
	case INK_ACT_APPLY_SUGGESTION: if (!t->view) apply_suggestion(t); break;
	case INK_ACT_TEACH: t->teach = !t->teach; break;
	case INK_ACT_COPY_URI: copy_osc52(t, true); break;
	case INK_ACT_COPY_IRI: copy_osc52(t, false); break;
	case INK_ACT_CYCLE_FORM: {
		static const rnd_form cycle[] = { RND_FORM_VISUAL, RND_FORM_RFC3987, RND_FORM_PLAIN, RND_FORM_LOGICAL };
		size_t k = 0;
		while (k < 4 && cycle[k] != t->edit_form)
			k++;
		t->edit_form = cycle[(k + 1) % 4];
		if (t->edit_form == RND_FORM_LOGICAL)
			snprintf(t->status, sizeof t->status, "%s", _("logical order: for terminals that reorder bidi text themselves"));
		break;
	}
	case INK_ACT_REDRAW: clearok(curscr, TRUE); break;
	case INK_ACT_SUSPEND: raise(SIGTSTP); break;   /* term.c's handler restores the terminal */
	case INK_ACT_MOUSE: {
		MEVENT ev;
		if (getmouse(&ev) == OK && ev.y == 1 && ev.x >= LABEL_COLS) {
			size_t n_cells;
			const rnd_cell *cells = rnd_form_cells(t->disp, t->edit_form, &n_cells);
			int col = -t->hscroll;
			bool hit = false;
			for (size_t i = 0; i < n_cells && !hit; i++) {
				if (ev.x - LABEL_COLS < col + cells[i].width && cells[i].cp_start != RND_NO_CP) {
					set_cursor_cp(t, cells[i].cp_start);
					hit = true;
				}
				col += cells[i].width;
			}
			if (!hit)   /* past the last cell: the end of the text */
				set_cursor_cp(t, SIZE_MAX);
		}
		break;
	}
	default:
		break;
	}
	return RUN_ON;
}

/* Overlays take keys first: any key closes help; the menu has its own. */
static bool overlay_key(tui *t, const ink_event *ev)
{
	if (t->over == OVERLAY_NONE)
		return false;
	if (t->over == OVERLAY_IM_MENU && ev->kind == INK_EV_ACTION) {
		switch (ev->action) {
		case INK_ACT_HISTORY_PREV: t->im_sel = (t->im_sel + INK_IM_COUNT - 1) % INK_IM_COUNT; return true;
		case INK_ACT_HISTORY_NEXT: t->im_sel = (t->im_sel + 1) % INK_IM_COUNT; return true;
		case INK_ACT_ACCEPT: ink_set_im(t->keys, (ink_im)t->im_sel); break;
		default: break;
		}
	}
	t->over = OVERLAY_NONE;
	return true;
}

static run_state handle(tui *t, ink_event ev)
{
	if (ev.kind == INK_EV_NONE) {
		if (ink_entry_rejected(t->keys))
			snprintf(t->status, sizeof t->status, "%s", _("not a code point that can be inserted"));
		else if (t->view && ink_last_notice(t->keys) == INK_NOTICE_UNBOUND)
			snprintf(t->status, sizeof t->status, "%s", _("the viewer is read-only: Enter prints the line, Esc quits"));
		else if (ink_unknown_sequence(t->keys))
			/* TRANSLATORS: %s: the bytes a key sent, spelt out ("ESC [ 9 9 ~"). */
			snprintf(t->status, sizeof t->status, _("unknown key sequence ignored: %s"), ink_unknown_sequence(t->keys));
		return RUN_ON;
	}
	if (overlay_key(t, &ev))
		return RUN_ON;
	t->status[0] = '\0';
	if (ev.kind == INK_EV_TEXT || ev.kind == INK_EV_PASTE) {
		if (t->view) {
			snprintf(t->status, sizeof t->status, "%s", _("the viewer is read-only: Enter prints the line, Esc quits"));
			return RUN_ON;
		}
		size_t have, n = ev.text_len, dropped = 0;
		current_text(t, &have);
		if (have + n > EDB_MAX_TEXT_BYTES) {
			/* Insert what fits, cut on a character boundary, and say so. */
			n = have < EDB_MAX_TEXT_BYTES ? EDB_MAX_TEXT_BYTES - have : 0;
			while (n > 0 && ((unsigned char)ev.text[n] & 0xC0) == 0x80)
				n--;
			dropped = ev.text_len - n;
		}
		edb_result r = edb_insert(t->edb, ev.text, n);
		if (ev.kind == INK_EV_PASTE)
			edb_undo_boundary(t->edb);
		if (r != EDB_OK)
			snprintf(t->status, sizeof t->status, "%s", _("not inserted: the text could not take it"));
		else if (ev.truncated)
			/* TRANSLATORS: %zu: the cap in bytes. */
			snprintf(t->status, sizeof t->status, _("the paste was longer than %zu bytes: the rest was dropped"),
				(size_t)INK_PASTE_MAX_BYTES);
		else if (dropped)
			snprintf(t->status, sizeof t->status,
				/* TRANSLATORS: first %zu: the bytes dropped; second %zu: the cap in bytes. */
				_("%zu bytes did not fit and were dropped (the text holds at most %zu bytes)"),
				dropped, (size_t)EDB_MAX_TEXT_BYTES);
		/* One key can finish a composition and act (Enter after romaji). */
		if (ev.kind == INK_EV_TEXT && ev.action != INK_ACT_NONE)
			return do_action(t, ev.action);
		return RUN_ON;
	}
	if (t->teach && ev.action == INK_ACT_CANCEL) {
		t->teach = false;
		return RUN_ON;
	}
	return do_action(t, ev.action);
}

/* Maps a curses key code to input/'s keys. */
static ink_event feed_curses_key(tui *t, int key)
{
	static const struct { int curses; ink_key key; unsigned mods; } map[] = {
		{ KEY_LEFT, INK_KEY_LEFT, 0 }, { KEY_RIGHT, INK_KEY_RIGHT, 0 },
		{ KEY_UP, INK_KEY_UP, 0 }, { KEY_DOWN, INK_KEY_DOWN, 0 },
		{ KEY_SLEFT, INK_KEY_LEFT, INK_MOD_SHIFT }, { KEY_SRIGHT, INK_KEY_RIGHT, INK_MOD_SHIFT },
		{ KEY_HOME, INK_KEY_HOME, 0 }, { KEY_END, INK_KEY_END, 0 },
		{ KEY_PPAGE, INK_KEY_PAGE_UP, 0 }, { KEY_NPAGE, INK_KEY_PAGE_DOWN, 0 },
		{ KEY_BACKSPACE, INK_KEY_BACKSPACE, 0 }, { KEY_DC, INK_KEY_DELETE, 0 }, { KEY_IC, INK_KEY_INSERT, 0 },
		{ KEY_ENTER, INK_KEY_ENTER, 0 }, { KEY_BTAB, INK_KEY_BACKTAB, 0 },
		{ KEY_RESIZE, INK_KEY_RESIZE, 0 }, { KEY_MOUSE, INK_KEY_MOUSE, 0 },
		{ TERM_KEY_PASTE_START, INK_KEY_PASTE_START, 0 }, { TERM_KEY_PASTE_END, INK_KEY_PASTE_END, 0 },
	};
	size_t n_seq;
	const ink_sequence *seq = ink_sequences(&n_seq);
	if (key >= TERM_KEY_SEQ_BASE && (size_t)(key - TERM_KEY_SEQ_BASE) < n_seq)
		return ink_feed_sequence(t->keys, &seq[key - TERM_KEY_SEQ_BASE]);
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (map[i].curses == key)
			return ink_feed_key(t->keys, map[i].key, map[i].mods);
	if (key >= KEY_F(1) && key <= KEY_F(12))
		return ink_feed_key(t->keys, (ink_key)(INK_KEY_F1 + (key - KEY_F(1))), 0);
	/* xterm's Ctrl-Left/Right: curses names them by terminfo (kLFT5/kRIT5). */
	const char *name = keyname(key);
	if (name && strcmp(name, "kLFT5") == 0)
		return ink_feed_key(t->keys, INK_KEY_LEFT, INK_MOD_CTRL);
	if (name && strcmp(name, "kRIT5") == 0)
		return ink_feed_key(t->keys, INK_KEY_RIGHT, INK_MOD_CTRL);
	return (ink_event){ .kind = INK_EV_NONE };
}

/* One line of f into line (reset first), at most cap bytes kept; the rest of
 * a longer line is read and dropped.  Returns false at the end of the file. */
static bool read_capped_line(FILE *f, iri_buf *line, size_t cap, bool *too_long)
{
	int c;
	bool any = false;
	iri_buf_reset(line);
	*too_long = false;
	while ((c = getc(f)) != EOF) {
		any = true;
		if (c == '\n')
			break;
		if (line->len < cap)
			iri_buf_putc(line, (char)c);
		else
			*too_long = true;
	}
	return any;
}

static bool load_view(tui *t, const char *path, char *err, size_t err_size)
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
	bool too_long;
	while (t->n_lines < VIEW_MAX_LINES && read_capped_line(f, &line, EDB_MAX_TEXT_BYTES, &too_long)) {
		size_t n = line.len;
		while (n > 0 && line.data[n - 1] == '\r')
			n--;
		if (t->n_lines == cap) {
			size_t want = cap ? cap * 2 : 256;
			char **p = realloc(t->lines, want * sizeof *p);
			if (p)
				t->lines = p;
			size_t *q = p ? realloc(t->line_len, want * sizeof *q) : NULL;
			if (!q)
				break;
			t->line_len = q;
			cap = want;
		}
		/* A line over the cap is kept as NULL and reported when shown; the
		 * rest are kept as read, NUL bytes too (check reports them). */
		char *copy = NULL;
		if (!too_long) {
			copy = malloc(n + 1);
			if (!copy)
				break;
			memcpy(copy, line.data ? line.data : "", n);
			copy[n] = '\0';
		}
		t->line_len[t->n_lines] = n;
		t->lines[t->n_lines++] = copy;
	}
	iri_buf_fini(&line);
	if (f != stdin)
		fclose(f);
	t->line_state = malloc(t->n_lines ? t->n_lines : 1);
	if (!t->line_state) {
		snprintf(err, err_size, "%s", _("out of memory"));
		return false;
	}
	memset(t->line_state, -1, t->n_lines ? t->n_lines : 1);
	if (t->n_lines == 0) {
		/* TRANSLATORS: %s: the file name ("-" for stdin). */
		snprintf(err, err_size, _("%s has no lines"), path);
		return false;
	}
	return true;
}

static void init_colours(void)
{
	if (!term_has_colour())
		return;
	init_pair(PAIR_SCHEME, COLOR_CYAN, -1);
	init_pair(PAIR_USERINFO, COLOR_MAGENTA, -1);
	init_pair(PAIR_HOST, COLOR_GREEN, -1);
	init_pair(PAIR_PORT, COLOR_YELLOW, -1);
	init_pair(PAIR_PATH, -1, -1);
	init_pair(PAIR_QUERY, COLOR_BLUE, -1);
	init_pair(PAIR_FRAGMENT, COLOR_MAGENTA, -1);
	init_pair(PAIR_ERROR, COLOR_RED, -1);
	init_pair(PAIR_WARNING, COLOR_YELLOW, -1);
	init_pair(PAIR_INFO, COLOR_CYAN, -1);
	init_pair(PAIR_TITLE, COLOR_BLUE, -1);
}

static void tui_free(tui *t)
{
	iri_ctx_free(t->ctx);
	iri_diags_free(t->diags);
	iri_buf_fini(&t->uri);
	iri_buf_fini(&t->analysed);
	free(t->uri_off);
	iri_host_forms_fini(&t->host);
	rnd_display_free(t->disp);
	rnd_display_free(t->aux);
	free(t->cp_marks);
	edb_free(t->edb);
	ink_decoder_free(t->keys);
	history_free(t->hist);
	free(t->draft);
	for (size_t i = 0; i < t->n_lines; i++)
		free(t->lines[i]);
	free(t->lines);
	free(t->line_len);
	free(t->line_state);
	iri_diags_free(t->scan_diags);
}

int tui_main(const tui_options *opts)
{
	tui t;
	memset(&t, 0, sizeof t);
	int status = 1;
	char err[512] = "";
	t.diag_sel = -1;
	t.pushback = -1;
	t.edit_form = RND_FORM_VISUAL;
	t.print_uri = opts->print_uri;
	t.view = opts->view_path != NULL;
	iri_buf_init(&t.uri);
	iri_buf_init(&t.analysed);
	iri_host_forms_init(&t.host);
	t.ctx = iri_ctx_new(NULL);
	t.diags = iri_diags_new();
	t.disp = rnd_display_new();
	t.aux = rnd_display_new();
	t.ui_rtl = ui_direction_rtl();
	t.edb = edb_new();
	t.keys = ink_decoder_new();
	if (t.keys && t.view)
		ink_set_mode(t.keys, INK_MODE_VIEW);
	t.hist = history_new();
	if (!t.ctx || !t.diags || !t.disp || !t.aux || !t.edb || !t.keys || !t.hist) {
		snprintf(err, sizeof err, "%s", _("cannot initialise (ICU or memory)"));
		goto out;
	}
	t.hist_pos = history_count(t.hist);
	/* Hebrew is the method C-\ switches on until F2 chooses another. */
	ink_set_im(t.keys, INK_IM_HEBREW);
	ink_set_im_active(t.keys, false);
	if (t.view && !load_view(&t, opts->view_path, err, sizeof err))
		goto out;
	if (t.view)
		view_show(&t, 0);
	else if (opts->initial)
		set_text(&t, opts->initial);
	/* The IRI irie opened on is where undo stops. */
	edb_clear_history(t.edb);
	if (!term_open(err, sizeof err))
		goto out;
	init_colours();
	run_state run = RUN_ON;
	bool dirty = true;
	while (run == RUN_ON) {
		/* Repaint after every event (RFC 3987 4.3), not while idle: the
		 * 200 ms timeout only lets signals be noticed. */
		if (dirty) {
			analyse(&t);
			paint(&t);
			dirty = false;
		}
		uint32_t ch;
		bool bad;
		int kind = next_input(&t, &ch, &bad);
		term_signal sig = term_take_signal();
		if (sig == TERM_SIG_CONT)
			dirty = true;
		if (sig == TERM_SIG_HUP || sig == TERM_SIG_TERM || sig == TERM_SIG_INT) {
			/* Never lose the text: it goes to the history first. */
			size_t len;
			const char *text = current_text(&t, &len);
			bool saved = history_add_and_save(t.hist, text, len);
			term_close();
			if (!saved)
				/* TRANSLATORS: %s: the history file's path. */
				snprintf(err, sizeof err, _("could not save the text to the history (%s)"), history_path(t.hist));
			status = sig == TERM_SIG_HUP ? 129 : sig == TERM_SIG_INT ? 130 : 143;
			goto out;
		}
		if (kind == ERR)
			continue;
		dirty = true;
		ink_event ev;
		if (kind == KEY_CODE_YES) {
			if ((int)ch == TERM_KEY_PASTE_START || (int)ch == TERM_KEY_PASTE_END)
				t.pasting = (int)ch == TERM_KEY_PASTE_START;
			ev = feed_curses_key(&t, (int)ch);
		} else {
			unsigned mods = 0;
			if (ch == 0x1B && !t.pasting) {
				/* ESC with another key right behind it: the terminal's Alt. */
				nodelay(stdscr, TRUE);
				uint32_t next;
				bool next_bad;
				int k2 = next_input(&t, &next, &next_bad);
				nodelay(stdscr, FALSE);
				timeout(200);
				if (k2 == OK) {
					ch = next;
					mods = INK_MOD_ALT;
				} else if (k2 == KEY_CODE_YES) {
					ev = feed_curses_key(&t, (int)next);
					run = handle(&t, ev);
					continue;
				}
			}
			ev = ink_feed_char(t.keys, ch, mods);
		}
		run = handle(&t, ev);
		t.bad_input |= bad;
		/* Inside a paste nothing shows until it ends: no repaint per byte. */
		if (t.pasting && ev.kind == INK_EV_NONE)
			dirty = false;
	}
	{
		size_t len;
		const char *text = current_text(&t, &len);
		term_close();
		if (run == RUN_ACCEPT) {
			if (!t.view && !history_add_and_save(t.hist, text, len))
				/* TRANSLATORS: %s: the history file's path. */
				snprintf(err, sizeof err, _("could not save the history (%s)"), history_path(t.hist));
			analyse(&t);
			/* Exact bytes into a pipe ($(irie)); on a terminal, controls
			 * and format characters as placeholders, never raw. */
			bool tty = isatty(STDOUT_FILENO);
			if (t.print_uri)
				out_text(stdout, t.uri.data ? t.uri.data : "", t.uri.len, tty);
			else
				out_text(stdout, text, len, tty);   /* in the viewer: the file's own bytes */
			fputc('\n', stdout);
			status = 0;
		} else {
			status = 130;
		}
	}
out:
	term_close();
	if (err[0]) {
		/* err may hold a path from the command line: sanitised on a terminal. */
		fputs("irie: ", stderr);
		out_text(stderr, err, strlen(err), isatty(STDERR_FILENO));
		fputc('\n', stderr);
	}
	tui_free(&t);
	return status;
}
