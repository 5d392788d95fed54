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
	INK_KEY_F11, INK_KEY_F12,
	INK_KEY_INSERT,          /* bound to nothing: reported as an unbound key */
	INK_KEY_PASTE_START,     /* ESC [ 200 ~ (bracketed paste, xterm) */
	INK_KEY_PASTE_END,       /* ESC [ 201 ~ */
	INK_KEY_RESIZE,
	INK_KEY_MOUSE,           /* app reads the mouse event itself */
	INK_KEY_COUNT
} ink_key;

/* The same bits as xterm's modifier parameter minus one (CSI 1 ; m D). */
enum {
	INK_MOD_SHIFT = 1,
	INK_MOD_ALT = 2,
	INK_MOD_CTRL = 4
};

/* What the keys mean depends on where the user is (see ink_bindings.h for
 * the table).  The app says where with ink_set_mode. */
typedef enum {
	INK_MODE_EDIT,     /* the edit line */
	INK_MODE_TEACH,    /* teach mode (F4): the character walk over the edit line */
	INK_MODE_VIEW,     /* irie view FILE: read-only lines */
	INK_MODE_HELP,     /* the help overlay */
	INK_MODE_MENU,     /* the keymap menu (F2) */
	INK_MODE_SEARCH,   /* reverse incremental history search (C-r) */
	INK_MODE_COUNT
} ink_mode;

/* Actions.  None means two things: each belongs to the modes listed (the
 * table in bindings.c binds it there only).  The comments name the default
 * keys; ink_bindings() is the authority. */
typedef enum {
	INK_ACT_NONE,
	/* cursor (EDIT, TEACH; the first six also VIEW) */
	INK_ACT_LEFT, INK_ACT_RIGHT,              /* one grapheme, visually (app maps) */
	INK_ACT_WORD_LEFT, INK_ACT_WORD_RIGHT,    /* C-Left/C-Right, M-b/M-f: IRI words */
	INK_ACT_HOME, INK_ACT_END,                /* Home/End, C-a/C-e */
	INK_ACT_BACK_CHAR, INK_ACT_FORWARD_CHAR,  /* C-b/C-f: logical, like readline */
	/* editing (EDIT, TEACH) */
	INK_ACT_DELETE_BACK,                      /* Backspace, C-h */
	INK_ACT_DELETE_FORWARD,                   /* Delete, C-d */
	INK_ACT_KILL_END,                         /* C-k */
	INK_ACT_KILL_START,                       /* C-u */
	INK_ACT_KILL_WORD,                        /* C-w, M-Backspace: back to the word start */
	INK_ACT_KILL_WORD_FORWARD,                /* M-d: to the end of the next word */
	INK_ACT_YANK,                             /* C-y */
	INK_ACT_UNDO,                             /* C-/ (= C-_, 0x1F) */
	INK_ACT_REDO,                             /* M-z (not M-_: ESC _ starts an APC string) */
	/* the program */
	INK_ACT_ACCEPT,                           /* Enter */
	INK_ACT_CANCEL,                           /* Esc, C-c: leave the editor (the app may confirm) */
	INK_ACT_ABORT,                            /* C-g at top level: nothing pending to leave */
	INK_ACT_HISTORY_PREV, INK_ACT_HISTORY_NEXT,  /* Up/Down, C-p/C-n */
	INK_ACT_HISTORY_SEARCH,                   /* C-r: start the reverse search */
	INK_ACT_SUSPEND,                          /* C-z: job control */
	INK_ACT_HELP,                             /* F1, M-?, M-h */
	INK_ACT_IM_TOGGLE,                        /* C-\ : the chosen input method on/off */
	INK_ACT_IM_MENU,                          /* F2: choose an input method */
	INK_ACT_KANA_TOGGLE,                      /* M-k: kana keymap: hiragana <-> katakana */
	INK_ACT_NEXT_DIAG, INK_ACT_PREV_DIAG,     /* Tab / S-Tab: through the warnings */
	INK_ACT_APPLY_SUGGESTION,                 /* F3 */
	INK_ACT_TEACH,                            /* F4: character-by-character walk */
	INK_ACT_COPY_URI, INK_ACT_COPY_IRI,       /* F5 / F6: OSC 52 */
	INK_ACT_CYCLE_FORM,                       /* F7: which display form the edit line uses */
	INK_ACT_MOUSE_TOGGLE,                     /* F9: mouse capture on/off */
	INK_ACT_BIDI_SWITCH,                      /* F12: irie or the terminal reorders (visual/logical) */
	INK_ACT_REDRAW,                           /* C-l */
	/* TEACH */
	INK_ACT_TEACH_CHARSET_PREV, INK_ACT_TEACH_CHARSET_NEXT,  /* Up/Down */
	INK_ACT_TEACH_CLOSE,                      /* Esc, F4, C-g */
	/* VIEW */
	INK_ACT_VIEW_PREV_LINE, INK_ACT_VIEW_NEXT_LINE,  /* Up/Down, k/j */
	INK_ACT_VIEW_PAGE_UP, INK_ACT_VIEW_PAGE_DOWN,    /* PgUp/PgDn */
	INK_ACT_VIEW_FIRST, INK_ACT_VIEW_LAST,           /* Home End, M-< M->, g G */
	INK_ACT_VIEW_NEXT_FINDING,                /* F8, ]: next line with a finding (round the end) */
	INK_ACT_VIEW_PREV_FINDING,                /* S-F8, [: the previous one */
	INK_ACT_VIEW_SEARCH_FORWARD,              /* /: incremental search forward */
	INK_ACT_VIEW_SEARCH_BACKWARD,             /* ?: backward */
	INK_ACT_VIEW_SEARCH_NEXT,                 /* n: the last search again */
	INK_ACT_VIEW_SEARCH_PREV,                 /* N: the other way */
	INK_ACT_VIEW_GOTO_LINE,                   /* :, M-g: a line number */
	INK_ACT_VIEW_FILTER,                      /* f: only lines with findings, or all */
	INK_ACT_VIEW_EDIT,                        /* Enter: the line into the editor */
	INK_ACT_VIEW_WRITE,                       /* w: write the replaced lines back */
	INK_ACT_VIEW_QUIT,                        /* Esc, C-c, q: leave the viewer (asks when lines are not written) */
	/* HELP */
	INK_ACT_HELP_UP, INK_ACT_HELP_DOWN,       /* Up/Down, k/j */
	INK_ACT_HELP_PAGE_UP, INK_ACT_HELP_PAGE_DOWN,  /* PgUp; PgDn, Space */
	INK_ACT_HELP_TOP, INK_ACT_HELP_BOTTOM,    /* Home/End, g/G */
	INK_ACT_HELP_CLOSE,                       /* Esc, q, F1, C-g */
	/* MENU */
	INK_ACT_MENU_UP, INK_ACT_MENU_DOWN,       /* Up/Down, C-p/C-n */
	INK_ACT_MENU_CHOOSE,                      /* Enter */
	INK_ACT_MENU_CLOSE,                       /* Esc, C-g, F2, q */
	/* SEARCH */
	INK_ACT_SEARCH_OLDER,                     /* C-r */
	INK_ACT_SEARCH_NEWER,                     /* C-s */
	INK_ACT_SEARCH_ACCEPT,                    /* Enter; Left Right Home End C-a C-e C-b C-f */
	INK_ACT_SEARCH_CANCEL,                    /* Esc, C-g */
	INK_ACT_SEARCH_DELETE_BACK,               /* Backspace, C-h */
	/* every mode, not in the table: reported as they come */
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

/* A new decoder in INK_MODE_EDIT with no input method active.  Owned by the
 * caller. */
ink_decoder *ink_decoder_new(void);
void ink_decoder_free(ink_decoder *d);   /* NULL is safe */

/* Where the user is: which rows of the binding table apply.  A composition,
 * an entry or a swallowed sequence in progress is kept. */
void ink_set_mode(ink_decoder *d, ink_mode mode);
ink_mode ink_get_mode(const ink_decoder *d);
/* EDIT, TEACH and SEARCH take typed text (TEXT events); in VIEW, HELP and
 * MENU a printable key is looked up in the table (q closes help) and an
 * unbound one gives INK_EV_NONE with the notice INK_NOTICE_UNBOUND, never
 * text.  Ctrl-V entry and the input method work only where text is taken. */
bool ink_mode_takes_text(ink_mode mode);

/* Feeds one character: a code point, including C0 controls such as 0x01 for
 * C-a and 0x1B for a lone Escape.  mods is INK_MOD_ALT when app saw ESC
 * immediately followed by this character (the terminal's Alt prefix).
 * CR and LF, TAB, DEL and ESC are the Enter, Tab, Backspace and Esc keys.
 * Alt with a printable character is looked up (M-b, M-f, M-d, M-z, ...);
 * Alt with an unbound one types the character itself where text is taken
 * and a keymap is on, bypassing the input method (so '.' stays typeable on
 * layouts that put a letter on the '.' key); with no keymap on it is
 * unbound (INK_NOTICE_UNBOUND, never text).  INK_MOD_CTRL with a letter or @[\]^_?/ or space
 * is folded to the C0 control (terminals with CSI u reporting).
 * Code points that are not Unicode scalar values become U+FFFD.
 *
 * Escape sequences the app did not recognise: Alt+[ (ESC [) starts a CSI,
 * Alt+O (ESC O) an SS3, and the decoder takes the characters that follow as
 * the sequence: CSI parameter bytes 0x30-0x3F and intermediates 0x20-0x2F up
 * to a final byte 0x40-0x7E (ECMA-48 5.4); SS3 parameter bytes then one
 * final byte; the Linux console's ESC [ [ x and rxvt's ESC [ n $ too; the
 * X10 mouse report ESC [ M and three characters from 0x20 up.  A
 * sequence in ink_sequences() then acts as its key (so End under tmux works
 * even where curses does not know ESC [ 4 ~); any other is swallowed whole
 * (INK_EV_NONE with INK_NOTICE_UNKNOWN_SEQUENCE; ink_unknown_sequence()
 * spells it), never typed.  A character that cannot be in a sequence ends
 * it (reported as unknown) and is then processed as usual; a sequence
 * longer than INK_SEQ_MAX_BYTES is dropped and reported the same way.
 * Control strings -- Alt+] OSC, Alt+P DCS, Alt+_ APC, Alt+^ PM, Alt+X SOS
 * (ECMA-48 8.3.89 and others) -- are swallowed to their end: ST (ESC \,
 * which app feeds as Alt+\), BEL, CAN, SUB or a lone Esc, all taken; any
 * other control character, DEL or Alt+key ends the string and is then
 * processed as usual.  The string is reported unknown once, as "OSC " and
 * the start of its text ("OSC 11;rgb:ffff/0000/0000", non-ASCII and
 * control characters as '?', " ..." when cut): at its end, or when it
 * passes INK_STR_MAX_BYTES (the rest is swallowed unreported).  So a real
 * Alt+[, Alt+O, Alt+], Alt+P, Alt+_, Alt+^ or Alt+X typed by a user is
 * lost (reported, not typed). */
ink_event ink_feed_char(ink_decoder *d, uint32_t cp, unsigned mods);
/* Feeds one special key with its modifiers, looked up in the table for the
 * current mode (an unbound Shift+key falls back to the key, an unbound
 * Alt+key to the key, so M-Up is Up).  RESIZE and MOUSE are reported at once
 * even inside a paste or an entry, disturbing neither.
 *
 * Ctrl-V (0x16), as in Vim: "u" + up to 4 hex digits or "U" + up to 8 enter
 * a code point, ended by the last digit or by any other character or key,
 * which is then processed as usual (except Enter, which only ends the
 * entry); any other character after C-v (or the
 * Enter, Tab, Backspace keys: CR, TAB, DEL) is inserted as it is, bypassing
 * bindings and the input method.  Esc or C-g during an entry cancels it:
 * nothing is inserted, no action is reported (INK_NOTICE_ENTRY_CANCELLED).
 * Esc or C-g while an input method composes (romaji, a dead key) drops
 * the waiting keys, as IMEs do (INK_NOTICE_COMPOSITION_DROPPED).
 *
 * Bracketed paste: from PASTE_START to PASTE_END every character (and the
 * Enter/Tab/Esc/Backspace keys as CR/TAB/ESC/DEL) is content, not a command.
 * The PASTE event's text has NUL, CR, LF and TAB removed (a URL wrapped over
 * lines comes back whole) and Unicode White_Space trimmed at both ends;
 * everything else is kept as it was (ESC, BEL, RLO, ...: the editor shows
 * and flags them).  The input method does not apply.  At most
 * INK_PASTE_MAX_BYTES are kept (then truncated is set). */
ink_event ink_feed_key(ink_decoder *d, ink_key key, unsigned mods);

/* Cap of a swallowed escape sequence, bytes including ESC. */
#define INK_SEQ_MAX_BYTES 32
/* Cap of a swallowed control string (OSC, DCS, ...), UTF-8 bytes including
 * ESC and its introducer: past it the string is reported and the rest is
 * swallowed to its end unreported. */
#define INK_STR_MAX_BYTES 4096

/* What the last feed did besides its event, for a status message. */
typedef enum {
	INK_NOTICE_NONE,
	INK_NOTICE_ENTRY_REJECTED,     /* see ink_entry_rejected */
	INK_NOTICE_ENTRY_CANCELLED,    /* Esc or C-g ended a Ctrl-V entry */
	INK_NOTICE_COMPOSITION_DROPPED,/* Esc or C-g dropped romaji / a dead key */
	INK_NOTICE_UNKNOWN_SEQUENCE,   /* an escape sequence was swallowed */
	INK_NOTICE_UNBOUND             /* a key with no binding in this mode */
} ink_notice;

ink_notice ink_last_notice(const ink_decoder *d);
/* After INK_NOTICE_UNKNOWN_SEQUENCE: the sequence as printable ASCII, bytes
 * separated by spaces ("ESC [ 9 9 ~", bytes outside 0x21-0x7E as hex
 * "0x20"), a control string as its name and text ("OSC 11;rgb:ffff ...",
 * see ink_feed_char); otherwise NULL.  Borrowed until the next feed. */
const char *ink_unknown_sequence(const ink_decoder *d);
/* After INK_NOTICE_UNBOUND: the key's label ("C-t", "x", "F10"); otherwise
 * NULL.  Borrowed until the next feed. */
const char *ink_unbound_key(const ink_decoder *d);

/* What is being composed, for a status line or drawn inline at the cursor:
 * "" if nothing.  A composition shows as what committing it now would
 * insert (so the screen and Enter agree): "ky" during romaji composition,
 * "\u3093" (ん) for a lone pending n, "\u0384" (the tonos) after the Greek
 * dead key; then "U+05D" during Ctrl-V entry, "^V" right after C-v.
 * Borrowed until the next call on d. */
const char *ink_preedit(const ink_decoder *d);
/* True while a Ctrl-V entry waits for its key or digits (then Enter ends
 * the entry and does not accept; a composition's Enter accepts). */
bool ink_entry_waiting(const ink_decoder *d);

/* True when the last feed ended a Ctrl-V entry without inserting anything:
 * u/U with no digits, a surrogate, a value above U+10FFFF, or NUL (the app
 * may beep or say "invalid code point").  Not after Esc / C-g (that is
 * INK_NOTICE_ENTRY_CANCELLED). */
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

/* The right-to-left keymaps (Hebrew, Arabic, Persian) keep the IRI
 * delimiters  / . : ? # @ % & = + - _ ~  typing themselves (default true).
 * A letter the layout has on such a key moves to the key where the layout
 * put that delimiter back: Hebrew final tsadi to q (SI-1452's '/'), Arabic
 * zain to Shift+. ('>'), zah to Shift+L, shadda to Shift+Z.  false: the
 * layouts as they are (Hebrew '/' types '.', Arabic '/' types zah). */
void ink_set_keep_delimiters(ink_decoder *d, bool keep);
bool ink_keep_delimiters(const ink_decoder *d);

/* The kana keymap's katakana lock: every syllable is katakana (not just the
 * one started with an upper-case letter) until it is turned off.  M-k
 * (INK_ACT_KANA_TOGGLE) flips it while the kana keymap is on; with another
 * keymap or none, M-k is reported and changes nothing. */
void ink_set_katakana(ink_decoder *d, bool on);
bool ink_katakana(const ink_decoder *d);

#endif
