/* A form's cells (a grapheme or a placeholder per cell, made when first
 * asked for) and the terminal side: the marks a bidi terminal needs, the
 * BDSM sequences, the self-test word. */
#include <stdlib.h>
#include <string.h>

#include "bidi_internal.h"
#include "render_bidi.h"
#include "render_sanitize.h"
#include "render_utf8.h"
#include "render_width.h"

#define LRE 0x202A
#define PDF 0x202C

static int component_of(const rnd_display *d, size_t cp)
{
	for (size_t i = 0; i < d->n_spans; i++)
		if (cp >= d->spans[i].cp_start && cp < d->spans[i].cp_end)
			return d->spans[i].component;
	return -1;
}

static void set_text(rnd_cell *c, const char *utf8, size_t n)
{
	if (n >= sizeof c->text)
		n = sizeof c->text - 1;
	memcpy(c->text, utf8, n);
	c->text[n] = '\0';
}

_Static_assert(sizeof ((rnd_cell *)0)->text > 4 * RND_CELL_CPS_MAX, "a cell's text holds its code points");

/* Code points in the UTF-8 string s. */
static size_t cps_in(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* Cells: a grapheme (a base and the zero-width marks after it) per cell;
 * anything a terminal must not see becomes a placeholder cell. */
static rnd_result make_cells(rnd_display *d, form_data *fd)
{
	if (!rnd_grow((void **)&fd->cells, &fd->cap_cells, fd->len + 1, sizeof *fd->cells))
		return RND_NO_MEMORY;
	size_t n_cells = 0;
	for (size_t v = 0; v < fd->len; v++) {
		size_t l = fd->v2l[v];
		uint32_t shown = fd->text[v];
		uint32_t orig = l == RND_NO_CP ? shown : d->cp[l];
		char ph[40];
		size_t ph_len = 0;
		int w = 0;
		if (l != RND_NO_CP && d->bad[l] >= 0)
			ph_len = rnd_placeholder_byte((uint8_t)d->bad[l], ph, sizeof ph);
		else if (rnd_is_unsafe(orig))
			ph_len = rnd_placeholder(orig, ph, sizeof ph);
		else if ((w = rnd_cell_width(shown)) < 0)
			ph_len = rnd_placeholder(orig, ph, sizeof ph);
		rnd_cell *prev = n_cells > 0 ? &fd->cells[n_cells - 1] : NULL;
		/* A mark joins only a cell it is logically next to: reordering can
		 * put a stray mark after an unrelated cell, whose range would then
		 * cover code points shown in other cells. */
		if (ph_len == 0 && w == 0 && prev && !prev->placeholder && cps_in(prev->text) < RND_CELL_CPS_MAX &&
		    (l == RND_NO_CP || l == prev->cp_end || l + 1 == prev->cp_start)) {
			/* A combining mark: joins the cell before it (doc/design-notes.md
			 * units), which has room (RND_CELL_CPS_MAX code points of 4
			 * bytes at most fit its text). */
			size_t used = strlen(prev->text);
			char u[4];
			size_t k = rnd_utf8_put(u, shown);
			memcpy(prev->text + used, u, k);
			prev->text[used + k] = '\0';
			if (l != RND_NO_CP) {
				if (prev->cp_start == RND_NO_CP || l < prev->cp_start)
					prev->cp_start = l;
				if (prev->cp_end == RND_NO_CP || l + 1 > prev->cp_end)
					prev->cp_end = l + 1;
				fd->cell_of[l] = n_cells - 1;
			}
			continue;
		}
		rnd_cell *c = &fd->cells[n_cells];
		c->placeholder = false;
		c->vis = v;
		c->rtl = fd->rtl[v];
		c->cp_start = l;
		c->cp_end = l == RND_NO_CP ? RND_NO_CP : l + 1;
		c->component = l == RND_NO_CP ? -1 : component_of(d, l);
		if (ph_len) {
			set_text(c, ph, ph_len);
			c->placeholder = true;
			/* Placeholders are built from narrow characters only. */
			size_t cols = 0;
			for (size_t i = 0; i < ph_len; i++)
				cols += ((unsigned char)ph[i] & 0xC0) != 0x80;
			c->width = (uint8_t)cols;
		} else if (w == 0) {
			/* A mark with nothing to sit on (or past a full cell's
			 * RND_CELL_CPS_MAX): show it on a dotted circle. */
			char u[8];
			size_t k = rnd_utf8_put(u, 0x25CC);
			k += rnd_utf8_put(u + k, shown);
			set_text(c, u, k);
			c->width = 1;
		} else {
			char u[4];
			set_text(c, u, rnd_utf8_put(u, shown));
			c->width = (uint8_t)w;
		}
		if (l != RND_NO_CP)
			fd->cell_of[l] = n_cells;
		n_cells++;
	}
	fd->n_cells = n_cells;
	for (size_t i = 0; i < n_cells; i++) {
		rnd_cell *c = &fd->cells[i];
		c->delimiter = !c->placeholder && c->text[0] && !c->text[1] && rnd_is_delim(d, (unsigned char)c->text[0]);
	}
	return RND_OK;
}

/* The form's cells, made now if this build has not made them yet; on failure
 * (no memory) the form has no cells. */
static void need_cells(rnd_display *d, form_data *fd)
{
	if (fd->cells_made || !fd->cell_of)   /* (never built: no cells) */
		return;
	fd->cells_made = true;
	if (make_cells(d, fd) == RND_OK)
		fd->cell_of[d->n] = fd->n_cells;
	else
		fd->n_cells = 0;
}

const rnd_cell *rnd_form_cells(rnd_display *d, rnd_form f, size_t *n_cells)
{
	need_cells(d, &d->form[f]);
	*n_cells = d->form[f].n_cells;
	return d->form[f].cells;
}

size_t rnd_form_cell_of_cp(rnd_display *d, rnd_form f, size_t cp)
{
	form_data *fd = &d->form[f];
	need_cells(d, fd);
	if (!fd->cell_of || cp >= d->n)
		return fd->n_cells;
	return fd->cell_of[cp];
}

/* VISUAL is MARKED through the algorithm (LRE, LRM around delimiters, PDF:
 * UAX #9 X2, and W/N rules stopped at each LRM); RFC3987 is LRE ... PDF
 * (RFC 3987 4.1); PLAIN takes its direction from its first strong
 * character (P2-P3): a right-to-left one is an RLE ... PDF inside the
 * terminal's left-to-right line (X2: level 1, as the paragraph's would be).
 * Not FSI ... PDI: terminals with older width tables (libvterm 0.1) give
 * U+2066-2069 a cell of their own.  LOGICAL stays in logical order under
 * LRO ... PDF (X4: all L). */
rnd_term_marks rnd_term_marks_of(const rnd_display *d, rnd_form f)
{
	switch (f) {
	case RND_FORM_MARKED:
	case RND_FORM_VISUAL: return (rnd_term_marks){ LRE, PDF, true };
	case RND_FORM_RFC3987: return (rnd_term_marks){ LRE, PDF, false };
	case RND_FORM_PLAIN:
		return d->plain_is_ltr ? (rnd_term_marks){ 0, 0, false } : (rnd_term_marks){ 0x202B, PDF, false };
	case RND_FORM_LOGICAL: return (rnd_term_marks){ 0x202D, PDF, false };
	default: return (rnd_term_marks){ 0, 0, false };
	}
}

const char *rnd_term_bidi_enter(void)
{
	return "\033[8l\033[1 k";
}

const char *rnd_term_bidi_leave(void)
{
	return "\033[8h\033[0 k";
}

const char *rnd_term_bidi_explicit_back(void)
{
	return "\033[8l\033[0 k";
}

void rnd_selftest(const char **word, const char **first)
{
	/* Hebrew alef, bet, gimel: three letters that look nothing alike. */
	*word = "\xd7\x90\xd7\x91\xd7\x92";
	*first = "\xd7\x90";
}
