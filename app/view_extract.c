/* irie view --extract: the viewer's list filled from a document's IRIs
 * (extract/), one entry per IRI at its line and column, standing for the
 * bytes of its raw text in the file.
 *
 * Write-back replaces those raw bytes with the new IRI as typed, unescaped.
 * So that the file stays well-formed, a replacement is refused (with the
 * reason) when:
 *  - the document is not UTF-8 under any of its names (the replacement
 *    would be UTF-8 in a Shift_JIS file);
 *  - the IRI is written differently from what it means (entities such as
 *    &amp; in HTML, \u escapes in Turtle, a prefixed name): irie does not
 *    re-escape, the file is to be edited there;
 *  - the new IRI holds a character its context cannot hold as it is: in an
 *    HTML/XML attribute " ' < > & and spaces; in a Turtle IRIREF what
 *    IRIREF excludes (Turtle 1.1 [18]: controls, space, <>"{}|^`\); in a
 *    Markdown destination spaces, < > ( ); in a JSON string " \ and
 *    controls; in text spaces, < > and ".
 * Every other entry is replaced byte for byte (app/view_write.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "extract_msg.h"
#include "i18n.h"
#include "view_extract.h"
#include "view_list_internal.h"

/* What a replacement may hold, by where the IRI is (F_CONTEXT_MASK). */
enum {
	CTX_LINE = 0,      /* a plain list's line: anything but a line break */
	CTX_REFUSE,        /* raw text differs from the IRI */
	CTX_ATTRIBUTE,
	CTX_IRIREF,
	CTX_MARKDOWN,
	CTX_JSON,
	CTX_TEXT,
	CTX_NOT_UTF8,      /* the document is in another charset */
};

/* The characters (besides controls, refused everywhere) each context
 * cannot hold as they are. */
static const char *const forbidden[] = {
	[CTX_LINE] = "", [CTX_REFUSE] = "",
	[CTX_ATTRIBUTE] = "\"'<>& ",
	[CTX_IRIREF] = "<>\"{}|^`\\ ",
	[CTX_MARKDOWN] = "<>() ",
	[CTX_JSON] = "\"\\",
	[CTX_TEXT] = "<>\" ", [CTX_NOT_UTF8] = "",
};

static int context_of(ixt_kind k)
{
	switch (k) {
	case IXT_KIND_ATTRIBUTE: case IXT_KIND_SRCSET: case IXT_KIND_NAMESPACE:
		return CTX_ATTRIBUTE;
	case IXT_KIND_BASE: case IXT_KIND_PREFIX: case IXT_KIND_SUBJECT: case IXT_KIND_PREDICATE:
	case IXT_KIND_OBJECT: case IXT_KIND_DATATYPE: case IXT_KIND_GRAPH:
		return CTX_IRIREF;
	case IXT_KIND_MD_LINK: case IXT_KIND_MD_IMAGE: case IXT_KIND_MD_AUTOLINK: case IXT_KIND_MD_REFERENCE:
		return CTX_MARKDOWN;
	case IXT_KIND_JSON_STRING:
		return CTX_JSON;
	case IXT_KIND_TEXT:
		return CTX_TEXT;
	}
	return CTX_REFUSE;
}

/* The document's place of each code point of the IRIs whose raw text
 * differs from what they mean (entities, escapes, prefixed names:
 * extract's map), so that a finding is shown at its LINE:COL; an IRI
 * written as it means is walked from its start instead.  Such IRIs are few: their places are
 * kept apart from the entries, in entry order, up to a cap. */
#define VX_MAX_MAP_PLACES ((size_t)1 << 22)

typedef struct {
	uint64_t line;
	uint32_t col;
} vx_place_t;

typedef struct {
	size_t entry, off, n;          /* places[off .. off + n) are entry's */
} vx_map_ref;

typedef struct {
	vx_map_ref *refs;
	size_t n_refs, refs_cap;
	vx_place_t *places;
	size_t n_places, places_cap;
} vx_maps;

static void maps_free(void *p)
{
	vx_maps *m = p;
	if (!m)
		return;
	free(m->refs);
	free(m->places);
	free(m);
}

/* p (of *cap elements of size bytes) grown to hold want: the new block,
 * or NULL without memory (p and *cap unchanged). */
static void *grow(void *p, size_t *cap, size_t want, size_t size)
{
	if (want <= *cap)
		return p;
	size_t n = *cap ? *cap : 64;
	while (n < want)
		n *= 2;
	void *q = realloc(p, n * size);
	if (q)
		*cap = n;
	return q;
}

/* Keeps fd's map for the last entry of vl; false only without memory
 * (over the cap the map is left out: its findings show in the IRI). */
static bool keep_map(view_list *vl, const ixt_found *fd)
{
	vx_maps *m = vl->doc_maps;
	if (!m) {
		if (!(m = calloc(1, sizeof *m)))
			return false;
		vl->doc_maps = m;
		vl->doc_maps_free = maps_free;
	}
	if (fd->map_len == 0 || m->n_places + fd->map_len > VX_MAX_MAP_PLACES)
		return true;
	vx_map_ref *refs = grow(m->refs, &m->refs_cap, m->n_refs + 1, sizeof *refs);
	if (!refs)
		return false;
	m->refs = refs;
	vx_place_t *places = grow(m->places, &m->places_cap, m->n_places + fd->map_len, sizeof *places);
	if (!places)
		return false;
	m->places = places;
	m->refs[m->n_refs++] = (vx_map_ref){ .entry = vl->n - 1, .off = m->n_places, .n = fd->map_len };
	for (size_t k = 0; k < fd->map_len; k++)
		m->places[m->n_places++] = (vx_place_t){ fd->map[k].line, (uint32_t)fd->map[k].column };
	return true;
}

/* The kept map of entry i, or NULL. */
static const vx_map_ref *map_of(const view_list *vl, size_t i)
{
	const vx_maps *m = vl->doc_maps;
	size_t lo = 0, hi = m ? m->n_refs : 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m->refs[mid].entry < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return m && lo < m->n_refs && m->refs[lo].entry == i ? &m->refs[lo] : NULL;
}

typedef struct {
	view_list *vl;
	bool no_memory;
	unsigned long problems;    /* document problems (syntax errors ...) */
	char first_problem[300];
} vx_read;

static int on_found(void *user, const ixt_found *fd)
{
	vx_read *r = user;
	if (r->vl->n >= VIEW_MAX_LINES) {   /* as many as a list: the rest said to be left */
		r->vl->truncated = true;
		return 1;
	}
	/* <base href> is an IRI of HTML too; its kind decides below. */
	bool same = fd->raw_bytes == fd->iri_bytes && memcmp(fd->raw, fd->iri, fd->iri_bytes) == 0;
	int ctx = same ? context_of(fd->kind) : CTX_REFUSE;
	if (fd->kind == IXT_KIND_BASE && fd->element)
		ctx = same ? CTX_ATTRIBUTE : CTX_REFUSE;
	if (!vl_add(r->vl, fd->pos.line, (uint32_t)fd->pos.column, fd->pos.byte, fd->byte_end - fd->pos.byte,
	    fd->iri, fd->iri_bytes, same)) {
		r->no_memory = true;
		return 1;
	}
	r->vl->e[r->vl->n - 1].flags |= (uint8_t)(ctx << F_CONTEXT_SHIFT);
	if (!same && !keep_map(r->vl, fd)) {
		r->no_memory = true;
		return 1;
	}
	return 0;
}

static void on_diag(void *user, const ixt_diag *d)
{
	vx_read *r = user;
	if (r->problems++ == 0) {
		char msg[256];
		xmsg_diag(d, msg, sizeof msg);
		snprintf(r->first_problem, sizeof r->first_problem, "%lu:%lu: %s", d->pos.line, d->pos.column, msg);
	}
}

/* A document in another charset: every entry refused. */
static void refuse_all(view_list *vl)
{
	for (size_t i = 0; i < vl->n; i++)
		vl->e[i].flags = (uint8_t)((vl->e[i].flags & ~F_CONTEXT_MASK) | (CTX_NOT_UTF8 << F_CONTEXT_SHIFT));
}

/* The document read into vl through x; the status as vl_read_lines gives it. */
static int read_document(view_list *vl, ixt_ctx *x, FILE *f, const char *path, char *err, size_t err_size)
{
	vx_read r = { .vl = vl };
	ixt_set_callbacks(x, on_found, on_diag, &r);
	ixt_result res = ixt_read_stream(x, f, path);
	if (r.no_memory || res == IXT_NO_MEMORY) {
		snprintf(err, err_size, "%s", _("out of memory"));
		return 1;
	}
	if (res != IXT_OK && !(res == IXT_STOPPED && vl->truncated)) {
		char why[600];
		xmsg_failure(x, res, why, sizeof why);
		/* TRANSLATORS: %s: the file name; %s: why it was not read. */
		snprintf(err, err_size, _("cannot read %s: %s"), path, why);
		return 2;
	}
	if (ixt_last_empty(x)) {
		/* TRANSLATORS: %s: the file name (or "standard input"); as "%s is empty: no lines to view". */
		snprintf(err, err_size, _("%s is empty: no IRIs to view"), path);
		return 2;
	}
	if (vl->n == 0) {
		/* TRANSLATORS: %s: the file name; %s: the first problem in it, or "". */
		snprintf(err, err_size, _("%s has no IRIs to view%s%s"), path, r.problems ? ": " : "", r.first_problem);
		return 1;
	}
	if (!xmsg_charset_is_utf8(ixt_last_charset(x)))
		refuse_all(vl);
	return 0;
}

int vx_read_document(view_list *vl, const char *path, int type, const char *charset, char *err,
	size_t err_size)
{
	bool is_stdin = strcmp(path, "-") == 0;
	ixt_ctx *x = ixt_new();
	vl->path = strdup(path);
	vl->document = true;
	if (!x || !vl->path || ixt_set_charset(x, charset) != IXT_OK) {
		ixt_free(x);
		snprintf(err, err_size, "%s", _("out of memory"));
		return 1;
	}
	ixt_set_type(x, (ixt_type)type);
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	int status = 2;
	if (!f || fstat(fileno(f), &vl->st) != 0) {
		/* TRANSLATORS: %s: the file name; %s: the system's reason. */
		snprintf(err, err_size, _("cannot open %s: %s"), path, strerror(errno));
		goto out;
	}
	if (S_ISDIR(vl->st.st_mode)) {
		/* TRANSLATORS: %s: the name given to irie view. */
		snprintf(err, err_size, _("%s is a directory"), path);
		goto out;
	}
	status = read_document(vl, x, f, is_stdin ? _("standard input") : path, err, err_size);
	vl->writable = status == 0 && !is_stdin && S_ISREG(vl->st.st_mode);
out:
	if (f && f != stdin)
		fclose(f);
	ixt_free(x);
	return status;
}

const char *vx_entry_refusal(const view_list *vl, size_t i, unsigned long long line, char *buf, size_t size)
{
	int ctx = (vl->e[i].flags & F_CONTEXT_MASK) >> F_CONTEXT_SHIFT;
	if (ctx == CTX_REFUSE)
		/* TRANSLATORS: view --extract opened an IRI in the editor; %llu: its line. */
		snprintf(buf, size, _("line %llu cannot be put back: the file has it with entities, escapes or a prefix"), line);
	else if (ctx == CTX_NOT_UTF8)
		/* TRANSLATORS: view --extract opened an IRI in the editor; %llu: its line. */
		snprintf(buf, size, _("line %llu cannot be put back: the file is not UTF-8 (irie writes UTF-8)"), line);
	else
		return NULL;
	return buf;
}

const char *vx_replace_refusal(const view_list *vl, size_t i, const char *text, size_t len, char *buf,
	size_t size)
{
	int ctx = (vl->e[i].flags & F_CONTEXT_MASK) >> F_CONTEXT_SHIFT;
	if (ctx == CTX_LINE)
		return NULL;
	if (ctx == CTX_REFUSE) {
		snprintf(buf, size, "%s", _("written with entities, escapes or a prefix in the file: edit it there"));
		return buf;
	}
	if (ctx == CTX_NOT_UTF8) {
		snprintf(buf, size, "%s", _("the file is not UTF-8 (irie writes UTF-8): edit it there"));
		return buf;
	}
	for (size_t k = 0; k < len; k++) {
		unsigned char c = (unsigned char)text[k];
		if (c < 0x20 || c == 0x7F || (c && strchr(forbidden[ctx], c))) {
			if (c < 0x20 || c == 0x7F)
				/* TRANSLATORS: %02X: a control character's code. */
				snprintf(buf, size, _("U+%04X cannot stand as it is here in the file: escape it"), c);
			else
				/* TRANSLATORS: %c: the character (", <, space...). */
				snprintf(buf, size, _("'%c' cannot stand as it is here in the file: escape it"), c);
			return buf;
		}
	}
	return NULL;
}

bool vx_place(const view_list *vl, size_t i, size_t cp, unsigned long *line, unsigned long *col)
{
	if (i >= vl->n || ((vl->e[i].flags & F_CONTEXT_MASK) >> F_CONTEXT_SHIFT) == CTX_LINE || vl_changed(vl, i))
		return false;
	bool written = vl_written(vl, i);
	const vx_map_ref *ref = written ? NULL : map_of(vl, i);
	if (ref) {
		if (cp >= ref->n)
			return false;
		const vx_place_t *p = &((const vx_maps *)vl->doc_maps)->places[ref->off + cp];
		*line = (unsigned long)p->line, *col = p->col;
		return true;
	}
	if (!written && !(vl->e[i].flags & F_TEXT_IS_BYTES))
		return false;   /* written otherwise, its map over the cap */
	/* Written as it reads (or as w wrote it): walked from its start, LF,
	 * lone CR and the LF of CR LF each starting a line (extract.h). */
	size_t len;
	const char *s = vl_text(vl, i, &len);
	if (!s)
		return false;
	unsigned long ln = (unsigned long)vl->e[i].line, c = vl->e[i].col;
	size_t k = 0, b = 0;
	for (; k < cp && b < len; k++) {
		unsigned char ch = (unsigned char)s[b++];
		if (ch == '\n' || (ch == '\r' && !(b < len && s[b] == '\n'))) {
			ln++, c = 1;
			continue;
		}
		while (b < len && ((unsigned char)s[b] & 0xC0) == 0x80)
			b++;
		c++;
	}
	*line = ln, *col = c;
	return k == cp;
}
