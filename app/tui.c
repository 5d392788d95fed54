/* The editor and viewer: tui_main() and the loop.  Every keystroke goes to
 * the room on top (app/rooms.c); then core analyses the whole text, render
 * builds the display forms and the panes are painted (app/panes.c) --
 * RFC 3987 4.3: "rendering should be updated after every new character". */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "draw.h"
#include "i18n.h"
#include "ink_bindings.h"
#include "output.h"
#include "term.h"
#include "tui.h"
#include "tui_state.h"
#include "view_list.h"

void tui_analyse(tui *t)
{
	size_t len;
	const char *text = tui_text(t, &len);
	analysis_update(&t->an, text, len);
	if (t->scr.diag_sel >= (int)iri_diags_count(t->an.diags))
		t->scr.diag_sel = (int)iri_diags_count(t->an.diags) - 1;
	analysis_mark(&t->an, t->scr.diag_sel);
}

/* One event to the rooms (or, when the decoder consumed the key, its
 * notice to the status line); then the decoder follows the room on top.
 * Esc's warning holds for the very next event only. */
static run_state handle(tui *t, const ink_event *ev)
{
	run_state run = RUN_ON;
	t->scr.leave_asked = t->scr.leave_armed;
	t->scr.leave_armed = false;
	if (!t->scr.leave_asked)
		t->scr.leave_unsaved = false;
	if (ev->kind == INK_EV_NONE)
		rooms_notice(t);
	else
		run = rooms_event(t, ev);
	rooms_sync_mode(t);
	return run;
}

/* Whether ev is what a lone Esc did in mode: its binding, or an entry or a
 * composition it ended. */
static bool was_lone_esc(const tui *t, ink_mode mode, const ink_event *ev)
{
	ink_notice n = ink_last_notice(t->keys);
	if (ev->kind == INK_EV_NONE)
		return n == INK_NOTICE_ENTRY_CANCELLED || n == INK_NOTICE_COMPOSITION_DROPPED;
	return ev->kind == INK_EV_ACTION && ev->action == ink_lookup(mode, INK_KEY_ESCAPE, 0, 0);
}

/* An arrow key split by network lag (ssh): ESC came alone (curses' delay ran
 * out) and "[A" later, together.  So a '[' or 'O' right after a lone Esc,
 * with more input already waiting behind it, is read as that sequence's
 * rest (input/ swallows or decodes it, as for Alt+[): the Esc only warned,
 * and "[A" is not typed.  A '[' typed by hand after Esc has nothing behind
 * it and types itself. */
static ink_event late_sequence(tui *t, uint32_t ch)
{
	uint32_t next;
	bool next_bad;
	int k2 = tty_input_read_now(&t->in, &next, &next_bad);
	if (k2 == ERR)
		return ink_feed_char(t->keys, ch, 0);
	ink_feed_char(t->keys, ch, INK_MOD_ALT);
	t->scr.bad_input |= next_bad;
	return tty_input_event(&t->in, t->keys, k2, next, &t->scr.bad_input);
}

/* false with a message in err. */
static bool tui_init(tui *t, const tui_options *opts, char *err, size_t err_size)
{
	memset(t, 0, sizeof *t);
	tty_input_init(&t->in);
	t->scr.diag_sel = -1;
	t->scr.edit_form = RND_FORM_VISUAL;
	t->scr.print_uri = opts->print_uri;
	t->scr.strict = opts->strict;
	viewer_init(&t->vw);
	t->vw.list = opts->view;
	t->scr.base = opts->view ? &room_view : &room_edit;
	t->scr.mouse_on = !opts->no_mouse;
	searcher_init(&t->srch);
	t->scr.ui_rtl = draw_ui_direction_rtl();
	bool ok = analysis_init(&t->an);
	ok = editor_init(&t->ed) && ok;
	t->scr.aux = rnd_display_new();
	t->keys = ink_decoder_new();
	if (!ok || !t->scr.aux || !t->keys) {
		snprintf(err, err_size, "%s", _("cannot initialise (ICU or memory)"));
		return false;
	}
	/* Hebrew is the method C-\ switches on until F2 chooses another. */
	ink_set_im(t->keys, INK_IM_HEBREW);
	ink_set_im_active(t->keys, false);
	if (opts->view)
		viewer_show(t, 0);
	else if (opts->initial)
		editor_load(t, opts->initial, strlen(opts->initial));
	if (opts->note && !t->scr.status[0])
		snprintf(t->scr.status, sizeof t->scr.status, "%s", opts->note);
	/* The IRI irie opened on is where undo stops, and what Esc compares
	 * with: unchanged, it leaves at once. */
	edb_clear_history(t->ed.edb);
	size_t len;
	const char *text = edb_text(t->ed.edb, &len);
	iri_buf_append(&t->ed.start_text, text, len);
	rooms_sync_mode(t);
	return true;
}

static void tui_fini(tui *t)
{
	analysis_fini(&t->an);
	editor_fini(&t->ed);
	viewer_fini(&t->vw);
	searcher_fini(&t->srch);
	rnd_display_free(t->scr.aux);
	ink_decoder_free(t->keys);
}

/* SIGHUP, SIGTERM, SIGINT: the user's work goes to the history first, never
 * lost (save_work: the draft, not a match C-r shows; in the viewer, the
 * lines replaced and not written).  Returns the exit status. */
static int leave_on_signal(tui *t, term_signal sig, char *err, size_t err_size)
{
	bool saved = save_work(t);
	term_close();
	if (!saved)
		/* TRANSLATORS: first %s: the history file's path; second %s: why (the system's words). */
		snprintf(err, err_size, _("could not save the text to the history (%s): %s"), history_path(t->ed.hist),
			history_error(t->ed.hist));
	return sig == TERM_SIG_HUP ? 129 : sig == TERM_SIG_INT ? 130 : 143;
}

/* Analysing and painting a text over this many bytes takes about 0.1 s
 * (README, Performance: 0.25-0.3 ms per 1,000 characters, some 1.5 bytes
 * each, plus the paint): time to show that irie is working. */
#define WORKING_MIN_BYTES ((size_t)300 * 1024)

/* Before a slow analysis: "working..." in the footer alone, on screen at
 * once.  The status line itself is left as it was. */
static void show_working(tui *t)
{
	size_t len;
	const char *text = tui_text(t, &len);
	if (len < WORKING_MIN_BYTES || LINES < 2 || COLS < 8)
		return;
	if (t->an.text.data && t->an.text.len == len && memcmp(t->an.text.data, text, len) == 0)
		return;   /* analysed already: analysis_update() will do nothing */
	char saved[sizeof t->scr.status];
	memcpy(saved, t->scr.status, sizeof saved);
	snprintf(t->scr.status, sizeof t->scr.status, "%s", _("working..."));
	pane_footer(t, LINES - 1, 0, COLS, 1);
	logical_refresh();
	memcpy(t->scr.status, saved, sizeof saved);
}

/* Reads and handles events until a room accepts or cancels, or a signal
 * ends it (then *status is set and RUN_CANCEL returned with *signalled). */
static run_state run_loop(tui *t, bool *signalled, int *status, char *err, size_t err_size)
{
	run_state run = RUN_ON;
	bool dirty = true, after_esc = false;
	while (run == RUN_ON) {
		/* Repaint after every event (RFC 3987 4.3), not while idle: the
		 * TERM_POLL_MS timeout only lets signals be noticed. */
		if (dirty) {
			show_working(t);
			tui_analyse(t);
			t->scr.warn_box.rows = 0;   /* until pane_warnings draws it */
			paint(t);
			dirty = false;
		}
		uint32_t ch;
		bool bad;
		/* A paste's content goes from the terminal to the decoder in
		 * blocks, not byte by byte through curses. */
		int kind = t->in.pasting ? tty_input_paste(&t->in, t->keys, &ch, &bad) : tty_input_read(&t->in, &ch, &bad);
		term_signal sig = term_take_signal();
		if (sig == TERM_SIG_CONT)
			dirty = true;
		if (sig == TERM_SIG_HUP || sig == TERM_SIG_TERM || sig == TERM_SIG_INT) {
			*signalled = true;
			*status = leave_on_signal(t, sig, err, err_size);
			return RUN_CANCEL;
		}
		if (kind == ERR)
			continue;
		dirty = true;
		bool was_pasting = t->in.pasting;
		ink_mode mode = ink_get_mode(t->keys);
		ink_event ev;
		if (after_esc && kind == OK && (ch == '[' || ch == 'O') && !t->in.pasting)
			ev = late_sequence(t, ch);
		else
			ev = tty_input_event(&t->in, t->keys, kind, ch, &bad);
		after_esc = kind == OK && ch == 0x1B && !t->in.pasting && was_lone_esc(t, mode, &ev);
		run = handle(t, &ev);
		t->scr.bad_input |= bad;
		/* A paste began: "pasting..." is painted before it is read, as
		 * anything slower than 0.1 s shows it is working (an overlay keeps
		 * its status line).  Inside a paste nothing else shows until it
		 * ends: no repaint per byte. */
		if (!was_pasting && t->in.pasting && !t->scr.overlay)
			snprintf(t->scr.status, sizeof t->scr.status, "%s", _("pasting..."));
		else if (t->in.pasting && ev.kind == INK_EV_NONE)
			dirty = false;
	}
	return run;
}

/* Enter: the text (or its URI) on stdout -- exact bytes into a pipe
 * ($(irie)); on a terminal, controls and format characters as
 * placeholders, never raw. */
static void print_accepted(tui *t, char *err, size_t err_size)
{
	size_t len;
	const char *text = tui_text(t, &len);
	if (t->scr.base->history_on_accept && !history_add_and_save(t->ed.hist, text, len))
		/* TRANSLATORS: first %s: the history file's path; second %s: why (the system's words). */
		snprintf(err, err_size, _("could not save the history (%s): %s"), history_path(t->ed.hist),
			history_error(t->ed.hist));
	tui_analyse(t);
	bool tty = isatty(STDOUT_FILENO);
	if (t->scr.print_uri)
		out_text(stdout, t->an.uri.data ? t->an.uri.data : "", t->an.uri.len, tty);
	else
		out_text(stdout, text, len, tty);   /* in the viewer: the file's own bytes */
	fputc('\n', stdout);
	size_t n_err = t->scr.base->history_on_accept ? analysis_error_count(&t->an) : 0;
	if (n_err)
		/* TRANSLATORS: %zu: how many errors the accepted IRI has; keep "irie check". */
		fprintf(stderr, ngettext("irie: accepted with %zu error (irie check for details)\n",
		                         "irie: accepted with %zu errors (irie check for details)\n", n_err), n_err);
}

int tui_main(const tui_options *opts)
{
	tui t;
	int status = 1;
	char err[512] = "";
	/* What is typed while term_open() waits for the terminal: read first. */
	term_typed typed;
	term_set_mouse(!opts->no_mouse);
	if (!tui_init(&t, opts, err, sizeof err) || !term_open(&typed, err, sizeof err))
		goto out;
	panes_init_colours();
	tty_input_queue(&t.in, typed.bytes, typed.len);
	bool signalled = false;
	run_state run = run_loop(&t, &signalled, &status, err, sizeof err);
	if (!signalled) {
		term_close();
		if (run == RUN_ACCEPT) {
			print_accepted(&t, err, sizeof err);
			status = 0;
		} else if (t.vw.list && vl_unwritten(t.vw.list) == 0) {
			status = 0;   /* the viewer left with nothing lost */
		} else {
			status = 130;
			if (t.scr.leave_unsaved)
				/* TRANSLATORS: first %s: the history file's path; second %s: why (the system's words). */
				snprintf(err, sizeof err, _("the text was not saved to the history (%s): %s"),
					history_path(t.ed.hist), history_error(t.ed.hist));
		}
	}
out:
	term_close();
	if (err[0]) {
		/* err may hold a path from the command line: sanitised on a terminal. */
		fputs("irie: ", stderr);
		out_text(stderr, err, strlen(err), isatty(STDERR_FILENO));
		fputc('\n', stderr);
	}
	tui_fini(&t);
	return status;
}
