/* Teach (F4): the IRI character by character -- what RFC 3987 3.1 does with
 * each -- the host's 1998 form, and the escapes read as a legacy charset.
 * The room sits on the editor or the viewer: Up/Down choose the charset,
 * Esc leaves teach, everything else goes to the room below. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "i18n.h"
#include "messages.h"
#include "tui_state.h"

const char *const teach_charsets[] = {
	"Shift_JIS", "EUC-JP", "ISO-8859-8", "windows-1256", "ISO-8859-1", "KOI8-R",
};
const size_t teach_n_charsets = sizeof teach_charsets / sizeof teach_charsets[0];

typedef struct {
	tui *t;
	int row, col, max_rows, width, r;
	size_t cursor_byte;
	size_t skip;      /* rows before the first shown */
	size_t index;
	char detail[400]; /* the cursor's row: why and name, in full */
} teach_sink;

/* Column widths in cells: the character (wide enough for render's named
 * placeholders, "⟨RLO⟩", "⟨ZWJ⟩": the invisible characters teach matters
 * most for), U+code, UTF-8 octets, what the URI holds, the component (or a
 * delimiter's role); the name and why take the rest. */
enum { COL_CHAR = 6, COL_CP = 8, COL_HEX = 11, COL_URI = 12, COL_PART = 16 };

static bool teach_row(const iri_explain_row *row, void *user)
{
	teach_sink *s = user;
	if (s->index++ < s->skip)
		return true;
	if (s->r >= s->max_rows)
		return false;
	size_t len;
	const char *text = tui_text(s->t, &len);
	bool here = s->cursor_byte >= row->byte_start && s->cursor_byte < row->byte_end;
	attr_t a = here ? A_REVERSE : 0;
	/* The character at the reading start, then the columns. */
	bool rtl = s->t->scr.ui_rtl;
	put_visual(s->t, s->row + s->r, s->col + (rtl ? s->width - COL_CHAR : 0), COL_CHAR, text + row->byte_start,
		row->byte_end - row->byte_start, a, rtl);
	char rest[400], cp[16] = "-";
	if (row->cp != IRI_EXPLAIN_NO_CP)
		snprintf(cp, sizeof cp, "U+%04X", (unsigned)row->cp);
	snprintf(rest, sizeof rest, "%s | %s", row->name, msg_explain_reason(row->reason));
	if (here)   /* the why first: the table's row cuts it */
		snprintf(s->detail, sizeof s->detail, "%s | %s", msg_explain_reason(row->reason), row->name);
	/* A host character goes into its label's A-label, not into escapes
	 * (RFC 3987 3.1 step 1 for the host, UTS #46 ToASCII). */
	const char *uri = row->label_ace[0] ? row->label_ace : row->escaped;
	/* A delimiter is named by its role, not by the component it ends or
	 * starts. */
	const char *part = row->delim != IRI_DELIM_NONE ? msg_explain_delim(row->delim) : msg_component(row->component);
	/* Codes and escapes are left-to-right runs: isolated, so a right-to-left
	 * line does not move their "%" or "+" to the other end (UAX #9 W4-W7). */
	char cp_i[32], hex_i[64], uri_i[96];
	const ui_field f[] = { { ui_quote(cp, strlen(cp), cp_i, sizeof cp_i), COL_CP },
		{ ui_quote(row->utf8_hex, strlen(row->utf8_hex), hex_i, sizeof hex_i), COL_HEX },
		{ ui_quote(uri, strlen(uri), uri_i, sizeof uri_i), COL_URI },
		{ part, COL_PART }, { rest, 0 } };
	put_fields(s->t, s->row + s->r, s->col + (rtl ? 0 : COL_CHAR + 1), s->width - COL_CHAR - 1, f,
		sizeof f / sizeof f[0], a);
	s->r++;
	return true;
}

typedef struct {
	size_t cursor_byte;
	size_t rows;            /* all of them */
	size_t cursor_row;      /* the row holding cursor_byte; rows when at the end */
} teach_count;

static bool count_rows(const iri_explain_row *row, void *user)
{
	teach_count *c = user;
	if (row->byte_start <= c->cursor_byte)
		c->cursor_row = c->rows;
	if (row->byte_end <= c->cursor_byte)
		c->cursor_row = c->rows + 1;
	c->rows++;
	return true;
}

/* The first row shown: the cursor's row in view, with as many rows before
 * it as after it (context both ways), the table's end not left blank. */
static size_t first_row(const teach_count *c, size_t table_rows)
{
	size_t want = c->cursor_row > table_rows / 2 ? c->cursor_row - table_rows / 2 : 0;
	size_t last = c->rows > table_rows ? c->rows - table_rows : 0;
	return want < last ? want : last;
}

/* F4: the IRI character by character, the host in every encoding, and the
 * escapes read as a legacy charset. */
int pane_teach(tui *t, int row, int col, int width, int max_rows)
{
	size_t len;
	const char *text = tui_text(t, &len);
	char head[256];
	/* TRANSLATORS: heading of the teach pane (F4): the columns under it, in this order; keep "U+code", "UTF-8" and the "|". */
	snprintf(head, sizeof head, "%s", _("Teach: character, U+code, UTF-8, in the URI, component, name | why"));
	put_ui(t, row, col, width, head, A_BOLD);
	/* The table takes every row but the heading's and the lines under it:
	 * the cursor's row's why and name (at 80 columns the table cuts
	 * them), the host's 1998 form, the legacy charset. */
	int table_rows = max_rows - 1 - 1 - (t->an.host_shown ? 1 : 0) - 1;
	if (table_rows < 1)
		table_rows = max_rows - 1;
	/* Rows, not code points: an escape is one row of three characters. */
	size_t cursor_byte = rnd_cp_byte(t->an.disp, tui_cursor_cp(t));
	teach_count c = { cursor_byte, 0, 0 };
	iri_explain(t->an.ctx, text, len, count_rows, &c);
	teach_sink s = { t, row + 1, col, table_rows, width, 0, cursor_byte, first_row(&c, (size_t)table_rows), 0, "" };
	iri_explain(t->an.ctx, text, len, teach_row, &s);
	int r = 1 + s.r;
	if (r < max_rows) {
		put_ui(t, row + r, col, width, s.detail, A_BOLD);
		r++;
	}
	if (t->an.host_shown && r + 1 < max_rows) {
		int label_x, value_x, value_w;
		label_value(t, col, width, 19, &label_x, &value_x, &value_w);
		/* TRANSLATORS: label in the teach pane: the host in the 1998 ".i" form; keep ".i". */
		put_ui(t, row + r, label_x, 19, _("host .i (1998):"), A_DIM);
		put_visual(t, row + r, value_x, value_w, t->an.host.zld.data ? t->an.host.zld.data : "", t->an.host.zld.len, 0,
			t->scr.ui_rtl);
		r++;
	}
	if (r < max_rows) {
		/* Escapes read in a legacy charset (Up/Down choose it). */
		iri_to_iri_opts o = { .host = IRI_HOSTOUT_KEEP, .charset = teach_charsets[t->scr.charset_sel] };
		iri_buf out;
		iri_buf_init(&out);
		iri_to_iri(t->an.ctx, t->an.uri.data ? t->an.uri.data : "", t->an.uri.len, &o, &out, NULL);
		char label[96];
		/* TRANSLATORS: label in the teach pane; %s: a legacy charset name (Shift_JIS, KOI8-R...): "the escapes read as %s". */
		snprintf(label, sizeof label, _("as %s:"), teach_charsets[t->scr.charset_sel]);
		int label_x, value_x, value_w;
		label_value(t, col, width, 19, &label_x, &value_x, &value_w);
		put_ui(t, row + r, label_x, 19, label, A_DIM);
		put_visual(t, row + r, value_x, value_w, out.data ? out.data : "", out.len, 0, t->scr.ui_rtl);
		iri_buf_fini(&out);
	}
	return max_rows;
}

/* ---- the room ---- */

static run_state charset_step(tui *t, ink_action a)
{
	int n = (int)teach_n_charsets;
	t->scr.charset_sel = (t->scr.charset_sel + (a == INK_ACT_TEACH_CHARSET_PREV ? n - 1 : 1)) % n;
	return RUN_ON;
}

static run_state leave(tui *t, ink_action a)
{
	(void)a;
	t->scr.teach = false;
	return RUN_ON;
}

/* Editing keys and the rest go to the room below (the editor, the viewer,
 * the common room): they mean the same with teach open. */
static const room_row teach_rows[] = {
	{ INK_ACT_TEACH_CHARSET_PREV, charset_step },
	{ INK_ACT_TEACH_CHARSET_NEXT, charset_step },
	{ INK_ACT_TEACH_CLOSE, leave },
};

const room room_teach = {
	.id = ROOM_TEACH,
	.rows = teach_rows,
	.n_rows = ROWS_OF(teach_rows),
};
