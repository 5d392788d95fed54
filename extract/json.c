/* JSON (and JSON Lines: values one after another) through json-c.
 *
 * json-c checks the document, value by value, and says where it breaks
 * (json_tokener's char_offset): that is reported, and the strings before it
 * are still looked at; after it, JSON Lines go on at the next line, and a
 * single document is only scanned for strings (see broken()).  json-c's tree has no places, so the strings are
 * found in the bytes by a small lexer (RFC 8259 7: '"', escapes, '"'),
 * which also knows the member each string belongs to.  A string value is
 * taken when it looks like an absolute IRI: a scheme (RFC 3986 3.1), ':',
 * at least one more character, no whitespace (app checks the rest).
 * Member names are never taken. */
#include "ixt_internal.h"

#include <json-c/json.h>
#include <string.h>

/* Nesting kept for member names (deeper values get the deepest kept). */
#define JS_MAX_DEPTH 256

typedef struct {
	ixt_ctx *x;
	char *keys[JS_MAX_DEPTH];      /* the member name per depth (decoded), or NULL */
	size_t depth;
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

static bool looks_absolute(const char *s, size_t n)
{
	if (!ixt_has_scheme(s, n))
		return false;
	const char *colon = memchr(s, ':', n);
	if ((size_t)(colon - s) + 1 >= n)
		return false;
	for (size_t i = 0, len; i < n; i += len) {
		uint32_t cp = ixt_utf8_next(s + i, n - i, &len);
		if (cp <= ' ' || cp == 0x85 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A)
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

/* The strings of doc[s, e). */
static void scan(js_state *js, size_t s, size_t e)
{
	const char *p = js->x->doc.u8;
	for (size_t i = s; i < e && !js->x->stopped; i++) {
		char c = p[i];
		if (c == '{' || c == '[') {
			if (++js->depth <= JS_MAX_DEPTH) {
				free(js->keys[js->depth - 1]);
				js->keys[js->depth - 1] = NULL;
			}
		} else if ((c == '}' || c == ']') && js->depth > 0) {
			if (js->depth <= JS_MAX_DEPTH) {
				free(js->keys[js->depth - 1]);
				js->keys[js->depth - 1] = NULL;
			}
			js->depth--;
		} else if (c == '"') {
			size_t after = string_at(js->x, i, e), k = after;
			while (k < e && (p[k] == ' ' || p[k] == '\t' || p[k] == '\n' || p[k] == '\r'))
				k++;
			if (k < e && p[k] == ':')
				set_key(js);
			else if (looks_absolute(js->x->iri.p, js->x->iri.n))
				ixt_emit_doc_part(js->x, IXT_KIND_JSON_STRING, NULL, member(js), 0, js->x->iri.n, 0);
			i = after - 1;
		}
	}
}

/* The offset after the line break at or after OFF (the document's end if
 * none): a string never holds a raw line break (RFC 8259 7), so the bytes
 * there are outside strings. */
static size_t next_line(const ixt_ctx *x, size_t off)
{
	for (size_t i = off; i < x->doc.n; i++)
		if (ixt_line_break(x->doc.u8, i, x->doc.n))
			return i + 1;
	return x->doc.n;
}

/* Is OFF inside a string?  Its line's quotes before it (escapes skipped)
 * are counted: a string does not cross a line. */
static bool in_string(const ixt_ctx *x, size_t off)
{
	size_t i = off;
	while (i > 0 && !ixt_line_break(x->doc.u8, i - 1, x->doc.n))
		i--;
	bool inside = false;
	for (; i < off; i++) {
		if (inside && x->doc.u8[i] == '\\')
			i++;
		else if (x->doc.u8[i] == '"')
			inside = !inside;
	}
	return inside;
}

static size_t skip_space(const ixt_ctx *x, size_t at)
{
	while (at < x->doc.n && strchr(" \t\r\n", x->doc.u8[at]))
		at++;
	return at;
}

/* Is doc[at, ...) a whole value on its own line?  (JSON Lines' shape.) */
static bool value_line(const ixt_ctx *x, json_tokener *tok, size_t at)
{
	at = skip_space(x, at);
	size_t e = next_line(x, at);
	if (at >= e || e - at > INT32_MAX)
		return false;
	json_tokener_reset(tok);
	json_object *v = json_tokener_parse_ex(tok, x->doc.u8 + at, (int)(e - at));
	bool whole = json_tokener_get_error(tok) == json_tokener_success
		&& skip_space(x, at + (size_t)json_tokener_get_parse_end(tok)) >= e;
	json_object_put(v);
	return whole;
}

/* Value by value; a value breaks at ERR_AT.  JSON Lines (the broken value
 * starts its line and breaks on it, and the value before it was on one
 * line or a whole value follows on the next line): the broken line is
 * reported and reading goes on at the next line.  Else json-c cannot go on
 * (it has no recovery): the rest is only scanned for strings, from the
 * error on (from the next line when it is inside a string) -- best effort,
 * nesting and member names may be wrong. */
typedef struct {
	size_t values;                  /* values read */
	bool last_multi_line;           /* the last one read went over more than one line */
} js_lines;

static bool is_json_lines(const ixt_ctx *x, json_tokener *tok, const js_lines *jl,
	size_t at, size_t err_at)
{
	if ((at > 0 && !ixt_line_break(x->doc.u8, at - 1, x->doc.n)))
		return false;
	size_t e = next_line(x, at);
	if (err_at >= e && !(err_at == x->doc.n && e == x->doc.n))
		return false;
	return (jl->values > 0 && !jl->last_multi_line) || (e < x->doc.n && value_line(x, tok, e));
}

static void broken(js_state *js, json_tokener *tok, js_lines *jl, size_t *at, size_t err_at,
	const char *desc)
{
	ixt_ctx *x = js->x;
	bool lines = is_json_lines(x, tok, jl, *at, err_at);
	/* json-c's own words only: app words the code (extract.h, ixt_diag);
	 * how reading goes on is said in extract.h and the man page. */
	ixt_report_doc(x, IXT_SYNTAX, err_at, desc);
	*at = next_line(x, err_at);
	if (lines) {
		js->depth = 0;
		return;
	}
	scan(js, in_string(x, err_at) ? *at : err_at, x->doc.n);
	*at = x->doc.n;
}

static ixt_result ixt_read_json(ixt_ctx *x)
{
	js_state js = { .x = x };
	js_lines jl = { 0, false };
	json_tokener *tok = json_tokener_new();
	if (!tok)
		return IXT_NO_MEMORY;
	size_t at = 0, n = x->doc.n;
	while (at < n && !x->stopped) {
		if ((at = skip_space(x, at)) >= n)
			break;
		json_tokener_reset(tok);
		size_t chunk = n - at > INT32_MAX ? INT32_MAX : n - at;
		json_object *v = json_tokener_parse_ex(tok, x->doc.u8 + at, (int)chunk);
		enum json_tokener_error err = json_tokener_get_error(tok);
		size_t used = (size_t)json_tokener_get_parse_end(tok);
		if (err == json_tokener_continue)
			err = json_tokener_error_parse_eof;
		json_object_put(v);
		scan(&js, at, at + used);
		if (err != json_tokener_success) {
			broken(&js, tok, &jl, &at, at + used, json_tokener_error_desc(err));
			continue;
		}
		jl.values++;
		jl.last_multi_line = next_line(x, at) < at + used;
		at += used > 0 ? used : 1;
	}
	for (size_t d = 0; d < JS_MAX_DEPTH; d++)
		free(js.keys[d]);
	json_tokener_free(tok);
	return IXT_OK;
}

/* TEMP whole */
static void *whole_open(ixt_ctx *x)
{
	return x;
}

static void whole_close(ixt_ctx *x, void *state)
{
	(void)x, (void)state;
}

static ixt_result js_piece(ixt_ctx *x, void *state, bool last, size_t *done)
{
	(void)state;
	*done = 0;
	return last ? ixt_read_json(x) : IXT_OK;
}

const ixt_reader ixt_json_reader = { whole_open, js_piece, whole_close };
