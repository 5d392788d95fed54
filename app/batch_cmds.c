/* The batch commands, one function per input each (the table that names
 * them and their options: app/batch_table.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch_internal.h"
#include "i18n.h"
#include "messages.h"
#include "output.h"
#include "render_sanitize.h"

void cmd_to_uri(batch *b, const char *text, size_t len)
{
	/* Text output needs only the URI and the errors: an ordinary line, or
	 * one whose only errors are unwise characters, is settled by the quick
	 * lane (core/iri_quick.h), the rest below.  On a worker its URI goes
	 * straight into the output (room is left for the newline); a terminal
	 * gets it sanitised. */
	if (!b->json && !b->to_uri.nfc && b->to_uri.host == IRI_HOSTMODE_IDNA) {
		iri_quick_verdict v;
		if (b->out_bytes && !b->stdout_tty) {
			v = iri_quick_scan_errors(b->ctx, text, len, b->out_bytes, b->diags);
			if (v != IRI_QUICK_FULL)
				iri_buf_putc(b->out_bytes, '\n');
		} else {
			iri_buf_reset(&b->out);
			v = iri_quick_scan_errors(b->ctx, text, len, &b->out, b->diags);
			if (v != IRI_QUICK_FULL)
				bout_uri(b, b->out.data ? b->out.data : "", b->out.len);
		}
		if (v == IRI_QUICK_ERRORS)
			bout_report_errors(b);
		if (v != IRI_QUICK_FULL)
			return;
	}
	iri_check(b->ctx, text, len, NULL, b->diags);
	iri_map_result r = iri_to_uri(b->ctx, text, len, &b->to_uri, &b->out);
	if (bout_map_failed(b, text, len, r)) {
		bout_report_errors(b);
		return;
	}
	if (b->json) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "input", out_json_string(text, len));
		json_object_object_add(o, "uri", json_object_new_string_len(b->out.data ? b->out.data : "", (int)b->out.len));
		json_object_object_add(o, "diagnostics", bout_diags_json(b->diags));
		out_json_line(b->out_f, o, b->stdout_tty);
	} else {
		bout_uri(b, b->out.data ? b->out.data : "", b->out.len);
	}
	bout_report_to_uri(b, text, len);
}

static bool covered_by_charset(const iri_diag *d, const iri_diags *extra)
{
	for (size_t i = 0; i < iri_diags_count(extra); i++) {
		const iri_diag *e = iri_diags_get(extra, i);
		if (e->code == IRI_D_LEGACY_CHARSET && e->detail == 0 &&
		    d->byte_start >= e->byte_start && d->byte_end <= e->byte_end)
			return true;
	}
	return false;
}

void cmd_to_iri(batch *b, const char *text, size_t len)
{
	/* Text output with default options: a line the quick lane settles
	 * (core/iri_quick_iri.h) has no error to print, only its IRI. */
	if (!b->json && !b->to_iri.charset && b->to_iri.host == IRI_HOSTOUT_KEEP) {
		if (b->out_bytes && !b->stdout_tty) {
			if (iri_quick_to_iri(b->ctx, text, len, b->out_bytes) != IRI_QUICK_FULL) {
				iri_buf_putc(b->out_bytes, '\n');
				return;
			}
		} else {
			iri_buf_reset(&b->out);
			if (iri_quick_to_iri(b->ctx, text, len, &b->out) != IRI_QUICK_FULL) {
				bout_result(b, b->out.data ? b->out.data : "", b->out.len);
				return;
			}
		}
	}
	iri_check(b->ctx, text, len, NULL, b->diags);
	iri_diags *extra = b->extra;   /* the mapping's own findings (LEGACY_CHARSET) */
	iri_diags_clear(extra);
	iri_map_result r = iri_to_iri(b->ctx, text, len, &b->to_iri, &b->out, extra);
	if (r == IRI_MAP_BAD_CHARSET)
		return;   /* checked before the first line */
	if (bout_map_failed(b, text, len, r)) {
		bout_report_errors(b);
		return;
	}
	iri_diags_finish(extra, text, len);
	if (b->json) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "input", out_json_string(text, len));
		json_object_object_add(o, "iri", out_json_string(b->out.data ? b->out.data : "", b->out.len));
		/* An escape read in the legacy charset is not "left escaped": drop
		 * check's NOT_UTF8_ESCAPE where LEGACY_CHARSET says what happened. */
		json_object *ds = json_object_new_array();
		for (size_t i = 0; i < iri_diags_count(b->diags); i++) {
			const iri_diag *d = iri_diags_get(b->diags, i);
			if (d->code != IRI_D_NOT_UTF8_ESCAPE || !covered_by_charset(d, extra))
				json_object_array_add(ds, bout_diag_json(d));
		}
		for (size_t i = 0; i < iri_diags_count(extra); i++)
			json_object_array_add(ds, bout_diag_json(iri_diags_get(extra, i)));
		json_object_object_add(o, "diagnostics", ds);
		out_json_line(b->out_f, o, b->stdout_tty);
	} else {
		bout_result(b, b->out.data ? b->out.data : "", b->out.len);
		for (size_t i = 0; i < iri_diags_count(extra); i++)
			bout_diag_text(b, b->err_f, b->stderr_tty, iri_diags_get(extra, i));
	}
	bout_report_errors(b);
}

void cmd_check(batch *b, const char *text, size_t len)
{
	/* A line the quick lane finds clean has nothing to print. */
	if (!b->json && iri_quick_scan(b->ctx, text, len, NULL) == IRI_QUICK_CLEAN)
		return;
	iri_check(b->ctx, text, len, NULL, b->diags);
	if (b->json) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "input", out_json_string(text, len));
		json_object_object_add(o, "diagnostics", bout_diags_json(b->diags));
		out_json_line(b->out_f, o, b->stdout_tty);
	} else {
		for (size_t i = 0; i < iri_diags_count(b->diags); i++)
			bout_diag_text(b, b->out_f, b->stdout_tty, iri_diags_get(b->diags, i));
	}
	if (iri_diags_has_errors(b->diags))
		b->status = 1;
}

void cmd_host(batch *b, const char *text, size_t len)
{
	/* An IRI with an authority gives its host; anything else is a host. */
	iri_ref ref;
	iri_split(text, len, &ref);
	const char *host = text;
	size_t host_len = len;
	if (ref.has_authority) {
		host = text + ref.comp[IRI_COMP_HOST].start;
		host_len = ref.comp[IRI_COMP_HOST].end - ref.comp[IRI_COMP_HOST].start;
	}
	iri_host_forms forms;
	iri_host_forms_init(&forms);
	/* An IP literal or IPv4 address has no other encodings: every form is
	 * the address as written (RFC 3986 3.2.2); IDNA does not apply. */
	bool ip = host_len > 0 && (iri_is_ipv4(host, host_len) || (host_len >= 2 && host[0] == '[' &&
		host[host_len - 1] == ']' && (iri_is_ipv6(host + 1, host_len - 2) || iri_is_ipvfuture(host + 1, host_len - 2))));
	bool bad_literal = host_len > 0 && host[0] == '[' && !ip;
	iri_host_result r = IRI_HOST_OK;
	if (ip || host_len == 0) {   /* an empty host (file:///x) is empty in every form */
		iri_buf *all[] = { &forms.unicode, &forms.idna, &forms.idna_transitional, &forms.percent, &forms.zld };
		for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
			iri_buf_append(all[k], host, host_len);
	} else if (!bad_literal) {
		r = iri_host_analyse(b->ctx, host, host_len, &forms);
	}   /* a broken "[...]": no forms; check's SYNTAX finding says why */
	iri_check_host(b->ctx, text, len, &ref, ip || bad_literal ? 0 : forms.idna_errors, b->diags);
	/* JSON values are lower case, like the other fields. */
	char form_name[32];
	snprintf(form_name, sizeof form_name, "%s", ip ? "ip_address" : iri_host_form_name(forms.input_form));
	for (char *p = form_name; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	if (b->json) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "input", out_json_string(text, len));
		json_object_object_add(o, "form", json_object_new_string(form_name));
		bout_host_forms(b, o, &forms);
		json_object_object_add(o, "diagnostics", bout_diags_json(b->diags));
		out_json_line(b->out_f, o, b->stdout_tty);
	} else {
		bout_host_forms(b, NULL, &forms);
	}
	if (r != IRI_HOST_OK) {
		fprintf(b->err_f, "%lu:%zu: %s: %s\n", b->line, iri_utf8_count_cp(text, (size_t)(host - text)) + 1,
			/* TRANSLATORS: the severity word, as in LINE:COL: error: message. */
			_("error"), r == IRI_HOST_BAD_INPUT ? _("host is too long, or not well-formed UTF-8 once unescaped")
				: _("host too long or out of memory, forms incomplete"));
		b->status = 1;
	}
	bout_report_host_findings(b);
	iri_host_forms_fini(&forms);
}

typedef struct {
	batch *b;
	json_object *rows;
	const char *text;   /* the input being explained */
} explain_sink;

static bool explain_row(const iri_explain_row *row, void *user)
{
	explain_sink *sink = user;
	if (sink->rows) {
		json_object *o = json_object_new_object();
		if (row->cp == IRI_EXPLAIN_NO_CP)
			json_object_object_add(o, "cp", NULL);
		else {
			char u[16];
			snprintf(u, sizeof u, "U+%04X", (unsigned)row->cp);
			json_object_object_add(o, "cp", json_object_new_string(u));
		}
		json_object_object_add(o, "name", json_object_new_string(row->name));
		json_object_object_add(o, "utf8", json_object_new_string(row->utf8_hex));
		json_object_object_add(o, "escaped", json_object_new_string(row->escaped));
		json_object_object_add(o, "component", json_object_new_string(iri_component_name(row->component)));
		json_object_object_add(o, "reason", json_object_new_string(iri_explain_reason_name(row->reason)));
		json_object_object_add(o, "why", json_object_new_string(msg_explain_reason(row->reason)));
		json_object_array_add(sink->rows, o);
		return true;
	}
	/* Text: an aligned table: glyph (sanitised, padded by display
	 * columns), U+code, UTF-8, escaped, component, name, why. */
	const char *text = sink->text;
	char glyph[64];
	size_t glyph_len;
	rnd_sanitize(text + row->byte_start, row->byte_end - row->byte_start, glyph, sizeof glyph, &glyph_len);
	int cols = (int)rnd_text_cells(glyph, glyph_len);
	if (sink->b->stdout_tty && out_term_isolates() && glyph_len + 7 <= sizeof glyph) {
		/* The character in its own isolate (UAX #9 X5a): a right-to-left
		 * one does not join the columns around it on a bidi terminal. */
		memmove(glyph + 3, glyph, glyph_len + 1);
		memcpy(glyph, "\u2066", 3);
		memcpy(glyph + 3 + glyph_len, "\u2069", 4);
	}
	char cp[16] = "-";
	if (row->cp != IRI_EXPLAIN_NO_CP)
		snprintf(cp, sizeof cp, "U+%04X", (unsigned)row->cp);
	char esc[64], comp[128];   /* padded by cells, not bytes */
	fprintf(sink->b->out_f, "  %s%*s  %-8s  %-11s  %s  %s  %s  (%s)\n", glyph, cols < 4 ? 4 - cols : 0, "", cp,
		row->utf8_hex, out_pad(row->escaped, 12, false, esc, sizeof esc),
		out_pad(msg_component(row->component), 9, false, comp, sizeof comp), row->name,
		msg_explain_reason(row->reason));
	return true;
}

void cmd_explain(batch *b, const char *text, size_t len)
{
	explain_sink sink = { b, NULL, text };
	if (b->json) {
		sink.rows = json_object_new_array();
	} else {
		fputs("# ", b->out_f);
		bout_result(b, text, len);
		char h1[64], h2[64], h3[96], h4[64];   /* padded by cells, not bytes */
		/* TRANSLATORS: column headings of irie explain's table, padded to 4, 8, 12 and 9 columns (char, code, in the URI, part): keep them that short so the columns stay aligned. */
		fprintf(b->out_f, "  %s  %s  %-11s  %s  %s  %s  (%s)\n", out_pad(_("char"), 4, false, h1, sizeof h1),
			out_pad(_("code"), 8, false, h2, sizeof h2), "UTF-8",
			out_pad(_("in the URI"), 12, false, h3, sizeof h3),
			out_pad(_("part"), 9, false, h4, sizeof h4), _("name"), _("why"));
	}
	iri_explain(b->ctx, text, len, explain_row, &sink);
	if (b->json) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "input", out_json_string(text, len));
		json_object_object_add(o, "chars", sink.rows);
		out_json_line(b->out_f, o, b->stdout_tty);
	}
	/* Bad input is bad input here too: messages on stderr, exit status 1. */
	iri_check(b->ctx, text, len, NULL, b->diags);
	bout_report_errors(b);
}

void cmd_resolve(batch *b, const char *text, size_t len)
{
	iri_resolve_result r = iri_resolve(b->base, b->base_len, text, len, &b->out);
	if (r != IRI_RESOLVE_OK) {
		/* TRANSLATORS: %lu: the input's number; %s: the reason. Keep "%lu:1:" first. */
		fprintf(b->err_f, _("%lu:1: error: cannot resolve: %s\n"), b->line,
			r == IRI_RESOLVE_BASE_NOT_ABSOLUTE ? _("the base IRI has no scheme") : _("out of memory"));
		b->status = 1;
		if (b->json) {
			json_object *o = json_object_new_object();
			json_object_object_add(o, "base", out_json_string(b->base, b->base_len));
			json_object_object_add(o, "ref", out_json_string(text, len));
			json_object_object_add(o, "iri", NULL);
			json_object_object_add(o, "error", json_object_new_string(
				r == IRI_RESOLVE_BASE_NOT_ABSOLUTE ? _("the base IRI has no scheme") : _("out of memory")));
			out_json_line(b->out_f, o, b->stdout_tty);
		} else {
			fputc('\n', b->out_f);
		}
		return;
	}
	if (b->json) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "base", out_json_string(b->base, b->base_len));
		json_object_object_add(o, "ref", out_json_string(text, len));
		json_object_object_add(o, "iri", out_json_string(b->out.data ? b->out.data : "", b->out.len));
		out_json_line(b->out_f, o, b->stdout_tty);
	} else {
		bout_result(b, b->out.data ? b->out.data : "", b->out.len);
	}
	/* A reference that is not a valid IRI still resolves (RFC 3986 5.2
	 * works on any string), but the line is reported, as to-uri does. */
	iri_check(b->ctx, text, len, NULL, b->diags);
	bout_report_errors(b);
}

static void compare_pair(batch *b, const char *a, size_t a_len, const char *c, size_t c_len)
{
	iri_compare_level level = iri_compare(b->ctx, a, a_len, c, c_len);
	const char *name = iri_compare_level_name(level);
	if (b->json) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "a", out_json_string(a, a_len));
		json_object_object_add(o, "b", out_json_string(c, c_len));
		json_object_object_add(o, "equal", json_object_new_boolean(name != NULL));
		json_object_object_add(o, "level", name ? json_object_new_string(name) : NULL);
		out_json_line(b->out_f, o, b->stdout_tty);
	} else {
		fprintf(b->out_f, "%s\n", name ? name : "different");
	}
}

/* compare A B: the two arguments are one input. */
void cmd_compare_args(batch *b, int argc, char **argv)
{
	(void)argc;   /* 2: the table's count */
	b->line = 1;
	compare_pair(b, argv[0], strlen(argv[0]), argv[1], strlen(argv[1]));
}

/* compare from stdin: "A<TAB>B" per line. */
void cmd_compare_line(batch *b, const char *text, size_t len)
{
	const char *tab = memchr(text, '\t', len);
	if (!tab) {
		/* TRANSLATORS: %lu: the input's line number; %zu: the column (code points, from 1). */
		fprintf(b->err_f, _("%lu:%zu: error: expected two IRIs separated by a tab\n"), b->line,
			iri_utf8_count_cp(text, len) + 1);
		b->status = 1;
		if (b->json) {
			json_object *o = json_object_new_object();
			json_object_object_add(o, "a", out_json_string(text, len));
			json_object_object_add(o, "b", NULL);
			json_object_object_add(o, "equal", json_object_new_boolean(0));
			json_object_object_add(o, "level", NULL);
			json_object_object_add(o, "error", json_object_new_string(_("expected two IRIs separated by a tab")));
			out_json_line(b->out_f, o, b->stdout_tty);
		} else {
			fputc('\n', b->out_f);
		}
		return;
	}
	compare_pair(b, text, (size_t)(tab - text), tab + 1, len - (size_t)(tab - text) - 1);
}

/* An input display could not show: said on stderr and in the output. */
static void display_failed(batch *b, const char *text, size_t len, const char *why)
{
	/* TRANSLATORS: %lu: the input's number; %s: the reason. */
	fprintf(b->err_f, _("%lu:1: error: %s\n"), b->line, why);
	b->status = 1;
	bout_failed(b, text, len, why);
}

/* The bidi display forms (render/), with core's components for the cells. */
void cmd_display(batch *b, const char *text, size_t len)
{
	iri_ref ref;
	iri_parse(text, len, IRI_PARSE_IRI, &ref);
	rnd_span spans[IRI_COMP_COUNT];
	size_t n_spans = 0;
	for (int k = 0; k < IRI_COMP_COUNT; k++) {
		if (ref.comp[k].present)
			spans[n_spans++] = (rnd_span){ ref.comp[k].cp_start, ref.comp[k].cp_end, k };
	}
	rnd_result r = rnd_display_build(b->display, text, len, spans, n_spans, &b->render);
	if (r != RND_OK) {
		display_failed(b, text, len, r == RND_TOO_LONG ? _("too long to display") : _("out of memory"));
		return;
	}
	json_object *o = b->json ? json_object_new_object() : NULL;
	if (o)
		json_object_object_add(o, "input", out_json_string(text, len));
	for (int f = 0; f < RND_FORM_COUNT; f++) {
		if (b->form >= 0 && f != b->form)
			continue;
		size_t need = rnd_form_utf8(b->display, (rnd_form)f, NULL, 0);
		iri_buf_reset(&b->out);
		if (!iri_buf_reserve(&b->out, need + 1)) {
			/* No form is dropped silently: the input fails as a whole
			 * (the forms already printed as text stay). */
			json_object_put(o);
			display_failed(b, text, len, _("out of memory"));
			return;
		}
		rnd_form_utf8(b->display, (rnd_form)f, iri_buf_end(&b->out), need + 1);
		iri_buf_commit(&b->out, need);
		if (o) {
			json_object_object_add(o, rnd_form_name((rnd_form)f), out_json_string(b->out.data, need));
		} else {
			if (b->form < 0)
				fprintf(b->out_f, "%-15s ", rnd_form_name((rnd_form)f));
			bout_result(b, b->out.data, need);
		}
	}
	if (o)
		out_json_line(b->out_f, o, b->stdout_tty);
}

/* One IRI, every view at once: what the editor's panes show, as text. */
void cmd_show(batch *b, const char *text, size_t len)
{
	iri_ref ref;
	iri_check(b->ctx, text, len, &ref, b->diags);
	iri_to_uri(b->ctx, text, len, &b->to_uri, &b->out);
	char pad[128];   /* padded by cells, not bytes */
	/* TRANSLATORS: row labels of irie show, padded to 10 columns. */
	fprintf(b->out_f, "%s ", out_pad(_("IRI"), 10, false, pad, sizeof pad));
	bout_result(b, text, len);
	fprintf(b->out_f, "%s ", out_pad(_("URI"), 10, false, pad, sizeof pad));
	bout_result(b, b->out.data ? b->out.data : "", b->out.len);
	for (int k = 0; k < IRI_COMP_COUNT; k++) {
		const iri_span *sp = &ref.comp[k];
		if (!sp->present)
			continue;
		fprintf(b->out_f, "  %s ", out_pad(msg_component((iri_component)k), 8, false, pad, sizeof pad));
		bout_result(b, text + sp->start, sp->end - sp->start);
	}
	const iri_span *h = &ref.comp[IRI_COMP_HOST];
	if (h->present && ref.host_kind == IRI_HOST_REG_NAME && h->end > h->start) {
		iri_host_forms forms;
		iri_host_forms_init(&forms);
		iri_host_analyse(b->ctx, text + h->start, h->end - h->start, &forms);
		/* TRANSLATORS: heading of irie show's host table (the same table as irie host). */
		fprintf(b->out_f, "%s\n", _("host forms"));
		bout_host_forms(b, NULL, &forms);   /* the same table as irie host */
		iri_host_forms_fini(&forms);
	}
	size_t n = iri_diags_count(b->diags);
	if (n == 0)
		/* TRANSLATORS: irie show, when check found nothing. */
		fprintf(b->out_f, "%s\n", _("no findings"));
	for (size_t i = 0; i < n; i++)
		bout_diag_text(b, b->out_f, b->stdout_tty, iri_diags_get(b->diags, i));
	if (iri_diags_has_errors(b->diags))
		b->status = 1;
}

