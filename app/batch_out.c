/* The batch commands' output: findings as text or JSON, result lines, the
 * host forms table, failed inputs. */
#include <stdio.h>
#include <string.h>

#include "batch_internal.h"
#include "i18n.h"
#include "messages.h"
#include "output.h"

/* The RFC 3987 4.2 findings' verdict as fields, so that a program need not
 * read the translated message (doc/irie.1, JSON): "reading" is "in_order"
 * or "misread", "misread_in" the renderings that misread it, "seen" the
 * component as the first of them shows it, left to right; BIDI_BOUNDARY's
 * "edge" says which end breaks rule 2. */
static void bidi_fields(json_object *o, const iri_diag *d)
{
	bool rfc = d->detail & IRI_BIDI_MISREAD_RFC3987, marked = d->detail & IRI_BIDI_MISREAD_MARKED;
	json_object_object_add(o, "reading", json_object_new_string(rfc || marked ? "misread" : "in_order"));
	json_object *in = json_object_new_array();
	if (rfc)
		json_object_array_add(in, json_object_new_string("rfc3987"));
	if (marked)
		json_object_array_add(in, json_object_new_string("marked"));
	json_object_object_add(o, "misread_in", in);
	if ((rfc || marked) && d->seen)
		json_object_object_add(o, "seen", out_json_string(d->seen, strlen(d->seen)));
	if (d->code == IRI_D_BIDI_BOUNDARY)
		json_object_object_add(o, "edge", json_object_new_string(
			(d->detail & IRI_BIDI_WHERE_MASK) == 1 ? "start" : "end"));
}

json_object *bout_diag_json(const iri_diag *d)
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
	if (d->code == IRI_D_BIDI_MIXED_DIRECTION || d->code == IRI_D_BIDI_BOUNDARY)
		bidi_fields(o, d);
	return o;
}

json_object *bout_diags_json(const iri_diags *ds)
{
	json_object *a = json_object_new_array();
	for (size_t i = 0; i < iri_diags_count(ds); i++)
		json_object_array_add(a, bout_diag_json(iri_diags_get(ds, i)));
	return a;
}

/* A word of b->words: gettext looks a message up anew on every call, some
 * thousands of instructions in a locale without a catalogue (C.UTF-8), and
 * a finding line repeats the same few. */
static const char *word(batch *b, unsigned w)
{
	if (b->words[w])
		return b->words[w];
	switch (w) {
	/* TRANSLATORS: "note" is a severity word like "error", printed as LINE:COL: note: suggestion... */
	case BOUT_WORD_NOTE: b->words[w] = _("note"); break;
	/* TRANSLATORS: followed by the suggested text in double quotes; keep the trailing space. */
	case BOUT_WORD_SUGGESTION: b->words[w] = _("suggestion: "); break;
	case BOUT_WORD_REMOVE: b->words[w] = _("suggestion: remove it"); break;
	default: b->words[w] = msg_severity((iri_severity)(w - BOUT_WORD_SEVERITY)); break;
	}
	return b->words[w];
}

/* d's message as msg_diag writes it, and its length in bytes: from b's
 * cache when it is a function of code, component and detail alone
 * (msg_diag_keyed), else formatted into own (BOUT_MSG_BYTES). */
static const char *diag_message(batch *b, const iri_diag *d, char *own, size_t *len)
{
	if (!msg_diag_keyed(d->code)) {
		msg_diag(d, own, BOUT_MSG_BYTES);
		*len = strlen(own);
		return own;
	}
	/* Any slot may hold it; a new one takes the slot used longest ago. */
	bout_msg *old = &b->msgs[0];
	for (unsigned i = 0; i < BOUT_MSG_SLOTS; i++) {
		bout_msg *m = &b->msgs[i];
		if (m->last_use && m->detail == d->detail && m->code == d->code && m->component == d->component) {
			m->last_use = ++b->msgs_uses;
			*len = m->len;
			return m->text;
		}
		if (m->last_use < old->last_use)
			old = m;
	}
	msg_diag(d, old->text, sizeof old->text);
	old->len = strlen(old->text);
	old->code = d->code;
	old->component = d->component;
	old->detail = d->detail;
	old->last_use = ++b->msgs_uses;
	*len = old->len;
	return old->text;
}

/* A finding's lines gathered in a local buffer, for one fwrite: the
 * printf family costs a finding some thousands of instructions.  over: a
 * part did not fit, and the caller writes the finding as it comes. */
typedef struct {
	char *bytes;
	size_t len, size;
	bool over;
} line_buf;

/* A finding's lines: its first is at most some 700 bytes (a message under
 * BOUT_MSG_BYTES; place, severity, code and rule short). */
#define BOUT_LINE_BYTES 2048

static void put(line_buf *l, const char *s, size_t n)
{
	if (l->over || n > l->size - l->len) {
		l->over = true;
		return;
	}
	memcpy(l->bytes + l->len, s, n);
	l->len += n;
}

static void put_str(line_buf *l, const char *s)
{
	put(l, s, strlen(s));
}

/* n in decimal, as "%lu" and "%zu" write it. */
static void put_uint(line_buf *l, unsigned long long n)
{
	char digits[3 * sizeof n];   /* a byte has fewer than 3 decimal digits */
	size_t i = sizeof digits;
	do {
		digits[--i] = (char)('0' + n % 10);
		n /= 10;
	} while (n);
	put(l, digits + i, sizeof digits - i);
}

/* "LINE:COL: ", COL the finding's first code point, from 1. */
static void put_place(line_buf *l, batch *b, const iri_diag *d)
{
	put_uint(l, b->line);
	put(l, ":", 1);
	put_uint(l, (unsigned long long)d->cp_start + 1);
	put(l, ": ", 2);
}

/* The suggestion after the place, for a file or pipe: out_quoted writes
 * the bytes alone there. */
static void put_suggestion(line_buf *l, batch *b, const iri_diag *d)
{
	put_str(l, word(b, BOUT_WORD_NOTE));
	put(l, ": ", 2);
	if (!d->suggestion[0]) {   /* an empty replacement: the span is better left out */
		put_str(l, word(b, BOUT_WORD_REMOVE));
		put(l, "\n", 1);
		return;
	}
	put_str(l, word(b, BOUT_WORD_SUGGESTION));
	put(l, "\"", 1);
	put_str(l, d->suggestion);
	put(l, "\"\n", 2);
}

void bout_diag_text(batch *b, FILE *f, bool tty, const iri_diag *d)
{
	char own[BOUT_MSG_BYTES];
	const char *msg;
	size_t msg_len;
	/* A bidi finding quotes the component in screen order: a terminal that
	 * runs the bidi algorithm would reverse it again, so there it goes in
	 * LRI LRO ... PDF PDI (as on the editor's screen); the Linux console,
	 * which runs none, gets the characters alone (out_term_isolates). */
	if (tty && out_term_isolates() && (d->code == IRI_D_BIDI_MIXED_DIRECTION || d->code == IRI_D_BIDI_BOUNDARY)) {
		msg_diag_ui(d, own, sizeof own);
		msg = own;
		msg_len = strlen(own);
	} else {
		msg = diag_message(b, d, own, &msg_len);
	}
	unsigned sev = d->severity <= IRI_SEV_ERROR ? (unsigned)d->severity : IRI_SEV_ERROR;
	const char *sev_word = word(b, BOUT_WORD_SEVERITY + sev);
	/* LINE:COL: SEVERITY: CODE: message [rule], then for a file or pipe
	 * the suggestion's line too, in one write.  The first line always fits
	 * (a message is under BOUT_MSG_BYTES, the other parts short); a
	 * terminal's suggestion (sanitised: out_quoted) or one too long for
	 * the buffer goes after it on its own. */
	char bytes[BOUT_LINE_BYTES];
	line_buf l = { bytes, 0, sizeof bytes, false };
	put_place(&l, b, d);
	size_t place_len = l.len;
	put_str(&l, sev_word);
	put(&l, ": ", 2);
	put_str(&l, iri_diag_code_name(d->code));
	put(&l, ": ", 2);
	put(&l, msg, msg_len);
	put(&l, " [", 2);
	put_str(&l, d->rule);
	put(&l, "]\n", 2);
	size_t line_len = l.len;
	if (d->suggestion && !tty) {
		put(&l, bytes, place_len);
		put_suggestion(&l, b, d);
		if (!l.over) {
			fwrite(bytes, 1, l.len, f);
			return;
		}
	}
	fwrite(bytes, 1, line_len, f);
	if (d->suggestion) {
		fwrite(bytes, 1, place_len, f);
		bout_suggestion_text(b, f, tty, d);
	}
}

void bout_suggestion_text(batch *b, FILE *f, bool tty, const iri_diag *d)
{
	if (!d->suggestion)
		return;
	if (!tty) {
		char bytes[BOUT_LINE_BYTES];
		line_buf l = { bytes, 0, sizeof bytes, false };
		put_suggestion(&l, b, d);
		if (!l.over) {
			fwrite(bytes, 1, l.len, f);
			return;
		}
	}
	if (!d->suggestion[0]) {
		/* An empty replacement: the span is better left out. */
		fprintf(f, "%s: %s\n", word(b, BOUT_WORD_NOTE), word(b, BOUT_WORD_REMOVE));
		return;
	}
	fprintf(f, "%s: ", word(b, BOUT_WORD_NOTE));
	fputs(word(b, BOUT_WORD_SUGGESTION), f);
	fputc('"', f);
	out_quoted(f, d->suggestion, strlen(d->suggestion), tty);
	fputs("\"\n", f);
}

void bout_report_errors(batch *b)
{
	for (size_t i = 0; i < iri_diags_count(b->diags); i++) {
		const iri_diag *d = iri_diags_get(b->diags, i);
		if (d->severity == IRI_SEV_ERROR) {
			bout_diag_text(b, b->err_f, b->stderr_tty, d);
			b->status = 1;
		}
	}
}

/* to-uri's own notes after its errors: UTS46_VERSION, because the URI
 * holds the A-labels of this system's UTS #46 and another's may differ; and
 * once per input, that a host under a scheme not known to use DNS names is
 * %-escaped whatever --host says (RFC 3987 3.1: ToASCII is for "schemes
 * known to use domain names"; doc/irie.1, to-uri). */
void bout_report_to_uri(batch *b, const char *text, size_t len)
{
	bout_report_errors(b);
	if (b->json)
		return;   /* the diagnostics array has them */
	for (size_t i = 0; i < iri_diags_count(b->diags); i++) {
		const iri_diag *d = iri_diags_get(b->diags, i);
		if (d->code == IRI_D_UTS46_VERSION && b->to_uri.host == IRI_HOSTMODE_IDNA)
			bout_diag_text(b, b->err_f, b->stderr_tty, d);
	}
	if (b->to_uri.host == IRI_HOSTMODE_PERCENT)
		return;
	iri_ref ref;
	iri_split(text, len, &ref);
	const iri_span *h = &ref.comp[IRI_COMP_HOST], *sc = &ref.comp[IRI_COMP_SCHEME];
	if (!h->present || !sc->present || h->end == h->start || text[h->start] == '[' ||
	    iri_utf8_is_ascii(text + h->start, h->end - h->start) ||
	    iri_scheme_uses_dns(text + sc->start, sc->end - sc->start))
		return;
	char scheme[64], safe[256];
	size_t n = out_cut_bytes(text + sc->start, sc->end - sc->start, sizeof scheme - 1);
	memcpy(scheme, text + sc->start, n);
	scheme[n] = '\0';
	fprintf(b->err_f, "%lu:%zu: %s: ", b->line, iri_utf8_count_cp(text, h->start) + 1, _("note"));
	/* TRANSLATORS: to-uri, after "LINE:COL: note: ".  %s: the IRI's scheme. */
	fprintf(b->err_f, _("%s is not a scheme known to use DNS names: its host is %%-escaped, "
		"not written as A-labels [RFC 3987 3.1]\n"), out_safe_arg(scheme, safe, sizeof safe));
}

/* irie host: its errors, and in text what it is asked about even when no
 * error -- whether DNS can resolve the name, and where UTS #46 versions
 * differ (JSON has them all in its diagnostics). */
void bout_report_host_findings(batch *b)
{
	for (size_t i = 0; i < iri_diags_count(b->diags); i++) {
		const iri_diag *d = iri_diags_get(b->diags, i);
		if (d->severity == IRI_SEV_ERROR || (!b->json && (d->code == IRI_D_NOT_DNS_NAME ||
		    d->code == IRI_D_DNS_LENGTH_LIMIT || d->code == IRI_D_UTS46_VERSION)))
			bout_diag_text(b, b->err_f, b->stderr_tty, d);
		if (d->severity == IRI_SEV_ERROR)
			b->status = 1;
	}
}

/* Every control in a URI from to-uri is escaped already (RFC 3987 3.1
 * step 2): it needs no look for line breaks. */
void bout_uri(batch *b, const char *s, size_t n)
{
	out_text(b->out_f, s, n, b->stdout_tty);
	fputc('\n', b->out_f);
}

/* A terminal gets the result sanitised; a file or pipe gets its bytes, but
 * for a raw LF or CR from the input (reported as CONTROL_CHARACTER): written
 * as its escape (RFC 3986 2.1), as to-uri does, so that each input keeps one
 * output line. */
void bout_result(batch *b, const char *s, size_t n)
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

/* An empty line in text mode, {"line":N,"input":...,"error":...} in JSON
 * mode, so the output stays aligned with the input. */
void bout_failed(batch *b, const char *text, size_t len, const char *why)
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
bool bout_map_failed(batch *b, const char *text, size_t len, iri_map_result r)
{
	if (r == IRI_MAP_OK && !b->out.failed)
		return false;
	/* TRANSLATORS: %lu: the input's number (line or argument); keep "%lu:1:" first (LINE:COL, compiler style). */
	fprintf(b->err_f, _("%lu:1: error: result too large or out of memory, not converted\n"), b->line);
	bout_failed(b, text, len, _("result too large or out of memory"));
	b->status = 1;
	return true;
}

/* ---- the host forms: one table for irie host and irie show ---------------- */

/* One row of the text table: the label padded to 18 cells, then the form,
 * why it has none, or "-" for an empty one. */
static void form_text(batch *b, const char *label, const iri_buf *form, uint32_t errors)
{
	char pad[256];
	fprintf(b->out_f, "%s ", out_pad(label, 18, false, pad, sizeof pad));   /* cells, not bytes */
	if (errors) {
		char why[256];
		msg_idna_errors(errors, why, sizeof why);
		fprintf(b->out_f, "(%s)\n", why);
	} else if (form->data && form->len) {
		bout_result(b, form->data, form->len);
	} else {
		fprintf(b->out_f, "-\n");
	}
}

void bout_host_forms(batch *b, json_object *o, const iri_host_forms *forms)
{
	const struct {
		const char *json;       /* JSON field */
		const char *label;      /* text label */
		const iri_buf *form;
		uint32_t errors;        /* UTS #46 error bits: no form */
	} rows[] = {
		/* TRANSLATORS: the labels of irie host's table: names of host encodings, padded to 18 columns; keep them short. */
		{ "unicode", _("unicode"), &forms->unicode, forms->unicode_errors },
		{ "idna", _("idna"), &forms->idna, forms->idna_errors },
		{ "idna_transitional", _("idna-transitional"), &forms->idna_transitional, forms->idna_transitional_errors },
		{ "percent", _("percent"), &forms->percent, 0 },
		{ "zld", _("zld-1998"), &forms->zld, 0 },
	};
	for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
		if (!o)
			form_text(b, rows[k].label, rows[k].form, rows[k].errors);
		else if (rows[k].errors || rows[k].form->failed || !rows[k].form->data)
			json_object_object_add(o, rows[k].json, NULL);
		else
			json_object_object_add(o, rows[k].json, out_json_string(rows[k].form->data, rows[k].form->len));
	}
}
