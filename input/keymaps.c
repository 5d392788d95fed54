/* keymaps: the plain input methods' tables.  See im.h (private) and
 * input_keys.h; the composing methods (Greek's dead tonos, romaji to kana)
 * are in im.c.
 *
 * Every keymap is a table indexed by the ASCII key as a US keyboard types it
 * (lower and upper case are different keys, as Shift makes them); a NULL
 * entry means "the key types itself".  The tables follow the real layouts,
 * with one rule added for an IRI editor, so that the ASCII delimiters stay
 * typeable:
 *
 *   The keys  / : ? # [ ] @ ! $ & ' ( ) * + , ; = . % - _ ~  the digits and
 *   space type themselves, UNLESS the layout puts a letter (or a combining
 *   mark of its script) on that key, or moves the '.' and ',' that its own
 *   letters displaced onto it.  Every other key follows the layout.
 *
 * The exception keeps '.' typeable where hosts need it (בדיקה.טסט,
 * пример.рф): SI-1452 and JCUKEN put letters on ',' and '.', and give '.' back
 * on the '/' key, so there '/' types '.' as a touch typist expects; '/' is
 * then where the layout has it (q on SI-1452, shifted \ on JCUKEN).  Those
 * are the layouts as they are; by default the right-to-left ones go further
 * and keep every IRI delimiter on its own key (see KEPT_DELIMITERS).  Alt
 * with an unbound key and Ctrl-V key type any key as itself (both bypass the
 * method; see input_keys.h), and C-\ turns the method off.
 *
 * Strings are written with \u escapes (C11 universal character names, UTF-8
 * in the object code) so right-to-left letters and combining marks do not
 * scramble the source; each line's comment shows the glyph.  A layout that
 * types several code points on one key (the Arabic lam-alef ligatures) gives
 * them as separate code points, as Windows does, never as presentation forms
 * (U+FEFB etc.), which NFKC would change and RFC 3987 discourages. */
#include "im.h"

#include <string.h>

/* ---- the keymaps ---- */

/* Hebrew, SI-1452 (the Israeli standard layout; Windows "Hebrew", xkb "il"
 * basic).  Shift gives the Latin capitals, as on SI-1452, so upper-case keys
 * type themselves.
 * Choices: q and w type '/' and '\'' as SI-1452 does.  ',' '.' ';' carry
 * letters (ת ץ ף), so the layout's own places give them back: '.' on the /
 * key, ',' on the ' key, ';' on the ` key.  The brackets pairs
 * SI-1452 mirrors: [ ] are delimiters and type themselves; { } < > follow
 * the layout (mirrored code points, as xkb and Windows send them). */
static const char *const map_hebrew[128] = {
	['q'] = "/",
	['w'] = "'",
	['e'] = "\u05E7",   /* ק qof */
	['r'] = "\u05E8",   /* ר resh */
	['t'] = "\u05D0",   /* א alef */
	['y'] = "\u05D8",   /* ט tet */
	['u'] = "\u05D5",   /* ו vav */
	['i'] = "\u05DF",   /* ן final nun */
	['o'] = "\u05DD",   /* ם final mem */
	['p'] = "\u05E4",   /* פ pe */
	['a'] = "\u05E9",   /* ש shin */
	['s'] = "\u05D3",   /* ד dalet */
	['d'] = "\u05D2",   /* ג gimel */
	['f'] = "\u05DB",   /* כ kaf */
	['g'] = "\u05E2",   /* ע ayin */
	['h'] = "\u05D9",   /* י yod */
	['j'] = "\u05D7",   /* ח het */
	['k'] = "\u05DC",   /* ל lamed */
	['l'] = "\u05DA",   /* ך final kaf */
	[';'] = "\u05E3",   /* ף final pe */
	['z'] = "\u05D6",   /* ז zayin */
	['x'] = "\u05E1",   /* ס samekh */
	['c'] = "\u05D1",   /* ב bet */
	['v'] = "\u05D4",   /* ה he */
	['b'] = "\u05E0",   /* נ nun */
	['n'] = "\u05DE",   /* מ mem */
	['m'] = "\u05E6",   /* צ tsadi */
	[','] = "\u05EA",   /* ת tav */
	['.'] = "\u05E5",   /* ץ final tsadi */
	['`'] = ";",
	['/'] = ".",
	['\''] = ",",
	['{'] = "}",
	['}'] = "{",
	['<'] = ">",
	['>'] = "<",
};

/* Arabic, the PC (101) layout (Windows "Arabic (101)"; xkb "ara" basic).
 * Letters on [ ] ; ' , . / and ` (ج د ك ط و ز ظ ذ) take those keys; the
 * layout's shift level gives most delimiters back: D ']'  F '['  L '/'
 * < ','  > '.'  Z '~'.  '~' itself carries the shadda (a mark of the script,
 * so it counts as a letter); '?' is a delimiter and types '?', not the
 * layout's '؟'.  Shift+U and Shift+M differ between Windows (U+2018 U+2019)
 * and xkb ('`' and '\''); we take xkb's, which gives '\'' back.  T G B and
 * b are the lam-alef keys: two code points each.  { } follow the layout
 * ('<' '>'); the digits type ASCII digits (the 101 layout does too). */
static const char *const map_arabic[128] = {
	['`'] = "\u0630",   /* ذ thal */
	['~'] = "\u0651",   /* shadda */
	['q'] = "\u0636",   /* ض dad */
	['w'] = "\u0635",   /* ص sad */
	['e'] = "\u062B",   /* ث theh */
	['r'] = "\u0642",   /* ق qaf */
	['t'] = "\u0641",   /* ف feh */
	['y'] = "\u063A",   /* غ ghain */
	['u'] = "\u0639",   /* ع ain */
	['i'] = "\u0647",   /* ه heh */
	['o'] = "\u062E",   /* خ khah */
	['p'] = "\u062D",   /* ح hah */
	['['] = "\u062C",   /* ج jeem */
	[']'] = "\u062F",   /* د dal */
	['a'] = "\u0634",   /* ش sheen */
	['s'] = "\u0633",   /* س seen */
	['d'] = "\u064A",   /* ي yeh */
	['f'] = "\u0628",   /* ب beh */
	['g'] = "\u0644",   /* ل lam */
	['h'] = "\u0627",   /* ا alef */
	['j'] = "\u062A",   /* ت teh */
	['k'] = "\u0646",   /* ن noon */
	['l'] = "\u0645",   /* م meem */
	[';'] = "\u0643",   /* ك kaf */
	['\''] = "\u0637",  /* ط tah */
	['z'] = "\u0626",   /* ئ yeh with hamza above */
	['x'] = "\u0621",   /* ء hamza */
	['c'] = "\u0624",   /* ؤ waw with hamza above */
	['v'] = "\u0631",   /* ر reh */
	['b'] = "\u0644\u0627",  /* لا lam + alef */
	['n'] = "\u0649",   /* ى alef maksura */
	['m'] = "\u0629",   /* ة teh marbuta */
	[','] = "\u0648",   /* و waw */
	['.'] = "\u0632",   /* ز zain */
	['/'] = "\u0638",   /* ظ zah */
	['Q'] = "\u064E",   /* fatha */
	['W'] = "\u064B",   /* fathatan */
	['E'] = "\u064F",   /* damma */
	['R'] = "\u064C",   /* dammatan */
	['T'] = "\u0644\u0625",  /* لإ lam + alef with hamza below */
	['Y'] = "\u0625",   /* إ alef with hamza below */
	['U'] = "`",
	['I'] = "\u00F7",   /* ÷ */
	['O'] = "\u00D7",   /* × */
	['P'] = "\u061B",   /* ؛ Arabic semicolon */
	['{'] = "<",
	['}'] = ">",
	['A'] = "\u0650",   /* kasra */
	['S'] = "\u064D",   /* kasratan */
	['D'] = "]",
	['F'] = "[",
	['G'] = "\u0644\u0623",  /* لأ lam + alef with hamza above */
	['H'] = "\u0623",   /* أ alef with hamza above */
	['J'] = "\u0640",   /* ـ tatweel */
	['K'] = "\u060C",   /* ، Arabic comma */
	['L'] = "/",
	['Z'] = "~",
	['X'] = "\u0652",   /* sukun */
	['C'] = "}",
	['V'] = "{",
	['B'] = "\u0644\u0622",  /* لآ lam + alef with madda */
	['N'] = "\u0622",   /* آ alef with madda */
	['M'] = "'",
	['<'] = ",",
	['>'] = ".",
};

/* Persian, ISIRI 9147 (1st ed.; Windows "Persian (Standard)"; xkb "ir"
 * pes).  The digit keys type ASCII digits (ISIRI 9147 types Persian digits
 * U+06F0.. there; schemes and ports need ASCII, and the digits are in the
 * keep-list above).  Shifted digit keys are delimiters and type themselves,
 * except ^ (the layout's ×).  ` types ZWJ and Shift+B ZWNJ as ISIRI 9147
 * does (ZWNJ is part of Persian spelling; the editor shows both as
 * placeholders and flags them).  _ stays '_' although the layout puts
 * tatweel there (a joining stroke, not a letter one needs), ~ stays '~'
 * (the layout's ÷), ? stays '?' (the layout's '؟').  The brackets on O P
 * { } < > are the layout's mirrored code points. */
static const char *const map_persian[128] = {
	['`'] = "\u200D",   /* ZERO WIDTH JOINER */
	['^'] = "\u00D7",   /* × */
	['q'] = "\u0636",   /* ض dad */
	['w'] = "\u0635",   /* ص sad */
	['e'] = "\u062B",   /* ث theh */
	['r'] = "\u0642",   /* ق qaf */
	['t'] = "\u0641",   /* ف feh */
	['y'] = "\u063A",   /* غ ghain */
	['u'] = "\u0639",   /* ع ain */
	['i'] = "\u0647",   /* ه heh */
	['o'] = "\u062E",   /* خ khah */
	['p'] = "\u062D",   /* ح hah */
	['['] = "\u062C",   /* ج jeem */
	[']'] = "\u0686",   /* چ tcheh */
	['a'] = "\u0634",   /* ش sheen */
	['s'] = "\u0633",   /* س seen */
	['d'] = "\u06CC",   /* ی Farsi yeh */
	['f'] = "\u0628",   /* ب beh */
	['g'] = "\u0644",   /* ل lam */
	['h'] = "\u0627",   /* ا alef */
	['j'] = "\u062A",   /* ت teh */
	['k'] = "\u0646",   /* ن noon */
	['l'] = "\u0645",   /* م meem */
	[';'] = "\u06A9",   /* ک keheh */
	['\''] = "\u06AF",  /* گ gaf */
	['z'] = "\u0638",   /* ظ zah */
	['x'] = "\u0637",   /* ط tah */
	['c'] = "\u0632",   /* ز zain */
	['v'] = "\u0631",   /* ر reh */
	['b'] = "\u0630",   /* ذ thal */
	['n'] = "\u062F",   /* د dal */
	['m'] = "\u067E",   /* پ peh */
	[','] = "\u0648",   /* و waw */
	['Q'] = "\u0652",   /* sukun */
	['W'] = "\u064C",   /* dammatan */
	['E'] = "\u064D",   /* kasratan */
	['R'] = "\u064B",   /* fathatan */
	['T'] = "\u064F",   /* damma */
	['Y'] = "\u0650",   /* kasra */
	['U'] = "\u064E",   /* fatha */
	['I'] = "\u0651",   /* shadda */
	['O'] = "]",
	['P'] = "[",
	['{'] = "}",
	['}'] = "{",
	['A'] = "\u0624",   /* ؤ waw with hamza above */
	['S'] = "\u0626",   /* ئ yeh with hamza above */
	['D'] = "\u064A",   /* ي Arabic yeh */
	['F'] = "\u0625",   /* إ alef with hamza below */
	['G'] = "\u0623",   /* أ alef with hamza above */
	['H'] = "\u0622",   /* آ alef with madda */
	['J'] = "\u0629",   /* ة teh marbuta */
	['K'] = "\u00BB",   /* » */
	['L'] = "\u00AB",   /* « */
	['"'] = "\u061B",   /* ؛ Arabic semicolon */
	['Z'] = "\u0643",   /* ك Arabic kaf */
	['X'] = "\u0653",   /* maddah above */
	['C'] = "\u0698",   /* ژ jeh */
	['V'] = "\u0670",   /* superscript alef */
	['B'] = "\u200C",   /* ZERO WIDTH NON-JOINER */
	['N'] = "\u0654",   /* hamza above */
	['M'] = "\u0621",   /* ء hamza */
	['<'] = ">",
	['>'] = "<",
};

/* Greek (220), Windows "Greek" and xkb "gr" basic.  q types ';' (the Greek
 * question mark as Greek keyboards send it) and Q ':'; w is final sigma.
 * The ';' key is the dead tonos: with the next vowel it gives the accented
 * vowel (precomposed, the NFC form); with space or itself the spacing tonos
 * U+0384; before anything else the tonos and then that key's own text.
 * Shift+; on the real layout is the dead dialytika; ':' is a delimiter, so
 * here it types ':'. */
static const char *const map_greek[128] = {
	['q'] = ";",        ['Q'] = ":",
	['w'] = "ς",        ['W'] = "Σ",
	['e'] = "ε",        ['E'] = "Ε",
	['r'] = "ρ",        ['R'] = "Ρ",
	['t'] = "τ",        ['T'] = "Τ",
	['y'] = "υ",        ['Y'] = "Υ",
	['u'] = "θ",        ['U'] = "Θ",
	['i'] = "ι",        ['I'] = "Ι",
	['o'] = "ο",        ['O'] = "Ο",
	['p'] = "π",        ['P'] = "Π",
	['a'] = "α",        ['A'] = "Α",
	['s'] = "σ",        ['S'] = "Σ",
	['d'] = "δ",        ['D'] = "Δ",
	['f'] = "φ",        ['F'] = "Φ",
	['g'] = "γ",        ['G'] = "Γ",
	['h'] = "η",        ['H'] = "Η",
	['j'] = "ξ",        ['J'] = "Ξ",
	['k'] = "κ",        ['K'] = "Κ",
	['l'] = "λ",        ['L'] = "Λ",
	['z'] = "ζ",        ['Z'] = "Ζ",
	['x'] = "χ",        ['X'] = "Χ",
	['c'] = "ψ",        ['C'] = "Ψ",
	['v'] = "ω",        ['V'] = "Ω",
	['b'] = "β",        ['B'] = "Β",
	['n'] = "ν",        ['N'] = "Ν",
	['m'] = "μ",        ['M'] = "Μ",
};
/* Russian, JCUKEN (ГОСТ 6431-90 letters; Windows "Russian", xkb "ru"
 * winkeys).  Letters on ` [ ] ; ' , . and their shifted keys.  The layout
 * puts '.' and ',' on the / key (see the top), and '/' on shifted \.  The
 * shifted digits that are delimiters (@ # $ &) type themselves; ^ gives the
 * layout's ':'. */
static const char *const map_russian[128] = {
	['`'] = "ё",        ['~'] = "Ё",
	['q'] = "й",        ['Q'] = "Й",
	['w'] = "ц",        ['W'] = "Ц",
	['e'] = "у",        ['E'] = "У",
	['r'] = "к",        ['R'] = "К",
	['t'] = "е",        ['T'] = "Е",
	['y'] = "н",        ['Y'] = "Н",
	['u'] = "г",        ['U'] = "Г",
	['i'] = "ш",        ['I'] = "Ш",
	['o'] = "щ",        ['O'] = "Щ",
	['p'] = "з",        ['P'] = "З",
	['['] = "х",        ['{'] = "Х",
	[']'] = "ъ",        ['}'] = "Ъ",
	['a'] = "ф",        ['A'] = "Ф",
	['s'] = "ы",        ['S'] = "Ы",
	['d'] = "в",        ['D'] = "В",
	['f'] = "а",        ['F'] = "А",
	['g'] = "п",        ['G'] = "П",
	['h'] = "р",        ['H'] = "Р",
	['j'] = "о",        ['J'] = "О",
	['k'] = "л",        ['K'] = "Л",
	['l'] = "д",        ['L'] = "Д",
	[';'] = "ж",        [':'] = "Ж",
	['\''] = "э",       ['"'] = "Э",
	['z'] = "я",        ['Z'] = "Я",
	['x'] = "ч",        ['X'] = "Ч",
	['c'] = "с",        ['C'] = "С",
	['v'] = "м",        ['V'] = "М",
	['b'] = "и",        ['B'] = "И",
	['n'] = "т",        ['N'] = "Т",
	['m'] = "ь",        ['M'] = "Ь",
	[','] = "б",        ['<'] = "Б",
	['.'] = "ю",        ['>'] = "Ю",
	['/'] = ".",        ['?'] = ",",
	['^'] = ":",
	['|'] = "/",
};

/* Keep-delimiters mode (ink_set_keep_delimiters, on by default) for the
 * right-to-left layouts, whose letters sit on ASCII delimiter keys: these
 * keys type themselves, and a letter displaced from one moves to the key
 * where the layout had put that delimiter back (SI-1452 has '/' on q, the
 * 101 Arabic layout '.' on Shift+., '/' on Shift+L, '~' on Shift+Z).  So
 * "example.com/" is typed without leaving the keymap, and no letter is
 * lost. */
#define KEPT_DELIMITERS "/.:?#@%&=+-_~"

static const char *const keep_hebrew[128] = {
	['q'] = "\u05E5",   /* ץ final tsadi, from '.' */
};

static const char *const keep_arabic[128] = {
	['>'] = "\u0632",   /* ز zain, from '.' */
	['L'] = "\u0638",   /* ظ zah, from '/' */
	['Z'] = "\u0651",   /* shadda, from '~' */
};

/* The keep-mode overlay of an RTL layout; NULL for the others.  Persian
 * (ISIRI 9147) puts no letter on a kept key: its overlay is empty. */
const char *const *im_keep_overlay(ink_im im)
{
	static const char *const none[128];

	switch (im) {
	case INK_IM_HEBREW: return keep_hebrew;
	case INK_IM_ARABIC: return keep_arabic;
	case INK_IM_PERSIAN: return none;
	default: return NULL;
	}
}

/* ---- names ---- */

const char *ink_im_name(ink_im im)
{
	switch (im) {
	case INK_IM_NONE: return "none";
	case INK_IM_HEBREW: return "hebrew";
	case INK_IM_ARABIC: return "arabic";
	case INK_IM_PERSIAN: return "persian";
	case INK_IM_GREEK: return "greek";
	case INK_IM_RUSSIAN: return "russian";
	case INK_IM_KANA: return "kana";
	case INK_IM_COUNT: break;
	}
	return "unknown";
}

const char *const *im_layout_map(ink_im im)
{
	switch (im) {
	case INK_IM_HEBREW: return map_hebrew;
	case INK_IM_ARABIC: return map_arabic;
	case INK_IM_PERSIAN: return map_persian;
	case INK_IM_GREEK: return map_greek;
	case INK_IM_RUSSIAN: return map_russian;
	default: return NULL;
	}
}

bool im_is_kept_delimiter(char key)
{
	return key != 0 && strchr(KEPT_DELIMITERS, key) != NULL;
}
