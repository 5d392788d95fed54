/* Private to render/: the display's inside, shared by bidi.c (the
 * pipeline) and bidi_cells.c (cells, the terminal side). */
#ifndef IRIE_BIDI_INTERNAL_H
#define IRIE_BIDI_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <fribidi.h>

#include "render_bidi.h"

typedef struct {
	uint32_t *text;      /* the form, display order */
	size_t len;
	size_t *v2l;         /* vis -> logical cp or RND_NO_CP */
	size_t *l2v;         /* logical cp -> vis */
	bool *rtl;           /* vis -> odd level */
	rnd_cell *cells;
	size_t n_cells;
	bool cells_made;     /* cells and cell_of are made when first asked for */
	size_t *cell_of;     /* logical cp -> cell index */
	size_t cap_text, cap_cells, cap_l;
} form_data;

struct rnd_display {
	/* logical input */
	uint32_t *cp;        /* code points; ill-formed bytes as U+FFFD */
	int16_t *bad;        /* the ill-formed byte at this position, or -1 */
	size_t *byte;        /* byte offset of each cp, n + 1 entries */
	bool has_arabic;     /* any code point Arabic shaping could change */
	bool has_rtl;        /* any R, AL or AN character: reordering can happen */
	bool has_explicit;   /* any embedding, override or isolate control (UAX #9 X1-X8) */
	bool plain_is_ltr;   /* PLAIN's paragraph resolved left-to-right (UAX #9 P2-P3) */
	uint64_t delim[2];   /* the build's rnd_options.delimiters: a bit per ASCII code point */
	size_t n, cap_n;
	rnd_span *spans;
	size_t n_spans, cap_spans;
	form_data form[RND_FORM_COUNT];
	/* fribidi scratch, sized to the longest marked string */
	FriBidiChar *s;
	size_t *s2l;
	FriBidiCharType *types;
	FriBidiBracketType *brackets;
	FriBidiLevel *levels, *levels_copy;
	FriBidiJoiningType *joins;
	FriBidiStrIndex *map;
	size_t cap_s;
};

/* Whether c is one of the delimiters d was built with. */
static inline bool rnd_is_delim(const rnd_display *d, uint32_t c)
{
	return c < 0x80 && (d->delim[c >> 6] >> (c & 63) & 1);
}

/* Grows *p to hold need elements of elem bytes (doubling); false: no memory. */
bool rnd_grow(void **p, size_t *cap, size_t need, size_t elem);

#endif
