/* Benchmark (not a test): the whole per-keystroke pipeline -- parse, map, all
 * diagnostics, host forms, all display forms, the cells of the three the
 * editor draws -- at 100, 2,000 and
 * 100,000 characters.  Prints the median and the target (doc/design-notes.md) per size.
 *
 * Usage: bench_keystroke [ITERATIONS_SCALE]   (1 = default) */
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_text.h"
#include "iri.h"
#include "render_bidi.h"

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* One keystroke's worth of work, as the editor does it. */
static void keystroke(iri_ctx *ctx, iri_diags *diags, iri_buf *uri, rnd_display *disp,
	const char *text, size_t len)
{
	iri_ref ref;
	iri_check(ctx, text, len, &ref, diags);
	iri_to_uri(ctx, text, len, NULL, uri);
	const iri_span *h = &ref.comp[IRI_COMP_HOST];
	if (h->present && h->end > h->start) {
		iri_host_forms forms;
		iri_host_forms_init(&forms);
		iri_host_analyse(ctx, text + h->start, h->end - h->start, &forms);
		iri_host_forms_fini(&forms);
	}
	rnd_span spans[IRI_COMP_COUNT];
	size_t n = 0;
	for (int k = 0; k < IRI_COMP_COUNT; k++)
		if (ref.comp[k].present)
			spans[n++] = (rnd_span){ ref.comp[k].cp_start, ref.comp[k].cp_end, k };
	rnd_display_build(disp, text, len, spans, n, NULL);
	/* The cells of the forms the editor draws (its edit line, the RFC 3987
	 * and plain lines); render makes a form's cells when first asked. */
	static const rnd_form drawn[] = { RND_FORM_VISUAL, RND_FORM_RFC3987, RND_FORM_PLAIN };
	for (size_t i = 0; i < sizeof drawn / sizeof drawn[0]; i++) {
		size_t n_cells;
		rnd_form_cells(disp, drawn[i], &n_cells);
	}
}

int main(int argc, char **argv)
{
	setlocale(LC_CTYPE, "C.UTF-8");
	double scale = argc > 1 ? atof(argv[1]) : 1.0;
	static const struct { size_t cps; int iterations; double target_ms; } sizes[] = {
		{ 100, 2000, 0.2 }, { 2000, 300, 2.0 }, { 100000, 15, 50.0 },
		/* No target: these show the time grows linearly up to the edit
		 * buffer's cap (ms per 1,000 characters stays flat). */
		{ 400000, 5, 0 }, { 1000000, 3, 0 },
	};
	iri_ctx *ctx = iri_ctx_new(NULL);
	iri_diags *diags = iri_diags_new();
	rnd_display *disp = rnd_display_new();
	iri_buf uri;
	iri_buf_init(&uri);
	printf("%-12s %8s %12s %12s %12s %10s %12s\n", "characters", "bytes", "median ms", "p90 ms", "target ms",
		"verdict", "ms/1k chars");
	int all_met = 1;
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		size_t n_bytes;
		char *text = bench_text(sizes[s].cps, &n_bytes);
		int iters = (int)(sizes[s].iterations * scale);
		if (iters < 3)
			iters = 3;
		double *t = malloc(sizeof *t * (size_t)iters);
		keystroke(ctx, diags, &uri, disp, text, n_bytes);   /* warm-up */
		for (int i = 0; i < iters; i++) {
			/* Each keystroke changes the text: alternate the last character. */
			text[n_bytes - 1] = (char)(i & 1 ? 'a' : 'b');
			double t0 = now_ms();
			keystroke(ctx, diags, &uri, disp, text, n_bytes);
			t[i] = now_ms() - t0;
		}
		qsort(t, (size_t)iters, sizeof *t, cmp_double);
		double median = t[iters / 2], p90 = t[iters * 9 / 10];
		bool has_target = sizes[s].target_ms > 0;
		int met = !has_target || median <= sizes[s].target_ms;
		all_met &= met;
		char target[32];
		snprintf(target, sizeof target, has_target ? "%.1f" : "-", sizes[s].target_ms);
		printf("%-12zu %8zu %12.4f %12.4f %12s %10s %12.4f\n", sizes[s].cps, n_bytes, median, p90,
			target, has_target ? (met ? "met" : "MISSED") : "-", median * 1000.0 / (double)sizes[s].cps);
		free(t);
		free(text);
	}
	printf("diagnostics on the last input: %zu\n", iri_diags_count(diags));
	iri_buf_fini(&uri);
	rnd_display_free(disp);
	iri_diags_free(diags);
	iri_ctx_free(ctx);
	return all_met ? 0 : 1;
}
