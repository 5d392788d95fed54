/* ixt: the extraction layer -- the bytes of a document in, every IRI (or IRI
 * reference) found in it out, each with its place in the document.
 *
 * extract/ knows nothing of core: it finds and decodes, it does not judge.
 * A reference is handed out as written (raw), as meant (iri: entities,
 * escapes and prefixed names undone) and, when relative, with the bases in
 * scope; app resolves it with core (RFC 3986 5.2) and checks it.
 *
 * Units: LINE is 1-based, a line ending at LF, CRLF (one break) or a lone
 * CR (old Mac files); COLUMN is 1-based in code points of the document's line (after
 * charset conversion: one code point per character of the original
 * charset; ixt_pos also gives it in UTF-8 bytes); BYTE offsets are 0-based in the document's ORIGINAL bytes, so a
 * writer can replace [byte, byte_end) in the file.  Strings handed out are
 * UTF-8, not NUL-terminated unless said (a length always comes with them);
 * the one exception is the raw text of a Turtle IRIREF read as a stream,
 * which is the bytes as written and may be ill-formed (its iri has U+FFFD
 * there): app sanitises before printing.
 *
 * Memory stays flat however long the document: every type is read in
 * pieces.  Text, Turtle, N-Triples and N-Quads in UTF-8 as a byte stream (a
 * line, or serd's one byte of look-ahead, at a time); everything else in
 * chunks, converted to UTF-8 as they come (ICU, a character cut by a chunk
 * held by the converter), each reader keeping only what it still needs: a
 * line of text; HTML and XML what libxml2's push parser has not read past
 * (a start tag whole; HTML also what follows the last '>', and the first
 * 1 MiB while a <base href> may
 * come, which then applies to links before it too -- one further on
 * applies from where it stands); a Markdown top-level block (of a list or
 * block quote, an item or block; one over 4 MiB is reported as
 * IXT_TOO_LONG where it starts and read as it stands); a JSON string (one over 1 MiB is skipped, IXT_TOO_LONG when it
 * starts like an IRI).  Turtle, N-Triples and N-Quads in another charset
 * are the exception: serd's statements refer back to terms any distance
 * before them, so the converted document is held whole.  What is held at
 * once is capped at IXT_MAX_DOCUMENT_BYTES.  In a document read in
 * chunks, the first ill-formed place in its charset (IXT_BAD_TEXT) is
 * reported at the document's end (text in UTF-8: on each line holding one).
 *
 * After a Turtle syntax error serd is started again at the next statement:
 * the rest of the broken one is read past (by the term lexer, not serd) up
 * to its '.' outside terms and comments, or to a line that starts with a
 * term in its first column (as people lay Turtle out), whichever comes
 * first; the prefixes and base stay.  N-Triples and N-Quads go on at the
 * next line.  The terms of the broken statement are still handed out, with
 * the role their place suggests; one mistake is one IXT_SYNTAX (serd's
 * second words at the same place are not repeated).
 *
 * After a JSON syntax error (json-c cannot resume), JSON Lines go on at
 * the next line; in a single document the rest (from the next line when
 * the error is inside a string) is only scanned for string values that look like absolute IRIs (best
 * effort: member names may be wrong).  The error's detail says which.
 *
 * Ownership: an ixt_ctx comes from ixt_new() and goes with ixt_free()
 * (NULL is safe); it owns everything it hands out.  The ixt_found and
 * ixt_diag given to a callback, and every pointer in them, are borrowed
 * for the duration of that call only.  Paths and names passed in are read
 * during the call only.  Nothing here prints, exits or keeps global state;
 * one context must not be used from two threads at once. */
#ifndef IRIE_EXTRACT_H
#define IRIE_EXTRACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The most a read holds at once (UTF-8 bytes): the largest unit a reader
 * needs whole (a start tag, a Markdown block, a JSON string; a converted
 * Turtle document) -- not the document, which may be any length.  A read
 * whose unit grows past it ends with IXT_TOO_LONG. */
#define IXT_MAX_DOCUMENT_BYTES ((size_t)256 << 20)
/* A text line longer than this is scanned in pieces of this many bytes. */
#define IXT_MAX_LINE_BYTES ((size_t)1 << 20)
/* IRIs longer than this (bytes, as written) are reported as IXT_TOO_LONG. */
#define IXT_MAX_IRI_BYTES ((size_t)64 << 10)

typedef struct ixt_ctx ixt_ctx;

typedef enum {
	IXT_OK = 0,
	IXT_BAD_ARGUMENT,    /* NULL context or path, unknown type */
	IXT_NO_MEMORY,
	IXT_IO,              /* the file could not be opened or read (detail: strerror) */
	IXT_IS_DIRECTORY,
	IXT_TOO_LONG,        /* a unit held whole, a line or an IRI exceeds its cap */
	IXT_BINARY,          /* NUL bytes or mostly ill-formed text: not a text document, skipped
	                      * (detail: the charset when ill-formed in it, "" for NUL bytes) */
	IXT_BAD_TEXT,        /* ill-formed bytes in the charset (read on as U+FFFD) */
	IXT_BAD_CHARSET,     /* the charset named (option, meta, declaration) is unknown */
	IXT_SYNTAX,          /* the document's syntax is broken here (detail: the parser's words) */
	IXT_STOPPED,         /* the found callback asked to stop */
} ixt_result;

/* The enumerator's name ("IXT_SYNTAX"), for logs and tests; app translates.
 * Unknown values give "IXT_UNKNOWN".  Static. */
const char *ixt_result_name(ixt_result r);

typedef enum {
	IXT_TYPE_AUTO = 0,
	IXT_TYPE_TEXT,
	IXT_TYPE_HTML,
	IXT_TYPE_XML,
	IXT_TYPE_TURTLE,
	IXT_TYPE_NTRIPLES,
	IXT_TYPE_NQUADS,
	IXT_TYPE_MARKDOWN,
	IXT_TYPE_JSON,
} ixt_type;

/* "auto", "text", "html", ... (the --type values).  Static; NULL if unknown. */
const char *ixt_type_name(ixt_type t);
/* The type named NAME (as ixt_type_name spells it); IXT_BAD_ARGUMENT if none. */
ixt_result ixt_type_from_name(const char *name, ixt_type *out);
/* --type=auto: by the name's extension first (.html .htm .xhtml .xml .svg
 * .rdf .ttl .nt .nq .md .markdown .json .jsonld .txt), then by the first
 * bytes (HEAD, N of them: "<?xml", "<!doctype html", "<html", "@prefix",
 * "{" or "["; Markdown when a line holds an inline link "[...](dest)"),
 * text otherwise.  NAME may be NULL. */
ixt_type ixt_type_guess(const char *name, const unsigned char *head, size_t n);

/* Where an IRI was found. */
typedef enum {
	IXT_KIND_TEXT = 0,     /* plain text (RFC 3986 Appendix C) */
	IXT_KIND_ATTRIBUTE,    /* HTML/XML attribute: element and attribute set */
	IXT_KIND_SRCSET,       /* one URL of an HTML srcset attribute */
	IXT_KIND_NAMESPACE,    /* XML xmlns / xmlns:p declaration */
	IXT_KIND_BASE,         /* <base href>, xml:base, Turtle @base / BASE */
	IXT_KIND_PREFIX,       /* Turtle @prefix / PREFIX namespace IRI */
	IXT_KIND_SUBJECT,      /* RDF statement positions */
	IXT_KIND_PREDICATE,
	IXT_KIND_OBJECT,
	IXT_KIND_DATATYPE,
	IXT_KIND_GRAPH,
	IXT_KIND_MD_LINK,      /* Markdown inline link destination */
	IXT_KIND_MD_IMAGE,     /* Markdown image destination */
	IXT_KIND_MD_AUTOLINK,  /* Markdown <scheme:...> or <user@host> autolink */
	IXT_KIND_MD_REFERENCE, /* Markdown link reference definition [label]: dest */
	IXT_KIND_JSON_STRING,  /* a JSON string value that looks like an absolute IRI */
} ixt_kind;

/* "text", "attribute", "srcset", "namespace", "base", "prefix", "subject",
 * "predicate", "object", "datatype", "graph", "md-link", "md-image",
 * "md-autolink", "md-reference", "json-string".  Static; "unknown" else. */
const char *ixt_kind_name(ixt_kind k);

/* A place in the document (units above).  COLUMN_BYTE is the same column
 * in bytes: 1 + the UTF-8 bytes of the line before the character (after
 * charset conversion, so a Shift_JIS line counts as an editor that read
 * it into UTF-8 does; vim's quickfix %c).  Both say where the character
 * starts. */
typedef struct {
	unsigned long line;
	unsigned long column;
	uint64_t byte;
	unsigned long column_byte;
} ixt_pos;

typedef struct {
	ixt_pos pos;              /* the IRI's first character as written (after '<' or a quote) */
	uint64_t byte_end;        /* original byte offset just after the raw text */
	ixt_kind kind;
	const char *element;      /* NUL-terminated; markup: the element; NULL otherwise */
	const char *attribute;    /* NUL-terminated; markup: the attribute; JSON: the member name or NULL */
	const char *raw;          /* the text as written (entities, escapes kept) */
	size_t raw_bytes;
	const char *iri;          /* the IRI it means (decoded, prefixed name expanded) */
	size_t iri_bytes;
	/* Bases in scope when the reference is relative (no scheme), outermost
	 * first, each NUL-terminated and as written (Turtle's are already
	 * resolved by serd, so at most one); resolve iri against the last,
	 * resolved against the one before, and so on.  0 when absolute or no
	 * base is known. */
	const char *const *bases;
	size_t n_bases;
	/* One entry per code point of iri: where it came from.  Code points
	 * from an entity or escape map to its first character ('&', '\\', '%'
	 * is not decoded); a prefixed name's namespace part maps to the
	 * prefixed name's first character. */
	const ixt_pos *map;
	size_t map_len;
} ixt_found;

typedef struct {
	ixt_result code;          /* IXT_SYNTAX, IXT_BAD_TEXT, IXT_BINARY, IXT_BAD_CHARSET, IXT_TOO_LONG, ... */
	ixt_pos pos;              /* line 0 when the problem has no place (a whole file) */
	/* NUL-terminated, or NULL: the parser's own English words (serd,
	 * libxml2, json-c; "undefined prefix"), the charset for IXT_BAD_TEXT.
	 * Not a message: app words the code and may quote this after it. */
	const char *detail;
} ixt_diag;

/* Callbacks: found returns 0 to go on, anything else stops the document
 * (the read returns IXT_STOPPED).  Either may be NULL. */
typedef int (*ixt_found_fn)(void *user, const ixt_found *found);
typedef void (*ixt_diag_fn)(void *user, const ixt_diag *diag);

/* A context with type auto, no charset override, no callbacks; NULL if
 * memory is short.  The caller owns it. */
ixt_ctx *ixt_new(void);
/* Releases the context and all it holds.  NULL is safe. */
void ixt_free(ixt_ctx *x);

ixt_result ixt_set_type(ixt_ctx *x, ixt_type type);
/* The charset used when the document does not say (HTML meta, XML
 * declaration, BOM); NULL or "" for UTF-8.  The name is checked when a
 * document is read (IXT_BAD_CHARSET then).  Copied. */
ixt_result ixt_set_charset(ixt_ctx *x, const char *name);
void ixt_set_callbacks(ixt_ctx *x, ixt_found_fn found, ixt_diag_fn diag, void *user);

/* Reads one document and calls the callbacks for it, in document order
 * (Turtle: in serd's statement order).  NAME (may be NULL) is used for the
 * type guess only.  Returns IXT_OK when the document was read to its end
 * (problems inside it went to the diag callback and reading went on);
 * otherwise why it was not (IXT_IO, IXT_IS_DIRECTORY, IXT_BINARY,
 * IXT_BAD_CHARSET, IXT_TOO_LONG, IXT_NO_MEMORY, IXT_STOPPED), not also
 * given to the diag callback.  ixt_detail() then says more (strerror). */
ixt_result ixt_read_file(ixt_ctx *x, const char *path);
ixt_result ixt_read_stream(ixt_ctx *x, FILE *f, const char *name);
ixt_result ixt_read_bytes(ixt_ctx *x, const void *bytes, size_t n_bytes, const char *name);

/* The type the last read used (the guess, for auto). */
ixt_type ixt_last_type(const ixt_ctx *x);
/* The charset the last read used ("UTF-8", "Shift_JIS", ...).  Borrowed
 * until the next read. */
const char *ixt_last_charset(const ixt_ctx *x);
/* Whether the last document read was empty: no bytes, a byte order mark
 * alone, or nothing but ASCII white space (space, tab, CR, LF) when read
 * as UTF-8.  An empty document of any type is read without a word: no
 * IRIs, nothing reported, IXT_OK (XML's "no root element" is not said). */
bool ixt_last_empty(const ixt_ctx *x);
/* More about the last read's failure (strerror text), "" if none.  Borrowed. */
const char *ixt_detail(const ixt_ctx *x);

#endif
