/* C-r: reverse incremental search through the history, as readline does it.
 *
 * The room sits on top of the editor (or teach over it).  What is typed
 * extends the pattern; the newest history entry at or before the current
 * match that holds the pattern (a case-sensitive substring) is loaded into
 * the editor's buffer, so the edit line and the panes show it as they show
 * any text; the status line shows the prompt.  C-r goes to an older match,
 * C-s to a newer one, Backspace shortens the pattern; Enter (or a motion
 * key) keeps the match with the cursor at it; Esc and C-g put back the text
 * as it was before C-r; C-c does that and then leaves as Esc does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/utf8.h>

#include "draw.h"
#include "i18n.h"
#include "tui_state.h"

void searcher_init(searcher *s)
{
	memset(s, 0, sizeof *s);
	iri_buf_init(&s->pat);
	iri_buf_init(&s->last_pat);
	iri_buf_init(&s->saved);
	/* Capped like the edit buffer: a pattern longer than any entry finds nothing anyway. */
	s->pat.cap = s->last_pat.cap = s->saved.cap = EDB_MAX_TEXT_BYTES;
	s->match = SIZE_MAX;
}

void searcher_fini(searcher *s)
{
	iri_buf_fini(&s->pat);
	iri_buf_fini(&s->last_pat);
	iri_buf_fini(&s->saved);
}

/* Where the pattern last starts in entry i (reverse search: the match
 * nearest the end), or SIZE_MAX. */
static size_t find_in(const tui *t, size_t i, const iri_buf *pat)
{
	size_t len;
	const char *e = history_entry(t->ed.hist, i, &len);
	if (!e || pat->len == 0 || pat->len > len)
		return SIZE_MAX;
	for (size_t k = len - pat->len + 1; k-- > 0;)
		if (memcmp(e + k, pat->data, pat->len) == 0)
			return k;
	return SIZE_MAX;
}

/* Shows entry i (pattern at byte at) in the editor, or the saved text for
 * SIZE_MAX.  The match shown before is taken back first (edb_undo_to_mark:
 * the mark search_start put), so the undo history holds at most the one
 * match shown, and nothing once the saved text is back. */
static void show(tui *t, size_t i, size_t at)
{
	searcher *s = &t->srch;
	s->match = i;
	s->match_byte = at;
	edb_undo_to_mark(t->ed.edb);
	if (i == SIZE_MAX) {
		size_t len;
		const char *text = edb_text(t->ed.edb, &len);
		if (len != s->saved.len || (len > 0 && memcmp(text, s->saved.data, len) != 0))
			editor_load(t, s->saved.data ? s->saved.data : "", s->saved.len);   /* undo failed (memory) */
		edb_set_cursor(t->ed.edb, s->saved_cursor);
		return;
	}
	size_t len;
	const char *e = history_entry(t->ed.hist, i, &len);
	editor_load(t, e, len);
	edb_set_cursor(t->ed.edb, at);
}

/* The first entry holding the pattern from entry from on, going older
 * (older) or newer; from itself counts when inclusive.  Shows it, or marks
 * the search failing and leaves the match shown. */
static void seek(tui *t, size_t from, bool older, bool inclusive)
{
	searcher *s = &t->srch;
	size_t n = history_count(t->ed.hist);
	size_t i = from;
	if (!inclusive) {
		if (older ? i == 0 : i + 1 >= n) {
			s->failing = true;
			return;
		}
		i = older ? i - 1 : i + 1;
	}
	for (;; i = older ? i - 1 : i + 1) {
		if (i < n) {
			size_t at = find_in(t, i, &s->pat);
			if (at != SIZE_MAX) {
				s->failing = false;
				show(t, i, at);
				return;
			}
		}
		if (older ? i == 0 : i + 1 >= n)
			break;
	}
	s->failing = true;
}

/* Where an older search starts: the match, or the history entry C-r was
 * pressed on (the newest entry when editing the draft). */
static void seek_older_from_here(tui *t, bool inclusive)
{
	searcher *s = &t->srch;
	size_t n = history_count(t->ed.hist);
	if (s->match != SIZE_MAX) {
		seek(t, s->match, true, inclusive);
		return;
	}
	if (n == 0) {
		s->failing = true;
		return;
	}
	seek(t, s->start < n ? s->start : n - 1, true, true);
}

run_state search_start(tui *t, ink_action a)
{
	(void)a;
	searcher *s = &t->srch;
	size_t len;
	const char *text = edb_text(t->ed.edb, &len);
	iri_buf_reset(&s->saved);
	iri_buf_append(&s->saved, text, len);
	s->saved_cursor = edb_cursor(t->ed.edb);
	iri_buf_reset(&s->pat);
	s->match = SIZE_MAX;
	s->failing = false;
	s->start = t->ed.hist_pos;
	/* The matches shown are previews: each is taken back before the next
	 * (show); one kept is one undo step. */
	edb_undo_boundary(t->ed.edb);
	edb_mark(t->ed.edb);
	t->scr.search = true;
	return RUN_ON;
}

/* Leaves the search; the editor keeps what it shows.  A kept match becomes
 * the history position (Up/Down go on from it; Down comes back to the text
 * typed before C-r). */
static void finish(tui *t, bool keep)
{
	searcher *s = &t->srch;
	editor *e = &t->ed;
	if (s->pat.len) {
		iri_buf_reset(&s->last_pat);
		iri_buf_append(&s->last_pat, s->pat.data, s->pat.len);
	}
	char *draft = NULL;
	bool draft_kept = true;
	if (keep && s->match != SIZE_MAX && e->hist_pos == history_count(e->hist)) {
		draft = strndup(s->saved.data ? s->saved.data : "", s->saved.len);
		draft_kept = draft != NULL;
	}
	if (!keep || s->match == SIZE_MAX || !draft_kept) {
		/* Without memory for the draft the match is not kept: the draft
		 * would be lost. */
		show(t, SIZE_MAX, 0);
		if (!draft_kept)
			snprintf(t->scr.status, sizeof t->scr.status, "%s", _("out of memory: the text stays as it is"));
	} else {
		if (draft) {
			free(e->draft);
			e->draft = draft;
		}
		e->hist_pos = s->match;
	}
	t->scr.search = false;
}

static run_state older_newer(tui *t, ink_action a)
{
	searcher *s = &t->srch;
	if (s->pat.len == 0 && s->last_pat.len) {
		/* C-r on an empty pattern: the previous search's, as readline does. */
		iri_buf_append(&s->pat, s->last_pat.data, s->last_pat.len);
		seek_older_from_here(t, true);
		return RUN_ON;
	}
	if (s->pat.len == 0)
		return RUN_ON;
	if (a == INK_ACT_SEARCH_OLDER)
		seek_older_from_here(t, false);
	else if (s->match != SIZE_MAX)
		seek(t, s->match, false, false);
	else
		s->failing = true;
	return RUN_ON;
}

static run_state accept_match(tui *t, ink_action a)
{
	(void)a;
	finish(t, true);
	return RUN_ON;
}

static run_state cancel_search(tui *t, ink_action a)
{
	(void)a;
	finish(t, false);
	return RUN_ON;
}

/* C-c: the text as it was, then leaving as Esc leaves (it may warn). */
static run_state cancel_and_leave(tui *t, ink_action a)
{
	finish(t, false);
	return rooms_act(t, a);
}

/* Backspace: one character (a whole UTF-8 sequence) off the pattern; the
 * match still holds the shorter pattern, so it stays. */
static run_state shorten(tui *t, ink_action a)
{
	(void)a;
	searcher *s = &t->srch;
	if (s->pat.len == 0)
		return RUN_ON;
	int32_t cut = (int32_t)s->pat.len;   /* the pattern's cap is far below INT32_MAX */
	U8_BACK_1((const uint8_t *)s->pat.data, 0, cut);
	size_t n = (size_t)cut;
	iri_buf_truncate(&s->pat, n);
	if (n == 0) {
		s->failing = false;
		show(t, SIZE_MAX, 0);
		return RUN_ON;
	}
	if (s->match != SIZE_MAX) {
		s->failing = false;
		show(t, s->match, find_in(t, s->match, &s->pat));
	} else {
		seek_older_from_here(t, true);
	}
	return RUN_ON;
}

/* Typed text and pastes extend the pattern; the search goes on from the
 * match (which may still hold it). */
static run_state extend(tui *t, const ink_event *ev)
{
	searcher *s = &t->srch;
	iri_buf_mark before = iri_buf_get_mark(&s->pat);
	if (!iri_buf_append(&s->pat, ev->text, ev->text_len)) {
		/* All or nothing, and the keys after it still extend the pattern. */
		iri_buf_rewind(&s->pat, before);
		/* TRANSLATORS: the C-r search pattern hit its cap. */
		snprintf(t->scr.status, sizeof t->scr.status, "%s", _("the search pattern is too long"));
	} else {
		seek_older_from_here(t, true);
	}
	/* The action that followed the text reads the analysis: of the match
	 * shown now, not of the one before. */
	if (ev->kind == INK_EV_TEXT && ev->action != INK_ACT_NONE) {
		tui_analyse(t);
		return rooms_act(t, ev->action);
	}
	return RUN_ON;
}

/* The prompt, then the event's message (its end cut on a character
 * boundary if the two do not fit).  The pattern is quoted (ui_quote: cut
 * on a character boundary, its closing PDI kept) into half the status
 * line, so the prompt around it always fits whole. */
void search_prompt(tui *t)
{
	searcher *s = &t->srch;
	char quoted[sizeof t->scr.status / 2], msg[sizeof t->scr.status], tag[128];
	ui_quote(s->pat.data ? s->pat.data : "", s->pat.len, quoted, sizeof quoted);
	snprintf(msg, sizeof msg, "%s", t->scr.status);
	/* The keymap the pattern is typed through, first (C-\ switches it here too). */
	size_t at = strlen(rooms_keymap_tag(t, tag, sizeof tag));
	memcpy(t->scr.status, tag, at + 1);
	snprintf(t->scr.status + at, sizeof t->scr.status - at, s->failing
		/* TRANSLATORS: the C-r prompt (readline's words); %s: the pattern typed; the match shows on the edit line. */
		? _("(failing reverse-i-search)'%s': ")
		/* TRANSLATORS: the C-r prompt (readline's words); %s: the pattern typed; the match shows on the edit line. */
		: _("(reverse-i-search)'%s': "), quoted);
	if (msg[0]) {
		char *st = t->scr.status;
		size_t n = strlen(st), left = sizeof t->scr.status - n;
		if (snprintf(st + n, left, " %s", msg) >= (int)left) {
			/* Cut: drop the last character if it lost bytes. */
			int32_t len = (int32_t)(sizeof t->scr.status - 1);
			U8_TRUNCATE_IF_INCOMPLETE(((const uint8_t *)st), (int32_t)n, len);
			st[len] = '\0';
		}
	}
}

/* Nothing else: redraw, resize and the mouse fall to the common room. */
static const room_row search_rows[] = {
	{ INK_ACT_SEARCH_OLDER, older_newer },
	{ INK_ACT_SEARCH_NEWER, older_newer },
	{ INK_ACT_SEARCH_ACCEPT, accept_match },
	{ INK_ACT_SEARCH_CANCEL, cancel_search },
	{ INK_ACT_SEARCH_DELETE_BACK, shorten },
	{ INK_ACT_CANCEL, cancel_and_leave },
};

const room room_search = {
	.id = ROOM_SEARCH,
	.rows = search_rows,
	.n_rows = ROWS_OF(search_rows),
	.insert = extend,
	.prompt = search_prompt,
};
