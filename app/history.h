/* The editor's history: IRIs entered before, kept under XDG_STATE_HOME and
 * written atomically (temp file + rename) so a crash never truncates it. */
#ifndef IRIE_HISTORY_H
#define IRIE_HISTORY_H

#include <stdbool.h>
#include <stddef.h>

#define HISTORY_MAX_ENTRIES 1000
#define HISTORY_MAX_ENTRY_BYTES ((size_t)1 << 20)   /* all the edit buffer can hold */

typedef struct history history;

/* Loads the history file (a missing file is an empty history).  Owned by the
 * caller; NULL only if out of memory. */
history *history_new(void);
void history_free(history *h);   /* NULL is safe */

size_t history_count(const history *h);
/* Entry i, 0 = oldest; borrowed until the history changes. */
const char *history_get(const history *h, size_t i);

/* Appends text (moving an equal older entry to the end) and saves.  Returns
 * false if the entry could not be kept or the file could not be written. */
bool history_add_and_save(history *h, const char *text, size_t len);

/* The file's path, for messages ("" if none could be made). */
const char *history_path(const history *h);

#endif
