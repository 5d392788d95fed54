/* The diagnostics catalogue and a capped, merging list of findings. */
#include <stdlib.h>
#include <string.h>

#include "iri_diag.h"
#include "iri_utf8.h"

static const struct {
	const char *name;
	iri_severity severity;
	const char *rule;
} catalogue[IRI_D_COUNT] = {
#define IRI_DIAG_ROW_(code, sev, rule) { #code, IRI_SEV_##sev, rule },
	IRI_DIAG_CODES(IRI_DIAG_ROW_)
#undef IRI_DIAG_ROW_
};

const char *iri_diag_code_name(iri_diag_code code)
{
	return code < IRI_D_COUNT ? catalogue[code].name : "UNKNOWN";
}

iri_severity iri_diag_code_severity(iri_diag_code code)
{
	return code < IRI_D_COUNT ? catalogue[code].severity : IRI_SEV_ERROR;
}

const char *iri_diag_code_rule(iri_diag_code code)
{
	return code < IRI_D_COUNT ? catalogue[code].rule : "";
}

bool iri_diag_code_from_name(const char *name, iri_diag_code *out)
{
	for (int i = 0; i < IRI_D_COUNT; i++) {
		if (strcmp(catalogue[i].name, name) == 0) {
			*out = (iri_diag_code)i;
			return true;
		}
	}
	return false;
}

const char *iri_severity_name(iri_severity sev)
{
	switch (sev) {
	case IRI_SEV_INFO: return "info";
	case IRI_SEV_WARNING: return "warning";
	case IRI_SEV_ERROR: return "error";
	}
	return "error";
}

struct iri_diags {
	iri_diag *items;
	size_t count;
	size_t alloc;
	size_t dropped;
	bool dropped_error;     /* an error-severity finding was among them */
	/* Index+1 of the latest finding per code, for merging runs; 0 = none. */
	size_t last_of_code[IRI_D_COUNT];
	/* Bytes allocated for that finding's suggestion, so a long run grows it
	 * geometrically (linear, never quadratic). */
	size_t sug_alloc[IRI_D_COUNT];
};

iri_diags *iri_diags_new(void)
{
	return calloc(1, sizeof(iri_diags));
}

void iri_diags_clear(iri_diags *d)
{
	if (d->count == 0 && d->dropped == 0 && !d->dropped_error)
		return;   /* nothing added since the last clear: last_of_code is all 0 */
	for (size_t i = 0; i < d->count; i++) {
		free((char *)d->items[i].suggestion);
		free((char *)d->items[i].seen);
	}
	d->count = 0;
	d->dropped = 0;
	d->dropped_error = false;
	memset(d->last_of_code, 0, sizeof d->last_of_code);
}

void iri_diags_free(iri_diags *d)
{
	if (!d)
		return;
	iri_diags_clear(d);
	free(d->items);
	free(d);
}

size_t iri_diags_count(const iri_diags *d)
{
	return d->count;
}

const iri_diag *iri_diags_get(const iri_diags *d, size_t i)
{
	return i < d->count ? &d->items[i] : NULL;
}

bool iri_diags_has_errors(const iri_diags *d)
{
	if (d->dropped_error)
		return true;   /* past the cap, but an error all the same */
	for (size_t i = 0; i < d->count; i++)
		if (d->items[i].severity == IRI_SEV_ERROR)
			return true;
	return false;
}

static bool add(iri_diags *d, const iri_diag *g, const char *suggestion, size_t suggestion_len);

bool iri_diags_add(iri_diags *d, iri_diag_code code, iri_component comp,
	size_t byte_start, size_t byte_end, int64_t detail,
	const char *suggestion, size_t suggestion_len)
{
	return iri_diags_add_rule(d, code, comp, byte_start, byte_end, detail,
		iri_diag_code_rule(code), suggestion, suggestion_len);
}

bool iri_diags_add_rule(iri_diags *d, iri_diag_code code, iri_component comp,
	size_t byte_start, size_t byte_end, int64_t detail, const char *rule,
	const char *suggestion, size_t suggestion_len)
{
	if (!d || code >= IRI_D_COUNT)
		return false;
	return add(d, &(iri_diag){ .code = code, .severity = iri_diag_code_severity(code),
		.component = comp, .byte_start = byte_start, .byte_end = byte_end,
		.detail = detail, .rule = rule }, suggestion, suggestion_len);
}

bool iri_diags_add_diag(iri_diags *d, const iri_diag *g)
{
	if (!d || !g || g->code >= IRI_D_COUNT)
		return false;
	iri_diag spec = *g;
	if (!spec.rule)
		spec.rule = iri_diag_code_rule(spec.code);
	return add(d, &spec, g->suggestion, g->suggestion ? strlen(g->suggestion) : 0);
}

static char *copy_of(const char *s, size_t n)
{
	char *copy = s ? malloc(n + 1) : NULL;
	if (copy) {
		memcpy(copy, s, n);
		copy[n] = '\0';
	}
	return copy;
}

/* Adds g (its suggestion given apart, as bytes; its seen as a string). */
static bool add(iri_diags *d, const iri_diag *g, const char *suggestion, size_t suggestion_len)
{
	iri_diag_code code = g->code;
	iri_component comp = g->component;
	size_t byte_start = g->byte_start, byte_end = g->byte_end;
	int64_t detail = g->detail;
	const char *rule = g->rule;
	if (byte_end < byte_start)
		byte_end = byte_start;
	/* A run of the same finding (same code, component, detail class and rule,
	 * adjacent or overlapping, no suggestion) is one finding.  Findings with
	 * suggestions merge when they touch: each suggestion replaces its span,
	 * so the run's suggestion is theirs joined ("%20%20" for two spaces). */
	size_t last = d->last_of_code[code];
	if (last) {
		iri_diag *p = &d->items[last - 1];
		bool same = p->component == comp && p->rule == rule && p->severity == g->severity &&
		            !p->seen && !g->seen && (code != IRI_D_SYNTAX || p->detail == detail);
		if (same && !suggestion && !p->suggestion &&
		    byte_start <= p->byte_end && byte_start >= p->byte_start) {
			if (byte_end > p->byte_end)
				p->byte_end = byte_end;
			return true;
		}
		if (same && suggestion && p->suggestion && byte_start == p->byte_end &&
		    byte_end > byte_start) {
			size_t have = strlen(p->suggestion);
			if (have + suggestion_len + 1 > d->sug_alloc[code]) {
				size_t want = (have + suggestion_len + 1) * 2;
				char *grown = realloc((char *)p->suggestion, want);
				if (!grown)
					goto separate;
				p->suggestion = grown;
				d->sug_alloc[code] = want;
			}
			memcpy((char *)p->suggestion + have, suggestion, suggestion_len);
			((char *)p->suggestion)[have + suggestion_len] = '\0';
			p->byte_end = byte_end;
			return true;
		}
	}
separate:
	if (d->count >= IRI_DIAGS_MAX) {
		d->dropped++;
		d->dropped_error |= g->severity == IRI_SEV_ERROR;
		return false;
	}
	if (d->count == d->alloc) {
		size_t want = d->alloc ? d->alloc * 2 : 16;
		iri_diag *p = realloc(d->items, want * sizeof *p);
		if (!p) {
			d->dropped++;
			d->dropped_error |= g->severity == IRI_SEV_ERROR;
			return false;
		}
		d->items = p;
		d->alloc = want;
	}
	char *copy = copy_of(suggestion, suggestion_len);
	iri_diag *n = &d->items[d->count++];
	*n = (iri_diag){
		.code = code,
		.severity = g->severity,
		.component = comp,
		.byte_start = byte_start,
		.byte_end = byte_end,
		.detail = detail,
		.rule = rule,
		.suggestion = copy,
		.seen = g->seen ? copy_of(g->seen, strlen(g->seen)) : NULL,
	};
	d->last_of_code[code] = d->count;
	d->sug_alloc[code] = copy ? suggestion_len + 1 : 0;
	return true;
}

static int by_position(const void *a, const void *b)
{
	const iri_diag *x = a, *y = b;
	if (x->byte_start != y->byte_start)
		return x->byte_start < y->byte_start ? -1 : 1;
	if (x->byte_end != y->byte_end)
		return x->byte_end < y->byte_end ? -1 : 1;
	if (x->code != y->code)
		return x->code < y->code ? -1 : 1;
	return 0;
}

void iri_diags_finish(iri_diags *d, const char *text, size_t len)
{
	if (d->dropped) {
		size_t dropped = d->dropped;
		/* Make room: the summary replaces the last kept finding if full. */
		if (d->count >= IRI_DIAGS_MAX) {
			d->count--;
			d->dropped_error |= d->items[d->count].severity == IRI_SEV_ERROR;
			free((char *)d->items[d->count].suggestion);
			free((char *)d->items[d->count].seen);
			dropped++;
		}
		d->dropped = 0;
		memset(d->last_of_code, 0, sizeof d->last_of_code);
		iri_diags_add(d, IRI_D_TOO_MANY_DIAGNOSTICS, IRI_COMP_NONE, len, len, (int64_t)dropped, NULL, 0);
	}
	if (d->count > 1)
		qsort(d->items, d->count, sizeof *d->items, by_position);
	/* One pass over the text for the starts (they are sorted); each end is
	 * counted from its start. */
	size_t byte = 0, cp = 0;
	const uint8_t *s = (const uint8_t *)text;
	for (size_t i = 0; i < d->count; i++) {
		iri_diag *g = &d->items[i];
		if (g->byte_start > len)
			g->byte_start = len;
		if (g->byte_end > len)
			g->byte_end = len;
		while (byte < g->byte_start) {
			uint32_t c;
			iri_utf8_status st = IRI_UTF8_OK;
			size_t n = s[byte] < 0x80 ? 1 : iri_utf8_decode(s + byte, len - byte, &c, &st);
			if (byte + n > g->byte_start)
				n = g->byte_start - byte;   /* a span starting inside a sequence */
			byte += n;
			cp += st == IRI_UTF8_OK ? 1 : n;   /* iri_utf8_count_cp()'s rule */
		}
		g->cp_start = cp;
		g->cp_end = cp + iri_utf8_count_cp(text + byte, g->byte_end > byte ? g->byte_end - byte : 0);
	}
	memset(d->last_of_code, 0, sizeof d->last_of_code);
}
