/* The analysis behind every screen: core checks and maps the whole text and
 * render builds every display form -- once per change of the text (RFC 3987
 * 4.3: "rendering should be updated after every new character"); cursor
 * moves and selections only re-mark. */
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "tui_state.h"

bool analysis_init(analysis *a)
{
	memset(a, 0, sizeof *a);
	iri_buf_init(&a->text);
	iri_buf_init(&a->uri);
	iri_host_forms_init(&a->host);
	a->ctx = iri_ctx_new(NULL);
	a->diags = iri_diags_new();
	a->disp = rnd_display_new();
	return a->ctx && a->diags && a->disp;
}

void analysis_fini(analysis *a)
{
	iri_ctx_free(a->ctx);
	iri_diags_free(a->diags);
	iri_buf_fini(&a->uri);
	iri_buf_fini(&a->text);
	free(a->uri_off);
	iri_host_forms_fini(&a->host);
	rnd_display_free(a->disp);
	free(a->cp_marks);
}

/* Which code points carry a finding: underlined on the edit line. */
void analysis_mark(analysis *a, int diag_sel)
{
	size_t n_cp = rnd_logical_len(a->disp);
	if (n_cp + 1 > a->cp_marks_cap) {
		uint8_t *p = realloc(a->cp_marks, n_cp + 1);
		if (!p)
			return;
		a->cp_marks = p;
		a->cp_marks_cap = n_cp + 1;
	}
	memset(a->cp_marks, 0, n_cp + 1);
	for (size_t i = 0; i < iri_diags_count(a->diags); i++) {
		const iri_diag *d = iri_diags_get(a->diags, i);
		if (d->component == IRI_COMP_NONE && (int)i != diag_sel)
			continue;   /* whole-IRI notes would underline everything */
		uint8_t bits = MARK_DIAG | (d->severity == IRI_SEV_ERROR ? MARK_ERROR : 0) |
		               ((int)i == diag_sel ? MARK_SELECTED : 0);
		size_t end = d->cp_end > d->cp_start ? d->cp_end : d->cp_start + 1;
		for (size_t c = d->cp_start; c < end && c < n_cp; c++)
			a->cp_marks[c] |= bits;
	}
}

void analysis_update(analysis *a, const char *text, size_t len)
{
	if (a->text.data && a->text.len == len && memcmp(a->text.data, text, len) == 0 && !a->text.failed)
		return;
	iri_buf_reset(&a->text);
	iri_buf_append(&a->text, text, len);
	iri_check(a->ctx, text, len, &a->ref, a->diags);
	if (len + 1 > a->uri_off_cap) {
		size_t *p = realloc(a->uri_off, (len + 1) * sizeof *p);
		if (p) {
			a->uri_off = p;
			a->uri_off_cap = len + 1;
		}
	}
	iri_to_uri_offsets(a->ctx, text, len, NULL, &a->uri, len + 1 <= a->uri_off_cap ? a->uri_off : NULL);
	const iri_span *h = &a->ref.comp[IRI_COMP_HOST];
	a->host_shown = h->present && a->ref.host_kind == IRI_HOST_REG_NAME && h->end > h->start;
	if (a->host_shown)
		iri_host_analyse(a->ctx, text + h->start, h->end - h->start, &a->host);
	rnd_span spans[IRI_COMP_COUNT];
	size_t n = 0;
	for (int k = 0; k < IRI_COMP_COUNT; k++)
		if (a->ref.comp[k].present)
			spans[n++] = (rnd_span){ a->ref.comp[k].cp_start, a->ref.comp[k].cp_end, k };
	rnd_options opts = out_render_options(true);
	rnd_display_build(a->disp, text, len, spans, n, &opts);
}

size_t analysis_cp_of_byte(const analysis *a, size_t byte)
{
	size_t lo = 0, hi = rnd_logical_len(a->disp);
	while (lo < hi) {   /* rnd_cp_byte is increasing */
		size_t mid = (lo + hi) / 2;
		if (rnd_cp_byte(a->disp, mid) < byte)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t analysis_error_count(const analysis *a)
{
	size_t n = 0;
	for (size_t i = 0; i < iri_diags_count(a->diags); i++)
		if (iri_diags_get(a->diags, i)->severity == IRI_SEV_ERROR)
			n++;
	return n == 0 && iri_diags_has_errors(a->diags) ? 1 : n;
}
