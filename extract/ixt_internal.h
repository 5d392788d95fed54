/* Private to extract/: the context's inside, the document as UTF-8 with the
 * way back to the original bytes, and the helpers every reader shares. */
#ifndef IRIE_IXT_INTERNAL_H
#define IRIE_IXT_INTERNAL_H

#include "extract.h"

#include <stdbool.h>
#include <stdio.h>

/* Bases in scope at once (XML xml:base nesting deeper is cut at this). */
#define IXT_MAX_BASES 16
/* Bytes looked at for NUL bytes and charset declarations. */
#define IXT_SNIFF_BYTES 8192

/* A growable byte buffer; cap IXT_MAX_DOCUMENT_BYTES. */
typedef struct {
	char *p;
	size_t n, cap;
} ixt_buf;

bool ixt_buf_add(ixt_buf *b, const void *bytes, size_t n);
bool ixt_buf_addc(ixt_buf *b, char c);
/* Appends CP as UTF-8 (a surrogate or > U+10FFFF as U+FFFD). */
bool ixt_buf_add_cp(ixt_buf *b, uint32_t cp);
void ixt_buf_free(ixt_buf *b);

/* The piece of the document being read, as UTF-8 (stream.c drives it).
 * Readers see bytes [0, n) and address them by offset in the piece;
 * ixt_locate adds the piece's base (line, column and original offset of
 * u8[0]), so their arithmetic does not know the piece is not the whole.
 * The piece never ends in a CR unless the document does (a CRLF cut by a
 * chunk is one break), nor inside a UTF-8 sequence. */
typedef struct {
	char *u8;              /* n bytes, NUL-terminated; owned */
	size_t n, cap;
	uint32_t *orig;        /* converted: per byte, its character's original offset less
	                          orig_base; NULL: the original offset is orig_base + offset */
	size_t orig_cap;
	uint64_t orig_base;    /* the original offset of u8[0] */
	uint64_t orig_end;     /* the original offset just past the piece */
	size_t *lines;         /* byte offset in u8 of each line's start; lines[0] = 0 */
	size_t n_lines, lines_cap;
	size_t indexed;        /* bytes looked at for line breaks */
	unsigned long line0, col0;  /* line and column (code points) of u8[0] */
	unsigned long colb0;   /* and its column in UTF-8 bytes */
	uint64_t dropped;      /* UTF-8 bytes of the document before the piece */
	size_t c_line, c_off;  /* locate's cache: a known column on a line */
	unsigned long c_col;
} ixt_text;

/* What the input comes from: a stream or bytes in memory. */
typedef struct {
	FILE *f;
	const char *mem;
	size_t mem_n, mem_at;
} ixt_src;

size_t ixt_src_read(ixt_src *s, void *buf, size_t cap);
int ixt_src_getc(ixt_src *s);              /* a byte, or EOF */
bool ixt_src_error(const ixt_src *s);

/* A reader of pieces: open makes its state (NULL: no memory); piece reads
 * x->doc (LAST: the document ends there) and sets *DONE to the bytes at
 * the piece's start it no longer needs (all it has handed out, that no
 * later position refers to); close frees the state.  A reader that needs
 * the whole document sets *DONE to 0 until LAST. */
typedef struct {
	void *(*open)(ixt_ctx *x);
	ixt_result (*piece)(ixt_ctx *x, void *state, bool last, size_t *done);
	void (*close)(ixt_ctx *x, void *state);
} ixt_reader;

/* open and close of a reader that keeps nothing between pieces. */
void *ixt_no_state(ixt_ctx *x);
void ixt_no_state_free(ixt_ctx *x, void *state);

/* Default input chunk (bytes) converted and handed to a reader at a time. */
#define IXT_CHUNK_BYTES ((size_t)256 << 10)

struct ixt_ctx {
	ixt_type type, used_type;
	char *charset;                 /* the option; NULL for UTF-8 */
	char used_charset[64];
	char detail[256];
	ixt_found_fn found;
	ixt_diag_fn diag;
	void *user;
	bool stopped;
	bool empty;                    /* the last document was empty (ixt_last_empty) */
	size_t chunk_bytes;            /* input bytes per piece step (ixt_set_chunk_bytes) */
	char *chunk;                   /* the input buffer of stream.c, kept between documents */
	size_t chunk_cap;
	ixt_text doc;
	/* Scratch for one IRI: the decoded text, a UTF-8 offset per code point, the map. */
	ixt_buf iri;
	size_t *offs;
	size_t offs_n, offs_cap;
	ixt_pos *map;
	size_t map_cap;
	const char *bases[IXT_MAX_BASES];
	size_t n_bases;
};

/* RFC 3986 3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" at the start. */
bool ixt_has_scheme(const char *s, size_t n);
/* Whether S (N bytes, no ':') is a scheme whose IRIs are written without
 * "//" (mailto, urn, tel, data, ...; ctx.c's list), in any case. */
bool ixt_bare_scheme(const char *s, size_t n);
/* Decodes one UTF-8 sequence at s (n > 0 bytes): the code point, or
 * U+FFFD for an ill-formed one; *len gets the bytes used (>= 1). */
uint32_t ixt_utf8_next(const char *s, size_t n, size_t *len);

/* Scratch offsets, one per decoded code point of x->iri, and the end of
 * the raw text just past the last (x->offs[x->offs_n]).  Nothing writes
 * x->offs by hand: these keep the room (offs_cap >= offs_n + 1 once the
 * end is set).  clear empties both x->offs and x->iri; reserve makes room
 * for N entries in all; push appends one; end sets the end (offs_n stays);
 * prepend puts K entries of U8_OFFSET in front, the end moving with the
 * rest (the end must be set). */
void ixt_offs_clear(ixt_ctx *x);
bool ixt_offs_reserve(ixt_ctx *x, size_t n);
bool ixt_offs_push(ixt_ctx *x, size_t u8_offset);
bool ixt_offs_end(ixt_ctx *x, size_t u8_offset);
bool ixt_offs_prepend(ixt_ctx *x, size_t k, size_t u8_offset);
/* Room for n map entries in x->map. */
bool ixt_map_reserve(ixt_ctx *x, size_t n);

/* The original byte offset of UTF-8 offset OFF of the piece (the
 * character's it is in; the piece's end past it). */
uint64_t ixt_doc_orig(ixt_text *t, size_t off);
/* Whether byte I of P (N bytes) ends a line: LF, a lone CR (old Mac
 * files) or the LF of CRLF, so CRLF is one break.  Every reader counts
 * lines by this rule. */
static inline bool ixt_line_break(const char *p, size_t i, size_t n)
{
	return p[i] == '\n' || (p[i] == '\r' && (i + 1 >= n || p[i + 1] != '\n'));
}

/* Where UTF-8 offset OFF of the piece is. */
ixt_pos ixt_locate(ixt_ctx *x, size_t off);
/* Hands one IRI out: F complete but for the bases (taken from x when the
 * reference has no scheme).  Returns false when the reader must stop. */
bool ixt_emit(ixt_ctx *x, ixt_found *f);
/* Piece form: hands out bytes [i0, i1) of the decoded text in
 * x->iri, whose first code point is code point CP0 of it; x->offs holds
 * the document's UTF-8 offset of every code point of x->iri and, just past
 * the last (x->offs[x->offs_n]), where the raw text ends (offsets in the piece).  The raw text
 * runs from the offset of the range's first code point to that of the
 * code point after its last. */
bool ixt_emit_doc_part(ixt_ctx *x, ixt_kind kind, const char *element,
	const char *attribute, size_t i0, size_t i1, size_t cp0);
void ixt_report(ixt_ctx *x, ixt_result code, ixt_pos pos, const char *detail);
void ixt_report_doc(ixt_ctx *x, ixt_result code, size_t off, const char *detail);

/* doc.c: the piece.  clear frees it; add appends N bytes of well-formed
 * UTF-8 that stand at original offset AT on (unconverted); add_cp appends
 * code point CP converted from original offset AT (from then on the piece
 * keeps a map); index finds the line starts of bytes added since; drop
 * forgets the first N bytes (a character's first byte), moving the base on. */
void ixt_doc_clear(ixt_text *t);
/* Empty again for the next document, small buffers kept. */
void ixt_doc_reset(ixt_text *t);
bool ixt_doc_add(ixt_text *t, const char *u8, size_t n, uint64_t at);
bool ixt_doc_add_cp(ixt_text *t, uint32_t cp, uint64_t at);
bool ixt_doc_index(ixt_text *t);
bool ixt_doc_drop(ixt_text *t, size_t n);
/* The declared charset of HTML (meta) or XML (declaration) in the first
 * bytes, into out (cap bytes); false if none. */
bool ixt_sniff_charset(ixt_type type, const char *bytes, size_t n, char *out, size_t cap);
/* Which charset the document is in (BOM, declaration, option), into
 * x->used_charset, from its first bytes. */
void ixt_choose_charset(ixt_ctx *x, const char *bytes, size_t n);

/* stream.c: reads a document through READER in pieces (the first N_HEAD
 * bytes already taken from SRC are HEAD), converting its charset. */
ixt_result ixt_read_pieces(ixt_ctx *x, ixt_src *src, const char *head, size_t n_head,
	const ixt_reader *reader);
/* Tests: input bytes per piece step (0: IXT_CHUNK_BYTES). */
void ixt_set_chunk_bytes(ixt_ctx *x, size_t n);

/* The readers. */
ixt_result ixt_read_text_stream(ixt_ctx *x, ixt_src *src, const char *first, size_t n_first);
ixt_result ixt_read_rdf(ixt_ctx *x, ixt_src *src, const char *bytes, size_t n, const char *first, size_t n_first);
extern const ixt_reader ixt_text_reader, ixt_rdf_reader, ixt_html_reader, ixt_xml_reader,
	ixt_markdown_reader, ixt_json_reader;

/* markup_attr.c: the decoded VALUE (of raw text doc[r0, r1)) into x->iri,
 * each code point's raw offset into x->offs, r1 past the last.  Character
 * and entity references map to their '&'; with BACKSLASH, a backslash
 * escape (CommonMark 2.4) maps to its '\'. */
bool ixt_attr_map(ixt_ctx *x, size_t r0, size_t r1, const char *value, size_t value_n,
	bool backslash);

#endif
