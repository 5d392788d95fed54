/* The keys of a mode as the screen shows them, read from input/'s binding
 * table (ink_bindings.h): the footer's key line and the key lists of F1.
 *
 * Ownership: every function writes into the caller's buffer and returns it;
 * the tui is borrowed for the call. */
#ifndef IRIE_KEYLINE_H
#define IRIE_KEYLINE_H

#include <stddef.h>

#include "ink_bindings.h"
#include "tui_state.h"

/* The mode whose keys apply now: the history search while the decoder is
 * in it, else the mode of the room on top (rooms_top): editor EDIT, viewer
 * VIEW, teach TEACH, help HELP, keymap menu MENU. */
ink_mode keyline_mode(const tui *t);

/* Every key bound to action a in mode, as labels in table order joined by
 * sep (", " for help's lists: "Home, C-a"; "/" in messages); "" when none.
 * Written to buf (size bytes, always NUL-terminated when size > 0). */
const char *keyline_keys(ink_mode mode, ink_action a, const char *sep, char *buf, size_t size);

/* The footer's key line for the screen now (keyline_mode): a few actions,
 * each as its first key and a short translated word ("Enter accept  Esc
 * quit  F1 help"), as many as fit width cells (the last ones dropped; the
 * first kept, cut by the caller, if even it does not fit).  With a C-v
 * entry or a composition waiting, Esc cancels it ("Esc cancel"), not
 * quits, and during a C-v entry Enter ends it ("Enter end entry"); in the
 * editor the viewer opened, Enter puts the line back and Esc goes back to
 * the list ("Enter put back  Esc back to list"; no Enter for an entry no
 * text can replace); a viewer whose list cannot be written back (standard
 * input) has no "w write".  Key names are in first-strong isolates (UAX #9 X5c) for
 * put_ui.  Written to buf (size bytes). */
const char *keyline_text(const tui *t, int width, char *buf, size_t size);

#endif
