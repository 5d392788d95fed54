/* Bidi display forms of one IRI (doc/design-notes.md "Bidi display forms"), their
 * logical<->visual maps, and rows of terminal cells.
 *
 * The forms come from one fribidi pipeline and differ only by method:
 *   MARKED   LRE + text with LRM before and after each delimiter + PDF,
 *            logical order (seed 001 2.4; seed 002 4.2): for pasting.
 *   VISUAL   MARKED through the bidi algorithm, our marks removed: every
 *            component left to right, each in its own direction.
 *   RFC3987  LRE + text + PDF through the bidi algorithm (RFC 3987 4.1).
 *   PLAIN    the text alone, paragraph direction from its first strong
 *            character: what a naive renderer shows.
 *   LOGICAL  the text in logical order, no marks: for a terminal that
 *            applies the bidi algorithm itself.
 *
 * Units: "cp" = logical code point index into the input; "vis" = index into
 * a form's text (code points, in display order; for MARKED, logical order
 * with marks); "col" = terminal cell column. */
#ifndef RENDER_BIDI_H
#define RENDER_BIDI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
	RND_FORM_MARKED,
	RND_FORM_VISUAL,
	RND_FORM_RFC3987,
	RND_FORM_PLAIN,
	RND_FORM_LOGICAL,   /* the text in logical order, no marks: for a terminal that reorders itself */
	RND_FORM_COUNT
} rnd_form;

/* Stable identifier: "marked", "visual", "visual_rfc3987", "visual_plain", "logical". */
const char *rnd_form_name(rnd_form f);

typedef enum {
	RND_OK,
	RND_NO_MEMORY,
	RND_TOO_LONG,        /* more than RND_MAX_CP code points */
	RND_FRIBIDI_FAILED
} rnd_result;

const char *rnd_result_name(rnd_result r);

#define RND_MAX_CP ((size_t)1 << 22)
#define RND_NO_CP SIZE_MAX   /* a mark render inserted: no logical position */

/* A component's place, in logical code points (from core's spans), so cells
 * can carry it for colouring.  component is the caller's number (app uses
 * core's iri_component); -1 = none. */
typedef struct {
	size_t cp_start, cp_end;
	int component;
} rnd_span;

/* The delimiters MARKED puts between LRMs (doc/design-notes.md "Bidi
 * findings": gen-delims, sub-delims and "."): a copy of core's set, for
 * render's own tests and a NULL rnd_options only.  Render knows nothing of
 * core, so app passes core's set (iri_bidi_delimiters()) in rnd_options;
 * tests/test_render.c checks that this copy, core's set and app's agree. */
#define RND_DELIMITERS_DEFAULT ":/?#[]@!$&'()*+,;=."

typedef struct {
	bool shape_arabic;   /* Arabic presentation forms for terminals that do not shape */
	/* The ASCII characters MARKED puts an LRM on each side of (and so the
	 * pieces VISUAL isolates), NUL-terminated; bytes past 0x7F are
	 * ignored.  NULL: RND_DELIMITERS_DEFAULT.  Read during the build only. */
	const char *delimiters;
} rnd_options;

/* Code points a cell's text holds at most: a base and four zero-width
 * marks, what a terminal cell takes through curses (ncursesw's CCHARW_MAX
 * is 5).  A mark past them starts a cell of its own on a dotted circle:
 * none is dropped. */
#define RND_CELL_CPS_MAX 5

/* One terminal cell: a grapheme (base + combining marks) or a placeholder. */
typedef struct {
	size_t cp_start;     /* logical code points shown, end exclusive; RND_NO_CP for an inserted mark */
	size_t cp_end;
	size_t vis;          /* index in the form's text of the cell's first code point */
	int component;       /* from rnd_span, or -1 */
	uint8_t width;       /* columns it takes */
	bool placeholder;    /* text stands for an invisible/unsafe character or bad byte */
	bool rtl;            /* resolved bidi level is odd */
	bool delimiter;      /* one of rnd_options.delimiters alone (no marks on it) */
	char text[25];       /* UTF-8 to draw, never a control or Cf character; at most
	                        RND_CELL_CPS_MAX code points (4 bytes each at most) */
} rnd_cell;

typedef struct rnd_display rnd_display;

/* A reusable display builder: keep one and call rnd_display_build() per
 * keystroke; its buffers are reused.  Owned by the caller. */
rnd_display *rnd_display_new(void);
void rnd_display_free(rnd_display *d);   /* NULL is safe */

/* Builds every form of utf8[0..n_bytes).  spans (may be NULL) are copied.
 * Each byte of an ill-formed UTF-8 sequence is one logical position, shown
 * as a placeholder.  On failure the display is left empty (no forms). */
rnd_result rnd_display_build(rnd_display *d, const char *utf8, size_t n_bytes,
	const rnd_span *spans, size_t n_spans, const rnd_options *opts);

/* Number of logical code points of the last successful build. */
size_t rnd_logical_len(const rnd_display *d);
/* Byte offset in the input of logical code point cp (cp may equal the length). */
size_t rnd_cp_byte(const rnd_display *d, size_t cp);

/* A form's text: UTF-32, *len code points, borrowed until the next build.
 * Ill-formed bytes appear as U+FFFD here. */
const uint32_t *rnd_form_text(const rnd_display *d, rnd_form f, size_t *len);
/* The form as UTF-8 into out (NUL-terminated, at most size bytes); returns the
 * bytes needed (like snprintf).  Raw, unsanitised: for pipes and files. */
size_t rnd_form_utf8(const rnd_display *d, rnd_form f, char *out, size_t size);
/* vis -> logical cp (RND_NO_CP for an inserted mark); array of the form's length. */
const size_t *rnd_form_v2l(const rnd_display *d, rnd_form f);
/* logical cp -> vis; array of rnd_logical_len() entries. */
const size_t *rnd_form_l2v(const rnd_display *d, rnd_form f);

/* The form as cells in display order, borrowed until the next build.  Cells
 * are made on the first call after a build (a form nobody draws costs none),
 * hence the display is not const here. */
const rnd_cell *rnd_form_cells(rnd_display *d, rnd_form f, size_t *n_cells);
/* Index of the cell showing logical cp (cp == length: one past the last cell). */
size_t rnd_form_cell_of_cp(rnd_display *d, rnd_form f, size_t cp);

/* ---- the terminal side ---- */

/* Before the first screen clear: put a bidi-capable terminal into explicit
 * mode (ECMA-48 BDSM reset, CSI 8 l) with a left-to-right character path
 * (SCP, CSI 1 SP k), so it does not reorder what irie already ordered. */
const char *rnd_term_bidi_enter(void);
/* On exit and suspend: back to implicit mode (CSI 8 h, CSI 0 SP k). */
const char *rnd_term_bidi_leave(void);
/* On exit and suspend from a terminal that was in explicit mode before
 * irie (DECRQM said BDSM reset): explicit mode kept, the default character
 * path (CSI 8 l, CSI 0 SP k). */
const char *rnd_term_bidi_explicit_back(void);

/* For a terminal that applies UAX #9 itself to each line (left-to-right
 * paragraph): the marks around form f's LOGICAL text (of d's last build)
 * that make it show f
 * (open before the first code point, close after the last, 0: none; with
 * delimiters, an LRM before and after each delimiter cell, as MARKED has). */
typedef struct {
	uint32_t open, close;
	bool delimiters;
} rnd_term_marks;

rnd_term_marks rnd_term_marks_of(const rnd_display *d, rnd_form f);

/* A one-line self-test: *word is a right-to-left word in logical order,
 * *first its first letter.  Shown right, by irie (visual mode) or by the
 * terminal (logical mode), the first letter is at the word's right end
 * (UAX #9 L2); a terminal that reorders irie's visual cells a second time,
 * or one that does not reorder irie's logical ones, shows it at the left. */
void rnd_selftest(const char **word, const char **first);

#endif
