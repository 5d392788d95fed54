/* The interactive editor and viewer (doc/design-notes.md "Command-line contract"). */
#ifndef IRIE_TUI_H
#define IRIE_TUI_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
	const char *initial;        /* IRI to start with (UTF-8), or NULL */
	bool print_uri;             /* --print=uri: Enter prints the mapped URI */
	bool strict;                /* --strict: Enter refuses an IRI with errors */
	bool no_mouse;              /* --no-mouse: no mouse capture */
	struct view_list *view;     /* irie view: the entries read (app/view_list.h), taken over by tui_main; NULL for the editor */
	const char *note;           /* the status line to start with (translated), or NULL */
} tui_options;

/* Runs the editor (or viewer) on /dev/tty.  Prints the accepted IRI or URI on
 * stdout (and, if it has errors, a note saying how many on stderr).  Returns
 * the exit status: 0 accepted, 130 cancelled, 129/143 after SIGHUP/SIGTERM
 * (text saved to history), 1 on errors. */
int tui_main(const tui_options *opts);

#endif
