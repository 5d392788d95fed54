/* sequences: the bytes terminals send for the special keys.  Pure data; see
 * ink_bindings.h.
 *
 * The modifier variants are written out by macros from one row per key, so
 * the table stays constant data that app can walk.  Sources, by family:
 *   xterm (ctlseqs, "PC-Style Function Keys"): cursor keys and Home/End as
 *     CSI x (normal mode) or SS3 x (application mode), F1-F4 as SS3 P..S,
 *     the rest as CSI n ~; with modifiers CSI 1 ; m x and CSI n ; m ~, where
 *     m - 1 is the bit set Shift 1, Alt 2, Ctrl 4 (the INK_MOD_* values).
 *     Some terminals (older xterm, konsole) send SS3 m P for modified F1-F4.
 *   VT220 / tmux / screen: CSI 1 ~ Home, 2 ~ Insert, 3 ~ Delete, 4 ~ End,
 *     5 ~ PgUp, 6 ~ PgDn, CSI 11 ~ .. 24 ~ F1-F12.
 *   rxvt: CSI 7 ~ Home, CSI 8 ~ End; CSI n ^ with Ctrl, CSI n $ with Shift,
 *     CSI n @ with both; SS3 a..d Ctrl-Up/Down/Right/Left, CSI a..d the same
 *     with Shift.
 *   Linux console: CSI [ A .. CSI [ E for F1-F5.
 * Shift-Tab is CSI Z; the keypad's Enter in application mode SS3 M. */
#include "ink_bindings.h"

#include <string.h>

#define ESC "\033"

/* xterm's modifier parameters 2..8, for a key sent as PRE "1;" m LAST or
 * PRE n ";" m "~". */
#define MODS_LETTER(pre, last, k) \
	{ pre "1;2" last, INK_KEY_##k, 1 }, { pre "1;3" last, INK_KEY_##k, 2 }, \
	{ pre "1;4" last, INK_KEY_##k, 3 }, { pre "1;5" last, INK_KEY_##k, 4 }, \
	{ pre "1;6" last, INK_KEY_##k, 5 }, { pre "1;7" last, INK_KEY_##k, 6 }, \
	{ pre "1;8" last, INK_KEY_##k, 7 }

/* A cursor-style key: CSI x, SS3 x, CSI 1 ; m x. */
#define LETTER_KEY(x, k) \
	{ ESC "[" x, INK_KEY_##k, 0 }, { ESC "O" x, INK_KEY_##k, 0 }, \
	MODS_LETTER(ESC "[", x, k)

/* F1-F4: SS3 x, CSI 1 ; m x, SS3 m x. */
#define PF_KEY(x, k) \
	{ ESC "O" x, INK_KEY_##k, 0 }, MODS_LETTER(ESC "[", x, k), \
	{ ESC "O2" x, INK_KEY_##k, 1 }, { ESC "O3" x, INK_KEY_##k, 2 }, \
	{ ESC "O4" x, INK_KEY_##k, 3 }, { ESC "O5" x, INK_KEY_##k, 4 }, \
	{ ESC "O6" x, INK_KEY_##k, 5 }, { ESC "O7" x, INK_KEY_##k, 6 }, \
	{ ESC "O8" x, INK_KEY_##k, 7 }

/* A VT220-style key n: CSI n ~, CSI n ; m ~, and rxvt's ^ $ @ endings. */
#define TILDE_KEY(n, k) \
	{ ESC "[" #n "~", INK_KEY_##k, 0 }, \
	{ ESC "[" #n ";2~", INK_KEY_##k, 1 }, { ESC "[" #n ";3~", INK_KEY_##k, 2 }, \
	{ ESC "[" #n ";4~", INK_KEY_##k, 3 }, { ESC "[" #n ";5~", INK_KEY_##k, 4 }, \
	{ ESC "[" #n ";6~", INK_KEY_##k, 5 }, { ESC "[" #n ";7~", INK_KEY_##k, 6 }, \
	{ ESC "[" #n ";8~", INK_KEY_##k, 7 }, \
	{ ESC "[" #n "^", INK_KEY_##k, INK_MOD_CTRL }, \
	{ ESC "[" #n "$", INK_KEY_##k, INK_MOD_SHIFT }, \
	{ ESC "[" #n "@", INK_KEY_##k, INK_MOD_CTRL | INK_MOD_SHIFT }

static const ink_sequence table[] = {
	LETTER_KEY("A", UP), LETTER_KEY("B", DOWN),
	LETTER_KEY("C", RIGHT), LETTER_KEY("D", LEFT),
	LETTER_KEY("H", HOME), LETTER_KEY("F", END),
	PF_KEY("P", F1), PF_KEY("Q", F2), PF_KEY("R", F3), PF_KEY("S", F4),
	TILDE_KEY(1, HOME), TILDE_KEY(2, INSERT), TILDE_KEY(3, DELETE),
	TILDE_KEY(4, END), TILDE_KEY(5, PAGE_UP), TILDE_KEY(6, PAGE_DOWN),
	TILDE_KEY(7, HOME), TILDE_KEY(8, END),
	TILDE_KEY(11, F1), TILDE_KEY(12, F2), TILDE_KEY(13, F3), TILDE_KEY(14, F4),
	TILDE_KEY(15, F5), TILDE_KEY(17, F6), TILDE_KEY(18, F7), TILDE_KEY(19, F8),
	TILDE_KEY(20, F9), TILDE_KEY(21, F10), TILDE_KEY(23, F11), TILDE_KEY(24, F12),
	/* rxvt */
	{ ESC "Oa", INK_KEY_UP, INK_MOD_CTRL }, { ESC "Ob", INK_KEY_DOWN, INK_MOD_CTRL },
	{ ESC "Oc", INK_KEY_RIGHT, INK_MOD_CTRL }, { ESC "Od", INK_KEY_LEFT, INK_MOD_CTRL },
	{ ESC "[a", INK_KEY_UP, INK_MOD_SHIFT }, { ESC "[b", INK_KEY_DOWN, INK_MOD_SHIFT },
	{ ESC "[c", INK_KEY_RIGHT, INK_MOD_SHIFT }, { ESC "[d", INK_KEY_LEFT, INK_MOD_SHIFT },
	/* the Linux console */
	{ ESC "[[A", INK_KEY_F1, 0 }, { ESC "[[B", INK_KEY_F2, 0 }, { ESC "[[C", INK_KEY_F3, 0 },
	{ ESC "[[D", INK_KEY_F4, 0 }, { ESC "[[E", INK_KEY_F5, 0 },
	{ ESC "[Z", INK_KEY_BACKTAB, 0 },
	{ ESC "OM", INK_KEY_ENTER, 0 },
};

const ink_sequence *ink_sequences(size_t *n)
{
	if (n)
		*n = sizeof table / sizeof table[0];
	return table;
}

const ink_sequence *ink_sequence_find(const char *bytes, size_t len)
{
	if (!bytes)
		return NULL;
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (strlen(table[i].bytes) == len && memcmp(table[i].bytes, bytes, len) == 0)
			return &table[i];
	return NULL;
}
