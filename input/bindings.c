/* bindings: the one table of keys, modes and actions.  See ink_bindings.h.
 *
 * Where the keys come from: readline's emacs mode for editing (C-a C-e C-b
 * C-f C-d C-h C-k C-u C-w C-y C-_ C-r C-s C-g C-p C-n C-l, M-b M-f M-d
 * M-Backspace), less(1) for reading (j k g G q n Space), the function keys
 * as irie has always had them.  C-_ and C-/ send the same byte (0x1F). */
#include "ink_bindings.h"

#include <stdio.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/utf8.h>

/* Mode sets. */
#define B_E INK_MODE_BIT(INK_MODE_EDIT)
#define B_T INK_MODE_BIT(INK_MODE_TEACH)
#define B_V INK_MODE_BIT(INK_MODE_VIEW)
#define B_H INK_MODE_BIT(INK_MODE_HELP)
#define B_M INK_MODE_BIT(INK_MODE_MENU)
#define B_S INK_MODE_BIT(INK_MODE_SEARCH)
#define B_ED (B_E | B_T)             /* where the line is edited */
#define B_EV (B_E | B_T | B_V)       /* where a line is shown with its panes */
#define B_ALL (B_E | B_T | B_V | B_H | B_M | B_S)

#define S_ INK_MOD_SHIFT
#define A_ INK_MOD_ALT
#define C_ INK_MOD_CTRL

/* A special key / a code point. */
#define K(k, m, modes, a) { INK_KEY_##k, 0, (m), (modes), INK_ACT_##a }
#define CP(c, m, modes, a) { INK_KEY_NONE, (c), (m), (modes), INK_ACT_##a }
/* Ctrl+letter as the C0 control it sends. */
#define CTL(l) ((uint32_t)((l) & 0x1F))

static const ink_binding table[] = {
	/* cursor */
	K(LEFT, 0, B_EV, LEFT),
	K(RIGHT, 0, B_EV, RIGHT),
	CP(CTL('b'), 0, B_EV, BACK_CHAR),
	CP(CTL('f'), 0, B_EV, FORWARD_CHAR),
	K(LEFT, C_, B_ED, WORD_LEFT),
	K(LEFT, A_, B_ED, WORD_LEFT),
	CP('b', A_, B_ED, WORD_LEFT),
	K(RIGHT, C_, B_ED, WORD_RIGHT),
	K(RIGHT, A_, B_ED, WORD_RIGHT),
	CP('f', A_, B_ED, WORD_RIGHT),
	K(HOME, 0, B_ED, HOME),
	CP(CTL('a'), 0, B_EV, HOME),
	K(END, 0, B_ED, END),
	CP(CTL('e'), 0, B_EV, END),
	/* editing */
	K(BACKSPACE, 0, B_ED, DELETE_BACK),
	CP(CTL('h'), 0, B_ED, DELETE_BACK),
	K(DELETE, 0, B_ED, DELETE_FORWARD),
	CP(CTL('d'), 0, B_ED, DELETE_FORWARD),
	CP(CTL('k'), 0, B_ED, KILL_END),
	CP(CTL('u'), 0, B_ED, KILL_START),
	CP(CTL('w'), 0, B_ED, KILL_WORD),
	K(BACKSPACE, A_, B_ED, KILL_WORD),
	CP('d', A_, B_ED, KILL_WORD_FORWARD),
	CP(CTL('y'), 0, B_ED, YANK),
	CP(0x1F, 0, B_ED, UNDO),
	CP('z', A_, B_ED, REDO),
	/* the program */
	K(ENTER, 0, B_ED, ACCEPT),
	K(ESCAPE, 0, B_E, CANCEL),
	CP(CTL('c'), 0, B_ED | B_S, CANCEL),
	/* the viewer leaves its own way (exit 0, a question first) */
	K(ESCAPE, 0, B_V, VIEW_QUIT),
	CP(CTL('c'), 0, B_V, VIEW_QUIT),
	CP('q', 0, B_V, VIEW_QUIT),
	CP(CTL('g'), 0, B_E | B_V, ABORT),
	K(UP, 0, B_E, HISTORY_PREV),
	CP(CTL('p'), 0, B_ED, HISTORY_PREV),
	K(DOWN, 0, B_E, HISTORY_NEXT),
	CP(CTL('n'), 0, B_ED, HISTORY_NEXT),
	CP(CTL('r'), 0, B_ED, HISTORY_SEARCH),
	CP(CTL('z'), 0, B_ALL, SUSPEND),
	K(F1, 0, B_EV, HELP),
	CP('h', A_, B_EV, HELP),    /* VTE terminals take F1 for their own help */
	CP('?', A_, B_EV, HELP),
	CP(0x1C, 0, B_ED | B_V | B_S, IM_TOGGLE),   /* the viewer: for its search and its line editor; searches: for the pattern */
	K(F2, 0, B_ED, IM_MENU),
	CP('k', A_, B_ED, KANA_TOGGLE),
	K(TAB, 0, B_EV, NEXT_DIAG),
	K(BACKTAB, 0, B_EV, PREV_DIAG),
	K(F3, 0, B_ED, APPLY_SUGGESTION),
	K(F4, 0, B_E | B_V, TEACH),
	K(F5, 0, B_EV, COPY_URI),
	K(F6, 0, B_EV, COPY_IRI),
	K(F7, 0, B_EV, CYCLE_FORM),
	K(F9, 0, B_EV, MOUSE_TOGGLE),
	K(F12, 0, B_EV, BIDI_SWITCH),
	CP(CTL('l'), 0, B_ALL, REDRAW),
	/* TEACH */
	K(UP, 0, B_T, TEACH_CHARSET_PREV),
	K(DOWN, 0, B_T, TEACH_CHARSET_NEXT),
	K(ESCAPE, 0, B_T, TEACH_CLOSE),
	K(F4, 0, B_T, TEACH_CLOSE),
	CP(CTL('g'), 0, B_T, TEACH_CLOSE),
	/* VIEW */
	K(UP, 0, B_V, VIEW_PREV_LINE),
	CP('k', 0, B_V, VIEW_PREV_LINE),
	K(DOWN, 0, B_V, VIEW_NEXT_LINE),
	CP('j', 0, B_V, VIEW_NEXT_LINE),
	K(PAGE_UP, 0, B_V, VIEW_PAGE_UP),
	K(PAGE_DOWN, 0, B_V, VIEW_PAGE_DOWN),
	K(HOME, 0, B_V, VIEW_FIRST),
	CP('<', A_, B_V, VIEW_FIRST),
	CP('g', 0, B_V, VIEW_FIRST),
	K(END, 0, B_V, VIEW_LAST),
	CP('>', A_, B_V, VIEW_LAST),
	CP('G', 0, B_V, VIEW_LAST),
	K(F8, 0, B_V, VIEW_NEXT_FINDING),
	CP(']', 0, B_V, VIEW_NEXT_FINDING),
	K(F8, S_, B_V, VIEW_PREV_FINDING),
	CP('[', 0, B_V, VIEW_PREV_FINDING),
	CP('/', 0, B_V, VIEW_SEARCH_FORWARD),
	CP('?', 0, B_V, VIEW_SEARCH_BACKWARD),
	CP('n', 0, B_V, VIEW_SEARCH_NEXT),
	CP('N', 0, B_V, VIEW_SEARCH_PREV),
	CP(':', 0, B_V, VIEW_GOTO_LINE),
	CP('g', A_, B_V, VIEW_GOTO_LINE),
	CP('f', 0, B_V, VIEW_FILTER),
	K(ENTER, 0, B_V, VIEW_EDIT),
	CP('w', 0, B_V, VIEW_WRITE),
	/* HELP: only these close it */
	K(UP, 0, B_H, HELP_UP),
	CP('k', 0, B_H, HELP_UP),
	K(DOWN, 0, B_H, HELP_DOWN),
	CP('j', 0, B_H, HELP_DOWN),
	K(PAGE_UP, 0, B_H, HELP_PAGE_UP),
	K(PAGE_DOWN, 0, B_H, HELP_PAGE_DOWN),
	CP(' ', 0, B_H, HELP_PAGE_DOWN),
	K(HOME, 0, B_H, HELP_TOP),
	CP('g', 0, B_H, HELP_TOP),
	K(END, 0, B_H, HELP_BOTTOM),
	CP('G', 0, B_H, HELP_BOTTOM),
	K(ESCAPE, 0, B_H, HELP_CLOSE),
	CP('q', 0, B_H, HELP_CLOSE),
	K(F1, 0, B_H, HELP_CLOSE),
	CP(CTL('g'), 0, B_H, HELP_CLOSE),
	/* MENU */
	K(UP, 0, B_M, MENU_UP),
	CP(CTL('p'), 0, B_M, MENU_UP),
	K(DOWN, 0, B_M, MENU_DOWN),
	CP(CTL('n'), 0, B_M, MENU_DOWN),
	K(ENTER, 0, B_M, MENU_CHOOSE),
	K(ESCAPE, 0, B_M, MENU_CLOSE),
	CP(CTL('g'), 0, B_M, MENU_CLOSE),
	K(F2, 0, B_M, MENU_CLOSE),
	CP('q', 0, B_M, MENU_CLOSE),
	/* SEARCH: typed text goes to the pattern (TEXT events).  A motion key
	 * ends the search keeping the match (SEARCH_ACCEPT only: the motion
	 * itself is not done; press it again). */
	CP(CTL('r'), 0, B_S, SEARCH_OLDER),
	CP(CTL('s'), 0, B_S, SEARCH_NEWER),
	K(ENTER, 0, B_S, SEARCH_ACCEPT),
	K(LEFT, 0, B_S, SEARCH_ACCEPT),
	K(RIGHT, 0, B_S, SEARCH_ACCEPT),
	K(HOME, 0, B_S, SEARCH_ACCEPT),
	K(END, 0, B_S, SEARCH_ACCEPT),
	CP(CTL('a'), 0, B_S, SEARCH_ACCEPT),
	CP(CTL('e'), 0, B_S, SEARCH_ACCEPT),
	CP(CTL('b'), 0, B_S, SEARCH_ACCEPT),
	CP(CTL('f'), 0, B_S, SEARCH_ACCEPT),
	K(ESCAPE, 0, B_S, SEARCH_CANCEL),
	CP(CTL('g'), 0, B_S, SEARCH_CANCEL),
	K(BACKSPACE, 0, B_S, SEARCH_DELETE_BACK),
	CP(CTL('h'), 0, B_S, SEARCH_DELETE_BACK),
};

const ink_binding *ink_bindings(size_t *n)
{
	if (n)
		*n = sizeof table / sizeof table[0];
	return table;
}

ink_action ink_lookup(ink_mode mode, ink_key key, uint32_t cp, unsigned mods)
{
	unsigned bit;

	if ((unsigned)mode >= INK_MODE_COUNT)
		return INK_ACT_NONE;
	bit = INK_MODE_BIT(mode);
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
		const ink_binding *b = &table[i];
		if ((b->modes & bit) && b->key == key && b->mods == mods
		    && (key != INK_KEY_NONE || b->cp == cp))
			return b->action;
	}
	return INK_ACT_NONE;
}

/* Names and help, in ink_action order.  A help text says what the action
 * does in its own mode, in a line. */
static const struct {
	const char *name;
	const char *help;
} actions[INK_ACT_COUNT] = {
	[INK_ACT_NONE] = { "NONE", NULL },
	[INK_ACT_LEFT] = { "LEFT", INK_N_("move one character left, as shown") },
	[INK_ACT_RIGHT] = { "RIGHT", INK_N_("move one character right, as shown") },
	[INK_ACT_WORD_LEFT] = { "WORD_LEFT", INK_N_("move to the start of the previous word") },
	[INK_ACT_WORD_RIGHT] = { "WORD_RIGHT", INK_N_("move to the end of the next word") },
	[INK_ACT_HOME] = { "HOME", INK_N_("move to the start of the line") },
	[INK_ACT_END] = { "END", INK_N_("move to the end of the line") },
	[INK_ACT_BACK_CHAR] = { "BACK_CHAR", INK_N_("move one character back, in logical order") },
	[INK_ACT_FORWARD_CHAR] = { "FORWARD_CHAR", INK_N_("move one character forward, in logical order") },
	[INK_ACT_DELETE_BACK] = { "DELETE_BACK", INK_N_("delete the character before the cursor") },
	[INK_ACT_DELETE_FORWARD] = { "DELETE_FORWARD", INK_N_("delete the character at the cursor") },
	[INK_ACT_KILL_END] = { "KILL_END", INK_N_("cut to the end of the line") },
	[INK_ACT_KILL_START] = { "KILL_START", INK_N_("cut to the start of the line") },
	[INK_ACT_KILL_WORD] = { "KILL_WORD", INK_N_("cut back to the start of the word") },
	[INK_ACT_KILL_WORD_FORWARD] = { "KILL_WORD_FORWARD", INK_N_("cut to the end of the next word") },
	[INK_ACT_YANK] = { "YANK", INK_N_("paste what was cut last") },
	[INK_ACT_UNDO] = { "UNDO", INK_N_("undo (C-_ is the same key)") },
	[INK_ACT_REDO] = { "REDO", INK_N_("redo") },
	[INK_ACT_ACCEPT] = { "ACCEPT", INK_N_("print the line and exit") },
	[INK_ACT_CANCEL] = { "CANCEL", INK_N_("leave without printing (exit 130); twice if the text changed, which is kept in history") },
	[INK_ACT_ABORT] = { "ABORT", INK_N_("stop what is pending (an entry, a composition)") },
	[INK_ACT_HISTORY_PREV] = { "HISTORY_PREV", INK_N_("the previous line from the history") },
	[INK_ACT_HISTORY_NEXT] = { "HISTORY_NEXT", INK_N_("the next line from the history") },
	[INK_ACT_HISTORY_SEARCH] = { "HISTORY_SEARCH", INK_N_("search the history backwards as you type") },
	[INK_ACT_SUSPEND] = { "SUSPEND", INK_N_("suspend irie (fg brings it back)") },
	[INK_ACT_HELP] = { "HELP", INK_N_("show the keys") },
	[INK_ACT_IM_TOGGLE] = { "IM_TOGGLE", INK_N_("turn the keymap on or off (while on, M-KEY bound to nothing types KEY)") },
	[INK_ACT_IM_MENU] = { "IM_MENU", INK_N_("choose a keymap") },
	[INK_ACT_KANA_TOGGLE] = { "KANA_TOGGLE", INK_N_("kana keymap: switch between hiragana and katakana") },
	[INK_ACT_NEXT_DIAG] = { "NEXT_DIAG", INK_N_("select the next warning") },
	[INK_ACT_PREV_DIAG] = { "PREV_DIAG", INK_N_("select the previous warning") },
	[INK_ACT_APPLY_SUGGESTION] = { "APPLY_SUGGESTION", INK_N_("apply the selected warning's suggestion") },
	[INK_ACT_TEACH] = { "TEACH", INK_N_("explain the line character by character") },
	[INK_ACT_COPY_URI] = { "COPY_URI", INK_N_("copy the URI form to the clipboard") },
	[INK_ACT_COPY_IRI] = { "COPY_IRI", INK_N_("copy the IRI to the clipboard") },
	[INK_ACT_CYCLE_FORM] = { "CYCLE_FORM", INK_N_("change how the line is shown") },
	[INK_ACT_MOUSE_TOGGLE] = { "MOUSE_TOGGLE", INK_N_("mouse on or off (off: the terminal selects text)") },
	[INK_ACT_BIDI_SWITCH] = { "BIDI_SWITCH", INK_N_("bidi: irie reorders (visual) or the terminal does (logical)") },
	[INK_ACT_REDRAW] = { "REDRAW", INK_N_("redraw the screen") },
	[INK_ACT_TEACH_CHARSET_PREV] = { "TEACH_CHARSET_PREV", INK_N_("the previous legacy character set") },
	[INK_ACT_TEACH_CHARSET_NEXT] = { "TEACH_CHARSET_NEXT", INK_N_("the next legacy character set") },
	[INK_ACT_TEACH_CLOSE] = { "TEACH_CLOSE", INK_N_("close teach mode") },
	[INK_ACT_VIEW_PREV_LINE] = { "VIEW_PREV_LINE", INK_N_("the previous line of the file") },
	[INK_ACT_VIEW_NEXT_LINE] = { "VIEW_NEXT_LINE", INK_N_("the next line of the file") },
	[INK_ACT_VIEW_PAGE_UP] = { "VIEW_PAGE_UP", INK_N_("a page of lines back") },
	[INK_ACT_VIEW_PAGE_DOWN] = { "VIEW_PAGE_DOWN", INK_N_("a page of lines forward") },
	[INK_ACT_VIEW_FIRST] = { "VIEW_FIRST", INK_N_("the first line of the file") },
	[INK_ACT_VIEW_LAST] = { "VIEW_LAST", INK_N_("the last line of the file") },
	[INK_ACT_VIEW_NEXT_FINDING] = { "VIEW_NEXT_FINDING", INK_N_("the next line with a finding (on from the top after the last)") },
	[INK_ACT_VIEW_PREV_FINDING] = { "VIEW_PREV_FINDING", INK_N_("the previous line with a finding (on from the bottom before the first)") },
	[INK_ACT_VIEW_SEARCH_FORWARD] = { "VIEW_SEARCH_FORWARD", INK_N_("search forward as you type (C-s, C-r: next, previous; Enter keeps; Esc goes back)") },
	[INK_ACT_VIEW_SEARCH_BACKWARD] = { "VIEW_SEARCH_BACKWARD", INK_N_("search backward as you type") },
	[INK_ACT_VIEW_SEARCH_NEXT] = { "VIEW_SEARCH_NEXT", INK_N_("the last search again") },
	[INK_ACT_VIEW_SEARCH_PREV] = { "VIEW_SEARCH_PREV", INK_N_("the last search again, the other way") },
	[INK_ACT_VIEW_GOTO_LINE] = { "VIEW_GOTO_LINE", INK_N_("go to a line number") },
	[INK_ACT_VIEW_FILTER] = { "VIEW_FILTER", INK_N_("show only the lines with findings, or all") },
	[INK_ACT_VIEW_EDIT] = { "VIEW_EDIT", INK_N_("edit the line (in the editor: Enter puts it back, Esc leaves it)") },
	[INK_ACT_VIEW_WRITE] = { "VIEW_WRITE", INK_N_("write the replaced lines back to the file (asks first; a symbolic link's file, its hard links too, mode and owner kept)") },
	[INK_ACT_VIEW_QUIT] = { "VIEW_QUIT", INK_N_("leave (exit 0); with replaced lines not written, asks first: y leaves them (exit 130), w writes them, n stays") },
	[INK_ACT_HELP_UP] = { "HELP_UP", INK_N_("scroll the help up a line") },
	[INK_ACT_HELP_DOWN] = { "HELP_DOWN", INK_N_("scroll the help down a line") },
	[INK_ACT_HELP_PAGE_UP] = { "HELP_PAGE_UP", INK_N_("scroll the help up a page") },
	[INK_ACT_HELP_PAGE_DOWN] = { "HELP_PAGE_DOWN", INK_N_("scroll the help down a page") },
	[INK_ACT_HELP_TOP] = { "HELP_TOP", INK_N_("the top of the help") },
	[INK_ACT_HELP_BOTTOM] = { "HELP_BOTTOM", INK_N_("the end of the help") },
	[INK_ACT_HELP_CLOSE] = { "HELP_CLOSE", INK_N_("close the help") },
	[INK_ACT_MENU_UP] = { "MENU_UP", INK_N_("the previous keymap") },
	[INK_ACT_MENU_DOWN] = { "MENU_DOWN", INK_N_("the next keymap") },
	[INK_ACT_MENU_CHOOSE] = { "MENU_CHOOSE", INK_N_("use the selected keymap, or flip the selected switch (the last two rows)") },
	[INK_ACT_MENU_CLOSE] = { "MENU_CLOSE", INK_N_("close the menu, keeping the keymap") },
	[INK_ACT_SEARCH_OLDER] = { "SEARCH_OLDER", INK_N_("an older match") },
	[INK_ACT_SEARCH_NEWER] = { "SEARCH_NEWER", INK_N_("a newer match") },
	[INK_ACT_SEARCH_ACCEPT] = { "SEARCH_ACCEPT", INK_N_("end the search, keeping the match") },
	[INK_ACT_SEARCH_CANCEL] = { "SEARCH_CANCEL", INK_N_("end the search, back to the line as it was") },
	[INK_ACT_SEARCH_DELETE_BACK] = { "SEARCH_DELETE_BACK", INK_N_("delete the last character of the search") },
	[INK_ACT_RESIZE] = { "RESIZE", NULL },
	[INK_ACT_MOUSE] = { "MOUSE", NULL },
};

const char *ink_action_name(ink_action a)
{
	if ((unsigned)a >= INK_ACT_COUNT || !actions[a].name)
		return "UNKNOWN";
	return actions[a].name;
}

const char *ink_action_help(ink_action a)
{
	return (unsigned)a < INK_ACT_COUNT ? actions[a].help : NULL;
}

const char *ink_binding_help(const ink_binding *b)
{
	return b ? ink_action_help(b->action) : NULL;
}

const char *ink_mode_name(ink_mode m)
{
	static const char *const names[INK_MODE_COUNT] = {
		"edit", "teach", "view", "help", "menu", "search",
	};
	return (unsigned)m < INK_MODE_COUNT ? names[m] : "unknown";
}

/* ---- labels ---- */

static const char *const key_names[INK_KEY_COUNT] = {
	[INK_KEY_LEFT] = "Left", [INK_KEY_RIGHT] = "Right",
	[INK_KEY_UP] = "Up", [INK_KEY_DOWN] = "Down",
	[INK_KEY_HOME] = "Home", [INK_KEY_END] = "End",
	[INK_KEY_PAGE_UP] = "PgUp", [INK_KEY_PAGE_DOWN] = "PgDn",
	[INK_KEY_BACKSPACE] = "Backspace", [INK_KEY_DELETE] = "Delete",
	[INK_KEY_ENTER] = "Enter", [INK_KEY_TAB] = "Tab", [INK_KEY_BACKTAB] = "S-Tab",
	[INK_KEY_ESCAPE] = "Esc",
	[INK_KEY_F1] = "F1", [INK_KEY_F2] = "F2", [INK_KEY_F3] = "F3", [INK_KEY_F4] = "F4",
	[INK_KEY_F5] = "F5", [INK_KEY_F6] = "F6", [INK_KEY_F7] = "F7", [INK_KEY_F8] = "F8",
	[INK_KEY_F9] = "F9", [INK_KEY_F10] = "F10", [INK_KEY_F11] = "F11", [INK_KEY_F12] = "F12",
	[INK_KEY_INSERT] = "Insert",
	[INK_KEY_PASTE_START] = "PasteStart", [INK_KEY_PASTE_END] = "PasteEnd",
	[INK_KEY_RESIZE] = "Resize", [INK_KEY_MOUSE] = "Mouse",
};

/* Whether a code point can stand for itself in a label: C1 controls (Cc),
 * format characters (Cf, the bidi controls among them: an RLO would reorder
 * the message the label goes into), the line and paragraph separators and
 * unassigned code points are named U+XXXX instead. */
static bool cp_shows_as_itself(uint32_t cp)
{
	switch (u_charType((UChar32)cp)) {
	case U_CONTROL_CHAR:
	case U_FORMAT_CHAR:
	case U_LINE_SEPARATOR:
	case U_PARAGRAPH_SEPARATOR:
	case U_UNASSIGNED:
		return false;
	default:
		return true;
	}
}

/* The part after the modifiers for a code point: C0 controls as C-x (the
 * Ctrl is part of the name), the keys that send a control by their name. */
static void cp_name(uint32_t cp, char *out, size_t size)
{
	if (cp == 0x00)
		snprintf(out, size, "C-Space");
	else if (cp == 0x09)
		snprintf(out, size, "Tab");
	else if (cp == 0x0D)
		snprintf(out, size, "Enter");
	else if (cp == 0x1B)
		snprintf(out, size, "Esc");
	else if (cp == 0x1F)
		snprintf(out, size, "C-/");
	else if (cp < 0x20)
		snprintf(out, size, "C-%c", (char)(cp >= 0x1C ? cp + 0x40 : cp + 0x60));
	else if (cp == 0x20)
		snprintf(out, size, "Space");
	else if (cp == 0x7F)
		snprintf(out, size, "Backspace");
	else if (cp < 0x80)
		snprintf(out, size, "%c", (char)cp);
	else if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || !cp_shows_as_itself(cp))
		snprintf(out, size, "U+%04X", (unsigned)cp);
	else {
		uint8_t u[U8_MAX_LENGTH + 1] = { 0 };
		size_t n = 0;
		U8_APPEND_UNSAFE(u, n, cp);   /* a scalar value: checked above */
		snprintf(out, size, "%s", (const char *)u);
	}
}

const char *ink_label(ink_key key, uint32_t cp, unsigned mods, char *buf, size_t size)
{
	char name[16];

	if (!buf || size == 0)
		return buf;
	if (key != INK_KEY_NONE)
		snprintf(name, sizeof name, "%s",
			(unsigned)key < INK_KEY_COUNT && key_names[key] ? key_names[key] : "?");
	else
		cp_name(cp, name, sizeof name);
	snprintf(buf, size, "%s%s%s%s", (mods & INK_MOD_CTRL) ? "C-" : "",
		(mods & INK_MOD_ALT) ? "M-" : "", (mods & INK_MOD_SHIFT) ? "S-" : "", name);
	return buf;
}

const char *ink_key_label(const ink_binding *b, char *buf, size_t size)
{
	if (!b) {
		if (buf && size)
			buf[0] = '\0';
		return buf;
	}
	return ink_label(b->key, b->cp, b->mods, buf, size);
}
