/* Invariants of the display (render), the edit buffer and the key decoder; see inv_base.h. */
#ifndef IRIE_FUZZ_INV_UI_H
#define IRIE_FUZZ_INV_UI_H

#include "inv_base.h"

/* ---- render ----------------------------------------------------------- */

/* Logical positions the way render counts them: a well-formed sequence is
 * one, every byte of anything else is one. */
static inline size_t inv_render_len(const char *text, size_t len)
{
	const uint8_t *s = (const uint8_t *)text;
	size_t n = 0;
	uint32_t cp = 0;
	for (size_t i = 0, k; i < len; i += k, n++)
		if ((k = inv_utf8_next(s + i, len - i, &cp)) == 0)
			k = 1;
	return n;
}

static inline bool inv_unsafe_cp(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 ||
		u_charType((UChar32)cp) == U_FORMAT_CHAR || u_charType((UChar32)cp) == U_CONTROL_CHAR;
}

static rnd_display *inv_display_;

static inline void inv_render_form(rnd_display *d, rnd_form f, size_t n, int shape)
{
	const char *fn = rnd_form_name(f);
	size_t len, n_cells;
	(void)rnd_form_text(d, f, &len);
	const size_t *v2l = rnd_form_v2l(d, f), *l2v = rnd_form_l2v(d, f);
	INV_REQUIRE("render", n == 0 || (v2l && l2v), "%s: no maps", fn);
	unsigned char *seen = calloc(n + 1, 1);
	if (!seen)
		abort();
	for (size_t v = 0; v < len; v++) {
		size_t l = v2l[v];
		if (l == RND_NO_CP) {
			INV_REQUIRE("render", f == RND_FORM_MARKED, "%s (shape %d): inserted mark at vis %zu", fn, shape, v);
			continue;
		}
		INV_REQUIRE("render", l < n, "%s (shape %d): v2l[%zu] = %zu >= %zu", fn, shape, v, l, n);
		INV_REQUIRE("render", !seen[l], "%s (shape %d): logical %zu shown twice", fn, shape, l);
		seen[l] = 1;
		INV_REQUIRE("render", l2v[l] == v, "%s (shape %d): l2v[v2l[%zu] = %zu] = %zu", fn, shape, v, l, l2v[l]);
	}
	for (size_t l = 0; l < n; l++)
		INV_REQUIRE("render", seen[l], "%s (shape %d): logical %zu never shown", fn, shape, l);
	free(seen);

	const rnd_cell *cells = rnd_form_cells(d, f, &n_cells);
	INV_REQUIRE("render", n_cells <= len, "%s: %zu cells for %zu positions", fn, n_cells, len);
	for (size_t i = 0; i < n_cells; i++) {
		const rnd_cell *c = &cells[i];
		size_t tl = strnlen(c->text, sizeof c->text);
		INV_REQUIRE("render", tl < sizeof c->text, "%s: cell %zu text not terminated", fn, i);
		INV_REQUIRE("render", tl > 0, "%s: cell %zu empty", fn, i);
		INV_REQUIRE("render", inv_is_utf8(c->text, tl), "%s (shape %d): cell %zu text not UTF-8", fn, shape, i);
		uint32_t cp = 0;
		for (size_t k = 0, m; k < tl; k += m) {
			m = inv_utf8_next((const uint8_t *)c->text + k, tl - k, &cp);
			INV_REQUIRE("render", !inv_unsafe_cp(cp), "%s (shape %d): cell %zu (logical [%zu,%zu)) shows U+%04X",
				fn, shape, i, c->cp_start, c->cp_end, cp);
		}
		INV_REQUIRE("render", c->vis < len, "%s: cell %zu vis %zu", fn, i, c->vis);
		INV_REQUIRE("render", i == 0 || c->vis > cells[i - 1].vis, "%s: cells not in display order", fn);
		if (c->cp_start == RND_NO_CP)
			continue;
		INV_REQUIRE("render", c->cp_start < c->cp_end && c->cp_end <= n,
			"%s (shape %d): cell %zu logical [%zu,%zu) of %zu", fn, shape, i, c->cp_start, c->cp_end, n);
		for (size_t l = c->cp_start; l < c->cp_end; l++)
			INV_REQUIRE("render", rnd_form_cell_of_cp(d, f, l) == i,
				"%s (shape %d): cell %zu shows logical [%zu,%zu) but cell_of_cp(%zu) = %zu",
				fn, shape, i, c->cp_start, c->cp_end, l, rnd_form_cell_of_cp(d, f, l));
	}
	for (size_t l = 0; l < n; l++) {
		size_t ci = rnd_form_cell_of_cp(d, f, l);
		INV_REQUIRE("render", ci < n_cells && cells[ci].cp_start != RND_NO_CP &&
			cells[ci].cp_start <= l && l < cells[ci].cp_end,
			"%s (shape %d): cell_of_cp(%zu) = %zu does not show it", fn, shape, l, ci);
	}
	INV_REQUIRE("render", rnd_form_cell_of_cp(d, f, n) == n_cells, "%s: cell_of_cp(len) != n_cells", fn);
}

static inline void inv_render(const uint8_t *data, size_t len)
{
	inv_begin(data, len);
	/* wcwidth() needs a UTF-8 locale, as in the app. */
	static bool locale_set;
	if (!locale_set) {
		if (!setlocale(LC_CTYPE, "C.UTF-8"))
			setlocale(LC_CTYPE, "");
		locale_set = true;
	}
	char *text = inv_dup(data, len);
	if (!inv_display_ && !(inv_display_ = rnd_display_new()))
		abort();
	rnd_display *d = inv_display_;
	/* Component spans from the parser, as the app passes them. */
	iri_ref ref;
	iri_parse(text, len, IRI_PARSE_IRI, &ref);
	rnd_span spans[IRI_COMP_COUNT];
	size_t n_spans = 0;
	for (int c = 0; c < IRI_COMP_COUNT; c++)
		if (ref.comp[c].present)
			spans[n_spans++] = (rnd_span){ ref.comp[c].cp_start, ref.comp[c].cp_end, c };
	size_t n = inv_render_len(text, len);
	for (int shape = 0; shape <= 1; shape++) {
		rnd_options o = { .shape_arabic = shape };
		rnd_result r = rnd_display_build(d, text, len, spans, n_spans, &o);
		INV_REQUIRE("render", r == RND_OK, "build: %s", rnd_result_name(r));
		INV_REQUIRE("render", rnd_logical_len(d) == n, "logical length %zu, counted %zu", rnd_logical_len(d), n);
		INV_REQUIRE("render", rnd_cp_byte(d, n) == len, "cp_byte(len) = %zu", rnd_cp_byte(d, n));
		for (int f = 0; f < RND_FORM_COUNT; f++)
			inv_render_form(d, (rnd_form)f, n, shape);
	}
	free(text);
}

/* ---- edit buffer ------------------------------------------------------ */

static inline void inv_edb_state(const edb_buffer *b, const char *what)
{
	size_t n;
	const char *t = edb_text(b, &n);
	INV_REQUIRE("edit", t != NULL && t[n] == '\0', "after %s: text not terminated", what);
	INV_REQUIRE("edit", strlen(t) == n, "after %s: NUL inside the text", what);
	INV_REQUIRE("edit", inv_is_utf8(t, n), "after %s: text not UTF-8", what);
	size_t c = edb_cursor(b);
	INV_REQUIRE("edit", c <= n, "after %s: cursor %zu > length %zu", what, c, n);
	INV_REQUIRE("edit", c == n || ((unsigned char)t[c] & 0xC0) != 0x80,
		"after %s: cursor %zu inside a code point", what, c);
	size_t kn;
	const char *k = edb_kill_text(b, &kn);
	INV_REQUIRE("edit", k != NULL && strlen(k) == kn && inv_is_utf8(k, kn), "after %s: kill text", what);
}

/* Undo everything, redo everything: the text must come back. */
static inline void inv_edb_undo_redo_all(edb_buffer *b)
{
	size_t n;
	const char *t = edb_text(b, &n);
	char *saved = inv_dup((const uint8_t *)t, n);
	size_t undone = 0, redone = 0;
	while (edb_undo(b) == EDB_OK) {
		inv_edb_state(b, "undo");
		undone++;
		INV_REQUIRE("edit", undone <= EDB_MAX_UNDO_STEPS, "more than %d undo steps", EDB_MAX_UNDO_STEPS);
	}
	INV_REQUIRE("edit", !edb_can_undo(b), "undo failed but can_undo");
	/* Exactly as many: steps undone before this stay on the redo list. */
	while (redone < undone) {
		edb_result r = edb_redo(b);
		INV_REQUIRE("edit", r == EDB_OK, "redo %zu of %zu undone steps: %s", redone + 1, undone,
			edb_result_name(r));
		inv_edb_state(b, "redo");
		redone++;
	}
	t = edb_text(b, &n);
	INV_REQUIRE("edit", strlen(saved) == n && memcmp(saved, t, n) == 0,
		"undo all + redo all: \"%s\" became \"%s\"", saved, t);
	free(saved);
}

/* One scripted operation: op byte, then payload bytes from data[*i..). */
static inline void inv_edb_op(edb_buffer *b, const uint8_t *data, size_t len, size_t *i)
{
	uint8_t op = data[(*i)++];
	size_t before_len;
	const char *before_t = edb_text(b, &before_len);
	char *before = inv_dup((const uint8_t *)before_t, before_len);
	size_t before_cursor = edb_cursor(b);
	size_t plen = 0;
	const char *payload = NULL;
	if ((op % 24) == 0 || (op % 24) == 1 || (op % 24) == 2) {
		/* Length byte, then that many bytes (raw: refusals are tested too). */
		plen = *i < len ? data[(*i)++] % 32 : 0;
		if (plen > len - *i)
			plen = len - *i;
		payload = (const char *)data + *i;
		*i += plen;
	}
	size_t a = *i < len ? data[(*i)] : 0;
	edb_result r;
	const char *name;
	switch (op % 24) {
	case 0: case 1: name = "insert"; r = edb_insert(b, payload, plen); break;
	case 2:
		name = "replace_range";
		{
			size_t n = before_len + 1;
			size_t s = *i < len ? data[(*i)++] % n : 0;
			size_t e = *i < len ? data[(*i)++] % n : 0;
			r = edb_replace_range(b, s, e, payload, plen);
		}
		break;
	case 3: name = "set_cursor"; (*i)++; r = edb_set_cursor(b, a % (before_len + 2)); break;
	case 4: name = "move_grapheme"; (*i)++; r = edb_move_grapheme(b, (long)(int8_t)a % 5); break;
	case 5: name = "home"; r = edb_home(b); break;
	case 6: name = "end"; r = edb_end(b); break;
	case 7: name = "word_backward"; r = edb_word_backward(b); break;
	case 8: name = "word_forward"; r = edb_word_forward(b); break;
	case 9: name = "delete_backward"; r = edb_delete_backward_grapheme(b); break;
	case 10: name = "delete_forward"; r = edb_delete_forward_grapheme(b); break;
	case 11: name = "kill_to_end"; r = edb_kill_to_end(b); break;
	case 12: name = "kill_to_start"; r = edb_kill_to_start(b); break;
	case 13: name = "kill_word_backward"; r = edb_kill_word_backward(b); break;
	case 14: name = "kill_word_forward"; r = edb_kill_word_forward(b); break;
	case 15: name = "yank"; r = edb_yank(b); break;
	case 16: case 17: name = "undo"; r = edb_undo(b); break;
	case 18: name = "redo"; r = edb_redo(b); break;
	case 19: name = "undo_boundary"; edb_undo_boundary(b); r = EDB_OK; break;
	case 20: name = "set_text"; r = edb_set_text(b, before, before_len / 2); break;
	case 21: name = "clear_history"; if (a == 0x42) edb_clear_history(b); r = EDB_OK; break;
	case 22: name = "insert_own_text"; {
			size_t n;
			const char *t = edb_text(b, &n);
			r = edb_insert(b, t, n / 3);   /* may point into the buffer itself */
		}
		break;
	default: name = "undo_redo_all"; inv_edb_undo_redo_all(b); r = EDB_OK; break;
	}
	inv_edb_state(b, name);
	if (r != EDB_OK) {
		size_t n;
		const char *t = edb_text(b, &n);
		INV_REQUIRE("edit", n == before_len && memcmp(t, before, n) == 0 && edb_cursor(b) == before_cursor,
			"%s failed (%s) but changed the text or cursor", name, edb_result_name(r));
	}
	if (r == EDB_OK && (op % 24) <= 1) {
		INV_REQUIRE("edit", inv_is_utf8(payload, plen) && !memchr(payload, 0, plen),
			"insert accepted an ill-formed payload");
	}
	free(before);
}

static inline void inv_edit(const uint8_t *data, size_t len)
{
	inv_begin(data, len);
	edb_buffer *b = edb_new();
	if (!b)
		abort();
	inv_edb_state(b, "new");
	for (size_t i = 0; i < len;)
		inv_edb_op(b, data, len, &i);
	inv_edb_undo_redo_all(b);
	edb_free(b);
}

/* ---- key decoder ------------------------------------------------------ */

#ifdef INV_HAVE_KEYS
static inline void inv_keys_apply(edb_buffer *b, ink_event ev)
{
	switch (ev.kind) {
	case INK_EV_NONE:
		break;
	case INK_EV_TEXT:
	case INK_EV_PASTE:
		INV_REQUIRE("keys", ev.text != NULL || ev.text_len == 0, "event text NULL");
		INV_REQUIRE("keys", inv_is_utf8(ev.text, ev.text_len), "%s text not UTF-8",
			ev.kind == INK_EV_TEXT ? "TEXT" : "PASTE");
		INV_REQUIRE("keys", !memchr(ev.text, 0, ev.text_len), "event text has NUL");
		if (ev.kind == INK_EV_PASTE)
			INV_REQUIRE("keys", !memchr(ev.text, '\r', ev.text_len) && !memchr(ev.text, '\n', ev.text_len),
				"paste text has CR/LF");
		INV_REQUIRE("keys", ev.text_len <= INK_PASTE_MAX_BYTES, "event text %zu bytes", ev.text_len);
		edb_insert(b, ev.text, ev.text_len);
		if (ev.kind == INK_EV_PASTE) {
			edb_undo_boundary(b);
			break;
		}
		/* TEXT may carry an action, done after the insert. */
		inv_edb_state(b, "key text");
		/* fall through */
	case INK_EV_ACTION:
		INV_REQUIRE("keys", ev.action < INK_ACT_COUNT, "action %d", ev.action);
		switch (ev.action) {
		case INK_ACT_LEFT: case INK_ACT_BACK_CHAR: edb_move_grapheme(b, -1); break;
		case INK_ACT_RIGHT: case INK_ACT_FORWARD_CHAR: edb_move_grapheme(b, 1); break;
		case INK_ACT_WORD_LEFT: edb_word_backward(b); break;
		case INK_ACT_WORD_RIGHT: edb_word_forward(b); break;
		case INK_ACT_HOME: edb_home(b); break;
		case INK_ACT_END: edb_end(b); break;
		case INK_ACT_DELETE_BACK: edb_delete_backward_grapheme(b); break;
		case INK_ACT_DELETE_FORWARD: edb_delete_forward_grapheme(b); break;
		case INK_ACT_KILL_END: edb_kill_to_end(b); break;
		case INK_ACT_KILL_START: edb_kill_to_start(b); break;
		case INK_ACT_KILL_WORD: edb_kill_word_backward(b); break;
		case INK_ACT_YANK: edb_yank(b); break;
		case INK_ACT_UNDO: edb_undo(b); break;
		case INK_ACT_REDO: edb_redo(b); break;
		default: break;
		}
		break;
	default:
		inv_fail_("keys", "event kind %d", ev.kind);
	}
	inv_edb_state(b, "key event");
}

/* Script: each byte < 0xF0 is a character (bytes 0xC0..0xEF start a
 * multi-byte code point taken from the next two bytes); 0xF0..0xFF take the
 * next byte as a key (low 5 bits) and modifiers (high 3 bits); 0xFF then
 * 0x00 switches input method by the byte after. */
static inline void inv_keys(const uint8_t *data, size_t len)
{
	inv_begin(data, len);
	ink_decoder *d = ink_decoder_new();
	edb_buffer *b = edb_new();
	if (!d || !b)
		abort();
	for (size_t i = 0; i < len;) {
		uint8_t c = data[i++];
		ink_event ev;
		if (c < 0xC0) {
			ev = ink_feed_char(d, c, 0);
		} else if (c < 0xE0) {
			/* A code point: 0x80..0x10FFFF from the next bytes; surrogates too. */
			uint32_t cp = (uint32_t)(c & 0x1F) << 16;
			if (i < len) cp |= (uint32_t)data[i++] << 8;
			if (i < len) cp |= data[i++];
			ev = ink_feed_char(d, cp, (c & 1) ? INK_MOD_ALT : 0);
		} else if (c < 0xF0) {
			ev = ink_feed_char(d, c & 0x7F, INK_MOD_ALT);
		} else if (c == 0xFF && i + 1 < len && data[i] == 0) {
			ink_set_im(d, (ink_im)(data[i + 1] % INK_IM_COUNT));
			i += 2;
			continue;
		} else if (c == 0xFE) {
			ink_set_im_active(d, !ink_im_active(d));
			continue;
		} else {
			uint8_t k = i < len ? data[i++] : 0;
			ev = ink_feed_key(d, (ink_key)(k % INK_KEY_COUNT), (unsigned)(k >> 5) & 7);
		}
		const char *pre = ink_preedit(d);
		INV_REQUIRE("keys", pre != NULL && inv_is_utf8(pre, strlen(pre)), "preedit not UTF-8");
		inv_keys_apply(b, ev);
	}
	ink_decoder_free(d);
	edb_free(b);
}
#endif

#endif
