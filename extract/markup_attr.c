/* Attribute values back onto the document's bytes: a start tag lexed from
 * its '<' (HTML 13.2.5.32-38's attribute states, simplified: a name, '=',
 * a quoted or bare value), and a decoded value (libxml2's) walked beside
 * its raw text so that every code point gets the place it came from. */
#include "markup.h"

#include <string.h>
#include <strings.h>

static bool space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

bool mk_lex_tag(const char *p, size_t n, size_t at, mk_tag *tag)
{
	size_t i = at + 1;
	tag->n_attrs = 0;
	while (i < n && !space(p[i]) && p[i] != '/' && p[i] != '>')
		i++;
	tag->name_end = i;
	for (;;) {
		while (i < n && (space(p[i]) || p[i] == '/'))
			if (p[i] == '/' && i + 1 < n && p[i + 1] == '>')
				break;
			else
				i++;
		if (i >= n)
			return false;
		if (p[i] == '>' || p[i] == '/') {
			tag->end = i;
			return true;
		}
		mk_attr a = { i, i, 0, 0, false };
		while (i < n && !space(p[i]) && p[i] != '/' && p[i] != '>' && (p[i] != '=' || i == a.name))
			i++;
		a.name_end = i;
		size_t j = i;
		while (j < n && space(p[j]))
			j++;
		if (j < n && p[j] == '=') {
			j++;
			while (j < n && space(p[j]))
				j++;
			a.has_value = true;
			if (j < n && (p[j] == '"' || p[j] == '\'')) {
				const char *q = memchr(p + j + 1, p[j], n - j - 1);
				if (!q)
					return false;
				a.value = j + 1;
				a.value_end = (size_t)(q - p);
				i = a.value_end + 1;
			} else {
				a.value = j;
				while (j < n && !space(p[j]) && p[j] != '>')
					j++;
				a.value_end = i = j;
			}
		}
		if (tag->n_attrs < MK_MAX_ATTRS)
			tag->attrs[tag->n_attrs++] = a;
	}
}

static bool name_char(char c)
{
	return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9')
		|| c == '_' || c == '-' || c == '.' || c == ':' || (unsigned char)c >= 0x80;
}

/* An entity or character reference at p[r] ('&'): its end, or r. */
static size_t reference(const char *p, size_t r, size_t r1, bool *numeric, uint32_t *cp)
{
	size_t i = r + 1;
	*numeric = i < r1 && p[i] == '#';
	*cp = 0;
	if (*numeric) {
		bool hex = ++i < r1 && (p[i] | 0x20) == 'x';
		size_t d0 = i += hex;
		for (; i < r1; i++) {
			int v = p[i] >= '0' && p[i] <= '9' ? p[i] - '0'
				: hex && (p[i] | 0x20) >= 'a' && (p[i] | 0x20) <= 'f' ? (p[i] | 0x20) - 'a' + 10 : -1;
			if (v < 0)
				break;
			if (*cp < 0x110000)
				*cp = *cp * (hex ? 16 : 10) + (uint32_t)v;
		}
		if (i == d0)
			return r;
		return i < r1 && p[i] == ';' ? i + 1 : i;
	}
	while (i < r1 && name_char(p[i]))
		i++;
	return i > r + 1 && i < r1 && p[i] == ';' ? i + 1 : r;
}

static uint32_t predefined(const char *name, size_t n)
{
	static const struct { const char *name; uint32_t cp; } table[] = {
		{ "amp", '&' }, { "lt", '<' }, { "gt", '>' }, { "quot", '"' }, { "apos", '\'' },
	};
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (strlen(table[i].name) == n && memcmp(table[i].name, name, n) == 0)
			return table[i].cp;
	return 0;
}

/* How many code points of value[d...] an unknown named entity made: up to
 * where the value goes on with the raw text after it. */
static size_t entity_cps(const char *v, size_t vn, size_t d, const char *seg, size_t seg_n)
{
	size_t k = 0;
	for (size_t i = d, len; i < vn; i += len) {
		ixt_utf8_next(v + i, vn - i, &len);
		k++;
		size_t rest = vn - i - len;
		if (seg_n == 0 ? rest == 0 : (rest >= seg_n && memcmp(v + i + len, seg, seg_n) == 0))
			return k;
	}
	return 1;
}

bool ixt_attr_map(ixt_ctx *x, size_t r0, size_t r1, const char *value, size_t value_n,
	bool backslash)
{
	const char *p = x->doc.u8;
	size_t r = r0, d = 0, len;
	ixt_offs_clear(x);
	if (!ixt_buf_add(&x->iri, value, value_n))
		return false;
	while (d < value_n) {
		uint32_t cp = ixt_utf8_next(value + d, value_n - d, &len);
		size_t take = 1, next = r < r1 ? r + 1 : r;
		bool numeric;
		uint32_t ref;
		size_t e = r < r1 && p[r] == '&' ? reference(p, r, r1, &numeric, &ref) : r;
		if (backslash && r + 1 < r1 && p[r] == '\\' && p[r + 1] > ' ' && p[r + 1] < 0x7F
			&& !((p[r + 1] | 0x20) >= 'a' && (p[r + 1] | 0x20) <= 'z')
			&& !(p[r + 1] >= '0' && p[r + 1] <= '9') && (uint32_t)p[r + 1] == cp) {
			next = r + 2;                   /* CommonMark 2.4: an escaped punctuation mark */
		} else if (e > r && numeric) {
			next = e;
		} else if (e > r && predefined(p + r + 1, e - r - 2) == cp) {
			next = e;
		} else if (e > r && cp != '&') {
			const char *amp = memchr(p + e, '&', r1 - e);
			take = entity_cps(value, value_n, d, p + e, amp ? (size_t)(amp - p) - e : r1 - e);
			next = e;
		} else if (r < r1) {
			ixt_utf8_next(p + r, r1 - r, &next);
			next += r;
			if (p[r] == '\r' && next < r1 && p[next] == '\n')
				next++;                     /* XML 2.11: CR LF is one line end */
		}
		for (size_t k = 0; k < take && d < value_n; k++) {
			if (!ixt_offs_push(x, r < r1 ? r : (r1 > r0 ? r1 - 1 : r0)))
				return false;
			ixt_utf8_next(value + d, value_n - d, &len);
			d += len;
		}
		r = next;
	}
	return ixt_offs_end(x, r1);                 /* the end, kept past the last */
}

/* HTML "parse a srcset attribute" (4.8.4.3.10), the URL part: candidates
 * split at whitespace and commas, a URL's trailing commas cut, descriptors
 * (with parentheses) skipped.  Calls back with byte ranges of x->iri. */
bool mk_srcset(ixt_ctx *x, bool (*each)(void *, size_t, size_t), void *user)
{
	const char *v = x->iri.p ? x->iri.p : "";
	size_t n = x->iri.n, i = 0;
	while (i < n) {
		while (i < n && (space(v[i]) || v[i] == ','))
			i++;
		if (i >= n)
			break;
		size_t s = i;
		while (i < n && !space(v[i]))
			i++;
		size_t e = i;
		bool commas = false;
		while (e > s && v[e - 1] == ',')
			e--, commas = true;
		if (e > s && !each(user, s, e))
			return false;
		if (commas)
			continue;
		int paren = 0;
		for (; i < n && (paren > 0 || v[i] != ','); i++)
			paren += v[i] == '(' ? 1 : v[i] == ')' && paren > 0 ? -1 : 0;
	}
	return true;
}

bool mk_emit_part(ixt_ctx *x, ixt_kind kind, const char *element, const char *attribute,
	size_t i0, size_t i1)
{
	const char *v = x->iri.p;
	while (i0 < i1 && space(v[i0]))
		i0++;
	while (i1 > i0 && space(v[i1 - 1]))
		i1--;
	if (i1 == i0)
		return true;                        /* an empty value names nothing */
	size_t cp0 = 0;
	for (size_t i = 0; i < i0; i++)
		cp0 += ((unsigned char)v[i] & 0xC0) != 0x80;
	return ixt_emit_doc_part(x, kind, element, attribute, i0, i1, cp0);
}

static bool part_each(void *user, size_t i0, size_t i1)
{
	const mk_part *pt = user;
	return mk_emit_part(pt->x, pt->kind, pt->element, pt->attribute, i0, i1);
}

bool mk_emit_value(const mk_part *part, mk_attr_role role)
{
	ixt_ctx *x = part->x;
	size_t s, e;
	if (role == MK_SRCSET)
		return mk_srcset(x, part_each, (void *)part);
	if (role == MK_URLS)
		return mk_url_list(x, part_each, (void *)part);
	if (role != MK_REFRESH)
		return part_each((void *)part, 0, x->iri.n);
	return !mk_refresh_url(x->iri.p, x->iri.n, &s, &e) || part_each((void *)part, s, e);
}

bool mk_url_list(ixt_ctx *x, bool (*each)(void *, size_t, size_t), void *user)
{
	const char *v = x->iri.p ? x->iri.p : "";
	for (size_t i = 0, n = x->iri.n; i < n;) {
		while (i < n && space(v[i]))
			i++;
		size_t s = i;
		while (i < n && !space(v[i]))
			i++;
		if (i > s && !each(user, s, i))
			return false;
	}
	return true;
}

/* HTML 7.11.1 "shared declarative refresh steps": a time (digits, dots),
 * then ';' or ',' and white space, an optional "url=", an optional quote
 * that ends the URL where it comes again. */
bool mk_refresh_url(const char *v, size_t n, size_t *s, size_t *e)
{
	size_t i = 0;
	while (i < n && space(v[i]))
		i++;
	while (i < n && ((v[i] >= '0' && v[i] <= '9') || v[i] == '.'))
		i++;
	while (i < n && space(v[i]))
		i++;
	if (i < n && (v[i] == ';' || v[i] == ','))
		i++;
	while (i < n && space(v[i]))
		i++;
	size_t k = i;
	if (n - k >= 3 && strncasecmp(v + k, "url", 3) == 0) {
		k += 3;
		while (k < n && space(v[k]))
			k++;
		if (k < n && v[k] == '=') {
			for (k++; k < n && space(v[k]); k++)
				;
			i = k;
		}
	}
	char quote = i < n && (v[i] == '"' || v[i] == '\'') ? v[i++] : 0;
	const char *q = quote ? memchr(v + i, quote, n - i) : NULL;
	*s = i;
	*e = q ? (size_t)(q - v) : n;
	while (*e > *s && space(v[*e - 1]))
		(*e)--;
	return *e > *s;
}

/* Attributes that hold URLs (HTML's URL-valued attributes among them;
 * itemid is microdata's, HTML 5.2.4). */
static const char *const url_attrs[] = {
	"href", "src", "action", "cite", "data", "poster", "formaction", "background",
	"longdesc", "usemap", "manifest", "codebase", "itemid",
};

#define RDF_NS "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

mk_attr_role mk_role(const char *qname, const char *ns_uri, bool html)
{
	if (strcasecmp(qname, "srcset") == 0)
		return MK_SRCSET;
	if (strcasecmp(qname, "ping") == 0 || strcasecmp(qname, "itemtype") == 0)
		return MK_URLS;                     /* HTML 4.6.5, 5.2.2: URLs apart by spaces */
	if (html && strncasecmp(qname, "xlink:", 6) == 0)
		qname += 6;                         /* SVG in HTML: xlink:href as written */
	if (!html && (strcmp(qname, "xmlns") == 0 || strncmp(qname, "xmlns:", 6) == 0))
		return MK_NAMESPACE;
	if (!html && strcmp(qname, "xml:base") == 0)
		return MK_XML_BASE;
	const char *local = html ? qname : strrchr(qname, ':');
	local = local && !html ? local + 1 : qname;
	for (size_t i = 0; i < sizeof url_attrs / sizeof url_attrs[0]; i++)
		if (html ? strcasecmp(local, url_attrs[i]) == 0 : strcmp(local, url_attrs[i]) == 0)
			return MK_URL;
	if (ns_uri && strcmp(ns_uri, RDF_NS) == 0 && (strcmp(local, "about") == 0
		|| strcmp(local, "resource") == 0 || strcmp(local, "datatype") == 0))
		return MK_URL;
	return MK_NONE;
}
