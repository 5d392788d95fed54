/* JSON (and JSON Lines: values one after another) through json-c.
 *
 * json-c checks the document, value by value, and says where it breaks
 * (json_tokener's char_offset): that is reported, and the strings before it
 * are still looked at.  json-c's tree has no places, so the strings are
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

ixt_result ixt_read_json(ixt_ctx *x)
{
	js_state js = { .x = x };
	json_tokener *tok = json_tokener_new();
	if (!tok)
		return IXT_NO_MEMORY;
	size_t at = 0, n = x->doc.n;
	while (at < n && !x->stopped) {
		while (at < n && strchr(" \t\r\n", x->doc.u8[at]))
			at++;
		if (at >= n)
			break;
		json_tokener_reset(tok);
		size_t chunk = n - at > INT32_MAX ? INT32_MAX : n - at;
		json_object *v = json_tokener_parse_ex(tok, x->doc.u8 + at, (int)chunk);
		enum json_tokener_error err = json_tokener_get_error(tok);
		size_t used = (size_t)json_tokener_get_parse_end(tok);
		if (err == json_tokener_continue)
			err = json_tokener_error_parse_eof;
		json_object_put(v);
		if (err != json_tokener_success) {
			scan(&js, at, at + used);
			ixt_report_doc(x, IXT_SYNTAX, at + used, json_tokener_error_desc(err));
			break;
		}
		scan(&js, at, at + used);
		at += used > 0 ? used : 1;
	}
	for (size_t d = 0; d < JS_MAX_DEPTH; d++)
		free(js.keys[d]);
	json_tokener_free(tok);
	return IXT_OK;
}
