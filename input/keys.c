/* ink: the key decoder.  See input_keys.h for the contract, ink_bindings.h
 * for the table it looks keys up in.
 *
 * One feed goes through these stages, first match wins:
 *   1. RESIZE and MOUSE keys are reported at once, whatever is going on
 *      (they are not the user's typing, so they disturb nothing).
 *   2. Inside a bracketed paste everything is content, until PASTE_END.
 *   3. An escape sequence being swallowed (after Alt+[ or Alt+O) takes the
 *      character; a complete one acts as its key or is reported unknown.
 *   4. A Ctrl-V entry in progress (ctrlv.c) takes the character (Vim's
 *      i_CTRL-V and i_CTRL-V_digit: "u" + 4 hex digits, "U" + 8, else one
 *      literal character); Esc or C-g cancels it.  A character that ends an entry
 *      early is then processed normally, so one feed can produce the
 *      entry's code point and that character's own result.
 *   5. Esc or C-g drops a composition; other keys are looked up in the
 *      binding table for the mode; unbound printable characters become
 *      text, through the active input method, where the mode takes text.
 * Text produced by a feed collects in d->out; the event is TEXT if there is
 * any (carrying the action too, if the feed also produced one: see
 * input_keys.h), else the action, else NONE. */
#include "input_keys.h"
#include "ctrlv.h"
#include "escseq.h"
#include "im.h"
#include "ink_bindings.h"
#include "paste.h"

#include <stdlib.h>
#include <string.h>

struct ink_decoder {
	ink_mode mode;
	ink_im im;                /* the chosen method */
	bool im_on;
	im_compose comp;

	cv_entry cv;              /* a Ctrl-V entry */

	esc_swallow seq;          /* an escape sequence being swallowed */

	bool in_paste;
	paste_buf paste;

	ink_notice notice;        /* the last feed's */
	/* the unknown sequence or unbound key's label: up to 5 bytes per
	 * sequence byte ("0x20 "), plus " ..." */
	char notice_text[INK_SEQ_MAX_BYTES * 5 + 8];

	im_text out;              /* this feed's text */
	char preedit[IM_TEXT_MAX];
};

#define CP_CTRL_G 0x07u
#define CP_CTRL_V 0x16u
#define CP_ESC 0x1Bu
#define CP_DEL 0x7Fu

static bool valid_scalar(uint32_t cp)
{
	return cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
}

/* ---- lifetime and mode ---- */

ink_decoder *ink_decoder_new(void)
{
	ink_decoder *d = calloc(1, sizeof *d);

	if (!d)
		return NULL;
	d->mode = INK_MODE_EDIT;
	d->im = INK_IM_NONE;
	cv_reset(&d->cv);
	esc_reset(&d->seq);
	im_compose_reset(&d->comp);
	d->comp.keep_delimiters = true;
	im_text_clear(&d->out);
	return d;
}

void ink_decoder_free(ink_decoder *d)
{
	if (!d)
		return;
	paste_buf_free(&d->paste);
	free(d);
}

void ink_set_mode(ink_decoder *d, ink_mode mode)
{
	if (d && (unsigned)mode < INK_MODE_COUNT)
		d->mode = mode;
}

ink_mode ink_get_mode(const ink_decoder *d)
{
	return d ? d->mode : INK_MODE_EDIT;
}

bool ink_mode_takes_text(ink_mode mode)
{
	return mode == INK_MODE_EDIT || mode == INK_MODE_TEACH || mode == INK_MODE_SEARCH;
}

/* ---- preedit and notices ---- */

static void update_preedit(ink_decoder *d)
{
	size_t n;

	im_preedit(&d->comp, d->preedit, sizeof d->preedit);
	n = strlen(d->preedit);
	cv_preedit(&d->cv, d->preedit + n, sizeof d->preedit - n);
	/* fits: the composition preedit is at most 12 bytes (IM_PENDING_MAX
	 * letters as kana, or the 2-byte tonos), the entry at most "U+" + 8
	 * digits. */
}

const char *ink_preedit(const ink_decoder *d)
{
	return d ? d->preedit : "";
}

/* The first notice of a feed wins (a malformed sequence, then the
 * character that broke it). */
static void set_notice(ink_decoder *d, ink_notice n)
{
	if (d->notice == INK_NOTICE_NONE)
		d->notice = n;
}

static void notice_unbound(ink_decoder *d, ink_key key, uint32_t cp, unsigned mods)
{
	if (d->notice != INK_NOTICE_NONE)
		return;
	d->notice = INK_NOTICE_UNBOUND;
	ink_label(key, cp, mods, d->notice_text, sizeof d->notice_text);
}

ink_notice ink_last_notice(const ink_decoder *d)
{
	return d ? d->notice : INK_NOTICE_NONE;
}

const char *ink_unknown_sequence(const ink_decoder *d)
{
	return d && d->notice == INK_NOTICE_UNKNOWN_SEQUENCE ? d->notice_text : NULL;
}

const char *ink_unbound_key(const ink_decoder *d)
{
	return d && d->notice == INK_NOTICE_UNBOUND ? d->notice_text : NULL;
}

bool ink_entry_waiting(const ink_decoder *d)
{
	return d && cv_active(&d->cv);
}

bool ink_entry_rejected(const ink_decoder *d)
{
	return d && d->notice == INK_NOTICE_ENTRY_REJECTED;
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
	d->notice = INK_NOTICE_NONE;
	d->notice_text[0] = '\0';
}

/* Text that is not the input method's (a Ctrl-V result, an Alt-typed key,
 * a non-ASCII character): any composition goes first, in typing order. */
static void put_plain(ink_decoder *d, uint32_t cp)
{
	im_flush(&d->comp, &d->out);
	im_text_put_cp(&d->out, cp);
}

/* Esc or C-g while composing: the waiting keys are dropped, as IMEs do. */
static bool drop_composition(ink_decoder *d)
{
	if (!im_composing(&d->comp))
		return false;
	im_compose_reset(&d->comp);
	set_notice(d, INK_NOTICE_COMPOSITION_DROPPED);
	return true;
}

/* An action ends a composition, except Backspace, which takes back one
 * waiting key.  Actions that are not editing (help, the menu, redraw,
 * resize, mouse, suspend) leave it waiting, and so does every action in a
 * mode that takes no text (the composition belongs to the edit line).
 * Returns the action still to report (NONE if the composition consumed it). */
static ink_action act_on_composition(ink_decoder *d, ink_action act)
{
	if (!ink_mode_takes_text(d->mode))
		return act;
	switch (act) {
	case INK_ACT_NONE:
	case INK_ACT_HELP:
	case INK_ACT_IM_MENU:
	case INK_ACT_REDRAW:
	case INK_ACT_RESIZE:
	case INK_ACT_MOUSE:
	case INK_ACT_MOUSE_TOGGLE:
	case INK_ACT_SUSPEND:
		return act;
	case INK_ACT_DELETE_BACK:
	case INK_ACT_SEARCH_DELETE_BACK:
		if (im_backspace(&d->comp))
			return INK_ACT_NONE;
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
	if (act == INK_ACT_KANA_TOGGLE && d->im_on && d->im == INK_IM_KANA)
		d->comp.katakana = !d->comp.katakana;
	return act;
}

/* The table, with two fallbacks: an unbound Shift+key is the key (no
 * selection here), an unbound Alt+key that is not a printable character is
 * the key (M-Up is Up, Esc Esc is Esc). */
static ink_action lookup(const ink_decoder *d, ink_key key, uint32_t cp, unsigned mods)
{
	ink_action a = ink_lookup(d->mode, key, cp, mods);

	if (a == INK_ACT_NONE && (mods & INK_MOD_SHIFT))
		a = ink_lookup(d->mode, key, cp, mods & ~(unsigned)INK_MOD_SHIFT);
	if (a == INK_ACT_NONE && (mods & INK_MOD_ALT) && (key != INK_KEY_NONE || cp < 0x20))
		a = ink_lookup(d->mode, key, cp, mods & ~(unsigned)(INK_MOD_ALT | INK_MOD_SHIFT));
	return a;
}

/* ---- Ctrl-V entry (ctrlv.c) ---- */

/* What an entry's step gives: its code point into the text, or a notice. */
static void cv_apply(ink_decoder *d, cv_result res, uint32_t cp)
{
	if (res == CV_CP)
		put_plain(d, cp);
	else if (res == CV_REJECTED)
		set_notice(d, INK_NOTICE_ENTRY_REJECTED);
	else if (res == CV_CANCELLED)
		set_notice(d, INK_NOTICE_ENTRY_CANCELLED);
}

/* ---- keys ---- */

/* The character a key stands for, where it has one (for a paste, and for
 * Ctrl-V's literal insertion): 0 if none. */
static uint32_t key_char(ink_key key)
{
	switch (key) {
	case INK_KEY_ENTER: return '\r';
	case INK_KEY_TAB: return '\t';
	case INK_KEY_ESCAPE: return CP_ESC;
	case INK_KEY_BACKSPACE: return CP_DEL;   /* what the key sends on most terminals */
	default: return 0;
	}
}

static ink_action dispatch_key(ink_decoder *d, ink_key key, unsigned mods)
{
	ink_action a;

	if (key == INK_KEY_TAB && (mods & INK_MOD_SHIFT)) {
		key = INK_KEY_BACKTAB;
		mods &= ~(unsigned)INK_MOD_SHIFT;
	}
	if (key == INK_KEY_ESCAPE && drop_composition(d))
		return INK_ACT_NONE;
	a = lookup(d, key, 0, mods);
	if (a == INK_ACT_NONE) {
		notice_unbound(d, key, 0, mods);
		return INK_ACT_NONE;
	}
	return do_action(d, a);
}

/* A key after begin_feed (from ink_feed_key, or a recognised sequence). */
static ink_event key_input(ink_decoder *d, ink_key key, unsigned mods)
{
	uint32_t c;

	if (key == INK_KEY_RESIZE)
		return make_event(d, INK_ACT_RESIZE);
	if (key == INK_KEY_MOUSE)
		return make_event(d, INK_ACT_MOUSE);
	if (d->in_paste) {
		ink_event ev = { .kind = INK_EV_PASTE, .action = INK_ACT_NONE };
		if (key != INK_KEY_PASTE_END) {
			c = key_char(key);
			if (c)
				paste_buf_add(&d->paste, c);
			return make_event(d, INK_ACT_NONE);
		}
		d->in_paste = false;
		ev.text = paste_buf_finish(&d->paste, &ev.text_len);
		ev.truncated = d->paste.truncated;
		update_preedit(d);
		return ev;
	}
	if (cv_active(&d->cv)) {
		cv_result res;
		uint32_t cp = 0;
		bool took = cv_key(&d->cv, key_char(key), &res, &cp);
		cv_apply(d, res, cp);
		if (took)
			return make_event(d, INK_ACT_NONE);
	}
	if (key == INK_KEY_PASTE_START) {
		/* The paste goes where the cursor is: commit what is waiting first. */
		im_flush(&d->comp, &d->out);
		d->in_paste = true;
		paste_buf_begin(&d->paste);
		return make_event(d, INK_ACT_NONE);
	}
	if (key == INK_KEY_PASTE_END)
		return make_event(d, INK_ACT_NONE);
	return make_event(d, dispatch_key(d, key, mods));
}

ink_event ink_feed_key(ink_decoder *d, ink_key key, unsigned mods)
{
	ink_event none = { .kind = INK_EV_NONE, .action = INK_ACT_NONE };

	if (!d || (unsigned)key >= INK_KEY_COUNT || key == INK_KEY_NONE)
		return none;
	begin_feed(d);
	/* A key cannot be part of a sequence being swallowed: it ends it, which
	 * is reported as a character that cannot be in it is (seq_char).  A
	 * resize or the mouse is not the keyboard's: the sequence goes on. */
	if (esc_active(&d->seq) && key != INK_KEY_RESIZE && key != INK_KEY_MOUSE) {
		set_notice(d, INK_NOTICE_UNKNOWN_SEQUENCE);
		esc_spell(&d->seq, d->notice_text, sizeof d->notice_text);
		esc_reset(&d->seq);
	}
	return key_input(d, key, mods & 7u);
}

ink_event ink_feed_sequence(ink_decoder *d, const ink_sequence *seq)
{
	ink_event none = { .kind = INK_EV_NONE, .action = INK_ACT_NONE };

	if (!d || !seq || !seq->bytes)
		return none;
	if (!d->in_paste)
		return ink_feed_key(d, seq->key, seq->mods);
	/* Pasted text that happens to spell a key stays text. */
	begin_feed(d);
	for (const char *p = seq->bytes; *p; p++)
		paste_buf_add(&d->paste, (unsigned char)*p);
	return make_event(d, INK_ACT_NONE);
}

/* ---- escape sequences the app let through ---- */

/* A character while swallowing.  Returns true (and *ev) when the sequence
 * took it; false when it cannot be part of one: the sequence so far is then
 * reported and the caller processes the character as usual. */
static bool seq_char(ink_decoder *d, uint32_t cp, unsigned mods, ink_event *ev)
{
	const ink_sequence *row;
	esc_step step = esc_feed(&d->seq, cp, mods, &row);

	if (step == ESC_KNOWN) {
		*ev = key_input(d, row->key, row->mods);
		return true;
	}
	if ((step == ESC_UNKNOWN || step == ESC_CAPPED || (step == ESC_BROKEN && !esc_reported(&d->seq)))
	    && d->notice == INK_NOTICE_NONE) {
		d->notice = INK_NOTICE_UNKNOWN_SEQUENCE;
		esc_spell(&d->seq, d->notice_text, sizeof d->notice_text);
	}
	if (step == ESC_BROKEN)
		return false;
	*ev = make_event(d, INK_ACT_NONE);
	return true;
}

/* ---- characters ---- */

/* A terminal that reports Ctrl as a modifier (kitty, CSI u): fold to the
 * C0 control, as the classic encoding would. */
static uint32_t fold_ctrl(uint32_t cp)
{
	if (cp == '?')
		return CP_DEL;
	if (cp == '/')
		return 0x1F;   /* C-/ sends what C-_ sends */
	if (cp >= 'a' && cp <= 'z')
		return cp - 0x60;
	if (cp >= '@' && cp <= '_')
		return cp - 0x40;
	if (cp == ' ')
		return 0;
	return cp;
}

/* A printable character with no binding. */
static ink_action printable(ink_decoder *d, uint32_t cp, unsigned mods)
{
	if (!ink_mode_takes_text(d->mode)) {
		notice_unbound(d, INK_KEY_NONE, cp, mods);
		return INK_ACT_NONE;
	}
	/* With a keymap on, Alt+key types the key itself, bypassing the input
	 * method; with none, an unbound Alt+key is just unbound (typing it
	 * would hide a mistyped or misremembered binding). */
	if (mods & INK_MOD_ALT) {
		if (!ink_im_active(d)) {
			notice_unbound(d, INK_KEY_NONE, cp, mods);
			return INK_ACT_NONE;
		}
	} else if (ink_im_active(d) && cp < 0x80) {
		im_feed(&d->comp, d->im, (char)cp, &d->out);
		return INK_ACT_NONE;
	}
	put_plain(d, cp);
	return INK_ACT_NONE;
}

/* A character in the normal state. */
static ink_action normal_char(ink_decoder *d, uint32_t cp, unsigned mods)
{
	ink_action a;

	if ((mods & INK_MOD_CTRL) && cp < 0x80) {
		cp = fold_ctrl(cp);
		mods &= ~(unsigned)INK_MOD_CTRL;
	}
	/* The keys that send a control character are those keys. */
	if (cp == 0x0D || cp == 0x0A)
		return dispatch_key(d, INK_KEY_ENTER, mods);
	if (cp == 0x09)
		return dispatch_key(d, INK_KEY_TAB, mods);
	if (cp == CP_DEL)
		return dispatch_key(d, INK_KEY_BACKSPACE, mods);
	if (cp == CP_ESC)
		return dispatch_key(d, INK_KEY_ESCAPE, mods);
	if (cp == CP_CTRL_V && ink_mode_takes_text(d->mode)) {
		cv_begin(&d->cv);
		return INK_ACT_NONE;
	}
	if (cp == CP_CTRL_G && drop_composition(d))
		return INK_ACT_NONE;
	a = lookup(d, INK_KEY_NONE, cp, mods);
	if (a != INK_ACT_NONE)
		return do_action(d, a);
	if (cp < 0x20) {
		notice_unbound(d, INK_KEY_NONE, cp, mods);
		return INK_ACT_NONE;
	}
	return printable(d, cp, mods);
}

ink_event ink_feed_char(ink_decoder *d, uint32_t cp, unsigned mods)
{
	ink_event none = { .kind = INK_EV_NONE, .action = INK_ACT_NONE }, ev;

	if (!d)
		return none;
	begin_feed(d);
	mods &= 7u;
	if (!valid_scalar(cp))
		cp = 0xFFFD;
	if (d->in_paste) {
		paste_buf_add(&d->paste, cp);
		return make_event(d, INK_ACT_NONE);
	}
	if (esc_active(&d->seq) && seq_char(d, cp, mods, &ev))
		return ev;
	if ((mods & INK_MOD_ALT) && esc_intro(cp)) {
		esc_begin(&d->seq, cp);
		return make_event(d, INK_ACT_NONE);
	}
	if (cv_active(&d->cv)) {
		cv_result res;
		uint32_t entered = 0;
		bool took = cv_char(&d->cv, cp, &res, &entered);
		cv_apply(d, res, entered);
		if (took)
			return make_event(d, INK_ACT_NONE);
	}
	return make_event(d, normal_char(d, cp, mods));
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

void ink_set_keep_delimiters(ink_decoder *d, bool keep)
{
	if (d)
		d->comp.keep_delimiters = keep;
}

bool ink_keep_delimiters(const ink_decoder *d)
{
	return d && d->comp.keep_delimiters;
}

void ink_set_katakana(ink_decoder *d, bool on)
{
	if (d)
		d->comp.katakana = on;
}

bool ink_katakana(const ink_decoder *d)
{
	return d && d->comp.katakana;
}
