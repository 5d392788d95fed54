/* One fribidi pipeline for the five display forms (marked, visual, RFC 3987,
 * plain, logical) and their maps; cells and the terminal side are in
 * bidi_cells.c. */
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include <fribidi.h>

#include "bidi_internal.h"
#include "render_bidi.h"
#include "render_sanitize.h"
#include "render_utf8.h"

#define LRE 0x202A
#define PDF 0x202C
#define LRM 0x200E

const char *rnd_form_name(rnd_form f)
{
	static const char *const names[RND_FORM_COUNT] = {
		"marked", "visual", "visual_rfc3987", "visual_plain", "logical"
	};
	return f < RND_FORM_COUNT ? names[f] : "unknown";
}

const char *rnd_result_name(rnd_result r)
{
	switch (r) {
	case RND_OK: return "OK";
	case RND_NO_MEMORY: return "NO_MEMORY";
	case RND_TOO_LONG: return "TOO_LONG";
	case RND_FRIBIDI_FAILED: return "FRIBIDI_FAILED";
	}
	return "UNKNOWN";
}

/* Grows *p to hold need elements of elem bytes. */
bool rnd_grow(void **p, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return true;
	size_t want = *cap ? *cap : 64;
	while (want < need)
		want *= 2;
	void *q = realloc(*p, want * elem);
	if (!q)
		return false;
	*p = q;
	*cap = want;
	return true;
}

rnd_display *rnd_display_new(void)
{
	return calloc(1, sizeof(rnd_display));
}

void rnd_display_free(rnd_display *d)
{
	if (!d)
		return;
	for (int f = 0; f < RND_FORM_COUNT; f++) {
		form_data *fd = &d->form[f];
		free(fd->text);
		free(fd->v2l);
		free(fd->l2v);
		free(fd->rtl);
		free(fd->cells);
		free(fd->cell_of);
	}
	free(d->cp);
	free(d->bad);
	free(d->byte);
	free(d->spans);
	free(d->s);
	free(d->s2l);
	free(d->types);
	free(d->brackets);
	free(d->levels);
	free(d->levels_copy);
	free(d->joins);
	free(d->map);
	free(d);
}

/* The delimiter set of this build as a bit per ASCII code point. */
static void set_delimiters(rnd_display *d, const char *set)
{
	d->delim[0] = d->delim[1] = 0;
	for (const unsigned char *c = (const unsigned char *)set; *c; c++)
		if (*c < 0x80)
			d->delim[*c >> 6] |= (uint64_t)1 << (*c & 63);
}

static rnd_result decode_input(rnd_display *d, const char *utf8, size_t n_bytes)
{
	const uint8_t *s = (const uint8_t *)utf8;
	size_t n = 0;
	/* A code point per byte at most: size the arrays once. */
	if (n_bytes > RND_MAX_CP * 4)
		return RND_TOO_LONG;
	size_t cap = d->cap_n;
	if (!rnd_grow((void **)&d->cp, &cap, n_bytes + 1, sizeof *d->cp))
		return RND_NO_MEMORY;
	/* bad and byte follow cp's capacity, reallocated only when it grows
	 * (see form_room); cap_n is set once all three have it. */
	if (cap != d->cap_n) {
		int16_t *bad = realloc(d->bad, cap * sizeof *bad);
		if (!bad)
			return RND_NO_MEMORY;
		d->bad = bad;
		size_t *byte = realloc(d->byte, (cap + 1) * sizeof *byte);
		if (!byte)
			return RND_NO_MEMORY;
		d->byte = byte;
		d->cap_n = cap;
	}
	d->has_arabic = d->has_rtl = d->has_explicit = false;
	for (size_t i = 0; i < n_bytes;) {
		uint32_t c = 0xFFFD;
		size_t k = rnd_utf8_next(s + i, n_bytes - i, &c);
		if (c >= 0x0590) {
			/* Arabic, Syriac, N'Ko, Mandaic blocks: the joining scripts fribidi shapes. */
			d->has_arabic |= (c >= 0x0600 && c <= 0x08FF);
			FriBidiCharType t = fribidi_get_bidi_type(c);
			d->has_rtl |= FRIBIDI_IS_RTL(t) || t == FRIBIDI_TYPE_AN;
			d->has_explicit |= FRIBIDI_IS_EXPLICIT(t) || FRIBIDI_IS_ISOLATE(t);
		}
		d->byte[n] = i;
		if (k == 0) {
			d->cp[n] = 0xFFFD;
			d->bad[n] = s[i];
			k = 1;
		} else {
			d->cp[n] = c;
			d->bad[n] = -1;
		}
		n++;
		i += k;
	}
	if (n > RND_MAX_CP)
		return RND_TOO_LONG;
	d->byte[n] = n_bytes;
	d->n = n;
	return RND_OK;
}

/* Fills d->s / d->s2l with the form's input to the bidi algorithm. */
static size_t make_source(rnd_display *d, rnd_form f)
{
	size_t k = 0;
	bool marks = f == RND_FORM_MARKED || f == RND_FORM_VISUAL;
	bool embed = f != RND_FORM_PLAIN && f != RND_FORM_LOGICAL;
	if (embed) {
		d->s[k] = LRE;
		d->s2l[k++] = RND_NO_CP;
	}
	for (size_t i = 0; i < d->n; i++) {
		bool delim = marks && rnd_is_delim(d, d->cp[i]);
		if (delim) {
			d->s[k] = LRM;
			d->s2l[k++] = RND_NO_CP;
		}
		d->s[k] = d->cp[i];
		d->s2l[k++] = i;
		if (delim) {
			d->s[k] = LRM;
			d->s2l[k++] = RND_NO_CP;
		}
	}
	if (embed) {
		d->s[k] = PDF;
		d->s2l[k++] = RND_NO_CP;
	}
	return k;
}

/* The bidi algorithm on d->s[off..off+len) as one paragraph: levels (UAX #9
 * P2-I2), shaping in logical order (mirrored brackets, UAX #9 L4, and Arabic
 * presentation forms without ligatures if asked), then reordering (L2) with
 * marks kept after their base.  d->map[off..] must hold the indices. */
static rnd_result bidi_line(rnd_display *d, size_t off, size_t len, FriBidiParType *par, bool arabic,
	bool inert_controls)
{
	FriBidiStrIndex n = (FriBidiStrIndex)len;
	FriBidiChar *s = d->s + off;
	FriBidiCharType *types = d->types + off;
	FriBidiLevel *levels = d->levels + off;
	if (n == 0)
		return RND_OK;
	fribidi_get_bidi_types(s, n, types);
	if (inert_controls)
		for (FriBidiStrIndex i = 0; i < n; i++)
			/* The user's embeddings, overrides and isolates (UAX #9 X2-X6a)
			 * are shown, not obeyed: typed as ON they start no level and
			 * end none, so no component's text leaves its place.  The
			 * form's own LRE ... PDF (no logical index) still act. */
			if (d->s2l[off + i] != RND_NO_CP &&
			    (FRIBIDI_IS_EXPLICIT(types[i]) || FRIBIDI_IS_ISOLATE(types[i])))
				types[i] = FRIBIDI_TYPE_ON;
	fribidi_get_bracket_types(s, n, types, d->brackets + off);
	if (!fribidi_get_par_embedding_levels_ex(types, d->brackets + off, n, par, levels))
		return RND_FRIBIDI_FAILED;
	memcpy(d->levels_copy + off, levels, len * sizeof *levels);
	FriBidiFlags shape = FRIBIDI_FLAG_SHAPE_MIRRORING;
	if (arabic) {
		fribidi_get_joining_types(s, n, d->joins + off);
		fribidi_join_arabic(types, n, levels, d->joins + off);
		shape |= FRIBIDI_FLAG_SHAPE_ARAB_PRES;
	}
	fribidi_shape(shape, levels, n, arabic ? d->joins + off : NULL, s);
	if (!fribidi_reorder_line(FRIBIDI_FLAG_REORDER_NSM, types, n, 0, *par, levels, s, d->map + off))
		return RND_FRIBIDI_FAILED;
	return RND_OK;
}

/* Room in fd for a form of len code points of d's text. */
static rnd_result form_room(rnd_display *d, form_data *fd, size_t len)
{
	/* The companion arrays (v2l and rtl of text, cell_of of l2v) are
	 * reallocated only when their leader grows: a realloc to the same size
	 * is free in glibc but a fresh chunk and a full copy under ASan, which
	 * made every line after a 263 kB one take 0.1 s.  A capacity is set once
	 * all of its arrays have it. */
	size_t cap = fd->cap_text;
	if (!rnd_grow((void **)&fd->text, &cap, len + 1, sizeof *fd->text))
		return RND_NO_MEMORY;
	if (cap != fd->cap_text) {
		size_t *v2l = realloc(fd->v2l, cap * sizeof *v2l);
		if (!v2l)
			return RND_NO_MEMORY;
		fd->v2l = v2l;
		bool *rtl = realloc(fd->rtl, cap * sizeof *rtl);
		if (!rtl)
			return RND_NO_MEMORY;
		fd->rtl = rtl;
		fd->cap_text = cap;
	}
	cap = fd->cap_l;
	if (!rnd_grow((void **)&fd->l2v, &cap, d->n + 1, sizeof *fd->l2v))
		return RND_NO_MEMORY;
	if (cap != fd->cap_l) {
		size_t *cell_of = realloc(fd->cell_of, cap * sizeof *cell_of);
		if (!cell_of)
			return RND_NO_MEMORY;
		fd->cell_of = cell_of;
		fd->cap_l = cap;
	}
	return RND_OK;
}

/* The form in the source's logical order: MARKED keeps its marks, the
 * others drop them. */
static void logical_order(const rnd_display *d, form_data *fd, rnd_form f, size_t len)
{
	size_t k = 0;
	for (size_t i = 0; i < len; i++) {
		if (f != RND_FORM_MARKED && d->s2l[i] == RND_NO_CP)
			continue;
		fd->text[k] = d->s[i];
		fd->v2l[k] = d->s2l[i];
		fd->rtl[k] = false;
		k++;
	}
	fd->len = k;
}

/* VISUAL: every "LRM delimiter LRM" is a strong-L boundary at the base
 * level: no UAX #9 rule (W2, W7, N0, N1) looks across it and no L2
 * reversal spans it, so the marked string is run in chunks cut there --
 * the same result, with short run lists. */
static rnd_result visual_chunks(rnd_display *d, size_t len, bool arabic)
{
	rnd_result r = RND_OK;
	size_t from = 0;
	for (size_t i = 0; i < len && r == RND_OK; i++) {
		bool cut = i + 1 == len ||
			(i - from >= 256 && i >= 2 && d->s2l[i] == RND_NO_CP && d->s[i] == LRM &&
			 d->s2l[i - 1] != RND_NO_CP && rnd_is_delim(d, d->s[i - 1]));
		if (cut) {
			FriBidiParType ltr = FRIBIDI_PAR_LTR;
			r = bidi_line(d, from, i + 1 - from, &ltr, arabic, true);
			from = i + 1;
		}
	}
	return r;
}

/* The form through the bidi algorithm, in display order. */
static rnd_result reordered(rnd_display *d, form_data *fd, rnd_form f, size_t len, const rnd_options *opts)
{
	FriBidiParType par = f == RND_FORM_PLAIN ? FRIBIDI_PAR_ON : FRIBIDI_PAR_LTR;
	bool arabic = opts->shape_arabic && d->has_arabic;
	for (size_t i = 0; i < len; i++)
		d->map[i] = (FriBidiStrIndex)i;
	rnd_result r;
	if (f == RND_FORM_VISUAL) {
		r = visual_chunks(d, len, arabic);
	} else {
		r = bidi_line(d, 0, len, &par, arabic, false);
		if (f == RND_FORM_PLAIN)
			d->plain_is_ltr = par == FRIBIDI_PAR_LTR;
	}
	if (r != RND_OK)
		return r;
	/* Drop the marks this form inserted.  Not fribidi_remove_bidi_marks():
	 * it would also delete bidi controls the user typed, hiding the very
	 * spoofing this display is there to reveal; those stay, as cells. */
	size_t k = 0;
	for (size_t v = 0; v < len; v++) {
		size_t src = (size_t)d->map[v];
		if (d->s2l[src] == RND_NO_CP)
			continue;
		fd->text[k] = d->s[v];
		fd->v2l[k] = d->s2l[src];
		fd->rtl[k] = d->levels_copy[src] & 1;
		k++;
	}
	fd->len = k;
	return RND_OK;
}

static rnd_result build_form(rnd_display *d, rnd_form f, const rnd_options *opts)
{
	form_data *fd = &d->form[f];
	size_t len = make_source(d, f);
	rnd_result r = form_room(d, fd, len);
	if (r != RND_OK)
		return r;
	if (f == RND_FORM_RFC3987 && d->plain_is_ltr && !d->has_explicit) {
		/* Same order as PLAIN: an LRE in a left-to-right paragraph only
		 * raises every level by two (UAX #9 X2), which L2 undoes. */
		const form_data *p = &d->form[RND_FORM_PLAIN];
		memcpy(fd->text, p->text, p->len * sizeof *fd->text);
		memcpy(fd->v2l, p->v2l, p->len * sizeof *fd->v2l);
		memcpy(fd->rtl, p->rtl, p->len * sizeof *fd->rtl);
		fd->len = p->len;
	} else if (f == RND_FORM_MARKED || f == RND_FORM_LOGICAL || (!d->has_rtl && !d->has_explicit)) {
		/* MARKED is logical order, the text to paste into a bidi-capable
		 * document; without RTL characters every form keeps that order. */
		logical_order(d, fd, f, len);
	} else if ((r = reordered(d, fd, f, len, opts)) != RND_OK) {
		return r;
	}
	for (size_t i = 0; i <= d->n; i++) {
		fd->l2v[i] = fd->len;
		fd->cell_of[i] = 0;
	}
	for (size_t v = 0; v < fd->len; v++)
		if (fd->v2l[v] != RND_NO_CP)
			fd->l2v[fd->v2l[v]] = v;
	/* Cells only for the forms someone draws (the editor shows three of
	 * five): rnd_form_cells() makes them on first use. */
	fd->n_cells = 0;
	fd->cells_made = false;
	return RND_OK;
}

rnd_result rnd_display_build(rnd_display *d, const char *utf8, size_t n_bytes,
	const rnd_span *spans, size_t n_spans, const rnd_options *opts)
{
	rnd_options defaults = { .shape_arabic = true };
	if (!opts)
		opts = &defaults;
	set_delimiters(d, opts->delimiters ? opts->delimiters : RND_DELIMITERS_DEFAULT);
	rnd_result r = decode_input(d, utf8, n_bytes);
	if (r != RND_OK)
		goto out;
	if (!rnd_grow((void **)&d->spans, &d->cap_spans, n_spans + 1, sizeof *d->spans)) {
		r = RND_NO_MEMORY;
		goto out;
	}
	if (n_spans)
		memcpy(d->spans, spans, n_spans * sizeof *spans);
	d->n_spans = n_spans;
	/* The marked string is the longest: LRE, PDF and two LRMs per delimiter. */
	size_t need = d->n * 3 + 2;
	size_t cap = d->cap_s;
	if (!rnd_grow((void **)&d->s, &cap, need, sizeof *d->s)) {
		r = RND_NO_MEMORY;
		goto out;
	}
	if (cap != d->cap_s) {
		void *p;
#define RESIZE(field) \
		if (!(p = realloc(d->field, cap * sizeof *d->field))) { r = RND_NO_MEMORY; goto out; } \
		d->field = p;
		RESIZE(s2l)
		RESIZE(types)
		RESIZE(brackets)
		RESIZE(levels)
		RESIZE(levels_copy)
		RESIZE(joins)
		RESIZE(map)
#undef RESIZE
		d->cap_s = cap;
	}
	/* PLAIN before RFC3987, which may reuse it. */
	static const rnd_form order[RND_FORM_COUNT] = {
		RND_FORM_MARKED, RND_FORM_VISUAL, RND_FORM_PLAIN, RND_FORM_RFC3987, RND_FORM_LOGICAL
	};
	d->plain_is_ltr = false;
	for (int k = 0; k < RND_FORM_COUNT && r == RND_OK; k++)
		r = build_form(d, order[k], opts);
out:
	if (r != RND_OK) {
		d->n = 0;
		for (int f = 0; f < RND_FORM_COUNT; f++) {
			d->form[f].len = 0;
			d->form[f].n_cells = 0;
			d->form[f].cells_made = true;   /* nothing to make */
		}
	}
	return r;
}

size_t rnd_logical_len(const rnd_display *d)
{
	return d->n;
}

size_t rnd_cp_byte(const rnd_display *d, size_t cp)
{
	if (!d->byte)
		return 0;
	return d->byte[cp <= d->n ? cp : d->n];
}

const uint32_t *rnd_form_text(const rnd_display *d, rnd_form f, size_t *len)
{
	*len = d->form[f].len;
	return d->form[f].text;
}

size_t rnd_form_utf8(const rnd_display *d, rnd_form f, char *out, size_t size)
{
	const form_data *fd = &d->form[f];
	size_t need = 0;
	char u[4];
	for (size_t v = 0; v < fd->len; v++) {
		size_t l = fd->v2l[v];
		size_t k;
		if (l != RND_NO_CP && d->bad[l] >= 0) {
			u[0] = (char)d->bad[l];   /* the ill-formed byte, as it came */
			k = 1;
		} else {
			k = rnd_utf8_put(u, fd->text[v]);
		}
		if (need + k < size)
			memcpy(out + need, u, k);
		need += k;
	}
	if (size)
		out[need < size ? need : size - 1] = '\0';
	return need;
}

const size_t *rnd_form_v2l(const rnd_display *d, rnd_form f)
{
	return d->form[f].v2l;
}

const size_t *rnd_form_l2v(const rnd_display *d, rnd_form f)
{
	return d->form[f].l2v;
}
