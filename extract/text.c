/* Plain text: IRIs as people write them in prose, RFC 3986 Appendix C.
 *
 * A candidate starts with a scheme (RFC 3986 3.1) at a word boundary and
 * is taken when it is delimited by <> (any scheme), or its scheme is followed
 * by "//", or the scheme is one of the few that never use "//" (mailto, urn,
 * ...): "Note:" or "12:30" in prose are not IRIs.  It ends at whitespace
 * (Unicode White_Space), '<', '>', '"', or the line's end.  RFC 3987 allows
 * quotes and punctuation of every script in an IRI, so outside <> the rest
 * is a judgement about prose (Appendix C: "the trailing punctuation ... is
 * not part of the URI"), in this order:
 *   - after an opening quotation mark (Unicode Quotation_Mark: ' « » „ “ ‹
 *     「 ...) it ends at the next one, whichever (languages pair them
 *     differently: «…», »…«, „…“, „…”, “…”, 「…」);
 *   - after an opening bracket (Bidi_Paired_Bracket_Type Open: ( [ （ 【 ...)
 *     it ends at its pair, unless the pair closes one opened inside;
 *   - CJK prose has no spaces, so the ideographic comma and full stops
 *     、 。 ， ｡ ､ end it -- but not 。 ｡ inside the authority, where UTS #46
 *     reads them as a label's dot;
 *   - at its end, punctuation (General_Category Po, Pi, Pf, Pe: . , ; : ! ?
 *     ؟ ، ؛ ۔ … » ” ’ ） ...; of ASCII only . , ; : ! ? ) ] ') is dropped,
 *     one character at a time, unless a closing bracket closes one opened
 *     inside or a quotation mark closes one opened inside (an odd number of
 *     them before it: "q?x='y'" keeps its last ').
 * Inside <> it runs to the '>' on its line, spaces
 * and all: Appendix C drops whitespace from a reference wrapped across
 * lines, but on one line a space is more likely a mistake in the IRI, and
 * kept it gets checked where it stands.  Lines are read one at a time (a line longer than
 * IXT_MAX_LINE_BYTES in pieces; an IRI across a cut is split there). */
#include "ixt_internal.h"

#include <string.h>
#include <unicode/uchar.h>

/* Where the line being scanned is. */
typedef struct {
	const char *p;
	size_t n;
	bool in_doc;           /* positions from x->doc (doc_off) or counted here */
	size_t doc_off;
	unsigned long line, col0;
	uint64_t byte0;
	uint64_t line_byte0;   /* counted here: the original offset of the line's start */
	/* Counted here: an ill-formed unit is one U+FFFD (3 UTF-8 bytes) for
	 * the byte column (extract.h: UTF-8 after conversion); the bytes that
	 * adds in the line's earlier pieces, and whether this piece has any. */
	unsigned long extra0;
	bool has_bad;
} text_line;

static bool scheme_char(unsigned char c)
{
	return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9')
		|| c == '+' || c == '-' || c == '.';
}

static bool white(uint32_t cp)
{
	return cp == ' ' || (cp >= 0x09 && cp <= 0x0D) || cp == 0x85 || cp == 0xA0
		|| cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028
		|| cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

/* Ends a candidate: whitespace, the delimiters of Appendix C, controls,
 * and U+FFFD standing for ill-formed bytes. */
static bool ends(uint32_t cp)
{
	return white(cp) || cp == '<' || cp == '>' || cp == '"' || cp < 0x20 || cp == 0x7F
		|| cp == 0xFFFD;
}

static bool quote_mark(uint32_t cp)
{
	return u_hasBinaryProperty((UChar32)cp, UCHAR_QUOTATION_MARK);
}

/* The closing bracket paired with CP when CP opens one (UAX #9 BD14), else 0. */
static uint32_t bracket_pair(uint32_t cp)
{
	if (u_getIntPropertyValue((UChar32)cp, UCHAR_BIDI_PAIRED_BRACKET_TYPE) != U_BPT_OPEN)
		return 0;
	return (uint32_t)u_getBidiPairedBracket((UChar32)cp);
}

/* CJK sentence commas and full stops; LABEL_DOT: one UTS #46 maps to '.'. */
static bool cjk_stop(uint32_t cp, bool *label_dot)
{
	*label_dot = cp == 0x3002 || cp == 0xFF61;
	return *label_dot || cp == 0x3001 || cp == 0xFF0C || cp == 0xFF64;
}

static bool trailing(uint32_t cp)
{
	if (cp < 0x80)
		return cp == '.' || cp == ',' || cp == ';' || cp == ':' || cp == '!' || cp == '?'
			|| cp == ')' || cp == ']' || cp == '\'';
	int8_t gc = u_charType((UChar32)cp);
	return gc == U_OTHER_PUNCTUATION || gc == U_INITIAL_PUNCTUATION
		|| gc == U_FINAL_PUNCTUATION || gc == U_END_PUNCTUATION;
}

static bool taken_scheme(const char *s, size_t n_scheme, const char *rest, size_t n_rest, bool angled)
{
	return angled || (n_rest >= 2 && rest[0] == '/' && rest[1] == '/') || ixt_bare_scheme(s, n_scheme);
}

/* Whether CP, last in p[s, k), closes a bracket or quotation opened in it. */
static bool closes_inside(const char *p, size_t s, size_t k, uint32_t cp)
{
	uint32_t open = u_getIntPropertyValue((UChar32)cp, UCHAR_BIDI_PAIRED_BRACKET_TYPE) == U_BPT_CLOSE
		? (uint32_t)u_getBidiPairedBracket((UChar32)cp) : 0;
	bool quote = !open && quote_mark(cp);
	long depth = 0;
	for (size_t i = s, len; i < k; i += len) {
		uint32_t c = ixt_utf8_next(p + i, k - i, &len);
		if (open)
			depth += c == open ? 1 : c == cp ? -1 : 0;
		else if (quote && quote_mark(c))
			depth ^= 1;                 /* an odd count: one is open */
	}
	return depth > 0;
}

/* [s, e) shortened by trailing punctuation that closes nothing. */
static size_t trim_end(const char *p, size_t s, size_t e)
{
	while (e > s) {
		size_t k = e - 1;
		while (k > s && ((unsigned char)p[k] & 0xC0) == 0x80)
			k--;
		size_t len;
		uint32_t cp = ixt_utf8_next(p + k, e - k, &len);
		if (!trailing(cp) || closes_inside(p, s, k, cp))
			break;
		e = k;
	}
	return e;
}

/* Where an unbracketed candidate from p[from] ends (file comment): after
 * BEFORE, with its authority from AUTH on (or none when AUTH is 0). */
static size_t prose_end(const text_line *l, size_t from, uint32_t before, size_t auth)
{
	const char *p = l->p;
	bool quoted = before != '"' && quote_mark(before);
	uint32_t close = quoted ? 0 : bracket_pair(before);
	long depth = 0;
	bool in_auth = auth != 0;
	size_t e = from, len;
	for (; e < l->n; e += len) {
		uint32_t cp = ixt_utf8_next(p + e, l->n - e, &len);
		bool label_dot;
		if (ends(cp) || (quoted && quote_mark(cp)))
			break;
		if (close && cp == before)
			depth++;
		else if (close && cp == close && depth-- == 0)
			break;
		if (e >= auth && (cp == '/' || cp == '?' || cp == '#'))
			in_auth = false;
		if (cjk_stop(cp, &label_dot) && !(label_dot && in_auth))
			break;
	}
	return e;
}

/* The UTF-8 bytes ill-formed units before p[i] add (each is a U+FFFD). */
static unsigned long bad_extra(const char *p, size_t i)
{
	unsigned long extra = 0;
	for (size_t k = 0, len; k < i; k += len)
		if (ixt_utf8_next(p + k, i - k, &len) == 0xFFFD && len < 3)
			extra += 3 - len;
	return extra;
}

static ixt_pos line_pos(ixt_ctx *x, const text_line *l, size_t i, unsigned long col)
{
	if (l->in_doc)
		return ixt_locate(x, l->doc_off + i);
	unsigned long colb = (unsigned long)(l->byte0 + i - l->line_byte0) + 1 + l->extra0
		+ (l->has_bad ? bad_extra(l->p, i) : 0);
	ixt_pos p = { l->line, col, l->byte0 + i, colb };
	return p;
}

/* Hands out p[s, e), whose first code point is in column COL. */
static bool emit_text(ixt_ctx *x, const text_line *l, size_t s, size_t e, unsigned long col)
{
	size_t n_cp = 0;
	for (size_t i = s; i < e; i++)
		n_cp += ((unsigned char)l->p[i] & 0xC0) != 0x80;
	if (!ixt_map_reserve(x, n_cp))
		return false;
	size_t k = 0;
	for (size_t i = s; i < e; i++)
		if (((unsigned char)l->p[i] & 0xC0) != 0x80)
			x->map[k] = line_pos(x, l, i, col + k), k++;
	ixt_found f = {
		.pos = x->map[0], .kind = IXT_KIND_TEXT, .raw = l->p + s, .raw_bytes = e - s,
		.iri = l->p + s, .iri_bytes = e - s, .map = x->map, .map_len = n_cp,
	};
	f.byte_end = line_pos(x, l, e, col + k).byte;
	return ixt_emit(x, &f);
}

/* A candidate starting at p[i] (a scheme's first letter): its end, or i. */
static size_t candidate(const text_line *l, size_t i, uint32_t before)
{
	const char *p = l->p;
	size_t j = i;
	while (j < l->n && scheme_char((unsigned char)p[j]))
		j++;
	if (j >= l->n || p[j] != ':' || j == i)
		return i;
	bool angled = before == '<';
	if (!taken_scheme(p + i, j - i, p + j + 1, l->n - j - 1, angled))
		return i;
	size_t e = j + 1, len;
	if (angled) {
		while (e < l->n && !ends(ixt_utf8_next(p + e, l->n - e, &len)))
			e += len;
	} else {
		bool slashes = l->n - j - 1 >= 2 && p[j + 1] == '/' && p[j + 2] == '/';
		e = prose_end(l, j + 1, before, slashes ? j + 3 : 0);
	}
	if (angled && e < l->n && p[e] != '>') {
		size_t k = e;                       /* whitespace inside <...> on the line */
		while (k < l->n && p[k] != '>' && p[k] != '<' && p[k] != '"' && p[k] != '\n'
			&& (unsigned char)p[k] >= 0x20)
			k++;
		if (k < l->n && p[k] == '>')
			e = k;
	}
	if (!angled)
		e = trim_end(p, i, e);
	return e > j + 1 ? e : i;
}

/* Scans one line (or piece) for candidates. */
static bool scan_line(ixt_ctx *x, const text_line *l)
{
	uint32_t before = ' ';
	unsigned long col = l->col0;
	for (size_t i = 0, len; i < l->n; i += len, col++) {
		unsigned char c = (unsigned char)l->p[i];
		uint32_t cp = ixt_utf8_next(l->p + i, l->n - i, &len);
		if (((c | 0x20) >= 'a' && (c | 0x20) <= 'z') && !(before < 0x80 && scheme_char((unsigned char)before))) {
			size_t e = candidate(l, i, before);
			if (e > i) {
				if (!emit_text(x, l, i, e, col))
					return false;
				for (size_t k = i; k < e; k++)
					col += ((unsigned char)l->p[k] & 0xC0) != 0x80;
				col--;
				len = e - i;
				before = (unsigned char)l->p[e - 1];
				continue;
			}
		}
		before = cp;
	}
	return true;
}

static void report_bad(ixt_ctx *x, const text_line *l)
{
	unsigned long col = l->col0;
	for (size_t i = 0, len; i < l->n; i += len, col++)
		if (ixt_utf8_next(l->p + i, l->n - i, &len) == 0xFFFD
			&& !(len == 3 && memcmp(l->p + i, "\xEF\xBF\xBD", 3) == 0)) {
			ixt_report(x, IXT_BAD_TEXT, line_pos(x, l, i, col), "UTF-8");
			return;
		}
}

/* The end of the first line in p (n bytes): its LF, the LF of its CRLF or
 * its lone CR; NULL if none.  A CR last in p is taken as an end: an LF
 * starting the next chunk is then skipped (ixt_line_break's rule). */
static const char *line_end(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] == '\n' || (p[i] == '\r' && (i + 1 >= n || p[i + 1] != '\n')))
			return p + i;
	return NULL;
}

/* A piece of a line in the stream: scanned, its columns counted on. */
static bool stream_piece(ixt_ctx *x, ixt_buf *line, unsigned long ln, unsigned long *col0,
	uint64_t *byte0, uint64_t line_byte0, unsigned long *extra0)
{
	text_line l = { line->p, line->n, false, 0, ln, *col0, *byte0, line_byte0, *extra0, false };
	for (size_t i = 0, len; i < line->n; i += len, ++*col0)
		if (ixt_utf8_next(line->p + i, line->n - i, &len) == 0xFFFD && len < 3)
			l.has_bad = true;   /* as scan_line counts: an ill-formed unit is a column */
	*extra0 += l.has_bad ? bad_extra(line->p, line->n) : 0;
	report_bad(x, &l);
	bool go = scan_line(x, &l);
	*byte0 += line->n;
	line->n = 0;
	return go;
}

static bool continuation(char c)
{
	return ((unsigned char)c & 0xC0) == 0x80;
}

/* How much of p (more than ROOM bytes there) fits a piece of ROOM bytes:
 * cut before a character's first byte, backing up at most 3 bytes (a UTF-8
 * sequence is at most 4 bytes, RFC 3629 section 3); past that the bytes are
 * ill-formed anyway and the cut is at ROOM.  Never 0 when ROOM > 0. */
static size_t cut_at(const char *p, size_t room)
{
	size_t take = room;
	while (room - take < 3 && take > 1 && continuation(p[take]))
		take--;
	return continuation(p[take]) ? room : take;
}

ixt_result ixt_read_text_stream(ixt_ctx *x, ixt_src *src, const char *first, size_t n_first)
{
	ixt_buf line = { 0 };
	char chunk[65536];
	size_t want = x->chunk_bytes && x->chunk_bytes < sizeof chunk ? x->chunk_bytes : sizeof chunk;
	const char *p = first;
	size_t n = n_first;
	unsigned long ln = 1, col0 = 1;
	uint64_t byte0 = 0, line_byte0 = 0;     /* the line's start, for byte columns */
	unsigned long extra0 = 0;               /* and what U+FFFDs add to them */
	bool after_cr = false;                  /* the last line ended in CR */
	ixt_result r = IXT_OK;
	if (n >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3, n -= 3, byte0 = line_byte0 = 3;   /* a BOM is not text */
	for (;;) {
		if (memchr(p, '\0', n)) {
			r = IXT_BINARY;
			break;
		}
		while (n > 0 && !x->stopped) {
			if (after_cr && p[0] == '\n') {  /* CRLF cut by a chunk: one break */
				p++, n--, byte0++, line_byte0++;
				after_cr = false;
				continue;
			}
			const char *nl = line_end(p, n);
			size_t take = nl ? (size_t)(nl - p) + 1 : n;
			bool cut = line.n + take > IXT_MAX_LINE_BYTES;
			if (cut)
				take = cut_at(p, IXT_MAX_LINE_BYTES - line.n);
			if (!ixt_buf_add(&line, p, take)) {
				r = IXT_NO_MEMORY;
				goto done;
			}
			p += take, n -= take;
			if (cut) {                      /* a full piece: scanned now, always */
				ixt_pos at = { ln, col0, byte0, (unsigned long)(byte0 - line_byte0) + 1 + extra0 };
				ixt_report(x, IXT_TOO_LONG, at, NULL);
				stream_piece(x, &line, ln, &col0, &byte0, line_byte0, &extra0);
			} else if (nl) {
				after_cr = *nl == '\r';
				stream_piece(x, &line, ln, &col0, &byte0, line_byte0, &extra0);
				ln++, col0 = 1, line_byte0 = byte0, extra0 = 0;
			}
		}
		if (x->stopped || (n = ixt_src_read(src, chunk, want)) == 0)
			break;
		p = chunk;
	}
	if (r == IXT_OK && line.n > 0 && !x->stopped)
		stream_piece(x, &line, ln, &col0, &byte0, line_byte0, &extra0);
	if (r == IXT_OK && ixt_src_error(src))
		r = IXT_IO;
done:
	ixt_buf_free(&line);
	return r;
}

/* Converted text in pieces (stream.c): complete lines are scanned, a line
 * the piece cuts waits for the next one; a line longer than
 * IXT_MAX_LINE_BYTES is scanned in pieces of that many bytes, as the byte
 * stream above does. */
static ixt_result text_piece(ixt_ctx *x, void *state, bool last, size_t *done)
{
	(void)state;
	ixt_text *t = &x->doc;
	size_t ln = 0, s = 0;
	for (; ln < t->n_lines && !x->stopped; ln++) {
		s = t->lines[ln];
		size_t e = ln + 1 < t->n_lines ? t->lines[ln + 1] : t->n;
		while (e - s > IXT_MAX_LINE_BYTES && !x->stopped) {
			size_t take = cut_at(t->u8 + s, IXT_MAX_LINE_BYTES);
			ixt_report(x, IXT_TOO_LONG, ixt_locate(x, s), NULL);
			text_line l = { t->u8 + s, take, true, s, 0, 1, 0, 0, 0, false };
			scan_line(x, &l);
			s += take;
		}
		if (ln + 1 == t->n_lines && !last)
			break;                          /* the line goes on in the next piece */
		text_line l = { t->u8 + s, e - s, true, s, 0, 1, 0, 0, 0, false };
		if (!scan_line(x, &l))
			break;
		s = e;
	}
	*done = s;
	return IXT_OK;
}

const ixt_reader ixt_text_reader = { ixt_no_state, text_piece, ixt_no_state_free };
