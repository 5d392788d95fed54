/* ink: the key decoder.  See input_keys.h for the contract.
 *
 * One feed goes through these stages, first match wins:
 *   1. RESIZE and MOUSE keys are reported at once, whatever is going on
 *      (they are not the user's typing, so they disturb nothing).
 *   2. Inside a bracketed paste everything is content, until PASTE_END.
 *   3. A Ctrl-V entry in progress takes the character (Vim's i_CTRL-V and
 *      i_CTRL-V_digit: "u" + 4 hex digits, "U" + 8, else one literal
 *      character).  A character that ends an entry early is then processed
 *      normally, so one feed can produce the entry's code point and that
 *      character's own result.
 *   4. Controls and keys become actions; printable characters become text,
 *      through the active input method.
 * Text produced by a feed collects in d->out; the event is TEXT if there is
 * any (carrying the action too, if the feed also produced one: see
 * input_keys.h), else the action, else NONE. */
#include "input_keys.h"
#include "im.h"

#include <stdlib.h>
#include <string.h>

enum cv_state {
	CV_IDLE,
	CV_START,   /* C-v seen */
	CV_HEX,     /* C-v u / C-v U seen, collecting digits */
};

struct ink_decoder {
	ink_im im;                /* the chosen method */
	bool im_on;
	im_compose comp;

	enum cv_state cv;
	unsigned cv_max;          /* 4 after u, 8 after U */
	unsigned cv_digits;
	uint32_t cv_value;
	char cv_typed[9];         /* the digits as typed, for the preedit */
	bool entry_rejected;      /* the last feed ended an entry without inserting */

	bool in_paste;
	char *paste;              /* owned; the collected paste, NUL-terminated */
	size_t paste_len;         /* bytes, excluding the NUL */
	size_t paste_cap;         /* bytes allocated */
	bool paste_truncated;

	im_text out;              /* this feed's text */
	char preedit[IM_TEXT_MAX];
};

/* Names, in ink_action order. */
static const char *const action_names[INK_ACT_COUNT] = {
	[INK_ACT_NONE] = "NONE",
	[INK_ACT_LEFT] = "LEFT",
	[INK_ACT_RIGHT] = "RIGHT",
	[INK_ACT_WORD_LEFT] = "WORD_LEFT",
	[INK_ACT_WORD_RIGHT] = "WORD_RIGHT",
	[INK_ACT_HOME] = "HOME",
	[INK_ACT_END] = "END",
	[INK_ACT_BACK_CHAR] = "BACK_CHAR",
	[INK_ACT_FORWARD_CHAR] = "FORWARD_CHAR",
	[INK_ACT_DELETE_BACK] = "DELETE_BACK",
	[INK_ACT_DELETE_FORWARD] = "DELETE_FORWARD",
	[INK_ACT_KILL_END] = "KILL_END",
	[INK_ACT_KILL_START] = "KILL_START",
	[INK_ACT_KILL_WORD] = "KILL_WORD",
	[INK_ACT_YANK] = "YANK",
	[INK_ACT_UNDO] = "UNDO",
	[INK_ACT_REDO] = "REDO",
	[INK_ACT_ACCEPT] = "ACCEPT",
	[INK_ACT_CANCEL] = "CANCEL",
	[INK_ACT_HISTORY_PREV] = "HISTORY_PREV",
	[INK_ACT_HISTORY_NEXT] = "HISTORY_NEXT",
	[INK_ACT_HELP] = "HELP",
	[INK_ACT_IM_TOGGLE] = "IM_TOGGLE",
	[INK_ACT_IM_MENU] = "IM_MENU",
	[INK_ACT_NEXT_DIAG] = "NEXT_DIAG",
	[INK_ACT_PREV_DIAG] = "PREV_DIAG",
	[INK_ACT_APPLY_SUGGESTION] = "APPLY_SUGGESTION",
	[INK_ACT_TEACH] = "TEACH",
	[INK_ACT_COPY_URI] = "COPY_URI",
	[INK_ACT_COPY_IRI] = "COPY_IRI",
	[INK_ACT_CYCLE_FORM] = "CYCLE_FORM",
	[INK_ACT_NEXT_LINE] = "NEXT_LINE",
	[INK_ACT_PREV_LINE] = "PREV_LINE",
	[INK_ACT_NEXT_WARNING_LINE] = "NEXT_WARNING_LINE",
	[INK_ACT_REDRAW] = "REDRAW",
	[INK_ACT_RESIZE] = "RESIZE",
	[INK_ACT_MOUSE] = "MOUSE",
};

const char *ink_action_name(ink_action a)
{
	if ((unsigned)a >= INK_ACT_COUNT || !action_names[a])
		return "UNKNOWN";
	return action_names[a];
}

/* C0 controls (and DEL, handled apart) -> actions: readline's bindings where
 * it has one (C-a C-e C-b C-f C-d C-h C-k C-u C-w C-y C-_ C-l), Vim's C-r
 * for redo, C-z for undo as most editors outside a terminal.  C-v (0x16) is
 * the code point entry, handled before this table. */
static const ink_action control_actions[0x20] = {
	[0x01] = INK_ACT_HOME,            /* C-a */
	[0x02] = INK_ACT_BACK_CHAR,       /* C-b */
	[0x03] = INK_ACT_CANCEL,          /* C-c */
	[0x04] = INK_ACT_DELETE_FORWARD,  /* C-d */
	[0x05] = INK_ACT_END,             /* C-e */
	[0x06] = INK_ACT_FORWARD_CHAR,    /* C-f */
	[0x08] = INK_ACT_DELETE_BACK,     /* C-h */
	[0x09] = INK_ACT_NEXT_DIAG,       /* Tab */
	[0x0A] = INK_ACT_ACCEPT,          /* LF */
	[0x0B] = INK_ACT_KILL_END,        /* C-k */
	[0x0C] = INK_ACT_REDRAW,          /* C-l */
	[0x0D] = INK_ACT_ACCEPT,          /* CR, Enter */
	[0x12] = INK_ACT_REDO,            /* C-r */
	[0x15] = INK_ACT_KILL_START,      /* C-u */
	[0x17] = INK_ACT_KILL_WORD,       /* C-w */
	[0x19] = INK_ACT_YANK,            /* C-y */
	[0x1A] = INK_ACT_UNDO,            /* C-z */
	[0x1B] = INK_ACT_CANCEL,          /* a lone Esc */
	[0x1C] = INK_ACT_IM_TOGGLE,       /* C-\ */
	[0x1F] = INK_ACT_UNDO,            /* C-_ */
};

#define CP_CTRL_V 0x16u
#define CP_DEL 0x7Fu

static bool valid_scalar(uint32_t cp)
{
	return cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
}

/* ---- lifetime ---- */

ink_decoder *ink_decoder_new(void)
{
	ink_decoder *d = calloc(1, sizeof *d);

	if (!d)
		return NULL;
	d->im = INK_IM_NONE;
	d->cv = CV_IDLE;
	im_compose_reset(&d->comp);
	im_text_clear(&d->out);
	return d;
}

void ink_decoder_free(ink_decoder *d)
{
	if (!d)
		return;
	free(d->paste);
	free(d);
}

/* ---- preedit ---- */

static void update_preedit(ink_decoder *d)
{
	size_t n;

	im_preedit(&d->comp, d->preedit, sizeof d->preedit);
	n = strlen(d->preedit);
	if (d->cv == CV_START)
		memcpy(d->preedit + n, "^V", 3);
	else if (d->cv == CV_HEX) {
		memcpy(d->preedit + n, "U+", 2);
		memcpy(d->preedit + n + 2, d->cv_typed, d->cv_digits + 1);
	}
	/* fits: the composition preedit is at most 4 bytes (IM_PENDING_MAX
	 * letters, or the 2-byte tonos), the entry at most "U+" + 8 digits. */
}

const char *ink_preedit(const ink_decoder *d)
{
	return d ? d->preedit : "";
}

/* ---- events ---- */

static ink_event make_event(ink_decoder *d, ink_action act)
{
	ink_event ev = { .kind = INK_EV_NONE, .action = act, .text = NULL, .text_len = 0,
		.truncated = false };

	update_preedit(d);
	if (d->out.len > 0) {
		ev.kind = INK_EV_TEXT;
		ev.text = d->out.b;
		ev.text_len = d->out.len;
	} else if (act != INK_ACT_NONE) {
		ev.kind = INK_EV_ACTION;
	}
	return ev;
}

static void begin_feed(ink_decoder *d)
{
	im_text_clear(&d->out);
	d->entry_rejected = false;
}

/* Text that is not the input method's (a Ctrl-V result, an Alt-typed key,
 * a non-ASCII character): any composition goes first, in typing order. */
static void put_plain(ink_decoder *d, uint32_t cp)
{
	im_flush(&d->comp, &d->out);
	im_text_put_cp(&d->out, cp);
}

/* An action ends a composition, except the two that act on it: Backspace
 * takes back one waiting key, Esc/C-c drops them all.  Actions that are not
 * editing (help, the menu, redraw, resize, mouse) leave it waiting.  Returns
 * the action still to report (NONE if the composition consumed it). */
static ink_action act_on_composition(ink_decoder *d, ink_action act)
{
	switch (act) {
	case INK_ACT_NONE:
	case INK_ACT_HELP:
	case INK_ACT_IM_MENU:
	case INK_ACT_REDRAW:
	case INK_ACT_RESIZE:
	case INK_ACT_MOUSE:
		return act;
	case INK_ACT_DELETE_BACK:
		if (im_backspace(&d->comp))
			return INK_ACT_NONE;
		break;
	case INK_ACT_CANCEL:
		if (im_composing(&d->comp)) {
			im_compose_reset(&d->comp);
			return INK_ACT_NONE;
		}
		break;
	default:
		break;
	}
	im_flush(&d->comp, &d->out);
	return act;
}

static ink_action do_action(ink_decoder *d, ink_action act)
{
	act = act_on_composition(d, act);
	if (act == INK_ACT_IM_TOGGLE && d->im != INK_IM_NONE)
		d->im_on = !d->im_on;
	return act;
}

/* ---- bracketed paste ---- */

static void paste_begin(ink_decoder *d)
{
	d->in_paste = true;
	d->paste_len = 0;
	d->paste_truncated = false;
	if (d->paste)
		d->paste[0] = '\0';
}

/* Collects one code point.  NUL, CR, LF and TAB are dropped here (a URL
 * wrapped over lines comes back in one piece); everything else is kept,
 * controls included: the editor shows them as placeholders and flags them. */
static void paste_add(ink_decoder *d, uint32_t cp)
{
	im_text u;
	size_t need;
	char *p;

	if (cp == 0 || cp == '\r' || cp == '\n' || cp == '\t')
		return;
	if (!valid_scalar(cp))
		cp = 0xFFFD;
	im_text_clear(&u);
	im_text_put_cp(&u, cp);
	if (d->paste_len + u.len > INK_PASTE_MAX_BYTES) {
		d->paste_truncated = true;
		return;
	}
	need = d->paste_len + u.len + 1;
	if (need > d->paste_cap) {
		size_t cap = d->paste_cap ? d->paste_cap : 256;
		while (cap < need)
			cap *= 2;
		if (cap > INK_PASTE_MAX_BYTES + 1)
			cap = INK_PASTE_MAX_BYTES + 1;
		p = realloc(d->paste, cap);
		if (!p) {
			/* Out of memory: keep what we have and say it was cut. */
			d->paste_truncated = true;
			return;
		}
		d->paste = p;
		d->paste_cap = cap;
	}
	memcpy(d->paste + d->paste_len, u.b, u.len);
	d->paste_len += u.len;
	d->paste[d->paste_len] = '\0';
}

/* Unicode White_Space (PropList.txt) minus CR LF TAB, which never get here:
 * what a copy from a web page or a terminal leaves around a URL. */
static bool is_white_space(uint32_t cp)
{
	return cp == 0x20 || cp == 0x0B || cp == 0x0C || cp == 0x85 || cp == 0xA0
		|| cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028
		|| cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

/* Decodes the code point starting at p (the buffer holds UTF-8 we wrote). */
static uint32_t decode_at(const unsigned char *p, size_t *len)
{
	if (p[0] < 0x80) {
		*len = 1;
		return p[0];
	}
	if (p[0] < 0xE0) {
		*len = 2;
		return ((uint32_t)(p[0] & 0x1F) << 6) | (p[1] & 0x3F);
	}
	if (p[0] < 0xF0) {
		*len = 3;
		return ((uint32_t)(p[0] & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
	}
	*len = 4;
	return ((uint32_t)(p[0] & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12)
		| ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
}

static ink_event paste_end(ink_decoder *d)
{
	const unsigned char *s = (const unsigned char *)(d->paste ? d->paste : "");
	size_t start = 0, end = d->paste_len, n, last_ws;
	ink_event ev = { .kind = INK_EV_PASTE, .action = INK_ACT_NONE, .text = "",
		.text_len = 0, .truncated = d->paste_truncated };

	d->in_paste = false;
	while (start < end && is_white_space(decode_at(s + start, &n)))
		start += n;
	/* trailing: walk forward and remember where the final run of space began */
	last_ws = end;
	for (size_t i = start; i < end; i += n) {
		if (is_white_space(decode_at(s + i, &n))) {
			if (last_ws == end)
				last_ws = i;
		} else {
			last_ws = end;
		}
	}
	end = last_ws;
	if (d->paste) {
		d->paste[end] = '\0';
		ev.text = d->paste + start;
	}
	ev.text_len = end - start;
	update_preedit(d);
	return ev;
}

/* ---- Ctrl-V entry ---- */

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

/* Ends a hex entry: the code point goes to d->out if it is a Unicode scalar
 * value other than NUL; otherwise nothing is inserted and the entry is
 * flagged as rejected. */
static void cv_finish(ink_decoder *d)
{
	if (d->cv_digits > 0 && d->cv_value != 0 && valid_scalar(d->cv_value))
		put_plain(d, d->cv_value);
	else
		d->entry_rejected = true;
	d->cv = CV_IDLE;
}

static void cv_begin_hex(ink_decoder *d, unsigned max)
{
	d->cv = CV_HEX;
	d->cv_max = max;
	d->cv_digits = 0;
	d->cv_value = 0;
	d->cv_typed[0] = '\0';
}

/* ---- characters ---- */

/* A printable character outside any entry or paste. */
static ink_action printable(ink_decoder *d, uint32_t cp, unsigned mods)
{
	if (mods & INK_MOD_ALT) {
		/* M-z is redo (Emacs' undo-tree / readline users expect a Meta
		 * redo next to C-z); any other Alt+key types the key itself,
		 * bypassing the input method. */
		if (cp == 'z' || cp == 'Z')
			return do_action(d, INK_ACT_REDO);
		put_plain(d, cp);
		return INK_ACT_NONE;
	}
	if (d->im_on && d->im != INK_IM_NONE && cp < 0x80) {
		im_feed(&d->comp, d->im, (char)cp, &d->out);
		return INK_ACT_NONE;
	}
	put_plain(d, cp);
	return INK_ACT_NONE;
}

/* A character in the normal state. */
static ink_action normal_char(ink_decoder *d, uint32_t cp, unsigned mods)
{
	if ((mods & INK_MOD_CTRL) && cp < 0x80) {
		/* A terminal that reports Ctrl as a modifier (kitty, CSI u):
		 * fold to the C0 control, as the classic encoding would. */
		if (cp == '?')
			cp = CP_DEL;
		else if (cp >= 'a' && cp <= 'z')
			cp -= 0x60;
		else if (cp >= '@' && cp <= '_')
			cp -= 0x40;
		else if (cp == ' ')
			cp = 0;
	}
	if (cp == CP_CTRL_V) {
		d->cv = CV_START;
		return INK_ACT_NONE;
	}
	if (cp < 0x20)
		return do_action(d, control_actions[cp]);
	if (cp == CP_DEL)
		return do_action(d, INK_ACT_DELETE_BACK);
	return printable(d, cp, mods);
}

ink_event ink_feed_char(ink_decoder *d, uint32_t cp, unsigned mods)
{
	ink_event none = { .kind = INK_EV_NONE, .action = INK_ACT_NONE };
	int h;

	if (!d)
		return none;
	begin_feed(d);
	if (!valid_scalar(cp))
		cp = 0xFFFD;
	if (d->in_paste) {
		paste_add(d, cp);
		return make_event(d, INK_ACT_NONE);
	}
	if (d->cv == CV_START) {
		if (cp == 'u' || cp == 'U') {
			cv_begin_hex(d, cp == 'u' ? 4 : 8);
			return make_event(d, INK_ACT_NONE);
		}
		d->cv = CV_IDLE;
		if (cp == 0)
			d->entry_rejected = true;   /* a NUL never goes into the text */
		else
			put_plain(d, cp);
		return make_event(d, INK_ACT_NONE);
	}
	if (d->cv == CV_HEX) {
		h = hex_value(cp);
		if (h >= 0) {
			d->cv_value = (d->cv_value << 4) | (uint32_t)h;
			d->cv_typed[d->cv_digits++] = (char)(cp >= 'a' ? cp - 0x20 : cp);
			d->cv_typed[d->cv_digits] = '\0';
			if (d->cv_digits == d->cv_max)
				cv_finish(d);
			return make_event(d, INK_ACT_NONE);
		}
		cv_finish(d);   /* ended early; the character is processed below */
		/* Enter only ends the entry: here it would also accept the IRI. */
		if (cp == 0x0D || cp == 0x0A)
			return make_event(d, INK_ACT_NONE);
	}
	return make_event(d, normal_char(d, cp, mods));
}

/* ---- keys ---- */

static ink_action key_action(ink_key key, unsigned mods)
{
	bool word = (mods & (INK_MOD_CTRL | INK_MOD_ALT)) != 0;

	switch (key) {
	case INK_KEY_LEFT: return word ? INK_ACT_WORD_LEFT : INK_ACT_LEFT;
	case INK_KEY_RIGHT: return word ? INK_ACT_WORD_RIGHT : INK_ACT_RIGHT;
	case INK_KEY_UP: return INK_ACT_HISTORY_PREV;
	case INK_KEY_DOWN: return INK_ACT_HISTORY_NEXT;
	case INK_KEY_HOME: return INK_ACT_HOME;
	case INK_KEY_END: return INK_ACT_END;
	case INK_KEY_PAGE_UP: return INK_ACT_PREV_LINE;
	case INK_KEY_PAGE_DOWN: return INK_ACT_NEXT_LINE;
	case INK_KEY_BACKSPACE: return INK_ACT_DELETE_BACK;
	case INK_KEY_DELETE: return INK_ACT_DELETE_FORWARD;
	case INK_KEY_ENTER: return INK_ACT_ACCEPT;
	case INK_KEY_TAB: return (mods & INK_MOD_SHIFT) ? INK_ACT_PREV_DIAG : INK_ACT_NEXT_DIAG;
	case INK_KEY_BACKTAB: return INK_ACT_PREV_DIAG;
	case INK_KEY_ESCAPE: return INK_ACT_CANCEL;
	case INK_KEY_F1: return INK_ACT_HELP;
	case INK_KEY_F2: return INK_ACT_IM_MENU;
	case INK_KEY_F3: return INK_ACT_APPLY_SUGGESTION;
	case INK_KEY_F4: return INK_ACT_TEACH;
	case INK_KEY_F5: return INK_ACT_COPY_URI;
	case INK_KEY_F6: return INK_ACT_COPY_IRI;
	case INK_KEY_F7: return INK_ACT_CYCLE_FORM;
	case INK_KEY_F8: return INK_ACT_NEXT_WARNING_LINE;
	case INK_KEY_RESIZE: return INK_ACT_RESIZE;
	case INK_KEY_MOUSE: return INK_ACT_MOUSE;
	default: return INK_ACT_NONE;   /* F9, F10, NONE, paste marks (handled apart) */
	}
}

/* The character a key stands for, where it has one (for a paste, and for
 * Ctrl-V's literal insertion): 0 if none. */
static uint32_t key_char(ink_key key)
{
	switch (key) {
	case INK_KEY_ENTER: return '\r';
	case INK_KEY_TAB: return '\t';
	case INK_KEY_ESCAPE: return 0x1B;
	case INK_KEY_BACKSPACE: return CP_DEL;   /* what the key sends on most terminals */
	default: return 0;
	}
}

ink_event ink_feed_key(ink_decoder *d, ink_key key, unsigned mods)
{
	ink_event none = { .kind = INK_EV_NONE, .action = INK_ACT_NONE };
	uint32_t c;

	if (!d || (unsigned)key >= INK_KEY_COUNT)
		return none;
	begin_feed(d);
	if (key == INK_KEY_RESIZE || key == INK_KEY_MOUSE)
		return make_event(d, key_action(key, mods));
	if (d->in_paste) {
		if (key == INK_KEY_PASTE_END)
			return paste_end(d);
		c = key_char(key);
		if (c)
			paste_add(d, c);
		return make_event(d, INK_ACT_NONE);
	}
	if (d->cv == CV_START) {
		d->cv = CV_IDLE;
		c = key_char(key);
		if (c) {
			put_plain(d, c);
			return make_event(d, INK_ACT_NONE);
		}
		/* no character: the entry is abandoned, the key acts as usual */
	} else if (d->cv == CV_HEX) {
		cv_finish(d);
		if (key == INK_KEY_ENTER)   /* Enter only ends the entry */
			return make_event(d, INK_ACT_NONE);
	}
	if (key == INK_KEY_PASTE_START) {
		/* The paste goes where the cursor is: commit what is waiting first. */
		im_flush(&d->comp, &d->out);
		paste_begin(d);
		return make_event(d, INK_ACT_NONE);
	}
	if (key == INK_KEY_PASTE_END)
		return make_event(d, INK_ACT_NONE);
	return make_event(d, do_action(d, key_action(key, mods)));
}

/* ---- input method selection ---- */

void ink_set_im(ink_decoder *d, ink_im im)
{
	if (!d)
		return;
	if ((unsigned)im >= INK_IM_COUNT)
		im = INK_IM_NONE;
	d->im = im;
	d->im_on = im != INK_IM_NONE;
	/* A composition of the previous method stays and is flushed by the
	 * next key (im_feed or put_plain), so nothing typed is lost. */
	update_preedit(d);
}

void ink_set_im_active(ink_decoder *d, bool on)
{
	if (!d)
		return;
	d->im_on = on && d->im != INK_IM_NONE;
}

ink_im ink_get_im(const ink_decoder *d)
{
	return d ? d->im : INK_IM_NONE;
}

bool ink_im_active(const ink_decoder *d)
{
	return d && d->im_on && d->im != INK_IM_NONE;
}

bool ink_entry_rejected(const ink_decoder *d)
{
	return d && d->entry_rejected;
}
