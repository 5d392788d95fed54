/* Private to app/view_list.c, app/view_write.c and app/view_extract.c: the
 * entries' layout. */
#ifndef IRIE_VIEW_LIST_INTERNAL_H
#define IRIE_VIEW_LIST_INTERNAL_H

#include <stdint.h>
#include <sys/stat.h>

#include "view_list.h"

#define NOT_KEPT UINT32_MAX   /* text_len of an entry over the cap */

/* flags: F_TEXT_IS_BYTES, and in F_CONTEXT_MASK the context the entry's
 * bytes stand in (app/view_extract.c: what a replacement may hold; 0 for a
 * plain list's line). */
enum { F_TEXT_IS_BYTES = 1, F_CONTEXT_SHIFT = 1, F_CONTEXT_MASK = 0x0E };

typedef struct {
	uint64_t byte_off, byte_len;   /* in the file as it is on disk */
	uint64_t text_off;             /* in the pool */
	uint64_t line;                 /* 1-based */
	uint32_t col;                  /* 1-based, code points */
	uint32_t text_len;             /* bytes; NOT_KEPT: over the cap */
	uint32_t repl;                 /* 1 + the index of its replacement; 0: never replaced */
	uint16_t code;                 /* the first finding of the worst severity (state INFO, WARNING or ERROR; 0 when OK) */
	uint8_t state;                 /* vl_state */
	uint8_t flags;
} entry;

_Static_assert(sizeof(entry) <= 48, "an entry stays small: a million of them are read");

/* Apart from the entries (48 bytes each), as few are ever replaced. */
typedef struct {
	char *fix;                     /* the user's replacement, not yet written; NULL: none */
	char *disk;                    /* a replacement written: now the file's bytes; NULL: the pool's text is */
	uint32_t fix_len, disk_len;
} replacement;

struct view_list {
	entry *e;
	size_t n, cap;
	char *pool;
	size_t pool_len, pool_cap;
	replacement *repl;
	size_t n_repl, repl_cap;
	size_t *shown;                 /* the filter's entries (NULL: off, all shown) */
	size_t n_shown;
	size_t n_findings;             /* the filter's entries with findings now (vl_recount_findings) */
	bool findings_stale;           /* an entry was replaced since n_findings was counted */
	iri_diags *diags;              /* scratch for vl_check, made by vl_new */
	char *path;
	bool truncated;
	bool document;                 /* entries from a document's IRIs (view --extract), not lines */
	bool writable;                 /* read from a regular file by name */
	struct stat st;                /* the file as read (or as last written) */
	/* view --extract's places of IRIs written otherwise than they read
	 * (app/view_extract.c), freed by vl_free through doc_maps_free. */
	void *doc_maps;
	void (*doc_maps_free)(void *maps);
};

/* Entry i's replacement, or NULL when it was never replaced. */
replacement *vl_repl_of(const view_list *vl, size_t i);
/* The text the file holds for entry i now (NULL: not kept; *len then its
 * length in the file). */
const char *vl_disk_text(const view_list *vl, size_t i, size_t *len);

#endif
