/* im: the composing input methods and the output buffer.  See im.h
 * (private) and input_keys.h.  Greek's dead tonos key waits for the next
 * key; romaji -> kana waits for a whole syllable.  The plain keymaps (and
 * Greek's letters) are tables in keymaps.c. */
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

/* ---- the composing methods' tables ---- */

/* Greek: the ';' key is the dead tonos (keymaps.c, map_greek). */
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
	const char *s = im_layout_map(INK_IM_GREEK)[(unsigned char)key];
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
	map = im_layout_map(im);
	keep = c->keep_delimiters ? im_keep_overlay(im) : NULL;
	if (keep && im_is_kept_delimiter(key)) {
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
