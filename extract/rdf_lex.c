/* The term lexer beside serd (see rdf_lex.h): Turtle's tokens (W3C Turtle
 * 1.1 section 6.5) as far as finding terms needs -- IRIREF, PNAME_LN /
 * PNAME_NS, BLANK_NODE_LABEL, the string forms, numbers and keywords;
 * comments skipped, punctuation counted for the roles and statement ends.
 * A newline ends a short string or an IRIREF (serd stops there too, rdf.c
 * sees to it for an IRIREF) so one bad line does not swallow the rest; an
 * IRIREF cut so is kept as a term (a person sees it). */
#include "rdf_lex.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { L_NORMAL, L_COMMENT, L_IRI, L_WORD, L_AT, L_QUOTE, L_SHORT, L_LONG };

void rdf_lex_init(rdf_lex *l, uint64_t first_offset)
{
	memset(l, 0, sizeof *l);
	l->line = 1;
	l->col = 1;
	l->off = first_offset;
	l->line_off = first_offset;
}

static void tok_free(rdf_tok *t)
{
	ixt_buf_free(&t->raw);
	ixt_buf_free(&t->text);
	free(t->map);
}

void rdf_lex_free(rdf_lex *l)
{
	for (size_t i = 0; i < RDF_MAX_TOKS; i++)
		tok_free(&l->toks[i]);
	ixt_buf_free(&l->cur);
	ixt_buf_free(&l->line_bytes);
	free(l->cur_pos);
}

void rdf_lex_reset(rdf_lex *l)
{
	l->state = L_NORMAL;
	l->n_toks = 0;
	l->escaped = false;
	l->quotes = 0;
	l->role = RDF_ROLE_SUBJECT;
	l->depth = 0;
}

void rdf_lex_new_statement(rdf_lex *l, bool directive)
{
	l->n_toks = 0;
	l->role = directive ? RDF_ROLE_PREFIX : RDF_ROLE_SUBJECT;
	l->depth = 0;
}

bool rdf_lex_in_iri(const rdf_lex *l)
{
	return l->state == L_IRI;
}

bool rdf_lex_between_terms(const rdf_lex *l)
{
	return l->state == L_NORMAL;
}

bool rdf_lex_in_long_string(const rdf_lex *l)
{
	return l->state == L_LONG || (l->state == L_QUOTE && l->quotes == 2);
}

unsigned long rdf_lex_column(const rdf_lex *l, unsigned long line, unsigned long byte_col)
{
	if (line != l->line || byte_col == 0)
		return byte_col;
	unsigned long col = 0;
	for (size_t i = 0; i < byte_col && i < l->line_bytes.n; i++)
		col += ((unsigned char)l->line_bytes.p[i] & 0xC0) != 0x80;
	return col + (byte_col > l->line_bytes.n ? byte_col - l->line_bytes.n : 0);
}

static void begin(rdf_lex *l, rdf_tok_kind kind)
{
	l->cur.n = 0;
	l->cur_kind = kind;
	l->too_long = false;
}

static void keep(rdf_lex *l, unsigned char c, ixt_pos at)
{
	if (l->cur.n >= IXT_MAX_IRI_BYTES) {
		l->too_long = true;
		return;
	}
	if (l->cur.n == l->cur_cap) {
		size_t cap = l->cur_cap ? l->cur_cap * 2 : 256;
		ixt_pos *p = realloc(l->cur_pos, cap * sizeof *p);
		if (!p) {
			l->too_long = true;
			return;
		}
		l->cur_pos = p;
		l->cur_cap = cap;
	}
	l->cur_pos[l->cur.n] = at;
	if (!ixt_buf_addc(&l->cur, (char)c))
		l->too_long = true;
}

/* A new slot on the stack (the oldest term dropped when it is full). */
static rdf_tok *push(rdf_lex *l)
{
	if (l->n_toks == RDF_MAX_TOKS) {
		rdf_tok oldest = l->toks[0];
		memmove(l->toks, l->toks + 1, (RDF_MAX_TOKS - 1) * sizeof *l->toks);
		l->toks[RDF_MAX_TOKS - 1] = oldest;
		l->n_toks--;
	}
	rdf_tok *t = &l->toks[l->n_toks++];
	t->raw.n = t->text.n = 0;
	t->map_n = 0;
	return t;
}

static bool add_cp(rdf_tok *t, uint32_t cp, ixt_pos at)
{
	if (t->map_n == t->map_cap) {
		size_t cap = t->map_cap ? t->map_cap * 2 : 64;
		ixt_pos *p = realloc(t->map, cap * sizeof *p);
		if (!p)
			return false;
		t->map = p;
		t->map_cap = cap;
	}
	t->map[t->map_n++] = at;
	return ixt_buf_add_cp(&t->text, cp);
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
}

/* UCHAR (Turtle 6.4): \uXXXX or \UXXXXXXXX at p[i]; its length or 0. */
static size_t uchar(const char *p, size_t n, size_t i, uint32_t *cp)
{
	size_t k = i + 1 < n && p[i + 1] == 'u' ? 4 : i + 1 < n && p[i + 1] == 'U' ? 8 : 0;
	if (k == 0 || i + 2 + k > n)
		return 0;
	uint32_t v = 0;
	for (size_t j = 0; j < k; j++) {
		int h = hexval(p[i + 2 + j]);
		if (h < 0)
			return 0;
		v = v << 4 | (uint32_t)h;
	}
	*cp = v;
	return 2 + k;
}

/* The role of the term after one in role R (Turtle 2.2: subject,
 * predicate, object; N-Quads: then the graph). */
static rdf_role next_role(const rdf_lex *l, rdf_role r)
{
	switch (r) {
	case RDF_ROLE_SUBJECT: return RDF_ROLE_PREDICATE;
	case RDF_ROLE_PREDICATE: return RDF_ROLE_OBJECT;
	case RDF_ROLE_OBJECT:
	case RDF_ROLE_DATATYPE: return l->quads && l->depth == 0 ? RDF_ROLE_GRAPH : RDF_ROLE_OBJECT;
	default: return r;
	}
}

static void statement_end(rdf_lex *l)
{
	l->n_dots++;
	l->role = RDF_ROLE_SUBJECT;
	l->depth = 0;
}

/* The term in cur decoded onto a new stack slot. */
static void finish(rdf_lex *l, rdf_tok_kind kind)
{
	if (l->too_long)
		kind = RDF_TOK_TERM;
	rdf_tok *t = push(l);
	t->kind = kind;
	t->role = l->role;
	l->role = next_role(l, l->role);
	const char *p = l->cur.p ? l->cur.p : "";
	size_t n = l->cur.n;
	if (kind == RDF_TOK_PNAME)
		while (n > 0 && p[n - 1] == '.')
			n--;                            /* PN_LOCAL does not end in '.' */
	t->end = n > 0 ? l->cur_pos[n - 1].byte + 1 : l->off;
	if (kind == RDF_TOK_TERM || kind == RDF_TOK_A || !ixt_buf_add(&t->raw, p, n))
		return;
	for (size_t i = 0, len; i < n; i += len) {
		uint32_t cp;
		ixt_pos at = l->cur_pos[i];
		if (p[i] == '\\' && kind == RDF_TOK_IRIREF && (len = uchar(p, n, i, &cp)) > 0) {
		} else if (p[i] == '\\' && kind == RDF_TOK_PNAME && i + 1 < n) {
			cp = ixt_utf8_next(p + i + 1, n - i - 1, &len);
			len++;
		} else {
			cp = ixt_utf8_next(p + i, n - i, &len);
		}
		if (!add_cp(t, cp, at))
			return;
	}
}

/* '[' or '(' opens (the role after its ']' or ')' kept, INSIDE next);
 * ']' or ')' closes. */
static void open_nest(rdf_lex *l, rdf_role inside)
{
	begin(l, RDF_TOK_TERM);
	finish(l, RDF_TOK_TERM);       /* the role after it: the one finish moved on to */
	if (l->depth < RDF_MAX_NEST)
		l->nest[l->depth++] = l->role;
	l->role = inside;
}

static void close_nest(rdf_lex *l)
{
	if (l->depth > 0)
		l->role = l->nest[--l->depth];
}

/* A bare word ended: a prefixed name, the keyword a, a literal, or nothing. */
static void end_word(rdf_lex *l)
{
	const char *p = l->cur.p ? l->cur.p : "";
	size_t n = l->cur.n;
	bool colon = memchr(p, ':', n) != NULL;
	if (n >= 2 && p[0] == '_' && p[1] == ':')
		finish(l, RDF_TOK_TERM);
	else if (colon)
		finish(l, RDF_TOK_PNAME);
	else if (n == 1 && p[0] == 'a')
		finish(l, RDF_TOK_A);
	else if ((n == 4 && memcmp(p, "true", 4) == 0) || (n == 5 && memcmp(p, "false", 5) == 0)
		|| (n > 0 && ((p[0] >= '0' && p[0] <= '9') || p[0] == '+' || p[0] == '-' || p[0] == '.')))
		finish(l, RDF_TOK_TERM);
	else if (l->role == RDF_ROLE_SUBJECT && l->depth == 0 && (n == 6 || n == 4)
		&& strncasecmp(p, n == 6 ? "prefix" : "base", n) == 0)
		l->role = n == 6 ? RDF_ROLE_PREFIX : RDF_ROLE_BASE;   /* SPARQL PREFIX, BASE */
	/* A name or number does not end in '.' (PN_LOCAL, Turtle 6.5): it ends the statement. */
	if (n > 0 && p[n - 1] == '.' && (n < 2 || p[n - 2] != '\\'))
		statement_end(l);
}

static bool word_char(unsigned char c)
{
	return c >= 0x80 || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9')
		|| c == '_' || c == ':' || c == '-' || c == '.' || c == '%' || c == '\\' || c == '+';
}

/* One byte in NORMAL state (also the byte that ended a word or string). */
static void normal(rdf_lex *l, unsigned char c, ixt_pos at)
{
	switch (c) {
	case '#': l->state = L_COMMENT; break;
	case '<': begin(l, RDF_TOK_IRIREF); l->state = L_IRI; break;
	case '"': case '\'': l->quote = c; l->quotes = 1; l->state = L_QUOTE; break;
	case '@':
		if (l->role == RDF_ROLE_SUBJECT && l->depth == 0)
			l->role = RDF_ROLE_PREFIX;  /* a directive; @base when a 'b' follows */
		begin(l, RDF_TOK_TERM);
		l->state = L_AT;
		break;
	case '[': open_nest(l, RDF_ROLE_PREDICATE); break;
	case '(': open_nest(l, RDF_ROLE_OBJECT); break;
	case ']': case ')': close_nest(l); break;
	case '.': statement_end(l); break;
	case ';': l->role = RDF_ROLE_PREDICATE; break;
	case ',': l->role = RDF_ROLE_OBJECT; break;
	case '^': l->role = RDF_ROLE_DATATYPE; break;
	default:
		if (word_char(c) && c != '.') {
			begin(l, RDF_TOK_PNAME);
			keep(l, c, at);
			l->state = L_WORD;
		}
	}
}

static void string_byte(rdf_lex *l, unsigned char c, ixt_pos at)
{
	if (l->state == L_QUOTE) {               /* after 1 or 2 opening quotes */
		if (c == l->quote && l->quotes < 3 && !l->escaped) {
			if (++l->quotes == 3) {
				l->state = L_LONG;
				l->quotes = 0;
			}
			return;
		}
		if (l->quotes == 2) {                /* "" : an empty string */
			begin(l, RDF_TOK_TERM);
			finish(l, RDF_TOK_TERM);
			l->state = L_NORMAL;
			normal(l, c, at);
			return;
		}
		l->state = L_SHORT;
	}
	if (l->escaped) {
		l->escaped = false;
		l->quotes = 0;
		return;
	}
	if (c == '\\') {
		l->escaped = true;
		return;
	}
	if (l->state == L_SHORT && (c == l->quote || c == '\n' || c == '\r')) {
		begin(l, RDF_TOK_TERM);
		finish(l, RDF_TOK_TERM);
		l->state = L_NORMAL;
	} else if (l->state == L_LONG) {
		l->quotes = c == l->quote ? l->quotes + 1 : 0;
		if (l->quotes == 3) {
			begin(l, RDF_TOK_TERM);
			finish(l, RDF_TOK_TERM);
			l->state = L_NORMAL;
		}
	}
}

static void step(rdf_lex *l, unsigned char c, ixt_pos at)
{
	switch (l->state) {
	case L_NORMAL: normal(l, c, at); break;
	case L_COMMENT: if (c == '\n' || c == '\r') l->state = L_NORMAL; break;
	case L_AT:
		if (l->cur.n == 0 && l->role == RDF_ROLE_PREFIX && (c | 0x20) == 'b')
			l->role = RDF_ROLE_BASE;
		keep(l, c, at);
		if (!word_char(c) || c == ':' || c == '.') {
			l->state = L_NORMAL;
			normal(l, c, at);
		}
		break;
	case L_IRI:
		if (c == '>' || c == '\n' || c == '\r') {
			finish(l, RDF_TOK_IRIREF);  /* cut by a line end: kept, serd errs there */
			l->state = L_NORMAL;
		} else {
			keep(l, c, at);
		}
		break;
	case L_WORD:
		if (word_char(c) || (c >= 0x80) || (l->cur.n > 0 && l->cur.p[l->cur.n - 1] == '\\')) {
			keep(l, c, at);
		} else {
			end_word(l);
			l->state = L_NORMAL;
			normal(l, c, at);
		}
		break;
	default: string_byte(l, c, at); break;
	}
}

void rdf_lex_byte(rdf_lex *l, unsigned char c)
{
	/* A continuation byte is placed with its character; a stray one that
	 * starts a line counts as a character (columns are 1-based). */
	bool lead = (c & 0xC0) != 0x80 || l->col == 1;
	if (lead)
		l->lead_colb = (unsigned long)(l->off - l->line_off) + 1;
	ixt_pos at = { l->line, lead ? l->col : l->col - 1, l->off, l->lead_colb };
	step(l, c, at);
	l->off++;
	if (lead)
		l->col++;
	bool crlf = c == '\n' && l->after_cr;  /* CRLF: one break, taken at the CR */
	l->after_cr = c == '\r';
	if (crlf) {
		l->col = 1;
		l->line_off = l->off;
	} else if (c == '\n' || c == '\r') {
		l->end_col = at.column;
		l->end_colb = at.column_byte;
		l->end_off = at.byte;
		l->line++;
		l->col = 1;
		l->line_bytes.n = 0;
		l->line_off = l->off;
	} else if (l->line_bytes.n < 65536) {
		ixt_buf_addc(&l->line_bytes, (char)c);
	}
}

void rdf_lex_end(rdf_lex *l)
{
	if (l->state == L_WORD)
		end_word(l);
	else if (l->state == L_IRI)
		finish(l, RDF_TOK_IRIREF);     /* cut by the end: kept as a line end cuts it */
	l->state = L_NORMAL;
}
