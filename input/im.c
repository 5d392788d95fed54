/* im: the built-in input methods.  See im.h (private) and input_keys.h.
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

#include <unicode/utf8.h>

/* ---- output buffer ---- */

void im_text_clear(im_text *t)
{
	t->len = 0;
	t->b[0] = '\0';
}

void im_text_put(im_text *t, const char *s, size_t n)
{
	if (n >= sizeof t->b - t->len)
		return;
	memcpy(t->b + t->len, s, n);
	t->len += n;
	t->b[t->len] = '\0';
}

static void put_str(im_text *t, const char *s)
{
	im_text_put(t, s, strlen(s));
}

void im_text_put_cp(im_text *t, uint32_t cp)
{
	uint8_t u[U8_MAX_LENGTH];
	int32_t n = 0;
	UBool bad = false;

	U8_APPEND(u, n, U8_MAX_LENGTH, cp, bad);
	if (bad)   /* not a scalar value (im.h) */
		put_str(t, "\uFFFD");
	else
		im_text_put(t, (const char *)u, (size_t)n);
}


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
#define GREEK_DEAD_TONOS ';'
#define GREEK_TONOS "\u0384"   /* ΄ GREEK TONOS, the spacing accent */

/* Vowel -> vowel with tonos (Unicode's precomposed letters, the NFC forms). */
static const struct {
	const char *plain, *tonos;
} greek_tonos[] = {
	{ "α", "ά" }, { "ε", "έ" }, { "η", "ή" }, { "ι", "ί" },
	{ "ο", "ό" }, { "υ", "ύ" }, { "ω", "ώ" },
	{ "Α", "Ά" }, { "Ε", "Έ" }, { "Η", "Ή" }, { "Ι", "Ί" },
	{ "Ο", "Ό" }, { "Υ", "Ύ" }, { "Ω", "Ώ" },
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

/* Japanese kana from romaji: Hepburn, plus the usual IME (wapuro) spellings
 * so that both "shi" and "si" work.  Values are hiragana; an upper-case
 * first letter gives katakana (each hiragana code point + 0x60).  The rules
 * that are not in the table live in kana_step():
 *   a doubled consonant (kk, tt, ...) and "tch" give small っ;
 *   "nn" gives ん, n' gives ん, and n before anything but a vowel or y gives
 *   ん (so "konnichiha" and "kanji" both work; see kana_feed for the "nn");
 *   '-' gives the long-vowel mark ー.
 * Every key ends in a vowel, so no key is a prefix of another. */
static const struct {
	const char *romaji, *kana;
} kana_table[] = {
	{ "a", "あ" }, { "i", "い" }, { "u", "う" }, { "e", "え" }, { "o", "お" },
	{ "ka", "か" }, { "ki", "き" }, { "ku", "く" }, { "ke", "け" }, { "ko", "こ" },
	{ "kya", "きゃ" }, { "kyu", "きゅ" }, { "kyo", "きょ" },
	{ "ga", "が" }, { "gi", "ぎ" }, { "gu", "ぐ" }, { "ge", "げ" }, { "go", "ご" },
	{ "gya", "ぎゃ" }, { "gyu", "ぎゅ" }, { "gyo", "ぎょ" },
	{ "sa", "さ" }, { "shi", "し" }, { "si", "し" }, { "su", "す" }, { "se", "せ" }, { "so", "そ" },
	{ "sha", "しゃ" }, { "shu", "しゅ" }, { "she", "しぇ" }, { "sho", "しょ" },
	{ "sya", "しゃ" }, { "syu", "しゅ" }, { "syo", "しょ" },
	{ "za", "ざ" }, { "ji", "じ" }, { "zi", "じ" }, { "zu", "ず" }, { "ze", "ぜ" }, { "zo", "ぞ" },
	{ "ja", "じゃ" }, { "ju", "じゅ" }, { "je", "じぇ" }, { "jo", "じょ" },
	{ "jya", "じゃ" }, { "jyu", "じゅ" }, { "jyo", "じょ" },
	{ "zya", "じゃ" }, { "zyu", "じゅ" }, { "zyo", "じょ" },
	{ "ta", "た" }, { "chi", "ち" }, { "ti", "ち" }, { "tsu", "つ" }, { "tu", "つ" },
	{ "te", "て" }, { "to", "と" },
	{ "cha", "ちゃ" }, { "chu", "ちゅ" }, { "che", "ちぇ" }, { "cho", "ちょ" },
	{ "tya", "ちゃ" }, { "tyu", "ちゅ" }, { "tyo", "ちょ" },
	{ "cya", "ちゃ" }, { "cyu", "ちゅ" }, { "cyo", "ちょ" },
	{ "thi", "てぃ" }, { "dhi", "でぃ" },
	{ "da", "だ" }, { "di", "ぢ" }, { "du", "づ" }, { "de", "で" }, { "do", "ど" },
	{ "dya", "ぢゃ" }, { "dyu", "ぢゅ" }, { "dyo", "ぢょ" },
	{ "na", "な" }, { "ni", "に" }, { "nu", "ぬ" }, { "ne", "ね" }, { "no", "の" },
	{ "nya", "にゃ" }, { "nyu", "にゅ" }, { "nyo", "にょ" },
	{ "ha", "は" }, { "hi", "ひ" }, { "fu", "ふ" }, { "hu", "ふ" }, { "he", "へ" }, { "ho", "ほ" },
	{ "hya", "ひゃ" }, { "hyu", "ひゅ" }, { "hyo", "ひょ" },
	{ "fa", "ふぁ" }, { "fi", "ふぃ" }, { "fe", "ふぇ" }, { "fo", "ふぉ" },
	{ "ba", "ば" }, { "bi", "び" }, { "bu", "ぶ" }, { "be", "べ" }, { "bo", "ぼ" },
	{ "bya", "びゃ" }, { "byu", "びゅ" }, { "byo", "びょ" },
	{ "pa", "ぱ" }, { "pi", "ぴ" }, { "pu", "ぷ" }, { "pe", "ぺ" }, { "po", "ぽ" },
	{ "pya", "ぴゃ" }, { "pyu", "ぴゅ" }, { "pyo", "ぴょ" },
	{ "ma", "ま" }, { "mi", "み" }, { "mu", "む" }, { "me", "め" }, { "mo", "も" },
	{ "mya", "みゃ" }, { "myu", "みゅ" }, { "myo", "みょ" },
	{ "ya", "や" }, { "yu", "ゆ" }, { "ye", "いぇ" }, { "yo", "よ" },
	{ "ra", "ら" }, { "ri", "り" }, { "ru", "る" }, { "re", "れ" }, { "ro", "ろ" },
	{ "rya", "りゃ" }, { "ryu", "りゅ" }, { "ryo", "りょ" },
	{ "wa", "わ" }, { "wi", "うぃ" }, { "we", "うぇ" }, { "wo", "を" },
	{ "va", "ゔぁ" }, { "vi", "ゔぃ" }, { "vu", "ゔ" }, { "ve", "ゔぇ" }, { "vo", "ゔぉ" },
	/* small kana, as IMEs spell them */
	{ "xa", "ぁ" }, { "xi", "ぃ" }, { "xu", "ぅ" }, { "xe", "ぇ" }, { "xo", "ぉ" },
	{ "la", "ぁ" }, { "li", "ぃ" }, { "lu", "ぅ" }, { "le", "ぇ" }, { "lo", "ぉ" },
	{ "xya", "ゃ" }, { "xyu", "ゅ" }, { "xyo", "ょ" },
	{ "lya", "ゃ" }, { "lyu", "ゅ" }, { "lyo", "ょ" },
	{ "xtu", "っ" }, { "xtsu", "っ" }, { "ltu", "っ" }, { "ltsu", "っ" },
	{ "xwa", "ゎ" }, { "lwa", "ゎ" }, { "xka", "ゕ" }, { "xke", "ゖ" },
};
#define KANA_N "ん"
#define KANA_SMALL_TSU "っ"
#define KANA_LONG "ー"    /* U+30FC, the same in hiragana and katakana text */

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
static const char *const *keep_overlay(ink_im im)
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

static const char *const *layout_map(ink_im im)
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

/* ---- composition ---- */

void im_compose_reset(im_compose *c)
{
	bool katakana = c->katakana, keep = c->keep_delimiters;

	memset(c, 0, sizeof *c);
	c->owner = INK_IM_NONE;
	c->katakana = katakana;
	c->keep_delimiters = keep;
}

bool im_composing(const im_compose *c)
{
	return c->n_pending > 0 || c->dead_tonos;
}

static bool is_upper(char k)
{
	return k >= 'A' && k <= 'Z';
}

static bool is_letter(char k)
{
	return (k >= 'a' && k <= 'z') || is_upper(k);
}

static char lower(char k)
{
	return is_upper(k) ? (char)(k - 'A' + 'a') : k;
}

static bool is_vowel(char k)
{
	k = lower(k);
	return k == 'a' || k == 'i' || k == 'u' || k == 'e' || k == 'o';
}

/* Appends hiragana s, as katakana if asked: the katakana block repeats the
 * hiragana one 0x60 higher (U+3041..U+3096 -> U+30A1..U+30F6). */
static void put_kana(im_text *out, const char *s, bool katakana)
{
	const uint8_t *p = (const uint8_t *)s;
	int32_t i = 0;
	UChar32 c;

	if (!katakana) {
		put_str(out, s);
		return;
	}
	while (p[i]) {
		U8_NEXT(p, i, -1, c);   /* the tables' own strings: well-formed */
		if (c >= 0x3041 && c <= 0x3096)
			c += 0x60;
		im_text_put_cp(out, (uint32_t)c);
	}
}

/* The pending letters, lower-cased, compared with table keys. */
static void pending_lower(const im_compose *c, char *buf)
{
	size_t i;

	for (i = 0; i < c->n_pending; i++)
		buf[i] = lower(c->pending[i]);
	buf[c->n_pending] = '\0';
}

static void pending_drop_first(im_compose *c)
{
	memmove(c->pending, c->pending + 1, c->n_pending);   /* moves the NUL too */
	c->n_pending--;
}

/* The pending letters cannot grow into a syllable: the first one goes out
 * on its own: n -> ん, a doubled consonant or "tc" -> っ, anything else
 * the letter itself. */
static void kana_stuck(im_compose *c, im_text *out)
{
	char first = lower(c->pending[0]);
	char second = c->n_pending > 1 ? lower(c->pending[1]) : '\0';
	bool kata = c->katakana || is_upper(c->pending[0]);

	if (first == 'n')
		put_kana(out, KANA_N, kata);
	else if (!is_vowel(first) && (first == second || (first == 't' && second == 'c')))
		put_kana(out, KANA_SMALL_TSU, kata);
	else
		im_text_put(out, &c->pending[0], 1);
	pending_drop_first(c);
}

/* Resolves the pending letters as far as they go. */
static void kana_resolve(im_compose *c, im_text *out)
{
	char low[IM_PENDING_MAX + 2];
	size_t i, n;
	bool prefix;

	while (c->n_pending > 0) {
		pending_lower(c, low);
		n = c->n_pending;
		prefix = false;
		for (i = 0; i < sizeof kana_table / sizeof kana_table[0]; i++) {
			const char *r = kana_table[i].romaji;
			if (strcmp(r, low) == 0) {
				put_kana(out, kana_table[i].kana, c->katakana || is_upper(c->pending[0]));
				c->n_pending = 0;
				c->pending[0] = '\0';
				return;
			}
			if (strncmp(r, low, n) == 0)
				prefix = true;
		}
		if (strcmp(low, "nn") == 0) {
			/* ん now; the second n waits as a ghost in case a vowel or y
			 * follows ("konnichiha": ko, n, ni, chi, ha).  Otherwise it was
			 * just the second half of "nn". */
			put_kana(out, KANA_N, c->katakana || is_upper(c->pending[0]));
			c->ghost = c->pending[1];
			c->n_pending = 0;
			c->pending[0] = '\0';
			return;
		}
		if (prefix && n < IM_PENDING_MAX)
			return;
		kana_stuck(c, out);
	}
}

static void kana_feed(im_compose *c, char key, im_text *out)
{
	char ghost = c->ghost;

	c->ghost = 0;
	if (is_letter(key)) {
		/* a ghost n comes back only to start "na", "nya", ... */
		if (ghost && c->n_pending == 0 && (is_vowel(key) || lower(key) == 'y')) {
			c->pending[c->n_pending++] = ghost;
		}
		c->pending[c->n_pending++] = key;
		c->pending[c->n_pending] = '\0';
		kana_resolve(c, out);
		return;
	}
	if (key == '\'' && c->n_pending == 1 && lower(c->pending[0]) == 'n') {
		/* n' : ん, and the apostrophe only separates (n'a = んあ) */
		put_kana(out, KANA_N, c->katakana || is_upper(c->pending[0]));
		c->n_pending = 0;
		c->pending[0] = '\0';
		return;
	}
	while (c->n_pending > 0)
		kana_stuck(c, out);
	if (key == '-')
		put_str(out, KANA_LONG);
	else
		im_text_put(out, &key, 1);
}

static void greek_feed(im_compose *c, char key, im_text *out)
{
	const char *s = map_greek[(unsigned char)key];
	size_t i;

	if (!c->dead_tonos) {
		if (key == GREEK_DEAD_TONOS)
			c->dead_tonos = true;
		else if (s)
			put_str(out, s);
		else
			im_text_put(out, &key, 1);
		return;
	}
	c->dead_tonos = false;
	if (key == GREEK_DEAD_TONOS || key == ' ') {
		put_str(out, GREEK_TONOS);
		return;
	}
	for (i = 0; s && i < sizeof greek_tonos / sizeof greek_tonos[0]; i++) {
		if (strcmp(s, greek_tonos[i].plain) == 0) {
			put_str(out, greek_tonos[i].tonos);
			return;
		}
	}
	/* No accented form: the accent on its own, then the key as usual. */
	put_str(out, GREEK_TONOS);
	if (s)
		put_str(out, s);
	else
		im_text_put(out, &key, 1);
}

void im_flush(im_compose *c, im_text *out)
{
	while (c->n_pending > 0)
		kana_stuck(c, out);
	if (c->dead_tonos)
		put_str(out, GREEK_TONOS);
	im_compose_reset(c);
}

void im_feed(im_compose *c, ink_im im, char key, im_text *out)
{
	const char *const *map, *const *keep;

	if (c->owner != im) {
		im_flush(c, out);
		c->owner = im;
	}
	if ((unsigned char)key >= 128)
		return;
	if (im == INK_IM_KANA) {
		kana_feed(c, key, out);
		return;
	}
	if (im == INK_IM_GREEK) {
		greek_feed(c, key, out);
		return;
	}
	map = layout_map(im);
	keep = c->keep_delimiters ? keep_overlay(im) : NULL;
	if (keep && key != 0 && strchr(KEPT_DELIMITERS, key)) {
		im_text_put(out, &key, 1);
		return;
	}
	if (keep && keep[(unsigned char)key])
		put_str(out, keep[(unsigned char)key]);
	else if (map && map[(unsigned char)key])
		put_str(out, map[(unsigned char)key]);
	else
		im_text_put(out, &key, 1);
}

bool im_backspace(im_compose *c)
{
	if (c->n_pending > 0) {
		c->pending[--c->n_pending] = '\0';
		return true;
	}
	if (c->dead_tonos) {
		c->dead_tonos = false;
		return true;
	}
	return false;
}

void im_preedit(const im_compose *c, char *buf, size_t cap)
{
	/* What a commit would insert now, so the inline preedit and Enter
	 * agree: a flush of a copy (plain data, so copying is fine). */
	im_compose copy = *c;
	im_text t;

	if (cap == 0)
		return;
	im_text_clear(&t);
	im_flush(&copy, &t);
	if (t.len >= cap) {
		buf[0] = '\0';
		return;
	}
	memcpy(buf, t.b, t.len + 1);
}
