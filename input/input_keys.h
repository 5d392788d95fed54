/* Keys -> edits: the key decoder and the built-in input methods.
 *
 * app/ reads the terminal (curses) and hands each thing it reads to the
 * decoder: a character as a code point, or a special key as an ink_key with
 * modifiers (app maps curses KEY_* codes to these; input/ knows no curses).
 * The decoder turns them into events: text to insert, a finished paste, or an
 * editing action.  It owns the bracketed-paste buffer, Ctrl-V u/U code point
 * entry (as in Vim) and the active input method. */
#ifndef INPUT_KEYS_H
#define INPUT_KEYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
	INK_KEY_NONE,
	INK_KEY_LEFT, INK_KEY_RIGHT, INK_KEY_UP, INK_KEY_DOWN,
	INK_KEY_HOME, INK_KEY_END, INK_KEY_PAGE_UP, INK_KEY_PAGE_DOWN,
	INK_KEY_BACKSPACE, INK_KEY_DELETE, INK_KEY_ENTER, INK_KEY_TAB, INK_KEY_BACKTAB,
	INK_KEY_ESCAPE,
	INK_KEY_F1, INK_KEY_F2, INK_KEY_F3, INK_KEY_F4, INK_KEY_F5,
	INK_KEY_F6, INK_KEY_F7, INK_KEY_F8, INK_KEY_F9, INK_KEY_F10,
	INK_KEY_PASTE_START,     /* ESC [ 200 ~ (bracketed paste, xterm) */
	INK_KEY_PASTE_END,       /* ESC [ 201 ~ */
	INK_KEY_RESIZE,
	INK_KEY_MOUSE,           /* app reads the mouse event itself */
	INK_KEY_COUNT
} ink_key;

enum {
	INK_MOD_SHIFT = 1,
	INK_MOD_ALT = 2,
	INK_MOD_CTRL = 4
};

typedef enum {
	INK_ACT_NONE,
	/* cursor */
	INK_ACT_LEFT, INK_ACT_RIGHT,              /* one grapheme, visually (app maps) */
	INK_ACT_WORD_LEFT, INK_ACT_WORD_RIGHT,    /* by component (Ctrl-Left/Right) */
	INK_ACT_HOME, INK_ACT_END,                /* Home/End, C-a/C-e */
	INK_ACT_BACK_CHAR, INK_ACT_FORWARD_CHAR,  /* C-b/C-f: logical, like readline */
	/* editing */
	INK_ACT_DELETE_BACK,                      /* Backspace, C-h */
	INK_ACT_DELETE_FORWARD,                   /* Delete, C-d */
	INK_ACT_KILL_END,                         /* C-k */
	INK_ACT_KILL_START,                       /* C-u */
	INK_ACT_KILL_WORD,                        /* C-w */
	INK_ACT_YANK,                             /* C-y */
	INK_ACT_UNDO,                             /* C-z, C-_ (readline) */
	INK_ACT_REDO,                             /* C-r (as in Vim), M-z */
	/* the program */
	INK_ACT_ACCEPT,                           /* Enter */
	INK_ACT_CANCEL,                           /* Esc (alone), C-c */
	INK_ACT_HISTORY_PREV, INK_ACT_HISTORY_NEXT,  /* Up/Down */
	INK_ACT_HELP,                             /* F1 */
	INK_ACT_IM_TOGGLE,                        /* C-\ : the chosen input method on/off */
	INK_ACT_IM_MENU,                          /* F2: choose an input method */
	INK_ACT_NEXT_DIAG, INK_ACT_PREV_DIAG,     /* Tab / Shift-Tab: through the warnings */
	INK_ACT_APPLY_SUGGESTION,                 /* F3 */
	INK_ACT_TEACH,                            /* F4: character-by-character walk */
	INK_ACT_COPY_URI, INK_ACT_COPY_IRI,       /* F5 / F6: OSC 52 */
	INK_ACT_CYCLE_FORM,                       /* F7: which display form the edit line uses */
	INK_ACT_NEXT_LINE, INK_ACT_PREV_LINE,     /* view: PgDn/PgUp */
	INK_ACT_NEXT_WARNING_LINE,                /* view: F8, next line with a warning */
	INK_ACT_REDRAW,                           /* C-l */
	INK_ACT_RESIZE,
	INK_ACT_MOUSE,
	INK_ACT_COUNT
} ink_action;

/* Stable identifier ("KILL_END"), not for users. */
const char *ink_action_name(ink_action a);

typedef enum {
	INK_EV_NONE,      /* consumed; nothing to do yet (inside a paste, an entry, a composition) */
	INK_EV_TEXT,      /* insert text (UTF-8, one edit) */
	INK_EV_PASTE,     /* a bracketed paste ended: insert text (UTF-8, one edit), sanitised */
	INK_EV_ACTION     /* do action */
} ink_event_kind;

/* TEXT with an action (action != INK_ACT_NONE): insert the text, then do
 * the action.  It happens when one key both finishes text that was waiting
 * and acts: an action key while a romaji syllable or a dead key is waiting
 * (the waiting keys are committed first, as IMEs do), or a key that ends a
 * Ctrl-V u/U entry early ("C-v u 5d0" then Enter: insert U+05D0, accept).
 * Apps that only insert on TEXT lose just that action. */
typedef struct {
	ink_event_kind kind;
	ink_action action;
	const char *text;     /* TEXT/PASTE: UTF-8, borrowed until the next feed */
	size_t text_len;      /* bytes */
	bool truncated;       /* PASTE: longer than INK_PASTE_MAX_BYTES, the rest dropped */
} ink_event;

#define INK_PASTE_MAX_BYTES ((size_t)1 << 20)

typedef struct ink_decoder ink_decoder;

/* A new decoder with no input method active.  Owned by the caller. */
ink_decoder *ink_decoder_new(void);
void ink_decoder_free(ink_decoder *d);   /* NULL is safe */

/* Feeds one character: a code point, including C0 controls such as 0x01 for
 * C-a and 0x1B for a lone Escape.  mods is INK_MOD_ALT when app saw ESC
 * immediately followed by this character (the terminal's Alt prefix).
 * Alt+z is redo; Alt with any other printable character types that
 * character itself, bypassing the input method (so '.' stays typeable on
 * layouts that put a letter on the '.' key).  INK_MOD_CTRL with a letter or
 * @[\]^_? is folded to the C0 control (terminals with CSI u reporting).
 * Code points that are not Unicode scalar values become U+FFFD. */
ink_event ink_feed_char(ink_decoder *d, uint32_t cp, unsigned mods);
/* Feeds one special key with its modifiers.  Ctrl or Alt with Left/Right:
 * WORD_LEFT/WORD_RIGHT; Shift+Tab: PREV_DIAG.  RESIZE and MOUSE are
 * reported at once even inside a paste or an entry, disturbing neither.
 *
 * Ctrl-V (0x16), as in Vim: "u" + up to 4 hex digits or "U" + up to 8 enter
 * a code point, ended by the last digit or by any other character or key,
 * which is then processed as usual; any other character after C-v (or the
 * Enter, Tab, Esc, Backspace keys: CR, TAB, ESC, DEL) is inserted as it is,
 * bypassing bindings and the input method.
 *
 * Bracketed paste: from PASTE_START to PASTE_END every character (and the
 * Enter/Tab/Esc/Backspace keys as CR/TAB/ESC/DEL) is content, not a command.
 * The PASTE event's text has NUL, CR, LF and TAB removed (a URL wrapped over
 * lines comes back whole) and Unicode White_Space trimmed at both ends;
 * everything else is kept as it was (ESC, BEL, RLO, ...: the editor shows
 * and flags them).  The input method does not apply.  At most
 * INK_PASTE_MAX_BYTES are kept (then truncated is set). */
ink_event ink_feed_key(ink_decoder *d, ink_key key, unsigned mods);

/* What is being composed, for a status line: "" if nothing.  Examples:
 * "U+05D" during Ctrl-V entry, "^V" right after C-v, "ky" during romaji
 * composition, "\u0384" (the tonos) after the Greek dead key.  Borrowed
 * until the next call on d. */
const char *ink_preedit(const ink_decoder *d);

/* True when the last feed ended a Ctrl-V entry without inserting anything:
 * u/U with no digits, a surrogate, a value above U+10FFFF, or NUL (the app
 * may beep or say "invalid code point"). */
bool ink_entry_rejected(const ink_decoder *d);

/* ---- input methods (table-driven keymaps) ---- */

typedef enum {
	INK_IM_NONE,
	INK_IM_HEBREW,     /* SI-1452 */
	INK_IM_ARABIC,     /* PC (101) Arabic layout */
	INK_IM_PERSIAN,    /* ISIRI 9147 / Windows Persian */
	INK_IM_GREEK,      /* Greek (220) */
	INK_IM_RUSSIAN,    /* JCUKEN */
	INK_IM_KANA,       /* Japanese kana from romaji (Hepburn; upper case: katakana) */
	INK_IM_COUNT
} ink_im;

const char *ink_im_name(ink_im im);   /* stable identifier: "hebrew" */
/* Chooses the method C-\ toggles and turns it on (INK_IM_NONE turns off
 * and chooses none: C-\ then still reports IM_TOGGLE but turns nothing on,
 * so app can offer the menu).  A composition of the previous method is
 * committed by the next key, never dropped.  C-\ itself is handled inside
 * the decoder (it flips ink_im_active) and reported as INK_ACT_IM_TOGGLE. */
void ink_set_im(ink_decoder *d, ink_im im);
/* Turns the chosen method on or off without choosing another (what C-\
 * does, for restoring a saved state); on with no method chosen stays off. */
void ink_set_im_active(ink_decoder *d, bool on);
ink_im ink_get_im(const ink_decoder *d);     /* the chosen one */
bool ink_im_active(const ink_decoder *d);    /* toggled on */
/* Turns the chosen method on or off (what C-\ does), without changing it. */
void ink_set_im_active(ink_decoder *d, bool on);

#endif
