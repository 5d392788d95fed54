/* RFC 3987 4.2 rules 1 and 2, with a severity from what a reader sees.
 *
 * A component that breaks a rule is rendered twice with fribidi (the RFC 3987
 * 4.1 rendering, and irie's marked form) and read as its reader would; the
 * criterion, and the UAX #9 rules it rests on, are in doc/design-notes.md,
 * "Bidi findings".  The marked form is built here from the same delimiter set
 * the checks use (core knows nothing of render/). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <fribidi.h>
#include <unicode/uchar.h>

#include "check_bidi.h"
#include "iri_buf.h"
#include "iri_utf8.h"

#define LRE 0x202A
#define PDF 0x202C
#define LRM 0x200E
#define NO_CP SIZE_MAX

/* Both renderings put the IRI in an LRE in a left-to-right paragraph: its
 * text starts at level 2 (UAX #9 X3).  Above it is right-to-left text (R and
 * AL at 3, UAX #9 I1) and the numbers inside it (at 4, I1-I2). */
#define BASE_LEVEL 2

bool iri_is_bidi_delimiter(unsigned char c)
{
	switch (c) {
	case ':': case '/': case '?': case '#': case '[': case ']': case '@':   /* gen-delims */
	case '!': case '$': case '&': case '\'': case '(': case ')':             /* sub-delims */
	case '*': case '+': case ',': case ';': case '=':
	case '.':
		return true;
	default:
		return false;
	}
}

/* RFC 3987 4.2 reads a component as one word: brackets belong to it. */
static bool splits_component(unsigned char c)
{
	return iri_is_bidi_delimiter(c) && c != '(' && c != ')';
}

enum { FORM_RFC3987, FORM_MARKED, FORM_COUNT };

typedef struct {
	FriBidiChar *s;             /* the rendering's input to the algorithm */
	size_t *cp_of;              /* index -> the IRI's code point, or NO_CP (inserted) */
	FriBidiCharType *types;     /* bidi classes, before resolution */
	FriBidiBracketType *brackets;
	FriBidiLevel *levels;       /* resolved levels (UAX #9 X1-I2) */
	FriBidiLevel *scratch;      /* the levels L1 may change */
	FriBidiStrIndex *map;       /* visual index -> index (UAX #9 L2) */
	FriBidiStrIndex *vis;       /* index -> visual index */
	size_t *at;                 /* the IRI's code point -> index */
	size_t len;
} form;

typedef struct {
	uint32_t *cp;               /* the IRI's code points; an ill-formed byte is U+FFFD */
	size_t *byte;               /* byte offset of each, n + 1 entries */
	size_t n;
	form f[FORM_COUNT];
	bool built, failed;
	iri_buf seen;
} view;

static void view_fini(view *v)
{
	for (int k = 0; k < FORM_COUNT; k++) {
		form *f = &v->f[k];
		free(f->s);
		free(f->cp_of);
		free(f->types);
		free(f->brackets);
		free(f->levels);
		free(f->scratch);
		free(f->map);
		free(f->vis);
		free(f->at);
	}
	free(v->cp);
	free(v->byte);
	iri_buf_fini(&v->seen);
}

static bool decode(view *v, const char *text, size_t len)
{
	const uint8_t *s = (const uint8_t *)text;
	v->cp = malloc((len + 1) * sizeof *v->cp);
	v->byte = malloc((len + 1) * sizeof *v->byte);
	if (!v->cp || !v->byte)
		return false;
	size_t n = 0;
	for (size_t i = 0; i < len;) {
		uint32_t cp = s[i];
		size_t k = 1;
		if (cp >= 0x80) {
			iri_utf8_status st;
			k = iri_utf8_decode(s + i, len - i, &cp, &st);
			if (st != IRI_UTF8_OK) {
				cp = 0xFFFD;   /* one position per ill-formed byte */
				k = 1;
			}
		}
		v->cp[n] = cp;
		v->byte[n++] = i;
		i += k;
	}
	v->byte[n] = len;
	v->n = n;
	return true;
}

/* One rendering: (a) RFC 3987 4.1, the IRI in LRE ... PDF; (b) the marked
 * form, the same with an LRM on each side of every delimiter.  In (b) the
 * user's embeddings, overrides and isolates are typed ON, as irie's screen
 * shows them (doc/design-notes.md, "Display"); (a) obeys them. */
static bool build_form(view *v, int kind)
{
	form *f = &v->f[kind];
	bool marked = kind == FORM_MARKED;
	size_t cap = marked ? 3 * v->n + 2 : v->n + 2;
	f->s = malloc(cap * sizeof *f->s);
	f->cp_of = malloc(cap * sizeof *f->cp_of);
	f->types = malloc(cap * sizeof *f->types);
	f->brackets = malloc(cap * sizeof *f->brackets);
	f->levels = malloc(cap * sizeof *f->levels);
	f->scratch = malloc(cap * sizeof *f->scratch);
	f->map = malloc(cap * sizeof *f->map);
	f->vis = malloc(cap * sizeof *f->vis);
	f->at = malloc((v->n + 1) * sizeof *f->at);
	if (!f->s || !f->cp_of || !f->types || !f->brackets || !f->levels || !f->scratch ||
	    !f->map || !f->vis || !f->at || cap >= (size_t)INT_MAX)
		return false;
	size_t k = 0;
	f->s[k] = LRE;
	f->cp_of[k++] = NO_CP;
	for (size_t c = 0; c < v->n; c++) {
		bool delim = marked && v->cp[c] < 0x80 && iri_is_bidi_delimiter((unsigned char)v->cp[c]);
		if (delim) {
			f->s[k] = LRM;
			f->cp_of[k++] = NO_CP;
		}
		f->at[c] = k;
		f->s[k] = v->cp[c];
		f->cp_of[k++] = c;
		if (delim) {
			f->s[k] = LRM;
			f->cp_of[k++] = NO_CP;
		}
	}
	f->s[k] = PDF;
	f->cp_of[k++] = NO_CP;
	f->len = k;
	FriBidiStrIndex n = (FriBidiStrIndex)k;
	fribidi_get_bidi_types(f->s, n, f->types);
	if (marked)
		for (size_t i = 0; i < k; i++)
			if (f->cp_of[i] != NO_CP && (FRIBIDI_IS_EXPLICIT(f->types[i]) || FRIBIDI_IS_ISOLATE(f->types[i])))
				f->types[i] = FRIBIDI_TYPE_ON;
	fribidi_get_bracket_types(f->s, n, f->types, f->brackets);
	FriBidiParType par = FRIBIDI_PAR_LTR;
	if (!fribidi_get_par_embedding_levels_ex(f->types, f->brackets, n, &par, f->levels))
		return false;
	memcpy(f->scratch, f->levels, k * sizeof *f->levels);
	for (size_t i = 0; i < k; i++)
		f->map[i] = (FriBidiStrIndex)i;
	if (!fribidi_reorder_line(FRIBIDI_FLAG_REORDER_NSM, f->types, n, 0, par, f->scratch, NULL, f->map))
		return false;
	for (size_t i = 0; i < k; i++)
		f->vis[f->map[i]] = (FriBidiStrIndex)i;
	return true;
}

/* Characters with no level of their own (UAX #9 X9): not read. */
static bool unread(FriBidiCharType t)
{
	return FRIBIDI_IS_EXPLICIT_OR_BN(t) || FRIBIDI_IS_ISOLATE(t);
}

/* Whether the code points [c0, c1) read in order in f.  The reader reads in
 * the direction of the first strong character (UAX #9 P2-P3 on the text).
 * Tokens are the maximal runs on one side of the base level: at it (left to
 * right), or above it (a right-to-left run, with its numbers: one unit read
 * in its own direction); a run of neutrals alone carries no order.  Kept iff
 * the tokens with a letter or digit stand on the screen (after L2) one after
 * the other in the reader's direction. */
static bool reads_in_order(const form *f, size_t c0, size_t c1)
{
	int dir = 0;
	for (size_t c = c0; c < c1 && !dir; c++) {
		FriBidiCharType t = f->types[f->at[c]];
		if (FRIBIDI_IS_LETTER(t))
			dir = FRIBIDI_IS_RTL(t) ? -1 : 1;
	}
	if (!dir)
		return true;
	long prev_lo = -1, prev_hi = -1, lo = -1, hi = -1;
	bool content = false;
	int side = -1;
	for (size_t c = c0; c <= c1; c++) {
		size_t i = c < c1 ? f->at[c] : 0;
		if (c < c1 && unread(f->types[i]))
			continue;
		int s = c < c1 ? f->levels[i] > BASE_LEVEL : -1;
		if (s != side) {
			if (content && prev_lo >= 0 && (dir < 0 ? hi > prev_lo : lo < prev_hi))
				return false;
			if (content) {
				prev_lo = lo;
				prev_hi = hi;
			}
			lo = hi = -1;
			content = false;
			side = s;
		}
		if (c == c1)
			break;
		long at = f->vis[i];
		if (lo < 0 || at < lo)
			lo = at;
		if (at > hi)
			hi = at;
		content |= FRIBIDI_IS_LETTER(f->types[i]) || FRIBIDI_IS_NUMBER(f->types[i]);
	}
	return true;
}

/* The marked form isolates each piece between delimiters (they sit between
 * LRMs at the base level, so the pieces stand left to right, as the IRI's
 * structure does): each piece is read on its own. */
static bool marked_in_order(const view *v, size_t c0, size_t c1)
{
	size_t piece = c0;
	for (size_t c = c0; c <= c1; c++) {
		if (c < c1 && !(v->cp[c] < 0x80 && iri_is_bidi_delimiter((unsigned char)v->cp[c])))
			continue;
		if (c > piece && !reads_in_order(&v->f[FORM_MARKED], piece, c))
			return false;
		piece = c + 1;
	}
	return true;
}

static int by_visual(const void *a, const void *b)
{
	const FriBidiStrIndex *x = a, *y = b;
	return (*x > *y) - (*x < *y);
}

/* [c0, c1) as f shows it, left to right, into v->seen: glyphs mirrored at
 * odd levels (UAX #9 L4); format characters (invisible) left out, and any
 * other character a terminal must not get raw as U+FFFD. */
static bool seen_text(view *v, const form *f, size_t c0, size_t c1)
{
	iri_buf *out = &v->seen;
	iri_buf_reset(out);
	FriBidiStrIndex *order = malloc((c1 - c0 + 1) * sizeof *order);
	if (!order)
		return false;
	for (size_t c = c0; c < c1; c++)
		order[c - c0] = f->vis[f->at[c]];
	qsort(order, c1 - c0, sizeof *order, by_visual);
	for (size_t k = 0; k < c1 - c0; k++) {
		size_t i = (size_t)f->map[order[k]];
		FriBidiChar cp = f->s[i];
		int8_t type = u_charType((UChar32)cp);
		if (type == U_FORMAT_CHAR)
			continue;
		if (type == U_CONTROL_CHAR || type == U_LINE_SEPARATOR || type == U_PARAGRAPH_SEPARATOR ||
		    type == U_SURROGATE || type == U_PRIVATE_USE_CHAR || type == U_UNASSIGNED)
			cp = 0xFFFD;
		FriBidiChar mirror;
		if ((f->levels[i] & 1) && fribidi_get_mirror_char(cp, &mirror))
			cp = mirror;
		iri_buf_put_cp(out, cp);
	}
	free(order);
	return !out->failed;
}

static size_t cp_at_byte(const view *v, size_t byte)
{
	size_t lo = 0, hi = v->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v->byte[mid] < byte)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* What the rules find in one component: *mixed (rule 1) and *where (rule 2:
 * 1 = a wrong first character, 2 = a wrong last one, 0 = none).  Combining
 * marks take their base's direction.  False if it has no right-to-left
 * character (the rules do not apply). */
static bool rules(const uint8_t *s, size_t start, size_t end, bool *mixed, int *where)
{
	bool has_l = false, has_r = false, first_set = false;
	UCharDirection first = U_OTHER_NEUTRAL, last = U_OTHER_NEUTRAL;
	for (size_t i = start; i < end;) {
		uint32_t cp;
		iri_utf8_status st;
		size_t n = iri_utf8_decode(s + i, end - i, &cp, &st);
		i += n;
		if (st != IRI_UTF8_OK)
			continue;
		UCharDirection dir = u_charDirection((UChar32)cp);
		bool r = dir == U_RIGHT_TO_LEFT || dir == U_RIGHT_TO_LEFT_ARABIC;
		has_l |= dir == U_LEFT_TO_RIGHT;
		has_r |= r;
		if (dir == U_DIR_NON_SPACING_MARK)
			continue;
		if (!first_set)
			first = dir;
		first_set = true;
		last = dir;
	}
	*mixed = has_l;
	bool first_r = first == U_RIGHT_TO_LEFT || first == U_RIGHT_TO_LEFT_ARABIC;
	bool last_r = last == U_RIGHT_TO_LEFT || last == U_RIGHT_TO_LEFT_ARABIC;
	*where = !first_r ? 1 : !last_r ? 2 : 0;
	return has_r;
}

/* The two renderings' verdicts on [start, end) as IRI_BIDI_MISREAD_* bits;
 * what the reader sees in v->seen when there is one.  A rendering that could
 * not be made (no memory) counts as misread, with nothing to show. */
static int64_t misread(view *v, const iri_ref *ref, size_t start, size_t end)
{
	if (!v->built) {
		v->built = true;
		v->failed = !decode(v, ref->text, ref->len) || !build_form(v, FORM_RFC3987) ||
		            !build_form(v, FORM_MARKED);
	}
	iri_buf_reset(&v->seen);
	if (v->failed)
		return IRI_BIDI_MISREAD_RFC3987;
	size_t c0 = cp_at_byte(v, start), c1 = cp_at_byte(v, end);
	int64_t bits = 0;
	if (!reads_in_order(&v->f[FORM_RFC3987], c0, c1))
		bits |= IRI_BIDI_MISREAD_RFC3987;
	if (!marked_in_order(v, c0, c1))
		bits |= IRI_BIDI_MISREAD_MARKED;
	if (bits)
		seen_text(v, &v->f[bits & IRI_BIDI_MISREAD_RFC3987 ? FORM_RFC3987 : FORM_MARKED], c0, c1);
	return bits;
}

static void check_component(view *v, const iri_ref *ref, size_t start, size_t end,
	iri_component comp, iri_diags *d)
{
	const uint8_t *s = (const uint8_t *)ref->text;
	bool any_high = false;
	for (size_t i = start; i < end && !any_high; i++)
		any_high = s[i] >= 0x80;
	bool mixed;
	int where;
	if (!any_high || !rules(s, start, end, &mixed, &where) || (!mixed && !where))
		return;
	int64_t bits = misread(v, ref, start, end);
	iri_diag g = {
		.severity = bits ? IRI_SEV_WARNING : IRI_SEV_INFO,
		.component = comp,
		.byte_start = start,
		.byte_end = end,
		.seen = bits && v->seen.len ? v->seen.data : NULL,
	};
	if (mixed) {
		g.code = IRI_D_BIDI_MIXED_DIRECTION;
		g.detail = bits;
		iri_diags_add_diag(d, &g);
	}
	if (where) {
		g.code = IRI_D_BIDI_BOUNDARY;
		g.detail = where | bits;
		iri_diags_add_diag(d, &g);
	}
}

void iri_check_bidi(const iri_ref *ref, iri_diags *d)
{
	view v = { 0 };
	iri_buf_init(&v.seen);
	for (int k = 0; k < IRI_COMP_COUNT; k++) {
		const iri_span *sp = &ref->comp[k];
		if (!sp->present)
			continue;
		size_t piece = sp->start;
		for (size_t i = sp->start; i <= sp->end; i++) {
			if (i == sp->end || splits_component((unsigned char)ref->text[i])) {
				if (i > piece)
					check_component(&v, ref, piece, i, (iri_component)k, d);
				piece = i + 1;
			}
		}
	}
	view_fini(&v);
}
