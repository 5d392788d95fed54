/* Help (F1): render's bidi self-test, then every key of every mode read
 * from input/'s binding table (the mode below help first), Ctrl-V entry,
 * and what the rows under the edit line show.  It scrolls (the HELP_*
 * actions) and closes only on HELP_CLOSE; other keys do nothing. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include <unicode/utf8.h>

#include "draw.h"
#include "i18n.h"
#include "keyline.h"
#include "output.h"
#include "term.h"
#include "tui_state.h"
#include "view_list.h"

#define KEYS_COLS 20          /* the key column, in cells */
#define NARROW_COLS 40        /* below this, keys and text take rows of their own */

/* Where the help's rows go: pass one counts them (draw false), pass two
 * draws those in [first, first + page) from screen row row0. */
typedef struct {
	tui *t;
	bool draw;
	int n;                    /* rows emitted so far */
	int first, page, row0, col, width;
} help_out;

/* The end of the next piece of s[start..len) that fits cols cells: at the
 * last blank that fits, or (a word wider than cols) the last code point
 * that fits, at least one.  *next gets where the piece after it starts. */
static size_t piece_end(const char *s, size_t len, size_t start, int cols, size_t *next)
{
	size_t i = start, brk = 0;
	int used = 0;
	while (i < len) {
		int32_t k = 0;   /* one code point (help texts are short) */
		U8_FWD_1((const uint8_t *)s + i, k, (int32_t)(len - i < 4 ? len - i : 4));
		size_t n = (size_t)k;
		if (s[i] == ' ')
			brk = i;
		used += (int)rnd_text_cells(s + i, n);
		if (used > cols) {
			size_t end = brk > start ? brk : (i > start ? i : i + n);
			*next = end;
			while (*next < len && s[*next] == ' ')
				(*next)++;
			return end;
		}
		i += n;
	}
	*next = len;
	return len;
}

/* One screen row: keys (NULL: a row of text alone) and text. */
static void out_row(help_out *o, const char *keys, const char *text, size_t text_len, attr_t attr)
{
	int r = o->n++ - o->first;
	if (!o->draw || r < 0 || r >= o->page)
		return;
	char piece[UI_LINE_MAX_BYTES], keyed[128];
	snprintf(piece, sizeof piece, "%.*s", (int)text_len, text);
	if (!keys) {
		put_ui(o->t, o->row0 + r, o->col, o->width, piece, attr);
		return;
	}
	/* The key names in a first-strong isolate (FSI ... PDI, UAX #9 X5c):
	 * "F2, C-\\" keeps its order whatever the paragraph's direction. */
	snprintf(keyed, sizeof keyed, "\u2068%s\u2069", keys);
	ui_field f[2] = { { keyed, KEYS_COLS }, { piece, 0 } };
	put_fields(o->t, o->row0 + r, o->col, o->width, f, 2, attr);
}

/* Text wrapped at blanks to cols cells; keys (or NULL) on its first row. */
static void out_wrapped(help_out *o, const char *keys, const char *s, int cols, attr_t attr)
{
	size_t len = strlen(s), start = 0, next;
	if (cols < 1)
		cols = 1;
	do {
		size_t end = piece_end(s, len, start, cols, &next);
		out_row(o, keys, s + start, end - start, attr);
		keys = keys ? "" : NULL;
		start = next;
	} while (start < len);
}

/* A key entry: the keys, then the text wrapped in the column beside them;
 * keys wider than their column, or a narrow screen: the keys on a row of
 * their own. */
static void out_entry(help_out *o, const char *keys, const char *text)
{
	if (o->width < NARROW_COLS) {
		out_row(o, NULL, keys, strlen(keys), A_BOLD);
		out_wrapped(o, NULL, text, o->width - 2, 0);
		return;
	}
	if (rnd_text_cells(keys, strlen(keys)) > KEYS_COLS) {
		out_row(o, NULL, keys, strlen(keys), 0);
		keys = "";
	}
	out_wrapped(o, keys, text, o->width - KEYS_COLS - 1, 0);
}

static void out_heading(help_out *o, const char *text)
{
	if (o->n > 0)
		out_row(o, NULL, "", 0, 0);
	out_wrapped(o, NULL, text, o->width, A_BOLD);
}

static const char *mode_heading(ink_mode m)
{
	switch (m) {
	/* TRANSLATORS: headings of the F1 help's key lists, one per mode; keep F4, F2, C-r, F1 and "irie view". */
	case INK_MODE_EDIT: return _("Keys in the editor");
	case INK_MODE_TEACH: return _("Keys in teach mode (F4)");
	case INK_MODE_VIEW: return _("Keys in the viewer (irie view)");
	case INK_MODE_SEARCH: return _("Keys in the history search (C-r)");
	case INK_MODE_HELP: return _("Keys in this help (F1)");
	case INK_MODE_MENU: return _("Keys in the keymap menu (F2)");
	default: return "";
	}
}

/* The keys of mode, an action a line in table order.  Past the first
 * section (shown[0]), an action whose keys are the same as in a section
 * already shown is left out. */
static void out_mode(help_out *o, ink_mode mode, const ink_mode *shown, size_t n_shown)
{
	size_t n;
	const ink_binding *b = ink_bindings(&n);
	bool done[INK_ACT_COUNT] = { false };
	out_heading(o, mode_heading(mode));
	if (mode == INK_MODE_VIEW && o->t->vw.list && vl_is_document(o->t->vw.list))
		/* TRANSLATORS: F1 help in irie view --extract, under the viewer's heading; keep --extract, ":" and "line". */
		out_wrapped(o, NULL, _("With --extract a line of the list is one IRI of the document (a line of the file "
			"may hold several or none): the keys below go, count, filter and write IRI by IRI; : goes to a line "
			"of the file, and the list's numbers are those lines."), o->width, 0);
	for (size_t i = 0; i < n; i++) {
		ink_action a = b[i].action;
		if (!(b[i].modes & INK_MODE_BIT(mode)) || done[a] || !ink_action_help(a))
			continue;
		done[a] = true;
		char keys[160], other[160];
		keyline_keys(mode, a, ", ", keys, sizeof keys);
		bool same = false;
		for (size_t k = 0; k < n_shown && !same; k++)
			same = strcmp(keys, keyline_keys(shown[k], a, ", ", other, sizeof other)) == 0;
		if (!same)
			out_entry(o, keys, _(ink_action_help(a)));
	}
}

/* Keys that are not single bindings: Ctrl-V entry (input/keys.c), Alt with
 * a keymap on, the mouse. */
static void out_typing(help_out *o)
{
	/* TRANSLATORS: heading in F1 help: keys that type characters the keyboard has not. */
	out_heading(o, _("Typing any character (editor, teach mode, search)"));
	/* TRANSLATORS: F1 help, after the key "C-v u XXXX"; keep U+XXXX. */
	out_entry(o, "C-v u XXXX", _("insert the code point U+XXXX (up to four hex digits; another key ends it early and acts, but Enter only ends it)"));
	/* TRANSLATORS: F1 help, after the key "C-v U XXXXXXXX". */
	out_entry(o, "C-v U XXXXXXXX", _("the same with up to eight hex digits"));
	/* TRANSLATORS: F1 help: the key name "C-v KEY" (Ctrl+v then any key); translate KEY only. */
	out_entry(o, _("C-v KEY"), _("insert the key itself (a control character too), not what it is bound to"));
	/* TRANSLATORS: F1 help: the key name "M-KEY" (Alt with any key); translate KEY only. */
	out_entry(o, _("M-KEY"), _("with a keymap on: type the key itself (when M-KEY is bound to nothing)"));
	out_entry(o, "Esc, C-g", _("during C-v or a keymap's composition: drop what was typed so far"));
	/* TRANSLATORS: F1 help: a mouse click, as a key name. */
	out_entry(o, _("click"), _("put the cursor on the character clicked in the edit line"));
}

/* What the rows under the edit line show (app/pane_forms.c). */
static void out_rows(help_out *o)
{
	/* TRANSLATORS: heading in F1 help; IRI, URI, RFC and UBA are the row labels on screen: keep them. */
	out_heading(o, _("The rows IRI, URI, RFC and UBA"));
	/* TRANSLATORS: F1 help, the row labelled IRI. */
	out_entry(o, "IRI", _("the line in irie's visual order: the components in order, each read left to right (F7 chooses the form)"));
	/* TRANSLATORS: F1 help, the row labelled URI; keep RFC 3987 3.1. */
	out_entry(o, "URI", _("the URI the IRI maps to (RFC 3987 3.1): ASCII, non-ASCII as %HH escapes and A-labels"));
	/* TRANSLATORS: F1 help, the row labelled RFC; keep RFC 3987 4.1. */
	out_entry(o, "RFC", _("RFC 3987 4.1: the IRI in a left-to-right embedding and no other marks, so right-to-left components next to each other read right to left"));
	/* TRANSLATORS: F1 help, the row labelled UBA (the Unicode Bidirectional Algorithm). */
	out_entry(o, "UBA", _("what a plain renderer applying the Unicode bidi algorithm shows: how the IRI may look elsewhere"));
}

/* Why the terminal mode (the title's term:) is the one in use: --bidi, F12,
 * or what --bidi=auto found (app/term.c). */
static const char *bidi_why(term_bidi_why why)
{
	switch (why) {
	/* TRANSLATORS: F1 help, why irie or the terminal reorders right-to-left text; keep --bidi. */
	case TERM_WHY_OPTION: return _("chosen with --bidi");
	/* TRANSLATORS: F1 help, as above; keep F12. */
	case TERM_WHY_KEY: return _("switched with F12");
	/* TRANSLATORS: F1 help, as above; "auto" is --bidi=auto; keep mlterm. */
	case TERM_WHY_MLTERM: return _("auto: mlterm, its own bidi turned off while irie runs");
	/* TRANSLATORS: F1 help, as above; keep Konsole. */
	case TERM_WHY_KONSOLE: return _("auto: Konsole, its own bidi turned off while irie runs");
	/* TRANSLATORS: F1 help, as above; keep tmux and F12. */
	case TERM_WHY_TMUX: return _("auto: inside tmux, which answers for itself; the terminal outside may reorder too (then F12)");
	/* TRANSLATORS: F1 help, as above; keep screen and F12. */
	case TERM_WHY_SCREEN: return _("auto: inside screen, which answers for itself; the terminal outside may reorder too (then F12)");
	/* TRANSLATORS: F1 help, as above; BDSM is a terminal mode (ECMA-48), keep it. */
	case TERM_WHY_BDSM: return _("auto: the terminal answered that it knows BDSM, so it shows cells as sent");
	/* TRANSLATORS: F1 help, as above; keep BDSM. */
	case TERM_WHY_NO_BIDI: return _("auto: the terminal answered, knows no BDSM: taken to do no bidi of its own");
	/* TRANSLATORS: F1 help, as above. */
	case TERM_WHY_NO_REPLY: return _("auto: no answer from the terminal");
	}
	return "";
}

/* The terminal mode in use and why, under the self-test. */
static void out_bidi_mode(help_out *o)
{
	term_bidi_why why;
	bool logical = term_bidi_mode(&why) == TERM_BIDI_LOGICAL;
	char line[512];
	/* TRANSLATORS: F1 help: who puts right-to-left text in order; %s: why (a phrase such as "auto: no answer from the terminal"). */
	snprintf(line, sizeof line, logical ? _("The terminal reorders right-to-left text (term:logical): %s.")
		: _("irie reorders right-to-left text, the terminal shows it as sent (term:visual): %s."), bidi_why(why));
	out_wrapped(o, NULL, line, o->width, 0);
}

/* The mode under help: teach, or the base room's. */
static ink_mode mode_below(const tui *t)
{
	if (t->scr.teach)
		return INK_MODE_TEACH;
	return t->scr.base == &room_view ? INK_MODE_VIEW : INK_MODE_EDIT;
}

/* The whole help through o: the mode below first, then the others. */
static void out_help(help_out *o)
{
	static const ink_mode order[] = {
		INK_MODE_EDIT, INK_MODE_TEACH, INK_MODE_VIEW, INK_MODE_SEARCH, INK_MODE_HELP, INK_MODE_MENU,
	};
	ink_mode shown[INK_MODE_COUNT] = { INK_MODE_EDIT };
	size_t n_shown = 0;
	ink_mode below = mode_below(o->t);
	if (below == INK_MODE_HELP || below >= INK_MODE_COUNT)
		below = INK_MODE_EDIT;
	out_bidi_mode(o);
	out_mode(o, below, shown, 0);
	shown[n_shown++] = below;
	if (below == INK_MODE_EDIT)
		out_typing(o);
	/* TRANSLATORS: F1 help, between the keys of the mode in use and those of the others. */
	out_heading(o, _("Elsewhere (keys that do the same as above are not repeated)"));
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
		if (order[i] == below)
			continue;
		out_mode(o, order[i], shown, n_shown);
		shown[n_shown++] = order[i];
		if (order[i] == INK_MODE_EDIT)
			out_typing(o);
	}
	out_rows(o);
}

/* The self-test row, the help's rows from t->scr.help_scroll (clamped to
 * the rows there are, so a resize keeps a valid position), and a row that
 * says which lines show. */
int pane_help(tui *t, int row, int col, int width, int max_rows)
{
	const char *word, *first;
	rnd_selftest(&word, &first);
	/* The word goes in as logical text, like any right-to-left text on
	 * screen: irie orders it (visual mode) or the terminal does (logical
	 * mode).  Either way, shown right, its first letter is at its right
	 * end; the hint says which letter in a way no reordering changes (a
	 * single letter, and ASCII around it). */
	char line[512];
	/* TRANSLATORS: the help's first line (at most 78 columns). First %s: a Hebrew letter, alef; second %s: a Hebrew word starting with it; keep F12. The reader checks where that letter is: keep "RIGHT" and "LEFT" prominent. */
	snprintf(line, sizeof line, _("Bidi self-test: alef (%s) must be at the RIGHT end of [%s]; at the LEFT: F12"),
		first, word);
	put_ui(t, row, col, width, line, A_BOLD);
	bool footnote = max_rows >= 4;
	int page = max_rows - 1 - (footnote ? 1 : 0);
	int x = col + (t->scr.ui_rtl ? 0 : 2);   /* two blanks at the reading start */
	help_out o = { t, false, 0, 0, page, row + 1, x, width - 2 };
	if (page < 1)
		return max_rows;
	out_help(&o);
	int n = o.n, top = n - page > 0 ? n - page : 0;
	if (t->scr.help_scroll > top)
		t->scr.help_scroll = top;
	if (t->scr.help_scroll < 0)
		t->scr.help_scroll = 0;
	t->scr.help_page = page;
	o.draw = true;
	o.n = 0;
	o.first = t->scr.help_scroll;
	out_help(&o);
	if (footnote) {
		int last = o.first + page < n ? o.first + page : n;
		/* TRANSLATORS: under the F1 help: which of its lines show; %d: first, last, how many. */
		snprintf(line, sizeof line, _("(lines %d-%d of %d)"), o.first + 1, last, n);
		put_ui(t, row + max_rows - 1, x, width - 2, line, A_DIM);
	}
	return max_rows;
}

/* ---- the room ---- */

/* Up, Down, pages, the top and the end: pane_help clamps. */
static run_state scroll_help(tui *t, ink_action a)
{
	int page = t->scr.help_page > 1 ? t->scr.help_page - 1 : 1;   /* a row of the last page stays */
	int *s = &t->scr.help_scroll;
	switch (a) {
	case INK_ACT_HELP_UP: *s -= 1; break;
	case INK_ACT_HELP_DOWN: *s += 1; break;
	case INK_ACT_HELP_PAGE_UP: *s -= page; break;
	case INK_ACT_HELP_PAGE_DOWN: *s += page; break;
	case INK_ACT_HELP_TOP: *s = 0; break;
	default: *s = 1 << 20; break;   /* HELP_BOTTOM: clamped to the last page */
	}
	if (*s < 0)
		*s = 0;
	return RUN_ON;
}

/* Esc, q, F1, C-g: back to the room below (rooms_sync_mode gives the
 * decoder its mode), at the top next time. */
static run_state close_help(tui *t, ink_action a)
{
	(void)a;
	t->scr.overlay = NULL;
	t->scr.help_scroll = 0;
	return RUN_ON;
}

static const room_row help_rows[] = {
	{ INK_ACT_HELP_UP, scroll_help },
	{ INK_ACT_HELP_DOWN, scroll_help },
	{ INK_ACT_HELP_PAGE_UP, scroll_help },
	{ INK_ACT_HELP_PAGE_DOWN, scroll_help },
	{ INK_ACT_HELP_TOP, scroll_help },
	{ INK_ACT_HELP_BOTTOM, scroll_help },
	{ INK_ACT_HELP_CLOSE, close_help },
};

const room room_help = {
	.id = ROOM_HELP,
	.rows = help_rows,
	.n_rows = ROWS_OF(help_rows),
	.overlay = true,
};
