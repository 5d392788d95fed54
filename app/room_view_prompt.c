/* The viewer's prompts in the status line, a room over the viewer in the
 * search mode's keys (typed text goes to the prompt):
 *
 *   / and ?   incremental search over the entries shown, forward or
 *             backward from the selected one, round the ends; C-s and C-r
 *             the next and previous match; Enter keeps the match (n and N
 *             then repeat it), Esc and C-g go back to where it started;
 *   : M-g     a line number; Enter goes to the first line shown at or
 *             after it;
 *   w         "write?" y writes; anything else (n, Esc, Enter) does not;
 *   q         "quit without writing?" y quits, w writes then quits, n,
 *             Esc stay; a list from standard input (no w) asks y/n.
 *
 * The y/n questions answer to the physical key: a keymap on is off while
 * one is open (prompt_close turns it back on).
 * C-c ends a prompt as Esc does, then leaves as C-c does in the viewer.
 * The prompt is written to the status line after each event (as C-r's
 * is: app/room_search.c), then the event's message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/utf8.h>

#include "draw.h"
#include "i18n.h"
#include "output.h"
#include "tui_state.h"
#include "view_list.h"

void view_prompt_open(tui *t, view_prompt p, bool backward)
{
	viewer *v = &t->vw;
	v->prompt = p;
	v->backward = backward;
	v->failing = false;
	v->prompt_pos = v->pos;
	iri_buf_reset(&v->answer);
	t->scr.search = true;
	/* A y/n question answers to the physical key: a keymap would turn y
	 * into a letter of its own (Hebrew ט).  The search and the line number
	 * keep it (searching Hebrew text by typing it is useful). */
	v->im_paused = (p == VIEW_PROMPT_WRITE || p == VIEW_PROMPT_QUIT) && ink_im_active(t->keys);
	if (v->im_paused)
		ink_set_im_active(t->keys, false);
}

/* Every way out of a prompt (an answer, Enter, Esc, C-g, C-c) comes here:
 * the keymap a question turned off is on again. */
static void prompt_close(tui *t)
{
	viewer *v = &t->vw;
	v->prompt = VIEW_PROMPT_NONE;
	t->scr.search = false;
	if (v->im_paused)
		ink_set_im_active(t->keys, true);
	v->im_paused = false;
}

/* The search from pos (itself when inclusive) for pat; shows the match, or
 * returns false with nothing moved. */
static bool seek(tui *t, const char *pat, size_t n, size_t pos, bool backward, bool inclusive, bool *wrapped)
{
	size_t at = vl_find(t->vw.list, pat, n, pos, !backward, inclusive, wrapped);
	if (at == SIZE_MAX)
		return false;
	viewer_show(t, at);
	return true;
}

static void wrapped_note(tui *t, bool backward)
{
	snprintf(t->scr.status, sizeof t->scr.status, "%s", backward
		/* TRANSLATORS: a backward search (? or N) went on from the last line. */
		? _("search went round: on from the bottom")
		/* TRANSLATORS: a forward search (/ or n) went on from the first line. */
		: _("search went round: on from the top"));
}

void view_search_again(tui *t, bool reverse)
{
	viewer *v = &t->vw;
	if (v->last_pat.len == 0) {
		/* TRANSLATORS: n or N before any search; keep / and ?. */
		snprintf(t->scr.status, sizeof t->scr.status, "%s", _("no search yet: / or ? starts one"));
		return;
	}
	bool backward = v->last_backward != reverse, wrapped;
	if (!seek(t, v->last_pat.data, v->last_pat.len, v->pos, backward, false, &wrapped)) {
		char quoted[sizeof t->scr.status / 2];
		ui_quote(v->last_pat.data, v->last_pat.len, quoted, sizeof quoted);
		/* TRANSLATORS: %s: the pattern searched for. */
		snprintf(t->scr.status, sizeof t->scr.status, _("not found: %s"), quoted);
	} else if (wrapped) {
		wrapped_note(t, backward);
	}
}

/* The pattern changed: from where the search started, the first match. */
static void search_from_start(tui *t)
{
	viewer *v = &t->vw;
	bool wrapped;
	if (v->answer.len == 0) {
		v->failing = false;
		viewer_show(t, v->prompt_pos);
		return;
	}
	v->failing = !seek(t, v->answer.data, v->answer.len, v->prompt_pos, v->backward, true, &wrapped);
	if (v->failing)
		viewer_show(t, v->prompt_pos);
	else if (wrapped)
		wrapped_note(t, v->backward);
}

/* y / n prompts: the answer typed. */
static run_state answer_yes_no(tui *t, const char *text, size_t len)
{
	viewer *v = &t->vw;
	char c = len == 1 ? text[0] : 0;
	view_prompt p = v->prompt;
	if (c == 'y' || c == 'Y') {
		prompt_close(t);
		if (p == VIEW_PROMPT_QUIT)
			return RUN_CANCEL;
		viewer_write(t);
	} else if (c == 'n' || c == 'N') {
		prompt_close(t);
		/* TRANSLATORS: after n at the viewer's write question / its quit question (the viewer stays open). */
		snprintf(t->scr.status, sizeof t->scr.status, "%s", p == VIEW_PROMPT_WRITE ? _("not written") : _("staying in the viewer"));
	} else if (p == VIEW_PROMPT_QUIT && vl_can_write(v->list) && (c == 'w' || c == 'W')) {
		prompt_close(t);
		if (viewer_write(t))
			return RUN_CANCEL;
	} else if (p == VIEW_PROMPT_QUIT && vl_can_write(v->list)) {
		/* TRANSLATORS: a key other than y, w or n at the viewer's quit question. */
		snprintf(t->scr.status, sizeof t->scr.status, "%s", _("answer y, w or n"));
	} else {
		/* TRANSLATORS: a key other than y or n at the viewer's question. */
		snprintf(t->scr.status, sizeof t->scr.status, "%s", _("answer y or n"));
	}
	return RUN_ON;
}

/* Appends all of text or nothing: a refused append (past the cap) is
 * rewound, so the answer takes the keys that follow it. */
static bool append_whole(iri_buf *answer, const char *text, size_t len)
{
	iri_buf_mark before = iri_buf_get_mark(answer);
	if (iri_buf_append(answer, text, len))
		return true;
	iri_buf_rewind(answer, before);
	return false;
}

/* Typed text and pastes: the pattern, the line number, or the answer. */
static run_state take_text(tui *t, const ink_event *ev)
{
	viewer *v = &t->vw;
	if (v->prompt == VIEW_PROMPT_WRITE || v->prompt == VIEW_PROMPT_QUIT)
		/* A paste never answers: only a key typed does. */
		return answer_yes_no(t, ev->kind == INK_EV_PASTE ? "" : ev->text, ev->kind == INK_EV_PASTE ? 0 : ev->text_len);
	if (v->prompt == VIEW_PROMPT_GOTO) {
		for (size_t k = 0; k < ev->text_len; k++)
			if (ev->text[k] < '0' || ev->text[k] > '9') {
				/* TRANSLATORS: something other than a digit typed at the viewer's "go to line" prompt. */
				snprintf(t->scr.status, sizeof t->scr.status, "%s", _("a line number is digits only"));
				return RUN_ON;
			}
		if (v->answer.len + ev->text_len > 18 || !append_whole(&v->answer, ev->text, ev->text_len))
			/* TRANSLATORS: more digits than any line number has, at the viewer's "go to line" prompt. */
			snprintf(t->scr.status, sizeof t->scr.status, "%s", _("no file has that many lines"));
		return RUN_ON;
	}
	if (!append_whole(&v->answer, ev->text, ev->text_len))
		snprintf(t->scr.status, sizeof t->scr.status, "%s", _("the search pattern is too long"));
	else
		search_from_start(t);
	return RUN_ON;
}

/* Text, and the action one key may bring with it (a composition ended by
 * Enter): the text first, then the action, as the editor does. */
static run_state typed(tui *t, const ink_event *ev)
{
	run_state run = take_text(t, ev);
	if (run == RUN_ON && ev->kind == INK_EV_TEXT && ev->action != INK_ACT_NONE && t->scr.search) {
		tui_analyse(t);
		return rooms_act(t, ev->action);
	}
	return run;
}

/* Backspace: one character (a whole UTF-8 sequence) off the answer. */
static run_state shorten(tui *t, ink_action a)
{
	(void)a;
	viewer *v = &t->vw;
	if (v->answer.len == 0)
		return RUN_ON;
	int32_t cut = (int32_t)v->answer.len;   /* the answer's cap is far below INT32_MAX */
	U8_BACK_1((const uint8_t *)v->answer.data, 0, cut);
	iri_buf_truncate(&v->answer, (size_t)cut);
	if (v->prompt == VIEW_PROMPT_SEARCH)
		search_from_start(t);
	return RUN_ON;
}

/* C-s / C-r while searching: the next / previous match. */
static run_state next_match(tui *t, ink_action a)
{
	viewer *v = &t->vw;
	if (v->prompt != VIEW_PROMPT_SEARCH || v->answer.len == 0)
		return RUN_ON;
	bool backward = a == INK_ACT_SEARCH_OLDER, wrapped;
	v->failing = !seek(t, v->answer.data, v->answer.len, v->pos, backward, false, &wrapped);
	if (!v->failing && wrapped)
		wrapped_note(t, backward);
	return RUN_ON;
}

static void go_to_line(tui *t)
{
	viewer *v = &t->vw;
	unsigned long long line = 0;
	for (size_t k = 0; k < v->answer.len; k++)
		line = line * 10 + (unsigned long long)(v->answer.data[k] - '0');
	if (v->answer.len == 0)
		return;
	size_t pos = vl_pos_of_line(v->list, line);
	if (pos == SIZE_MAX)
		return;
	viewer_show(t, pos);
	unsigned long long got = vl_line(v->list, viewer_entry(t));
	if (got != line && !t->scr.status[0])
		/* TRANSLATORS: : or M-g in the viewer; first %llu: the line asked for, second: the line shown. */
		snprintf(t->scr.status, sizeof t->scr.status, _("no line %llu shown: line %llu is the nearest"), line, got);
}

/* Enter (or a motion key): the prompt's answer taken. */
static run_state accept(tui *t, ink_action a)
{
	(void)a;
	viewer *v = &t->vw;
	switch (v->prompt) {
	case VIEW_PROMPT_SEARCH:
		if (v->answer.len) {
			iri_buf_reset(&v->last_pat);
			iri_buf_append(&v->last_pat, v->answer.data, v->answer.len);
			v->last_backward = v->backward;
			prompt_close(t);
		} else {
			/* An empty pattern: the last search again, this way (as less does). */
			prompt_close(t);
			if (v->last_pat.len) {
				v->last_backward = v->backward;
				view_search_again(t, false);
			}
		}
		break;
	case VIEW_PROMPT_GOTO:
		prompt_close(t);
		go_to_line(t);
		break;
	default:
		return answer_yes_no(t, "n", 1);
	}
	return RUN_ON;
}

/* Esc, C-g: the prompt closed, the selection back where it was. */
static run_state cancel(tui *t, ink_action a)
{
	(void)a;
	viewer *v = &t->vw;
	view_prompt p = v->prompt;
	prompt_close(t);
	if (p == VIEW_PROMPT_SEARCH || p == VIEW_PROMPT_GOTO)
		viewer_show(t, v->prompt_pos);
	else if (p == VIEW_PROMPT_WRITE || p == VIEW_PROMPT_QUIT)
		snprintf(t->scr.status, sizeof t->scr.status, "%s", p == VIEW_PROMPT_WRITE ? _("not written") : _("staying in the viewer"));
	return RUN_ON;
}

/* C-\: the decoder switched the keymap.  A y/n question answers to the
 * physical key, so there it is switched back (prompt_close restores the
 * keymap as it was); the search and the line number take it. */
static run_state im_toggle(tui *t, ink_action a)
{
	viewer *v = &t->vw;
	if (v->prompt == VIEW_PROMPT_WRITE || v->prompt == VIEW_PROMPT_QUIT) {
		ink_set_im_active(t->keys, false);
		return answer_yes_no(t, "", 0);
	}
	return rooms_im_toggled(t, a);
}

/* C-c: the prompt closed, then C-c as the viewer takes it (quit, which
 * asks when there are changes; at the quit question it is a no). */
static run_state cancel_and_leave(tui *t, ink_action a)
{
	view_prompt p = t->vw.prompt;
	cancel(t, a);
	return p == VIEW_PROMPT_QUIT ? RUN_ON : rooms_act(t, a);
}

/* The prompt, then the event's message after it. */
static void prompt_status(tui *t)
{
	viewer *v = &t->vw;
	char msg[sizeof t->scr.status], quoted[sizeof t->scr.status / 2], head[sizeof t->scr.status], tag[128];
	snprintf(msg, sizeof msg, "%s", t->scr.status);
	size_t n = vl_unwritten(v->list);
	bool doc = vl_is_document(v->list);
	switch (v->prompt) {
	case VIEW_PROMPT_SEARCH:
		ui_quote(v->answer.data ? v->answer.data : "", v->answer.len, quoted, sizeof quoted);
		/* The keymap the pattern is typed through, first (C-\ switches it here too). */
		rooms_keymap_tag(t, tag, sizeof tag);
		/* TRANSLATORS: the viewer's search prompt: "/" forward or "?" backward, then the pattern typed. */
		snprintf(head, sizeof head, v->failing ? _("%s%s (not found)") : "%s%s", v->backward ? "?" : "/", quoted);
		if (tag[0] && strlen(tag) + strlen(head) < sizeof head) {
			memmove(head + strlen(tag), head, strlen(head) + 1);
			memcpy(head, tag, strlen(tag));
		}
		break;
	case VIEW_PROMPT_GOTO:
		/* TRANSLATORS: the viewer's prompt for a line number; %s: the digits typed. */
		snprintf(head, sizeof head, _("go to line: %.*s"), (int)v->answer.len, v->answer.data ? v->answer.data : "");
		break;
	case VIEW_PROMPT_WRITE:
		ui_quote(vl_path(v->list), strlen(vl_path(v->list)), quoted, sizeof quoted);
		snprintf(head, sizeof head, doc
			/* TRANSLATORS: view --extract; %zu: how many IRIs were replaced; %s: the file; keep (y/n). */
			? ngettext("write %zu replaced IRI to %s? (y/n)", "write %zu replaced IRIs to %s? (y/n)", n)
			/* TRANSLATORS: %zu: how many lines were replaced; %s: the file; keep (y/n). */
			: ngettext("write %zu replaced line to %s? (y/n)", "write %zu replaced lines to %s? (y/n)", n),
			n, quoted);
		break;
	case VIEW_PROMPT_QUIT:
		if (vl_can_write(v->list))
			snprintf(head, sizeof head, doc
				/* TRANSLATORS: view --extract; %zu: how many IRIs were replaced and not written; keep y, w and n. */
				? ngettext("%zu replaced IRI not written: quit? (y: quit, w: write and quit, n: stay)",
					"%zu replaced IRIs not written: quit? (y: quit, w: write and quit, n: stay)", n)
				/* TRANSLATORS: %zu: how many lines were replaced and not written; keep y, w and n. */
				: ngettext("%zu replaced line not written: quit? (y: quit, w: write and quit, n: stay)",
					"%zu replaced lines not written: quit? (y: quit, w: write and quit, n: stay)", n), n);
		else
			snprintf(head, sizeof head, doc
				/* TRANSLATORS: view --extract of standard input; %zu: how many IRIs were replaced; keep (y/n). */
				? ngettext("%zu replaced IRI cannot be written back: quit and lose it? (y/n)",
					"%zu replaced IRIs cannot be written back: quit and lose them? (y/n)", n)
				/* TRANSLATORS: a list read from standard input; %zu: how many lines were replaced; keep (y/n). */
				: ngettext("%zu replaced line cannot be written back: quit and lose it? (y/n)",
					"%zu replaced lines cannot be written back: quit and lose them? (y/n)", n), n);
		break;
	default:
		return;
	}
	/* The message after the prompt, its end cut on a character boundary. */
	size_t len = strlen(head);
	if (msg[0] && len + 2 < sizeof head) {
		memcpy(head + len, "  ", 3);
		len += 2;
		size_t m = out_cut_bytes(msg, strlen(msg), sizeof head - 1 - len);
		memcpy(head + len, msg, m);
		head[len + m] = '\0';
	}
	memcpy(t->scr.status, head, sizeof t->scr.status);
}

static const room_row prompt_rows[] = {
	{ INK_ACT_SEARCH_OLDER, next_match },
	{ INK_ACT_SEARCH_NEWER, next_match },
	{ INK_ACT_SEARCH_ACCEPT, accept },
	{ INK_ACT_SEARCH_CANCEL, cancel },
	{ INK_ACT_SEARCH_DELETE_BACK, shorten },
	{ INK_ACT_CANCEL, cancel_and_leave },
	{ INK_ACT_IM_TOGGLE, im_toggle },
};

const room room_view_prompt = {
	.id = ROOM_SEARCH,
	.rows = prompt_rows,
	.n_rows = ROWS_OF(prompt_rows),
	.insert = typed,
	.prompt = prompt_status,
};
