/* Tests for input/keys.c and input/im.c: every binding, then scripted cases
 * (each a sequence of feeds and the event each one must give), then the
 * paste cap and the names.  Expected Hebrew/Arabic/Persian text is written
 * with \u escapes (right-to-left glyphs scramble the source); LTR scripts
 * as they are. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ink_bindings.h"
#include "input_keys.h"
#include "tcheck.h"
#include "utf8_cases.h"

/* ---- every binding, on a fresh decoder ---- */

struct binding {
	bool is_key;
	uint32_t v;              /* code point or ink_key */
	unsigned mods;
	ink_event_kind kind;     /* ACTION, or NONE for unbound */
	ink_action act;
};

#define BC(cp, m, a) { false, (cp), (m), INK_EV_ACTION, (a) }
#define BK(k, m, a) { true, (k), (m), INK_EV_ACTION, (a) }
#define ALT INK_MOD_ALT
#define CTRL INK_MOD_CTRL
#define SHIFT INK_MOD_SHIFT

static const struct binding bindings[] = {
	BC(0x01, 0, INK_ACT_HOME),                 /* C-a */
	BC(0x05, 0, INK_ACT_END),                  /* C-e */
	BC(0x02, 0, INK_ACT_BACK_CHAR),            /* C-b */
	BC(0x06, 0, INK_ACT_FORWARD_CHAR),         /* C-f */
	BC(0x04, 0, INK_ACT_DELETE_FORWARD),       /* C-d */
	BC(0x08, 0, INK_ACT_DELETE_BACK),          /* C-h */
	BC(0x7F, 0, INK_ACT_DELETE_BACK),          /* DEL */
	BC(0x0B, 0, INK_ACT_KILL_END),             /* C-k */
	BC(0x15, 0, INK_ACT_KILL_START),           /* C-u */
	BC(0x17, 0, INK_ACT_KILL_WORD),            /* C-w */
	BC(0x19, 0, INK_ACT_YANK),                 /* C-y */
	BC(0x1A, 0, INK_ACT_SUSPEND),              /* C-z */
	BC(0x1F, 0, INK_ACT_UNDO),                 /* C-_ and C-/ */
	BC('/', CTRL, INK_ACT_UNDO),               /* CSI u C-/ */
	BC(0x12, 0, INK_ACT_HISTORY_SEARCH),       /* C-r */
	BC(0x10, 0, INK_ACT_HISTORY_PREV),         /* C-p */
	BC(0x0E, 0, INK_ACT_HISTORY_NEXT),         /* C-n */
	BC('z', ALT, INK_ACT_REDO),                /* M-z */
	BC('b', ALT, INK_ACT_WORD_LEFT),           /* M-b */
	BC('f', ALT, INK_ACT_WORD_RIGHT),          /* M-f */
	BC('d', ALT, INK_ACT_KILL_WORD_FORWARD),   /* M-d */
	BC(0x7F, ALT, INK_ACT_KILL_WORD),          /* M-Backspace */
	BC('?', ALT, INK_ACT_HELP),                /* M-? */
	BC('h', ALT, INK_ACT_HELP),                /* M-h */
	BC('k', ALT, INK_ACT_KANA_TOGGLE),         /* M-k */
	BC(0x07, 0, INK_ACT_ABORT),                /* C-g */
	BC(0x03, 0, INK_ACT_CANCEL),               /* C-c */
	BC(0x1B, 0, INK_ACT_CANCEL),               /* lone Esc */
	BC(0x1B, ALT, INK_ACT_CANCEL),             /* Esc Esc */
	BC(0x0D, 0, INK_ACT_ACCEPT),               /* CR */
	BC(0x0A, 0, INK_ACT_ACCEPT),               /* LF */
	BC(0x09, 0, INK_ACT_NEXT_DIAG),            /* Tab */
	BC(0x1C, 0, INK_ACT_IM_TOGGLE),            /* C-\ */
	BC(0x0C, 0, INK_ACT_REDRAW),               /* C-l */
	BC('a', CTRL, INK_ACT_HOME),               /* CSI u style Ctrl */
	BC('E', CTRL, INK_ACT_END),
	BC('\\', CTRL, INK_ACT_IM_TOGGLE),
	BC('?', CTRL, INK_ACT_DELETE_BACK),
	BK(INK_KEY_BACKSPACE, 0, INK_ACT_DELETE_BACK),
	BK(INK_KEY_DELETE, 0, INK_ACT_DELETE_FORWARD),
	BK(INK_KEY_ENTER, 0, INK_ACT_ACCEPT),
	BK(INK_KEY_TAB, 0, INK_ACT_NEXT_DIAG),
	BK(INK_KEY_TAB, SHIFT, INK_ACT_PREV_DIAG),
	BK(INK_KEY_BACKTAB, 0, INK_ACT_PREV_DIAG),
	BK(INK_KEY_ESCAPE, 0, INK_ACT_CANCEL),
	BK(INK_KEY_LEFT, 0, INK_ACT_LEFT),
	BK(INK_KEY_RIGHT, 0, INK_ACT_RIGHT),
	BK(INK_KEY_LEFT, CTRL, INK_ACT_WORD_LEFT),
	BK(INK_KEY_RIGHT, CTRL, INK_ACT_WORD_RIGHT),
	BK(INK_KEY_LEFT, ALT, INK_ACT_WORD_LEFT),
	BK(INK_KEY_LEFT, SHIFT, INK_ACT_LEFT),
	BK(INK_KEY_UP, 0, INK_ACT_HISTORY_PREV),
	BK(INK_KEY_DOWN, 0, INK_ACT_HISTORY_NEXT),
	BK(INK_KEY_HOME, 0, INK_ACT_HOME),
	BK(INK_KEY_END, 0, INK_ACT_END),
	BK(INK_KEY_UP, ALT, INK_ACT_HISTORY_PREV),    /* unbound Alt+key: the key */
	BK(INK_KEY_BACKSPACE, ALT, INK_ACT_KILL_WORD),
	BK(INK_KEY_F1, 0, INK_ACT_HELP),
	BK(INK_KEY_F2, 0, INK_ACT_IM_MENU),
	BK(INK_KEY_F3, 0, INK_ACT_APPLY_SUGGESTION),
	BK(INK_KEY_F4, 0, INK_ACT_TEACH),
	BK(INK_KEY_F5, 0, INK_ACT_COPY_URI),
	BK(INK_KEY_F6, 0, INK_ACT_COPY_IRI),
	BK(INK_KEY_F7, 0, INK_ACT_CYCLE_FORM),
	BK(INK_KEY_F9, 0, INK_ACT_MOUSE_TOGGLE),
	BK(INK_KEY_F12, 0, INK_ACT_BIDI_SWITCH),
	BK(INK_KEY_RESIZE, 0, INK_ACT_RESIZE),
	BK(INK_KEY_MOUSE, 0, INK_ACT_MOUSE),
	/* unbound: consumed, nothing to do */
	{ true, INK_KEY_F8, 0, INK_EV_NONE, INK_ACT_NONE },          /* the viewer's */
	{ true, INK_KEY_PAGE_UP, 0, INK_EV_NONE, INK_ACT_NONE },
	{ true, INK_KEY_F10, 0, INK_EV_NONE, INK_ACT_NONE },
	{ true, INK_KEY_INSERT, 0, INK_EV_NONE, INK_ACT_NONE },
	{ true, INK_KEY_NONE, 0, INK_EV_NONE, INK_ACT_NONE },
	{ true, INK_KEY_PASTE_END, 0, INK_EV_NONE, INK_ACT_NONE },   /* end without start */
	{ true, INK_KEY_COUNT + 5, 0, INK_EV_NONE, INK_ACT_NONE },   /* out of range */
	{ false, 0x14, 0, INK_EV_NONE, INK_ACT_NONE },              /* C-t */
	{ false, 0x00, 0, INK_EV_NONE, INK_ACT_NONE },              /* NUL */
};

static void test_bindings(void)
{
	size_t i;

	for (i = 0; i < sizeof bindings / sizeof bindings[0]; i++) {
		const struct binding *b = &bindings[i];
		ink_decoder *d = ink_decoder_new();
		ink_event ev;

		CHECK(d != NULL, "new");
		if (!d)
			return;
		ev = b->is_key ? ink_feed_key(d, (ink_key)b->v, b->mods) : ink_feed_char(d, b->v, b->mods);
		CHECK(ev.kind == b->kind, "binding %zu (%s 0x%X mods %u): kind %d", i,
			b->is_key ? "key" : "char", (unsigned)b->v, b->mods, (int)ev.kind);
		CHECK(ev.action == b->act, "binding %zu: action %s, want %s", i,
			ink_action_name(ev.action), ink_action_name(b->act));
		CHECK(ev.text == NULL && ev.text_len == 0, "binding %zu: no text", i);
		ink_decoder_free(d);
	}
}

/* ---- scripted cases ---- */

enum op {
	OP_END = 0,
	OP_CHAR,      /* feed v with mods; expect kind, act, text */
	OP_KEY,       /* feed key v with mods; expect kind, act, text */
	OP_TYPE,      /* feed each code point of s; every event NONE or plain TEXT; texts joined == want */
	OP_SET_IM,    /* ink_set_im(v) */
	OP_PREEDIT,   /* ink_preedit == s */
	OP_ACTIVE,    /* ink_im_active == v */
	OP_REJECTED,  /* ink_entry_rejected == v */
	OP_SET_ACTIVE, /* ink_set_im_active(v) */
	OP_MODE,      /* ink_set_mode(v) */
	OP_NOTICE,    /* ink_last_notice == v; s: ink_unknown_sequence / ink_unbound_key */
	OP_KEEP,      /* ink_set_keep_delimiters(v) */
	OP_KATA,      /* ink_katakana == v */
};

struct step {
	enum op op;
	uint32_t v;
	unsigned mods;
	ink_event_kind kind;
	ink_action act;
	const char *s;       /* expected text (CHAR, KEY), keys (TYPE), preedit */
	const char *want;    /* TYPE */
};

#define CH(cp, k, a, t) { OP_CHAR, (cp), 0, (k), (a), (t), NULL }
#define CHM(cp, m, k, a, t) { OP_CHAR, (cp), (m), (k), (a), (t), NULL }
#define KEY(key, k, a, t) { OP_KEY, (key), 0, (k), (a), (t), NULL }
#define KEYM(key, m, k, a, t) { OP_KEY, (key), (m), (k), (a), (t), NULL }
#define NONE_C(cp) CH(cp, INK_EV_NONE, INK_ACT_NONE, NULL)
#define TEXT_C(cp, t) CH(cp, INK_EV_TEXT, INK_ACT_NONE, t)
#define ACT_C(cp, a) CH(cp, INK_EV_ACTION, a, NULL)
#define NONE_K(key) KEY(key, INK_EV_NONE, INK_ACT_NONE, NULL)
#define TYPE(keys, w) { OP_TYPE, 0, 0, 0, 0, (keys), (w) }
#define IM(im) { OP_SET_IM, (im), 0, 0, 0, NULL, NULL }
#define PRE(t) { OP_PREEDIT, 0, 0, 0, 0, (t), NULL }
#define ACTIVE(b) { OP_ACTIVE, (b), 0, 0, 0, NULL, NULL }
#define REJECTED(b) { OP_REJECTED, (b), 0, 0, 0, NULL, NULL }
#define SET_ACTIVE(b) { OP_SET_ACTIVE, (b), 0, 0, 0, NULL, NULL }
#define MODE(m) { OP_MODE, (m), 0, 0, 0, NULL, NULL }
#define NOTICE(n, t) { OP_NOTICE, (n), 0, 0, 0, (t), NULL }
#define KEEP(b) { OP_KEEP, (b), 0, 0, 0, NULL, NULL }
#define KATA(b) { OP_KATA, (b), 0, 0, 0, NULL, NULL }
#define ALT_C(cp, k, a, t) CHM(cp, ALT, k, a, t)

#define CV 0x16
#define ESC "\x1b"

struct tcase {
	const char *name;
	struct step steps[40];
};

/* Hebrew, Arabic and Persian words, as UTF-8 */
#define SHALOM   "\u05E9\u05DC\u05D5\u05DD"           /* שלום */
#define MARHABA  "\u0645\u0631\u062D\u0628\u0627"     /* مرحبا */
#define FARSI    "\u0641\u0627\u0631\u0633\u06CC"     /* فارسی, Farsi yeh */
#define SALAM    "\u0633\u0644\u0627\u0645"           /* سلام */

static const struct tcase cases[] = {
	{ "plain text and non-ASCII", {
		TEXT_C('a', "a"), TEXT_C(0x05D0, "\u05D0"), TEXT_C(' ', " "),
		TEXT_C(0x1F600, "\U0001F600"), TEXT_C(0x85, "\xC2\x85"),   /* C1: text, shown as placeholder */
		TEXT_C(0xD800, "\uFFFD"), TEXT_C(0x110000, "\uFFFD"), PRE("") } },
	{ "C-v u complete", {
		NONE_C(CV), PRE("^V"), NONE_C('u'), PRE("U+"), NONE_C('0'), NONE_C('5'),
		NONE_C('d'), PRE("U+05D"), TEXT_C('0', "\u05D0"), PRE(""), REJECTED(false) } },
	{ "C-v U complete (8 digits)", {
		NONE_C(CV), NONE_C('U'), NONE_C('0'), NONE_C('0'), NONE_C('0'), NONE_C('1'),
		NONE_C('F'), NONE_C('6'), NONE_C('0'), PRE("U+0001F60"), TEXT_C('0', "\U0001F600"),
		PRE("") } },
	{ "C-v u ended early by a non-hex character", {
		NONE_C(CV), NONE_C('u'), NONE_C('e'), NONE_C('9'), TEXT_C('x', "\u00E9x"),
		REJECTED(false), PRE("") } },
	{ "C-v U ended early by a space", {
		NONE_C(CV), NONE_C('U'), NONE_C('5'), NONE_C('d'), NONE_C('0'),
		TEXT_C(' ', "\u05D0 ") } },
	/* Enter only ends the entry (it would also accept the IRI); a second
	 * Enter accepts. */
	{ "C-v u ended by Enter: the text, no accept", {
		NONE_C(CV), NONE_C('u'), NONE_C('5'), NONE_C('d'), NONE_C('0'),
		CH(0x0D, INK_EV_TEXT, INK_ACT_NONE, "\u05D0"),
		CH(0x0D, INK_EV_ACTION, INK_ACT_ACCEPT, NULL) } },
	{ "C-v u ended by a key: text then the key's action", {
		NONE_C(CV), NONE_C('u'), NONE_C('4'), NONE_C('1'),
		KEY(INK_KEY_LEFT, INK_EV_TEXT, INK_ACT_LEFT, "A") } },
	{ "C-v u d800: a surrogate is rejected", {
		NONE_C(CV), NONE_C('u'), NONE_C('d'), NONE_C('8'), NONE_C('0'), NONE_C('0'),
		REJECTED(true), PRE(""), TEXT_C('a', "a"), REJECTED(false) } },
	{ "C-v U 110000: above U+10FFFF is rejected, the ending character still typed", {
		NONE_C(CV), NONE_C('U'), NONE_C('1'), NONE_C('1'), NONE_C('0'), NONE_C('0'),
		NONE_C('0'), NONE_C('0'), TEXT_C('x', "x"), REJECTED(true) } },
	{ "C-v U 10ffff is the last code point", {
		NONE_C(CV), NONE_C('U'), NONE_C('1'), NONE_C('0'), NONE_C('f'), NONE_C('f'),
		NONE_C('f'), NONE_C('f'), TEXT_C('.', "\U0010FFFF.") } },
	{ "C-v u 0000: NUL is rejected", {
		NONE_C(CV), NONE_C('u'), NONE_C('0'), NONE_C('0'), NONE_C('0'), NONE_C('0'),
		REJECTED(true) } },
	{ "C-v u with no digits", {
		NONE_C(CV), NONE_C('u'), TEXT_C('g', "g"), REJECTED(true) } },
	{ "C-v u 1 2 then Esc: the entry is cancelled, nothing typed, no CANCEL", {
		NONE_C(CV), NONE_C('u'), NONE_C('1'), NONE_C('2'), NONE_C(0x1B),
		NOTICE(INK_NOTICE_ENTRY_CANCELLED, NULL), REJECTED(false), PRE(""),
		TEXT_C('1', "1"), ACT_C(0x1B, INK_ACT_CANCEL) } },
	{ "C-v then Esc, C-v then the Esc key, C-v u then C-g: cancelled", {
		NONE_C(CV), NONE_C(0x1B), NOTICE(INK_NOTICE_ENTRY_CANCELLED, NULL), PRE(""),
		NONE_C(CV), NONE_K(INK_KEY_ESCAPE), NOTICE(INK_NOTICE_ENTRY_CANCELLED, NULL),
		NONE_C(CV), NONE_C('U'), NONE_C(0x07), NOTICE(INK_NOTICE_ENTRY_CANCELLED, NULL),
		PRE(""), TEXT_C('a', "a"), NOTICE(INK_NOTICE_NONE, NULL) } },
	{ "C-v literal: C-a, Tab, C-v, a letter", {
		NONE_C(CV), TEXT_C(0x01, "\x01"),
		NONE_C(CV), TEXT_C(0x09, "\t"), NONE_C(CV), TEXT_C(CV, "\x16"),
		NONE_C(CV), TEXT_C('a', "a"), NONE_C(CV), NONE_C(0), REJECTED(true) } },
	{ "C-v literal keys: Tab, Enter", {
		NONE_C(CV), KEY(INK_KEY_TAB, INK_EV_TEXT, INK_ACT_NONE, "\t"),
		NONE_C(CV), KEY(INK_KEY_ENTER, INK_EV_TEXT, INK_ACT_NONE, "\r"),
		NONE_C(CV), KEY(INK_KEY_UP, INK_EV_ACTION, INK_ACT_HISTORY_PREV, NULL), PRE("") } },
	{ "C-v bypasses the input method", {
		IM(INK_IM_HEBREW), TEXT_C('a', "\u05E9"), NONE_C(CV), TEXT_C('a', "a"),
		NONE_C(CV), TEXT_C('.', ".") } },
	{ "resize does not disturb an entry", {
		NONE_C(CV), NONE_C('u'), NONE_C('4'), KEY(INK_KEY_RESIZE, INK_EV_ACTION, INK_ACT_RESIZE, NULL),
		PRE("U+4"), NONE_C('1'), TEXT_C(' ', "A ") } },
	{ "paste: escapes, BEL, RLO kept; CRLF, TAB, NUL removed; trimmed", {
		NONE_K(INK_KEY_PASTE_START),
		TYPE("  http://ex\r\nample.org/" ESC "]2;title\x07\u202E" "abc\x01\x1c\t \n", ""),
		NONE_C(0), NONE_C(0x1B), KEY(INK_KEY_ENTER, INK_EV_NONE, INK_ACT_NONE, NULL),
		KEY(INK_KEY_ESCAPE, INK_EV_NONE, INK_ACT_NONE, NULL), TYPE(" \u00A0", ""),
		KEY(INK_KEY_PASTE_END, INK_EV_PASTE, INK_ACT_NONE,
			"http://example.org/" ESC "]2;title\x07\u202E" "abc\x01\x1c " ESC ESC),
		TEXT_C('a', "a") } },
	{ "paste: CR LF runs inside a wrapped URL", {
		NONE_K(INK_KEY_PASTE_START), TYPE("https://example.org/a\r\n\r\nb/c\n", ""),
		KEY(INK_KEY_PASTE_END, INK_EV_PASTE, INK_ACT_NONE, "https://example.org/ab/c") } },
	{ "paste: the input method does not apply; C-v and controls are content", {
		IM(INK_IM_HEBREW), NONE_K(INK_KEY_PASTE_START), TYPE("akuo\x16u05d0\x01", ""),
		KEY(INK_KEY_PASTE_END, INK_EV_PASTE, INK_ACT_NONE, "akuo\x16u05d0\x01"),
		TYPE("akuo", SHALOM) } },
	{ "paste: only white space gives an empty paste", {
		NONE_K(INK_KEY_PASTE_START), TYPE(" \t\r\n\u3000 ", ""),
		KEY(INK_KEY_PASTE_END, INK_EV_PASTE, INK_ACT_NONE, "") } },
	{ "paste: every White_Space character trimmed at both ends, kept inside", {
		NONE_K(INK_KEY_PASTE_START),
		TYPE(" \u00A0\u1680\u2000\u200A\u2028\u2029\u202F\u205F\u3000\x0B\x0C\xC2\x85"
			"x\u200By\u3000z\u00A0 \u205F\xC2\x85", ""),
		KEY(INK_KEY_PASTE_END, INK_EV_PASTE, INK_ACT_NONE, "x\u200By\u3000z") } },
	{ "paste: empty", {
		NONE_K(INK_KEY_PASTE_START), KEY(INK_KEY_PASTE_END, INK_EV_PASTE, INK_ACT_NONE, "") } },
	{ "paste: resize and mouse still reported, a second start ignored", {
		NONE_K(INK_KEY_PASTE_START), TYPE("ab", ""),
		KEY(INK_KEY_RESIZE, INK_EV_ACTION, INK_ACT_RESIZE, NULL),
		KEY(INK_KEY_MOUSE, INK_EV_ACTION, INK_ACT_MOUSE, NULL),
		NONE_K(INK_KEY_PASTE_START), NONE_K(INK_KEY_LEFT), TYPE("c", ""),
		KEY(INK_KEY_PASTE_END, INK_EV_PASTE, INK_ACT_NONE, "abc") } },
	{ "paste: start without end keeps collecting", {
		NONE_K(INK_KEY_PASTE_START), TYPE("abc", ""), NONE_C(0x03), NONE_C(0x0D),
		NONE_K(INK_KEY_F1), TYPE("def", ""),
		KEY(INK_KEY_PASTE_END, INK_EV_PASTE, INK_ACT_NONE, "abc\x03" "def") } },
	{ "paste start commits a waiting syllable and ends an entry", {
		IM(INK_IM_KANA), TYPE("k", ""), KEY(INK_KEY_PASTE_START, INK_EV_TEXT, INK_ACT_NONE, "k"),
		TYPE("x", ""), KEY(INK_KEY_PASTE_END, INK_EV_PASTE, INK_ACT_NONE, "x"),
		NONE_C(CV), NONE_C('u'), NONE_C('4'), NONE_C('1'),
		KEY(INK_KEY_PASTE_START, INK_EV_TEXT, INK_ACT_NONE, "A"),
		KEY(INK_KEY_PASTE_END, INK_EV_PASTE, INK_ACT_NONE, "") } },

	/* input methods */
	{ "Hebrew SI-1452: shalom", {
		IM(INK_IM_HEBREW), ACTIVE(true), TYPE("akuo", SHALOM) } },
	{ "Hebrew SI-1452 as the layout is: all letters, in key order", {
		IM(INK_IM_HEBREW), KEEP(false),
		TYPE("ertyuiopasdfghjkl;zxcvbnm,.",
			"\u05E7\u05E8\u05D0\u05D8\u05D5\u05DF\u05DD\u05E4"
			"\u05E9\u05D3\u05D2\u05DB\u05E2\u05D9\u05D7\u05DC\u05DA\u05E3"
			"\u05D6\u05E1\u05D1\u05D4\u05E0\u05DE\u05E6\u05EA\u05E5") } },
	{ "Hebrew SI-1452, delimiters kept (the default)", {
		IM(INK_IM_HEBREW), TYPE("://", "://"), TYPE("/.:?#@%&=+-_~", "/.:?#@%&=+-_~"),
		TYPE("q", "\u05E5"), TYPE("bsheu.", "\u05E0\u05D3\u05D9\u05E7\u05D5."),
		TYPE(",'w", "\u05EA,'") } },
	{ "Hebrew SI-1452 as the layout is: delimiters and capitals", {
		IM(INK_IM_HEBREW), KEEP(false), TYPE("/?:#[]@!$&'()*+=%-_~ 09", ".?:#[]@!$&,()*+=%-_~ 09"),   /* / and ' give back . and , */
		TYPE("qw`HTTP", "/';HTTP"), TYPE("<>{}", "><}{") } },
	{ "Russian JCUKEN: privet", {
		IM(INK_IM_RUSSIAN), TYPE("ghbdtn", "привет"), TYPE("Ghbdtn", "Привет"),
		TYPE("`~[]{};:'\"<>,.", "ёЁхъХЪжЖэЭБЮбю"), TYPE("/?@#$&^|", ".,@#$&:/") } },   /* . and , on the / key; / on | */
	{ "Russian JCUKEN: a host, '.' through Alt", {
		IM(INK_IM_RUSSIAN), TYPE("ghbvth", "пример"), CHM('.', ALT, INK_EV_TEXT, INK_ACT_NONE, "."),
		TYPE("ha", "рф") } },
	{ "Greek 220: letters and the dead tonos", {
		IM(INK_IM_GREEK), TYPE("kalhm;era", "καλημέρα"), TYPE("Ell;adaw", "Ελλάδας"),
		TYPE(";A;E;H;I;O;Y;V", "ΆΈΉΊΌΎΏ"), TYPE(";i;y;v;h;o", "ίύώήό"),
		TYPE("qQ:", ";::"), TYPE(";;", "\u0384"), TYPE("; ", "\u0384"), TYPE(";k", "\u0384κ"),
		TYPE("ucjw", "θψξς") } },
	{ "Greek 220: dead key preedit, backspace and cancel", {
		IM(INK_IM_GREEK), NONE_C(';'), PRE("\u0384"), NONE_C(0x7F), PRE(""),
		TEXT_C('a', "α"), NONE_C(';'), NONE_C(0x1B), PRE(""), TEXT_C('a', "α"),
		NONE_C(';'), CH(0x0D, INK_EV_TEXT, INK_ACT_ACCEPT, "\u0384") } },
	{ "Arabic 101, delimiters kept (the default): displaced letters move", {
		IM(INK_IM_ARABIC), TYPE("/.~:?#@%&=+-_", "/.~:?#@%&=+-_"),
		TYPE(">LZ", "\u0632\u0638\u0651"), TYPE("lvpfh", MARHABA), TYPE(",", "\u0648") } },
	{ "Persian, delimiters kept: nothing moves", {
		IM(INK_IM_PERSIAN), TYPE("/.:?#@%&=+-_~", "/.:?#@%&=+-_~"), TYPE("thvsd", FARSI) } },
	{ "Arabic 101 as the layout is: marhaba, lam-alef, marks, delimiters", {
		IM(INK_IM_ARABIC), KEEP(false), TYPE("lvpfh", MARHABA), TYPE("b", "\u0644\u0627"),
		TYPE("~QX", "\u0651\u064E\u0652"), TYPE("DFLZ<>M?", "][/~,.'?"),
		TYPE("`[];',./", "\u0630\u062C\u062F\u0643\u0637\u0648\u0632\u0638"),
		TYPE("TGB", "\u0644\u0625\u0644\u0623\u0644\u0622"), TYPE(":#12", ":#12") } },
	{ "Persian ISIRI 9147: farsi, salam, ZWNJ", {
		IM(INK_IM_PERSIAN), TYPE("thvsd", FARSI), TYPE("sghl", SALAM),
		TYPE("m]';", "\u067E\u0686\u06AF\u06A9"), TYPE("B`", "\u200C\u200D"),
		TYPE("./?_~@#$%&()09", "./?_~@#$%&()09"), TYPE("^OP", "\u00D7]["),
		TYPE("D", "\u064A") } },
	{ "kana: konnichiha", {
		IM(INK_IM_KANA), TYPE("konnichiha", "こんにちは"), PRE("") } },
	{ "kana: kyouto, katakana, small tsu, n'", {
		IM(INK_IM_KANA), TYPE("kyouto", "きょうと"), TYPE("KATAKANA", "カタカナ"),
		TYPE("kitte", "きって"), TYPE("n'a", "んあ"), TYPE("onna", "おんな"),
		TYPE("kanji", "かんじ"), TYPE("matcha", "まっちゃ"), TYPE("shinbun ", "しんぶん "),
		TYPE("ra-men.", "らーめん."), TYPE("nn/", "ん/"), TYPE("nyanko", "にゃんこ"),
		TYPE("tsushi", "つし"), TYPE("fuji", "ふじ"), TYPE("KONPYU-TA-", "コンピューター"),
		TYPE("xtsuxya", "っゃ"), TYPE("vu", "ゔ"), TYPE("VU", "ヴ") } },
	{ "kana: letters that make no syllable, and non-ASCII", {
		IM(INK_IM_KANA), TYPE("q ", "q "), TYPE("kyx.", "kyx."), TYPE("\u30A2\u00E9", "\u30A2\u00E9"),
		TYPE("k\u00E9", "k\u00E9"), TYPE("ka5", "か5") } },
	{ "kana: M-k locks katakana for whole words, preedit shown", {
		IM(INK_IM_KANA), KATA(false), ALT_C('k', INK_EV_ACTION, INK_ACT_KANA_TOGGLE, NULL), KATA(true),
		TYPE("konpyu-ta-", "コンピューター"), NONE_C('t'), PRE("t"), TEXT_C('o', "ト"),
		TYPE("nn", "ン"), NONE_C('k'), PRE("k"),
		ALT_C('k', INK_EV_TEXT, INK_ACT_KANA_TOGGLE, "k"), KATA(false),
		TYPE("kana", "かな"), IM(INK_IM_HEBREW), ALT_C('k', INK_EV_ACTION, INK_ACT_KANA_TOGGLE, NULL),
		KATA(false) } },
	{ "kana: Esc and C-g drop a composition, no CANCEL", {
		IM(INK_IM_KANA), NONE_C('k'), NONE_C('y'), NONE_C(0x1B),
		NOTICE(INK_NOTICE_COMPOSITION_DROPPED, NULL), PRE(""), NONE_C('s'),
		NONE_C(0x07), NOTICE(INK_NOTICE_COMPOSITION_DROPPED, NULL), PRE(""),
		NONE_C('s'), NONE_K(INK_KEY_ESCAPE), PRE(""), ACT_C(0x07, INK_ACT_ABORT),
		ACT_C(0x1B, INK_ACT_CANCEL) } },
	{ "kana: preedit, backspace, cancel", {
		IM(INK_IM_KANA), NONE_C('k'), PRE("k"), NONE_C('y'), PRE("ky"),
		NONE_K(INK_KEY_BACKSPACE), PRE("k"), NONE_C(0x1B), PRE(""),
		TEXT_C('a', "あ"), NONE_C('K'), NONE_C('Y'), PRE("KY"), TEXT_C('O', "キョ") } },
	{ "kana: an action commits the waiting letters first", {
		IM(INK_IM_KANA), NONE_C('n'), CH(0x0D, INK_EV_TEXT, INK_ACT_ACCEPT, "ん"),
		NONE_C('k'), KEY(INK_KEY_LEFT, INK_EV_TEXT, INK_ACT_LEFT, "k"),
		NONE_C('s'), KEY(INK_KEY_F1, INK_EV_ACTION, INK_ACT_HELP, NULL), PRE("s"),
		TEXT_C('a', "さ") } },
	{ "kana: nn then an action forgets the ghost n", {
		IM(INK_IM_KANA), TYPE("nn", "ん"), ACT_C(0x01, INK_ACT_HOME), TYPE("a", "あ") } },
	{ "IM toggle with C-\\", {
		ACT_C(0x1C, INK_ACT_IM_TOGGLE), ACTIVE(false), TYPE("a", "a"),
		IM(INK_IM_HEBREW), ACTIVE(true), TYPE("a", "\u05E9"),
		ACT_C(0x1C, INK_ACT_IM_TOGGLE), ACTIVE(false), TYPE("akuo", "akuo"),
		ACT_C(0x1C, INK_ACT_IM_TOGGLE), ACTIVE(true), TYPE("akuo", SHALOM),
		IM(INK_IM_NONE), ACTIVE(false), TYPE("a", "a") } },
	{ "ink_set_im_active: chosen but off, as app starts", {
		IM(INK_IM_HEBREW), SET_ACTIVE(false), ACTIVE(false), TYPE("a", "a"),
		ACT_C(0x1C, INK_ACT_IM_TOGGLE), ACTIVE(true), TYPE("a", "\u05E9"),
		SET_ACTIVE(false), TYPE("a", "a"), SET_ACTIVE(true), TYPE("a", "\u05E9"),
		IM(INK_IM_NONE), SET_ACTIVE(true), ACTIVE(false),
		ACT_C(0x1C, INK_ACT_IM_TOGGLE), ACTIVE(false) } },
	{ "IM toggle commits a waiting syllable", {
		IM(INK_IM_KANA), NONE_C('k'), CH(0x1C, INK_EV_TEXT, INK_ACT_IM_TOGGLE, "k"),
		ACTIVE(false), TYPE("ka", "ka"), ACT_C(0x1C, INK_ACT_IM_TOGGLE), TYPE("ka", "か") } },
	{ "switching IM: the old composition is flushed by the next key", {
		IM(INK_IM_KANA), NONE_C('n'), IM(INK_IM_RUSSIAN), PRE("ん"), TYPE("f", "んа"),
		IM(INK_IM_GREEK), NONE_C(';'), IM(INK_IM_NONE), TYPE("a", "\u0384a") } },
	{ "non-ASCII passes every IM untouched", {
		IM(INK_IM_HEBREW), TYPE("\u00E9\u05D0\u4E2D", "\u00E9\u05D0\u4E2D"),
		IM(INK_IM_ARABIC), TYPE("\u00E9", "\u00E9"), IM(INK_IM_GREEK), TYPE("\u00E9", "\u00E9"),
		IM(INK_IM_PERSIAN), TYPE("\u00E9", "\u00E9"), IM(INK_IM_RUSSIAN), TYPE("\u00E9", "\u00E9") } },
	{ "Alt+key types the key itself, bypassing the IM", {
		IM(INK_IM_HEBREW), CHM('.', ALT, INK_EV_TEXT, INK_ACT_NONE, "."),
		CHM('a', ALT, INK_EV_TEXT, INK_ACT_NONE, "a"), TEXT_C('a', "\u05E9"),
		CHM('z', ALT, INK_EV_ACTION, INK_ACT_REDO, NULL) } },
	{ "no keymap on: an unbound Alt+key is unbound, never typed", {
		ALT_C('c', INK_EV_NONE, INK_ACT_NONE, NULL), NOTICE(INK_NOTICE_UNBOUND, "M-c"),
		ALT_C('u', INK_EV_NONE, INK_ACT_NONE, NULL), ALT_C('l', INK_EV_NONE, INK_ACT_NONE, NULL),
		ALT_C('t', INK_EV_NONE, INK_ACT_NONE, NULL), ALT_C('.', INK_EV_NONE, INK_ACT_NONE, NULL),
		NOTICE(INK_NOTICE_UNBOUND, "M-."), ALT_C('r', INK_EV_NONE, INK_ACT_NONE, NULL),
		ALT_C('<', INK_EV_NONE, INK_ACT_NONE, NULL), NOTICE(INK_NOTICE_UNBOUND, "M-<"),
		ALT_C('>', INK_EV_NONE, INK_ACT_NONE, NULL), ALT_C('x', INK_EV_NONE, INK_ACT_NONE, NULL),
		NOTICE(INK_NOTICE_UNBOUND, "M-x"), ALT_C(0x00E9, INK_EV_NONE, INK_ACT_NONE, NULL),
		NOTICE(INK_NOTICE_UNBOUND, "M-\u00E9"),
		/* a keymap chosen but toggled off is no keymap */
		IM(INK_IM_HEBREW), SET_ACTIVE(false), ALT_C('.', INK_EV_NONE, INK_ACT_NONE, NULL),
		NOTICE(INK_NOTICE_UNBOUND, "M-."), SET_ACTIVE(true), ALT_C('.', INK_EV_TEXT, INK_ACT_NONE, "."),
		MODE(INK_MODE_SEARCH), IM(INK_IM_NONE), ALT_C('x', INK_EV_NONE, INK_ACT_NONE, NULL),
		NOTICE(INK_NOTICE_UNBOUND, "M-x") } },
	{ "M-Backspace kills a word: ESC DEL, Alt+Backspace key, with a keymap too", {
		ALT_C(0x7F, INK_EV_ACTION, INK_ACT_KILL_WORD, NULL),
		CHM(0x7F, ALT | CTRL, INK_EV_ACTION, INK_ACT_KILL_WORD, NULL),   /* CSI u C-M-? folds to DEL */
		KEY(INK_KEY_BACKSPACE, INK_EV_ACTION, INK_ACT_DELETE_BACK, NULL),
		{ OP_KEY, INK_KEY_BACKSPACE, ALT, INK_EV_ACTION, INK_ACT_KILL_WORD, NULL, NULL },
		IM(INK_IM_KANA), NONE_C('k'), ALT_C(0x7F, INK_EV_TEXT, INK_ACT_KILL_WORD, "k"),
		MODE(INK_MODE_TEACH), ALT_C(0x7F, INK_EV_ACTION, INK_ACT_KILL_WORD, NULL) } },
	{ "C-z suspends in every mode", {
		ACT_C(0x1A, INK_ACT_SUSPEND), MODE(INK_MODE_TEACH), ACT_C(0x1A, INK_ACT_SUSPEND),
		MODE(INK_MODE_VIEW), ACT_C(0x1A, INK_ACT_SUSPEND), MODE(INK_MODE_HELP), ACT_C(0x1A, INK_ACT_SUSPEND),
		MODE(INK_MODE_MENU), ACT_C(0x1A, INK_ACT_SUSPEND), MODE(INK_MODE_SEARCH),
		ACT_C(0x1A, INK_ACT_SUSPEND) } },
	{ "romaji: the preedit is what Enter commits", {
		IM(INK_IM_KANA), TYPE("ka", "\u304B"), NONE_C('n'), PRE("\u3093"),
		CH(0x0D, INK_EV_TEXT, INK_ACT_ACCEPT, "\u3093"), PRE(""), NONE_C('k'), PRE("k"),
		TEXT_C('k', "\u3063"), PRE("k"), NONE_C(0x1B), NONE_C('s'), NONE_C('h'), PRE("sh"),
		CH(0x0D, INK_EV_TEXT, INK_ACT_ACCEPT, "sh"), NONE_C('N'), PRE("\u30F3"), NONE_C(0x1B),
		TYPE("nn", "\u3093"), PRE(""), TEXT_C('a', "\u306A") } },
	{ "backspace and Esc act normally when nothing is composed", {
		IM(INK_IM_KANA), ACT_C(0x7F, INK_ACT_DELETE_BACK), ACT_C(0x1B, INK_ACT_CANCEL) } },

	/* modes */
	{ "view: letters are commands, never text", {
		MODE(INK_MODE_VIEW), ACT_C('j', INK_ACT_VIEW_NEXT_LINE), ACT_C('k', INK_ACT_VIEW_PREV_LINE),
		ACT_C('g', INK_ACT_VIEW_FIRST), ACT_C('G', INK_ACT_VIEW_LAST),
		ALT_C('<', INK_EV_ACTION, INK_ACT_VIEW_FIRST, NULL), ALT_C('>', INK_EV_ACTION, INK_ACT_VIEW_LAST, NULL),
		ACT_C('n', INK_ACT_VIEW_SEARCH_NEXT), ACT_C('N', INK_ACT_VIEW_SEARCH_PREV),
		ACT_C('/', INK_ACT_VIEW_SEARCH_FORWARD), ACT_C('?', INK_ACT_VIEW_SEARCH_BACKWARD),
		ACT_C(':', INK_ACT_VIEW_GOTO_LINE), ALT_C('g', INK_EV_ACTION, INK_ACT_VIEW_GOTO_LINE, NULL),
		ACT_C('f', INK_ACT_VIEW_FILTER), ACT_C('w', INK_ACT_VIEW_WRITE),
		ACT_C(']', INK_ACT_VIEW_NEXT_FINDING), ACT_C('[', INK_ACT_VIEW_PREV_FINDING),
		KEY(INK_KEY_F8, INK_EV_ACTION, INK_ACT_VIEW_NEXT_FINDING, NULL),
		KEYM(INK_KEY_F8, INK_MOD_SHIFT, INK_EV_ACTION, INK_ACT_VIEW_PREV_FINDING, NULL),
		KEY(INK_KEY_HOME, INK_EV_ACTION, INK_ACT_VIEW_FIRST, NULL), KEY(INK_KEY_END, INK_EV_ACTION, INK_ACT_VIEW_LAST, NULL),
		KEY(INK_KEY_UP, INK_EV_ACTION, INK_ACT_VIEW_PREV_LINE, NULL),
		KEY(INK_KEY_PAGE_DOWN, INK_EV_ACTION, INK_ACT_VIEW_PAGE_DOWN, NULL),
		NONE_C('x'), NOTICE(INK_NOTICE_UNBOUND, "x"), NONE_C(0x05D0), NOTICE(INK_NOTICE_UNBOUND, "\u05D0"),
		NONE_C(CV), NOTICE(INK_NOTICE_UNBOUND, "C-v"), NONE_C('u'), PRE(""),
		ALT_C('x', INK_EV_NONE, INK_ACT_NONE, NULL), NOTICE(INK_NOTICE_UNBOUND, "M-x"),
		NONE_K(INK_KEY_F3), NOTICE(INK_NOTICE_UNBOUND, "F3"),
		KEY(INK_KEY_ENTER, INK_EV_ACTION, INK_ACT_VIEW_EDIT, NULL), ACT_C('q', INK_ACT_VIEW_QUIT) } },
	{ "help: only its own keys; q, Esc, F1, C-g close it", {
		MODE(INK_MODE_HELP), ACT_C('j', INK_ACT_HELP_DOWN), ACT_C(' ', INK_ACT_HELP_PAGE_DOWN),
		KEY(INK_KEY_HOME, INK_EV_ACTION, INK_ACT_HELP_TOP, NULL), ACT_C('G', INK_ACT_HELP_BOTTOM),
		NONE_C('a'), NOTICE(INK_NOTICE_UNBOUND, "a"), NONE_K(INK_KEY_LEFT), NONE_K(INK_KEY_ENTER),
		ACT_C('q', INK_ACT_HELP_CLOSE), ACT_C(0x1B, INK_ACT_HELP_CLOSE),
		KEY(INK_KEY_F1, INK_EV_ACTION, INK_ACT_HELP_CLOSE, NULL), ACT_C(0x07, INK_ACT_HELP_CLOSE),
		ACT_C(0x0C, INK_ACT_REDRAW) } },
	{ "menu: up, down, choose, close", {
		MODE(INK_MODE_MENU), KEY(INK_KEY_DOWN, INK_EV_ACTION, INK_ACT_MENU_DOWN, NULL),
		ACT_C(0x10, INK_ACT_MENU_UP), ACT_C(0x0D, INK_ACT_MENU_CHOOSE),
		KEY(INK_KEY_F2, INK_EV_ACTION, INK_ACT_MENU_CLOSE, NULL), ACT_C('q', INK_ACT_MENU_CLOSE),
		ACT_C(0x1B, INK_ACT_MENU_CLOSE), NONE_C('z') } },
	{ "search: text goes to the pattern; its own keys", {
		MODE(INK_MODE_SEARCH), TEXT_C('e', "e"), ACT_C(0x12, INK_ACT_SEARCH_OLDER),
		ACT_C(0x13, INK_ACT_SEARCH_NEWER), ACT_C(0x7F, INK_ACT_SEARCH_DELETE_BACK),
		KEY(INK_KEY_LEFT, INK_EV_ACTION, INK_ACT_SEARCH_ACCEPT, NULL), ACT_C(0x01, INK_ACT_SEARCH_ACCEPT),
		ACT_C(0x0D, INK_ACT_SEARCH_ACCEPT), ACT_C(0x07, INK_ACT_SEARCH_CANCEL),
		ACT_C(0x1B, INK_ACT_SEARCH_CANCEL), ACT_C(0x03, INK_ACT_CANCEL) } },
	{ "teach: edits, and its own Up/Down/Esc/F4/C-g", {
		MODE(INK_MODE_TEACH), TEXT_C('a', "a"), ACT_C(0x7F, INK_ACT_DELETE_BACK),
		KEY(INK_KEY_UP, INK_EV_ACTION, INK_ACT_TEACH_CHARSET_PREV, NULL),
		KEY(INK_KEY_DOWN, INK_EV_ACTION, INK_ACT_TEACH_CHARSET_NEXT, NULL),
		ACT_C(0x10, INK_ACT_HISTORY_PREV), KEY(INK_KEY_F4, INK_EV_ACTION, INK_ACT_TEACH_CLOSE, NULL),
		ACT_C(0x07, INK_ACT_TEACH_CLOSE), ACT_C(0x1B, INK_ACT_TEACH_CLOSE) } },
	{ "a composition waits while help is shown, then goes on", {
		IM(INK_IM_KANA), NONE_C('k'), KEY(INK_KEY_F1, INK_EV_ACTION, INK_ACT_HELP, NULL),
		MODE(INK_MODE_HELP), ACT_C('q', INK_ACT_HELP_CLOSE), PRE("k"), MODE(INK_MODE_EDIT),
		TEXT_C('a', "\u304B") } },
	{ "edit: unbound keys are reported", {
		NONE_C(0x14), NOTICE(INK_NOTICE_UNBOUND, "C-t"), NONE_K(INK_KEY_INSERT),
		NOTICE(INK_NOTICE_UNBOUND, "Insert"), KEY(INK_KEY_F10, INK_EV_NONE, INK_ACT_NONE, NULL),
		NOTICE(INK_NOTICE_UNBOUND, "F10"), TEXT_C('a', "a"), NOTICE(INK_NOTICE_NONE, NULL) } },

	/* escape sequences curses let through */
	{ "ESC [ 4 ~ (End under tmux) is End, nothing typed", {
		TEXT_C('a', "a"), ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('4'),
		ACT_C('~', INK_ACT_END), NOTICE(INK_NOTICE_NONE, NULL), TEXT_C('b', "b") } },
	{ "ESC [ 9 9 ~ is swallowed whole and reported", {
		ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('9'), NONE_C('9'), NONE_C('~'),
		NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "ESC [ 9 9 ~"), TEXT_C('a', "a"),
		NOTICE(INK_NOTICE_NONE, NULL) } },
	{ "CSI with intermediates and private parameters; SS3 unknown", {
		ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('?'), NONE_C('1'), NONE_C(' '),
		NONE_C('q'), NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "ESC [ ? 1 0x20 q"),
		ALT_C('O', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('x'),
		NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "ESC O x"), TEXT_C('x', "x") } },
	{ "a character that cannot be in a sequence ends it and is processed", {
		ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('1'),
		TEXT_C(0x00E9, "\u00E9"), NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "ESC [ 1"),
		ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), ACT_C(0x0D, INK_ACT_ACCEPT),
		NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "ESC [") } },
	{ "a key ends a sequence (reported); a resize and the mouse do not", {
		ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('1'),
		KEY(INK_KEY_LEFT, INK_EV_ACTION, INK_ACT_LEFT, NULL), NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "ESC [ 1"),
		TEXT_C('~', "~"), NOTICE(INK_NOTICE_NONE, NULL),
		ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('1'),
		KEY(INK_KEY_RESIZE, INK_EV_ACTION, INK_ACT_RESIZE, NULL),
		KEY(INK_KEY_MOUSE, INK_EV_ACTION, INK_ACT_MOUSE, NULL), NOTICE(INK_NOTICE_NONE, NULL),
		ACT_C('~', INK_ACT_HOME) } },
	{ "the Linux console's F1 and rxvt's Shift-Home", {
		ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('['), ACT_C('A', INK_ACT_HELP),
		ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('7'), ACT_C('$', INK_ACT_HOME),
		ALT_C('O', INK_EV_NONE, INK_ACT_NONE, NULL), ACT_C('d', INK_ACT_WORD_LEFT) } },
	{ "a sequence ends a C-v entry as its key would; commits a syllable", {
		NONE_C(CV), ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('4'), ACT_C('~', INK_ACT_END),
		PRE(""), IM(INK_IM_KANA), NONE_C('k'), ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL),
		CH('H', INK_EV_TEXT, INK_ACT_HOME, "k"), NONE_C('k'), PRE("k"), TEXT_C('a', "\u304B"),
		ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('1'), NONE_C(';'), NONE_C('5'),
		ACT_C('D', INK_ACT_WORD_LEFT) } },
	{ "OSC to BEL or ST, swallowed whole and reported", {
		TEXT_C('a', "a"), ALT_C(']', INK_EV_NONE, INK_ACT_NONE, NULL), TYPE("11;rgb:0000/ffff/0000", ""),
		NOTICE(INK_NOTICE_NONE, NULL), NONE_C(0x07), NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "OSC 11;rgb:0000/ffff/0000"),
		TEXT_C('b', "b"), ALT_C(']', INK_EV_NONE, INK_ACT_NONE, NULL), TYPE("2;\u00E9 x", ""),
		ALT_C('\\', INK_EV_NONE, INK_ACT_NONE, NULL), NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "OSC 2;? x"),
		TEXT_C('c', "c") } },
	{ "DCS, APC, PM, SOS to ST; M-_ is APC, not redo", {
		ALT_C('P', INK_EV_NONE, INK_ACT_NONE, NULL), TYPE("1$r0m", ""), ALT_C('\\', INK_EV_NONE, INK_ACT_NONE, NULL),
		NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "DCS 1$r0m"),
		ALT_C('_', INK_EV_NONE, INK_ACT_NONE, NULL), TYPE("Gi=1;OK", ""), ALT_C('\\', INK_EV_NONE, INK_ACT_NONE, NULL),
		NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "APC Gi=1;OK"),
		ALT_C('^', INK_EV_NONE, INK_ACT_NONE, NULL), TYPE("pm", ""), NONE_C(0x07),
		NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "PM pm"),
		ALT_C('X', INK_EV_NONE, INK_ACT_NONE, NULL), TYPE("sos", ""), ALT_C('\\', INK_EV_NONE, INK_ACT_NONE, NULL),
		NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "SOS sos"), TEXT_C('d', "d") } },
	{ "a DCS in help is content there: its q does not close help", {
		MODE(INK_MODE_HELP), ALT_C('P', INK_EV_NONE, INK_ACT_NONE, NULL), TYPE("+q544e", ""),
		ALT_C('\\', INK_EV_NONE, INK_ACT_NONE, NULL), NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "DCS +q544e"),
		ACT_C('q', INK_ACT_HELP_CLOSE) } },
	{ "a string ends at Esc, CAN, SUB; another control or Alt+key ends it and acts", {
		ALT_C(']', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('x'), NONE_C(0x1B),
		NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "OSC x"), TEXT_C('a', "a"),
		ALT_C(']', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C(0x18), NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "OSC "),
		ALT_C(']', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C(0x1A), TEXT_C('a', "a"),
		ALT_C(']', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('y'), ACT_C(0x0D, INK_ACT_ACCEPT),
		NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "OSC y"),
		ALT_C(']', INK_EV_NONE, INK_ACT_NONE, NULL), ACT_C(0x03, INK_ACT_CANCEL),
		ALT_C('_', INK_EV_NONE, INK_ACT_NONE, NULL), ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL),
		NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "APC "), NONE_C('4'), ACT_C('~', INK_ACT_END),
		ALT_C(']', INK_EV_NONE, INK_ACT_NONE, NULL), ALT_C('b', INK_EV_ACTION, INK_ACT_WORD_LEFT, NULL),
		ALT_C(']', INK_EV_NONE, INK_ACT_NONE, NULL), ACT_C(0x7F, INK_ACT_DELETE_BACK) } },
	{ "X10 mouse: ESC [ M and three characters, swallowed", {
		ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('M'), NONE_C(' '), NONE_C('!'),
		NOTICE(INK_NOTICE_NONE, NULL), NONE_C('"'), NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "ESC [ M 0x20 ! \""),
		TEXT_C('a', "a"), ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('M'), NONE_C('#'),
		NONE_C(0xE9), NONE_C(0x1F600), NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "ESC [ M # 0xE9 ?"),
		ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('M'), NONE_C('#'), ACT_C(0x0D, INK_ACT_ACCEPT),
		NOTICE(INK_NOTICE_UNKNOWN_SEQUENCE, "ESC [ M #"),
		ALT_C('[', INK_EV_NONE, INK_ACT_NONE, NULL), NONE_C('1'), NONE_C('M'), TEXT_C('a', "a") } },
	{ "strings inside a paste are content", {
		NONE_K(INK_KEY_PASTE_START), NONE_C(0x1B), TYPE("]0;t", ""), NONE_C(0x07), NONE_C(0x1B), TYPE("Pq", ""),
		KEY(INK_KEY_PASTE_END, INK_EV_PASTE, INK_ACT_NONE, ESC "]0;t\a" ESC "Pq") } },
	{ "a sequence inside a paste is content", {
		NONE_K(INK_KEY_PASTE_START), NONE_C(0x1B), TYPE("[4~", ""),
		KEY(INK_KEY_PASTE_END, INK_EV_PASTE, INK_ACT_NONE, ESC "[4~") } },
};

/* Decodes one code point of well-formed UTF-8 (test strings only). */
static uint32_t next_cp(const unsigned char **pp)
{
	const unsigned char *p = *pp;
	uint32_t cp;

	if (p[0] < 0x80) {
		cp = p[0];
		*pp = p + 1;
	} else if (p[0] < 0xE0) {
		cp = ((uint32_t)(p[0] & 0x1F) << 6) | (p[1] & 0x3F);
		*pp = p + 2;
	} else if (p[0] < 0xF0) {
		cp = ((uint32_t)(p[0] & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
		*pp = p + 3;
	} else {
		cp = ((uint32_t)(p[0] & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12)
			| ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
		*pp = p + 4;
	}
	return cp;
}

static void check_event(const char *name, size_t si, ink_event ev, const struct step *st)
{
	CHECK(ev.kind == st->kind, "%s: step %zu: kind %d, want %d", name, si, (int)ev.kind,
		(int)st->kind);
	CHECK(ev.action == st->act, "%s: step %zu: action %s, want %s", name, si,
		ink_action_name(ev.action), ink_action_name(st->act));
	if (st->s) {
		char got[256] = "";
		if (ev.text && ev.text_len < sizeof got)
			memcpy(got, ev.text, ev.text_len), got[ev.text_len] = '\0';
		CHECK_STR(got, st->s, "%s: step %zu: text", name, si);
		CHECK(ev.text_len == strlen(st->s), "%s: step %zu: text_len %zu", name, si, ev.text_len);
		CHECK(!ev.truncated, "%s: step %zu: not truncated", name, si);
	} else {
		CHECK(ev.text == NULL && ev.text_len == 0, "%s: step %zu: no text", name, si);
	}
}

static void run_type(ink_decoder *d, const char *name, size_t si, const struct step *st)
{
	const unsigned char *p = (const unsigned char *)st->s;
	char got[512] = "";
	size_t len = 0;

	while (*p) {
		uint32_t cp = next_cp(&p);
		ink_event ev = ink_feed_char(d, cp, 0);
		if (ev.kind == INK_EV_TEXT && ev.action == INK_ACT_NONE) {
			if (len + ev.text_len < sizeof got) {
				memcpy(got + len, ev.text, ev.text_len);
				len += ev.text_len;
				got[len] = '\0';
			}
		} else {
			CHECK(ev.kind == INK_EV_NONE, "%s: step %zu: typing U+%04X gave kind %d action %s",
				name, si, (unsigned)cp, (int)ev.kind, ink_action_name(ev.action));
		}
	}
	CHECK_STR(got, st->want, "%s: step %zu: typed \"%s\"", name, si, st->s);
}

static void test_cases(void)
{
	size_t ci, si;

	for (ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
		const struct tcase *tc = &cases[ci];
		ink_decoder *d = ink_decoder_new();

		CHECK(d != NULL, "new");
		if (!d)
			return;
		for (si = 0; si < sizeof tc->steps / sizeof tc->steps[0] && tc->steps[si].op != OP_END; si++) {
			const struct step *st = &tc->steps[si];
			switch (st->op) {
			case OP_CHAR:
				check_event(tc->name, si, ink_feed_char(d, st->v, st->mods), st);
				break;
			case OP_KEY:
				check_event(tc->name, si, ink_feed_key(d, (ink_key)st->v, st->mods), st);
				break;
			case OP_TYPE:
				run_type(d, tc->name, si, st);
				break;
			case OP_SET_IM:
				ink_set_im(d, (ink_im)st->v);
				CHECK(ink_get_im(d) == (ink_im)st->v, "%s: step %zu: get_im", tc->name, si);
				break;
			case OP_PREEDIT:
				CHECK_STR(ink_preedit(d), st->s, "%s: step %zu: preedit", tc->name, si);
				break;
			case OP_ACTIVE:
				CHECK(ink_im_active(d) == (st->v != 0), "%s: step %zu: active", tc->name, si);
				break;
			case OP_SET_ACTIVE:
				ink_set_im_active(d, st->v != 0);
				break;
			case OP_MODE:
				ink_set_mode(d, (ink_mode)st->v);
				break;
			case OP_NOTICE:
				CHECK(ink_last_notice(d) == (ink_notice)st->v, "%s: step %zu: notice %d, want %d",
					tc->name, si, (int)ink_last_notice(d), (int)st->v);
				if (st->s) {
					const char *t = st->v == INK_NOTICE_UNKNOWN_SEQUENCE ? ink_unknown_sequence(d)
						: ink_unbound_key(d);
					CHECK_STR(t ? t : "(null)", st->s, "%s: step %zu: notice text", tc->name, si);
				}
				break;
			case OP_KEEP:
				ink_set_keep_delimiters(d, st->v != 0);
				break;
			case OP_KATA:
				CHECK(ink_katakana(d) == (st->v != 0), "%s: step %zu: katakana", tc->name, si);
				break;
			case OP_REJECTED:
				CHECK(ink_entry_rejected(d) == (st->v != 0), "%s: step %zu: rejected", tc->name, si);
				break;
			case OP_END:
				break;
			}
		}
		ink_decoder_free(d);
	}
}

/* ---- the paste cap ---- */

static void test_paste_cap(void)
{
	ink_decoder *d = ink_decoder_new();
	ink_event ev;
	size_t i;

	CHECK(d != NULL, "new");
	if (!d)
		return;
	/* exactly the cap: kept whole */
	ink_feed_key(d, INK_KEY_PASTE_START, 0);
	for (i = 0; i < INK_PASTE_MAX_BYTES; i++)
		ink_feed_char(d, 'a', 0);
	ev = ink_feed_key(d, INK_KEY_PASTE_END, 0);
	CHECK(ev.kind == INK_EV_PASTE && ev.text_len == INK_PASTE_MAX_BYTES && !ev.truncated,
		"at the cap: len %zu truncated %d", ev.text_len, ev.truncated);

	/* over: the rest dropped */
	ink_feed_key(d, INK_KEY_PASTE_START, 0);
	for (i = 0; i < INK_PASTE_MAX_BYTES + 100; i++)
		ink_feed_char(d, 'b', 0);
	ev = ink_feed_key(d, INK_KEY_PASTE_END, 0);
	CHECK(ev.kind == INK_EV_PASTE && ev.text_len == INK_PASTE_MAX_BYTES && ev.truncated,
		"over the cap: len %zu truncated %d", ev.text_len, ev.truncated);
	CHECK(ev.text && ev.text[0] == 'b' && ev.text[ev.text_len - 1] == 'b' && ev.text[ev.text_len] == '\0',
		"over the cap: content");

	/* a character that does not fit whole is dropped whole */
	ink_feed_key(d, INK_KEY_PASTE_START, 0);
	for (i = 0; i < INK_PASTE_MAX_BYTES - 1; i++)
		ink_feed_char(d, 'c', 0);
	ink_feed_char(d, 0x05D0, 0);
	ev = ink_feed_key(d, INK_KEY_PASTE_END, 0);
	CHECK(ev.text_len == INK_PASTE_MAX_BYTES - 1 && ev.truncated, "split: len %zu", ev.text_len);

	/* the next paste starts clean */
	ink_feed_key(d, INK_KEY_PASTE_START, 0);
	ink_feed_char(d, 'x', 0);
	ev = ink_feed_key(d, INK_KEY_PASTE_END, 0);
	CHECK(ev.text_len == 1 && !ev.truncated && ev.text[0] == 'x', "next paste");
	ink_decoder_free(d);
}

/* ---- UTF-8 out: typed characters and pastes, over the shared table ---- */

static void test_utf8_text(void)
{
	ink_decoder *d = ink_decoder_new();
	char all[256];
	size_t all_len = 0;

	CHECK(d != NULL, "new");
	if (!d)
		return;
	for (size_t i = 0; i < UTF8_CASES_COUNT; i++) {
		const utf8_case *c = &utf8_cases[i];
		if (c->cp == UTF8_ILL_FORMED)
			continue;
		memcpy(all + all_len, c->bytes, strlen(c->bytes));
		all_len += strlen(c->bytes);
		if (c->cp == 0x7F || c->cp == 0x80)
			continue;   /* controls: actions or nothing, not text */
		ink_event ev = ink_feed_char(d, c->cp, 0);
		CHECK(ev.kind == INK_EV_TEXT && ev.text_len == strlen(c->bytes) &&
			memcmp(ev.text, c->bytes, ev.text_len) == 0, "%s typed: %s", c->what,
			tcheck_esc(ev.text ? ev.text : "", ev.text_len));
	}
	/* In a paste, controls too; not scalar values become U+FFFD. */
	ink_feed_key(d, INK_KEY_PASTE_START, 0);
	for (size_t i = 0; i < UTF8_CASES_COUNT; i++)
		if (utf8_cases[i].cp != UTF8_ILL_FORMED)
			ink_feed_char(d, utf8_cases[i].cp, 0);
	ink_event ev = ink_feed_key(d, INK_KEY_PASTE_END, 0);
	CHECK(ev.kind == INK_EV_PASTE && ev.text_len == all_len && memcmp(ev.text, all, all_len) == 0,
		"paste: %s", tcheck_esc(ev.text ? ev.text : "", ev.text_len));
	ink_feed_key(d, INK_KEY_PASTE_START, 0);
	ink_feed_char(d, 0xD800, 0);
	ink_feed_char(d, 0x110000, 0);
	ev = ink_feed_key(d, INK_KEY_PASTE_END, 0);
	CHECK(ev.kind == INK_EV_PASTE && ev.text_len == 6 && memcmp(ev.text, "\xEF\xBF\xBD\xEF\xBF\xBD", 6) == 0,
		"paste of non-scalars: %s", tcheck_esc(ev.text ? ev.text : "", ev.text_len));
	ink_decoder_free(d);
}

/* ---- names and NULL safety ---- */

static void test_names(void)
{
	int a, b;

	CHECK_STR(ink_action_name(INK_ACT_KILL_END), "KILL_END", "name");
	CHECK_STR(ink_action_name(INK_ACT_VIEW_NEXT_FINDING), "VIEW_NEXT_FINDING", "name");
	CHECK_STR(ink_action_name(INK_ACT_COUNT), "UNKNOWN", "name out of range");
	for (a = 0; a < INK_ACT_COUNT; a++) {
		CHECK(strcmp(ink_action_name((ink_action)a), "UNKNOWN") != 0, "action %d named", a);
		for (b = 0; b < a; b++)
			CHECK(strcmp(ink_action_name((ink_action)a), ink_action_name((ink_action)b)) != 0,
				"names %d and %d differ", a, b);
	}
	CHECK_STR(ink_im_name(INK_IM_NONE), "none", "im name");
	CHECK_STR(ink_im_name(INK_IM_HEBREW), "hebrew", "im name");
	CHECK_STR(ink_im_name(INK_IM_ARABIC), "arabic", "im name");
	CHECK_STR(ink_im_name(INK_IM_PERSIAN), "persian", "im name");
	CHECK_STR(ink_im_name(INK_IM_GREEK), "greek", "im name");
	CHECK_STR(ink_im_name(INK_IM_RUSSIAN), "russian", "im name");
	CHECK_STR(ink_im_name(INK_IM_KANA), "kana", "im name");
	CHECK_STR(ink_im_name(INK_IM_COUNT), "unknown", "im name out of range");

	ink_decoder_free(NULL);
	CHECK_STR(ink_preedit(NULL), "", "NULL preedit");
	CHECK(ink_feed_char(NULL, 'a', 0).kind == INK_EV_NONE, "NULL feed_char");
	CHECK(ink_feed_key(NULL, INK_KEY_ENTER, 0).kind == INK_EV_NONE, "NULL feed_key");
	CHECK(ink_get_im(NULL) == INK_IM_NONE && !ink_im_active(NULL) && !ink_entry_rejected(NULL),
		"NULL getters");
	ink_set_im(NULL, INK_IM_KANA);
	ink_set_im_active(NULL, true);
}

/* ---- the binding table ---- */

static bool same_key(const ink_binding *a, const ink_binding *b)
{
	return a->key == b->key && a->mods == b->mods && (a->key != INK_KEY_NONE || a->cp == b->cp);
}

/* The action bound to Esc in each mode: always a way out. */
static const ink_action esc_action[INK_MODE_COUNT] = {
	[INK_MODE_EDIT] = INK_ACT_CANCEL, [INK_MODE_TEACH] = INK_ACT_TEACH_CLOSE,
	[INK_MODE_VIEW] = INK_ACT_VIEW_QUIT, [INK_MODE_HELP] = INK_ACT_HELP_CLOSE,
	[INK_MODE_MENU] = INK_ACT_MENU_CLOSE, [INK_MODE_SEARCH] = INK_ACT_SEARCH_CANCEL,
};

static const struct {
	ink_key key;
	uint32_t cp;
	unsigned mods;
	const char *label;
} labels[] = {
	{ INK_KEY_NONE, 0x01, 0, "C-a" }, { INK_KEY_NONE, 'b', ALT, "M-b" },
	{ INK_KEY_BACKSPACE, 0, ALT, "M-Backspace" }, { INK_KEY_HOME, 0, 0, "Home" },
	{ INK_KEY_BACKTAB, 0, 0, "S-Tab" }, { INK_KEY_TAB, 0, SHIFT, "S-Tab" },
	{ INK_KEY_F1, 0, 0, "F1" }, { INK_KEY_F12, 0, 0, "F12" }, { INK_KEY_ESCAPE, 0, 0, "Esc" },
	{ INK_KEY_ENTER, 0, 0, "Enter" }, { INK_KEY_NONE, 0x1C, 0, "C-\\" },
	{ INK_KEY_NONE, 0x1F, 0, "C-/" }, { INK_KEY_NONE, 0x1D, 0, "C-]" },
	{ INK_KEY_NONE, ' ', 0, "Space" }, { INK_KEY_NONE, 'q', 0, "q" },
	{ INK_KEY_NONE, '<', ALT, "M-<" }, { INK_KEY_LEFT, 0, CTRL, "C-Left" },
	{ INK_KEY_PAGE_UP, 0, 0, "PgUp" }, { INK_KEY_PAGE_DOWN, 0, 0, "PgDn" },
	{ INK_KEY_HOME, 0, CTRL | ALT | SHIFT, "C-M-S-Home" }, { INK_KEY_INSERT, 0, 0, "Insert" },
	{ INK_KEY_NONE, 0x05D0, 0, "\u05D0" }, { INK_KEY_NONE, 0x00, 0, "C-Space" },
	/* controls, format characters (bidi controls), separators: never raw */
	{ INK_KEY_NONE, 0x202E, 0, "U+202E" }, { INK_KEY_NONE, 0x2067, ALT, "M-U+2067" },
	{ INK_KEY_NONE, 0x0085, 0, "U+0085" }, { INK_KEY_NONE, 0x200B, 0, "U+200B" },
	{ INK_KEY_NONE, 0x2029, 0, "U+2029" }, { INK_KEY_NONE, 0x0378, 0, "U+0378" },
	{ INK_KEY_NONE, 0x1F600, 0, "\U0001F600" },
};

static void test_table(void)
{
	size_t n, i, j;
	const ink_binding *t = ink_bindings(&n);
	bool bound[INK_ACT_COUNT] = { false };
	char buf[32];

	CHECK(t != NULL && n > 50, "table: %zu rows", n);
	for (i = 0; i < n; i++) {
		const ink_binding *b = &t[i];
		CHECK(b->modes != 0 && b->modes < INK_MODE_BIT(INK_MODE_COUNT), "row %zu: modes", i);
		CHECK((unsigned)b->action > INK_ACT_NONE && b->action < INK_ACT_RESIZE, "row %zu: action", i);
		/* the decoder reads these characters as keys: rows must use the keys */
		CHECK(b->key != INK_KEY_NONE || (b->cp != 0x09 && b->cp != 0x0A && b->cp != 0x0D
			&& b->cp != 0x1B && b->cp != 0x7F && b->cp != 0x16), "row %zu: cp 0x%X", i, (unsigned)b->cp);
		CHECK(!(b->key == INK_KEY_TAB && (b->mods & SHIFT)), "row %zu: S-Tab is BACKTAB", i);
		CHECK(ink_binding_help(b) && ink_binding_help(b)[0], "row %zu: help", i);
		bound[b->action] = true;
		for (j = 0; j < i; j++)
			CHECK(!((t[j].modes & b->modes) && same_key(&t[j], b)),
				"rows %zu and %zu bind %s twice", j, i, ink_key_label(b, buf, sizeof buf));
		for (int m = 0; m < INK_MODE_COUNT; m++)
			if (b->modes & INK_MODE_BIT(m))
				CHECK(ink_lookup((ink_mode)m, b->key, b->cp, b->mods) == b->action,
					"row %zu: lookup in %s", i, ink_mode_name((ink_mode)m));
		/* nothing but its own keys (and redraw, suspend) acts in help */
		if (b->modes & INK_MODE_BIT(INK_MODE_HELP))
			CHECK(b->action == INK_ACT_REDRAW || b->action == INK_ACT_SUSPEND || strncmp(ink_action_name(b->action), "HELP_", 5) == 0,
				"row %zu: %s in help", i, ink_action_name(b->action));
	}
	for (int a = 0; a < INK_ACT_COUNT; a++) {
		bool special = a == INK_ACT_NONE || a == INK_ACT_RESIZE || a == INK_ACT_MOUSE;
		CHECK(bound[a] != special, "action %s: bound %d", ink_action_name((ink_action)a), bound[a]);
		CHECK((ink_action_help((ink_action)a) != NULL) != special, "action %s: help",
			ink_action_name((ink_action)a));
	}
	for (int m = 0; m < INK_MODE_COUNT; m++) {
		CHECK(ink_lookup((ink_mode)m, INK_KEY_ESCAPE, 0, 0) == esc_action[m], "Esc in %s: %s",
			ink_mode_name((ink_mode)m), ink_action_name(ink_lookup((ink_mode)m, INK_KEY_ESCAPE, 0, 0)));
		CHECK(ink_lookup((ink_mode)m, INK_KEY_NONE, 0x07, 0) != INK_ACT_NONE
			|| m == INK_MODE_EDIT || m == INK_MODE_VIEW, "C-g in %s", ink_mode_name((ink_mode)m));
		CHECK(ink_mode_takes_text((ink_mode)m) == (m == INK_MODE_EDIT || m == INK_MODE_TEACH
			|| m == INK_MODE_SEARCH), "takes text: %s", ink_mode_name((ink_mode)m));
	}
	CHECK(ink_lookup(INK_MODE_COUNT, INK_KEY_ESCAPE, 0, 0) == INK_ACT_NONE, "lookup: bad mode");
	for (i = 0; i < sizeof labels / sizeof labels[0]; i++)
		CHECK_STR(ink_label(labels[i].key, labels[i].cp, labels[i].mods, buf, sizeof buf),
			labels[i].label, "label %zu", i);
	CHECK_STR(ink_key_label(&t[0], buf, 3), "Le", "label truncated");
	CHECK_STR(ink_key_label(NULL, buf, sizeof buf), "", "label NULL");
}

/* ---- escape sequences ---- */

/* Feeds a sequence as app does when curses let it through: ESC + the next
 * byte as Alt+byte, the rest as characters.  Returns the last event. */
static ink_event feed_seq(ink_decoder *d, const char *bytes, bool *early)
{
	ink_event ev = ink_feed_char(d, (unsigned char)bytes[1], ALT);
	*early = false;
	for (size_t i = 2; bytes[i]; i++) {
		*early |= ev.kind != INK_EV_NONE || ink_last_notice(d) != INK_NOTICE_NONE;
		ev = ink_feed_char(d, (unsigned char)bytes[i], 0);
	}
	return ev;
}

static const struct {
	const char *bytes;
	ink_key key;
	unsigned mods;
} seq_cases[] = {
	{ "\033[H", INK_KEY_HOME, 0 }, { "\033OH", INK_KEY_HOME, 0 }, { "\033[1~", INK_KEY_HOME, 0 },
	{ "\033[7~", INK_KEY_HOME, 0 }, { "\033[4~", INK_KEY_END, 0 }, { "\033[8~", INK_KEY_END, 0 },
	{ "\033[F", INK_KEY_END, 0 }, { "\033[2~", INK_KEY_INSERT, 0 }, { "\033[3~", INK_KEY_DELETE, 0 },
	{ "\033[5~", INK_KEY_PAGE_UP, 0 }, { "\033[6~", INK_KEY_PAGE_DOWN, 0 },
	{ "\033[1;5D", INK_KEY_LEFT, CTRL }, { "\033[1;3C", INK_KEY_RIGHT, ALT },
	{ "\033[1;2A", INK_KEY_UP, SHIFT }, { "\033[1;8B", INK_KEY_DOWN, CTRL | ALT | SHIFT },
	{ "\033[3;5~", INK_KEY_DELETE, CTRL }, { "\033Od", INK_KEY_LEFT, CTRL },
	{ "\033Oc", INK_KEY_RIGHT, CTRL }, { "\033[d", INK_KEY_LEFT, SHIFT }, { "\033[c", INK_KEY_RIGHT, SHIFT },
	{ "\033[7^", INK_KEY_HOME, CTRL }, { "\033[7$", INK_KEY_HOME, SHIFT },
	{ "\033[[A", INK_KEY_F1, 0 }, { "\033[[E", INK_KEY_F5, 0 }, { "\033OP", INK_KEY_F1, 0 },
	{ "\033OS", INK_KEY_F4, 0 }, { "\033[11~", INK_KEY_F1, 0 }, { "\033[15~", INK_KEY_F5, 0 },
	{ "\033[17~", INK_KEY_F6, 0 }, { "\033[21~", INK_KEY_F10, 0 }, { "\033[24~", INK_KEY_F12, 0 },
	{ "\033[1;2P", INK_KEY_F1, SHIFT }, { "\033O5R", INK_KEY_F3, CTRL }, { "\033[Z", INK_KEY_BACKTAB, 0 },
	{ "\033[15;5~", INK_KEY_F5, CTRL },
};

static void test_sequences(void)
{
	size_t n, i, j;
	const ink_sequence *t = ink_sequences(&n);

	CHECK(t != NULL && n > 200, "sequences: %zu", n);
	for (i = 0; i < n; i++) {
		size_t len = strlen(t[i].bytes);
		ink_decoder *d = ink_decoder_new(), *ref = ink_decoder_new();
		ink_event ev, want;
		bool early;

		CHECK(len >= 3 && len <= INK_SEQ_MAX_BYTES && t[i].bytes[0] == 0x1B, "row %zu: bytes", i);
		CHECK(t[i].key > INK_KEY_NONE && t[i].key < INK_KEY_PASTE_START && t[i].mods < 8, "row %zu", i);
		CHECK(ink_sequence_find(t[i].bytes, len) == &t[i], "row %zu: find", i);
		for (j = 0; j < n; j++)
			CHECK(j == i || strncmp(t[i].bytes, t[j].bytes, len) != 0, "row %zu is a prefix of %zu", i, j);
		if (!d || !ref)
			return;
		/* the decoder recognises each, as the key itself */
		ev = feed_seq(d, t[i].bytes, &early);
		want = ink_feed_key(ref, t[i].key, t[i].mods);
		CHECK(!early, "row %zu: acted before its end", i);
		CHECK(ev.kind == want.kind && ev.action == want.action && ink_last_notice(d) == ink_last_notice(ref),
			"row %zu (%s): %s, want %s", i, t[i].bytes + 1, ink_action_name(ev.action),
			ink_action_name(want.action));
		ink_decoder_free(d);
		ink_decoder_free(ref);
	}
	for (i = 0; i < sizeof seq_cases / sizeof seq_cases[0]; i++) {
		const ink_sequence *s = ink_sequence_find(seq_cases[i].bytes, strlen(seq_cases[i].bytes));
		CHECK(s && s->key == seq_cases[i].key && s->mods == seq_cases[i].mods, "sequence %s",
			seq_cases[i].bytes + 1);
	}
	CHECK(ink_sequence_find("\033[200~", 6) == NULL && ink_sequence_find(NULL, 0) == NULL, "find: none");

	/* past the cap: swallowed to the final byte, reported cut */
	ink_decoder *d = ink_decoder_new();
	if (!d)
		return;
	ink_event ev = ink_feed_char(d, '[', ALT);
	for (i = 0; i < 3 * INK_SEQ_MAX_BYTES; i++) {
		ev = ink_feed_char(d, '1', 0);
		CHECK(ev.kind == INK_EV_NONE && ink_last_notice(d) == INK_NOTICE_NONE, "long: byte %zu", i);
	}
	ev = ink_feed_char(d, '~', 0);
	CHECK(ev.kind == INK_EV_NONE && ink_last_notice(d) == INK_NOTICE_UNKNOWN_SEQUENCE, "long: end");
	const char *txt = ink_unknown_sequence(d);
	CHECK(txt && strncmp(txt, "ESC [ 1 1 ", 10) == 0 && strlen(txt) > 4
		&& strcmp(txt + strlen(txt) - 4, " ...") == 0, "long: text %s", txt ? txt : "(null)");
	ev = ink_feed_char(d, 'a', 0);
	CHECK(ev.kind == INK_EV_TEXT && ink_unknown_sequence(d) == NULL, "long: then text");

	/* a control string past INK_STR_MAX_BYTES: reported once, when it
	 * passes the cap, then swallowed to ST unreported */
	size_t reports = 0, at = 0;
	ev = ink_feed_char(d, ']', ALT);
	for (i = 2; i < 2 * INK_STR_MAX_BYTES; i++) {
		ev = ink_feed_char(d, i % 2 ? '1' : ';', 0);
		CHECK(ev.kind == INK_EV_NONE, "long string: byte %zu", i);
		if (ink_last_notice(d) == INK_NOTICE_UNKNOWN_SEQUENCE) {
			reports++;
			at = i;
			txt = ink_unknown_sequence(d);
			CHECK(txt && strncmp(txt, "OSC ;1;1", 8) == 0 && strcmp(txt + strlen(txt) - 4, " ...") == 0,
				"long string: text %s", txt ? txt : "(null)");
		}
	}
	CHECK(reports == 1 && at == INK_STR_MAX_BYTES, "long string: %zu reports, at byte %zu", reports, at);
	ev = ink_feed_char(d, '\\', ALT);
	CHECK(ev.kind == INK_EV_NONE && ink_last_notice(d) == INK_NOTICE_NONE, "long string: end");
	ev = ink_feed_char(d, 'a', 0);
	CHECK(ev.kind == INK_EV_TEXT, "long string: then text");
	ink_decoder_free(d);
}

int main(void)
{
	test_table();
	test_sequences();
	test_bindings();
	test_cases();
	test_paste_cap();
	test_utf8_text();
	test_names();
	return tcheck_done("keys");
}
