/* Drawing helpers for the editor's panes (app/draw.c): irie's own text in
 * visual order, input sanitised and isolated, rows of fields, colours. */
#ifndef IRIE_DRAW_H
#define IRIE_DRAW_H

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

#include "tui_state.h"

#define LABEL_COLS 5              /* "IRI ", "URI ", ... before a form line */
#define UI_LINE_MAX_BYTES 2048    /* a line of irie's own text, cut to its pane first */

/* Colour pairs: one per component, then the chrome. */
enum {
	PAIR_SCHEME = 1, PAIR_USERINFO, PAIR_HOST, PAIR_PORT, PAIR_PATH, PAIR_QUERY, PAIR_FRAGMENT,
	PAIR_ERROR, PAIR_WARNING, PAIR_INFO, PAIR_TITLE
};

int component_pair(int comp);
attr_t pair_attr(int pair);
attr_t severity_attr(iri_severity s);

/* Text that is safe as it is: render's cells, ASCII literals, the URI. */
void put_safe(int row, int col, const char *s, attr_t attr);
/* s (irie's own text) cut to width cells on a character boundary, in
 * logical order, into out (size bytes, NUL-terminated); a line that does not
 * fit ends in "…" after a PDI.  Padding removed.  Returns its length in
 * bytes. */
size_t ui_cut(const char *s, int width, char *out, size_t size);
/* One line of irie's own text (translations and what they quote) in visual
 * order, cut to width cells (then ending in "…"), aligned at the UI's
 * reading start. */
void put_ui(tui *t, int row, int col, int width, const char *s, attr_t attr);
/* Text from input for a put_ui() line: sanitised and in an LRI ... PDI
 * isolate.  Returns out (size bytes). */
const char *ui_quote(const char *s, size_t n, char *out, size_t size);

typedef struct {
	const char *text;
	int cols;
} ui_field;

/* A row of fields in reading order; the last takes the rest. */
void put_fields(tui *t, int row, int col, int width, const ui_field *f, size_t n, attr_t attr);
/* Where a label (label_cols wide) and its value go in a pane. */
void label_value(const tui *t, int col, int width, int label_cols, int *label_x, int *value_x, int *value_w);
typedef attr_t cell_attr_fn(const rnd_cell *c, void *user);
/* render's cells in [col, col + width) from cell column from: whole cells
 * only, "‹" first when some are off to the left, "›" last when some are
 * past the right edge; attr (may be NULL) colours a cell. */
void put_cells(int row, int col, int width, const rnd_cell *cells, size_t n, int from,
	cell_attr_fn *attr, void *user);
/* The first of the three cells showing the %XX escape that holds cell i,
 * or n if none does (put_cells draws an escape whole or not at all). */
size_t cells_escape_of(const rnd_cell *cells, size_t n, size_t i);
/* A string (n bytes; an IRI or a piece of one) in visual order, sanitised;
 * right-aligned if right (and it fits); one that does not fit ends in "›". */
void put_visual(tui *t, int row, int col, int width, const char *s, size_t n, attr_t attr, bool right);
void fill_row(int row, attr_t attr);

/* ---- --bidi=logical (app/draw_logical.c) ---- */

/* Adds a zero-width bidi mark to the cell at (row, x) (x < 0: nothing);
 * false when neither that cell nor a blank one after it had room. */
bool ride_mark(int row, int x, uint32_t mark);
/* Form f of d for a terminal that reorders: logical order with the marks
 * that make it show f (put_cells' arguments otherwise). */
void put_form_logical(rnd_display *d, rnd_form f, int row, int col, int width, int from,
	cell_attr_fn *attr, void *user);
/* Where the cursor goes (a column from the row's start) for the character
 * at logical cp of the row put_form_logical draws: a bidi terminal (VTE,
 * Konsole) keeps its cursor in the logical line and shows it where that
 * cell shows, so the column is the character's logical one; visual_col
 * when the row went out as visual cells (nothing reordered). */
int logical_cursor_col(rnd_display *d, rnd_form f, int width, int from, size_t cp, int visual_col);
/* The cells put_form_logical shows of a row width wide when it draws the
 * visual cells (a scrolled edit line): fewer on mlterm, whose marks take
 * columns of their own. */
int logical_view_cols(int width);
/* refresh() for every mode: on a terminal where marks take columns of their
 * own (term_marks_take_columns(): mlterm in logical mode) curses gets the
 * rows without their marks and irie writes the rows with marks itself, and
 * the cursor goes to the column the terminal counts. */
void logical_refresh(void);
/* put_ui() for a terminal that reorders. */
void put_ui_logical(tui *t, int row, int col, int width, const char *s, attr_t attr);

/* The translated heading of the parts pane. */
const char *parts_heading(void);
/* The UI's paragraph direction (from the parts heading's translation). */
bool draw_ui_direction_rtl(void);

#endif
