/* im: the built-in input methods, private to input/ (keys.c drives them).
 *
 * An input method turns the ASCII keys of a US keyboard into the text the
 * same keys give on another layout.  Most are plain tables (one key -> one
 * string; keymaps.c); two compose (im.c): Greek's dead tonos key waits for
 * the next key, and romaji -> kana waits for a whole syllable.  What is
 * waiting lives in an im_compose value the decoder owns; it is plain data
 * (no allocation), so it needs no _new/_free and copying it is fine.
 *
 * Output goes to an im_text: a fixed buffer big enough for anything one key
 * can produce (a flushed composition plus the key's own text plus a Ctrl-V
 * code point), always NUL-terminated.  Units: bytes of UTF-8. */
#ifndef INPUT_IM_H
#define INPUT_IM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "input_keys.h"

/* Longest romaji syllable in the kana table ("xtsu", "ltsu"): the pending
 * letters never exceed it, since a longer run cannot be a prefix. */
#define IM_PENDING_MAX 4
/* One key's output: at most a flushed composition (4 raw letters or kana,
 * 3 bytes each), then up to two kana syllables (6 bytes each), a Ctrl-V code
 * point (4) and the key's own text (6): far below 64. */
#define IM_TEXT_MAX 64

typedef struct {
	char b[IM_TEXT_MAX];
	size_t len;          /* bytes used, b[len] == '\0' */
} im_text;

void im_text_clear(im_text *t);
/* Appends n bytes; drops them all if they would not fit (cannot happen
 * within the bounds above; kept so a mistake truncates instead of writing
 * past the end). */
void im_text_put(im_text *t, const char *s, size_t n);
/* Appends one code point as UTF-8 (ICU's U8_APPEND); what is not a scalar
 * value (a surrogate, past U+10FFFF) is written as U+FFFD. */
void im_text_put_cp(im_text *t, uint32_t cp);

/* The plain keymaps (keymaps.c): a method's table indexed by ASCII key
 * (NULL entry: the key types itself), or NULL for a composing method other
 * than Greek, whose letters are a table too. */
const char *const *im_layout_map(ink_im im);
/* The keep-delimiters overlay of a right-to-left keymap (the letters moved
 * off kept keys), or NULL for the other methods. */
const char *const *im_keep_overlay(ink_im im);
/* Whether key is an IRI delimiter that keep-delimiters mode types as
 * itself. */
bool im_is_kept_delimiter(char key);

typedef struct {
	ink_im owner;                      /* the method that started it; NONE = idle */
	char pending[IM_PENDING_MAX + 1];  /* kana: ASCII letters as typed (case kept), NUL-terminated */
	size_t n_pending;
	char ghost;                        /* kana: second n of "nn" (already ん), 0 if none */
	bool dead_tonos;                   /* greek: the dead accent key is waiting */
	/* Settings, kept by im_compose_reset: */
	bool katakana;                     /* kana: every syllable in katakana */
	bool keep_delimiters;              /* RTL keymaps: IRI delimiters type themselves */
} im_compose;

/* Forgets what is waiting; keeps the settings. */
void im_compose_reset(im_compose *c);
/* Something visible is waiting (the ghost n of "nn" is not visible). */
bool im_composing(const im_compose *c);

/* Feeds one printable ASCII key (0x20..0x7E) through method im (not NONE):
 * appends what it produces to out (possibly nothing, while composing).  A
 * composition left by another method is flushed first. */
void im_feed(im_compose *c, ink_im im, char key, im_text *out);
/* Ends any composition: appends what the waiting keys stand for on their
 * own (a lone n gives ん, other romaji letters themselves, the dead tonos
 * key the spacing tonos U+0384) and resets. */
void im_flush(im_compose *c, im_text *out);
/* Backspace inside a composition: forgets the last waiting key.  Returns
 * false (and changes nothing) when nothing visible was waiting. */
bool im_backspace(im_compose *c);
/* The waiting keys as a commit (im_flush) would insert them now: "ky",
 * "sh", a lone n as ん, the dead key as the tonos; written to buf (always
 * NUL-terminated); "" when idle. */
void im_preedit(const im_compose *c, char *buf, size_t cap);

#endif
