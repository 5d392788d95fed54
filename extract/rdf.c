/* Turtle, N-Triples, N-Quads through serd.
 *
 * serd reads the document (from the stream, one byte per read so that it is
 * never ahead of us: page size 1) and says what it means: @base and @prefix
 * (kept in a SerdEnv, which resolves them as Turtle 6.3 says), statements,
 * syntax errors with a line and byte column (lax mode: serd goes on with
 * the statement or skips to the next line).  serd 0.30 gives no places for nodes, so
 * rdf_lex.c sees the same bytes and stacks the terms it finds; when serd
 * hands over an event, its nodes were the last terms read: they are
 * matched from the top of the stack, last node first (graph, datatype,
 * object, predicate, subject).  A node with no term on top (a subject or
 * predicate repeated by ';' or ',', rdf:first from a collection) was not
 * written there and is not reported again. */
#include "rdf_lex.h"

#include <serd/serd.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define RDF_TYPE "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
#define RDF_NIL "http://www.w3.org/1999/02/22-rdf-syntax-ns#nil"
/* serd asks again after the end while it finishes a statement; more than
 * this is one of its lax loops that reads the end as a character. */
#define RDF_MAX_READS_AFTER_END 64

typedef struct {
	ixt_ctx *x;
	rdf_lex lex;
	SerdEnv *env;
	ixt_src *src;
	const char *head, *bytes;    /* the stream's first bytes; or the whole document */
	size_t n_head, n_bytes, at;
	bool in_doc;
	bool at_end;                 /* the source has said EOF */
	unsigned reads_after_end;
	bool error_after_end;        /* one error past the end is said, not the loop's repeats */
	jmp_buf runaway;             /* where a serd loop that reads on past the end is left */
	unsigned char last;          /* the last byte handed */
	int pending;                 /* a byte read past a CR, handed next */
	bool has_pending;
	unsigned long line_base;     /* lines before serd's line 1 (N-Triples, N-Quads restarts) */
	bool blanking;               /* after an error: the rest of the line goes to serd as spaces */
	uint64_t handed;             /* bytes handed to serd */
	ixt_buf base;                /* the base now in force (resolved by serd) */
	ixt_buf iri;
	ixt_pos *map;
	size_t map_cap;
} rdf_state;

static int next_byte(rdf_state *s)
{
	if (s->has_pending) {
		s->has_pending = false;
		return s->pending;
	}
	if (s->in_doc)
		return s->at < s->n_bytes ? (unsigned char)s->bytes[s->at++] : EOF;
	if (s->at < s->n_head)
		return (unsigned char)s->head[s->at++];
	if (s->src->f)
		return getc(s->src->f);
	ixt_src *m = s->src;
	return m->mem_at < m->mem_n ? (unsigned char)m->mem[m->mem_at++] : EOF;
}

/* serd counts lines at LF only: a lone CR and a CRLF go to serd as one LF
 * (ixt_line_break's rule); the lexer sees CRLF as it is, a lone CR as the
 * LF it stands for (the same line, column and byte). */
static size_t rdf_source(void *buf, size_t size, size_t nmemb, void *stream)
{
	rdf_state *s = stream;
	(void)size, (void)nmemb;
	*(unsigned char *)buf = '\0';
	if (s->at_end && ++s->reads_after_end > RDF_MAX_READS_AFTER_END)
		longjmp(s->runaway, 1);
	if (s->x->stopped || s->at_end)
		return 0;
	int c = next_byte(s);
	if (c == '\r') {
		int d = next_byte(s);
		if (d == '\n')
			rdf_lex_byte(&s->lex, '\r');
		else
			s->pending = d, s->has_pending = true;
		c = '\n';
	}
	if (c == EOF) {
		rdf_lex_end(&s->lex);
		s->at_end = true;
		return 0;
	}
	if (c == '\n' || c == '\r')
		s->blanking = false;
	else if (s->blanking)
		c = ' ';
	*(unsigned char *)buf = (unsigned char)c;
	rdf_lex_byte(&s->lex, (unsigned char)c);
	s->handed++;
	s->last = (unsigned char)c;
	return 1;
}

static int rdf_source_error(void *stream)
{
	rdf_state *s = stream;
	return s->in_doc ? 0 : ixt_src_error(s->src);
}

/* A stream offset as an original byte offset. */
static uint64_t orig_byte(const rdf_state *s, uint64_t off)
{
	return s->in_doc ? ixt_doc_orig(&s->x->doc, off <= s->x->doc.n ? (size_t)off : s->x->doc.n) : off;
}

static bool node_is(const SerdNode *n, const char *s, size_t len)
{
	return n->n_bytes == len && memcmp(n->buf, s, len) == 0;
}

/* Does the term on top of the stack stand for node N? */
static bool matches(const rdf_tok *t, const SerdNode *n)
{
	size_t len = n->n_bytes;
	switch (n->type) {
	case SERD_URI:
		return (t->kind == RDF_TOK_IRIREF && node_is(n, t->text.p ? t->text.p : "", t->text.n))
			|| (t->kind == RDF_TOK_A && node_is(n, RDF_TYPE, strlen(RDF_TYPE)))
			|| (t->kind == RDF_TOK_TERM && node_is(n, RDF_NIL, strlen(RDF_NIL)));  /* "( )" */
	case SERD_CURIE:
		if (t->kind != RDF_TOK_PNAME)
			return false;
		while (len > 0 && n->buf[len - 1] == '.')
			len--;                          /* serd may keep a trailing '.' */
		return len == t->text.n && memcmp(n->buf, t->text.p, len) == 0;
	case SERD_LITERAL:
	case SERD_BLANK:
		return t->kind == RDF_TOK_TERM;
	default:
		return false;
	}
}

/* Claims the top term for N if it stands for it. */
static const rdf_tok *claim(rdf_state *s, const SerdNode *n)
{
	if (!n || n->type == SERD_NOTHING || s->lex.n_toks == 0)
		return NULL;
	const rdf_tok *t = &s->lex.toks[s->lex.n_toks - 1];
	if (!matches(t, n))
		return NULL;
	s->lex.n_toks--;
	return t;
}

static bool map_room(rdf_state *s, size_t n)
{
	if (n <= s->map_cap)
		return true;
	ixt_pos *p = realloc(s->map, n * sizeof *p);
	if (!p)
		return false;
	s->map = p;
	s->map_cap = n;
	return true;
}

static size_t count_cps(const char *p, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += ((unsigned char)p[i] & 0xC0) != 0x80;
	return k;
}

/* s->map gets one entry per code point of s->iri (extract.h): N_NS of the
 * namespace at the term's first character, then the term's own entries
 * from FIRST on (the last again should serd's text run longer). */
static bool fill_map(rdf_state *s, const rdf_tok *t, size_t n_ns, size_t first)
{
	size_t n_cp = count_cps(s->iri.p ? s->iri.p : "", s->iri.n);
	if (n_cp == 0 || !map_room(s, n_cp))
		return false;
	for (size_t k = 0; k < n_cp; k++) {
		size_t from = k < n_ns ? 0 : first + (k - n_ns);
		s->map[k] = t->map[from < t->map_n ? from : t->map_n - 1];
		s->map[k].byte = orig_byte(s, s->map[k].byte);
	}
	return true;
}

/* Hands out term T standing for node N (a prefixed name expanded). */
static void emit_term(rdf_state *s, const rdf_tok *t, const SerdNode *n, ixt_kind kind)
{
	if (!t || t->kind == RDF_TOK_A || t->kind == RDF_TOK_TERM || t->map_n == 0 || s->x->stopped)
		return;
	s->iri.n = 0;
	size_t n_ns = 0, first = 0;
	if (t->kind == RDF_TOK_PNAME) {
		SerdChunk pre, suf;
		if (serd_env_expand(s->env, n, &pre, &suf) != SERD_SUCCESS) {
			ixt_pos at = t->map[0];
			at.byte = orig_byte(s, at.byte);
			ixt_report(s->x, IXT_SYNTAX, at, "undefined prefix");
			return;
		}
		size_t colon_byte = 0;              /* a prefix holds no ':' (Turtle PN_PREFIX) */
		while (colon_byte < t->text.n && t->text.p[colon_byte] != ':')
			colon_byte++;
		n_ns = count_cps((const char *)pre.buf, pre.len);
		first = count_cps(t->text.p, colon_byte < t->text.n ? colon_byte + 1 : t->text.n);
		if (!ixt_buf_add(&s->iri, pre.buf, pre.len) || !ixt_buf_add(&s->iri, suf.buf, suf.len))
			return;
	} else if (!ixt_buf_add(&s->iri, t->text.p, t->text.n)) {
		return;
	}
	if (!fill_map(s, t, n_ns, first))
		return;
	ixt_found f = {
		.pos = t->map[0], .byte_end = orig_byte(s, t->end), .kind = kind,
		.raw = t->raw.p, .raw_bytes = t->raw.n, .iri = s->iri.p ? s->iri.p : "",
		.iri_bytes = s->iri.n, .map = s->map, .map_len = count_cps(s->iri.p, s->iri.n),
	};
	f.pos.byte = orig_byte(s, t->map[0].byte);
	ixt_emit(s->x, &f);
}

static void set_bases(rdf_state *s)
{
	s->x->n_bases = s->base.n > 0 ? 1 : 0;
	s->x->bases[0] = s->base.p;
}

static SerdStatus on_base(void *handle, const SerdNode *uri)
{
	rdf_state *s = handle;
	const rdf_tok *t = claim(s, uri);
	emit_term(s, t, uri, IXT_KIND_BASE);
	serd_env_set_base_uri(s->env, uri);
	const SerdNode *b = serd_env_get_base_uri(s->env, NULL);
	s->base.n = 0;
	if (b && b->buf)
		ixt_buf_add(&s->base, b->buf, b->n_bytes);
	set_bases(s);
	return SERD_SUCCESS;
}

static SerdStatus on_prefix(void *handle, const SerdNode *name, const SerdNode *uri)
{
	rdf_state *s = handle;
	const rdf_tok *t = claim(s, uri);
	emit_term(s, t, uri, IXT_KIND_PREFIX);
	if (s->lex.n_toks > 0) {                 /* the "name:" before it */
		const rdf_tok *p = &s->lex.toks[s->lex.n_toks - 1];
		if (p->kind == RDF_TOK_PNAME && p->text.n == name->n_bytes + 1
			&& memcmp(p->text.p, name->buf, name->n_bytes) == 0)
			s->lex.n_toks--;
	}
	serd_env_set_prefix(s->env, name, uri);
	return SERD_SUCCESS;
}

static SerdStatus on_statement(void *handle, SerdStatementFlags flags, const SerdNode *graph,
	const SerdNode *subject, const SerdNode *predicate, const SerdNode *object,
	const SerdNode *datatype, const SerdNode *lang)
{
	rdf_state *s = handle;
	(void)flags, (void)lang;
	const SerdNode *nodes[5] = { subject, predicate, object, datatype, graph };
	static const ixt_kind kinds[5] = { IXT_KIND_SUBJECT, IXT_KIND_PREDICATE,
		IXT_KIND_OBJECT, IXT_KIND_DATATYPE, IXT_KIND_GRAPH };
	const rdf_tok *toks[5] = { NULL };
	/* Last written first: graph (N-Quads), datatype, object, predicate, subject. */
	for (int i = 4; i >= 0; i--)
		toks[i] = claim(s, nodes[i]);
	for (int i = 0; i < 5; i++)
		emit_term(s, toks[i], nodes[i], kinds[i]);
	return s->x->stopped ? SERD_FAILURE : SERD_SUCCESS;
}

static SerdStatus on_error(void *handle, const SerdError *e)
{
	rdf_state *s = handle;
	if (s->at_end && s->error_after_end)
		return SERD_SUCCESS;
	s->error_after_end = s->at_end;
	char msg[256];
	va_list args;
	va_copy(args, *e->args);
	vsnprintf(msg, sizeof msg, e->fmt, args);
	va_end(args);
	size_t len = strlen(msg);
	while (len > 0 && msg[len - 1] == '\n')
		msg[--len] = '\0';
	for (size_t i = 0, n; i < len; i += n)   /* serd may print the end as a byte */
		if (ixt_utf8_next(msg + i, len - i, &n) == 0xFFFD && n == 1)
			msg[i] = '?';
	unsigned long line = e->line + s->line_base, col = e->col;
	uint64_t off = s->lex.off;
	if (line == s->lex.line) {
		/* serd may place an error at the end one column past the last
		 * byte it read: the place stays inside what was read. */
		off = s->lex.line_off + (col ? col - 1 : 0);
		if (off > s->lex.off)
			off = s->lex.off, col = (unsigned long)(off - s->lex.line_off) + 1;
	}
	ixt_pos at = { line, rdf_lex_column(&s->lex, line, col), orig_byte(s, off) };
	if (at.column == 0)
		at.column = 1;
	ixt_report(s->x, IXT_SYNTAX, at, msg);
	/* The terms of the broken statement stay on the stack: serd may go on
	 * with it (a bad IRI character) or skip to the next line, where new
	 * terms are stacked above them and matched first. */
	return SERD_SUCCESS;
}

/* serd's own Turtle document loop (serd_reader_read_source) skips to the
 * next line after an error, but with one byte per page it never sees the end
 * after an error near it (serd 0.30.16), so for Turtle the loop is ours
 * (N-Triples and N-Quads keep serd's line loop, which ends): a statement at a time
 * (serd_reader_read_chunk); after an error the rest of the line is handed
 * to serd as spaces (and so to the lexer: no terms from it); the end of the
 * input ends the loop, and so does a statement that reads nothing.  Some of
 * serd's lax loops take the end for a character and read on forever (an
 * IRI cut by the end): after RDF_MAX_READS_AFTER_END reads past the end,
 * the source jumps out of serd (serd is C, holds nothing outside the
 * reader, and the reader is freed after). */
/* N-Triples, N-Quads: serd's line loop stops at the first error, so the
 * rest of that line is read past (the lexer sees it, serd does not) and
 * serd starts again on the next line. */
static void read_lines(rdf_state *s, SerdReader *r)
{
	while (!s->at_end && !s->x->stopped) {
		s->line_base = s->lex.line - 1;
		uint64_t before = s->handed;
		serd_reader_read_source(r, rdf_source, rdf_source_error, s,
			(const uint8_t *)"document", 1);
		unsigned char c = s->last;
		while (!s->at_end && c != '\n' && c != '\r' && !s->x->stopped)
			if (rdf_source(&c, 1, 1, s) == 0)
				break;
		rdf_lex_reset(&s->lex);
		if (s->handed == before)
			break;
	}
}

static void read_chunks(rdf_state *s, SerdReader *r, SerdSyntax syntax)
{
	if (setjmp(s->runaway) != 0) {
		serd_reader_end_stream(r);
		return;
	}
	if (syntax != SERD_TURTLE) {
		read_lines(s, r);
		return;
	}
	serd_reader_start_source_stream(r, rdf_source, rdf_source_error, s,
		(const uint8_t *)"document", 1);
	while (!s->at_end && !s->x->stopped) {
		uint64_t before = s->handed;
		SerdStatus st = serd_reader_read_chunk(r);
		if (st > SERD_FAILURE && !s->at_end && s->last != '\n' && s->last != '\r')
			s->blanking = true;
		if (s->handed == before && (st != SERD_SUCCESS || s->blanking))
			break;
	}
	serd_reader_end_stream(r);
}

ixt_result ixt_read_rdf(ixt_ctx *x, ixt_src *src, const char *bytes, size_t n, const char *first, size_t n_first)
{
	SerdSyntax syntax = x->used_type == IXT_TYPE_NTRIPLES ? SERD_NTRIPLES
		: x->used_type == IXT_TYPE_NQUADS ? SERD_NQUADS : SERD_TURTLE;
	rdf_state s = { .x = x, .src = src, .head = first, .n_head = n_first, .bytes = bytes,
		.n_bytes = n, .in_doc = src == NULL };
	size_t bom = 0;
	const char *start = s.in_doc ? bytes : first;
	size_t avail = s.in_doc ? n : n_first;
	if (avail >= 3 && memcmp(start, "\xEF\xBB\xBF", 3) == 0)
		bom = 3;                            /* a BOM is not text */
	s.at = bom;
	rdf_lex_init(&s.lex, s.in_doc ? 0 : bom);
	s.env = serd_env_new(NULL);
	SerdReader *r = serd_reader_new(syntax, &s, NULL, on_base, on_prefix, on_statement, NULL);
	ixt_result res = IXT_NO_MEMORY;
	if (s.env && r) {
		serd_reader_set_strict(r, false);
		serd_reader_set_error_sink(r, on_error, &s);
		read_chunks(&s, r, syntax);
		res = !s.in_doc && ixt_src_error(src) ? IXT_IO : IXT_OK;
	}
	serd_reader_free(r);
	serd_env_free(s.env);
	rdf_lex_free(&s.lex);
	ixt_buf_free(&s.base);
	ixt_buf_free(&s.iri);
	free(s.map);
	x->n_bases = 0;
	return res;
}

/* RDF in another charset: the converted document whole (serd's events
 * refer back to terms any distance before them), then read as above. */
static void *rdf_open(ixt_ctx *x)
{
	return x;
}

static void rdf_close(ixt_ctx *x, void *state)
{
	(void)x, (void)state;
}

static ixt_result rdf_piece(ixt_ctx *x, void *state, bool last, size_t *done)
{
	(void)state;
	*done = 0;
	return last ? ixt_read_rdf(x, NULL, x->doc.u8, x->doc.n, NULL, 0) : IXT_OK;
}

const ixt_reader ixt_rdf_reader = { rdf_open, rdf_piece, rdf_close };
