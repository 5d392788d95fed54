/* extract/'s API: names, the type guess, NULL safety, reading bytes and
 * streams, stopping, failures (binary, charset, directory, missing file),
 * charsets and line ends; tables of cases against exact places, read again
 * with the piece driver's chunk size forced tiny (ixt_set_chunk_bytes). */
#include "../tcheck.h"
#include "extract.h"
#include "ixt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_SEEN 16

typedef struct {
	size_t n, n_diag;
	char text[MAX_SEEN][160];     /* "LINE:COL KIND IRI [BASE] @BYTE-END" */
	char diag[MAX_SEEN][96];      /* "LINE:COL RESULT" */
	char map[MAX_SEEN][48];       /* "MAP_LEN: FIRST LAST" (LINE:COL) */
	size_t stop_after;            /* 0: never */
} seen;

static size_t code_points(const char *p, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += ((unsigned char)p[i] & 0xC0) != 0x80;
	return k;
}

static int found(void *user, const ixt_found *f)
{
	seen *s = user;
	/* extract.h: one map entry per code point of iri, for every reader. */
	CHECK(f->map_len == code_points(f->iri, f->iri_bytes), "map_len %zu for %zu code points of %.*s",
		f->map_len, code_points(f->iri, f->iri_bytes), (int)f->iri_bytes, f->iri);
	if (s->n < MAX_SEEN && f->map_len > 0)
		snprintf(s->map[s->n], sizeof s->map[0], "%zu: %lu:%lu %lu:%lu", f->map_len,
			f->map[0].line, f->map[0].column, f->map[f->map_len - 1].line,
			f->map[f->map_len - 1].column);
	if (s->n < MAX_SEEN)
		snprintf(s->text[s->n], sizeof s->text[0], "%lu:%lu %s %.*s%s%s @%llu-%llu",
			f->pos.line, f->pos.column, ixt_kind_name(f->kind), (int)f->iri_bytes, f->iri,
			f->n_bases ? " " : "", f->n_bases ? f->bases[f->n_bases - 1] : "",
			(unsigned long long)f->pos.byte, (unsigned long long)f->byte_end);
	s->n++;
	return s->stop_after && s->n >= s->stop_after;
}

static void diag(void *user, const ixt_diag *d)
{
	seen *s = user;
	if (s->n_diag < MAX_SEEN)
		snprintf(s->diag[s->n_diag], sizeof s->diag[0], "%lu:%lu %s",
			d->pos.line, d->pos.column, ixt_result_name(d->code));
	s->n_diag++;
}

static ixt_result run(ixt_ctx *x, seen *s, const char *bytes, size_t n, const char *name)
{
	size_t stop = s->stop_after;
	memset(s, 0, sizeof *s);
	s->stop_after = stop;
	ixt_set_callbacks(x, found, diag, s);
	return ixt_read_bytes(x, bytes, n, name);
}

static void test_names(void)
{
	CHECK_STR(ixt_result_name(IXT_SYNTAX), "IXT_SYNTAX", "result name");
	CHECK_STR(ixt_result_name((ixt_result)999), "IXT_UNKNOWN", "unknown result");
	CHECK_STR(ixt_kind_name(IXT_KIND_MD_AUTOLINK), "md-autolink", "kind name");
	CHECK_STR(ixt_kind_name((ixt_kind)999), "unknown", "unknown kind");
	for (int t = IXT_TYPE_AUTO; t <= IXT_TYPE_JSON; t++) {
		ixt_type back;
		CHECK(ixt_type_from_name(ixt_type_name((ixt_type)t), &back) == IXT_OK && back == (ixt_type)t,
			"type %d round trip", t);
	}
	CHECK(ixt_type_name((ixt_type)99) == NULL, "no name past the table");
	CHECK(ixt_type_from_name("rdfxml", NULL) == IXT_BAD_ARGUMENT, "unknown type name");
}

static void test_guess(void)
{
	static const struct { const char *name, *head; ixt_type want; } cases[] = {
		{ "a.HTML", "", IXT_TYPE_HTML }, { "dir.d/a.ttl", "", IXT_TYPE_TURTLE },
		{ "x.nq", "", IXT_TYPE_NQUADS }, { "x.nt", "", IXT_TYPE_NTRIPLES },
		{ "x.md", "", IXT_TYPE_MARKDOWN }, { "x.jsonld", "", IXT_TYPE_JSON },
		{ "x.svg", "", IXT_TYPE_XML }, { NULL, "\xEF\xBB\xBF <!DOCTYPE html>", IXT_TYPE_HTML },
		{ "-", "<?xml version='1.0'?>", IXT_TYPE_XML }, { NULL, "@prefix x: <y> .", IXT_TYPE_TURTLE },
		{ NULL, "\n  [1, 2]", IXT_TYPE_JSON }, { "notes", "see http://x/", IXT_TYPE_TEXT },
		{ "a.d/readme", "<html>", IXT_TYPE_HTML },
		/* review-docs 11: Markdown on stdin by an inline link; not by "# " */
		{ NULL, "# Notes\n\nSee [the spec](https://x.example/) now.\n", IXT_TYPE_MARKDOWN },
		{ "-", "text\n[![b](https://i.example/b.svg)](https://c.example/)", IXT_TYPE_MARKDOWN },
		{ NULL, "#!/bin/sh\n# see https://x.example/ (docs)\necho [a] (b)\n", IXT_TYPE_TEXT },
		{ NULL, "# comment\nkey = value\n", IXT_TYPE_TEXT },
		{ NULL, "arr[i](x) is a call in C\n", IXT_TYPE_TEXT },
		{ NULL, "a ](b) c [d\n", IXT_TYPE_TEXT }, { NULL, "see [1] (ref)\n", IXT_TYPE_TEXT },
		{ NULL, "a [x]( spaced)\n[y]()\n[z](\n)", IXT_TYPE_TEXT },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		CHECK(ixt_type_guess(cases[i].name, (const unsigned char *)cases[i].head,
			strlen(cases[i].head)) == cases[i].want, "guess case %zu", i);
}

static void test_null(void)
{
	ixt_free(NULL);
	CHECK(ixt_set_type(NULL, IXT_TYPE_TEXT) == IXT_BAD_ARGUMENT, "set_type NULL");
	CHECK(ixt_set_charset(NULL, "UTF-8") == IXT_BAD_ARGUMENT, "set_charset NULL");
	CHECK(ixt_read_bytes(NULL, "x", 1, NULL) == IXT_BAD_ARGUMENT, "read_bytes NULL");
	CHECK(ixt_read_file(NULL, "x") == IXT_BAD_ARGUMENT, "read_file NULL");
	CHECK(ixt_read_stream(NULL, stdin, NULL) == IXT_BAD_ARGUMENT, "read_stream NULL");
	CHECK(ixt_last_type(NULL) == IXT_TYPE_AUTO, "last_type NULL");
	ixt_set_callbacks(NULL, NULL, NULL, NULL);
	ixt_ctx *x = ixt_new();
	CHECK(ixt_set_type(x, (ixt_type)99) == IXT_BAD_ARGUMENT, "bad type");
	CHECK(ixt_read_bytes(x, NULL, 3, NULL) == IXT_BAD_ARGUMENT, "NULL bytes with a length");
	CHECK(ixt_read_bytes(x, NULL, 0, "empty.txt") == IXT_OK, "nothing is an empty document");
	ixt_free(x);
}

/* HZ's "~\n" is a line continuation: no text, so 130 of them put 260
 * original bytes between two code points (orig.c's far list). */
#define HZ_NOTHING_10 "~\n~\n~\n~\n~\n~\n~\n~\n~\n~\n"
#define HZ_NOTHING_130 HZ_NOTHING_10 HZ_NOTHING_10 HZ_NOTHING_10 HZ_NOTHING_10 HZ_NOTHING_10 \
	HZ_NOTHING_10 HZ_NOTHING_10 HZ_NOTHING_10 HZ_NOTHING_10 HZ_NOTHING_10 HZ_NOTHING_10 \
	HZ_NOTHING_10 HZ_NOTHING_10

/* Documents in memory: type, bytes, charset option, places. */
static const struct {
	ixt_type type;
	const char *charset;
	const char *doc;
	size_t n_found;
	const char *first, *last;       /* seen[0] and seen[n-1] */
	const char *first_diag;         /* NULL: no diagnostic */
} docs[] = {
	{ IXT_TYPE_TEXT, NULL, "a http://x.example/p.\r\nb\r\n <urn:a:b>\r\n", 2,
		"1:3 text http://x.example/p @2-20", "3:3 text urn:a:b @28-35", NULL },
	{ IXT_TYPE_TEXT, "ISO-8859-8", "\xf9\xec\xe5\xed http://\xf9.example/\n", 1,
		"1:6 text http://\xd7\xa9.example/ @5-22", NULL, NULL },
	{ IXT_TYPE_TEXT, NULL, "ok http://a.example/\n\xff\xfe bad http://b.example/\n", 2,
		"1:4 text http://a.example/ @3-20", "2:8 text http://b.example/ @28-45", "2:1 IXT_BAD_TEXT" },
	{ IXT_TYPE_TURTLE, "windows-1252", "<http://\xe9.example/> <p> <o> .\n", 3,
		"1:2 subject http://\xc3\xa9.example/ @1-18", "1:26 object o @25-26", NULL },
	{ IXT_TYPE_NTRIPLES, NULL, "<http://s.example/> <http://p.example/> \"x\"@en .\n<a> <b> <c> <d> .\n", 6,
		"1:2 subject http://s.example/ @1-18", "2:14 object d @62-63", "2:2 IXT_SYNTAX" },
	/* After a syntax error the terms serd gave up are handed out too, with
	 * the role their place suggests; an IRIREF cut by the end is one. */
	{ IXT_TYPE_TURTLE, NULL, "<a> <b> <c> .\n<x", 4,
		"1:2 subject a @1-2", "2:2 subject x @15-16", "2:3 IXT_SYNTAX" },
	{ IXT_TYPE_TURTLE, NULL, "<a> <b> \"x\n<c> <d> <e> .\n", 5,
		"1:2 subject a @1-2", "2:10 object e @20-21", "1:11 IXT_SYNTAX" },
	{ IXT_TYPE_NQUADS, NULL, "<s:a> <s:b> <s:c> <s:d> .\n<e> <f> <g> .\n<s:h> <s:i> <s:j> .\n", 10,
		"1:2 subject s:a @1-4", "3:14 object s:j @53-56", "2:2 IXT_SYNTAX" },
	{ IXT_TYPE_NQUADS, NULL, "<s:a> <s:b> <s:c> <s:g> .\n", 4,
		"1:2 subject s:a @1-4", "1:20 graph s:g @19-22", NULL },
	{ IXT_TYPE_HTML, NULL, "<meta name=d content='on charset choice'><meta charset=\"ISO-8859-8\"><a href=\xf9>", 1,
		"1:77 attribute \xd7\xa9 @76-77", NULL, NULL },
	{ IXT_TYPE_HTML, NULL, "<a href=x>\n<base href=\"http://b/\"><a href=y>", 3,
		"1:9 attribute x http://b/ @8-9", "2:32 attribute y http://b/ @42-43", NULL },
	{ IXT_TYPE_XML, NULL, "<r xml:base='http://b/'><e href='x'/><e href='y'></r>", 3,
		"1:14 base http://b/ @13-22", "1:47 attribute y http://b/ @46-47", "1:54 IXT_SYNTAX" },
	{ IXT_TYPE_MARKDOWN, NULL, "para\ntwo [l](http://l.example/) <http://a.example/>\n", 2,
		"2:9 md-link http://l.example/ @13-30", "2:29 md-autolink http://a.example/ @33-50", NULL },
	{ IXT_TYPE_JSON, NULL, "[\"http://j.example/\", \"no\", {\"k\": \"urn:y\"}]", 2,
		"1:3 json-string http://j.example/ @2-19", "1:36 json-string urn:y @35-40", NULL },
	/* HTML 13.2.3.2: a meta naming UTF-16 means UTF-8; x-user-defined windows-1252. */
	{ IXT_TYPE_HTML, NULL, "<meta charset=\"utf-16\"><a href=\"http://\xc3\xa9.example/\">", 1,
		"1:33 attribute http://\xc3\xa9.example/ @32-50", NULL, NULL },
	{ IXT_TYPE_HTML, NULL, "<meta content='text/html; charset=x-user-defined'><a href=x\xe9>", 1,
		"1:59 attribute x\xc3\xa9 @58-60", NULL, NULL },
	/* SCSU (UTS #6): one byte, two UTF-16 units -- U+1F580 from window 0
	 * set at U+1F580 by SDX; the conversion runs in blocks past n + 1 units. */
	{ IXT_TYPE_TEXT, "SCSU", "\x0B\x01\xEB\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80"
		"\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80 http://a.example/\x80\n", 1,
		"1:28 text http://a.example/\xf0\x9f\x96\x80 @30-48", NULL, NULL },
	{ IXT_TYPE_TEXT, "HZ", "a" HZ_NOTHING_130 " http://a.example/ x\n", 1,
		"1:3 text http://a.example/ @262-279", NULL, NULL },
	{ IXT_TYPE_JSON, NULL, "{\"a\": \"http://j.example/\"", 1,
		"1:8 json-string http://j.example/ @7-24", NULL, "1:26 IXT_SYNTAX" },
	/* Line ends: LF, CRLF (one break) and a lone CR (old Mac files). */
	{ IXT_TYPE_TEXT, NULL, "a\rb http://x.example/\r\r\n http://y.example/\r", 2,
		"2:3 text http://x.example/ @4-21", "4:2 text http://y.example/ @25-42", NULL },
	{ IXT_TYPE_TURTLE, NULL, "<a> <b> <c> .\r<d> <e> <f> .\r\n<g> <h> <i> .\r\n<x", 10,
		"1:2 subject a @1-2", "4:2 subject x @45-46", "4:3 IXT_SYNTAX" },
	{ IXT_TYPE_TURTLE, NULL, "# c\r<a> <b> \"x\r<c> <d> <e> .\r\n", 5,
		"2:2 subject a @5-6", "3:10 object e @24-25", "2:11 IXT_SYNTAX" },
	{ IXT_TYPE_NTRIPLES, NULL, "<s:a> <s:b> <s:c> .\r<a> <b> <c> <d> .\r\n<s:d> <s:e> <s:f> .\r", 10,
		"1:2 subject s:a @1-4", "3:14 object s:f @52-55", "2:2 IXT_SYNTAX" },
	{ IXT_TYPE_HTML, NULL, "<p>\r\n<a href=x>\r<a\rhref=y>", 2,
		"2:9 attribute x @13-14", "4:6 attribute y @24-25", NULL },
	{ IXT_TYPE_XML, NULL, "<r>\r\n<e href='x'/>\r<e\rhref='y'/></r>", 2,
		"2:10 attribute x @14-15", "4:7 attribute y @28-29", NULL },
	{ IXT_TYPE_MARKDOWN, NULL, "para\r\rtwo [l](http://l.example/)\r\n<http://a.example/>\r", 2,
		"3:9 md-link http://l.example/ @14-31", "4:2 md-autolink http://a.example/ @35-52", NULL },
	/* CommonMark 4.7: a definition's destination on the line after its
	 * label, a title on the line after that. */
	{ IXT_TYPE_MARKDOWN, NULL, "[a]:\n  http://x.example/\n\ntext\n", 1,
		"2:3 md-reference http://x.example/ @7-24", NULL, NULL },
	{ IXT_TYPE_MARKDOWN, NULL, "[a]:\n<http://x.example/>\n'title'\n[b]: http://y.example/\n\n[a] [b]\n", 2,
		"2:2 md-reference http://x.example/ @6-23", "4:6 md-reference http://y.example/ @38-55", NULL },
	{ IXT_TYPE_MARKDOWN, NULL, "[a]:\r\nhttp://x.example/\r\n\"t\"\r\npara <http://p.example/>\r\n", 2,
		"2:1 md-reference http://x.example/ @6-23", "4:7 md-autolink http://p.example/ @36-53", NULL },
	{ IXT_TYPE_MARKDOWN, NULL, "[a]:\nfoo bar\n\n[b]: http://y.example/ z\n", 0, NULL, NULL, NULL },
	/* JSON Lines: a broken line is reported, the next lines read. */
	{ IXT_TYPE_JSON, NULL, "{\"a\": \"http://a.example/\"}\n{\"b\": x}\n{\"c\": \"http://c.example/\"}\n", 2,
		"1:8 json-string http://a.example/ @7-24", "3:8 json-string http://c.example/ @43-60", "2:7 IXT_SYNTAX" },
	{ IXT_TYPE_JSON, NULL, "{\"a\": x}\r\n[\"http://b.example/\"]\r\n", 1,
		"2:3 json-string http://b.example/ @12-29", NULL, "1:7 IXT_SYNTAX" },
	/* One document: after the error, strings only (best effort). */
	{ IXT_TYPE_JSON, NULL, "{\n \"a\": \"http://a.example/\",\n \"b\": x,\n \"c\": \"http://c.example/\"\n}\n", 2,
		"2:8 json-string http://a.example/ @9-26", "4:8 json-string http://c.example/ @45-62", "3:7 IXT_SYNTAX" },
	{ IXT_TYPE_JSON, NULL, "[\"http://a.example/\", \"bad \\q http://no\",\n\"http://c.example/\"]", 2,
		"1:3 json-string http://a.example/ @2-19", "2:2 json-string http://c.example/ @43-60", "1:29 IXT_SYNTAX" },
	{ IXT_TYPE_JSON, NULL, "{\"a\": [1 \"b\": \"http://b.example/\"}", 1,
		"1:16 json-string http://b.example/ @15-32", NULL, "1:10 IXT_SYNTAX" },
	/* Ill-formed UTF-8 goes through ICU's UTF-8 converter, whose offsets
	 * for a character cut by a chunk count from its held bytes. */
	{ IXT_TYPE_JSON, NULL, "[\"\xff\", \"http://\xf0\x9f\x98\x80.example/\", \"urn:\xc3\xa9\"]", 2,
		"1:8 json-string http://\xf0\x9f\x98\x80.example/ @7-27", "1:29 json-string urn:\xc3\xa9 @31-37",
		"1:3 IXT_BAD_TEXT" },
	{ IXT_TYPE_JSON, NULL, "[\r\"http://j.example/\",\r\n\"urn:y\"\r]", 2,
		"2:2 json-string http://j.example/ @3-20", "3:2 json-string urn:y @25-30", NULL },
};

/* Chunk sizes every table is read with (0: the default). */
static const size_t chunk_sizes[] = { 0, 1, 2, 3, 7, 64, 4096 };
#define N_CHUNK_SIZES (sizeof chunk_sizes / sizeof chunk_sizes[0])

static void test_docs(void)
{
	ixt_ctx *x = ixt_new();
	seen s = { 0 };
	for (size_t c = 0; c < N_CHUNK_SIZES; c++)
	for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
		size_t k = chunk_sizes[c];
		ixt_set_chunk_bytes(x, k);
		ixt_set_type(x, docs[i].type);
		ixt_set_charset(x, docs[i].charset);
		ixt_result r = run(x, &s, docs[i].doc, strlen(docs[i].doc), NULL);
		CHECK(r == IXT_OK, "doc %zu chunk %zu: %s", i, k, ixt_result_name(r));
		CHECK(s.n == docs[i].n_found, "doc %zu chunk %zu: %zu found", i, k, s.n);
		if (s.n > 0)
			CHECK_STR(s.text[0], docs[i].first, "doc %zu chunk %zu first", i, k);
		if (s.n > 1 && docs[i].last)
			CHECK_STR(s.text[s.n - 1], docs[i].last, "doc %zu chunk %zu last", i, k);
		if (docs[i].first_diag)
			CHECK_STR(s.n_diag ? s.diag[0] : "", docs[i].first_diag, "doc %zu chunk %zu diag", i, k);
		else
			CHECK(s.n_diag == 0, "doc %zu chunk %zu: %zu diagnostics, first %s", i, k, s.n_diag, s.diag[0]);
	}
	ixt_free(x);
}

/* Maps with non-ASCII prefixes, local names and text, in every reader:
 * found number AT has map "MAP_LEN: FIRST LAST" (found() also checks the
 * length against the IRI for every IRI). */
static const struct {
	ixt_type type;
	const char *doc;
	size_t at;
	const char *map;
} maps[] = {
	/* rdf.c: "\xc3\xa9\xc3\xa9\xc3\xa9:" is 4 code points but 7 bytes. */
	{ IXT_TYPE_TURTLE, "@prefix \xc3\xa9\xc3\xa9\xc3\xa9: <http://example.org/> .\n"
		"\xc3\xa9\xc3\xa9\xc3\xa9:a \xc3\xa9\xc3\xa9\xc3\xa9:b \xc3\xa9\xc3\xa9\xc3\xa9:\xd7\xa9\xd7\x9c .\n",
		1, "20: 2:1 2:5" },
	{ IXT_TYPE_TURTLE, "@prefix \xc3\xa9\xc3\xa9\xc3\xa9: <http://example.org/> .\n"
		"\xc3\xa9\xc3\xa9\xc3\xa9:a \xc3\xa9\xc3\xa9\xc3\xa9:b \xc3\xa9\xc3\xa9\xc3\xa9:\xd7\xa9\xd7\x9c .\n",
		3, "21: 2:13 2:18" },
	{ IXT_TYPE_TURTLE, "@prefix p\xc3\xa9: <http://\xc3\xa9.example/\xc3\xbc#> .\np\xc3\xa9:\xc3\xa0 a p\xc3\xa9:b\\-c .\n",
		2, "22: 2:8 2:14" },
	{ IXT_TYPE_NTRIPLES, "<http://\xc3\xa9.example/\xc3\xbc> <p:\xc3\xa9> <o:\\u00F6x> .\n",
		2, "4: 1:29 1:37" },
	{ IXT_TYPE_NQUADS, "<s:\xc3\xa9> <p:\xc3\xa9> <o:\xc3\xa9> <g:\xc3\xa9\xc3\xa9> .\n",
		3, "4: 1:20 1:23" },
	{ IXT_TYPE_TEXT, "\xd7\xa9 http://\xc3\xa9.example/\xc3\xbc x\n", 0, "18: 1:3 1:20" },
	{ IXT_TYPE_HTML, "<p>\xc3\xa9</p><a href='http://\xc3\xa9.example/&amp;&#xFC;\xc3\xbc'>", 0,
		"20: 1:18 1:46" },
	{ IXT_TYPE_XML, "<r\xc3\xa9 href='\xc3\xa9/&#233;\xc3\xa9'/>", 0, "4: 1:11 1:19" },
	{ IXT_TYPE_MARKDOWN, "\xc3\xa9 [\xc3\xa9](http://\xc3\xa9.example/\\_x) <me@b.example>\n", 1,
		"19: 1:30 1:41" },
	{ IXT_TYPE_MARKDOWN, "\xc3\xa9 [\xc3\xa9](http://\xc3\xa9.example/\\_x) <me@b.example>\n", 0,
		"19: 1:7 1:26" },
	{ IXT_TYPE_JSON, "{\"\xc3\xa9\": \"http://\xc3\xa9.example/\\u00fc\xc3\xbc\"}", 0, "19: 1:8 1:31" },
};

static void test_maps(void)
{
	ixt_ctx *x = ixt_new();
	seen s = { 0 };
	for (size_t c = 0; c < N_CHUNK_SIZES; c++)
	for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
		ixt_set_chunk_bytes(x, chunk_sizes[c]);
		ixt_set_type(x, maps[i].type);
		ixt_result r = run(x, &s, maps[i].doc, strlen(maps[i].doc), NULL);
		CHECK(r == IXT_OK && s.n > maps[i].at, "map %zu chunk %zu: %s, %zu found", i,
			chunk_sizes[c], ixt_result_name(r), s.n);
		CHECK_STR(s.map[maps[i].at], maps[i].map, "map %zu chunk %zu (%s)", i, chunk_sizes[c],
			s.text[maps[i].at]);
	}
	ixt_free(x);
}

/* markdown.c: "mailto:" put in front of an e-mail autolink's map, with an
 * address whose map fills the scratch to the end of its block (256, 512,
 * 1024 entries): the end entry must still fit (it was written one past). */
static void test_mail_autolinks(void)
{
	ixt_ctx *x = ixt_new();
	seen s = { 0 };
	ixt_set_type(x, IXT_TYPE_MARKDOWN);
	static const size_t lengths[] = { 248, 249, 250, 505, 1017 };
	for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
		char doc[1100];
		size_t n = lengths[i], local = n - 10;
		memcpy(doc, "Mail <", 6);
		memset(doc + 6, 'a', local);
		memcpy(doc + 6 + local, "@bbbbbb.cc> now.\n", 18);   /* with its NUL */
		ixt_result r = run(x, &s, doc, strlen(doc), NULL);
		char want[48];
		snprintf(want, sizeof want, "%zu: 1:7 1:%zu", n + 7, n + 6);
		CHECK(r == IXT_OK && s.n == 1, "mail %zu: %s, %zu found", n, ixt_result_name(r), s.n);
		CHECK_STR(s.map[0], want, "mail %zu map", n);
	}
	ixt_free(x);
}

static void test_failures(void)
{
	ixt_ctx *x = ixt_new();
	seen s = { 0 };
	CHECK(run(x, &s, "ab\0cd http://x/", 15, "a.txt") == IXT_BINARY, "NUL bytes: binary");
	CHECK(run(x, &s, "<p>ab\0cd", 8, "a.html") == IXT_BINARY, "binary HTML");
	ixt_set_charset(x, "no-such-charset");
	CHECK(run(x, &s, "x\xff", 2, "a.md") == IXT_BAD_CHARSET, "unknown charset");
	ixt_set_charset(x, NULL);
	CHECK(run(x, &s, "<meta charset=bogus-cs><a href=x>", 33, "a.html") == IXT_BAD_CHARSET,
		"unknown declared charset");
	CHECK(ixt_read_file(x, ".") == IXT_IS_DIRECTORY, "directory");
	CHECK(ixt_read_file(x, "/nonexistent/file.txt") == IXT_IO && strstr(ixt_detail(x), "No such"),
		"missing file: %s", ixt_detail(x));
	s.stop_after = 2;
	ixt_set_callbacks(x, found, diag, &s);
	const char *many = "http://a/ http://b/ http://c/ http://d/";
	CHECK(run(x, &s, many, strlen(many), "m.txt") == IXT_STOPPED && s.n == 2, "stopped after 2: %zu", s.n);
	s.stop_after = 0;
	ixt_free(x);
}

/* Streams: text and Turtle read through a pipe, a long line cut. */
static void test_stream(void)
{
	ixt_ctx *x = ixt_new();
	seen s = { 0 };
	ixt_set_callbacks(x, found, diag, &s);
	FILE *f = tmpfile();
	size_t pad = 3 * 65536 + 17;
	fputs("\xEF\xBB\xBF" "first http://one.example/\n", f);
	for (size_t i = 0; i < pad; i++)
		fputc(i % 50 == 49 ? ' ' : 'w', f);
	fputs(" http://two.example/x \xd7\xa9 http://three.example/\n", f);
	rewind(f);
	CHECK(ixt_read_stream(x, f, "big.txt") == IXT_OK, "stream");
	CHECK(s.n == 3, "three in the stream: %zu", s.n);
	char want[96];
	snprintf(want, sizeof want, "2:%zu text http://two.example/x @%zu-%zu", pad + 2,
		(size_t)29 + pad + 1, (size_t)29 + pad + 21);
	CHECK_STR(s.text[1], want, "column and byte past 64 KiB chunks");
	snprintf(want, sizeof want, "2:%zu text http://three.example/ @%zu-%zu", pad + 25,
		(size_t)29 + pad + 25, (size_t)29 + pad + 46);
	CHECK_STR(s.text[2], want, "after a two-byte character");
	fclose(f);
	f = tmpfile();
	fputs("@prefix e: <http://e.example/> .\ne:s e:p \"\"\"a\nb\"\"\" , e:o .\n", f);
	rewind(f);
	ixt_set_type(x, IXT_TYPE_TURTLE);
	memset(&s, 0, sizeof s);
	CHECK(ixt_read_stream(x, f, NULL) == IXT_OK && s.n == 4, "turtle stream: %zu", s.n);
	CHECK_STR(s.text[3], "3:8 object http://e.example/o @53-56", "after a long string");
	fclose(f);
	ixt_free(x);
}

/* text.c: a line past IXT_MAX_LINE_BYTES whose bytes at the cut are all
 * continuation bytes (no character start to back up to) is cut at the cap
 * anyway: the read ends (it spun forever) with the line's pieces read. */
static void test_stream_continuations(void)
{
	ixt_ctx *x = ixt_new();
	seen s = { 0 };
	ixt_set_callbacks(x, found, diag, &s);
	FILE *f = tmpfile();
	for (size_t i = 0; i < 1000000; i++)
		fputc('a', f);
	for (size_t i = 0; i < 200000; i++)
		fputc(0x80, f);
	fputs(" http://after.example/\n\xe2\x80\x8f http://next.example/\n", f);
	rewind(f);
	CHECK(ixt_read_stream(x, f, "cont.txt") == IXT_OK, "continuation bytes at the cap");
	CHECK(s.n == 2, "two found: %zu", s.n);
	char want[96];
	snprintf(want, sizeof want, "1:%d text http://after.example/ @%d-%d", 1200002,
		1200001, 1200022);
	CHECK_STR(s.text[0], want, "after the cut");
	CHECK_STR(s.text[1], "2:3 text http://next.example/ @1200027-1200047", "the next line");
	CHECK(s.n_diag >= 2, "too long and bad text: %zu", s.n_diag);
	CHECK(s.n_diag > 0 && strstr(s.diag[0], "IXT_") != NULL, "a diagnostic");
	fclose(f);
	ixt_free(x);
}

/* Line ends in a stream: a CRLF whose CR ends the first block read (8 KiB)
 * is one break; a lone CR that ends a later 64 KiB chunk is one too. */
static void test_stream_line_ends(void)
{
	ixt_ctx *x = ixt_new();
	seen s = { 0 };
	ixt_set_callbacks(x, found, diag, &s);
	FILE *f = tmpfile();
	for (size_t i = 0; i < 8191; i++)
		fputc('a', f);
	fputs("\r\n http://a.example/ ", f);           /* ends at byte 8212 */
	for (size_t i = 8212; i < 8192 + 65535; i++)
		fputc('b', f);
	fputs("\r http://b.example/\r", f);
	rewind(f);
	ixt_set_type(x, IXT_TYPE_TEXT);
	CHECK(ixt_read_stream(x, f, "cr.txt") == IXT_OK && s.n == 2, "two found: %zu", s.n);
	CHECK_STR(s.text[0], "2:2 text http://a.example/ @8194-8211", "after CRLF cut by the block");
	CHECK_STR(s.text[1], "3:2 text http://b.example/ @73729-73746", "after a CR ending a chunk");
	fclose(f);
	ixt_free(x);
}

static void keep_detail(void *user, const ixt_diag *d)
{
	snprintf(user, 160, "%lu:%lu %s", d->pos.line, d->pos.column, d->detail ? d->detail : "");
}

/* json.c: the error at its place, with json-c's words only (app words the
 * code; the rows above check that reading goes on). */
/* review-docs 3: an empty document of any type (no bytes, a BOM alone,
 * white space alone in UTF-8) is read without a word; anything more is not
 * empty, and white space in a charset that is not UTF-8 is not looked at. */
static void test_empty(void)
{
	static const struct { const char *doc; size_t n; const char *charset; bool empty; } cases[] = {
		{ "", 0, NULL, true }, { "\xEF\xBB\xBF", 3, NULL, true }, { "\xFF\xFE", 2, NULL, true },
		{ "\xFE\xFF", 2, "windows-1255", true }, { " \r\n\t\n", 5, NULL, true },
		{ "\xEF\xBB\xBF\n", 4, "UTF-8", true }, { "", 0, "Shift_JIS", true },
		{ "  ", 2, "UTF-16LE", false }, { "\xFF\xFE\n\0", 4, NULL, false },
		{ " \0", 2, NULL, false }, { "\n\f", 2, NULL, false }, { " x", 2, NULL, false },
	};
	ixt_ctx *x = ixt_new();
	seen s = { 0 };
	for (int t = IXT_TYPE_AUTO; t <= IXT_TYPE_JSON; t++)
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ixt_set_type(x, (ixt_type)t);
		ixt_set_charset(x, cases[i].charset);
		ixt_result r = run(x, &s, cases[i].doc, cases[i].n, "e.xml");
		CHECK(ixt_last_empty(x) == cases[i].empty, "empty %zu type %d: %d", i, t, ixt_last_empty(x));
		if (cases[i].empty)
			CHECK(r == IXT_OK && s.n == 0 && s.n_diag == 0, "empty %zu type %d: %s, %zu found, diag %s",
				i, t, ixt_result_name(r), s.n, s.n_diag ? s.diag[0] : "");
	}
	ixt_set_charset(x, NULL);
	ixt_set_type(x, IXT_TYPE_XML);
	run(x, &s, "", 0, NULL);
	run(x, &s, "<r/>", 4, NULL);
	CHECK(!ixt_last_empty(x) && !ixt_last_empty(NULL), "a document after an empty one is not empty");
	ixt_free(x);
}

static void test_json_after_error(void)
{
	static const struct { const char *doc, *want; } cases[] = {
		{ "[1]\n[2,x]\n[3]\n", "2:4 ?" },
		{ "{\n\"a\": [1,x]\n}\n", "2:9 ?" },
	};
	ixt_ctx *x = ixt_new();
	ixt_set_type(x, IXT_TYPE_JSON);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char got[160] = "";
		ixt_set_callbacks(x, NULL, keep_detail, got);
		CHECK(ixt_read_bytes(x, cases[i].doc, strlen(cases[i].doc), NULL) == IXT_OK, "json %zu", i);
		const char *semi = strchr(got, ';'), *sp = strchr(got, ' ');
		char norm[160];
		snprintf(norm, sizeof norm, "%.*s ?%s", sp ? (int)(sp - got) : 0, got, semi ? semi + 1 : "");
		CHECK_STR(norm, cases[i].want, "json %zu detail", i);
	}
	ixt_free(x);
}

typedef struct {
	ixt_ctx *x;
	size_t n, piece;              /* IRIs found; the piece's bytes at the last */
} piece_seen;

static int note_piece(void *user, const ixt_found *f)
{
	piece_seen *p = user;
	(void)f;
	p->n++;
	p->piece = p->x->doc.n;
	return 0;
}

/* markup.c: HTML tags with nothing to look up (no attributes, end tags)
 * let go of the piece (review-code-3 finding 6): after a megabyte of
 * attribute-less markup the piece holds a chunk or so, not all of it. */
static void test_piece_released(void)
{
	static const char unit[] = "<p>plain <b>bold</b> and <i>text</i><br></p>\n";
	size_t units = 24000, n = 0;
	char *doc = malloc(64 + units * (sizeof unit - 1) + 64);
	CHECK(doc != NULL, "memory");
	if (!doc)
		return;
	/* The <base href> first: the piece is not held while one may come. */
	n += (size_t)sprintf(doc, "<html><head><base href=\"http://first.example/\"></head><body>\n");
	for (size_t i = 0; i < units; i++, n += sizeof unit - 1)
		memcpy(doc + n, unit, sizeof unit - 1);
	n += (size_t)sprintf(doc + n, "<a href=\"http://last.example/\">z</a></body></html>\n");
	ixt_ctx *x = ixt_new();
	piece_seen p = { .x = x };
	ixt_set_chunk_bytes(x, 4096);
	ixt_set_type(x, IXT_TYPE_HTML);
	ixt_set_callbacks(x, note_piece, NULL, &p);
	ixt_result r = ixt_read_bytes(x, doc, n, NULL);
	CHECK(r == IXT_OK && p.n == 2, "%s, %zu found", ixt_result_name(r), p.n);
	CHECK(p.piece < 4 * 4096, "the piece at the last link: %zu bytes of %zu", p.piece, n);
	ixt_free(x);
	free(doc);
}

int main(void)
{
	test_names();
	test_guess();
	test_null();
	test_docs();
	test_failures();
	test_stream();
	test_stream_continuations();
	test_stream_line_ends();
	test_json_after_error();
	test_empty();
	test_maps();
	test_mail_autolinks();
	test_piece_released();
	return tcheck_done("extract");
}
