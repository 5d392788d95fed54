/* Tests for input/edit_buffer: table-driven editing scripts, then the caps,
 * NULL safety, aliasing and a seeded random walk checking the invariants. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "edit_buffer.h"
#include "tcheck.h"

/* Test text, one macro per grapheme or word, byte lengths in comments.
 * (Adjacent literals, never one literal, so \x escapes cannot swallow letters.) */
#define E_ACUTE      "e\xCC\x81"                        /* e + U+0301: 3 bytes, 1 grapheme */
#define GRAVE        "\xCC\x80"                         /* U+0300: 2 */
#define ACUTE        "\xCC\x81"                         /* U+0301: 2 */
#define ZWJ          "\xE2\x80\x8D"                     /* U+200D: 3 */
#define MAN          "\xF0\x9F\x91\xA8"                 /* U+1F468: 4 */
#define WOMAN        "\xF0\x9F\x91\xA9"                 /* U+1F469: 4 */
#define GIRL         "\xF0\x9F\x91\xA7"                 /* U+1F467: 4 */
#define FAMILY       MAN ZWJ WOMAN ZWJ GIRL             /* 18 bytes, 1 grapheme */
#define THUMBS_MED   "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD" /* U+1F44D U+1F3FD: 8, 1 grapheme */
#define FLAG_JP      "\xF0\x9F\x87\xAF\xF0\x9F\x87\xB5" /* regional indicators J P: 8, 1 */
#define SHALOM       "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D" /* Hebrew shalom: 8 bytes, 4 graphemes */
#define SHIN_POINTED "\xD7\xA9\xD6\xB8\xD7\x81"         /* shin + qamats + shin dot: 6, 1 */
#define LAMED        "\xD7\x9C"                         /* 2 */
#define MARHABA      "\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7" /* Arabic marhaba: 10, 5 */
#define MEEM_RA      "\xD9\x85\xD8\xB1"                 /* the first two letters of MARHABA */
#define HA_BA_ALIF   "\xD8\xAD\xD8\xA8\xD8\xA7"         /* the last three */
#define BA_FATHA     "\xD8\xA8\xD9\x8E"                 /* ba + fatha: 4, 1 */
#define NIHONGO      "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E" /* 9 bytes, 3 graphemes */
#define NI           "\xE6\x97\xA5"
#define HONGO        "\xE6\x9C\xAC\xE8\xAA\x9E"
#define HAN_JAMO     "\xE1\x84\x92\xE1\x85\xA1\xE1\x86\xAB" /* L V T jamo: 9, 1 */

enum op {
	OP_STOP = 0,
	OP_INSERT,      /* s (a = byte count, 0 = strlen) */
	OP_TYPE,        /* s: one edb_insert per code point, as a keyboard would */
	OP_SET_TEXT,    /* s (a = byte count, 0 = strlen) */
	OP_SET_CURSOR,  /* a */
	OP_MOVE,        /* a graphemes */
	OP_HOME, OP_END, OP_WORD_BACK, OP_WORD_FWD,
	OP_BACKSPACE, OP_DELETE,
	OP_KILL_END, OP_KILL_START, OP_KILL_WORD, OP_KILL_WORD_FWD, OP_YANK,
	OP_REPLACE,     /* [a, b) by s */
	OP_UNDO, OP_REDO, OP_BOUNDARY,
	OP_EXPECT,      /* text s (NULL: not checked), cursor a */
	OP_EXPECT_KILL, /* kill text s */
};

struct step {
	enum op op;
	const char *s;
	long a, b;
	edb_result want;   /* default EDB_OK */
};

struct tcase {
	const char *name;
	const char *initial;     /* set, then history cleared */
	long initial_cursor;     /* byte offset; -1 = end */
	struct step steps[24];
	const char *want_text;
	size_t want_cursor;
};

/* S(op [, s [, a [, b [, want]]]]): omitted fields are 0 / NULL / EDB_OK. */
#define S(...) S_(__VA_ARGS__, 0, 0, 0, 0, 0)
#define S_(o, str, x, y, w, ...) { (o), (str), (x), (y), (edb_result)(w) }
#define END_AT (-1)

static const struct tcase cases[] = {
	/* ---- graphemes ---- */
	{ "combining mark moves with its base", "a" E_ACUTE "b", END_AT, {
		S(OP_MOVE, NULL, -1), S(OP_EXPECT, "a" E_ACUTE "b", 4),
		S(OP_MOVE, NULL, -1), S(OP_EXPECT, "a" E_ACUTE "b", 1),
		S(OP_MOVE, NULL, 1) },
	  "a" E_ACUTE "b", 4 },
	{ "backspace removes base + combining mark", "a" E_ACUTE, END_AT, {
		S(OP_BACKSPACE) }, "a", 1 },
	{ "delete removes base + combining mark", E_ACUTE "x", 0, {
		S(OP_DELETE) }, "x", 0 },
	{ "set_cursor snaps back to a grapheme boundary", "a" E_ACUTE "b", 0, {
		S(OP_SET_CURSOR, NULL, 2), S(OP_EXPECT, "a" E_ACUTE "b", 1),
		S(OP_SET_CURSOR, NULL, 3), S(OP_EXPECT, "a" E_ACUTE "b", 1),
		S(OP_SET_CURSOR, NULL, 4), S(OP_EXPECT, "a" E_ACUTE "b", 4),
		S(OP_SET_CURSOR, NULL, 99) }, "a" E_ACUTE "b", 5 },
	{ "typed combining mark joins the previous letter", "", END_AT, {
		S(OP_TYPE, "e"), S(OP_TYPE, ACUTE), S(OP_EXPECT, E_ACUTE, 3),
		S(OP_MOVE, NULL, -1), S(OP_EXPECT, E_ACUTE, 0),
		S(OP_UNDO) }, "", 0 },
	{ "replace only the combining mark", "a" E_ACUTE, END_AT, {
		S(OP_REPLACE, GRAVE, 2, 4) }, "ae" GRAVE, 4 },
	{ "emoji ZWJ sequence is one grapheme", "x" FAMILY "y", END_AT, {
		S(OP_MOVE, NULL, -1), S(OP_EXPECT, "x" FAMILY "y", 19),
		S(OP_MOVE, NULL, -1), S(OP_EXPECT, "x" FAMILY "y", 1),
		S(OP_MOVE, NULL, 1), S(OP_BACKSPACE) }, "xy", 1 },
	{ "inserting ZWJ joins two emoji; cursor goes past the cluster", MAN WOMAN, 4, {
		S(OP_INSERT, ZWJ) }, MAN ZWJ WOMAN, 11 },
	{ "emoji modifier sequence deleted whole", "a" THUMBS_MED, END_AT, {
		S(OP_BACKSPACE) }, "a", 1 },
	{ "flags: regional indicator pairs", FLAG_JP FLAG_JP, END_AT, {
		S(OP_MOVE, NULL, -1), S(OP_EXPECT, FLAG_JP FLAG_JP, 8),
		S(OP_DELETE) }, FLAG_JP, 8 },
	{ "Hangul L V T jamo are one grapheme", HAN_JAMO "a", 0, {
		S(OP_MOVE, NULL, 1) }, HAN_JAMO "a", 9 },
	{ "move by n stops at the ends", "abc", 1, {
		S(OP_MOVE, NULL, 10), S(OP_EXPECT, "abc", 3),
		S(OP_MOVE, NULL, 1, 0, EDB_AT_EDGE),
		S(OP_MOVE, NULL, -10), S(OP_EXPECT, "abc", 0),
		S(OP_MOVE, NULL, -1, 0, EDB_AT_EDGE),
		S(OP_MOVE, NULL, 0) }, "abc", 0 },

	/* ---- right-to-left and CJK text: logical order ---- */
	{ "Hebrew: delete first letter in logical order", SHALOM, END_AT, {
		S(OP_HOME), S(OP_DELETE) }, "\xD7\x9C\xD7\x95\xD7\x9D", 0 },
	{ "Hebrew: backspace before the final letter", SHALOM, END_AT, {
		S(OP_MOVE, NULL, -1), S(OP_BACKSPACE) }, "\xD7\xA9\xD7\x9C\xD7\x9D", 4 },
	{ "Hebrew with points moves as one grapheme", SHIN_POINTED LAMED, END_AT, {
		S(OP_MOVE, NULL, -1), S(OP_EXPECT, SHIN_POINTED LAMED, 6),
		S(OP_MOVE, NULL, -1), S(OP_EXPECT, SHIN_POINTED LAMED, 0),
		S(OP_DELETE) }, LAMED, 0 },
	{ "Arabic: insert in the middle (logical)", MARHABA, 4, {
		S(OP_INSERT, "x") }, MEEM_RA "x" HA_BA_ALIF, 5 },
	{ "Arabic letter with fatha is one grapheme", "a" BA_FATHA, END_AT, {
		S(OP_MOVE, NULL, -1) }, "a" BA_FATHA, 1 },
	{ "Arabic path: C-w twice, kills accumulate, yank", "http://example.com/" MARHABA, END_AT, {
		S(OP_KILL_WORD), S(OP_EXPECT, "http://example.com/", 19),
		S(OP_KILL_WORD), S(OP_EXPECT, "http://example.", 15),
		S(OP_EXPECT_KILL, "com/" MARHABA),
		S(OP_YANK) }, "http://example.com/" MARHABA, 29 },
	{ "CJK: three-byte graphemes", NIHONGO, END_AT, {
		S(OP_MOVE, NULL, -2), S(OP_EXPECT, NIHONGO, 3),
		S(OP_INSERT, "x") }, NI "x" HONGO, 4 },
	{ "CJK: C-w kills a whole CJK word", "http://" NIHONGO ".jp", END_AT, {
		S(OP_WORD_BACK), S(OP_EXPECT, "http://" NIHONGO ".jp", 17),
		S(OP_KILL_WORD) }, "http://jp", 7 },

	/* ---- word moves ---- */
	{ "word back over IRI delimiters", "http://a.example/x?y=z#f", END_AT, {
		S(OP_WORD_BACK), S(OP_EXPECT, "http://a.example/x?y=z#f", 23),
		S(OP_WORD_BACK), S(OP_EXPECT, "http://a.example/x?y=z#f", 21),
		S(OP_WORD_BACK), S(OP_EXPECT, "http://a.example/x?y=z#f", 19),
		S(OP_WORD_BACK), S(OP_EXPECT, "http://a.example/x?y=z#f", 17),
		S(OP_WORD_BACK), S(OP_EXPECT, "http://a.example/x?y=z#f", 9),
		S(OP_WORD_BACK), S(OP_EXPECT, "http://a.example/x?y=z#f", 7),
		S(OP_WORD_BACK), S(OP_EXPECT, "http://a.example/x?y=z#f", 0),
		S(OP_WORD_BACK, NULL, 0, 0, EDB_AT_EDGE),
		S(OP_WORD_FWD), S(OP_EXPECT, "http://a.example/x?y=z#f", 4),
		S(OP_WORD_FWD), S(OP_EXPECT, "http://a.example/x?y=z#f", 8),
		S(OP_WORD_FWD) }, "http://a.example/x?y=z#f", 16 },
	{ "C-w skips trailing spaces first", "foo bar  ", END_AT, {
		S(OP_KILL_WORD) }, "foo ", 4 },
	{ "user@host: @ is a delimiter", "mailto:user@host", END_AT, {
		S(OP_KILL_WORD), S(OP_KILL_WORD) }, "mailto:", 7 },
	{ "M-d kills forward, accumulating", "abc/def", 0, {
		S(OP_KILL_WORD_FWD), S(OP_EXPECT, "/def", 0),
		S(OP_KILL_WORD_FWD), S(OP_EXPECT, "", 0),
		S(OP_EXPECT_KILL, "abc/def"),
		S(OP_KILL_WORD_FWD, NULL, 0, 0, EDB_AT_EDGE),
		S(OP_YANK) }, "abc/def", 7 },

	{ "- _ ~ % + end words too (M-b)", "a-b_c~d%e+f", END_AT, {
		S(OP_WORD_BACK), S(OP_EXPECT, "a-b_c~d%e+f", 10),
		S(OP_WORD_BACK), S(OP_EXPECT, "a-b_c~d%e+f", 8),
		S(OP_WORD_BACK), S(OP_EXPECT, "a-b_c~d%e+f", 6),
		S(OP_WORD_BACK), S(OP_EXPECT, "a-b_c~d%e+f", 4),
		S(OP_WORD_BACK), S(OP_EXPECT, "a-b_c~d%e+f", 2),
		S(OP_WORD_BACK) }, "a-b_c~d%e+f", 0 },
	{ "gen-delims and sub-delims end words (M-f)", "a[b]c!d$e'f(g)h*i,j;k", 0, {
		S(OP_WORD_FWD), S(OP_EXPECT, NULL, 1), S(OP_WORD_FWD), S(OP_EXPECT, NULL, 3),
		S(OP_WORD_FWD), S(OP_EXPECT, NULL, 5), S(OP_WORD_FWD), S(OP_EXPECT, NULL, 7),
		S(OP_WORD_FWD), S(OP_EXPECT, NULL, 9), S(OP_WORD_FWD), S(OP_EXPECT, NULL, 11),
		S(OP_WORD_FWD), S(OP_EXPECT, NULL, 13), S(OP_WORD_FWD), S(OP_EXPECT, NULL, 15),
		S(OP_WORD_FWD), S(OP_EXPECT, NULL, 17), S(OP_WORD_FWD), S(OP_EXPECT, NULL, 19),
		S(OP_WORD_FWD), S(OP_WORD_FWD, NULL, 0, 0, EDB_AT_EDGE) }, "a[b]c!d$e'f(g)h*i,j;k", 21 },
	{ "M-f stops before a percent escape", "xn--b%C3%BCcher.de", 0, {
		S(OP_WORD_FWD), S(OP_EXPECT, NULL, 2), S(OP_WORD_FWD), S(OP_EXPECT, NULL, 5),
		S(OP_WORD_FWD), S(OP_EXPECT, NULL, 8), S(OP_WORD_FWD) }, "xn--b%C3%BCcher.de", 15 },
	{ "Hebrew words, a pointed letter: M-b, M-f, M-d", SHALOM "_" SHIN_POINTED LAMED ".com", END_AT, {
		S(OP_WORD_BACK), S(OP_EXPECT, NULL, 18), S(OP_WORD_BACK), S(OP_EXPECT, NULL, 9),
		S(OP_WORD_BACK), S(OP_EXPECT, NULL, 0), S(OP_WORD_FWD), S(OP_EXPECT, NULL, 8),
		S(OP_KILL_WORD_FWD), S(OP_EXPECT, SHALOM ".com", 8),
		S(OP_EXPECT_KILL, "_" SHIN_POINTED LAMED) }, SHALOM ".com", 8 },
	{ "Arabic words with a mark: M-Backspace twice accumulates", BA_FATHA "~" MARHABA "/", END_AT, {
		S(OP_WORD_BACK), S(OP_EXPECT, NULL, 5), S(OP_END),
		S(OP_KILL_WORD), S(OP_EXPECT, BA_FATHA "~", 5),
		S(OP_KILL_WORD), S(OP_EXPECT_KILL, BA_FATHA "~" MARHABA "/") }, "", 0 },
	{ "a combining mark on a delimiter stays with it", "a." ACUTE "b", END_AT, {
		S(OP_WORD_BACK), S(OP_EXPECT, NULL, 4), S(OP_WORD_BACK), S(OP_EXPECT, NULL, 0),
		S(OP_WORD_FWD) }, "a." ACUTE "b", 1 },

	/* ---- kills and yank ---- */
	{ "C-k then yank elsewhere", "http://example.com/path?q=1", 18, {
		S(OP_KILL_END), S(OP_EXPECT, "http://example.com", 18),
		S(OP_HOME), S(OP_YANK) }, "/path?q=1http://example.com", 9 },
	{ "C-u then yank at end", "abc def", 4, {
		S(OP_KILL_START), S(OP_EXPECT, "def", 0),
		S(OP_END), S(OP_YANK) }, "defabc ", 7 },
	{ "C-w C-w accumulate", "one two three", END_AT, {
		S(OP_KILL_WORD), S(OP_KILL_WORD), S(OP_EXPECT, "one ", 4),
		S(OP_EXPECT_KILL, "two three"),
		S(OP_YANK) }, "one two three", 13 },
	{ "a move between kills starts a new kill", "ab cd", END_AT, {
		S(OP_KILL_WORD), S(OP_MOVE, NULL, -1), S(OP_KILL_START),
		S(OP_EXPECT, " ", 0), S(OP_EXPECT_KILL, "ab"),
		S(OP_YANK) }, "ab ", 2 },
	{ "C-k then C-u: forward appends, backward prepends", "abXcd", 2, {
		S(OP_KILL_END), S(OP_KILL_START), S(OP_EXPECT_KILL, "abXcd"),
		S(OP_YANK), S(OP_YANK) }, "abXcdabXcd", 10 },
	{ "yank twice, undo once", "ab", END_AT, {
		S(OP_KILL_START), S(OP_YANK), S(OP_YANK), S(OP_UNDO) }, "ab", 2 },
	{ "yank with nothing killed", "ab", END_AT, {
		S(OP_YANK, NULL, 0, 0, EDB_NOTHING_TO_YANK) }, "ab", 2 },
	{ "kill undone restores text and cursor", "hello world", 5, {
		S(OP_KILL_END), S(OP_UNDO) }, "hello world", 5 },

	/* ---- undo / redo ---- */
	{ "undo/redo chain of pastes", "", 0, {
		S(OP_INSERT, "abc"), S(OP_INSERT, "def"),
		S(OP_UNDO), S(OP_EXPECT, "abc", 3),
		S(OP_UNDO), S(OP_EXPECT, "", 0),
		S(OP_UNDO, NULL, 0, 0, EDB_NOTHING_TO_UNDO),
		S(OP_REDO), S(OP_EXPECT, "abc", 3),
		S(OP_REDO), S(OP_EXPECT, "abcdef", 6),
		S(OP_REDO, NULL, 0, 0, EDB_NOTHING_TO_REDO) }, "abcdef", 6 },
	{ "a new edit clears redo", "", 0, {
		S(OP_INSERT, "ab"), S(OP_UNDO), S(OP_INSERT, "x"),
		S(OP_REDO, NULL, 0, 0, EDB_NOTHING_TO_REDO) }, "x", 1 },
	{ "undo restores the cursor before the step", "hello world", 5, {
		S(OP_DELETE), S(OP_EXPECT, "helloworld", 5),
		S(OP_END), S(OP_UNDO) }, "hello world", 5 },
	{ "redo restores the cursor after the step", "hello world", 5, {
		S(OP_DELETE), S(OP_HOME), S(OP_UNDO), S(OP_HOME), S(OP_REDO) }, "helloworld", 5 },
	{ "typing coalesces, a delimiter ends the run", "", 0, {
		S(OP_TYPE, "example.com"),
		S(OP_UNDO), S(OP_EXPECT, "example.", 8),
		S(OP_UNDO), S(OP_EXPECT, "", 0),
		S(OP_UNDO, NULL, 0, 0, EDB_NOTHING_TO_UNDO),
		S(OP_REDO), S(OP_REDO) }, "example.com", 11 },
	{ "typing non-ASCII coalesces too", "", 0, {
		S(OP_TYPE, NIHONGO), S(OP_UNDO) }, "", 0 },
	{ "a cursor move ends the typing run", "", 0, {
		S(OP_TYPE, "ab"), S(OP_MOVE, NULL, -1), S(OP_MOVE, NULL, 1),
		S(OP_TYPE, "cd"), S(OP_UNDO) }, "ab", 2 },
	{ "edb_undo_boundary ends the typing run", "", 0, {
		S(OP_TYPE, "ab"), S(OP_BOUNDARY), S(OP_TYPE, "cd"),
		S(OP_UNDO) }, "ab", 2 },
	{ "a paste after typing is its own step", "", 0, {
		S(OP_TYPE, "a"), S(OP_INSERT, "bcd"), S(OP_TYPE, "e"),
		S(OP_UNDO), S(OP_EXPECT, "abcd", 4),
		S(OP_UNDO) }, "a", 1 },
	{ "backspace run coalesces", "abcdef", END_AT, {
		S(OP_BACKSPACE), S(OP_BACKSPACE), S(OP_BACKSPACE),
		S(OP_EXPECT, "abc", 3),
		S(OP_UNDO), S(OP_EXPECT, "abcdef", 6),
		S(OP_REDO) }, "abc", 3 },
	{ "delete run coalesces", "abcdef", 0, {
		S(OP_DELETE), S(OP_DELETE), S(OP_EXPECT, "cdef", 0),
		S(OP_UNDO) }, "abcdef", 0 },
	{ "backspace then delete are two steps", "abcd", 2, {
		S(OP_BACKSPACE), S(OP_DELETE), S(OP_EXPECT, "ad", 1),
		S(OP_UNDO) }, "acd", 1 },
	{ "set_text is one step; cursor to end; undo restores cursor", "abc", 1, {
		S(OP_SET_TEXT, "xyz12"), S(OP_EXPECT, "xyz12", 5),
		S(OP_UNDO) }, "abc", 1 },
	{ "undo of a grapheme deletion across Hebrew points", SHIN_POINTED LAMED, 6, {
		S(OP_BACKSPACE), S(OP_EXPECT, LAMED, 0), S(OP_UNDO) }, SHIN_POINTED LAMED, 6 },

	/* ---- replace_range ---- */
	{ "replace before the cursor shifts it", "http://EXAMPLE.com/x", END_AT, {
		S(OP_REPLACE, "example", 7, 14), S(OP_REPLACE, "", 18, 20) }, "http://example.com", 18 },
	{ "replace after the cursor leaves it", "ab cd", 1, {
		S(OP_REPLACE, "xyz", 3, 5) }, "ab xyz", 1 },
	{ "cursor inside the range goes after the replacement", "abcdef", 3, {
		S(OP_REPLACE, "Z", 2, 5), S(OP_EXPECT, "abZf", 3),
		S(OP_UNDO) }, "abcdef", 3 },
	{ "replace with an IDNA suggestion", "http://" NIHONGO ".jp/", END_AT, {
		S(OP_REPLACE, "xn--wgv71a119e", 7, 16) }, "http://xn--wgv71a119e.jp/", 25 },
	{ "bad ranges refused", NIHONGO, END_AT, {
		S(OP_REPLACE, "x", 2, 1, EDB_BAD_RANGE),
		S(OP_REPLACE, "x", 0, 99, EDB_BAD_RANGE),
		S(OP_REPLACE, "x", 1, 3, EDB_BAD_RANGE),
		S(OP_REPLACE, "x", 3, 4, EDB_BAD_RANGE),
		S(OP_REPLACE, "\xFF", 3, 6, EDB_INVALID_UTF8),
		S(OP_UNDO, NULL, 0, 0, EDB_NOTHING_TO_UNDO) }, NIHONGO, 9 },

	/* ---- refused input ---- */
	{ "invalid UTF-8 refused, nothing changed", "ok", END_AT, {
		S(OP_INSERT, "\xC3\x28", 0, 0, EDB_INVALID_UTF8),          /* bad continuation */
		S(OP_INSERT, "\xC0\xAF", 0, 0, EDB_INVALID_UTF8),          /* overlong '/' */
		S(OP_INSERT, "\xE0\x80\xAF", 0, 0, EDB_INVALID_UTF8),      /* overlong, 3 bytes */
		S(OP_INSERT, "\xED\xA0\x80", 0, 0, EDB_INVALID_UTF8),      /* surrogate D800 */
		S(OP_INSERT, "\xF4\x90\x80\x80", 0, 0, EDB_INVALID_UTF8),  /* > U+10FFFF */
		S(OP_INSERT, "\xE6\x97", 0, 0, EDB_INVALID_UTF8),          /* truncated */
		S(OP_INSERT, "\x81", 0, 0, EDB_INVALID_UTF8),              /* lone continuation */
		S(OP_INSERT, "a\0b", 3, 0, EDB_NUL_BYTE),
		S(OP_SET_TEXT, "\xFF", 0, 0, EDB_INVALID_UTF8),
		S(OP_SET_TEXT, "x\0", 2, 0, EDB_NUL_BYTE),
		S(OP_UNDO, NULL, 0, 0, EDB_NOTHING_TO_UNDO) }, "ok", 2 },
	{ "edges", "", 0, {
		S(OP_BACKSPACE, NULL, 0, 0, EDB_AT_EDGE),
		S(OP_DELETE, NULL, 0, 0, EDB_AT_EDGE),
		S(OP_KILL_END, NULL, 0, 0, EDB_AT_EDGE),
		S(OP_KILL_START, NULL, 0, 0, EDB_AT_EDGE),
		S(OP_KILL_WORD, NULL, 0, 0, EDB_AT_EDGE),
		S(OP_WORD_FWD, NULL, 0, 0, EDB_AT_EDGE),
		S(OP_INSERT, "", 0),
		S(OP_HOME), S(OP_END),
		S(OP_UNDO, NULL, 0, 0, EDB_NOTHING_TO_UNDO) }, "", 0 },
};

/* One call per code point of s. */
static edb_result type_text(edb_buffer *b, const char *s)
{
	size_t i = 0, n = strlen(s);

	while (i < n) {
		size_t j = i + 1;
		edb_result r;
		while (j < n && ((unsigned char)s[j] & 0xC0) == 0x80)
			j++;
		r = edb_insert(b, s + i, j - i);
		if (r != EDB_OK)
			return r;
		i = j;
	}
	return EDB_OK;
}

static edb_result run_step(edb_buffer *b, const struct step *st, const char *name, int k)
{
	size_t n = st->s ? (st->a ? (size_t)st->a : strlen(st->s)) : 0;
	size_t len;
	const char *t;

	switch (st->op) {
	case OP_STOP: return EDB_OK;
	case OP_INSERT: return edb_insert(b, st->s, n);
	case OP_TYPE: return type_text(b, st->s);
	case OP_SET_TEXT: return edb_set_text(b, st->s, n);
	case OP_SET_CURSOR: return edb_set_cursor(b, (size_t)st->a);
	case OP_MOVE: return edb_move_grapheme(b, st->a);
	case OP_HOME: return edb_home(b);
	case OP_END: return edb_end(b);
	case OP_WORD_BACK: return edb_word_backward(b);
	case OP_WORD_FWD: return edb_word_forward(b);
	case OP_BACKSPACE: return edb_delete_backward_grapheme(b);
	case OP_DELETE: return edb_delete_forward_grapheme(b);
	case OP_KILL_END: return edb_kill_to_end(b);
	case OP_KILL_START: return edb_kill_to_start(b);
	case OP_KILL_WORD: return edb_kill_word_backward(b);
	case OP_KILL_WORD_FWD: return edb_kill_word_forward(b);
	case OP_YANK: return edb_yank(b);
	case OP_REPLACE:
		return edb_replace_range(b, (size_t)st->a, (size_t)st->b, st->s, strlen(st->s));
	case OP_UNDO: return edb_undo(b);
	case OP_REDO: return edb_redo(b);
	case OP_BOUNDARY: edb_undo_boundary(b); return EDB_OK;
	case OP_EXPECT:   /* s NULL: the cursor only */
		t = edb_text(b, &len);
		if (st->s) {
			CHECK_STR(t, st->s, "%s: step %d text", name, k);
			CHECK(len == strlen(st->s), "%s: step %d length %zu", name, k, len);
		}
		CHECK(edb_cursor(b) == (size_t)st->a, "%s: step %d cursor %zu, want %ld",
			name, k, edb_cursor(b), st->a);
		return EDB_OK;
	case OP_EXPECT_KILL:
		CHECK_STR(edb_kill_text(b, NULL), st->s, "%s: step %d kill text", name, k);
		return EDB_OK;
	}
	return EDB_OK;
}

static void run_case(const struct tcase *c)
{
	edb_buffer *b = edb_new();
	size_t len;
	const char *t;

	CHECK(b != NULL, "%s: edb_new", c->name);
	if (!b)
		return;
	CHECK(edb_set_text(b, c->initial, strlen(c->initial)) == EDB_OK, "%s: initial", c->name);
	edb_clear_history(b);
	if (c->initial_cursor >= 0)
		CHECK(edb_set_cursor(b, (size_t)c->initial_cursor) == EDB_OK, "%s", c->name);
	for (int k = 0; k < (int)(sizeof c->steps / sizeof c->steps[0]) && c->steps[k].op != OP_STOP; k++) {
		edb_result r = run_step(b, &c->steps[k], c->name, k);
		CHECK(r == c->steps[k].want, "%s: step %d gave %s, want %s", c->name, k,
			edb_result_name(r), edb_result_name(c->steps[k].want));
	}
	t = edb_text(b, &len);
	CHECK_STR(t, c->want_text, "%s: final text", c->name);
	CHECK(len == strlen(c->want_text), "%s: final length %zu", c->name, len);
	CHECK(edb_cursor(b) == c->want_cursor, "%s: final cursor %zu, want %zu",
		c->name, edb_cursor(b), c->want_cursor);
	edb_free(b);
}

/* ---- caps ---------------------------------------------------------------- */

static void test_text_cap(void)
{
	edb_buffer *b = edb_new();
	char *big = malloc(EDB_MAX_TEXT_BYTES + 1);
	size_t len;

	CHECK(b && big, "allocation");
	if (!b || !big)
		goto out;
	memset(big, 'a', EDB_MAX_TEXT_BYTES + 1);
	CHECK(edb_set_text(b, big, EDB_MAX_TEXT_BYTES + 1) == EDB_TOO_LONG, "set_text over cap");
	edb_text(b, &len);
	CHECK(len == 0, "nothing changed after refused set_text");
	CHECK(edb_set_text(b, big, EDB_MAX_TEXT_BYTES) == EDB_OK, "set_text at cap");
	CHECK(edb_insert(b, "b", 1) == EDB_TOO_LONG, "insert past cap");
	CHECK(edb_replace_range(b, 0, 1, "bb", 2) == EDB_TOO_LONG, "replace growing past cap");
	CHECK(edb_replace_range(b, 0, 1, "b", 1) == EDB_OK, "replace same size at cap");
	edb_text(b, &len);
	CHECK(len == EDB_MAX_TEXT_BYTES, "length %zu", len);
	CHECK(edb_cursor(b) == EDB_MAX_TEXT_BYTES, "cursor at end");
	/* Kill 10 bytes, yank them back once (fits), a second yank does not. */
	CHECK(edb_move_grapheme(b, -10) == EDB_OK, "move");
	CHECK(edb_kill_to_end(b) == EDB_OK, "kill");
	CHECK(edb_yank(b) == EDB_OK, "yank to cap");
	CHECK(edb_yank(b) == EDB_TOO_LONG, "yank past cap");
	edb_text(b, &len);
	CHECK(len == EDB_MAX_TEXT_BYTES, "length %zu", len);
	/* Undo all: back to the empty text. */
	while (edb_undo(b) == EDB_OK)
		;
	edb_text(b, &len);
	CHECK(len == 0, "all undone: length %zu", len);
out:
	free(big);
	edb_free(b);
}

static void test_undo_step_cap(void)
{
	edb_buffer *b = edb_new();
	int undos = 0;
	size_t len;

	if (!b)
		return;
	for (int i = 0; i < EDB_MAX_UNDO_STEPS + 100; i++)
		CHECK(edb_insert(b, "a.", 2) == EDB_OK, "insert %d", i);
	while (edb_undo(b) == EDB_OK)
		undos++;
	CHECK(undos == EDB_MAX_UNDO_STEPS, "undid %d steps", undos);
	edb_text(b, &len);
	CHECK(len == 200, "oldest 100 steps dropped: length %zu", len);
	CHECK(edb_cursor(b) == 200, "cursor %zu", edb_cursor(b));
	edb_free(b);
}

/* A mark: loads after it are taken back whole, the steps before it stay. */
static void test_mark(void)
{
	edb_buffer *b = edb_new();
	size_t len;

	if (!b)
		return;
	CHECK(type_text(b, "ab.") == EDB_OK && type_text(b, "cd") == EDB_OK, "typed");
	edb_set_cursor(b, 1);
	edb_mark(b);
	CHECK(edb_set_text(b, "match one", 9) == EDB_OK && edb_set_text(b, "match two", 9) == EDB_OK, "loads");
	CHECK(edb_undo_to_mark(b) == EDB_OK, "undo to mark");
	CHECK_STR(edb_text(b, &len), "ab.cd", "text back");
	CHECK(edb_cursor(b) == 1, "cursor back: %zu", edb_cursor(b));
	CHECK(edb_redo(b) == EDB_NOTHING_TO_REDO, "the loads are forgotten");
	CHECK(edb_undo(b) == EDB_OK, "the step before the mark");
	CHECK_STR(edb_text(b, NULL), "ab.", "typing undone, not a load");
	/* nothing since the mark: nothing happens */
	edb_mark(b);
	CHECK(edb_undo_to_mark(b) == EDB_OK && strcmp(edb_text(b, NULL), "ab.") == 0, "empty mark");
	CHECK(edb_undo(b) == EDB_OK && strcmp(edb_text(b, NULL), "") == 0, "older steps stay");
	/* the mark follows trims: at the step cap, one load is still taken back */
	edb_clear_history(b);
	for (int i = 0; i < EDB_MAX_UNDO_STEPS; i++)
		edb_insert(b, "a.", 2);
	edb_mark(b);
	CHECK(edb_set_text(b, "x", 1) == EDB_OK && edb_undo_to_mark(b) == EDB_OK, "load at the cap");
	edb_text(b, &len);
	CHECK(len == 2 * EDB_MAX_UNDO_STEPS, "text back at the cap: %zu", len);
	CHECK(edb_undo_to_mark(NULL) == EDB_BAD_ARGUMENT, "NULL");
	edb_mark(NULL);
	edb_free(b);
}

static void test_undo_byte_cap(void)
{
	edb_buffer *b = edb_new();
	char *big = malloc(EDB_MAX_TEXT_BYTES);
	int undos = 0;

	if (!b || !big)
		goto out;
	/* Steps: ""->A (1 MiB saved), then five of A<->B (2 MiB each) = 11 MiB;
	 * the 8 MiB budget keeps the newest four. */
	for (int i = 0; i < 6; i++) {
		memset(big, i % 2 ? 'b' : 'a', EDB_MAX_TEXT_BYTES);
		CHECK(edb_set_text(b, big, EDB_MAX_TEXT_BYTES) == EDB_OK, "set %d", i);
	}
	while (edb_undo(b) == EDB_OK)
		undos++;
	CHECK(undos == 4, "undid %d steps", undos);
	CHECK(edb_text(b, NULL)[0] == 'b', "text after the second set");
	while (edb_redo(b) == EDB_OK)
		undos--;
	CHECK(undos == 0 && edb_text(b, NULL)[0] == 'b', "redo all");
out:
	free(big);
	edb_free(b);
}

static void test_coalesce_cap(void)
{
	edb_buffer *b = edb_new();
	size_t len;

	if (!b)
		return;
	for (int i = 0; i < EDB_COALESCE_MAX_BYTES + 44; i++)
		edb_insert(b, "x", 1);
	CHECK(edb_undo(b) == EDB_OK, "undo");
	edb_text(b, &len);
	CHECK(len == EDB_COALESCE_MAX_BYTES, "first run capped: %zu", len);
	CHECK(edb_undo(b) == EDB_OK, "undo");
	edb_text(b, &len);
	CHECK(len == 0, "all undone: %zu", len);
	edb_free(b);
}

/* ---- API edges ------------------------------------------------------------ */

static void test_null_and_names(void)
{
	edb_buffer *b = edb_new();
	size_t n = 99;

	edb_free(NULL);
	CHECK_STR(edb_text(NULL, &n), "", "NULL text");
	CHECK(n == 0, "NULL length");
	CHECK(edb_cursor(NULL) == 0, "NULL cursor");
	CHECK(edb_insert(NULL, "a", 1) == EDB_BAD_ARGUMENT, "NULL insert");
	CHECK(edb_undo(NULL) == EDB_BAD_ARGUMENT, "NULL undo");
	CHECK(edb_move_grapheme(NULL, 1) == EDB_BAD_ARGUMENT, "NULL move");
	CHECK(!edb_can_undo(NULL) && !edb_can_redo(NULL), "NULL can_undo");
	edb_undo_boundary(NULL);
	edb_clear_history(NULL);
	if (b) {
		CHECK(edb_insert(b, NULL, 1) == EDB_BAD_ARGUMENT, "NULL text, n > 0");
		CHECK(edb_insert(b, NULL, 0) == EDB_OK, "NULL text, n = 0");
		CHECK(edb_set_text(b, NULL, 0) == EDB_OK, "set empty");
		CHECK(edb_text(b, NULL)[0] == '\0', "empty text is a C string");
		CHECK(!edb_can_undo(b) && !edb_can_redo(b), "fresh history");
	}
	CHECK_STR(edb_result_name(EDB_OK), "EDB_OK", "name");
	CHECK_STR(edb_result_name(EDB_TOO_LONG), "EDB_TOO_LONG", "name");
	CHECK_STR(edb_result_name(EDB_NOTHING_TO_YANK), "EDB_NOTHING_TO_YANK", "name");
	CHECK_STR(edb_result_name((edb_result)999), "EDB_UNKNOWN", "name");
	edb_free(b);
}

/* Inserting or replacing from the buffer's own text, across a reallocation. */
static void test_aliasing(void)
{
	edb_buffer *b = edb_new();
	char want[161];
	size_t len;
	const char *t;

	if (!b)
		return;
	memset(want, 'q', 160);
	want[160] = '\0';
	CHECK(edb_set_text(b, want, 40) == EDB_OK, "set");
	t = edb_text(b, &len);
	CHECK(edb_insert(b, t, len) == EDB_OK, "insert own text");
	t = edb_text(b, &len);
	CHECK(edb_replace_range(b, 0, 0, t, len) == EDB_OK, "replace with own text");
	t = edb_text(b, &len);
	CHECK(len == 160, "length %zu", len);
	CHECK_STR(t, want, "doubled twice");
	edb_free(b);
}

/* ---- random walk: invariants under any sequence of operations ------------- */

static uint32_t rng_state = 12345;
static uint32_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

/* Strict UTF-8 check written independently of the module: no NUL, no
 * overlongs, no surrogates, nothing above U+10FFFF, nothing truncated. */
static int valid_utf8(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	while (i < n) {
		unsigned char c = s[i];
		size_t k;
		uint32_t cp, min;
		if (c == 0)
			return 0;
		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xC2 && c <= 0xDF) { k = 1; cp = c & 0x1F; min = 0x80; }
		else if (c >= 0xE0 && c <= 0xEF) { k = 2; cp = c & 0x0F; min = 0x800; }
		else if (c >= 0xF0 && c <= 0xF4) { k = 3; cp = c & 0x07; min = 0x10000; }
		else return 0;
		if (i + k >= n)
			return 0;
		for (size_t j = 1; j <= k; j++) {
			if ((s[i + j] & 0xC0) != 0x80)
				return 0;
			cp = cp << 6 | (s[i + j] & 0x3F);
		}
		if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return 0;
		i += k + 1;
	}
	return 1;
}

static void test_random_walk(void)
{
	static const char *const pieces[] = {
		"a", "/", ".", " ", ACUTE, ZWJ, MAN, WOMAN, E_ACUTE, FLAG_JP, "\xF0\x9F\x87\xAF",
		SHALOM, "\xD6\xB8", MARHABA, NI, HAN_JAMO, "\r", "\n", "xn--", "?q=",
	};
	edb_buffer *b = edb_new();

	if (!b)
		return;
	for (int i = 0; i < 4000; i++) {
		const char *p = pieces[rng() % (sizeof pieces / sizeof pieces[0])];
		size_t len, c;
		const char *t;

		switch (rng() % 14) {
		case 0: case 1: case 2: edb_insert(b, p, strlen(p)); break;
		case 3: edb_move_grapheme(b, (long)(rng() % 5) - 2); break;
		case 4: edb_set_cursor(b, rng() % 64); break;
		case 5: edb_delete_backward_grapheme(b); break;
		case 6: edb_delete_forward_grapheme(b); break;
		case 7: edb_kill_word_backward(b); break;
		case 8: edb_yank(b); break;
		case 9: edb_undo(b); break;
		case 10: edb_redo(b); break;
		case 11: edb_word_forward(b); break;
		case 12: {
			size_t n0;
			edb_text(b, &n0);
			size_t s0 = n0 ? rng() % (n0 + 1) : 0;
			size_t e0 = s0 + (n0 > s0 ? rng() % (n0 - s0 + 1) : 0);
			edb_replace_range(b, s0, e0, p, strlen(p));
			break;
		}
		case 13: if (rng() % 8 == 0) edb_kill_to_end(b); break;
		}
		t = edb_text(b, &len);
		c = edb_cursor(b);
		CHECK(t[len] == '\0' && strlen(t) == len, "walk %d: NUL-terminated", i);
		CHECK(c <= len, "walk %d: cursor %zu > length %zu", i, c, len);
		CHECK(valid_utf8(t, len), "walk %d: text stays valid UTF-8", i);
		/* Snapping is idempotent only on a grapheme boundary. */
		edb_set_cursor(b, c);
		CHECK(edb_cursor(b) == c, "walk %d: cursor %zu not on a grapheme boundary", i, c);
	}
	/* Undo everything, then redo everything: the same text comes back. */
	{
		size_t n1, n2;
		char *before = NULL;
		const char *t;
		while (edb_redo(b) == EDB_OK)
			;
		t = edb_text(b, &n1);
		before = malloc(n1 + 1);
		if (before) {
			memcpy(before, t, n1 + 1);
			while (edb_undo(b) == EDB_OK)
				;
			while (edb_redo(b) == EDB_OK)
				;
			t = edb_text(b, &n2);
			CHECK(n1 == n2 && memcmp(t, before, n1) == 0, "undo all + redo all");
			free(before);
		}
	}
	edb_free(b);
}

int main(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i]);
	test_text_cap();
	test_undo_step_cap();
	test_mark();
	test_undo_byte_cap();
	test_coalesce_cap();
	test_null_and_names();
	test_aliasing();
	test_random_walk();
	return tcheck_done("edit-buffer");
}
