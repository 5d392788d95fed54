/* The viewer's entries (app/view_list.c): where each IRI is in its file,
 * its text, its findings' summary, the user's replacement; the filter to
 * entries with findings, the search over their text, and writing the
 * replacements back.  No drawing here (app/pane_list.c) and no keys
 * (app/room_view.c).
 *
 * An entry is (line, column, byte offset, byte length in the file, text).
 * A plain list (vl_read_lines) gives one entry per line: column 1, the
 * line's bytes without its line ending; a document's extractor adds
 * entries with vl_add.  Writing back replaces exactly the bytes of the
 * replaced entries and copies every other byte of the file as it is.
 *
 * Positions: an entry's index (0 .. vl_count - 1, in file order) or a
 * shown position (0 .. vl_shown - 1): the entries the filter lets through,
 * all of them while it is off.
 *
 * Ownership: view_list owns its entries, texts and replacements; texts
 * returned are borrowed until the list changes.  The iri_ctx passed in is
 * borrowed for the call. */
#ifndef IRIE_VIEW_LIST_H
#define IRIE_VIEW_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "iri.h"

#define VIEW_MAX_LINES 1000000

typedef struct view_list view_list;

/* An entry's findings, as the list shows them. */
typedef enum {
	VL_UNKNOWN,     /* not checked yet */
	VL_OK,          /* no findings */
	VL_INFO,        /* only notes (severity info): nothing to fix */
	VL_WARNING,     /* a warning, no error */
	VL_ERROR,       /* an error among them */
	VL_TOO_LONG     /* its text is over the edit buffer's cap: not kept */
} vl_state;

view_list *vl_new(void);   /* NULL without memory */
void vl_free(view_list *vl);   /* NULL is safe */

/* Reads a list, one entry per line, from path ("-": stdin, which cannot be
 * written back).  At most VIEW_MAX_LINES lines are read (vl_truncated says
 * when more were left); a line's final CRs are not part of its text.
 * Returns 0, or the exit status with a message naming the file and the
 * reason in err: 2 for a directory, a file that cannot be opened or read,
 * an empty one; 1 without memory. */
int vl_read_lines(view_list *vl, const char *path, char *err, size_t err_size);

/* Appends an entry (file order): line and col 1-based (col in code
 * points), [byte_off, byte_off + byte_len) the bytes it stands for, text
 * its IRI (len bytes, any bytes; over EDB_MAX_TEXT_BYTES it is not kept);
 * text_is_bytes: the text is those bytes exactly (write-back checks them).
 * False without memory. */
bool vl_add(view_list *vl, uint64_t line, uint32_t col, uint64_t byte_off, uint64_t byte_len,
	const char *text, size_t len, bool text_is_bytes);

size_t vl_count(const view_list *vl);
bool vl_truncated(const view_list *vl);
/* The entries are a document's IRIs (app/view_extract.c), several to a
 * line or none, rather than a list's lines: what the viewer's counts count. */
bool vl_is_document(const view_list *vl);
/* The file's name as given. */
const char *vl_path(const view_list *vl);
/* The entry's text as it stands (the replacement if any); NULL when over
 * the cap (*len is then its length in the file). */
const char *vl_text(const view_list *vl, size_t i, size_t *len);
uint64_t vl_line(const view_list *vl, size_t i);
/* The largest line number, for the list's number column. */
uint64_t vl_last_line(const view_list *vl);
/* The entry's findings (checked once, on first asking, with ctx); *first
 * gets the first finding's code when there is one. */
vl_state vl_check(view_list *vl, size_t i, iri_ctx *ctx, iri_diag_code *first);
/* Replaced and not yet written / replaced and written. */
bool vl_changed(const view_list *vl, size_t i);
bool vl_written(const view_list *vl, size_t i);
size_t vl_unwritten(const view_list *vl);

/* Replaces entry i's text by text (len bytes, UTF-8 without NUL, CR or
 * LF); the same text as in the file takes the replacement back.  False
 * without memory. */
bool vl_replace(view_list *vl, size_t i, const char *text, size_t len);

/* The filter: on, only entries with findings are shown (every entry is
 * checked); false without memory (the filter stays off). */
bool vl_set_filter(view_list *vl, bool on, iri_ctx *ctx);
bool vl_filtered(const view_list *vl);
size_t vl_shown(const view_list *vl);
/* The filter keeps the entries it showed when turned on, fixed or not;
 * how many of them have findings now: counted when the filter is turned
 * on and again by vl_recount_findings after a replacement (which checks
 * only the entries replaced).  0 with the filter off. */
void vl_recount_findings(view_list *vl, iri_ctx *ctx);
size_t vl_findings_shown(const view_list *vl);
size_t vl_entry_at(const view_list *vl, size_t pos);
/* The shown position of entry i, or of the nearest shown entry after it
 * (before it at the end); SIZE_MAX when nothing is shown. */
size_t vl_pos_of(const view_list *vl, size_t i);
/* The shown position of the first entry on a line >= line (the last one if
 * none), SIZE_MAX when nothing is shown. */
size_t vl_pos_of_line(const view_list *vl, uint64_t line);

/* The next shown position from pos (itself when inclusive) going forward
 * or backward, wrapping at the ends (*wrapped set then), whose text holds
 * pat (n bytes, case-sensitive) -- or that has findings, for
 * vl_find_finding.  SIZE_MAX when none. */
size_t vl_find(const view_list *vl, const char *pat, size_t n, size_t pos, bool forward, bool inclusive,
	bool *wrapped);
size_t vl_find_finding(view_list *vl, iri_ctx *ctx, size_t pos, bool forward, bool *wrapped);

/* Whether the file can be written back (read from a named file). */
bool vl_can_write(const view_list *vl);
/* Writes the replacements back: the file's bytes copied, each replaced
 * entry's bytes swapped for its text, into a temporary file in the same
 * directory (the file's mode kept), synced and renamed over the file.  A
 * file changed since it was read is not written.  False with the reason in
 * err; nothing is lost then (the replacements stay, the file is as it
 * was). */
bool vl_write(view_list *vl, char *err, size_t err_size);

#endif
