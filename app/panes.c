/* The screen: one table of panes, walked by paint() for the room on top.
 *
 *   row 0              header
 *   row 1              the edit line (the cursor stays there)
 *   rows 2..           form lines (URI; RFC and UBA on screens of 14 rows
 *                      or more), then one blank row
 *   the body           the viewer's list first, across the whole width,
 *                      with its share of the rows; then teach, help or the
 *                      keymap menu take the rest whole, or the editor and
 *                      viewer panes share it: side by side from
 *                      100 columns (parts and host at the reading start,
 *                      warnings beside them), stacked below that (in table
 *                      order: warnings first, they matter most)
 *   the last row       footer
 *
 * To add a pane: a draw function and one row here. */
#include <curses.h>

#include "draw.h"
#include "term.h"
#include "tui_state.h"

#define WIDE_COLS 100   /* side by side from this many columns */

typedef enum { PANE_HEADER, PANE_EDIT, PANE_FORM, PANE_TOP, PANE_BODY, PANE_FOOTER } pane_place;

/* Where a body pane goes side by side: the whole width, the column at the
 * reading start, or the other one. */
typedef enum { COLUMN_FULL, COLUMN_START, COLUMN_END } pane_column;

typedef struct {
	const char *name;
	pane_draw_fn *draw;
	pane_place place;
	unsigned rooms;              /* room_id bits: the rooms on top that show it */
	int min_rows, min_cols;      /* BODY: smaller than this, not drawn */
	int min_screen_rows;         /* FORM: only on screens this tall */
	pane_column column;          /* BODY, side by side */
	int gap;                     /* BODY: blank rows before it below another pane */
	int (*stacked_rows)(const tui *t, int body);   /* BODY, stacked, and TOP: its share (NULL: the rest) */
} pane;

/* Stacked, the warnings take a row per finding and the heading, up to half
 * the body, at least two rows. */
static int warnings_share(const tui *t, int body)
{
	int n_diag = (int)iri_diags_count(t->an.diags);
	int want = n_diag + 1 < body / 2 ? n_diag + 1 : body / 2;
	if (want < 2)
		want = body >= 2 ? 2 : body;
	return want;
}

/* The viewer's list: half the body (a row per entry at most), at least
 * two rows while the body has four. */
static int list_share(const tui *t, int body)
{
	(void)t;
	int want = body / 2;
	if (want < 2)
		want = body >= 4 ? 2 : 1;
	return want;
}

#define BASE_ROOMS (ROOM_EDIT | ROOM_VIEW)

static const pane panes[] = {
	{ "header", pane_header, PANE_HEADER, ROOM_ALL, 0, 0, 0, COLUMN_FULL, 0, NULL },
	{ "edit", pane_edit_line, PANE_EDIT, ROOM_ALL, 0, 0, 0, COLUMN_FULL, 0, NULL },
	{ "uri", pane_uri, PANE_FORM, BASE_ROOMS | ROOM_TEACH, 0, 0, 0, COLUMN_FULL, 0, NULL },
	{ "rfc", pane_rfc, PANE_FORM, BASE_ROOMS | ROOM_TEACH, 0, 0, 14, COLUMN_FULL, 0, NULL },
	{ "uba", pane_uba, PANE_FORM, BASE_ROOMS | ROOM_TEACH, 0, 0, 14, COLUMN_FULL, 0, NULL },
	{ "list", pane_list, PANE_TOP, ROOM_VIEW, 1, 16, 0, COLUMN_FULL, 0, list_share },
	{ "warnings", pane_warnings, PANE_BODY, BASE_ROOMS, 1, 12, 0, COLUMN_END, 0, warnings_share },
	{ "parts", pane_parts, PANE_BODY, BASE_ROOMS, 1, 12, 0, COLUMN_START, 0, NULL },
	{ "host", pane_host, PANE_BODY, BASE_ROOMS, 2, 24, 0, COLUMN_START, 1, NULL },
	{ "teach", pane_teach, PANE_BODY, ROOM_TEACH, 1, 0, 0, COLUMN_FULL, 0, NULL },
	{ "help", pane_help, PANE_BODY, ROOM_HELP, 1, 0, 0, COLUMN_FULL, 0, NULL },
	{ "menu", pane_menu, PANE_BODY, ROOM_MENU, 1, 0, 0, COLUMN_FULL, 0, NULL },
	{ "footer", pane_footer, PANE_FOOTER, ROOM_ALL, 0, 0, 0, COLUMN_FULL, 0, NULL },
};

#define N_PANES (sizeof panes / sizeof panes[0])

/* A body pane below the *used rows already taken in its column. */
static void place(tui *t, const pane *p, int row, int col, int width, int body, int *used, bool stacked)
{
	int gap = *used > 0 ? p->gap : 0;
	int avail = body - *used - gap;
	if (stacked && p->stacked_rows) {
		int share = p->stacked_rows(t, body);
		if (share < avail)
			avail = share;
	}
	if (avail < p->min_rows || width < p->min_cols)
		return;
	int n = p->draw(t, row + *used + gap, col, width, avail);
	if (n > 0)
		*used += gap + n;
}

static void paint_body(tui *t, unsigned top, int row, int body)
{
	int cols = COLS;
	bool wide = cols >= WIDE_COLS;
	int half = cols / 2 - 1;
	int x[3] = { 0, t->scr.ui_rtl ? cols - half : 0, t->scr.ui_rtl ? 0 : half + 2 };
	int w[3] = { cols, half, cols - half - 2 };
	int used[3] = { 0, 0, 0 };
	for (size_t i = 0; i < N_PANES; i++) {
		const pane *p = &panes[i];
		if (p->place != PANE_BODY || !(p->rooms & top))
			continue;
		int c = wide ? (int)p->column : COLUMN_FULL;
		place(t, p, row, x[c], w[c], body, &used[c], !wide);
	}
}

void paint(tui *t)
{
	erase();
	int rows = LINES, cols = COLS;
	if (rows < 2 || cols < 8) {
		put_ui(t, 0, 0, cols, "irie", A_BOLD);
		logical_refresh();
		return;
	}
	unsigned top = rooms_top(t);
	int row = 2, footer = rows - 1;
	t->vw.list_rows = 0;   /* until pane_list draws it */
	bool formed = false;
	for (size_t i = 0; i < N_PANES; i++) {
		const pane *p = &panes[i];
		if (!(p->rooms & top))
			continue;
		if (p->place == PANE_HEADER)
			p->draw(t, 0, 0, cols, 1);
		else if (p->place == PANE_EDIT)
			p->draw(t, 1, 0, cols, 1);
		else if (p->place == PANE_FORM && rows >= p->min_screen_rows && row < footer) {
			row += p->draw(t, row, 0, cols, 1);
			formed = true;
		}
	}
	if (formed && row < footer)
		row++;   /* a blank line before the panes */
	for (size_t i = 0; i < N_PANES; i++) {
		const pane *p = &panes[i];
		int share = p->stacked_rows ? p->stacked_rows(t, footer - row) : footer - row;
		if (p->place == PANE_TOP && (p->rooms & top) && share >= p->min_rows && cols >= p->min_cols)
			row += p->draw(t, row, 0, cols, share);
	}
	paint_body(t, top, row, footer - row);
	for (size_t i = 0; i < N_PANES; i++)
		if (panes[i].place == PANE_FOOTER && (panes[i].rooms & top) && footer > 1)
			panes[i].draw(t, footer, 0, cols, 1);
	int cursor_x = t->scr.cursor_col;
	move(1, cursor_x < cols ? cursor_x : cols - 1);
	if (!t->scr.overlay)
		curs_set(1);
	logical_refresh();
}

void panes_init_colours(void)
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
