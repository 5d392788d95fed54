/* RFC 3987 4.2 rules 1 and 2, with a severity from what a reader sees.
 *
 * A component that breaks a rule is rendered twice with fribidi (the RFC 3987
 * 4.1 rendering, and irie's marked form) and read as its reader would; the
 * criterion, and the UAX #9 rules it rests on, are in doc/design-notes.md,
 * "Bidi findings".  The marked form is built here from iri_is_bidi_delimiter(),
 * the set render marks (core knows nothing of render/).  That set holds "("
 * and ")", the components do not: the marked form's pieces go left to right
 * by design, so it is judged piece by piece. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <fribidi.h>
#include <unicode/uchar.h>

#include "check_bidi.h"
#include "iri_buf.h"
#include "iri_check.h"
#include "iri_utf8.h"

#define LRE 0x202A
#define PDF 0x202C
#define LRM 0x200E

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

/* The switch's set as a string (tests/test_render.c checks they agree). */
const char *iri_bidi_delimiters(void)
{
	return ":/?#[]@!$&'()*+,;=.";
}

/* A component for RFC 3987 4.2 ends at a delimiter, but brackets belong to
 * it: they are part of a title, and rule 2 applies to them as to any
 * leading or trailing neutral (doc/design-notes.md, "Bidi findings"). */
static bool splits_component(unsigned char c)
{
	return iri_is_bidi_delimiter(c) && c != '(' && c != ')';
}

/* An IRI's code points and its RFC 3987 4.1 rendering's resolved levels,
 * made when a component first breaks a rule; and room for one component or
 * piece at a time.  One allocation per IRI. */
typedef struct {
	uint32_t *cp;               /* the IRI's code points; an ill-formed byte is U+FFFD */
	size_t *byte;               /* byte offset of each, n + 1 entries */
	size_t n;
	/* (a) LRE, the IRI, PDF: code point c at index c + 1 */
	FriBidiChar *s;
	FriBidiCharType *types;     /* bidi classes, before resolution */
	FriBidiBracketType *brackets;
	FriBidiLevel *levels;       /* resolved levels (UAX #9 X1-I2) */
	/* one component or piece, n + 4 entries each */
	FriBidiChar *ps;
	FriBidiCharType *ptypes;
	FriBidiBracketType *pbrackets;
	FriBidiLevel *plevels, *scratch;
	FriBidiStrIndex *map, *vis;
	void *block;
	bool built, failed;
	iri_buf seen[2];            /* what (a) and (b) show of the component */
} view;

/* A paragraph separator inside an IRI (a control character, an error of its
 * own) would end the paragraph (UAX #9 P1), but the text is rendered as one
 * line: it is read as a neutral. fribidi 1.0.8 also misreads memory when an
 * unclosed isolate meets one inside a paragraph. */
static void one_paragraph(FriBidiCharType *types, FriBidiStrIndex len)
{
	for (FriBidiStrIndex i = 0; i < len; i++)
		if (types[i] == FRIBIDI_TYPE_BS)
			types[i] = FRIBIDI_TYPE_ON;
}

static bool view_build(view *v, const char *text, size_t len)
{
	const uint8_t *u = (const uint8_t *)text;
	size_t m = len + 4;
	if (m >= (size_t)INT_MAX / 2)
		return false;
	size_t per = sizeof(uint32_t) + sizeof(size_t) + 2 * (sizeof(FriBidiChar) + sizeof(FriBidiCharType) +
		sizeof(FriBidiBracketType) + sizeof(FriBidiLevel)) + sizeof(FriBidiLevel) + 2 * sizeof(FriBidiStrIndex);
	char *p = v->block = malloc(m * per);
	if (!p)
		return false;
	/* Widest types first: every array stays aligned. */
	v->byte = (size_t *)(void *)p;              p += m * sizeof(size_t);
	v->cp = (uint32_t *)(void *)p;              p += m * sizeof(uint32_t);
	v->s = (FriBidiChar *)(void *)p;            p += m * sizeof(FriBidiChar);
	v->ps = (FriBidiChar *)(void *)p;           p += m * sizeof(FriBidiChar);
	v->types = (FriBidiCharType *)(void *)p;    p += m * sizeof(FriBidiCharType);
	v->ptypes = (FriBidiCharType *)(void *)p;   p += m * sizeof(FriBidiCharType);
	v->brackets = (FriBidiBracketType *)(void *)p;  p += m * sizeof(FriBidiBracketType);
	v->pbrackets = (FriBidiBracketType *)(void *)p; p += m * sizeof(FriBidiBracketType);
	v->map = (FriBidiStrIndex *)(void *)p;      p += m * sizeof(FriBidiStrIndex);
	v->vis = (FriBidiStrIndex *)(void *)p;      p += m * sizeof(FriBidiStrIndex);
	v->levels = (FriBidiLevel *)(void *)p;      p += m * sizeof(FriBidiLevel);
	v->plevels = (FriBidiLevel *)(void *)p;     p += m * sizeof(FriBidiLevel);
	v->scratch = (FriBidiLevel *)(void *)p;
	size_t n = 0;
	for (size_t i = 0; i < len;) {
		uint32_t cp = u[i];
		size_t k = 1;
		if (cp >= 0x80) {
			iri_utf8_status st;
			k = iri_utf8_decode(u + i, len - i, &cp, &st);
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
	/* (a): the user's embeddings, overrides and isolates act, as they
	 * would in any renderer (they are errors of their own). */
	v->s[0] = LRE;
	for (size_t c = 0; c < n; c++)
		v->s[c + 1] = v->cp[c];
	v->s[n + 1] = PDF;
	FriBidiStrIndex len_a = (FriBidiStrIndex)(n + 2);
	fribidi_get_bidi_types(v->s, len_a, v->types);
	one_paragraph(v->types, len_a);
	fribidi_get_bracket_types(v->s, len_a, v->types, v->brackets);
	FriBidiParType par = FRIBIDI_PAR_LTR;
	return fribidi_get_par_embedding_levels_ex(v->types, v->brackets, len_a, &par, v->levels) != 0;
}

/* Characters with no level of their own (UAX #9 X9): not read. */
static bool unread(FriBidiCharType t)
{
	return FRIBIDI_IS_EXPLICIT_OR_BN(t) || FRIBIDI_IS_ISOLATE(t);
}

/* Whether s[0..len) (a component or a piece, with its bidi classes and
 * resolved levels) reads in order; its screen form, left to right, is
 * appended to seen.  The slice is reordered alone (UAX #9 L2): the relative
 * order of two characters depends only on the levels between them.
 *
 * The reader reads in the direction of the first strong character (UAX #9
 * P2-P3 on the text).  Tokens are the maximal runs on one side of the base
 * level: at it (left to right), or above it (a right-to-left run, with its
 * numbers: one unit read in its own direction); a run of neutrals alone
 * carries no order.  Kept iff the tokens with a letter or digit stand on
 * the screen one after the other in the reader's direction. */
static bool slice_in_order(view *v, const FriBidiChar *s, const FriBidiCharType *types,
	const FriBidiLevel *levels, size_t len, iri_buf *seen)
{
	FriBidiStrIndex n = (FriBidiStrIndex)len;
	memcpy(v->scratch, levels, len * sizeof *levels);
	for (size_t i = 0; i < len; i++)
		v->map[i] = (FriBidiStrIndex)i;
	if (!fribidi_reorder_line(FRIBIDI_FLAG_REORDER_NSM, types, n, 0, FRIBIDI_PAR_LTR, v->scratch, NULL, v->map))
		return false;
	for (size_t i = 0; i < len; i++) {
		size_t at = (size_t)v->map[i];
		v->vis[at] = (FriBidiStrIndex)i;
		/* Format characters are invisible; anything else a terminal must
		 * not get raw is U+FFFD.  Glyphs mirror at odd levels (L4). */
		FriBidiChar cp = s[at], mirror;
		int8_t gc = u_charType((UChar32)cp);
		if (gc == U_FORMAT_CHAR)
			continue;
		if (gc == U_CONTROL_CHAR || gc == U_LINE_SEPARATOR || gc == U_PARAGRAPH_SEPARATOR ||
		    gc == U_SURROGATE || gc == U_PRIVATE_USE_CHAR || gc == U_UNASSIGNED)
			cp = 0xFFFD;
		if ((levels[at] & 1) && fribidi_get_mirror_char(cp, &mirror))
			cp = mirror;
		iri_buf_put_cp(seen, cp);
	}
	int dir = 0;
	for (size_t i = 0; i < len && !dir; i++)
		if (FRIBIDI_IS_LETTER(types[i]))
			dir = FRIBIDI_IS_RTL(types[i]) ? -1 : 1;
	long prev_lo = -1, prev_hi = -1, lo = -1, hi = -1;
	bool content = false, kept = true;
	int side = -1;
	for (size_t i = 0; i <= len && dir && kept; i++) {
		if (i < len && unread(types[i]))
			continue;
		int at_side = i < len ? levels[i] > BASE_LEVEL : -1;
		if (at_side != side) {
			if (content && prev_lo >= 0)
				kept = dir < 0 ? hi < prev_lo : lo > prev_hi;
			if (content) {
				prev_lo = lo;
				prev_hi = hi;
			}
			lo = hi = -1;
			content = false;
			side = at_side;
		}
		if (i == len)
			break;
		long at = v->vis[i];
		if (lo < 0 || at < lo)
			lo = at;
		if (at > hi)
			hi = at;
		content |= FRIBIDI_IS_LETTER(types[i]) || FRIBIDI_IS_NUMBER(types[i]);
	}
	return kept;
}

/* (b) the marked form: an LRM on each side of every delimiter, the user's
 * controls typed ON as irie's screen shows them (doc/design-notes.md,
 * "Display").  A delimiter stands between LRMs at the base level, so the
 * pieces between delimiters stand left to right, as the IRI's structure
 * does, and no UAX #9 rule looks across a strong L at the base level (W2,
 * W7, N0, N1): each piece is resolved and read on its own, in
 * LRE LRM piece LRM PDF. */
static bool marked_in_order(view *v, size_t c0, size_t c1, iri_buf *seen)
{
	bool kept = true;
	size_t piece = c0;
	for (size_t c = c0; c <= c1; c++) {
		bool delim = c < c1 && v->cp[c] < 0x80 && iri_is_bidi_delimiter((unsigned char)v->cp[c]);
		if (c < c1 && !delim)
			continue;
		if (c > piece) {
			size_t n = c - piece;
			v->ps[0] = LRE;
			v->ps[1] = LRM;
			for (size_t k = 0; k < n; k++)
				v->ps[k + 2] = v->cp[piece + k];
			v->ps[n + 2] = LRM;
			v->ps[n + 3] = PDF;
			FriBidiStrIndex len = (FriBidiStrIndex)(n + 4);
			fribidi_get_bidi_types(v->ps, len, v->ptypes);
			for (size_t k = 2; k < n + 2; k++)
				if (FRIBIDI_IS_EXPLICIT(v->ptypes[k]) || FRIBIDI_IS_ISOLATE(v->ptypes[k]))
					v->ptypes[k] = FRIBIDI_TYPE_ON;
			one_paragraph(v->ptypes, len);
			fribidi_get_bracket_types(v->ps, len, v->ptypes, v->pbrackets);
			FriBidiParType par = FRIBIDI_PAR_LTR;
			if (!fribidi_get_par_embedding_levels_ex(v->ptypes, v->pbrackets, len, &par, v->plevels))
				return false;
			/* v->scratch, map and vis are the slice's; the slice is
			 * the piece inside its marks. */
			kept &= slice_in_order(v, v->ps + 2, v->ptypes + 2, v->plevels + 2, n, seen);
		}
		if (delim)
			iri_buf_put_cp(seen, v->cp[c]);   /* at the base level: as it is */
		piece = c + 1;
	}
	return kept;
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
 * marks take their base's direction; boundary neutrals (ZWNJ, ZWJ, soft
 * hyphen: BN) have none and are invisible, so they are neither first nor
 * last (UAX #9 X9 removes them; INVISIBLE_CHARACTER or RFC 5892 CONTEXTJ
 * reports them).  False if it has no right-to-left character (the rules do
 * not apply). */
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
		if (dir == U_DIR_NON_SPACING_MARK || dir == U_BOUNDARY_NEUTRAL)
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
 * *seen: what the reader sees where it is misread (the RFC 3987 rendering's
 * if there), or NULL.  A rendering that could not be made (no memory) counts
 * as misread, with nothing to show. */
static int64_t misread(view *v, const iri_ref *ref, size_t start, size_t end, const char **seen)
{
	*seen = NULL;
	if (!v->built) {
		v->built = true;
		v->failed = !view_build(v, ref->text, ref->len);
	}
	if (v->failed)
		return IRI_BIDI_MISREAD_RFC3987;
	iri_buf_reset(&v->seen[0]);
	iri_buf_reset(&v->seen[1]);
	size_t c0 = cp_at_byte(v, start), c1 = cp_at_byte(v, end);
	int64_t bits = 0;
	if (!slice_in_order(v, v->s + c0 + 1, v->types + c0 + 1, v->levels + c0 + 1, c1 - c0, &v->seen[0]))
		bits |= IRI_BIDI_MISREAD_RFC3987;
	if (!marked_in_order(v, c0, c1, &v->seen[1]))
		bits |= IRI_BIDI_MISREAD_MARKED;
	const iri_buf *shown = &v->seen[bits & IRI_BIDI_MISREAD_RFC3987 ? 0 : 1];
	if (bits && shown->len && !shown->failed)
		*seen = shown->data;
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
	const char *seen;
	int64_t bits = misread(v, ref, start, end, &seen);
	iri_diag g = {
		.severity = bits ? IRI_SEV_WARNING : IRI_SEV_INFO,
		.component = comp,
		.byte_start = start,
		.byte_end = end,
		.seen = seen,
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

bool iri_bidi_rules_hold(const char *text, size_t len)
{
	/* Component boundaries are all at delimiters that split pieces: the
	 * pieces of the whole text are the components' pieces.  Only a piece
	 * with a non-ASCII byte can hold a right-to-left character: from each
	 * such byte, out to the piece's ends. */
	const uint8_t *s = (const uint8_t *)text;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < 0x80)
			continue;
		size_t start = i, end = i;
		while (start > 0 && !splits_component(s[start - 1]))
			start--;
		while (end < len && !splits_component(s[end]))
			end++;
		bool mixed;
		int where;
		if (rules(s, start, end, &mixed, &where) && (mixed || where))
			return false;
		i = end;
	}
	return true;
}

void iri_check_bidi(const iri_ref *ref, iri_diags *d)
{
	view v = { 0 };
	iri_buf_init(&v.seen[0]);
	iri_buf_init(&v.seen[1]);
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
	free(v.block);
	iri_buf_fini(&v.seen[0]);
	iri_buf_fini(&v.seen[1]);
}
