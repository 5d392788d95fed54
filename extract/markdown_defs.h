/* Private to extract/markdown.c: the link reference definitions of the
 * pieces before, put before a piece so that cmark resolves a [label] there
 * as it would in a whole read (CommonMark 4.7: a definition anywhere holds
 * for the whole document; one after the piece cannot be known). */
#ifndef IRIE_MARKDOWN_DEFS_H
#define IRIE_MARKDOWN_DEFS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct md_defs md_defs;

md_defs *md_defs_new(void);            /* NULL: no memory */
void md_defs_free(md_defs *d);         /* NULL is safe */
/* Keeps the definition [LABEL]: DEST (both as written, DEST between < and
 * > when ANGLE), copied; the first of a label wins (CommonMark 4.7).
 * Past MD_MAX_KEPT_BYTES of them, or without memory, it is not kept. */
void md_defs_keep(md_defs *d, const char *label, size_t label_n, const char *dest, size_t dest_n, bool angle);
/* What to parse for the piece P (N bytes): P itself (*synth_lines 0), or
 * the kept definitions whose label P has in brackets, one a line in the
 * order kept, a blank line, then P (in D, valid until the next call;
 * *synth_lines: the lines before P).  *TEXT_N: its length. */
const char *md_defs_before(md_defs *d, const char *p, size_t n, size_t *text_n, size_t *synth_lines);

#endif
