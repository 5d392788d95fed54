/* Help (F1): render's bidi self-test and the key list, over the editor or
 * the viewer until any key closes it. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "i18n.h"
#include "tui_state.h"

static const char *help_lines[] = {
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("Enter              accept: print the IRI (or URI with --print=uri) and exit"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("Esc, C-c           leave without printing (exit 130)"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("Left/Right         move through the display, visually"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("C-b/C-f            move one character back/forward, logically"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("C-Left/C-Right     move by component"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("Home/End, C-a/C-e  start/end"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("Backspace/Delete   delete before/under the cursor (also C-h/C-d)"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("C-k C-u C-w C-y    kill to end, to start, previous word; yank"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("C-z/C-_, C-r       undo, redo"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("Up/Down            history (in view: previous/next line)"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("Tab/S-Tab          select the next/previous warning"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("F3                 apply the selected warning's suggestion"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("F2, C-\\            choose an input method; turn it on/off"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("C-v u XXXX         enter a code point (C-v U for eight digits)"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("F4                 teach: character by character; Up/Down: legacy charset"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("F5/F6              copy the URI/IRI to the clipboard (OSC 52)"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("F7                 edit line shows: visual, RFC 3987, plain, logical"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("F8, PgUp/PgDn      view: next line with a warning, previous/next line"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("C-l, mouse click   redraw; place the cursor"),
	/* TRANSLATORS: a line of the F1 key list: key names (Enter, Esc, C-x = Ctrl+x, S-Tab = Shift+Tab, F1...) and option names stay as they are; the description starts at column 20: keep that alignment. */
	N_("F1                 this help (any key closes it)"),
};

/* First render's bidi self-test, a line already in visual order: a
 * terminal that reorders on its own shows it differently, and F7 then
 * switches the edit line to logical order.  Then every key. */
int pane_help(tui *t, int row, int col, int width, int max_rows)
{
	const char *visual, *reordered;
	rnd_selftest(&visual, &reordered);
	/* The samples are already in display order: each goes into the line
	 * inside LRO ... PDF, so the line's bidi pass leaves them as they are
	 * (UAX #9 X6: overridden to L); the line is irie's own, so the two
	 * controls are not drawn. */
	char sample[128], sample_re[128], line[512];
	snprintf(sample, sizeof sample, "\u202D%s\u202C", visual);
	snprintf(sample_re, sizeof sample_re, "\u202D%s\u202C", reordered);
	/* TRANSLATORS: first %s: a right-to-left sample as written; second %s: how it looks if the terminal reorders it too; keep F7 and "logical" (the name F7 shows). */
	snprintf(line, sizeof line, _("Bidi self-test: %s  (if you see %s, press F7 until \"logical\")"),
		sample, sample_re);
	put_ui(t, row, col, width, line, A_BOLD);
	int n = (int)(sizeof help_lines / sizeof help_lines[0]);
	int x = col + (t->scr.ui_rtl ? 0 : 2);   /* two blanks at the reading start */
	for (int i = 0; i < n && i + 1 < max_rows; i++) {
		/* The key names (up to the first two blanks) in a first-strong
		 * isolate (FSI ... PDI, UAX #9 X5c): "C-\\" or "F2, C-\\" keep their
		 * order whatever the paragraph's direction. */
		const char *s = _(help_lines[i]), *gap = strstr(s, "  ");
		char keyed[UI_LINE_MAX_BYTES];
		if (gap)
			snprintf(keyed, sizeof keyed, "\u2068%.*s\u2069%s", (int)(gap - s), s, gap);
		else
			snprintf(keyed, sizeof keyed, "%s", s);
		put_ui(t, row + 1 + i, x, width - 2, keyed, 0);
	}
	return max_rows;
}

/* Any key closes help (and does nothing else). */
static run_state close_help(tui *t, const ink_event *ev)
{
	(void)ev;
	t->scr.overlay = NULL;
	return RUN_ON;
}

const room room_help = {
	.id = ROOM_HELP,
	.other = close_help,
	.overlay = true,
};
