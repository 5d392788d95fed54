/* irie extract and irie check --extract: documents in (extract/ finds their
 * IRIs), one line per IRI or per finding out, each at its place in the
 * document (FILE:LINE:COL, COL in code points of the document's line, or
 * with --columns=bytes in its UTF-8 bytes: vim's quickfix %c is a byte
 * index; SARIF's columns stay code points, its columnKind says so).
 *
 * check --extract checks the IRI as meant (extract's decoded iri: entities,
 * escapes and prefixed names undone), and for a relative reference the
 * reference itself, not its resolution: the base is an IRI of the document
 * too (<base href>, @base) and is checked at its own place, so a finding of
 * the base is not repeated at every reference.  A finding's code point
 * offset goes through extract's per-code-point map back to the document's
 * line and column (an entity or escape maps to its first character). */
#include <stdio.h>
#include <string.h>

#include "batch_internal.h"
#include "extract.h"
#include "extract_msg.h"
#include "i18n.h"
#include "messages.h"
#include "output.h"
#include "sarif.h"

/* One run over the documents. */
typedef struct {
	batch *b;
	const char *file;          /* as printed: the name given, or "-" */
	iri_buf base, resolved;    /* scratch for the resolution */
	bool check;                /* check --extract, else extract */
	unsigned long n_iris, n_errors, n_warnings;
	unsigned long n_files, n_given;   /* documents read to their end, named */
	sarif_log *sarif;          /* --sarif, else NULL */
} bx_run;

const char *bx_options_refusal(const batch *b)
{
	if (b->sarif && b->json)
		/* TRANSLATORS: keep the option names. */
		return N_("--sarif and --json cannot go together");
	if (b->sarif && b->columns_bytes)
		/* TRANSLATORS: keep the option names and values; SARIF's columnKind is a field name. */
		return N_("--columns=bytes cannot go with --sarif (SARIF's columnKind is code points)");
	return NULL;
}

/* The column of P as --columns says. */
static unsigned long col_of(const bx_run *r, ixt_pos p)
{
	return r->b->columns_bytes ? p.column_byte : p.column;
}

/* Text for a line of output: a LF, CR or TAB in it as %0A, %0D, %09 (so
 * one IRI stays one line with its fields), the rest as out_text puts it. */
static void put_field(FILE *f, const char *s, size_t n, bool tty)
{
	size_t start = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '\n' && s[i] != '\r' && s[i] != '\t')
			continue;
		out_text(f, s + start, i - start, tty);
		fprintf(f, "%%%02X", (unsigned)(unsigned char)s[i]);
		start = i + 1;
	}
	out_text(f, s + start, n - start, tty);
}

static bool buf_set(iri_buf *b, const char *s, size_t n)
{
	iri_buf_reset(b);
	return iri_buf_append(b, s, n);
}

/* The reference resolved against its bases (outermost first: each
 * resolved against the one before, RFC 3986 5.1.1-5.1.2), into r->resolved
 * and the last base into r->base; false when there is none or a base has
 * no scheme. */
static bool resolve_found(bx_run *r, const ixt_found *fd)
{
	if (fd->n_bases == 0)
		return false;
	const char *b0 = fd->bases[0];
	if (!buf_set(&r->base, b0, strlen(b0)))
		return false;
	for (size_t i = 1; i < fd->n_bases; i++) {
		if (iri_resolve(r->base.data, r->base.len, fd->bases[i], strlen(fd->bases[i]),
		    &r->resolved) != IRI_RESOLVE_OK || !buf_set(&r->base, r->resolved.data, r->resolved.len))
			return false;
	}
	return iri_resolve(r->base.data, r->base.len, fd->iri, fd->iri_bytes, &r->resolved) == IRI_RESOLVE_OK;
}

static void extract_json(bx_run *r, const ixt_found *fd, bool resolved)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "file", out_json_string(r->file, strlen(r->file)));
	json_object_object_add(o, "line", json_object_new_int64((int64_t)fd->pos.line));
	json_object_object_add(o, "column", json_object_new_int64((int64_t)col_of(r, fd->pos)));
	json_object_object_add(o, "byte", json_object_new_int64((int64_t)fd->pos.byte));
	json_object_object_add(o, "byte_end", json_object_new_int64((int64_t)fd->byte_end));
	json_object_object_add(o, "kind", json_object_new_string(ixt_kind_name(fd->kind)));
	if (fd->element)
		json_object_object_add(o, "element", out_json_string(fd->element, strlen(fd->element)));
	if (fd->attribute)
		json_object_object_add(o, "attribute", out_json_string(fd->attribute, strlen(fd->attribute)));
	json_object_object_add(o, "raw", out_json_string(fd->raw, fd->raw_bytes));
	json_object_object_add(o, "iri", out_json_string(fd->iri, fd->iri_bytes));
	if (resolved) {
		json_object_object_add(o, "resolved", out_json_string(r->resolved.data, r->resolved.len));
		json_object_object_add(o, "base", out_json_string(r->base.data, r->base.len));
	}
	out_json_line(r->b->out_f, o, r->b->stdout_tty);
}

static void extract_one(bx_run *r, const ixt_found *fd)
{
	batch *b = r->b;
	bool resolved = resolve_found(r, fd);
	if (b->json) {
		extract_json(r, fd, resolved);
		return;
	}
	put_field(b->out_f, r->file, strlen(r->file), b->stdout_tty);
	fprintf(b->out_f, ":%lu:%lu\t", fd->pos.line, col_of(r, fd->pos));
	put_field(b->out_f, fd->iri, fd->iri_bytes, b->stdout_tty);
	if (resolved) {
		fputc('\t', b->out_f);
		put_field(b->out_f, r->resolved.data, r->resolved.len, b->stdout_tty);
	}
	fputc('\n', b->out_f);
}

/* The document's place of code point cp of the IRI (its end: just after
 * the last character). */
static ixt_pos place_of(const ixt_found *fd, size_t cp)
{
	if (cp < fd->map_len)
		return fd->map[cp];
	if (fd->map_len == 0)
		return fd->pos;
	ixt_pos p = fd->map[fd->map_len - 1];
	size_t k = fd->iri_bytes;               /* to the last code point's first byte */
	while (k > 0 && ((unsigned char)fd->iri[--k] & 0xC0) == 0x80)
		;
	p.column++;
	p.column_byte += (unsigned long)(fd->iri_bytes - k);
	return p;
}

/* The place just after the raw text: its start walked over its code
 * points, LF, CR LF and CR each starting a line (extract.h's line ends). */
static ixt_pos raw_end(const ixt_found *fd)
{
	ixt_pos p = fd->pos;
	for (size_t i = 0; i < fd->raw_bytes; i++) {
		unsigned char c = (unsigned char)fd->raw[i];
		if (c == '\r' || c == '\n') {
			if (c == '\r' && i + 1 < fd->raw_bytes && fd->raw[i + 1] == '\n')
				i++;
			p.line++;
			p.column = p.column_byte = 1;
			continue;
		}
		p.column_byte++;
		if ((c & 0xC0) != 0x80)            /* a code point's first byte */
			p.column++;
	}
	return p;
}

/* Where the finding [cp_start, cp_end) of the IRI is in the document: from
 * its first character's place to the place of the character after it (the
 * raw text's end for one that ends the IRI).  An entity or escape maps
 * wholly to its start, so a finding on one spans it. */
static sarif_span span_of(const ixt_found *fd, const iri_diag *d)
{
	ixt_pos a = place_of(fd, d->cp_start);
	ixt_pos b = d->cp_end < fd->map_len ? fd->map[d->cp_end] : raw_end(fd);
	return (sarif_span){ .line = a.line, .column = a.column, .end_line = b.line, .end_column = b.column };
}

static void finding_text(bx_run *r, const iri_diag *d, ixt_pos at)
{
	batch *b = r->b;
	char msg[512];
	msg_diag(d, msg, sizeof msg);
	put_field(b->out_f, r->file, strlen(r->file), b->stdout_tty);
	fprintf(b->out_f, ":%lu:%lu: %s: %s: ", at.line, col_of(r, at), msg_severity(d->severity),
		iri_diag_code_name(d->code));
	out_text(b->out_f, msg, strlen(msg), b->stdout_tty);
	fprintf(b->out_f, " [%s]\n", d->rule);
	if (d->suggestion) {   /* as plain check gives it, at the same place */
		put_field(b->out_f, r->file, strlen(r->file), b->stdout_tty);
		fprintf(b->out_f, ":%lu:%lu: ", at.line, col_of(r, at));
		bout_suggestion_text(b, b->out_f, b->stdout_tty, d);
	}
}

static void finding_json(bx_run *r, const ixt_found *fd, json_object *arr)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "file", out_json_string(r->file, strlen(r->file)));
	json_object_object_add(o, "line", json_object_new_int64((int64_t)fd->pos.line));
	json_object_object_add(o, "column", json_object_new_int64((int64_t)col_of(r, fd->pos)));
	json_object_object_add(o, "byte", json_object_new_int64((int64_t)fd->pos.byte));
	json_object_object_add(o, "kind", json_object_new_string(ixt_kind_name(fd->kind)));
	json_object_object_add(o, "iri", out_json_string(fd->iri, fd->iri_bytes));
	json_object_object_add(o, "diagnostics", arr);
	out_json_line(r->b->out_f, o, r->b->stdout_tty);
}

static void check_one(bx_run *r, const ixt_found *fd)
{
	batch *b = r->b;
	/* The quick lane settles an ordinary IRI: no findings. */
	bool clean = iri_quick_scan(b->ctx, fd->iri, fd->iri_bytes, NULL) == IRI_QUICK_CLEAN;
	if (clean)
		iri_diags_clear(b->diags);
	else
		iri_check(b->ctx, fd->iri, fd->iri_bytes, NULL, b->diags);
	json_object *arr = b->json ? json_object_new_array() : NULL;
	for (size_t i = 0; i < iri_diags_count(b->diags); i++) {
		const iri_diag *d = iri_diags_get(b->diags, i);
		ixt_pos at = place_of(fd, d->cp_start);
		r->n_errors += d->severity == IRI_SEV_ERROR;
		r->n_warnings += d->severity == IRI_SEV_WARNING;
		if (r->sarif) {
			sarif_span span = span_of(fd, d);
			sarif_add(r->sarif, r->file, &span, d);
		}
		else if (arr) {
			json_object *dj = bout_diag_json(d);
			json_object_object_add(dj, "line", json_object_new_int64((int64_t)at.line));
			json_object_object_add(dj, "column", json_object_new_int64((int64_t)col_of(r, at)));
			json_object_array_add(arr, dj);
		} else
			finding_text(r, d, at);
	}
	if (arr)
		finding_json(r, fd, arr);
	if (iri_diags_has_errors(b->diags))
		b->status = 1;
}

static int on_found(void *user, const ixt_found *fd)
{
	bx_run *r = user;
	r->n_iris++;
	if (r->check)
		check_one(r, fd);
	else
		extract_one(r, fd);
	return 0;
}

/* extract --json and check --extract --json: a document's problem as a
 * line of its own, so that a program can tell a clean document from one
 * not (wholly) read (a line with "code" and no "iri"):
 * file, line and column (0 when the problem has no place), code (extract's
 * IXT_ name, never translated), severity, message. */
static void problem_json(bx_run *r, unsigned long line, unsigned long column, ixt_result code,
	const char *msg, bool warning)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "file", out_json_string(r->file, strlen(r->file)));
	json_object_object_add(o, "line", json_object_new_int64((int64_t)line));
	json_object_object_add(o, "column", json_object_new_int64((int64_t)column));
	json_object_object_add(o, "code", json_object_new_string(ixt_result_name(code)));
	json_object_object_add(o, "severity", json_object_new_string(warning ? "warning" : "error"));
	json_object_object_add(o, "message", out_json_string(msg, strlen(msg)));
	out_json_line(r->b->out_f, o, r->b->stdout_tty);
}

/* A document's problem: FILE:LINE:COL: error: message to stderr (and, for
 * check --sarif, a result; with --json, a line).  check counts it as an
 * error. */
static void on_diag(void *user, const ixt_diag *d)
{
	bx_run *r = user;
	batch *b = r->b;
	char msg[600];
	xmsg_diag(d, msg, sizeof msg);
	bool warning = d->code == IXT_BAD_TEXT;
	put_field(b->err_f, r->file, strlen(r->file), b->stderr_tty);
	if (d->pos.line)
		fprintf(b->err_f, ":%lu:%lu", d->pos.line, col_of(r, d->pos));
	fprintf(b->err_f, ": %s: ", msg_severity(warning ? IRI_SEV_WARNING : IRI_SEV_ERROR));
	out_text(b->err_f, msg, strlen(msg), b->stderr_tty);
	fputc('\n', b->err_f);
	if (r->sarif)
		sarif_add_document(r->sarif, r->file, d->pos.line, d->pos.column, d->code, msg, warning);
	else if (b->json)
		problem_json(r, d->pos.line, col_of(r, d->pos), d->code, msg, warning);
	if (!r->check)
		return;
	if (warning) {
		r->n_warnings++;
	} else {
		r->n_errors++;
		b->status = 1;
	}
}

/* One document: read, or why not (FILE: error: reason) and status 1. */
static void run_document(bx_run *r, ixt_ctx *x, const char *path)
{
	bool is_stdin = strcmp(path, "-") == 0;
	r->file = path;
	ixt_result res = is_stdin ? ixt_read_stream(x, stdin, NULL) : ixt_read_file(x, path);
	r->n_given++;
	if (res == IXT_OK) {
		r->n_files++;
		return;
	}
	char msg[600];
	xmsg_failure(x, res, msg, sizeof msg);
	put_field(r->b->err_f, path, strlen(path), r->b->stderr_tty);
	fprintf(r->b->err_f, ": %s: ", msg_severity(IRI_SEV_ERROR));
	out_text(r->b->err_f, msg, strlen(msg), r->b->stderr_tty);
	fputc('\n', r->b->err_f);
	if (r->sarif)
		sarif_add_document(r->sarif, path, 0, 0, res, msg, false);
	else if (r->b->json)
		problem_json(r, 0, 0, res, msg, false);
	r->n_errors += r->check;
	r->b->status = 1;
}

/* N IRIs in M files: E errors, W warnings (check); "M of K files" when
 * some of the K documents named could not be read. */
static void summary(const bx_run *r)
{
	/* Four counts, each with its own plural (ngettext), joined. */
	char iris[64], files[64], errors[64], warnings[64];
	/* TRANSLATORS: the summary of check --extract, first part: IRIs found. */
	snprintf(iris, sizeof iris, ngettext("%lu IRI", "%lu IRIs", r->n_iris), r->n_iris);
	if (r->n_files == r->n_given)
		/* TRANSLATORS: the summary of check --extract: documents read. */
		snprintf(files, sizeof files, ngettext("%lu file", "%lu files", r->n_files), r->n_files);
	else
		/* TRANSLATORS: the summary of check --extract when some documents
		 * could not be read: "0 of 1 file", "2 of 3 files" (read of given). */
		snprintf(files, sizeof files, ngettext("%lu of %lu file", "%lu of %lu files", r->n_given),
			r->n_files, r->n_given);
	/* TRANSLATORS: the summary of check --extract: findings of severity error. */
	snprintf(errors, sizeof errors, ngettext("%lu error", "%lu errors", r->n_errors), r->n_errors);
	/* TRANSLATORS: the summary of check --extract: findings of severity warning. */
	snprintf(warnings, sizeof warnings, ngettext("%lu warning", "%lu warnings", r->n_warnings), r->n_warnings);
	/* TRANSLATORS: the summary of check --extract: "3 IRIs in 1 file: 0 errors, 2 warnings";
	 * the four %s are the parts above, in this order. */
	fprintf(r->b->err_f, _("%s in %s: %s, %s\n"), iris, files, errors, warnings);
}

void bx_run_documents(batch *b, int argc, char **argv)
{
	bx_run r = { .b = b, .check = strcmp(b->command, "check") == 0 };
	iri_buf_init(&r.base);
	iri_buf_init(&r.resolved);
	ixt_ctx *x = ixt_new();
	if (b->sarif)
		r.sarif = sarif_new();
	if (!x || (b->sarif && !r.sarif) || ixt_set_charset(x, b->doc_charset) != IXT_OK) {
		fprintf(b->err_f, "irie %s: %s\n", b->command, _("out of memory"));
		b->status = 1;
		goto out;
	}
	ixt_set_type(x, b->doc_type < 0 ? IXT_TYPE_AUTO : (ixt_type)b->doc_type);
	ixt_set_callbacks(x, on_found, on_diag, &r);
	if (argc == 0)
		run_document(&r, x, "-");
	for (int i = 0; i < argc; i++)
		run_document(&r, x, argv[i]);
	if (r.sarif)
		sarif_print(r.sarif, b->out_f);
	if (r.check)
		summary(&r);
out:
	sarif_free(r.sarif);
	ixt_free(x);
	iri_buf_fini(&r.base);
	iri_buf_fini(&r.resolved);
}
