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
	unsigned char last;          /* the last byte of the document handed (a line end as LF) */
	int pending;                 /* a byte read past a CR, or peeked, handed next */
	bool has_pending;
	long line_base;              /* document lines before serd's line 1 (serd starts again) */
	bool lines;                  /* N-Triples, N-Quads: a statement per line */
	bool held;                   /* a line end cut an IRIREF: serd got a '"', the LF is next */
	bool held_crlf;
	bool cut_iri;                /* serd's next error is that cut */
	bool inject_nl;              /* a new stream's lead-in, serd's only: LF, spaces, a byte */
	uint64_t inject_spaces;
	int inject_byte;             /* -1: none */
	bool want_start;             /* the next term byte starts a statement */
	unsigned long seen_dots;
	ixt_pos stmt_at;             /* where the statement being read starts (stream byte) */
	unsigned long n_errors;      /* syntax errors reported */
	ixt_pos last_error;          /* the last one's place: one mistake, one error */
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
	return ixt_src_getc(s->src);
}

static int peek_next(rdf_state *s)
{
	if (!s->has_pending) {
		s->pending = next_byte(s);
		s->has_pending = true;
	}
	return s->pending;
}

static void flush_unclaimed(rdf_state *s);

/* The document's next byte for serd, the lexer told first.  serd counts
 * lines at LF only: a lone CR and a CRLF go to serd as one LF
 * (ixt_line_break's rule); the lexer sees CRLF as it is, a lone CR as the
 * LF it stands for (the same line, column and byte).  Returns 0 with
 * *C = EOF at the end. */
static int document_byte(rdf_state *s, int *c, bool *crlf)
{
	*crlf = false;
	if (s->held) {
		s->held = false;
		*crlf = s->held_crlf;
		*c = '\n';
		return 1;
	}
	*c = next_byte(s);
	if (*c == '\r') {
		int d = next_byte(s);
		if (d == '\n')
			*crlf = true;
		else
			s->pending = d, s->has_pending = true;
		*c = '\n';
	}
	return *c != EOF;
}

static size_t rdf_source(void *buf, size_t size, size_t nmemb, void *stream)
{
	rdf_state *s = stream;
	unsigned char *out = buf;
	(void)size, (void)nmemb;
	*out = '\0';
	if (s->at_end && ++s->reads_after_end > RDF_MAX_READS_AFTER_END)
		longjmp(s->runaway, 1);
	if (s->x->stopped || s->at_end)
		return 0;
	if (s->inject_nl || s->inject_spaces > 0 || s->inject_byte >= 0) {
		if (s->inject_nl)
			*out = '\n', s->inject_nl = false;
		else if (s->inject_spaces > 0)
			*out = ' ', s->inject_spaces--;
		else
			*out = (unsigned char)s->inject_byte, s->inject_byte = -1;
		return 1;
	}
	int c;
	bool crlf, was_held = s->held;
	if (!document_byte(s, &c, &crlf)) {
		rdf_lex_end(&s->lex);
		s->at_end = true;
		return 0;
	}
	if (c == '\n' && !was_held && rdf_lex_in_iri(&s->lex)) {
		/* An IRIREF has no line end (Turtle 6.4); serd 0.30's lax mode
		 * would read on across lines, a '"' stops it at the cut. */
		s->held = true;
		s->held_crlf = crlf;
		s->cut_iri = true;
		*out = '"';
		return 1;
	}
	if (s->lines && s->last == '\n')
		flush_unclaimed(s);         /* every statement of the lines before is done */
	if (s->want_start && rdf_lex_between_terms(&s->lex) && c != ' ' && c != '\t' && c != '\n' && c != '#') {
		s->stmt_at = (ixt_pos){ s->lex.line, s->lex.col, s->lex.off,
			(unsigned long)(s->lex.off - s->lex.line_off) + 1 };
		s->want_start = false;
	}
	if (crlf)
		rdf_lex_byte(&s->lex, '\r');
	rdf_lex_byte(&s->lex, (unsigned char)c);
	if (s->lex.n_dots != s->seen_dots || (s->lines && c == '\n'))
		s->want_start = true;
	s->seen_dots = s->lex.n_dots;
	*out = (unsigned char)c;
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

/* Reports a syntax error at AT (a stream byte), once per place. */
static void report_syntax(rdf_state *s, ixt_pos at, const char *msg)
{
	at.column += at.column == 0;
	at.column_byte += at.column_byte == 0;
	if (s->n_errors > 0 && at.line == s->last_error.line && at.column == s->last_error.column)
		return;                              /* serd's second words for one mistake */
	s->n_errors++;
	s->last_error = at;
	at.byte = orig_byte(s, at.byte);
	ixt_report(s->x, IXT_SYNTAX, at, msg);
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
	if (s->cut_iri)                          /* the '"' rdf_source put there */
		snprintf(msg, sizeof msg, "line end in IRI");
	s->cut_iri = false;
	size_t len = strlen(msg);
	while (len > 0 && msg[len - 1] == '\n')
		msg[--len] = '\0';
	for (size_t i = 0, n; i < len; i += n)   /* serd may print the end as a byte */
		if (ixt_utf8_next(msg + i, len - i, &n) == 0xFFFD && n == 1)
			msg[i] = '?';
	unsigned long line = (unsigned long)((long)e->line + s->line_base), col = e->col;
	uint64_t off = s->lex.off;
	ixt_pos at;
	if (line == s->lex.line) {
		/* serd may place an error at the end one column past the last
		 * byte it read: the place stays inside what was read. */
		off = s->lex.line_off + (col ? col - 1 : 0);
		if (off > s->lex.off)
			off = s->lex.off, col = (unsigned long)(off - s->lex.line_off) + 1;
		at = (ixt_pos){ line, rdf_lex_column(&s->lex, line, col), off, col };
	} else if (line + 1 == s->lex.line && s->lex.col == 1) {
		/* at the line end serd looks at */
		at = (ixt_pos){ line, s->lex.end_col, s->lex.end_off, s->lex.end_colb };
	} else {
		at = (ixt_pos){ line, col, off, col };
	}
	report_syntax(s, at, msg);
	/* The terms of the broken statement stay on the stack: serd may go on
	 * with it (a bad IRI character); if not, they are handed out when the
	 * statement is given up (flush_unclaimed). */
	return SERD_SUCCESS;
}

/* The terms serd did not claim -- the statement it gave up, a term it
 * read otherwise -- are handed out with the role their place suggests
 * (a person sees them; rdf_lex.h), then dropped.  A prefix's name is no
 * IRI. */
static void flush_unclaimed(rdf_state *s)
{
	static const ixt_kind kinds[] = {
		[RDF_ROLE_SUBJECT] = IXT_KIND_SUBJECT, [RDF_ROLE_PREDICATE] = IXT_KIND_PREDICATE,
		[RDF_ROLE_OBJECT] = IXT_KIND_OBJECT, [RDF_ROLE_DATATYPE] = IXT_KIND_DATATYPE,
		[RDF_ROLE_GRAPH] = IXT_KIND_GRAPH, [RDF_ROLE_PREFIX] = IXT_KIND_PREFIX,
		[RDF_ROLE_BASE] = IXT_KIND_BASE,
	};
	for (size_t i = 0; i < s->lex.n_toks && !s->x->stopped; i++) {
		const rdf_tok *t = &s->lex.toks[i];
		bool name = t->kind == RDF_TOK_PNAME;
		if ((t->kind != RDF_TOK_IRIREF && !name)
			|| (name && (t->role == RDF_ROLE_PREFIX || t->role == RDF_ROLE_BASE)))
			continue;
		SerdNode n = { (const uint8_t *)(t->text.p ? t->text.p : ""), t->text.n, 0, 0,
			name ? SERD_CURIE : SERD_URI };
		emit_term(s, t, &n, kinds[t->role]);
	}
	s->lex.n_toks = 0;
}

/* A failure serd gave no words for (N-Quads: a subject that is no term):
 * said at the statement's start. */
static void report_silent(rdf_state *s, unsigned long errors_before)
{
	if (s->n_errors == errors_before && !s->x->stopped)
		report_syntax(s, s->stmt_at, "bad subject");
}

/* N-Triples, N-Quads: serd's document loop.  For N-Quads it stops at the
 * first error, so the rest of that line is read past (the lexer sees it,
 * serd does not) and serd starts again on the next line (N-Triples goes on
 * by itself, to the next line). */
static void read_lines(rdf_state *s, SerdReader *r)
{
	while (!s->at_end && !s->x->stopped) {
		s->line_base = (long)s->lex.line - 1;
		uint64_t before = s->handed;
		unsigned long errors = s->n_errors;
		SerdStatus st = serd_reader_read_source(r, rdf_source, rdf_source_error, s,
			(const uint8_t *)"document", 1);
		if (st != SERD_SUCCESS && !s->at_end)
			report_silent(s, errors);
		while (!s->at_end && (s->last != '\n' || s->held) && !s->x->stopped) {
			unsigned char c;
			if (rdf_source(&c, 1, 1, s) == 0)
				break;
		}
		if (s->handed == before)
			break;
	}
}

/* Turtle after a syntax error: the rest of the broken statement is read
 * past (the lexer sees it, serd does not) -- up to its '.' (outside terms
 * and comments), or to a line that starts with a term in its first column
 * (a statement, as people lay Turtle out), whichever comes first; DOTS is
 * the statement ends seen before. */
static void skip_statement(rdf_state *s, unsigned long dots)
{
	while (!s->at_end && !s->x->stopped && s->lex.n_dots == dots) {
		if (s->last == '\n' && !s->held && !rdf_lex_in_long_string(&s->lex)) {
			int c = peek_next(s);
			if (c == EOF || !(c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '#'))
				return;
		}
		unsigned char b;
		if (rdf_source(&b, 1, 1, s) == 0)
			return;
	}
}

/* Whether serd stopped on the first byte of a line, one that starts a
 * term there (the statement before lacks its '.'; people start statements
 * in the first column): serd starts again with that byte. */
static bool stopped_at_start(const rdf_state *s)
{
	unsigned char c = s->last;
	return s->lex.off - s->lex.line_off == 1 && !s->held
		&& (c == '<' || c == '_' || c == ':' || c == '@' || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'));
}

/* serd starts again where the skip stopped (or AGAIN: with the byte it
 * stopped on), on a new stream: a LF and a space for each byte of the
 * line before, serd's only, so that its lines and columns go on as the
 * document's (and no byte there is taken for a BOM).  The reader keeps
 * nothing a statement needs: prefixes and the base are ours (SerdEnv). */
static void restart(rdf_state *s, SerdReader *r, bool again)
{
	flush_unclaimed(s);
	serd_reader_end_stream(r);
	s->inject_nl = true;
	if (again) {
		rdf_lex_new_statement(&s->lex, s->last == '@');
		s->inject_byte = s->last;
		s->stmt_at = (ixt_pos){ s->lex.line, 1, s->lex.line_off, 1 };
		s->want_start = false;
	} else {
		rdf_lex_reset(&s->lex);
		s->inject_spaces = s->lex.off - s->lex.line_off;
		s->want_start = true;
	}
	s->line_base = (long)s->lex.line - 2;
	serd_reader_start_source_stream(r, rdf_source, rdf_source_error, s,
		(const uint8_t *)"document", 1);
}

/* serd's own Turtle document loop (serd_reader_read_source) skips to the
 * next line after an error, but the byte it has looked at stays (so the
 * next statement starts with it: a second error at the same place, and
 * with one byte per page it never sees the end after an error near it,
 * serd 0.30.16), so for Turtle the loop is ours: a statement at a time
 * (serd_reader_read_chunk); after an error, skip_statement and restart.
 * The end of the input ends the loop, and so does a statement that reads
 * nothing.  Some of serd's lax loops take the end for a character and read
 * on forever (an IRI cut by the end): after RDF_MAX_READS_AFTER_END reads
 * past the end, the source jumps out of serd (serd is C, holds nothing
 * outside the reader, and the reader is freed after). */
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
		unsigned long errors = s->n_errors, dots = s->lex.n_dots;
		SerdStatus st = serd_reader_read_chunk(r);
		if (s->at_end || s->x->stopped)
			break;
		if (st > SERD_FAILURE) {
			if (s->n_errors == errors)
				report_syntax(s, s->stmt_at, "bad statement");
			bool again = s->lex.n_dots == dots && stopped_at_start(s);
			if (!again)
				skip_statement(s, dots);
			restart(s, r, again);
		} else if (s->handed == before) {
			break;
		}
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
	s.lex.quads = syntax == SERD_NQUADS;
	s.lines = syntax != SERD_TURTLE;
	s.want_start = true;
	s.inject_byte = -1;
	s.env = serd_env_new(NULL);
	SerdReader *r = serd_reader_new(syntax, &s, NULL, on_base, on_prefix, on_statement, NULL);
	ixt_result res = IXT_NO_MEMORY;
	if (s.env && r) {
		serd_reader_set_strict(r, false);
		serd_reader_set_error_sink(r, on_error, &s);
		read_chunks(&s, r, syntax);
		flush_unclaimed(&s);
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
static ixt_result rdf_piece(ixt_ctx *x, void *state, bool last, size_t *done)
{
	(void)state;
	*done = 0;
	return last ? ixt_read_rdf(x, NULL, x->doc.u8, x->doc.n, NULL, 0) : IXT_OK;
}

const ixt_reader ixt_rdf_reader = { ixt_no_state, rdf_piece, ixt_no_state_free };
