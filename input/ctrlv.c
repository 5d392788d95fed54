/* The Ctrl-V code point entry (ctrlv.h). */
#include <string.h>

#include "ctrlv.h"

#define CP_CTRL_G 0x07u
#define CP_ESC 0x1Bu

static bool valid_scalar(uint32_t cp)
{
	return cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
}

static int hex_value(uint32_t cp)
{
	if (cp >= '0' && cp <= '9')
		return (int)(cp - '0');
	if (cp >= 'a' && cp <= 'f')
		return (int)(cp - 'a' + 10);
	if (cp >= 'A' && cp <= 'F')
		return (int)(cp - 'A' + 10);
	return -1;
}

void cv_reset(cv_entry *e)
{
	e->state = CV_IDLE;
}

void cv_begin(cv_entry *e)
{
	e->state = CV_START;
}

bool cv_active(const cv_entry *e)
{
	return e->state != CV_IDLE;
}

static void begin_hex(cv_entry *e, unsigned max)
{
	e->state = CV_HEX;
	e->max = max;
	e->digits = 0;
	e->value = 0;
	e->typed[0] = '\0';
}

/* Ends a hex entry: its code point, if it is a Unicode scalar value other
 * than NUL; otherwise nothing is inserted and the entry is rejected. */
static void finish(cv_entry *e, cv_result *res, uint32_t *cp)
{
	if (e->digits > 0 && e->value != 0 && valid_scalar(e->value)) {
		*res = CV_CP;
		*cp = e->value;
	} else {
		*res = CV_REJECTED;
	}
	e->state = CV_IDLE;
}

bool cv_char(cv_entry *e, uint32_t c, cv_result *res, uint32_t *cp)
{
	*res = CV_NOTHING;
	if (c == CP_ESC || c == CP_CTRL_G) {
		e->state = CV_IDLE;
		*res = CV_CANCELLED;
		return true;
	}
	if (e->state == CV_START) {
		e->state = CV_IDLE;
		if (c == 'u' || c == 'U') {
			begin_hex(e, c == 'u' ? 4 : 8);
		} else if (c == 0) {
			*res = CV_REJECTED;   /* a NUL never goes into the text */
		} else {
			*res = CV_CP;
			*cp = c;
		}
		return true;
	}
	int h = hex_value(c);
	if (h >= 0) {
		e->value = (e->value << 4) | (uint32_t)h;
		e->typed[e->digits++] = (char)(c >= 'a' ? c - 0x20 : c);
		e->typed[e->digits] = '\0';
		if (e->digits == e->max)
			finish(e, res, cp);
		return true;
	}
	finish(e, res, cp);   /* ended early; the character is processed by the caller */
	/* Enter only ends the entry: here it would also accept the IRI. */
	return c == 0x0D || c == 0x0A;
}

bool cv_key(cv_entry *e, uint32_t key_cp, cv_result *res, uint32_t *cp)
{
	*res = CV_NOTHING;
	if (key_cp == CP_ESC) {
		e->state = CV_IDLE;
		*res = CV_CANCELLED;
		return true;
	}
	if (e->state == CV_START) {
		e->state = CV_IDLE;
		if (!key_cp)
			return false;   /* no character: the entry is abandoned, the key acts as usual */
		*res = CV_CP;
		*cp = key_cp;
		return true;
	}
	finish(e, res, cp);
	return key_cp == '\r';   /* Enter only ends the entry */
}

size_t cv_preedit(const cv_entry *e, char *out, size_t size)
{
	/* At most "U+" + 8 digits and the NUL. */
	if (e->state == CV_IDLE || size < 11)
		return 0;
	if (e->state == CV_START) {
		memcpy(out, "^V", 3);
		return 2;
	}
	memcpy(out, "U+", 2);
	memcpy(out + 2, e->typed, e->digits + 1);
	return 2 + e->digits;
}
