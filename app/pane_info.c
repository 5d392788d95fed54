/* The panes of the body: the components, the host in every encoding, and
 * the warnings. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include <unicode/utf8.h>

#include "draw.h"
#include "i18n.h"
#include "messages.h"
#include "output.h"
#include "tui_state.h"
#include "view_extract.h"
#include "view_list.h"

/* Component values, each rendered on its own from its own bytes (core's
 * span): a bidi control in one component (an RLO runs to the end of the
 * paragraph) must not scatter or hide another's cells, as it does in the
 * whole IRI's visual form; the component's own controls show as
 * placeholders. */
/* A row shows a few hundred cells at most: a long component (a 200,000
 * character paste) is rendered from its first PARTS_MAX_BYTES, cut before
 * a UTF-8 continuation byte, not whole again on every keystroke. */
#define PARTS_MAX_BYTES 4096


int pane_parts(tui *t, int row, int col, int width, int max_rows)
{
	int used = 0;
	put_ui(t, row, col, width, parts_heading(), A_BOLD);
	used++;
	size_t len;
	const char *text = tui_text(t, &len);
	int label_x, value_x, value_w;
	label_value(t, col, width, 9, &label_x, &value_x, &value_w);
	for (int k = 0; k < IRI_COMP_COUNT && used < max_rows; k++) {
		const iri_span *sp = &t->an.ref.comp[k];
		if (!sp->present || sp->end > len || sp->start > sp->end)
			continue;
		/* The label cut to 9 cells on a character boundary (out_pad). */
		put_ui(t, row + used, label_x, 9, msg_component((iri_component)k), pair_attr(component_pair(k)));
		/* The value is an IRI piece, left to right; in a right-to-left UI
		 * it sits against its label, on the label's left. */
		size_t n = out_cut_bytes(text + sp->start, sp->end - sp->start, PARTS_MAX_BYTES);
		put_visual(t, row + used, value_x, value_w, text + sp->start, n,
			pair_attr(component_pair(k)), t->scr.ui_rtl);
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
		put_visual(t, row, value_x, value_w, b->data, b->len, 0, t->scr.ui_rtl);
	}
}

int pane_host(tui *t, int row, int col, int width, int max_rows)
{
	if (!t->an.host_shown)
		return 0;
	/* TRANSLATORS: heading of the editor pane showing the host in every encoding. */
	put_ui(t, row, col, width, _("Host"), A_BOLD);
	int r = 1;
	const struct { const char *label; const iri_buf *b; uint32_t err; } forms[] = {
		/* TRANSLATORS: labels in the editor's host pane (a column of their own): names of host encodings; keep "UTS #46" and the years. */
		{ _("Unicode"), &t->an.host.unicode, t->an.host.unicode_errors },
		{ _("A-labels (UTS #46)"), &t->an.host.idna, t->an.host.idna_errors },
		{ _("transitional"), &t->an.host.idna_transitional, t->an.host.idna_transitional_errors },
		/* xgettext:no-c-format */
		/* TRANSLATORS: not a format string: "%-escaped" means written as %HH escapes; 2002: the year of the draft. */
		{ _("%-escaped (2002)"), &t->an.host.percent, 0 },
		{ _(".i form (1998)"), &t->an.host.zld, 0 },
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0] && r < max_rows; i++, r++)
		draw_host_form(t, row + r, col, width, forms[i].label, forms[i].b, forms[i].err);
	return r;
}

/* Where finding d is, as its row shows it: in the viewer over a document
 * (view --extract) the document's LINE:COL, as check --extract gives it;
 * else (the editor, a plain list, a place not known) its code point in
 * the IRI, from 1. */
static void finding_place(const tui *t, const iri_diag *d, char *buf, size_t size)
{
	unsigned long line, col;
	if (t->scr.base->id == ROOM_VIEW && t->vw.list && vl_shown(t->vw.list) &&
	    vx_place(t->vw.list, viewer_entry(t), d->cp_start, &line, &col))
		snprintf(buf, size, "%lu:%lu", line, col);
	else
		snprintf(buf, size, "%zu", d->cp_start + 1);
}

/* The findings pane's heading, named by what it holds, the worst first:
 * an error is not a warning, an info is neither. */
static void warnings_heading(const iri_diags *ds, char *head, size_t size)
{
	size_t n = iri_diags_count(ds);
	size_t errors = 0, infos = 0;
	for (size_t i = 0; i < n; i++) {
		iri_severity sev = iri_diags_get(ds, i)->severity;
		errors += sev == IRI_SEV_ERROR;
		infos += sev == IRI_SEV_INFO;
	}
	size_t warnings = n - errors - infos;
	if (errors > 0 && warnings > 0 && infos > 0)
		/* TRANSLATORS: pane heading: how many errors, warnings and infos (notes) it holds. */
		snprintf(head, size, _("Errors (%zu) \u00B7 warnings (%zu) \u00B7 info (%zu)"), errors, warnings,
			infos);
	else if (errors > 0 && warnings > 0)
		/* TRANSLATORS: pane heading: how many errors and warnings it holds. */
		snprintf(head, size, _("Errors (%zu) \u00B7 warnings (%zu)"), errors, warnings);
	else if (errors > 0 && infos > 0)
		/* TRANSLATORS: pane heading: how many errors and infos (notes) it holds. */
		snprintf(head, size, _("Errors (%zu) \u00B7 info (%zu)"), errors, infos);
	else if (errors > 0)
		/* TRANSLATORS: pane heading; %zu: the number of errors it holds. */
		snprintf(head, size, _("Errors (%zu)"), errors);
	else if (infos == 0)
		/* TRANSLATORS: pane heading; %zu: the number of warnings (0 when there are no findings). */
		snprintf(head, size, _("Warnings (%zu)"), n);
	else if (infos == n)
		/* TRANSLATORS: pane heading when every finding is an info (a note, not a warning); %zu: how many. */
		snprintf(head, size, _("Info (%zu)"), n);
	else
		/* TRANSLATORS: pane heading: %zu warnings, then %zu infos (notes). */
		snprintf(head, size, _("Warnings (%zu) \u00B7 info (%zu)"), warnings, infos);
}

int pane_warnings(tui *t, int row, int col, int width, int max_rows)
{
	size_t n = iri_diags_count(t->an.diags);
	char head[128];
	t->scr.warn_box.row = row, t->scr.warn_box.col = col;   /* for the mouse (rooms.c warning_at) */
	t->scr.warn_box.width = width, t->scr.warn_box.rows = max_rows;
	warnings_heading(t->an.diags, head, sizeof head);
	put_ui(t, row, col, width, head, A_BOLD);
	if (n == 0) {
		if (max_rows > 1)
			/* TRANSLATORS: shown in the warnings pane when there are none. */
			put_ui(t, row + 1, col, width, _("none"), A_DIM);
		return max_rows > 1 ? 2 : 1;
	}
	/* More findings than rows: the last row says how many are not shown,
	 * and the selected one is always among those that are. */
	int visible = max_rows - 1;
	bool more = n > (size_t)visible && visible >= 2;
	if (more)
		visible--;
	if (t->scr.diag_sel >= 0) {
		if (t->scr.diag_sel < t->scr.diag_scroll)
			t->scr.diag_scroll = t->scr.diag_sel;
		if (t->scr.diag_sel >= t->scr.diag_scroll + visible)
			t->scr.diag_scroll = t->scr.diag_sel - visible + 1;
	}
	if (t->scr.diag_scroll > (int)n - visible)
		t->scr.diag_scroll = (int)n - visible;
	if (t->scr.diag_scroll < 0)   /* fewer findings than rows */
		t->scr.diag_scroll = 0;
	int pos_cols = 3;
	for (size_t i = 0; i < n; i++) {
		char place[48];
		finding_place(t, iri_diags_get(t->an.diags, i), place, sizeof place);
		int w = (int)strlen(place);
		if (w > pos_cols)
			pos_cols = w;
	}
	int r = 1;
	for (size_t i = (size_t)t->scr.diag_scroll; i < n && r <= visible; i++, r++) {
		const iri_diag *d = iri_diags_get(t->an.diags, i);
		char msg[512], place[48], pos[64], rest[700];
		msg_diag_ui(d, msg, sizeof msg);
		finding_place(t, d, place, sizeof place);
		snprintf(pos, sizeof pos, "%*s", pos_cols, place);
		snprintf(rest, sizeof rest, "%s: %s", iri_diag_code_name(d->code), msg);
		/* Position, severity (7 cells), code and message: columns in
		 * reading order, each through the bidi algorithm. */
		/* The position field is as wide as the largest position needs. */
		const ui_field f[] = { { pos, pos_cols }, { msg_severity(d->severity), 7 }, { rest, 0 } };
		attr_t a = severity_attr(d->severity) | ((int)i == t->scr.diag_sel ? A_REVERSE : 0);
		put_fields(t, row + r, col, width, f, sizeof f / sizeof f[0], a);
	}
	if (more) {
		unsigned long hidden = (unsigned long)(n - (size_t)visible);
		char line[160];
		/* TRANSLATORS: last row of the warnings pane when not all fit; %lu: how many are not shown; Tab walks through them. */
		snprintf(line, sizeof line, ngettext("+%lu more (Tab)", "+%lu more (Tab)", hidden), hidden);
		put_ui(t, row + r, col, width, line, A_DIM);
		r++;
	}
	return r;
}
