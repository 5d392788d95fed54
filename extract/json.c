/* JSON (and JSON Lines: values one after another) through json-c, in
 * pieces.
 *
 * json-c checks the document, value by value, fed piece by piece
 * (json_tokener_parse_ex keeps its state; the members and elements it has
 * finished are dropped from its tree as it goes, prune()), and says where
 * it breaks (json_tokener's char_offset): that is reported, and the strings
 * before it are still looked at; after it, JSON Lines go on at the next
 * line, and a single document is only scanned for strings (js_error).
 * json-c's tree has no places, so the strings are found in the bytes by a
 * small lexer (RFC 8259 7: '"', escapes, '"'), which also knows the member
 * each string belongs to and keeps its key stack across pieces; a string a
 * piece cuts is read again from its quote with the next.
 *
 * A string value is taken when it is an IRI a person meant, not any text
 * with a colon (configurations are full of "D:\\data", "en:US",
 * "localhost:8080", "std::vector", "Note: x"): a scheme (RFC 3986 3.1) of
 * two or more characters (one letter is a Windows drive), ':', then "//"
 * (an authority: http, ftp, file, git+ssh, ...) or, for the few schemes
 * written without it (ixt_bare_scheme: mailto, urn, tel, data, ...), at
 * least one more character; no whitespace and no backslash anywhere (a
 * Windows path; RFC 3986 has no '\').  JSON-LD's "@id" and "@context"
 * IRIs are taken; its compact IRIs ("schema:name") and npm's shorthands
 * ("github:user/repo") are not, having neither.  app checks the rest.
 * Member names are never taken. */
#include "ixt_internal.h"

#include <json-c/json.h>
#include <string.h>

/* Nesting kept for member names (deeper values get the deepest kept). */
#define JS_MAX_DEPTH 256

/* A string longer than this (bytes as written) is skipped, not decoded. */
#define JS_MAX_STRING ((size_t)1 << 20)
/* JSON Lines after an error: lines looked at up to this many bytes ahead. */
#define JS_MAX_LOOK ((size_t)1 << 20)
#define JS_NONE UINT64_MAX

enum { JS_START, JS_VALUE, JS_ERROR, JS_SCAN };

/* Offsets named "at" are the document's (UTF-8); "rel" the piece's. */
typedef struct {
	ixt_ctx *x;
	char *keys[JS_MAX_DEPTH];      /* the member name per depth (decoded), or NULL */
	size_t depth;
	json_tokener *tok;
	int mode;
	uint64_t at;                   /* START: from here; VALUE: given to json-c up to here */
	uint64_t lexed;                /* the lexer has seen the strings before this */
	bool in_str;                   /* the lexer's last string was cut where it was told to end */
	bool skip_str, skip_esc;       /* inside a string too long to decode; after its backslash */
	bool skip_line;                /* SCAN: from the next line on */
	uint64_t vstart, v_break;      /* the value's start, the first line break at or after it */
	bool vstart_bol;               /* the value starts its line */
	size_t values;                 /* values read */
	bool last_multi_line;          /* the last one read went over more than one line */
	uint64_t err_at;
	const char *err_desc;
} js_state;

static int hex4(const char *p)
{
	int v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		int h = c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
		if (h < 0)
			return -1;
		v = v << 4 | h;
	}
	return v;
}

/* Decodes the string whose opening quote is p[i] into x->iri / x->offs;
 * returns the offset after the closing quote. */
static size_t string_at(ixt_ctx *x, size_t i, size_t end)
{
	const char *p = x->doc.u8;
	static const char esc_from[] = "\"\\/bfnrt", esc_to[] = "\"\\/\b\f\n\r\t";
	ixt_offs_clear(x);
	size_t j = i + 1, len;
	while (j < end && p[j] != '"') {
		uint32_t cp;
		size_t at = j;
		if (p[j] == '\\' && j + 1 < end) {
			const char *e = strchr(esc_from, p[j + 1]);
			if (p[j + 1] == 'u' && j + 6 <= end && hex4(p + j + 2) >= 0) {
				cp = (uint32_t)hex4(p + j + 2);
				len = 6;
				if (cp >= 0xD800 && cp <= 0xDBFF && j + 12 <= end && p[j + 6] == '\\'
					&& p[j + 7] == 'u' && hex4(p + j + 8) >= 0xDC00 && hex4(p + j + 8) <= 0xDFFF) {
					cp = 0x10000 + ((cp - 0xD800) << 10) + ((uint32_t)hex4(p + j + 8) - 0xDC00);
					len = 12;
				}
			} else {
				cp = e && p[j + 1] ? (uint32_t)(unsigned char)esc_to[e - esc_from] : (unsigned char)p[j + 1];
				len = 2;
			}
		} else {
			cp = ixt_utf8_next(p + j, end - j, &len);
		}
		if (!ixt_offs_push(x, at) || !ixt_buf_add_cp(&x->iri, cp))
			break;
		j += len;
	}
	if (!ixt_offs_end(x, j))                    /* where the raw text ends */
		x->offs_n = 0;                          /* no room: nothing to hand out */
	return j < end ? j + 1 : end;
}

/* The rule in the file comment. */
static bool looks_absolute(const char *s, size_t n)
{
	if (!ixt_has_scheme(s, n))
		return false;
	size_t scheme = (size_t)((const char *)memchr(s, ':', n) - s), rest = n - scheme - 1;
	bool slashes = rest >= 2 && s[scheme + 1] == '/' && s[scheme + 2] == '/';
	if (scheme < 2 || rest == 0 || (!slashes && !ixt_bare_scheme(s, scheme)))
		return false;
	for (size_t i = 0, len; i < n; i += len) {
		uint32_t cp = ixt_utf8_next(s + i, n - i, &len);
		if (cp <= ' ' || cp == '\\' || cp == 0x85 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A)
			|| cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000)
			return false;
	}
	return true;
}

static void set_key(js_state *js)
{
	if (js->depth == 0 || js->depth > JS_MAX_DEPTH)
		return;
	char **slot = &js->keys[js->depth - 1];
	free(*slot);
	*slot = strndup(js->x->iri.p ? js->x->iri.p : "", js->x->iri.n);
}

static const char *member(const js_state *js)
{
	for (size_t d = js->depth < JS_MAX_DEPTH ? js->depth : JS_MAX_DEPTH; d > 0; d--)
		if (js->keys[d - 1])
			return js->keys[d - 1];
	return NULL;
}

static size_t rel(const js_state *js, uint64_t at)
{
	uint64_t d = js->x->doc.dropped;
	return at <= d ? 0 : (size_t)(at - d);
}

static uint64_t abs_at(const js_state *js, size_t off)
{
	return js->x->doc.dropped + off;
}

/* The end of the string whose quote is p[i]: its closing quote, or E. */
static size_t string_end(const char *p, size_t i, size_t e)
{
	size_t j = i + 1;
	while (j < e && p[j] != '"')
		j += p[j] == '\\' ? 2 : 1;
	return j < e ? j : e;
}

/* Skips a string too long to decode, from p[i] on; returns where it stopped. */
static size_t skip_string(js_state *js, const char *p, size_t i, size_t e)
{
	for (; i < e; i++) {
		if (js->skip_esc)
			js->skip_esc = false;
		else if (p[i] == '\\')
			js->skip_esc = true;
		else if (p[i] == '"') {
			js->skip_str = false;
			return i + 1;
		}
	}
	return e;
}

static void open_close(js_state *js, char c)
{
	if (c == '{' || c == '[') {
		if (++js->depth <= JS_MAX_DEPTH) {
			free(js->keys[js->depth - 1]);
			js->keys[js->depth - 1] = NULL;
		}
	} else if (js->depth > 0) {
		if (js->depth <= JS_MAX_DEPTH) {
			free(js->keys[js->depth - 1]);
			js->keys[js->depth - 1] = NULL;
		}
		js->depth--;
	}
}

/* The strings of piece[s, e).  Unless FINAL (the value or the document
 * ends at E), a string E cuts, or one whose ':' may come after E, is left
 * for the next piece: returns where the lexer stopped. */
static size_t lex(js_state *js, size_t s, size_t e, bool final)
{
	const char *p = js->x->doc.u8;
	size_t i = s;
	js->in_str = false;
	if (js->skip_str)
		i = skip_string(js, p, i, e);
	for (; i < e && !js->x->stopped; i++) {
		char c = p[i];
		if (c == '{' || c == '[' || c == '}' || c == ']') {
			open_close(js, c);
			continue;
		}
		if (c != '"')
			continue;
		size_t close = string_end(p, i, e);
		if ((close < e ? close : e) - i > JS_MAX_STRING) {
			if (ixt_has_scheme(p + i + 1, e - i - 1 < 64 ? e - i - 1 : 64))
				ixt_report_doc(js->x, IXT_TOO_LONG, i + 1, NULL);
			js->skip_str = true, js->skip_esc = false;
			i = skip_string(js, p, i + 1, e) - 1;
			continue;
		}
		size_t k = close + 1;
		while (k < e && (p[k] == ' ' || p[k] == '\t' || p[k] == '\n' || p[k] == '\r'))
			k++;
		if (!final && k >= e)
			break;                          /* its end, or what follows it, is not here yet */
		size_t after = string_at(js->x, i, e);
		js->in_str = close >= e;
		if (k < e && p[k] == ':')
			set_key(js);
		else if (looks_absolute(js->x->iri.p, js->x->iri.n))
			ixt_emit_doc_part(js->x, IXT_KIND_JSON_STRING, NULL, member(js), 0, js->x->iri.n, 0);
		i = after - 1;
	}
	if (i > e)
		i = e;
	js->lexed = abs_at(js, i);
	return i;
}

/* The first line break in piece[s, e), or E. */
static size_t find_break(const ixt_ctx *x, size_t s, size_t e)
{
	for (size_t i = s; i < e; i++)
		if ((x->doc.u8[i] == '\n' || x->doc.u8[i] == '\r') && ixt_line_break(x->doc.u8, i, x->doc.n))
			return i;
	return e;
}

static size_t skip_space(const ixt_ctx *x, size_t at)
{
	while (at < x->doc.n && strchr(" \t\r\n", x->doc.u8[at]))
		at++;
	return at;
}

/* json-c builds the value as it reads it: the members and elements it has
 * finished are dropped from the containers it is in (nothing refers to
 * them again), so its memory stays that of the unfinished ones.  The
 * tokener's stack has max_depth entries (meson.build checks the fields). */
static void prune(json_tokener *tok)
{
	for (int d = 0; d <= tok->depth && d < tok->max_depth; d++) {
		json_object *c = tok->stack[d].current;
		if (json_object_is_type(c, json_type_array) && json_object_array_length(c) > 0) {
			json_object_array_del_idx(c, 0, json_object_array_length(c));
		} else if (json_object_is_type(c, json_type_object)) {
			struct lh_table *t = json_object_get_object(c);
			while (t && t->head)
				json_object_object_del(c, (const char *)lh_entry_k(t->head));
		}
	}
}

static bool js_start(js_state *js, bool last)
{
	ixt_ctx *x = js->x;
	size_t p = skip_space(x, rel(js, js->at));
	js->at = abs_at(js, p);
	if (p >= x->doc.n)
		return false;                       /* more to come, or the end */
	(void)last;
	json_tokener_reset(js->tok);
	js->vstart = js->lexed = js->at;
	js->vstart_bol = js->at == 0 || (p > 0 && ixt_line_break(x->doc.u8, p - 1, x->doc.n));
	js->v_break = JS_NONE;
	js->mode = JS_VALUE;
	return true;
}

static bool js_value(js_state *js, bool last)
{
	ixt_ctx *x = js->x;
	size_t r = rel(js, js->at), n = x->doc.n;
	if (r >= n && !last)
		return false;
	json_object *v = json_tokener_parse_ex(js->tok, x->doc.u8 + r, (int)(n - r));
	enum json_tokener_error err = json_tokener_get_error(js->tok);
	size_t end = r + json_tokener_get_parse_end(js->tok);
	if (js->v_break == JS_NONE && find_break(x, r, end) < end)
		js->v_break = abs_at(js, find_break(x, r, end));
	if (err == json_tokener_continue && !last) {
		prune(js->tok);
		lex(js, rel(js, js->lexed), n, false);
		js->at = abs_at(js, n);
		return false;
	}
	if (err == json_tokener_continue)
		err = json_tokener_error_parse_eof;
	json_object_put(v);
	lex(js, rel(js, js->lexed), end, true);
	if (err != json_tokener_success) {
		js->err_at = abs_at(js, end);
		js->err_desc = json_tokener_error_desc(err);
		js->mode = JS_ERROR;
		return true;
	}
	js->values++;
	js->last_multi_line = js->v_break != JS_NONE && js->v_break + 1 < abs_at(js, end);
	js->at = abs_at(js, end) > js->vstart ? abs_at(js, end) : js->vstart + 1;
	js->mode = JS_START;
	return true;
}

/* The first line break at or after piece offset FROM within JS_MAX_LOOK
 * bytes of the error: 1 found (*b), 0 none (the document ends first or it
 * is further than that), -1 not known yet. */
static int look_break(js_state *js, size_t from, bool last, size_t *b)
{
	size_t n = js->x->doc.n, limit = rel(js, js->err_at) + JS_MAX_LOOK;
	*b = find_break(js->x, from, n < limit ? n : limit);
	if (*b < (n < limit ? n : limit))
		return 1;
	*b = n;
	return n >= limit || last ? 0 : -1;
}

/* Is the broken value a JSON Line?  It starts its line and breaks on it,
 * and the value before it was on one line or a whole value follows on the
 * next line.  -1: not known yet (the lines after it are not here). */
static int is_json_lines(js_state *js, bool last)
{
	ixt_ctx *x = js->x;
	size_t n = x->doc.n, b;
	if (!js->vstart_bol)
		return 0;
	if (js->v_break == JS_NONE) {
		int k = look_break(js, rel(js, js->err_at), last, &b);
		if (k < 0)
			return -1;
		if (k > 0)
			js->v_break = abs_at(js, b);
		else if (!last)
			return 0;                           /* a line longer than JS_MAX_LOOK */
	}
	uint64_t doc_end = last ? abs_at(js, n) : JS_NONE;
	uint64_t e = js->v_break == JS_NONE ? doc_end : js->v_break + 1;
	if (js->err_at >= e && !(js->err_at == doc_end && e == doc_end))
		return 0;
	if (js->values > 0 && !js->last_multi_line)
		return 1;
	if (e == doc_end)
		return 0;
	size_t q = skip_space(x, rel(js, e));       /* a whole value on the next line? */
	int k = q >= n ? (last ? 0 : -1) : look_break(js, q, last, &b);
	if (k < 0 || q >= n)
		return k;
	size_t e2 = k > 0 ? b + 1 : n;
	if (k == 0 && !last)
		return 0;
	json_tokener_reset(js->tok);
	json_object *v = json_tokener_parse_ex(js->tok, x->doc.u8 + q, (int)(e2 - q));
	bool whole = json_tokener_get_error(js->tok) == json_tokener_success
		&& skip_space(x, q + (size_t)json_tokener_get_parse_end(js->tok)) >= e2;
	json_object_put(v);
	return whole;
}

/* A value broke at err_at.  JSON Lines: the line is reported and reading
 * goes on at the next line.  Else json-c cannot go on (it has no
 * recovery): the rest is only scanned for strings, from the error on (from
 * the next line when it is inside a string) -- best effort, nesting and
 * member names may be wrong. */
static bool js_error(js_state *js, bool last)
{
	int lines = is_json_lines(js, last);
	if (lines < 0)
		return false;
	/* json-c's own words only: app words the code (extract.h, ixt_diag);
	 * how reading goes on is said in extract.h and the man page. */
	ixt_report_doc(js->x, IXT_SYNTAX, rel(js, js->err_at), js->err_desc);
	if (lines) {
		js->depth = 0;
		js->at = js->v_break == JS_NONE ? abs_at(js, js->x->doc.n) : js->v_break + 1;
		js->mode = JS_START;
	} else {
		js->lexed = js->err_at;
		js->skip_line = js->in_str;
		js->mode = JS_SCAN;
	}
	return true;
}

static bool js_scan(js_state *js, bool last)
{
	ixt_ctx *x = js->x;
	size_t r = rel(js, js->lexed), n = x->doc.n;
	if (js->skip_line) {
		size_t b = find_break(x, r, n);
		if (b >= n) {
			js->lexed = abs_at(js, n);
			return false;
		}
		js->skip_line = false;
		r = b + 1;
	}
	lex(js, r, n, last);
	return false;
}

static void *js_open(ixt_ctx *x)
{
	js_state *js = calloc(1, sizeof *js);
	if (js && !(js->tok = json_tokener_new())) {
		free(js);
		return NULL;
	}
	if (js)
		js->x = x;
	return js;
}

static void js_close(ixt_ctx *x, void *state)
{
	js_state *js = state;
	(void)x;
	for (size_t d = 0; d < JS_MAX_DEPTH; d++)
		free(js->keys[d]);
	json_tokener_free(js->tok);
	free(js);
}

static ixt_result js_piece(ixt_ctx *x, void *state, bool last, size_t *done)
{
	js_state *js = state;
	for (bool more = true; more && !x->stopped;)
		more = js->mode == JS_START ? js_start(js, last) : js->mode == JS_VALUE ? js_value(js, last)
			: js->mode == JS_ERROR ? js_error(js, last) : js_scan(js, last);
	size_t keep = rel(js, js->lexed);
	if (js->mode == JS_START)                   /* the byte before the next value: does it start a line? */
		keep = rel(js, js->at) > 0 ? rel(js, js->at) - 1 : 0;
	else if (js->mode == JS_ERROR && rel(js, js->err_at) < keep)
		keep = rel(js, js->err_at);
	*done = keep;
	return IXT_OK;
}

const ixt_reader ixt_json_reader = { js_open, js_piece, js_close };
