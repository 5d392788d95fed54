/* UTS #46 conformance: every line of IdnaTestV2.txt (argv[1]) through
 * iri_idna_to_unicode() and iri_idna_to_ascii() in both modes, checked the
 * way ICU's own uts46test.cpp (UTS46Test::idnaTestOneLine) checks it:
 *
 *   - A blank column takes its value from the column the file's header names
 *     (toUnicode <- source, toAsciiN <- toUnicode, toAsciiNStatus <-
 *     toUnicodeStatus, toAsciiT <- toAsciiN, toAsciiTStatus <- toAsciiNStatus;
 *     a blank toUnicodeStatus means "[]").
 *   - A status other than "" or "[]" means the operation must report some
 *     error (codes need not match: "Implementations need only record that
 *     there is an error"); then the output string is not compared.
 *   - Otherwise there must be no error and the output must equal the column.
 *
 * irie runs UTS #46 with every flag of the file's table on (CheckHyphens,
 * CheckBidi, CheckJoiners, UseSTD3ASCIIRules; ICU's ToASCII always verifies
 * DNS length), so no status code is ignored -- as in uts46test.cpp.
 *
 * The data is tests/data/IdnaTestV2-15.0.0.txt: Unicode 15.0.0, the version
 * of ICU 72, which irie links on its reference system (tests/data's
 * LICENSE-Unicode.txt says where it comes from).  The file's "# Version:"
 * line is read and printed beside the linked ICU's Unicode version; a file
 * without one is refused.
 *
 * Where UTS #46 changed after 15.0, a linked ICU of another Unicode version
 * gives other answers for a few characters.  Those are not skipped: each is
 * a named case below (version_cases), whose "before" line (as 15.0 has it)
 * or "after" line (as the changing version's file has it) must hold,
 * chosen by the linked ICU's Unicode version.
 *
 * Any mismatch, an unreadable file, or fewer than MIN_TEST_LINES test lines
 * is a failure (exit 1). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L   /* getline */
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iri_buf.h"
#include "iri_ctx.h"
#include "iri_host.h"

/* UTS #46 changes after the data's version, as IdnaTestV2 lines (columns
 * as the file's header says; blank columns as there).  Sources: UTS #46
 * 15.1.0 and 16.0.0, Modifications (core/uts46.c cites them). */
static const struct {
	const char *name;
	int major, minor;   /* the UTS #46 version whose file has "after" */
	const char *before, *after;
} version_cases[] = {
	{ "UTS #46 15.1: U+1E9E maps to U+00DF, not \"ss\" (transitional: still \"ss\")", 15, 1,
	  "\u1E9E.com; ss.com; ; ; ; ;",
	  "\u1E9E.com; \u00DF.com; ; xn--zca.com; ; ss.com;" },
	{ "UTS #46 15.1: FA\u1E9E.de maps to fa\u00DF.de, not fass.de", 15, 1,
	  "FA\u1E9E.de; fass.de; ; ; ; ;",
	  "FA\u1E9E.de; fa\u00DF.de; ; xn--fa-hia.de; ; fass.de;" },
	{ "UTS #46 16.0: U+2260 valid under UseSTD3ASCIIRules (was disallowed_STD3_valid)", 16, 0,
	  "\u2260.com; ; [P1, V6]; ; ; ;",
	  "\u2260.com; ; ; xn--1ch.com; ; ;" },
	{ "UTS #46 16.0: U+226E valid under UseSTD3ASCIIRules", 16, 0,
	  "a\u226E.com; ; [P1, V6]; ; ; ;",
	  "a\u226E.com; ; ; xn--a-ngo.com; ; ;" },
};

#define MIN_TEST_LINES 5000
#define MAX_SHOWN_MISMATCHES 20
#define N_FIELDS 7

typedef struct {
	iri_ctx *ctx;
	iri_buf field[N_FIELDS];   /* unescaped UTF-8 of each column */
	iri_buf out;
	unsigned long lines, checks, mismatches;
} run;

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Reads up to max_digits hex digits at s; returns the count read (0 = none). */
static size_t read_hex(const char *s, size_t len, size_t max_digits, uint32_t *value)
{
	size_t n = 0;
	uint32_t v = 0;
	while (n < len && n < max_digits && hex_value(s[n]) >= 0) {
		v = v * 16 + (uint32_t)hex_value(s[n]);
		n++;
	}
	*value = v;
	return n;
}

/* Trims spaces and tabs and resolves the \uXXXX and \x{XXXX} escapes of the
 * file's format (a \uD8xx\uDCxx pair is one code point).  False on a
 * malformed escape. */
static bool unescape_field(const char *s, size_t len, iri_buf *out)
{
	iri_buf_reset(out);
	iri_buf_append(out, "", 0);   /* data is non-NULL even when empty */
	while (len > 0 && (s[0] == ' ' || s[0] == '\t')) {
		s++;
		len--;
	}
	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	for (size_t i = 0; i < len; i++) {
		uint32_t cp;
		if (s[i] == '\\' && i + 1 < len && s[i + 1] == 'u') {
			if (read_hex(s + i + 2, len - i - 2, 4, &cp) != 4)
				return false;
			i += 5;
			if (cp >= 0xD800 && cp <= 0xDBFF) {
				uint32_t lo;
				if (i + 6 < len && s[i + 1] == '\\' && s[i + 2] == 'u' &&
				    read_hex(s + i + 3, len - i - 3, 4, &lo) == 4 && lo >= 0xDC00 && lo <= 0xDFFF) {
					cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
					i += 6;
				} else {
					return false;   /* a lone surrogate cannot be UTF-8 */
				}
			}
			if (!iri_buf_put_cp(out, cp))
				return false;
		} else if (s[i] == '\\' && i + 2 < len && s[i + 1] == 'x' && s[i + 2] == '{') {
			size_t n = read_hex(s + i + 3, len - i - 3, 6, &cp);
			if (n == 0 || i + 3 + n >= len || s[i + 3 + n] != '}')
				return false;
			i += 3 + n;
			if (!iri_buf_put_cp(out, cp))
				return false;
		} else {
			iri_buf_putc(out, s[i]);
		}
	}
	return !out->failed;
}

static bool status_has_errors(const iri_buf *status)
{
	/* "[B5, B6]": errors; "" or "[]": none. */
	return status->len > 0 && strcmp(status->data, "[]") != 0;
}

static void check_one(run *r, unsigned long line_no, const char *type, const char *source,
	const iri_buf *expected, const iri_buf *status, uint32_t errors, const iri_buf *got)
{
	r->checks++;
	bool want_errors = status_has_errors(status);
	bool ok = want_errors ? errors != 0 : (errors == 0 && strcmp(got->data ? got->data : "", expected->data) == 0);
	if (ok)
		return;
	r->mismatches++;
	if (r->mismatches <= MAX_SHOWN_MISMATCHES)
		fprintf(stderr, "line %lu: %s(\"%s\"): expected %s \"%s\", got errors 0x%04x \"%s\"\n",
			line_no, type, source, want_errors ? status->data : "no error", expected->data,
			(unsigned)errors, got->data ? got->data : "");
}

static bool test_line(run *r, unsigned long line_no, char *line)
{
	char *hash = strchr(line, '#');
	if (hash)
		*hash = '\0';
	size_t len = strlen(line);
	while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' ' || line[len - 1] == '\t'))
		line[--len] = '\0';
	if (len == 0)
		return true;   /* blank or comment */

	const char *start = line;
	for (int f = 0; f < N_FIELDS; f++) {
		const char *semi = strchr(start, ';');
		const char *end = semi ? semi : start + strlen(start);
		if (!semi && f + 1 < N_FIELDS) {
			fprintf(stderr, "line %lu: only %d fields\n", line_no, f + 1);
			return false;
		}
		if (!unescape_field(start, (size_t)(end - start), &r->field[f])) {
			fprintf(stderr, "line %lu: bad escape in field %d\n", line_no, f + 1);
			return false;
		}
		start = semi ? semi + 1 : end;
	}
	iri_buf *src = &r->field[0], *u = &r->field[1], *u_st = &r->field[2];
	iri_buf *an = &r->field[3], *an_st = &r->field[4], *at = &r->field[5], *at_st = &r->field[6];
	/* Blank columns, as the header defines them. */
	if (u->len == 0)
		iri_buf_append(u, src->data, src->len);
	if (an->len == 0)
		iri_buf_append(an, u->data, u->len);
	if (an_st->len == 0)
		iri_buf_append(an_st, u_st->data, u_st->len);
	if (at->len == 0)
		iri_buf_append(at, an->data, an->len);
	if (at_st->len == 0)
		iri_buf_append(at_st, an_st->data, an_st->len);
	r->lines++;

	uint32_t e = iri_idna_to_unicode(r->ctx, src->data, src->len, &r->out);
	check_one(r, line_no, "toUnicode", src->data, u, u_st, e, &r->out);
	e = iri_idna_to_ascii(r->ctx, false, src->data, src->len, &r->out);
	check_one(r, line_no, "toAsciiN", src->data, an, an_st, e, &r->out);
	e = iri_idna_to_ascii(r->ctx, true, src->data, src->len, &r->out);
	check_one(r, line_no, "toAsciiT", src->data, at, at_st, e, &r->out);
	return true;
}

/* The named version cases: the line that fits the linked ICU's Unicode. */
static bool test_version_cases(run *r)
{
	int major, minor;
	iri_unicode_version(&major, &minor);
	unsigned long before_mismatches = r->mismatches;
	for (size_t i = 0; i < sizeof version_cases / sizeof version_cases[0]; i++) {
		bool after = major > version_cases[i].major ||
			(major == version_cases[i].major && minor >= version_cases[i].minor);
		char line[256];
		snprintf(line, sizeof line, "%s", after ? version_cases[i].after : version_cases[i].before);
		unsigned long m = r->mismatches;
		if (!test_line(r, 0, line))
			return false;
		printf("idna-conformance: %s: %s %d.%d, %s\n", version_cases[i].name,
			after ? "from" : "before", version_cases[i].major, version_cases[i].minor,
			r->mismatches == m ? "ok" : "MISMATCH");
	}
	return r->mismatches == before_mismatches;
}

int main(int argc, char **argv)
{
	int status = 1;
	run r;
	memset(&r, 0, sizeof r);
	for (int f = 0; f < N_FIELDS; f++)
		iri_buf_init(&r.field[f]);
	iri_buf_init(&r.out);
	char *line = NULL;
	size_t line_alloc = 0;
	FILE *fp = NULL;

	if (argc != 2) {
		fprintf(stderr, "usage: %s IdnaTestV2.txt\n", argv[0]);
		goto out;
	}
	fp = fopen(argv[1], "r");
	if (!fp) {
		perror(argv[1]);
		goto out;
	}
	iri_ctx_result cr;
	r.ctx = iri_ctx_new(&cr);
	if (!r.ctx) {
		fprintf(stderr, "iri_ctx_new: %s\n", iri_ctx_result_name(cr));
		goto out;
	}
	unsigned long line_no = 0;
	char data_version[32] = "";
	while (getline(&line, &line_alloc, fp) != -1) {
		line_no++;
		/* "# Version: 15.0.0" in the header */
		if (!data_version[0] && strncmp(line, "# Version: ", 11) == 0)
			sscanf(line + 11, "%31[0-9.]", data_version);
		if (!test_line(&r, line_no, line))
			goto out;
	}
	if (ferror(fp)) {
		perror(argv[1]);
		goto out;
	}
	char icu[32], uni[32];
	iri_library_versions(icu, sizeof icu, uni, sizeof uni);
	if (!data_version[0]) {
		fprintf(stderr, "%s: no \"# Version:\" line: not an IdnaTestV2 file?\n", argv[1]);
		goto out;
	}
	printf("idna-conformance: IdnaTestV2 %s against ICU %s (Unicode %s)\n", data_version, icu, uni);
	printf("idna-conformance: %lu lines, %lu checks, %lu mismatches\n", r.lines, r.checks, r.mismatches);
	if (!test_version_cases(&r))
		goto out;
	if (r.lines < MIN_TEST_LINES) {
		fprintf(stderr, "only %lu test lines (want at least %d): wrong file?\n", r.lines, MIN_TEST_LINES);
		goto out;
	}
	status = r.mismatches ? 1 : 0;
out:
	if (fp)
		fclose(fp);
	free(line);
	iri_ctx_free(r.ctx);
	for (int f = 0; f < N_FIELDS; f++)
		iri_buf_fini(&r.field[f]);
	iri_buf_fini(&r.out);
	return status;
}
