/* Private to extract/: the context's inside, the document as UTF-8 with the
 * way back to the original bytes, and the helpers every reader shares. */
#ifndef IRIE_IXT_INTERNAL_H
#define IRIE_IXT_INTERNAL_H

#include "extract.h"

#include <stdbool.h>

/* Bases in scope at once (XML xml:base nesting deeper is cut at this). */
#define IXT_MAX_BASES 16
/* Code points, and UTF-8 bytes, per index entry of orig.c. */
#define IXT_ORIG_BLOCK 64
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

/* orig.c: a converted document's original byte offsets, about a byte per
 * code point.  new (HINT_CPS: room to start with); add gives the next code
 * point's original offset, in order; finish the end's and indexes the
 * UTF-8 (U8, N bytes) made; of: the original offset of UTF-8 offset OFF
 * (the character's it is in; END past the last); u8_at: the UTF-8 offset of
 * the first code point at original offset AT or after.  NULL is safe to free. */
typedef struct ixt_orig ixt_orig;
ixt_orig *ixt_orig_new(size_t hint_cps);
void ixt_orig_free(ixt_orig *o);
bool ixt_orig_add(ixt_orig *o, uint32_t at);
bool ixt_orig_finish(ixt_orig *o, const char *u8, size_t n, uint32_t end);
uint64_t ixt_orig_of(ixt_orig *o, const char *u8, size_t n, size_t off);
size_t ixt_orig_u8_at(ixt_orig *o, const char *u8, size_t n, uint64_t at);

/* The document as UTF-8 (whole-document readers). */
typedef struct {
	const char *u8;        /* n bytes, NUL-terminated (points into own or the caller's bytes) */
	size_t n;
	char *own;
	ixt_orig *orig;        /* converted documents: the way back (orig.c); NULL: offset + shift */
	size_t shift;          /* a UTF-8 BOM skipped */
	size_t *lines;         /* byte offset in u8 of each line's start */
	size_t n_lines;
	size_t c_line, c_off;  /* locate's cache: a known column on a line */
	unsigned long c_col;
} ixt_text;

struct ixt_ctx {
	ixt_type type, used_type;
	char *charset;                 /* the option; NULL for UTF-8 */
	char used_charset[64];
	char detail[256];
	ixt_found_fn found;
	ixt_diag_fn diag;
	void *user;
	bool stopped;
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

/* The original byte offset of UTF-8 offset OFF of the document (the
 * character's it is in; the document's end past it). */
uint64_t ixt_doc_orig(ixt_text *t, size_t off);
/* Whether byte I of P (N bytes) ends a line: LF, a lone CR (old Mac
 * files) or the LF of CRLF, so CRLF is one break.  Every reader counts
 * lines by this rule. */
static inline bool ixt_line_break(const char *p, size_t i, size_t n)
{
	return p[i] == '\n' || (p[i] == '\r' && (i + 1 >= n || p[i + 1] != '\n'));
}

/* Where UTF-8 offset OFF of the document is. */
ixt_pos ixt_locate(ixt_ctx *x, size_t off);
/* Hands one IRI out: F complete but for the bases (taken from x when the
 * reference has no scheme).  Returns false when the reader must stop. */
bool ixt_emit(ixt_ctx *x, ixt_found *f);
/* Whole-document form: hands out bytes [i0, i1) of the decoded text in
 * x->iri, whose first code point is code point CP0 of it; x->offs holds
 * the document's UTF-8 offset of every code point of x->iri and, just past
 * the last (x->offs[x->offs_n]), where the raw text ends.  The raw text
 * runs from the offset of the range's first code point to that of the
 * code point after its last. */
bool ixt_emit_doc_part(ixt_ctx *x, ixt_kind kind, const char *element,
	const char *attribute, size_t i0, size_t i1, size_t cp0);
void ixt_report(ixt_ctx *x, ixt_result code, ixt_pos pos, const char *detail);
void ixt_report_doc(ixt_ctx *x, ixt_result code, size_t off, const char *detail);

/* doc.c: the whole document in (bytes copied or borrowed), charset found
 * (x->used_type steers the sniffing) and converted, lines indexed. */
ixt_result ixt_doc_load(ixt_ctx *x, const char *bytes, size_t n, bool borrow);
void ixt_doc_clear(ixt_text *t);
/* The declared charset of HTML (meta) or XML (declaration) in the first
 * bytes, into out (cap bytes); false if none. */
bool ixt_sniff_charset(ixt_type type, const char *bytes, size_t n, char *out, size_t cap);

/* The readers. */
ixt_result ixt_read_text_stream(ixt_ctx *x, FILE *f, const char *first, size_t n_first);
ixt_result ixt_read_text_doc(ixt_ctx *x);
ixt_result ixt_read_rdf(ixt_ctx *x, FILE *f, const char *bytes, size_t n, const char *first, size_t n_first);
ixt_result ixt_read_markup(ixt_ctx *x, bool html);
ixt_result ixt_read_markdown(ixt_ctx *x);
ixt_result ixt_read_json(ixt_ctx *x);

/* markup_attr.c: the decoded VALUE (of raw text doc[r0, r1)) into x->iri,
 * each code point's raw offset into x->offs, r1 past the last.  Character
 * and entity references map to their '&'; with BACKSLASH, a backslash
 * escape (CommonMark 2.4) maps to its '\'. */
bool ixt_attr_map(ixt_ctx *x, size_t r0, size_t r1, const char *value, size_t value_n,
	bool backslash);

#endif
