/* The editor's history: IRIs entered before, kept under XDG_STATE_HOME.
 *
 * Saving never loses an entry, even with several editors open at once: under
 * a lock on "history.lock" next to the file, the file is read again, this
 * process's own additions since its last save are applied to it in order (an
 * entry that appears again moves to the end), the oldest are dropped beyond
 * HISTORY_MAX_ENTRIES, and the result is written to a temporary file, synced
 * and renamed over the old one (a crash leaves the old file or the new one).
 *
 * File format 2: a first line "# irie history 2" (the rest of that line is a
 * comment), then one entry per line, oldest first.  Each entry is its bytes
 * with these written as \xHH (two upper-case hex digits, one per byte), so
 * that `cat` of the file cannot drive a terminal and every entry stays on one
 * line: C0 controls (including LF, CR, NUL) and DEL; C1 controls (U+0080..
 * U+009F, each byte of their UTF-8); bidi controls (RFC 3987 4.1: ALM, LRM,
 * RLM, LRE..RLO, LRI..PDI) and the line and paragraph separators U+2028,
 * U+2029 (each byte of their UTF-8); and every byte that is not part of
 * well-formed UTF-8.  A backslash is written \\.  Reading undoes exactly
 * this; any other backslash is read as itself.
 * A file without that first line (format 1, written before) is read as plain
 * lines, each line one entry as it is. */
#ifndef IRIE_HISTORY_H
#define IRIE_HISTORY_H

#include <stdbool.h>
#include <stddef.h>

#define HISTORY_MAX_ENTRIES 1000
#define HISTORY_MAX_ENTRY_BYTES ((size_t)1 << 20)   /* all the edit buffer can hold */

typedef struct history history;

/* Loads the history file (a missing file is an empty history; one that
 * cannot be read leaves its reason in history_error()).  Owned by the
 * caller; NULL only if out of memory. */
history *history_new(void);
void history_free(history *h);   /* NULL is safe */

size_t history_count(const history *h);
/* Entry i, 0 = oldest, NUL-terminated (an entry read from a file may hold a
 * NUL byte: history_entry gives all of it); borrowed until the history
 * changes. */
const char *history_get(const history *h, size_t i);
/* Entry i's bytes and their count in *len_bytes; borrowed as above; NULL
 * (and 0) if i is out of range. */
const char *history_entry(const history *h, size_t i, size_t *len_bytes);

/* Appends text (moving an equal older entry to the end) to the history in
 * memory and to the entries pending for the next save; the file is not
 * touched.  Returns false if the entry could not be kept (too long, out of
 * memory); history_error() then says why.  Empty text is not added (true).
 * Several entries at once (leaving on a signal): history_add each, then
 * history_save once. */
bool history_add(history *h, const char *text, size_t len);
/* Saves the pending entries, merged with what other processes saved
 * meanwhile (see above); the in-memory history becomes the merged one.
 * Nothing pending: true, the file left as it is.  Returns false if the file
 * could not be written; history_error() then says why, and the entries stay
 * pending: the next save writes them too.  history_add and history_save
 * keep an earlier failure's reason until one of their own replaces it. */
bool history_save(history *h);
/* history_add, then history_save; the reason of an earlier failure is
 * cleared first. */
bool history_add_and_save(history *h, const char *text, size_t len);

/* The file's path, for messages ("" if none could be made). */
const char *history_path(const history *h);

/* Why the last load or save failed, in words ("" if nothing failed): the
 * file or directory concerned, a colon, and strerror's text (or a sentence);
 * translated.  Borrowed until the next call on h. */
const char *history_error(const history *h);
/* The errno of that failure, 0 if none. */
int history_errno(const history *h);

#endif
