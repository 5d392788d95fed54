/* ctrlv: the Ctrl-V code point entry (Vim's i_CTRL-V and i_CTRL-V_digit:
 * "u" + 4 hex digits, "U" + 8, else one literal character), private to
 * input/ (keys.c drives it and turns its results into text and notices).
 * See input_keys.h for the rules.  Plain data, no allocation. */
#ifndef INPUT_CTRLV_H
#define INPUT_CTRLV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
	CV_IDLE,
	CV_START,   /* C-v seen */
	CV_HEX,     /* C-v u / C-v U seen, collecting digits */
} cv_state;

typedef struct {
	cv_state state;
	unsigned max;       /* digits wanted: 4 after u, 8 after U */
	unsigned digits;    /* digits so far */
	uint32_t value;
	char typed[9];      /* the digits as typed (upper case), for the preedit */
} cv_entry;

/* What a step of the entry gives the decoder. */
typedef enum {
	CV_NOTHING,     /* nothing (yet) */
	CV_CP,          /* a code point for the text */
	CV_REJECTED,    /* the entry ended with nothing to insert: NUL, not a
	                 * Unicode scalar value, no digits */
	CV_CANCELLED,   /* Esc or C-g */
} cv_result;

/* Back to idle (no entry). */
void cv_reset(cv_entry *e);
/* C-v typed: an entry starts. */
void cv_begin(cv_entry *e);
bool cv_active(const cv_entry *e);

/* A character during an entry: *res (and *cp for CV_CP) what the entry
 * gives.  Returns false when the entry did not take the character (one that
 * ended a hex entry early): the decoder then processes it as usual. */
bool cv_char(cv_entry *e, uint32_t c, cv_result *res, uint32_t *cp);

/* A key during an entry; key_cp the character the key stands for (Enter
 * '\r', Tab, Esc, Backspace DEL; 0 if none).  Esc cancels; right after C-v
 * a key with a character inserts that character, one without abandons the
 * entry; a hex entry ends.  Returns false when the key is to act as usual
 * (all but Esc, an inserted character and the Enter that ends an entry). */
bool cv_key(cv_entry *e, uint32_t key_cp, cv_result *res, uint32_t *cp);

/* The entry as the preedit shows it ("^V", "U+" and the digits so far, ""
 * when idle) appended at out[0..size); returns the bytes written. */
size_t cv_preedit(const cv_entry *e, char *out, size_t size);

#endif
