/* Prints what extract/ finds in documents, for the golden tests:
 *   LINE:COL<TAB>KIND<TAB>RAW<TAB>IRI[<TAB>BASE...]
 * KIND is the kind's name, with (element@attribute) for markup and
 * (@member) for JSON; diagnostics as LINE:COL<TAB>!RESULT<TAB>detail; the
 * read's result last as "# RESULT".  Controls and bidi formatting
 * characters are written as \u{XXXX}.
 * Usage: extract_dump [--type=T] [--charset=C] [--chunks=N,...] [--map] [--bytes] FILE...
 * --map adds a line per IRI with each code point's LINE:COL; --bytes adds
 * the original byte range [byte, byte_end) and the column in UTF-8 bytes.  Every IRI and diagnostic is
 * also checked against extract.h's promises (ixt_invariants.h: map_len is
 * the IRI's code point count, places inside the document, ...); a broken
 * one is said on stderr and the exit status is 3.  --chunks reads each
 * file with every chunk size given (the piece driver's private knob) and
 * prints the first dump; one that differs is said on stderr, exit 4. */
#include "extract.h"
#include "ixt_internal.h"
#include "ixt_invariants.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	FILE *out;
	bool map, bytes;
	ixt_inv_doc doc;          /* the file's bytes, for the checks */
	int broken;
} dump_opts;

static void put_text(FILE *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == 0x7F) {
			fprintf(out, "\\u{%04X}", c);
		} else if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80
			&& (((unsigned char)s[i + 2] >= 0x8E && (unsigned char)s[i + 2] <= 0x8F)
			|| ((unsigned char)s[i + 2] >= 0xAA && (unsigned char)s[i + 2] <= 0xAE))) {
			fprintf(out, "\\u{20%02X}", (unsigned char)s[i + 2] - 0x80);
			i += 2;
		} else if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x81
			&& (unsigned char)s[i + 2] >= 0xA6 && (unsigned char)s[i + 2] <= 0xA9) {
			fprintf(out, "\\u{20%02X}", (unsigned char)s[i + 2] - 0x80 + 0x40);
			i += 2;
		} else {
			fputc(c, out);
		}
	}
}

static int on_found(void *user, const ixt_found *f)
{
	dump_opts *o = user;
	const char *why = ixt_inv_found(&o->doc, f);
	if (why) {
		fprintf(stderr, "extract_dump: %s %lu:%lu: %s\n", o->doc.what, f->pos.line,
			f->pos.column, why);
		o->broken = 1;
	}
	fprintf(o->out, "%lu:%lu\t%s", f->pos.line, f->pos.column, ixt_kind_name(f->kind));
	if (f->element || f->attribute)
		fprintf(o->out, "(%s@%s)", f->element ? f->element : "", f->attribute ? f->attribute : "");
	fputc('\t', o->out);
	put_text(o->out, f->raw, f->raw_bytes);
	fputc('\t', o->out);
	put_text(o->out, f->iri, f->iri_bytes);
	for (size_t i = 0; i < f->n_bases; i++) {
		fputc('\t', o->out);
		put_text(o->out, f->bases[i], strlen(f->bases[i]));
	}
	fputc('\n', o->out);
	if (o->bytes)
		fprintf(o->out, "\tbytes %llu-%llu column %lu\n", (unsigned long long)f->pos.byte,
			(unsigned long long)f->byte_end, f->pos.column_byte);
	if (o->map) {
		fprintf(o->out, "\tmap");
		for (size_t i = 0; i < f->map_len; i++)
			fprintf(o->out, " %lu:%lu", f->map[i].line, f->map[i].column);
		fputc('\n', o->out);
	}
	return 0;
}

static void on_diag(void *user, const ixt_diag *d)
{
	dump_opts *o = user;
	const char *why = d->pos.line ? ixt_inv_pos(&o->doc, d->pos) : NULL;
	if (why) {
		fprintf(stderr, "extract_dump: %s diagnostic %lu:%lu: %s\n", o->doc.what,
			d->pos.line, d->pos.column, why);
		o->broken = 1;
	}
	fprintf(o->out, "%lu:%lu\t!%s\t", d->pos.line, d->pos.column, ixt_result_name(d->code));
	if (d->detail)
		put_text(o->out, d->detail, strlen(d->detail));
	fputc('\n', o->out);
}

/* The file's bytes (NULL if unreadable: then the checks see none). */
static unsigned char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	unsigned char *p = NULL;
	size_t cap = 0;
	*n = 0;
	if (!f)
		return NULL;
	for (;;) {
		if (*n == cap) {
			unsigned char *q = realloc(p, cap = cap ? cap * 2 : 65536);
			if (!q)
				break;
			p = q;
		}
		size_t got = fread(p + *n, 1, cap - *n, f);
		if (got == 0)
			break;
		*n += got;
	}
	fclose(f);
	return p;
}

/* One read of A into o->out. */
static void dump_file(dump_opts *o, ixt_ctx *x, const char *a)
{
	const char *base = strrchr(a, '/');
	fprintf(o->out, "## %s\n", base ? base + 1 : a);
	unsigned char *bytes = slurp(a, &o->doc.n);
	ixt_inv_doc_init(&o->doc, bytes, bytes ? o->doc.n : 0, a);
	o->doc.x = x;
	ixt_result r = ixt_read_file(x, a);
	free(bytes);
	fprintf(o->out, "# %s %s %s%s%s\n", ixt_result_name(r), ixt_type_name(ixt_last_type(x)),
		ixt_last_charset(x), *ixt_detail(x) ? " " : "", ixt_detail(x));
}

/* --chunks=N,...: A read with each chunk size (ixt_set_chunk_bytes); the
 * first dump printed, every other compared with it byte for byte. */
static int dump_chunks(dump_opts *o, ixt_ctx *x, const char *a, const char *list)
{
	char *first = NULL;
	size_t first_n = 0;
	int status = 0;
	for (const char *p = list; *p; p += *p == ',') {
		char *end, *text = NULL;
		size_t size = strtoul(p, &end, 10), n = 0;
		p = end;
		ixt_set_chunk_bytes(x, size);
		o->out = open_memstream(&text, &n);
		if (!o->out)
			return 2;
		dump_file(o, x, a);
		fclose(o->out);
		if (!first) {
			first = text, first_n = n;
			continue;
		}
		if (n != first_n || memcmp(text, first, n) != 0) {
			size_t k = 0;
			while (k < n && k < first_n && text[k] == first[k])
				k++;
			fprintf(stderr, "extract_dump: %s with %zu-byte chunks differs at output byte %zu:\n%.200s\n",
				a, size, k, text + (k > 80 ? k - 80 : 0));
			status = 4;
		}
		free(text);
	}
	if (first)
		fwrite(first, 1, first_n, stdout);
	free(first);
	ixt_set_chunk_bytes(x, 0);
	o->out = stdout;
	return status;
}

int main(int argc, char **argv)
{
	dump_opts o = { .out = stdout };
	ixt_ctx *x = ixt_new();
	const char *chunks = NULL;
	if (!x)
		return 2;
	ixt_set_callbacks(x, on_found, on_diag, &o);
	int status = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		ixt_type t;
		if (strncmp(a, "--type=", 7) == 0) {
			if (ixt_type_from_name(a + 7, &t) != IXT_OK || ixt_set_type(x, t) != IXT_OK) {
				fprintf(stderr, "extract_dump: bad type %s\n", a + 7);
				status = 2;
			}
		} else if (strncmp(a, "--charset=", 10) == 0) {
			ixt_set_charset(x, a + 10);
		} else if (strncmp(a, "--chunks=", 9) == 0) {
			chunks = a + 9;
		} else if (strcmp(a, "--map") == 0) {
			o.map = true;
		} else if (strcmp(a, "--bytes") == 0) {
			o.bytes = true;
		} else if (chunks) {
			int st = dump_chunks(&o, x, a, chunks);
			status = st ? st : status;
		} else {
			dump_file(&o, x, a);
		}
	}
	ixt_free(x);
	return o.broken ? 3 : status;
}
