/* Private to extract/: where the terms of a Turtle, N-Triples or N-Quads
 * document are.  serd parses (prefixes, base, statements, errors); this
 * lexer sees the same bytes as serd, one at a time, and keeps the terms not
 * yet claimed by a serd event on a stack, each with its place and the
 * place of every code point.  rdf.c matches serd's nodes to them. */
#ifndef IRIE_RDF_LEX_H
#define IRIE_RDF_LEX_H

#include "ixt_internal.h"

typedef enum {
	RDF_TOK_IRIREF,   /* <...>: raw without the brackets, text with \u escapes decoded */
	RDF_TOK_PNAME,    /* prefix:local: text with local escapes (\-) undone, trailing '.' cut */
	RDF_TOK_A,        /* the keyword a (rdf:type) */
	RDF_TOK_TERM,     /* a literal, number, boolean, blank node label, '[' or '(' */
} rdf_tok_kind;

/* The place a term seems to have in its statement, by counting (Turtle
 * 2.2-2.5: subject, predicate, object; ';' starts a predicate, ',' an
 * object, '^^' a datatype; N-Quads' fourth term is the graph).  Only for
 * terms of a statement serd could not read, which it gives no role. */
typedef enum {
	RDF_ROLE_SUBJECT,
	RDF_ROLE_PREDICATE,
	RDF_ROLE_OBJECT,
	RDF_ROLE_DATATYPE,
	RDF_ROLE_GRAPH,
	RDF_ROLE_PREFIX,      /* @prefix / PREFIX: the name, then the namespace IRI */
	RDF_ROLE_BASE,        /* @base / BASE */
} rdf_role;

typedef struct {
	rdf_tok_kind kind;
	ixt_buf raw;
	ixt_buf text;
	ixt_pos *map;          /* per code point of text; byte is the UTF-8 stream offset */
	size_t map_n, map_cap;
	uint64_t end;          /* stream offset after raw */
	rdf_role role;
} rdf_tok;

#define RDF_MAX_TOKS 64
/* '[' and '(' nested deeper than this lose their roles (best effort). */
#define RDF_MAX_NEST 8

typedef struct {
	int state;
	unsigned char quote;   /* the string's quote character */
	int quotes;            /* quotes seen in a row (strings) */
	bool escaped;          /* the previous byte was a backslash in a string */
	bool too_long;
	bool after_cr;         /* the previous byte was a CR (a line break) */
	rdf_tok_kind cur_kind;
	ixt_buf cur;           /* the term being read, as written */
	ixt_pos *cur_pos;      /* the place of each byte of cur */
	size_t cur_cap;
	rdf_tok toks[RDF_MAX_TOKS];
	size_t n_toks;         /* terms not yet claimed, oldest first */
	unsigned long line, col;
	unsigned long lead_colb;   /* the byte column of the last character's first byte */
	uint64_t off;          /* bytes seen */
	ixt_buf line_bytes;    /* the current line so far (capped), for serd's byte columns */
	uint64_t line_off;
	unsigned long end_col, end_colb;  /* where the last line break was (columns, byte) */
	uint64_t end_off;
	unsigned long n_dots;  /* statement ends seen: '.' outside terms, a word's last '.' */
	bool quads;            /* N-Quads: a term after the object is the graph */
	rdf_role role;         /* the next term's */
	rdf_role nest[RDF_MAX_NEST];   /* the role after each open '[' or '(' */
	size_t depth;
} rdf_lex;

void rdf_lex_init(rdf_lex *l, uint64_t first_offset);
void rdf_lex_free(rdf_lex *l);
void rdf_lex_byte(rdf_lex *l, unsigned char c);
/* Ends a term the input's end cuts. */
void rdf_lex_end(rdf_lex *l);
/* Back to reading terms, none kept, a new statement next (serd starts
 * again after a syntax error). */
void rdf_lex_reset(rdf_lex *l);
/* The term being read starts a new statement (a directive's when
 * DIRECTIVE); the terms kept are dropped. */
void rdf_lex_new_statement(rdf_lex *l, bool directive);
/* Whether the lexer is inside an IRIREF; inside a long string (where a
 * line may start with anything). */
bool rdf_lex_in_iri(const rdf_lex *l);
/* Whether the next byte is outside every term and comment. */
bool rdf_lex_between_terms(const rdf_lex *l);
bool rdf_lex_in_long_string(const rdf_lex *l);
/* The code point column of byte column BYTE_COL (1-based) on line LINE,
 * when it is the current line; BYTE_COL otherwise. */
unsigned long rdf_lex_column(const rdf_lex *l, unsigned long line, unsigned long byte_col);

#endif
