/* irie view --extract: a document's IRIs as the viewer's entries, and what
 * a replacement may hold where each stands (app/view_extract.c). */
#ifndef IRIE_VIEW_EXTRACT_H
#define IRIE_VIEW_EXTRACT_H

#include <stddef.h>

#include "view_list.h"

/* Reads path ("-": stdin) as a document of type (an ixt_type, 0 auto) into
 * vl, an entry per IRI; charset (read during the call; NULL: UTF-8) is the
 * document's when it does not say.  Returns 0, or the exit status with a
 * message naming the file and the reason in err: 2 for a directory, a file
 * that cannot be opened or read; 1 for one without IRIs (nothing to view,
 * not a usage error) or without memory. */
int vx_read_document(view_list *vl, const char *path, int type, const char *charset, char *err,
	size_t err_size);

/* Why text (len bytes) cannot replace entry i in the file (the message in
 * buf, returned), or NULL when it can.  A plain list's entries take any
 * text. */
const char *vx_replace_refusal(const view_list *vl, size_t i, const char *text, size_t len, char *buf,
	size_t size);

/* The editor's first words for entry i (line: its line number) when no
 * text can replace it in the file (written with entities or escapes, or a
 * file not in UTF-8): that it can be explored, not put back, and why (in
 * buf, returned); NULL when some text can replace it. */
const char *vx_entry_refusal(const view_list *vl, size_t i, unsigned long long line, char *buf, size_t size);

/* The document's place (line, col: 1-based, col in code points) of code
 * point cp of entry i's IRI, as extract/ maps it (an entity or escape at
 * its start); false when not known: a plain list's line, an entry
 * replaced and not written, cp past the IRI. */
bool vx_place(const view_list *vl, size_t i, size_t cp, unsigned long *line, unsigned long *col);

#endif
