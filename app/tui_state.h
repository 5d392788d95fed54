/* Private to the editor and viewer (app/tui.c and the files it is built
 * from): its state split by concern, the rooms (one per mode, each a table
 * of actions) and the panes (one table that paint() walks).
 *
 * Ownership: struct tui owns everything in it; a room or a pane borrows the
 * tui for one call.  The rooms and the pane table are constant. */
#ifndef IRIE_TUI_STATE_H
#define IRIE_TUI_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "edit_buffer.h"
#include "history.h"
#include "input_keys.h"
#include "iri.h"
#include "render_bidi.h"

typedef struct tui tui;
typedef struct room room;

/* ---- analysis (app/analysis.c): core's findings and render's forms ---- */

enum { MARK_DIAG = 1, MARK_ERROR = 2, MARK_SELECTED = 4 };

typedef struct {
	iri_ctx *ctx;
	iri_diags *diags;
	iri_ref ref;
	iri_buf text;               /* the text the results below belong to */
	iri_buf uri;
	size_t *uri_off;            /* input byte -> URI byte (len + 1 entries) */
	size_t uri_off_cap;
	iri_host_forms host;
	bool host_shown;
	rnd_display *disp;
	uint8_t *cp_marks;          /* per logical code point: MARK_* bits */
	size_t cp_marks_cap;
} analysis;

/* false: ICU or memory failed (analysis_fini still safe). */
bool analysis_init(analysis *a);
void analysis_fini(analysis *a);
/* Analyses text (len bytes) unless it is the text analysed last. */
void analysis_update(analysis *a, const char *text, size_t len);
/* Marks the code points with findings; diag_sel (-1: none) gets MARK_SELECTED. */
void analysis_mark(analysis *a, int diag_sel);
/* The logical code point at or after byte offset byte. */
size_t analysis_cp_of_byte(const analysis *a, size_t byte);
/* Findings of severity error in the text analysed last (at least one when
 * only findings dropped past the cap were errors). */
size_t analysis_error_count(const analysis *a);

/* ---- editor (app/room_edit.c) ---- */

typedef struct {
	edb_buffer *edb;
	history *hist;
	size_t hist_pos;            /* == history_count() while editing the draft */
	char *draft;                /* the text being edited when browsing history */
	iri_buf start_text;         /* the text as irie opened on it: Esc leaves at once while it is unchanged */
} editor;

bool editor_init(editor *e);
void editor_fini(editor *e);
/* Whether the user's work (the text typed: the draft while Up/Down show an
 * entry, the text before C-r while it searches, or an entry edited) differs
 * from the text irie opened on.  False in the viewer. */
bool work_changed(const tui *t);
/* Saves that work to the history (Esc's second step, a signal), in one save
 * of the file; false with history_error() when it could not be saved.  In
 * the viewer: the lines replaced and not written (viewer_add_work). */
bool save_work(tui *t);
/* Puts s (len bytes, any bytes) into the buffer: one undo step, cursor at
 * the end; what is not UTF-8 becomes U+FFFD and the status line says so. */
void editor_load(tui *t, const char *s, size_t len);

/* ---- viewer (app/room_view.c, its prompts app/room_view_prompt.c; the
 * entries app/view_list.c, drawn by app/pane_list.c) ---- */

typedef struct view_list view_list;

typedef enum {
	VIEW_PROMPT_NONE,
	VIEW_PROMPT_SEARCH,         /* / or ?: the pattern, incremental */
	VIEW_PROMPT_GOTO,           /* : or M-g: a line number */
	VIEW_PROMPT_WRITE,          /* w: y/n */
	VIEW_PROMPT_QUIT            /* q with changes not written: y/n (or w) */
} view_prompt;

typedef struct {
	view_list *list;            /* owned (given by tui_options) */
	size_t pos;                 /* the shown position selected (vl_entry_at: its entry) */
	size_t top;                 /* the list pane's first shown position */
	int list_row, list_rows;    /* the list pane's first screen row and its rows as last drawn (a page) */
	size_t cp;                  /* the viewer's cursor: a logical code point (no edit buffer) */
	bool truncation_told;       /* the status line said lines were left unread */
	bool editing;               /* the entry is open in the editor (room_view_edit over room_edit) */
	size_t edit_entry;          /* which */
	view_prompt prompt;         /* the prompt in the status line (room_view_prompt over the viewer) */
	iri_buf answer;             /* what is typed at it: the pattern, the line number */
	iri_buf last_pat;           /* the last search's pattern, for n and N */
	bool backward;              /* the search typed goes backward (?) */
	bool last_backward;
	bool failing;               /* the pattern is in no entry shown */
	size_t prompt_pos;          /* pos when the prompt opened: Esc goes back to it */
	bool im_paused;             /* a y/n question turned the keymap off: on again when it closes */
} viewer;

void viewer_init(viewer *v);
void viewer_fini(viewer *v);
/* Selects shown position pos, analysed as it is in the file. */
void viewer_show(tui *t, size_t pos);
/* The selected entry's index; its line number. */
size_t viewer_entry(const tui *t);
/* A click on screen row y: true when it selected a line of the list. */
bool viewer_click(tui *t, int y);
/* Opens the viewer's prompt p (room_view_prompt.c). */
void view_prompt_open(tui *t, view_prompt p, bool backward);
/* n / N: the last search again, the same way or the other. */
void view_search_again(tui *t, bool reverse);
/* w: writes the file back (after the prompt said y); the status says how it went. */
bool viewer_write(tui *t);
/* A signal ends irie with replaced lines not written: each is added to the
 * history (history_add: save_work then saves once), so none is lost; false
 * with history_error() if one could not be added. */
bool viewer_add_work(tui *t);

/* ---- reverse incremental history search (app/room_search.c) ---- */

typedef struct {
	iri_buf pat;                /* the pattern typed (UTF-8 bytes), case-sensitive */
	iri_buf last_pat;           /* the previous search's pattern: C-r on an empty one takes it */
	size_t match;               /* the history entry shown, SIZE_MAX: none (the saved text shows) */
	size_t match_byte;          /* where the pattern starts in it */
	size_t start;               /* the history position C-r was pressed at (count: the draft) */
	bool failing;               /* the pattern is in no entry the search went through */
	iri_buf saved;              /* the text before C-r, restored by Esc and C-g */
	size_t saved_cursor;        /* its cursor, a byte offset */
} searcher;

void searcher_init(searcher *s);
void searcher_fini(searcher *s);

/* ---- screen: which room, overlays, selections, the status line ---- */

typedef struct {
	const room *base;           /* the editor or the viewer */
	const room *overlay;        /* help or the keymap menu on top, or NULL */
	const room *over_base;      /* a room between teach and the base room (the viewer's entry in the editor), or NULL */
	bool teach;                 /* F4's room between the two */
	bool search;                /* the base room's search (C-r, the viewer's prompts) on top of teach or the base room */
	bool leave_armed;           /* this event's Esc/C-c warned: the next one leaves */
	bool leave_asked;           /* the previous event armed it */
	bool leave_unsaved;         /* saving to the history failed: the next Esc leaves anyway */
	bool mouse_on;              /* mouse capture (F9; --no-mouse starts it off) */
	int im_sel;                 /* the keymap menu's row */
	int charset_sel;            /* teach: the legacy charset (teach_charsets) */
	int diag_sel;               /* -1: none */
	int diag_scroll;
	int help_scroll;            /* help: its first line shown (clamped as it is drawn) */
	int help_page;              /* help: how many of its lines showed last */
	rnd_form edit_form;
	int hscroll;                /* the edit line's first cell column */
	int cursor_col;             /* the edit line's cursor, as last drawn */
	char status[512];           /* the status line: this event's message (rooms_event clears it) */
	struct { int row, col, width, rows; } warn_box;   /* the warnings pane as last painted (rows 0: not shown) */
	bool bad_input;             /* a byte that was not UTF-8 came in (and became U+FFFD) */
	bool print_uri;
	bool strict;                /* --strict: Enter refuses a text with errors */
	bool ui_rtl;                /* the UI language reads right to left (draw_ui_direction_rtl) */
	rnd_display *aux;           /* for drawing other strings in visual order */
} screen;

/* ---- input assembly (app/tty_input.c) ---- */

typedef struct {
	/* UTF-8 assembled from curses' bytes (get_wch() drops what follows an
	 * ill-formed byte; irie shows it as U+FFFD and keeps the rest). */
	uint8_t u8[4];
	size_t u8_len, u8_need;
	int pushback;               /* a byte or key read too far, or -1 */
	bool pasting;               /* between the bracketed-paste markers: ESC is content */
	/* A paste is read from the terminal in blocks (tty_input_paste), not
	 * through curses; what such a read brings past the paste's end waits
	 * here, served before curses is asked again. */
	uint8_t queued[65536];      /* bytes read from the terminal, not yet used */
	size_t queued_pos, queued_len;
	size_t paste_marker;        /* bytes of the end marker ESC [ 2 0 1 ~ matched so far */
	bool paste_bad;             /* a U+FFFD came out of this paste's bytes */
	bool tty_gone;              /* a read gave end of file or an error: the terminal hung up */
} tty_input;

void tty_input_init(tty_input *in);
/* Bytes read from the terminal elsewhere (typed during term_open()'s
 * probe): served first, as typed, keys decoded as getch() would. */
void tty_input_queue(tty_input *in, const char *bytes, size_t n);
/* The next input: a character (OK; ill-formed bytes as U+FFFD with *bad
 * set) or a curses key (KEY_CODE_YES), or ERR when nothing came. */
int tty_input_read(tty_input *in, uint32_t *value, bool *bad);
/* tty_input_read() without waiting: ERR when nothing is there already. */
int tty_input_read_now(tty_input *in, uint32_t *value, bool *bad);
/* What tty_input_read() gave (kind, value) as input/'s event: keys mapped,
 * ESC followed at once by another key read as Alt (*bad set, not cleared,
 * when that key was an ill-formed byte). */
ink_event tty_input_event(tty_input *in, ink_decoder *keys, int kind, uint32_t value, bool *bad);
/* While in->pasting: the paste's bytes, read from the terminal in blocks,
 * go straight into keys (UTF-8 assembled, ill-formed bytes as U+FFFD) up to
 * its end marker, then TERM_KEY_PASTE_END is returned (KEY_CODE_YES; *bad
 * set when a U+FFFD came out of the paste) for tty_input_event.  ERR after
 * each block without the end marker, after TERM_POLL_MS without a byte, or
 * on a signal, so the caller notices signals during an endless stream. */
int tty_input_paste(tty_input *in, ink_decoder *keys, uint32_t *value, bool *bad);

/* ---- the whole ---- */

struct tui {
	analysis an;
	editor ed;
	viewer vw;
	screen scr;
	tty_input in;
	searcher srch;
	ink_decoder *keys;
};

/* Brings the analysis up to the text on screen (app/tui.c); a selection
 * past the findings moves to the last one.  The loop calls it before every
 * paint; an action that follows text in the same event (a composition
 * committed by F3, C-v u XXXX ended by Left) calls it first, as it reads
 * the analysis (cursor cells, findings). */
void tui_analyse(tui *t);

/* The text on screen (the base room's), its cursor, moving it. */
const char *tui_text(const tui *t, size_t *len);
size_t tui_cursor_cp(const tui *t);
void tui_set_cursor_cp(tui *t, size_t cp);

/* ---- rooms (app/rooms.c and app/room_*.c) ----
 *
 * A room is the keys of one mode: a table of {action, handler} rows, plus
 * a handler for text.  Rooms stack: an overlay
 * (help, the keymap menu) over the common room alone; or search (C-r), teach
 * (F4), the base room (editor or viewer), then the common room (what every
 * mode shares).  An event goes down the stack to the first room with a row for
 * its action (or a text handler, for text); an action means one thing per
 * room, so giving a mode its own action name is a change of one row. */

typedef enum { RUN_ON, RUN_ACCEPT, RUN_CANCEL } run_state;

typedef enum {
	ROOM_EDIT = 1, ROOM_VIEW = 2, ROOM_TEACH = 4, ROOM_HELP = 8, ROOM_MENU = 16,
	ROOM_COMMON = 32, ROOM_SEARCH = 64,
	ROOM_ALL = 127
} room_id;

typedef struct {
	ink_action action;
	run_state (*act)(tui *t, ink_action a);
} room_row;

struct room {
	room_id id;
	const room_row *rows;
	size_t n_rows;
	/* Text and pastes (with the action that may follow); NULL: the room
	 * below (text no room takes says so: help and the menu take none). */
	run_state (*insert)(tui *t, const ink_event *ev);
	bool overlay;               /* shows on top of the rest, which gets no event (only the common room below it) */
	/* Base rooms (editor, viewer) only: */
	const char *(*text)(const tui *t, size_t *len);
	size_t (*cursor)(const tui *t);
	void (*set_cursor)(tui *t, size_t cp);
	void (*title)(const tui *t, char *buf, size_t size);   /* the title bar */
	bool history_on_accept;     /* Enter saves the text to the history */
	const room *search;         /* the room t->scr.search puts on top */
	/* Rooms on top only: writes the prompt to the status line after every
	 * event (NULL: none). */
	void (*prompt)(tui *t);
};

extern const room room_edit, room_view, room_teach, room_help, room_menu, room_common, room_search;
/* The viewer's prompts, and its entry open in the editor (app/room_view*.c). */
extern const room room_view_prompt, room_view_edit;

#define ROWS_OF(table) (sizeof (table) / sizeof (table)[0])

/* One event through the stack of rooms, the status line cleared first (an
 * event no room takes says so there). */
run_state rooms_event(tui *t, const ink_event *ev);
/* One action through the same stack, the status line kept (an action that
 * follows text, or that a room passes on). */
run_state rooms_act(tui *t, ink_action a);
/* The room on top whose panes show (search shows the room below it). */
room_id rooms_top(const tui *t);
/* The input mode of the room on top (help, menu, search, teach, editor or
 * viewer); rooms_sync_mode() tells the decoder, after every event. */
ink_mode rooms_mode(const tui *t);
void rooms_sync_mode(tui *t);
/* Whether some room of the current stack has a row for action a: every
 * action the mode's bindings produce should (tests). */
bool rooms_handles(const tui *t, ink_action a);
/* The status line after an event the decoder consumed (an entry cancelled,
 * a composition dropped, a swallowed sequence, an unbound key). */
void rooms_notice(tui *t);

/* The keymap menu's name for an input method, translated (room_menu.c). */
const char *menu_im_label(ink_im im);
/* C-\ (IM_TOGGLE's row in the common room): the decoder switched the
 * keymap; the status line says what it means. */
run_state rooms_im_toggled(tui *t, ink_action a);
/* A prompt's keymap tag: "[Hebrew (SI-1452)] " while a keymap is on (typed
 * text goes through it), else "".  Written to buf; returns buf. */
const char *rooms_keymap_tag(const tui *t, char *buf, size_t size);

/* C-r: starts the search over the editor (HISTORY_SEARCH's row). */
run_state search_start(tui *t, ink_action a);
/* While searching: the prompt goes to the status line (before any message). */
void search_prompt(tui *t);

/* Teach's legacy charsets (room_teach.c). */
extern const char *const teach_charsets[];
extern const size_t teach_n_charsets;

/* ---- panes (app/panes.c; drawn by app/pane_*.c and the rooms' files) ---- */

/* Draws a pane in rows [row, row + max_rows), columns [col, col + width);
 * returns the rows used. */
typedef int pane_draw_fn(tui *t, int row, int col, int width, int max_rows);

pane_draw_fn pane_header, pane_edit_line, pane_uri, pane_rfc, pane_uba, pane_footer;
pane_draw_fn pane_parts, pane_host, pane_warnings, pane_teach, pane_help, pane_menu, pane_list;

/* Curses colour pairs for the components and the chrome. */
void panes_init_colours(void);
/* Draws the whole screen for the room on top. */
void paint(tui *t);

#endif
