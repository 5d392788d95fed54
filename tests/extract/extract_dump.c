/* Prints what extract/ finds in documents, for the golden tests:
 *   LINE:COL<TAB>KIND<TAB>RAW<TAB>IRI[<TAB>BASE...]
 * KIND is the kind's name, with (element@attribute) for markup and
 * (@member) for JSON; diagnostics as LINE:COL<TAB>!RESULT<TAB>detail; the
 * read's result last as "# RESULT".  Controls and bidi formatting
 * characters are written as \u{XXXX}.
 * Usage: extract_dump [--type=T] [--charset=C] [--map] [--bytes] FILE...
 * --map adds a line per IRI with each code point's LINE:COL; --bytes adds
 * the original byte range [byte, byte_end).  Every IRI and diagnostic is
 * also checked against extract.h's promises (ixt_invariants.h: map_len is
 * the IRI's code point count, places inside the document, ...); a broken
 * one is said on stderr and the exit status is 3. */
#include "extract.h"
#include "ixt_invariants.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	bool map, bytes;
	ixt_inv_doc doc;          /* the file's bytes, for the checks */
	int broken;
} dump_opts;

static void put_text(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == 0x7F) {
			printf("\\u{%04X}", c);
		} else if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80
			&& (((unsigned char)s[i + 2] >= 0x8E && (unsigned char)s[i + 2] <= 0x8F)
			|| ((unsigned char)s[i + 2] >= 0xAA && (unsigned char)s[i + 2] <= 0xAE))) {
			printf("\\u{20%02X}", (unsigned char)s[i + 2] - 0x80);
			i += 2;
		} else if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x81
			&& (unsigned char)s[i + 2] >= 0xA6 && (unsigned char)s[i + 2] <= 0xA9) {
			printf("\\u{20%02X}", (unsigned char)s[i + 2] - 0x80 + 0x40);
			i += 2;
		} else {
			putchar(c);
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
	printf("%lu:%lu\t%s", f->pos.line, f->pos.column, ixt_kind_name(f->kind));
	if (f->element || f->attribute)
		printf("(%s@%s)", f->element ? f->element : "", f->attribute ? f->attribute : "");
	putchar('\t');
	put_text(f->raw, f->raw_bytes);
	putchar('\t');
	put_text(f->iri, f->iri_bytes);
	for (size_t i = 0; i < f->n_bases; i++) {
		putchar('\t');
		put_text(f->bases[i], strlen(f->bases[i]));
	}
	putchar('\n');
	if (o->bytes)
		printf("\tbytes %llu-%llu\n", (unsigned long long)f->pos.byte,
			(unsigned long long)f->byte_end);
	if (o->map) {
		printf("\tmap");
		for (size_t i = 0; i < f->map_len; i++)
			printf(" %lu:%lu", f->map[i].line, f->map[i].column);
		putchar('\n');
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
	printf("%lu:%lu\t!%s\t", d->pos.line, d->pos.column, ixt_result_name(d->code));
	if (d->detail)
		put_text(d->detail, strlen(d->detail));
	putchar('\n');
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

int main(int argc, char **argv)
{
	dump_opts o = { 0 };
	ixt_ctx *x = ixt_new();
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
		} else if (strcmp(a, "--map") == 0) {
			o.map = true;
		} else if (strcmp(a, "--bytes") == 0) {
			o.bytes = true;
		} else {
			const char *base = strrchr(a, '/');
			printf("## %s\n", base ? base + 1 : a);
			unsigned char *bytes = slurp(a, &o.doc.n);
			ixt_inv_doc_init(&o.doc, bytes, bytes ? o.doc.n : 0, a);
			o.doc.x = x;
			ixt_result r = ixt_read_file(x, a);
			free(bytes);
			printf("# %s %s %s%s%s\n", ixt_result_name(r), ixt_type_name(ixt_last_type(x)),
				ixt_last_charset(x), *ixt_detail(x) ? " " : "", ixt_detail(x));
		}
	}
	ixt_free(x);
	return o.broken ? 3 : status;
}
