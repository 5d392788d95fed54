/* The viewer's entries: read, checked on demand, filtered, searched,
 * replaced and written back.  See view_list.h.
 *
 * Memory: the entries' texts live in one pool (the file's lines, without
 * their line endings, once), an entry is a few numbers; only replacements
 * get their own copy.  Write-back is app/view_write.c. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "edit_buffer.h"
#include "i18n.h"
#include "view_list.h"
#include "view_list_internal.h"


view_list *vl_new(void)
{
	view_list *vl = calloc(1, sizeof(view_list));
	/* The findings list is made here, not on first use, so a check never
	 * fails for memory halfway through a walk over the entries. */
	if (vl && !(vl->diags = iri_diags_new())) {
		free(vl);
		return NULL;
	}
	return vl;
}

void vl_free(view_list *vl)
{
	if (!vl)
		return;
	for (size_t i = 0; i < vl->n_repl; i++) {
		free(vl->repl[i].fix);
		free(vl->repl[i].disk);
	}
	free(vl->repl);
	free(vl->e);
	free(vl->pool);
	free(vl->shown);
	free(vl->path);
	iri_diags_free(vl->diags);
	if (vl->doc_maps_free)
		vl->doc_maps_free(vl->doc_maps);
	free(vl);
}

static bool pool_put(view_list *vl, const char *s, size_t n)
{
	if (vl->pool_len + n > vl->pool_cap) {
		size_t want = vl->pool_cap ? vl->pool_cap : 4096;
		while (want < vl->pool_len + n)
			want *= 2;
		char *p = realloc(vl->pool, want);
		if (!p)
			return false;
		vl->pool = p;
		vl->pool_cap = want;
	}
	if (n)
		memcpy(vl->pool + vl->pool_len, s, n);
	vl->pool_len += n;
	return true;
}

bool vl_add(view_list *vl, uint64_t line, uint32_t col, uint64_t byte_off, uint64_t byte_len,
	const char *text, size_t len, bool text_is_bytes)
{
	if (vl->n == vl->cap) {
		size_t want = vl->cap ? vl->cap * 2 : 256;
		entry *p = realloc(vl->e, want * sizeof *p);
		if (!p)
			return false;
		vl->e = p;
		vl->cap = want;
	}
	entry *e = &vl->e[vl->n];
	memset(e, 0, sizeof *e);
	e->byte_off = byte_off, e->byte_len = byte_len, e->line = line, e->col = col;
	e->text_off = vl->pool_len;
	e->flags = text_is_bytes ? F_TEXT_IS_BYTES : 0;
	if (len > EDB_MAX_TEXT_BYTES) {
		/* Over the cap: kept as its place only, shown as too long. */
		e->text_len = NOT_KEPT;
		e->state = VL_TOO_LONG;
	} else {
		if (!pool_put(vl, text, len))
			return false;
		e->text_len = (uint32_t)len;
	}
	vl->n++;
	return true;
}

/* Reads f's lines into vl (each line's bytes, CRs before its LF left out
 * of the text but not of the file).  Line bytes past the cap are read and
 * not kept.  False on a read error (errno) or without memory (*no_memory). */
static bool read_lines(view_list *vl, FILE *f, bool *no_memory)
{
	char *line = malloc(EDB_MAX_TEXT_BYTES + 1);
	uint64_t off = 0, start = 0, line_no = 1, len = 0;
	bool ok = line != NULL;
	*no_memory = !ok;
	int c = 0;
	while (ok && (c = getc(f)) != EOF) {
		off++;
		if (c != '\n') {
			if (len < EDB_MAX_TEXT_BYTES + 1)
				line[len] = (char)c;
			len++;
			continue;
		}
		if (vl->n == VIEW_MAX_LINES) {
			vl->truncated = true;
			break;
		}
		uint64_t text = len;
		while (text > 0 && text <= EDB_MAX_TEXT_BYTES + 1 && line[text - 1] == '\r')
			text--;
		ok = vl_add(vl, line_no++, 1, start, text, line, (size_t)text, true);
		*no_memory = !ok;
		start = off, len = 0;
	}
	/* The last line without its LF. */
	if (ok && !vl->truncated && len > 0) {
		if (vl->n == VIEW_MAX_LINES) {
			vl->truncated = true;
		} else {
			uint64_t text = len;
			while (text > 0 && text <= EDB_MAX_TEXT_BYTES + 1 && line[text - 1] == '\r')
				text--;
			ok = vl_add(vl, line_no, 1, start, text, line, (size_t)text, true);
			*no_memory = !ok;
		}
	}
	free(line);
	return ok && !ferror(f);
}

int vl_read_lines(view_list *vl, const char *path, char *err, size_t err_size)
{
	bool is_stdin = strcmp(path, "-") == 0;
	const char *name = is_stdin ? _("standard input") : path;
	vl->path = strdup(path);
	if (!vl->path) {
		snprintf(err, err_size, "%s", _("out of memory"));
		return 1;
	}
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	int status = 2;
	if (!f || fstat(fileno(f), &vl->st) != 0) {
		/* TRANSLATORS: %s: the file name ("standard input"); %s: the system's reason. */
		snprintf(err, err_size, _("cannot open %s: %s"), name, strerror(errno));
		goto out;
	}
	if (S_ISDIR(vl->st.st_mode)) {
		/* TRANSLATORS: %s: the name given to irie view ("standard input"). */
		snprintf(err, err_size, _("%s is a directory"), name);
		goto out;
	}
	bool no_memory;
	if (!read_lines(vl, f, &no_memory)) {
		if (no_memory)
			snprintf(err, err_size, "%s", _("out of memory"));
		else
			/* TRANSLATORS: %s: the file name ("standard input"); %s: the system's reason. */
			snprintf(err, err_size, _("cannot read %s: %s"), name, strerror(errno));
		status = no_memory ? 1 : 2;
		goto out;
	}
	if (vl->n == 0) {
		/* TRANSLATORS: %s: the file name ("standard input"); the viewer has nothing to show. */
		snprintf(err, err_size, _("%s is empty: no lines to view"), name);
		goto out;
	}
	vl->writable = !is_stdin && S_ISREG(vl->st.st_mode);
	/* The doubling's slack given back (a realloc that cannot shrink keeps it). */
	char *pool = realloc(vl->pool, vl->pool_len ? vl->pool_len : 1);
	if (pool)
		vl->pool = pool, vl->pool_cap = vl->pool_len ? vl->pool_len : 1;
	entry *e = realloc(vl->e, vl->n * sizeof *e);
	if (e)
		vl->e = e, vl->cap = vl->n;
	status = 0;
out:
	if (f && f != stdin)
		fclose(f);
	return status;
}

size_t vl_count(const view_list *vl) { return vl->n; }
bool vl_truncated(const view_list *vl) { return vl->truncated; }
bool vl_is_document(const view_list *vl) { return vl->document; }
const char *vl_path(const view_list *vl) { return vl->path ? vl->path : ""; }
uint64_t vl_line(const view_list *vl, size_t i) { return vl->e[i].line; }
uint64_t vl_last_line(const view_list *vl) { return vl->n ? vl->e[vl->n - 1].line : 0; }

replacement *vl_repl_of(const view_list *vl, size_t i)
{
	return vl->e[i].repl ? &vl->repl[vl->e[i].repl - 1] : NULL;
}

bool vl_changed(const view_list *vl, size_t i)
{
	const replacement *r = vl_repl_of(vl, i);
	return r && r->fix;
}

bool vl_written(const view_list *vl, size_t i)
{
	const replacement *r = vl_repl_of(vl, i);
	return r && r->disk;
}

bool vl_filtered(const view_list *vl) { return vl->shown != NULL; }
size_t vl_shown(const view_list *vl) { return vl->shown ? vl->n_shown : vl->n; }
size_t vl_entry_at(const view_list *vl, size_t pos) { return vl->shown ? vl->shown[pos] : pos; }
bool vl_can_write(const view_list *vl) { return vl->writable; }

const char *vl_disk_text(const view_list *vl, size_t i, size_t *len)
{
	const entry *e = &vl->e[i];
	const replacement *r = vl_repl_of(vl, i);
	if (r && r->disk) {
		*len = r->disk_len;
		return r->disk;
	}
	*len = e->text_len == NOT_KEPT ? (size_t)e->byte_len : e->text_len;
	return e->text_len == NOT_KEPT ? NULL : vl->pool + e->text_off;
}

const char *vl_text(const view_list *vl, size_t i, size_t *len)
{
	const replacement *r = vl_repl_of(vl, i);
	if (r && r->fix) {
		*len = r->fix_len;
		return r->fix;
	}
	return vl_disk_text(vl, i, len);
}

size_t vl_unwritten(const view_list *vl)
{
	size_t n = 0;
	for (size_t i = 0; i < vl->n_repl; i++)
		n += vl->repl[i].fix != NULL;
	return n;
}

vl_state vl_check(view_list *vl, size_t i, iri_ctx *ctx, iri_diag_code *first)
{
	entry *e = &vl->e[i];
	if (e->state == VL_UNKNOWN) {
		size_t len;
		const char *text = vl_text(vl, i, &len);
		iri_check(ctx, text, len, NULL, vl->diags);
		/* The list names the first finding of the worst severity. */
		size_t n = iri_diags_count(vl->diags);
		const iri_diag *worst = NULL;
		for (size_t k = 0; k < n; k++) {
			const iri_diag *d = iri_diags_get(vl->diags, k);
			if (!worst || d->severity > worst->severity)
				worst = d;
		}
		e->state = !worst ? VL_OK : worst->severity == IRI_SEV_ERROR ? VL_ERROR
			: worst->severity == IRI_SEV_WARNING ? VL_WARNING : VL_INFO;
		e->code = worst ? (uint16_t)worst->code : 0;
	}
	if (first)
		*first = (iri_diag_code)e->code;
	return (vl_state)e->state;
}

static bool has_findings(view_list *vl, size_t i, iri_ctx *ctx)
{
	vl_state s = vl_check(vl, i, ctx, NULL);
	return s == VL_WARNING || s == VL_ERROR || s == VL_TOO_LONG;
}

bool vl_replace(view_list *vl, size_t i, const char *text, size_t len)
{
	entry *e = &vl->e[i];
	size_t old_len;
	const char *old = vl_disk_text(vl, i, &old_len);
	char *copy = NULL;
	if (!old || old_len != len || memcmp(old, text, len) != 0) {
		if (!(copy = malloc(len ? len : 1)))
			return false;
		memcpy(copy, text, len);
	}
	if (!e->repl && copy) {
		if (vl->n_repl == vl->repl_cap) {
			size_t want = vl->repl_cap ? vl->repl_cap * 2 : 16;
			replacement *p = realloc(vl->repl, want * sizeof *p);
			if (!p) {
				free(copy);
				return false;
			}
			vl->repl = p;
			vl->repl_cap = want;
		}
		memset(&vl->repl[vl->n_repl], 0, sizeof *vl->repl);
		e->repl = (uint32_t)++vl->n_repl;
	}
	replacement *r = vl_repl_of(vl, i);
	if (r) {
		free(r->fix);
		r->fix = copy;
		r->fix_len = copy ? (uint32_t)len : 0;
	}
	e->state = VL_UNKNOWN;   /* checked again as it is now */
	vl->findings_stale = vl->shown != NULL;
	return true;
}

bool vl_set_filter(view_list *vl, bool on, iri_ctx *ctx)
{
	free(vl->shown);
	vl->shown = NULL;
	vl->n_shown = 0;
	if (!on)
		return true;
	/* One pass into room for every entry: at most one index per entry is
	 * written, whatever each check says. */
	vl->shown = malloc((vl->n ? vl->n : 1) * sizeof *vl->shown);
	if (!vl->shown)
		return false;
	for (size_t i = 0; i < vl->n; i++)
		if (has_findings(vl, i, ctx))
			vl->shown[vl->n_shown++] = i;
	vl->n_findings = vl->n_shown;
	vl->findings_stale = false;
	/* The room not used given back (a realloc that cannot shrink keeps it). */
	size_t *fit = realloc(vl->shown, (vl->n_shown ? vl->n_shown : 1) * sizeof *fit);
	if (fit)
		vl->shown = fit;
	return true;
}

void vl_recount_findings(view_list *vl, iri_ctx *ctx)
{
	if (!vl->shown || !vl->findings_stale)
		return;
	/* Only the replaced entries are checked again; the rest are cached. */
	vl->n_findings = 0;
	for (size_t k = 0; k < vl->n_shown; k++)
		vl->n_findings += has_findings(vl, vl->shown[k], ctx);
	vl->findings_stale = false;
}

size_t vl_findings_shown(const view_list *vl)
{
	return vl->shown ? vl->n_findings : 0;
}

size_t vl_pos_of(const view_list *vl, size_t i)
{
	size_t n = vl_shown(vl);
	if (n == 0)
		return SIZE_MAX;
	if (!vl->shown)
		return i < n ? i : n - 1;
	/* The first shown entry >= i (binary search: shown is in file order). */
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (vl->shown[mid] < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n ? lo : n - 1;
}

size_t vl_pos_of_line(const view_list *vl, uint64_t line)
{
	size_t n = vl_shown(vl);
	if (n == 0)
		return SIZE_MAX;
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (vl->e[vl_entry_at(vl, mid)].line < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n ? lo : n - 1;
}

static bool holds(const char *s, size_t len, const char *pat, size_t n)
{
	if (n == 0 || n > len)
		return n == 0;
	for (size_t k = 0; k + n <= len; k++)
		if (s[k] == pat[0] && memcmp(s + k, pat, n) == 0)
			return true;
	return false;
}

/* Walks the shown positions from pos (or the one after it) in a
 * direction, round once, until match says yes. */
typedef bool match_fn(view_list *vl, size_t i, const void *user);

static size_t walk(view_list *vl, size_t pos, bool forward, bool inclusive, bool *wrapped,
	match_fn *match, const void *user)
{
	size_t n = vl_shown(vl);
	*wrapped = false;
	if (n == 0)
		return SIZE_MAX;
	if (pos >= n)
		pos = n - 1;
	/* Round once: back at pos itself last when not inclusive. */
	for (size_t step = inclusive ? 0 : 1; step < n + (inclusive ? 0 : 1); step++) {
		size_t p;
		if (forward) {
			p = pos + step;
			if (p >= n) {
				p -= n;
				*wrapped = true;
			}
		} else if (step > pos) {
			p = pos + n - step;
			*wrapped = true;
		} else {
			p = pos - step;
		}
		if (match(vl, vl_entry_at(vl, p), user))
			return p;
	}
	*wrapped = false;
	return SIZE_MAX;
}

typedef struct {
	const char *pat;
	size_t n;
} pattern;

static bool text_matches(view_list *vl, size_t i, const void *user)
{
	const pattern *p = user;
	size_t len;
	const char *s = vl_text(vl, i, &len);
	return s && holds(s, len, p->pat, p->n);
}

size_t vl_find(const view_list *vl, const char *pat, size_t n, size_t pos, bool forward, bool inclusive,
	bool *wrapped)
{
	pattern p = { pat, n };
	/* walk() takes the list as not const for vl_find_finding's checks;
	 * text_matches changes nothing. */
	return walk((view_list *)vl, pos, forward, inclusive, wrapped, text_matches, &p);
}

static bool finding_matches(view_list *vl, size_t i, const void *user)
{
	return has_findings(vl, i, (iri_ctx *)user);
}

size_t vl_find_finding(view_list *vl, iri_ctx *ctx, size_t pos, bool forward, bool *wrapped)
{
	return walk(vl, pos, forward, false, wrapped, finding_matches, ctx);
}
