/* The binding table and the escape sequences terminals send.
 *
 * One flat table: each row binds one key (a special key, or a character code
 * point including C0 controls) with modifiers, in a set of modes, to one
 * action.  The decoder looks keys up in it; help screens and the man page
 * read it (ink_bindings, ink_key_label, ink_action_help), so what the keys
 * do is written once.  Help texts are English msgids marked with INK_N_()
 * (xgettext --keyword=INK_N_); app translates them.
 *
 * The sequence table lists the bytes terminals send for the special keys
 * (xterm normal and application mode with modifier parameters, VT220 /
 * tmux / screen, rxvt, the Linux console), so app can register each with
 * curses (define_key) and the decoder can recognise one curses let through. */
#ifndef INPUT_INK_BINDINGS_H
#define INPUT_INK_BINDINGS_H

#include <stddef.h>
#include <stdint.h>

#include "input_keys.h"

/* Marks an English msgid for xgettext; a no-op (app translates). */
#define INK_N_(s) s

/* The bit of a mode in ink_binding.modes. */
#define INK_MODE_BIT(m) (1u << (unsigned)(m))

typedef struct {
	ink_key key;         /* a special key, or INK_KEY_NONE: then cp */
	uint32_t cp;         /* a code point (C0 control, or printable) when key is NONE */
	unsigned mods;       /* INK_MOD_* that must be held exactly */
	unsigned modes;      /* INK_MODE_BIT()s where the row applies */
	ink_action action;
} ink_binding;

/* All rows; *n gets their count.  Static, never NULL.  No (mode, key or
 * code point, mods) appears twice.  Enter, Tab, Backspace and Esc are rows
 * of INK_KEY_ENTER/TAB/BACKSPACE/ESCAPE only (the decoder reads CR, LF,
 * TAB, DEL and ESC as those keys); Shift+Tab is INK_KEY_BACKTAB. */
const ink_binding *ink_bindings(size_t *n);

/* The action bound to a special key (key != INK_KEY_NONE) or to code point
 * cp (key == INK_KEY_NONE) with exactly mods in mode; INK_ACT_NONE if none. */
ink_action ink_lookup(ink_mode mode, ink_key key, uint32_t cp, unsigned mods);

/* The one-line English help of an action (an INK_N_ msgid), or NULL for
 * NONE, RESIZE, MOUSE.  Every binding of an action shares it. */
const char *ink_action_help(ink_action a);
/* The help of a binding's action. */
const char *ink_binding_help(const ink_binding *b);

/* Names as help and the man page print them: C- Ctrl, M- Alt, S- Shift, in
 * that order; "C-a", "M-b", "M-Backspace", "Home", "S-Tab", "F1", "Esc",
 * "Enter", "Space", "C-\\", "C-/" (0x1F, which C-_ sends too), "PgUp",
 * printable characters as themselves ("q", "M-<").  Written to buf (always
 * NUL-terminated when size > 0); returns buf. */
const char *ink_key_label(const ink_binding *b, char *buf, size_t size);
/* The same for any key or code point with modifiers. */
const char *ink_label(ink_key key, uint32_t cp, unsigned mods, char *buf, size_t size);

/* The name of a mode ("edit", "view", ...), stable, not for users. */
const char *ink_mode_name(ink_mode m);

/* ---- escape sequences ---- */

typedef struct {
	const char *bytes;   /* NUL-terminated, starting with ESC */
	ink_key key;
	unsigned mods;       /* INK_MOD_* */
} ink_sequence;

/* All sequences; *n gets their count.  Static, never NULL; no two rows have
 * the same bytes; none is a prefix of another.  App registers row i with
 * curses under a code of its own (base + i) and maps it back with
 * ink_sequences()[code - base]. */
const ink_sequence *ink_sequences(size_t *n);
/* Feeds the key a sequence stands for (app got it from curses by its code):
 * ink_feed_key(seq->key, seq->mods), except inside a bracketed paste, where
 * the bytes are pasted text (a paste holding "ESC [ c" keeps it). */
ink_event ink_feed_sequence(ink_decoder *d, const ink_sequence *seq);
/* The row whose bytes are exactly bytes[0..len), or NULL. */
const ink_sequence *ink_sequence_find(const char *bytes, size_t len);

#endif
