/* Batch commands: IRIs from arguments or one per line from stdin, one result
 * per input, text or JSON Lines; bad input is reported and the stream goes on. */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wchar.h>

#include "batch.h"
#include "i18n.h"
#include "iri.h"
#include "messages.h"
#include "output.h"
#include "parallel.h"
#include "render_bidi.h"
#include "render_sanitize.h"

/* Lines longer than this are reported and skipped, not analysed. */
#define BATCH_MAX_LINE_BYTES ((size_t)16 * 1024 * 1024)
#define BATCH_OUT_BLOCK_BYTES ((size_t)64 * 1024)
/* A file on stdin this big or more is run on several threads (parallel.h). */
#define BATCH_PARALLEL_MIN_BYTES ((size_t)512 * 1024)

typedef struct batch batch;
typedef void (*batch_fn)(batch *b, const char *text, size_t len);

struct batch {
	const char *command;
	iri_ctx *ctx;
	iri_diags *diags;
	iri_diags *extra;       /* to-iri's own findings, next to check's */
	iri_buf out;
	bool json;
	FILE *out_f;            /* where output and messages go: stdout and stderr, */
	FILE *err_f;            /* or a worker's buffers (parallel.h) */
	iri_buf *out_bytes;     /* a worker's: out_f's unbuffered bytes, to append to */
	bool stdout_tty;        /* of the real stdout and stderr */
	bool stderr_tty;
	int status;             /* exit status so far: 0 or 1 */
	unsigned long line;     /* 1-based number of the input (line or argument) */
	iri_to_uri_opts to_uri;
	iri_to_iri_opts to_iri;
	const char *base;       /* resolve */
	size_t base_len;
	rnd_display *display;   /* display: reused for every input */
	rnd_options render;
	int form;               /* display --form, or -1 for all four */
};

/* ---- diagnostics output -------------------------------------------------- */

static json_object *diag_json(const iri_diag *d)
{
	char msg[512];
	msg_diag(d, msg, sizeof msg);
	json_object *o = json_object_new_object();
	json_object_object_add(o, "code", json_object_new_string(iri_diag_code_name(d->code)));
	json_object_object_add(o, "severity", json_object_new_string(iri_severity_name(d->severity)));
	json_object_object_add(o, "start", json_object_new_int64((int64_t)d->cp_start));
	json_object_object_add(o, "end", json_object_new_int64((int64_t)d->cp_end));
	json_object_object_add(o, "byte_start", json_object_new_int64((int64_t)d->byte_start));
	json_object_object_add(o, "byte_end", json_object_new_int64((int64_t)d->byte_end));
	json_object_object_add(o, "component", json_object_new_string(iri_component_name(d->component)));
	json_object_object_add(o, "message", json_object_new_string(msg));
	json_object_object_add(o, "rule", json_object_new_string(d->rule));
	if (d->suggestion)
		json_object_object_add(o, "suggestion", out_json_string(d->suggestion, strlen(d->suggestion)));
	return o;
}

static json_object *diags_json(const iri_diags *ds)
{
	json_object *a = json_object_new_array();
	for (size_t i = 0; i < iri_diags_count(ds); i++)
		json_object_array_add(a, diag_json(iri_diags_get(ds, i)));
	return a;
}

/* gcc style: LINE:COL: SEVERITY: CODE: message [rule]; COL in code points, 1-based. */
static void diag_text(batch *b, FILE *f, bool tty, const iri_diag *d)
{
	char msg[512];
	msg_diag(d, msg, sizeof msg);
	fprintf(f, "%lu:%zu: %s: %s: %s [%s]\n", b->line, d->cp_start + 1,
		msg_severity(d->severity), iri_diag_code_name(d->code), msg, d->rule);
	if (d->suggestion && !d->suggestion[0]) {
		/* An empty replacement: the span is better left out. */
		/* TRANSLATORS: "note" is a severity word like "error", printed as LINE:COL: note: suggestion... */
		fprintf(f, "%lu:%zu: %s: %s\n", b->line, d->cp_start + 1, _("note"), _("suggestion: remove it"));
	} else if (d->suggestion) {
		fprintf(f, "%lu:%zu: %s: ", b->line, d->cp_start + 1, _("note"));
		/* TRANSLATORS: followed by the suggested text in double quotes; keep the trailing space. */
		fputs(_("suggestion: "), f);
		fputc('"', f);
		out_quoted(f, d->suggestion, strlen(d->suggestion), tty);
		fputs("\"\n", f);
	}
}

/* The errors of one input go to stderr; any error makes the exit status 1. */
static void report_errors(batch *b)
{
	for (size_t i = 0; i < iri_diags_count(b->diags); i++) {
		const iri_diag *d = iri_diags_get(b->diags, i);
		if (d->severity == IRI_SEV_ERROR) {
			diag_text(b, b->err_f, b->stderr_tty, d);
			b->status = 1;
		}
	}
}

/* A URI from to-uri: every control in it is escaped already (RFC 3987
 * 3.1 step 2), so it needs no look for line breaks. */
static void print_uri(batch *b, const char *s, size_t n)
{
	out_text(b->out_f, s, n, b->stdout_tty);
	fputc('\n', b->out_f);
}

/* One input's result line.  A terminal gets it sanitised; a file or pipe
 * gets its bytes, but for a raw LF or CR from the input (reported as
 * CONTROL_CHARACTER): written as its escape (RFC 3986 2.1), as to-uri
 * does, so that each input keeps one output line. */
static void print_result(batch *b, const char *s, size_t n)
{
	if (b->stdout_tty || (!memchr(s, '\n', n) && !memchr(s, '\r', n))) {
		out_text(b->out_f, s, n, b->stdout_tty);
	} else {
		size_t from = 0;
		for (size_t i = 0; i < n; i++) {
			if (s[i] != '\n' && s[i] != '\r')
				continue;
			fwrite(s + from, 1, i - from, b->out_f);
			fputs(s[i] == '\n' ? "%0A" : "%0D", b->out_f);
			from = i + 1;
		}
		fwrite(s + from, 1, n - from, b->out_f);
	}
	fputc('\n', b->out_f);
}

/* An input that could not be processed still gets its output line: an empty
 * line in text mode, {"line":N,"input":...,"error":...} in JSON mode, so the
 * output stays aligned with the input. */
static void print_failed(batch *b, const char *text, size_t len, const char *why)
{
	if (b->json) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "line", json_object_new_int64((int64_t)b->line));
		json_object_object_add(o, "input", text ? out_json_string(text, len) : NULL);
		json_object_object_add(o, "error", json_object_new_string(why));
		out_json_line(b->out_f, o, b->stdout_tty);
	} else {
		fputc('\n', b->out_f);
	}
}

/* The output buffer hit its cap: say so rather than print a truncated result. */
static bool map_failed(batch *b, const char *text, size_t len, iri_map_result r)
{
	if (r == IRI_MAP_OK && !b->out.failed)
		return false;
	/* TRANSLATORS: %lu: the input's number (line or argument); keep "%lu:1:" first (LINE:COL, compiler style). */
	fprintf(b->err_f, _("%lu:1: error: result too large or out of memory, not converted\n"), b->line);
	print_failed(b, text, len, _("result too large or out of memory"));
	b->status = 1;
	return true;
}

/* ---- commands ------------------------------------------------------------ */

static void cmd_to_uri(batch *b, const char *text, size_t len)
{
	/* Text output needs only the URI and the errors: an ordinary line is
	 * settled by the quick lane (core/iri_quick.h), the rest below.  On a
	 * worker its URI goes straight into the output (room is left for the
	 * newline); a terminal gets it sanitised. */
	if (!b->json && !b->to_uri.nfc && b->to_uri.host == IRI_HOSTMODE_IDNA) {
		if (b->out_bytes && !b->stdout_tty) {
			if (iri_quick_scan_errors(b->ctx, text, len, b->out_bytes) != IRI_QUICK_FULL) {
				iri_buf_putc(b->out_bytes, '\n');
				return;
			}
		} else {
			iri_buf_reset(&b->out);
			if (iri_quick_scan_errors(b->ctx, text, len, &b->out) != IRI_QUICK_FULL) {
				print_uri(b, b->out.data ? b->out.data : "", b->out.len);
				return;
			}
		}
	}
	iri_check(b->ctx, text, len, NULL, b->diags);
	iri_map_result r = iri_to_uri(b->ctx, text, len, &b->to_uri, &b->out);
	if (map_failed(b, text, len, r)) {
		report_errors(b);
		return;
	}
	if (b->json) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "input", out_json_string(text, len));
		json_object_object_add(o, "uri", json_object_new_string_len(b->out.data ? b->out.data : "", (int)b->out.len));
		json_object_object_add(o, "diagnostics", diags_json(b->diags));
		out_json_line(b->out_f, o, b->stdout_tty);
	} else {
		print_uri(b, b->out.data ? b->out.data : "", b->out.len);
	}
	report_errors(b);
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

static void cmd_to_iri(batch *b, const char *text, size_t len)
{
	iri_check(b->ctx, text, len, NULL, b->diags);
	iri_diags *extra = b->extra;   /* the mapping's own findings (LEGACY_CHARSET) */
	iri_diags_clear(extra);
	iri_map_result r = iri_to_iri(b->ctx, text, len, &b->to_iri, &b->out, extra);
	if (r == IRI_MAP_BAD_CHARSET)
		return;   /* checked before the first line */
	if (map_failed(b, text, len, r)) {
		report_errors(b);
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
				json_object_array_add(ds, diag_json(d));
		}
		for (size_t i = 0; i < iri_diags_count(extra); i++)
			json_object_array_add(ds, diag_json(iri_diags_get(extra, i)));
		json_object_object_add(o, "diagnostics", ds);
		out_json_line(b->out_f, o, b->stdout_tty);
	} else {
		print_result(b, b->out.data ? b->out.data : "", b->out.len);
		for (size_t i = 0; i < iri_diags_count(extra); i++)
			diag_text(b, b->err_f, b->stderr_tty, iri_diags_get(extra, i));
	}
	report_errors(b);
}

static void cmd_check(batch *b, const char *text, size_t len)
{
	/* A line the quick lane finds clean has nothing to print. */
	if (!b->json && iri_quick_scan(b->ctx, text, len, NULL) == IRI_QUICK_CLEAN)
		return;
	iri_check(b->ctx, text, len, NULL, b->diags);
	if (b->json) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "input", out_json_string(text, len));
		json_object_object_add(o, "diagnostics", diags_json(b->diags));
		out_json_line(b->out_f, o, b->stdout_tty);
	} else {
		for (size_t i = 0; i < iri_diags_count(b->diags); i++)
			diag_text(b, b->out_f, b->stdout_tty, iri_diags_get(b->diags, i));
	}
	if (iri_diags_has_errors(b->diags))
		b->status = 1;
}

static void add_form(json_object *o, const char *key, const iri_buf *form, uint32_t errors)
{
	if (errors || form->failed || !form->data)
		json_object_object_add(o, key, NULL);
	else
		json_object_object_add(o, key, out_json_string(form->data, form->len));
}

static void text_form(batch *b, const char *label, const iri_buf *form, uint32_t errors)
{
	char pad[256];
	fprintf(b->out_f, "%s ", out_pad(label, 18, false, pad, sizeof pad));   /* cells, not bytes */
	if (errors) {
		char why[256];
		msg_idna_errors(errors, why, sizeof why);
		fprintf(b->out_f, "(%s)\n", why);
	} else if (form->data && form->len) {
		print_result(b, form->data, form->len);
	} else {
		fprintf(b->out_f, "-\n");
	}
}

/* The host's findings, offsets relative to the input: the whole check of the
 * IRI (or of "//HOST"), so that syntax errors in the host (a stray '%', a
 * space, an unterminated '[') are reported too, not only the IDNA ones. */
static void host_diagnostics(batch *b, const char *text, size_t len, const iri_ref *ref,
	const char *host, size_t host_len, uint32_t idna_errors)
{
	size_t host_start = (size_t)(host - text);
	iri_buf wrapped;
	iri_buf_init(&wrapped);
	const char *whole = text;
	size_t whole_len = len;
	size_t shift = 0;   /* bytes before text[0] in whole */
	if (!ref->has_authority) {
		iri_buf_puts(&wrapped, "//");
		iri_buf_append(&wrapped, text, len);
		whole = wrapped.data;
		whole_len = wrapped.len;
		shift = 2;
	}
	iri_diags *all = iri_diags_new();
	iri_diags_clear(b->diags);
	if (all && !wrapped.failed) {
		iri_check(b->ctx, whole, whole_len, NULL, all);
		size_t lo = host_start + shift, hi = host_start + shift + host_len;
		for (size_t i = 0; i < iri_diags_count(all); i++) {
			const iri_diag *d = iri_diags_get(all, i);
			bool in_host = d->byte_start >= lo && (d->byte_start < hi ||
				(d->byte_start == hi && d->component == IRI_COMP_HOST));
			if (d->code == IRI_D_TOO_MANY_DIAGNOSTICS ||
			    (d->code == IRI_D_SYNTAX && d->detail == IRI_PARSE_JUNK_AFTER_IP_LITERAL))
				in_host = true;   /* junk after "]" belongs to the host's story */
			if (!in_host)
				continue;
			size_t end = d->byte_end;
			if (end > hi && d->byte_start < hi)
				end = hi;   /* a span running past the host stops at its end */
			if (end < d->byte_start)
				end = d->byte_start;
			iri_diags_add_rule(b->diags, d->code, d->component, d->byte_start - shift,
				end - shift, d->detail, d->rule, d->suggestion,
				d->suggestion ? strlen(d->suggestion) : 0);
		}
		if (!ref->has_authority) {
			/* A bare host that "//" does not take whole ("a/b", "a?b"). */
			iri_ref w;
			iri_split(whole, whole_len, &w);
			size_t got = w.comp[IRI_COMP_HOST].present ? w.comp[IRI_COMP_HOST].end : 2;
			if (got < whole_len)
				iri_diags_add(b->diags, IRI_D_SYNTAX, IRI_COMP_HOST, got - 2, got - 1,
					IRI_PARSE_BAD_CHAR, NULL, 0);
		}
	} else {
		iri_host_diagnose(b->ctx, text, host_start, host_start + host_len, b->diags);
	}
	/* irie host judges every name as a DNS name, check a plain ASCII one
	 * not (RFC 3986 3.2.2): when UTS #46 refused the idna form and nothing
	 * said so yet, the name is judged again, label by label. */
	if (idna_errors && !iri_diags_has_errors(b->diags))
		iri_host_diagnose_dns(b->ctx, text, host_start, host_start + host_len, b->diags);
	iri_diags_finish(b->diags, text, len);
	iri_diags_free(all);
	iri_buf_fini(&wrapped);
}

static void cmd_host(batch *b, const char *text, size_t len)
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
	host_diagnostics(b, text, len, &ref, host, host_len, ip || bad_literal ? 0 : forms.idna_errors);
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
		add_form(o, "unicode", &forms.unicode, forms.unicode_errors);
		add_form(o, "idna", &forms.idna, forms.idna_errors);
		add_form(o, "idna_transitional", &forms.idna_transitional, forms.idna_transitional_errors);
		add_form(o, "percent", &forms.percent, 0);
		add_form(o, "zld", &forms.zld, 0);
		json_object_object_add(o, "diagnostics", diags_json(b->diags));
		out_json_line(b->out_f, o, b->stdout_tty);
	} else {
		/* TRANSLATORS: the labels of irie host's table: names of host encodings, padded to 18 columns; keep them short. */
		text_form(b, _("unicode"), &forms.unicode, forms.unicode_errors);
		text_form(b, _("idna"), &forms.idna, forms.idna_errors);
		text_form(b, _("idna-transitional"), &forms.idna_transitional, forms.idna_transitional_errors);
		text_form(b, _("percent"), &forms.percent, 0);
		text_form(b, _("zld-1998"), &forms.zld, 0);
	}
	if (r != IRI_HOST_OK) {
		fprintf(b->err_f, "%lu:%zu: %s: %s\n", b->line, iri_utf8_count_cp(text, (size_t)(host - text)) + 1,
			/* TRANSLATORS: the severity word, as in LINE:COL: error: message. */
			_("error"), r == IRI_HOST_BAD_INPUT ? _("host is too long, or not well-formed UTF-8 once unescaped")
				: _("host too long or out of memory, forms incomplete"));
		b->status = 1;
	}
	report_errors(b);
	iri_host_forms_fini(&forms);
}

typedef struct {
	batch *b;
	json_object *rows;
	const char *text;   /* the input being explained */
} explain_sink;

/* Terminal columns of UTF-8 text (code points where the locale cannot say). */
static int display_width(const char *s)
{
	wchar_t w[64];
	size_t n = mbstowcs(w, s, sizeof w / sizeof w[0] - 1);
	if (n == (size_t)-1)
		return (int)iri_utf8_count_cp(s, strlen(s));
	int cols = wcswidth(w, n);
	return cols < 0 ? (int)n : cols;
}

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
	int cols = display_width(glyph);
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

static void cmd_explain(batch *b, const char *text, size_t len)
{
	explain_sink sink = { b, NULL, text };
	if (b->json) {
		sink.rows = json_object_new_array();
	} else {
		fputs("# ", b->out_f);
		print_result(b, text, len);
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
	report_errors(b);
}

static void cmd_resolve(batch *b, const char *text, size_t len)
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
		print_result(b, b->out.data ? b->out.data : "", b->out.len);
	}
	/* A reference that is not a valid IRI still resolves (RFC 3986 5.2
	 * works on any string), but the line is reported, as to-uri does. */
	iri_check(b->ctx, text, len, NULL, b->diags);
	report_errors(b);
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

/* compare from stdin: "A<TAB>B" per line. */
static void cmd_compare_line(batch *b, const char *text, size_t len)
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

/* The bidi display forms (render/), with core's components for the cells. */
static void cmd_display(batch *b, const char *text, size_t len)
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
		const char *why = r == RND_TOO_LONG ? _("too long to display") : _("out of memory");
		/* TRANSLATORS: %lu: the input's number; %s: the reason. */
		fprintf(b->err_f, _("%lu:1: error: %s\n"), b->line, why);
		b->status = 1;
		print_failed(b, text, len, why);
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
		if (!iri_buf_reserve(&b->out, need + 1))
			continue;
		rnd_form_utf8(b->display, (rnd_form)f, b->out.data, need + 1);
		b->out.len = need;
		if (o) {
			json_object_object_add(o, rnd_form_name((rnd_form)f), out_json_string(b->out.data, need));
		} else {
			if (b->form < 0)
				fprintf(b->out_f, "%-15s ", rnd_form_name((rnd_form)f));
			print_result(b, b->out.data, need);
		}
	}
	if (o)
		out_json_line(b->out_f, o, b->stdout_tty);
}

/* One IRI, every view at once: what the editor's panes show, as text. */
static void cmd_show(batch *b, const char *text, size_t len)
{
	iri_ref ref;
	iri_check(b->ctx, text, len, &ref, b->diags);
	iri_to_uri(b->ctx, text, len, &b->to_uri, &b->out);
	char pad[128];   /* padded by cells, not bytes */
	/* TRANSLATORS: row labels of irie show, padded to 10 columns. */
	fprintf(b->out_f, "%s ", out_pad(_("IRI"), 10, false, pad, sizeof pad));
	print_result(b, text, len);
	fprintf(b->out_f, "%s ", out_pad(_("URI"), 10, false, pad, sizeof pad));
	print_result(b, b->out.data ? b->out.data : "", b->out.len);
	for (int k = 0; k < IRI_COMP_COUNT; k++) {
		const iri_span *sp = &ref.comp[k];
		if (!sp->present)
			continue;
		fprintf(b->out_f, "  %s ", out_pad(msg_component((iri_component)k), 8, false, pad, sizeof pad));
		print_result(b, text + sp->start, sp->end - sp->start);
	}
	const iri_span *h = &ref.comp[IRI_COMP_HOST];
	if (h->present && ref.host_kind == IRI_HOST_REG_NAME && h->end > h->start) {
		iri_host_forms forms;
		iri_host_forms_init(&forms);
		iri_host_analyse(b->ctx, text + h->start, h->end - h->start, &forms);
		/* TRANSLATORS: heading of irie show's host table (the same table as irie host). */
		fprintf(b->out_f, "%s\n", _("host forms"));   /* the same table as irie host */
		/* TRANSLATORS: the labels of irie host's table: names of host encodings, padded to 18 columns; keep them short. */
		text_form(b, _("unicode"), &forms.unicode, forms.unicode_errors);
		text_form(b, _("idna"), &forms.idna, forms.idna_errors);
		text_form(b, _("idna-transitional"), &forms.idna_transitional, forms.idna_transitional_errors);
		text_form(b, _("percent"), &forms.percent, 0);
		text_form(b, _("zld-1998"), &forms.zld, 0);
		iri_host_forms_fini(&forms);
	}
	size_t n = iri_diags_count(b->diags);
	if (n == 0)
		/* TRANSLATORS: irie show, when check found nothing. */
		fprintf(b->out_f, "%s\n", _("no findings"));
	for (size_t i = 0; i < n; i++)
		diag_text(b, b->out_f, b->stdout_tty, iri_diags_get(b->diags, i));
	if (iri_diags_has_errors(b->diags))
		b->status = 1;
}

/* ---- input --------------------------------------------------------------- */

/* One line of stdin: CRLF's CR dropped, or the over-long line reported. */
static void stdin_line(batch *b, batch_fn fn, iri_buf *line, bool too_long)
{
	if (too_long || line->failed) {
		if (b->json) {
			char why[128];
			/* TRANSLATORS: %zu: the line cap in bytes (16777216). */
			snprintf(why, sizeof why, _("line longer than %zu bytes, not analysed"), BATCH_MAX_LINE_BYTES);
			print_failed(b, NULL, 0, why);
		}
		/* check's findings are its output; the others keep one output line per input. */
		bool findings = fn == cmd_check && !b->json;
		/* TRANSLATORS: %lu: the input's line number; %zu: the line cap in bytes. */
		fprintf(findings ? b->out_f : b->err_f, _("%lu:1: error: line longer than %zu bytes, not analysed\n"),
			b->line, BATCH_MAX_LINE_BYTES);
		if (!b->json && !findings)
			fputc('\n', b->out_f);
		b->status = 1;
		return;
	}
	size_t len = line->len;
	const char *text = line->data ? line->data : "";
	if (len && text[len - 1] == '\r')   /* CRLF files */
		len--;
	/* A UTF-8 byte order mark opening the stream is the file's encoding
	 * signature, not part of the first IRI (Unicode 3.10, D95). */
	if (b->line == 1 && len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		text += 3;
		len -= 3;
	}
	fn(b, text, len);
}

/* ---- a file on stdin, on several threads (parallel.h) --------------------- */

typedef struct {
	batch b;                /* the settings of the batch, its own state */
	batch_fn fn;
	bool borrowed;          /* the state is the batch's own (thread 0) */
} batch_worker;

typedef struct {
	const batch *proto;
	batch_fn fn;
} batch_job;

static void worker_free(void *p)
{
	batch_worker *w = p;
	if (!w)
		return;
	iri_buf_fini(&w->b.out);
	if (w->borrowed) {
		free(w);
		return;
	}
	rnd_display_free(w->b.display);
	iri_diags_free(w->b.extra);
	iri_diags_free(w->b.diags);
	iri_ctx_free(w->b.ctx);
	free(w);
}

static void *worker_new(void *user, unsigned index)
{
	const batch_job *job = user;
	batch_worker *w = malloc(sizeof *w);
	if (!w)
		return NULL;
	w->b = *job->proto;
	w->fn = job->fn;
	/* The first thread uses the batch's own state, idle meanwhile: one
	 * ICU context fewer to open. */
	w->borrowed = index == 0;
	iri_buf_init(&w->b.out);   /* never shared: it may move as it grows */
	if (w->borrowed)
		return w;
	iri_ctx_result cr;
	w->b.ctx = iri_ctx_new(&cr);
	w->b.diags = iri_diags_new();
	w->b.extra = iri_diags_new();
	w->b.display = rnd_display_new();
	if (!w->b.ctx || !w->b.diags || !w->b.extra || !w->b.display) {
		worker_free(w);
		return NULL;
	}
	return w;
}

/* The lines of one chunk, as run_stdin() takes them. */
static int worker_run(void *p, const char *text, size_t len, unsigned long first_line, FILE *out, FILE *err,
	iri_buf *out_bytes)
{
	batch_worker *w = p;
	w->b.out_f = out;
	w->b.err_f = err;
	w->b.out_bytes = out_bytes;
	w->b.status = 0;
	w->b.line = first_line;
	for (size_t start = 0; start < len; w->b.line++) {
		const char *nl = memchr(text + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - text) : len;
		/* Read in place: stdin_line() only reads the line. */
		iri_buf whole = { .data = (char *)text + start, .len = end - start, .alloc = end - start };
		stdin_line(&w->b, w->fn, &whole, end - start > BATCH_MAX_LINE_BYTES);
		start = end + 1;
	}
	return w->b.status;
}

/* stdin run on several threads when it is a file big enough to gain from
 * them.  False when it was not (nothing read, nothing written). */
static bool run_stdin_parallel(batch *b, batch_fn fn)
{
	int bad_env;
	unsigned threads = par_threads(&bad_env);
	if (bad_env)
		/* TRANSLATORS: %d: the highest number of threads; %u: the number used instead. */
		fprintf(stderr, _("irie: IRIE_JOBS must be a number from 1 to %d; using %u\n"), PAR_MAX_THREADS, threads);
	/* A terminal shows each line's messages next to its result: threads
	 * would show a chunk's after all of its results. */
	struct stat st;
	off_t at = lseek(STDIN_FILENO, 0, SEEK_CUR);
	if (threads < 2 || b->stdout_tty || b->stderr_tty || at < 0 || fstat(STDIN_FILENO, &st) != 0 ||
	    !S_ISREG(st.st_mode) || st.st_size - at < (off_t)BATCH_PARALLEL_MIN_BYTES)
		return false;
	batch_job job = { b, fn };
	par_job pj = { worker_new, worker_free, worker_run, &job };
	int status = par_run(&pj, STDIN_FILENO, BATCH_MAX_LINE_BYTES, threads);
	if (status < 0)
		return false;
	if (status > b->status)
		b->status = status;
	return true;
}

/* Reads stdin line by line with a cap; a longer line is reported, an empty
 * result line keeps the output aligned, and reading goes on.  A big file is
 * run on several threads instead. */
static void run_stdin(batch *b, batch_fn fn)
{
	if (run_stdin_parallel(b, fn))
		return;
	iri_buf line;
	iri_buf_init(&line);
	line.cap = BATCH_MAX_LINE_BYTES;
	char chunk[16384];   /* on the stack: no state outlives the call */
	size_t n;
	bool too_long = false;
	b->line = 1;
	while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) {
		size_t start = 0;
		const char *nl;
		while ((nl = memchr(chunk + start, '\n', n - start)) != NULL) {
			size_t i = (size_t)(nl - chunk);
			if (line.len == 0 && !too_long) {
				/* The whole line is in the chunk: no copy (NUL-ended
				 * in place of its newline, as a buffer would be). */
				chunk[i] = '\0';
				iri_buf whole = { .data = chunk + start, .len = i - start, .alloc = i - start + 1 };
				stdin_line(b, fn, &whole, false);
			} else {
				if (!too_long && !iri_buf_append(&line, chunk + start, i - start))
					too_long = true;
				stdin_line(b, fn, &line, too_long);
			}
			start = i + 1;
			iri_buf_reset(&line);
			too_long = false;
			b->line++;
		}
		if (!too_long && !iri_buf_append(&line, chunk + start, n - start))
			too_long = true;
		if (too_long)
			iri_buf_reset(&line);
	}
	if (line.len > 0 || too_long)   /* last line without a newline */
		stdin_line(b, fn, &line, too_long);
	if (ferror(stdin)) {
		perror("irie: stdin");
		b->status = 1;
	}
	iri_buf_fini(&line);
}

static void run_args(batch *b, batch_fn fn, int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		b->line = (unsigned long)i + 1;
		fn(b, argv[i], strlen(argv[i]));
	}
}

/* ---- command line -------------------------------------------------------- */

static const struct {
	const char *name;
	batch_fn fn;
} commands[] = {
	{ "to-uri", cmd_to_uri },
	{ "to-iri", cmd_to_iri },
	{ "check", cmd_check },
	{ "host", cmd_host },
	{ "explain", cmd_explain },
	{ "resolve", cmd_resolve },
	{ "compare", cmd_compare_line },
	{ "show", cmd_show },
	{ "display", cmd_display },
};

int batch_is_command(const char *name)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(commands[i].name, name) == 0)
			return 1;
	return 0;
}

static int usage_error(const char *cmd, const char *what)
{
	fprintf(stderr, "irie %s: %s\n", cmd, what);
	/* TRANSLATORS: keep 'irie --help': it is a command to type. */
	fprintf(stderr, _("Try 'irie --help'.\n"));
	return 2;
}

int batch_main(int argc, char **argv)
{
	enum { OPT_JSON = 256, OPT_NFC, OPT_HOST, OPT_CHARSET, OPT_FORM, OPT_NO_SHAPE };
	static const struct option options[] = {
		{ "json", no_argument, NULL, OPT_JSON },
		{ "nfc", no_argument, NULL, OPT_NFC },
		{ "host", required_argument, NULL, OPT_HOST },
		{ "charset", required_argument, NULL, OPT_CHARSET },
		{ "form", required_argument, NULL, OPT_FORM },
		{ "no-shape", no_argument, NULL, OPT_NO_SHAPE },
		{ NULL, 0, NULL, 0 },
	};
	batch b;
	memset(&b, 0, sizeof b);
	b.command = argv[0];
	b.to_uri.host = IRI_HOSTMODE_IDNA;
	b.to_iri.host = IRI_HOSTOUT_KEEP;
	b.render.shape_arabic = true;
	b.form = -1;
	const char *host_opt = NULL, *form_opt = NULL;
	batch_fn fn = NULL;
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(commands[i].name, b.command) == 0)
			fn = commands[i].fn;
	if (!fn)
		return usage_error(b.command, _("unknown command"));
	optind = 1;
	opterr = 0;
	int c;
	/* Options may come before or after the inputs (GNU getopt permutes);
	 * "--" ends them, for an input that starts with "-". */
	while ((c = getopt_long(argc, argv, ":", options, NULL)) != -1) {
		switch (c) {
		case OPT_JSON: b.json = true; break;
		case OPT_NFC: b.to_uri.nfc = true; break;
		case OPT_HOST: host_opt = optarg; break;
		case OPT_CHARSET: b.to_iri.charset = optarg; break;
		case OPT_FORM: form_opt = optarg; break;
		case OPT_NO_SHAPE: b.render.shape_arabic = false; break;
		case ':': {
			char safe[256], what[400];
			/* TRANSLATORS: %s: the option as given (e.g. --host). */
			snprintf(what, sizeof what, _("option '%s' needs a value"),
				out_safe_arg(argv[optind - 1], safe, sizeof safe));
			return usage_error(b.command, what);
		}
		default: {
			/* A short option (irie has none) is named by optopt; a long one
			 * is the argument getopt just stepped over. */
			char safe[256], what[400], shortopt[3] = { '-', (char)optopt, 0 };
			const char *bad = optopt > 0x20 && optopt < 0x7F ? shortopt : argv[optind - 1];
			/* TRANSLATORS: %s: the option as given; keep '--'. */
			snprintf(what, sizeof what, _("unknown option '%s' (an input that starts with '-' needs '--' before it)"),
				out_safe_arg(bad, safe, sizeof safe));
			return usage_error(b.command, what);
		}
		}
	}
	if (b.json && fn == cmd_show)
		/* TRANSLATORS: keep "show" (a command name) and "JSON". */
		return usage_error(b.command, _("show has no JSON output; use the commands it combines"));
	if (b.to_uri.nfc && fn != cmd_to_uri)
		/* TRANSLATORS: option and command names are typed by users: keep them. */
		return usage_error(b.command, _("--nfc applies to to-uri only"));
	if (b.to_iri.charset && fn != cmd_to_iri)
		/* TRANSLATORS: option and command names are typed by users: keep them. */
		return usage_error(b.command, _("--charset applies to to-iri only"));
	if ((form_opt || !b.render.shape_arabic) && fn != cmd_display)
		/* TRANSLATORS: option and command names are typed by users: keep them. */
		return usage_error(b.command, _("--form and --no-shape apply to display only"));
	if (form_opt) {
		for (int f = 0; f < RND_FORM_COUNT; f++)
			if (strcmp(form_opt, rnd_form_name((rnd_form)f)) == 0)
				b.form = f;
		if (b.form < 0)
			/* TRANSLATORS: option names and values are typed by users: keep them. */
			return usage_error(b.command, _("--form takes marked|visual|visual_rfc3987|visual_plain|logical"));
	}
	if (host_opt) {
		if (fn == cmd_to_uri && strcmp(host_opt, "idna") == 0)
			b.to_uri.host = IRI_HOSTMODE_IDNA;
		else if (fn == cmd_to_uri && strcmp(host_opt, "percent") == 0)
			b.to_uri.host = IRI_HOSTMODE_PERCENT;
		else if (fn == cmd_to_uri && strcmp(host_opt, "zld") == 0)
			b.to_uri.host = IRI_HOSTMODE_ZLD;
		else if (fn == cmd_to_iri && strcmp(host_opt, "keep") == 0)
			b.to_iri.host = IRI_HOSTOUT_KEEP;
		else if (fn == cmd_to_iri && strcmp(host_opt, "unicode") == 0)
			b.to_iri.host = IRI_HOSTOUT_UNICODE;
		else
			/* TRANSLATORS: option names, values and command names are typed by users: keep them. */
			return usage_error(b.command, _("--host takes idna|percent|zld (to-uri) or keep|unicode (to-iri)"));
	}
	argc -= optind;
	argv += optind;
	if (fn == cmd_resolve) {
		if (argc < 1)
			/* TRANSLATORS: keep the command line; BASE and REF are placeholders. */
			return usage_error(b.command, _("usage: irie resolve BASE [REF...]"));
		b.base = argv[0];
		b.base_len = strlen(argv[0]);
		argc--;
		argv++;
	}
	if (fn == cmd_compare_line && argc != 0 && argc != 2)
		/* TRANSLATORS: keep the command line; A and B are placeholders, TAB-separated pairs on stdin. */
		return usage_error(b.command, _("usage: irie compare A B (or tab-separated pairs on stdin)"));
	iri_ctx_result cr;
	b.ctx = iri_ctx_new(&cr);
	b.diags = iri_diags_new();
	b.extra = iri_diags_new();
	b.display = rnd_display_new();
	if (!b.ctx || !b.diags || !b.extra || !b.display) {
		rnd_display_free(b.display);
		iri_diags_free(b.extra);
		/* TRANSLATORS: %s: ICU's error code name (U_...). */
		fprintf(stderr, _("irie: cannot initialise ICU (%s)\n"), iri_ctx_result_name(cr));
		iri_ctx_free(b.ctx);
		iri_diags_free(b.diags);
		return 1;
	}
	iri_buf_init(&b.out);
	b.out_f = stdout;
	b.err_f = stderr;
	b.stdout_tty = isatty(STDOUT_FILENO);
	b.stderr_tty = isatty(STDERR_FILENO);
	/* A file or pipe gets the output in 64 KiB blocks, not 4 KiB ones (a
	 * terminal keeps its line buffering).  glibc ignores setvbuf's size
	 * without a buffer, so the block is ours; it lives until stdout is
	 * closed, below. */
	char *out_block = NULL;
	if (!b.stdout_tty && (out_block = malloc(BATCH_OUT_BLOCK_BYTES)) != NULL)
		setvbuf(stdout, out_block, _IOFBF, BATCH_OUT_BLOCK_BYTES);
	/* Only this thread writes to stdout and stderr (parallel.c's threads
	 * write to streams of their own): no lock taken per call. */
	__fsetlocking(stdout, FSETLOCKING_BYCALLER);
	__fsetlocking(stderr, FSETLOCKING_BYCALLER);
	int status = 0;
	if (b.to_iri.charset) {
		iri_buf probe;
		iri_buf_init(&probe);
		if (iri_to_iri(b.ctx, "", 0, &b.to_iri, &probe, NULL) == IRI_MAP_BAD_CHARSET) {
			char safe[256];
			/* TRANSLATORS: %s: the charset name as given; ASCII-compatible: the charset's bytes 0x00-0x7F are ASCII; stateless: no shift sequences. */
			fprintf(stderr, _("irie to-iri: unknown charset '%s', or not one whose octets can be read from escapes (it must be ASCII-compatible and stateless)\n"),
				out_safe_arg(b.to_iri.charset, safe, sizeof safe));
			status = 2;
		}
		iri_buf_fini(&probe);
	}
	if (status == 0) {
		if (fn == cmd_compare_line && argc == 2) {
			b.line = 1;
			compare_pair(&b, argv[0], strlen(argv[0]), argv[1], strlen(argv[1]));
		} else if (argc > 0) {
			run_args(&b, fn, argc, argv);
		} else {
			run_stdin(&b, fn);
		}
		status = b.status;
	}
	/* Closing stdout flushes it and reports a late write error (a full
	 * disk); nothing in irie writes to it after a batch command.  A stdout
	 * closed from the start (>&-) is no error when nothing was to go there. */
	bool pending = __fpending(stdout) != 0, write_failed = ferror(stdout) != 0;
	if (fclose(stdout) != 0 ? pending || write_failed || errno != EBADF : write_failed) {
		perror("irie: stdout");
		status = 1;
	}
	free(out_block);
	iri_buf_fini(&b.out);
	rnd_display_free(b.display);
	iri_diags_free(b.extra);
	iri_diags_free(b.diags);
	iri_ctx_free(b.ctx);
	return status;
}
