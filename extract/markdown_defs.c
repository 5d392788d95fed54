/* Link reference definitions kept from piece to piece (markdown_defs.h):
 * a hash table of their labels as matched, their lines in the order they
 * were written.  A piece's bracketed texts are looked up, and only the
 * definitions found are put before it: a document with many definitions
 * does not make every parse longer. */
#include "ixt_internal.h"
#include "markdown_defs.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Definitions kept (bytes of their lines): past this, later ones are not. */
#define MD_MAX_KEPT_BYTES ((size_t)1 << 20)
/* Bracketed text looked up at most (CommonMark 4.7: a label is at most
 * 999 characters). */
#define MD_MAX_LABEL_BYTES 1000

/* A definition kept: its line in lines, its label as matched in labels. */
typedef struct {
	uint32_t hash, off, len, label_off, label_len;   /* len 0: an empty slot */
	uint64_t wanted;             /* the last parse that puts it first */
} md_def;

struct md_defs {
	md_def *tab;                 /* open addressing by hash; cap a power of 2 */
	size_t n, cap;
	ixt_buf lines, labels, input, scratch;
	uint64_t parses;
};

md_defs *md_defs_new(void)
{
	return calloc(1, sizeof(md_defs));
}

void md_defs_free(md_defs *d)
{
	if (!d)
		return;
	free(d->tab);
	ixt_buf_free(&d->lines);
	ixt_buf_free(&d->labels);
	ixt_buf_free(&d->input);
	ixt_buf_free(&d->scratch);
	free(d);
}

/* Label L (N bytes) as labels are matched (CommonMark 4.7: case folded,
 * white space runs one space, none at the ends), appended to OUT with its
 * hash; only ASCII letters are folded (a label differing otherwise in
 * case is not found: its definition is not put before a piece).  Returns
 * its length. */
static size_t norm_label(ixt_buf *out, const char *l, size_t n, uint32_t *hash)
{
	size_t from = out->n, k = 0;
	*hash = 2166136261u;                       /* FNV-1a */
	if (!ixt_buf_add(out, l, n))               /* room for all; then written over */
		return 0;
	char *o = out->p + from;
	bool space = false;
	for (size_t i = 0; i < n; i++) {
		char c = l[i];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			space = k > 0;
			continue;
		}
		if (space)
			o[k++] = ' ', *hash = (*hash ^ ' ') * 16777619u;
		space = false;
		o[k++] = c = c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
		*hash = (*hash ^ (unsigned char)c) * 16777619u;
	}
	out->n = from + k;
	return k;
}

/* The kept definition of LABEL (as matched, N bytes), or the empty slot
 * for it. */
static md_def *slot(md_defs *d, uint32_t hash, const char *label, size_t n)
{
	for (size_t k = hash & (d->cap - 1);; k = (k + 1) & (d->cap - 1)) {
		md_def *e = &d->tab[k];
		if (!e->len || (e->hash == hash && e->label_len == n && memcmp(d->labels.p + e->label_off, label, n) == 0))
			return e;
	}
}

static bool grow(md_defs *d)
{
	size_t old_cap = d->cap, cap = old_cap ? 2 * old_cap : 64;
	md_def *old = d->tab, *t = calloc(cap, sizeof *t);
	if (!t)
		return false;
	d->tab = t, d->cap = cap;
	for (size_t k = 0; k < old_cap; k++)
		if (old[k].len)
			*slot(d, old[k].hash, d->labels.p + old[k].label_off, old[k].label_len) = old[k];
	free(old);
	return true;
}

void md_defs_keep(md_defs *d, const char *label, size_t label_n, const char *dest, size_t dest_n, bool angle)
{
	if (!d || d->lines.n + label_n + dest_n + 8 > MD_MAX_KEPT_BYTES || (2 * (d->n + 1) > d->cap && !grow(d)))
		return;
	uint32_t h;
	size_t at = d->labels.n, n = norm_label(&d->labels, label, label_n, &h), off = d->lines.n;
	md_def *e = n ? slot(d, h, d->labels.p + at, n) : NULL;
	if (!e || e->len || !ixt_buf_addc(&d->lines, '[') || !ixt_buf_add(&d->lines, label, label_n)
		|| !ixt_buf_add(&d->lines, angle ? "]: <" : "]: ", angle ? 4 : 3)
		|| !ixt_buf_add(&d->lines, dest, dest_n) || !ixt_buf_add(&d->lines, angle ? ">\n" : "\n", angle ? 2 : 1)) {
		d->labels.n = at, d->lines.n = off;   /* the first of a label wins */
		return;
	}
	*e = (md_def){ h, (uint32_t)off, (uint32_t)(d->lines.n - off), (uint32_t)at, (uint32_t)n, 0 };
	d->n++;
}

/* Marks the kept definitions whose label P (N bytes) has in brackets
 * (over lines too, escapes skipped) for this parse; returns how many. */
static size_t want_defs(md_defs *d, const char *p, size_t n)
{
	size_t wanted = 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] != '[')
			continue;
		size_t j = i + 1;
		while (j < n && j - i <= MD_MAX_LABEL_BYTES && p[j] != ']' && p[j] != '[')
			j += p[j] == '\\' ? 2 : 1;
		if (j >= n || p[j] != ']') {
			i = j < n && p[j] == '[' ? j - 1 : i;
			continue;
		}
		uint32_t h;
		d->scratch.n = 0;
		size_t len = norm_label(&d->scratch, p + i + 1, j - i - 1, &h);
		md_def *e = len ? slot(d, h, d->scratch.p, len) : NULL;
		if (e && e->len && e->wanted != d->parses)
			e->wanted = d->parses, wanted++;
		i = j;
	}
	return wanted;
}

static int by_off(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* d->input: the WANTED definitions marked, in the order they were kept,
 * a blank line (a title-like first line of P is not taken for theirs),
 * then P (N bytes); the lines before P, or 0 when it could not be made. */
static size_t put_before(md_defs *d, size_t wanted, const char *p, size_t n)
{
	uint32_t *offs = malloc(wanted * sizeof *offs);
	size_t k = 0;
	for (size_t i = 0; offs && i < d->cap && k < wanted; i++)
		if (d->tab[i].len && d->tab[i].wanted == d->parses)
			offs[k++] = d->tab[i].off;
	if (offs)
		qsort(offs, k, sizeof *offs, by_off);
	d->input.n = 0;
	bool ok = offs != NULL;
	for (size_t i = 0; ok && i < k; i++) {
		const char *line = d->lines.p + offs[i];
		size_t len = (size_t)((const char *)memchr(line, '\n', d->lines.n - offs[i]) - line) + 1;
		ok = ixt_buf_add(&d->input, line, len);
	}
	ok = ok && ixt_buf_addc(&d->input, '\n') && ixt_buf_add(&d->input, p, n);
	free(offs);
	return ok ? k + 1 : 0;
}

const char *md_defs_before(md_defs *d, const char *p, size_t n, size_t *text_n, size_t *synth_lines)
{
	d->parses++;
	size_t wanted = d->n ? want_defs(d, p, n) : 0;
	*synth_lines = wanted ? put_before(d, wanted, p, n) : 0;
	*text_n = *synth_lines ? d->input.n : n;
	return *synth_lines ? d->input.p : p;
}
