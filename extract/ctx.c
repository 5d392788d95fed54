/* The context, names of things, reading a document (type, stream or whole),
 * and handing IRIs and diagnostics out. */
#include "ixt_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

const char *ixt_result_name(ixt_result r)
{
	static const char *const names[] = {
		[IXT_OK] = "IXT_OK", [IXT_BAD_ARGUMENT] = "IXT_BAD_ARGUMENT",
		[IXT_NO_MEMORY] = "IXT_NO_MEMORY", [IXT_IO] = "IXT_IO",
		[IXT_IS_DIRECTORY] = "IXT_IS_DIRECTORY", [IXT_TOO_LONG] = "IXT_TOO_LONG",
		[IXT_BINARY] = "IXT_BINARY", [IXT_BAD_TEXT] = "IXT_BAD_TEXT",
		[IXT_BAD_CHARSET] = "IXT_BAD_CHARSET", [IXT_SYNTAX] = "IXT_SYNTAX",
		[IXT_STOPPED] = "IXT_STOPPED",
	};
	if ((unsigned)r < sizeof names / sizeof names[0] && names[r])
		return names[r];
	return "IXT_UNKNOWN";
}

static const char *const type_names[] = {
	[IXT_TYPE_AUTO] = "auto", [IXT_TYPE_TEXT] = "text", [IXT_TYPE_HTML] = "html",
	[IXT_TYPE_XML] = "xml", [IXT_TYPE_TURTLE] = "turtle",
	[IXT_TYPE_NTRIPLES] = "ntriples", [IXT_TYPE_NQUADS] = "nquads",
	[IXT_TYPE_MARKDOWN] = "markdown", [IXT_TYPE_JSON] = "json",
};
#define N_TYPES (sizeof type_names / sizeof type_names[0])

const char *ixt_type_name(ixt_type t)
{
	return (unsigned)t < N_TYPES ? type_names[t] : NULL;
}

ixt_result ixt_type_from_name(const char *name, ixt_type *out)
{
	for (size_t i = 0; name && i < N_TYPES; i++)
		if (strcmp(name, type_names[i]) == 0) {
			if (out)
				*out = (ixt_type)i;
			return IXT_OK;
		}
	return IXT_BAD_ARGUMENT;
}

const char *ixt_kind_name(ixt_kind k)
{
	static const char *const names[] = {
		[IXT_KIND_TEXT] = "text", [IXT_KIND_ATTRIBUTE] = "attribute",
		[IXT_KIND_SRCSET] = "srcset", [IXT_KIND_NAMESPACE] = "namespace",
		[IXT_KIND_BASE] = "base", [IXT_KIND_PREFIX] = "prefix",
		[IXT_KIND_SUBJECT] = "subject", [IXT_KIND_PREDICATE] = "predicate",
		[IXT_KIND_OBJECT] = "object", [IXT_KIND_DATATYPE] = "datatype",
		[IXT_KIND_GRAPH] = "graph", [IXT_KIND_MD_LINK] = "md-link",
		[IXT_KIND_MD_IMAGE] = "md-image", [IXT_KIND_MD_AUTOLINK] = "md-autolink",
		[IXT_KIND_MD_REFERENCE] = "md-reference", [IXT_KIND_JSON_STRING] = "json-string",
	};
	if ((unsigned)k < sizeof names / sizeof names[0] && names[k])
		return names[k];
	return "unknown";
}

static const struct {
	const char *ext;
	ixt_type type;
} ext_types[] = {
	{ "html", IXT_TYPE_HTML }, { "htm", IXT_TYPE_HTML }, { "xhtml", IXT_TYPE_XML },
	{ "xml", IXT_TYPE_XML }, { "svg", IXT_TYPE_XML }, { "rdf", IXT_TYPE_XML },
	{ "atom", IXT_TYPE_XML }, { "ttl", IXT_TYPE_TURTLE }, { "nt", IXT_TYPE_NTRIPLES },
	{ "nq", IXT_TYPE_NQUADS }, { "md", IXT_TYPE_MARKDOWN },
	{ "markdown", IXT_TYPE_MARKDOWN }, { "json", IXT_TYPE_JSON },
	{ "jsonld", IXT_TYPE_JSON }, { "txt", IXT_TYPE_TEXT },
};

static bool head_starts(const unsigned char *h, size_t n, const char *s)
{
	size_t k = strlen(s);
	return n >= k && strncasecmp((const char *)h, s, k) == 0;
}

static bool ascii_alnum(unsigned char c)
{
	return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9');
}

/* A Markdown inline link on one line of H: '[' (not after a letter or
 * digit: arr[i](x) is code), then "](" and a destination (no space right
 * after), then ')'.  Plain text does not write that; a "# " line alone is
 * no sign (shell and config comments). */
static bool md_link_line(const unsigned char *h, size_t n)
{
	size_t open = SIZE_MAX;                 /* the line's first '[' */
	for (size_t i = 0; i + 2 < n; i++) {
		if (h[i] == '\n')
			open = SIZE_MAX;
		else if (h[i] == '[' && open == SIZE_MAX && (i == 0 || !ascii_alnum(h[i - 1])))
			open = i;
		else if (h[i] == ']' && h[i + 1] == '(' && open != SIZE_MAX && h[i + 2] != ' ' && h[i + 2] != ')')
			for (size_t k = i + 2; k < n && h[k] != '\n'; k++)
				if (h[k] == ')')
					return true;
	}
	return false;
}

ixt_type ixt_type_guess(const char *name, const unsigned char *head, size_t n)
{
	const char *dot = name ? strrchr(name, '.') : NULL;
	if (dot && !strchr(dot, '/'))
		for (size_t i = 0; i < sizeof ext_types / sizeof ext_types[0]; i++)
			if (strcasecmp(dot + 1, ext_types[i].ext) == 0)
				return ext_types[i].type;
	if (n >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF)
		head += 3, n -= 3;
	while (n > 0 && (*head == ' ' || *head == '\t' || *head == '\r' || *head == '\n'))
		head++, n--;
	if (head_starts(head, n, "<!doctype html") || head_starts(head, n, "<html"))
		return IXT_TYPE_HTML;
	if (head_starts(head, n, "<?xml"))
		return IXT_TYPE_XML;
	if (head_starts(head, n, "@prefix") || head_starts(head, n, "@base"))
		return IXT_TYPE_TURTLE;
	if (n > 0 && (*head == '{' || *head == '['))
		return IXT_TYPE_JSON;
	if (md_link_line(head, n))
		return IXT_TYPE_MARKDOWN;
	return IXT_TYPE_TEXT;
}

ixt_ctx *ixt_new(void)
{
	ixt_ctx *x = calloc(1, sizeof *x);
	return x;
}

void ixt_free(ixt_ctx *x)
{
	if (!x)
		return;
	ixt_doc_clear(&x->doc);
	free(x->chunk);
	ixt_buf_free(&x->iri);
	free(x->offs);
	free(x->map);
	free(x->charset);
	free(x);
}

ixt_result ixt_set_type(ixt_ctx *x, ixt_type type)
{
	if (!x || (unsigned)type >= N_TYPES)
		return IXT_BAD_ARGUMENT;
	x->type = type;
	return IXT_OK;
}

ixt_result ixt_set_charset(ixt_ctx *x, const char *name)
{
	if (!x)
		return IXT_BAD_ARGUMENT;
	char *copy = NULL;
	if (name && *name && !(copy = strdup(name)))
		return IXT_NO_MEMORY;
	free(x->charset);
	x->charset = copy;
	return IXT_OK;
}

void ixt_set_callbacks(ixt_ctx *x, ixt_found_fn found, ixt_diag_fn diag, void *user)
{
	if (!x)
		return;
	x->found = found;
	x->diag = diag;
	x->user = user;
}

ixt_type ixt_last_type(const ixt_ctx *x)
{
	return x ? x->used_type : IXT_TYPE_AUTO;
}

const char *ixt_last_charset(const ixt_ctx *x)
{
	return x ? x->used_charset : "";
}

bool ixt_last_empty(const ixt_ctx *x)
{
	return x && x->empty;
}

const char *ixt_detail(const ixt_ctx *x)
{
	return x ? x->detail : "";
}

static bool is_utf8_name(const char *name)
{
	return !name || !*name || strcasecmp(name, "UTF-8") == 0 || strcasecmp(name, "utf8") == 0;
}

/* The types read as a byte stream when their bytes are UTF-8 already. */
static bool streams(ixt_type t)
{
	return t == IXT_TYPE_TEXT || t == IXT_TYPE_TURTLE || t == IXT_TYPE_NTRIPLES
		|| t == IXT_TYPE_NQUADS;
}

static void start_document(ixt_ctx *x, const char *name, const char *head, size_t n)
{
	ixt_doc_reset(&x->doc);
	x->stopped = false;
	x->empty = false;
	x->detail[0] = '\0';
	x->n_bases = 0;
	x->used_type = x->type != IXT_TYPE_AUTO ? x->type
		: ixt_type_guess(name, (const unsigned char *)head, n);
	snprintf(x->used_charset, sizeof x->used_charset, "%s", "UTF-8");
}

/* The piece reader of each type. */
static const ixt_reader *reader_of(ixt_type t)
{
	switch (t) {
	case IXT_TYPE_HTML: return &ixt_html_reader;
	case IXT_TYPE_XML: return &ixt_xml_reader;
	case IXT_TYPE_MARKDOWN: return &ixt_markdown_reader;
	case IXT_TYPE_JSON: return &ixt_json_reader;
	case IXT_TYPE_TURTLE: case IXT_TYPE_NTRIPLES: case IXT_TYPE_NQUADS: return &ixt_rdf_reader;
	default: return &ixt_text_reader;
	}
}

static bool utf16_bom(const char *p, size_t n)
{
	return n >= 2 && (((unsigned char)p[0] == 0xFF && (unsigned char)p[1] == 0xFE)
		|| ((unsigned char)p[0] == 0xFE && (unsigned char)p[1] == 0xFF));
}

/* Whether the whole document, HEAD (N bytes), is empty: no bytes, a BOM
 * alone, or (read as UTF-8) nothing but ASCII white space after it. */
static bool blank(const ixt_ctx *x, const char *head, size_t n)
{
	if (utf16_bom(head, n))
		return n == 2;
	if (n >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0)
		head += 3, n -= 3;
	else if (!is_utf8_name(x->charset))
		return n == 0;                      /* its white space may be other bytes */
	for (size_t i = 0; i < n; i++)
		if (!strchr(" \t\r\n", head[i]) || head[i] == '\0')
			return false;
	return true;
}

/* One document from SRC: its first bytes for the type and charset, then
 * UTF-8 text and RDF through their byte streams, the rest in pieces. */
static ixt_result read_src(ixt_ctx *x, ixt_src *src, const char *name)
{
	char head[IXT_SNIFF_BYTES];
	size_t n = ixt_src_read(src, head, sizeof head);
	if (ixt_src_error(src)) {
		snprintf(x->detail, sizeof x->detail, "%s", strerror(errno));
		return IXT_IO;
	}
	start_document(x, name, head, n);
	if (n < sizeof head && blank(x, head, n)) {
		x->empty = true;                    /* no IRIs, nothing wrong (extract.h) */
		return IXT_OK;
	}
	ixt_result r;
	if (streams(x->used_type) && is_utf8_name(x->charset) && !utf16_bom(head, n)) {
		if (memchr(head, '\0', n))
			return IXT_BINARY;
		if (x->used_type == IXT_TYPE_TEXT)
			r = ixt_read_text_stream(x, src, head, n);
		else
			r = ixt_read_rdf(x, src, NULL, 0, head, n);
	} else {
		r = ixt_read_pieces(x, src, head, n, reader_of(x->used_type));
	}
	if (r == IXT_IO && !*x->detail)
		snprintf(x->detail, sizeof x->detail, "%s", strerror(errno));
	return x->stopped ? IXT_STOPPED : r;
}

ixt_result ixt_read_bytes(ixt_ctx *x, const void *bytes, size_t n_bytes, const char *name)
{
	if (!x || (!bytes && n_bytes))
		return IXT_BAD_ARGUMENT;
	ixt_src src = { .mem = bytes ? bytes : "", .mem_n = n_bytes };
	return read_src(x, &src, name);
}

ixt_result ixt_read_stream(ixt_ctx *x, FILE *f, const char *name)
{
	if (!x || !f)
		return IXT_BAD_ARGUMENT;
	ixt_src src = { .f = f };
	return read_src(x, &src, name);
}

ixt_result ixt_read_file(ixt_ctx *x, const char *path)
{
	if (!x || !path)
		return IXT_BAD_ARGUMENT;
	x->detail[0] = '\0';
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return IXT_IS_DIRECTORY;
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(x->detail, sizeof x->detail, "%s", strerror(errno));
		return IXT_IO;
	}
	ixt_result r = ixt_read_stream(x, f, path);
	fclose(f);
	return r;
}

/* Handing out. */

bool ixt_has_scheme(const char *s, size_t n)
{
	if (n == 0 || !((s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'z'))
		return false;
	for (size_t i = 1; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == ':')
			return true;
		if (!((c | 0x20) >= 'a' && (c | 0x20) <= 'z') && !(c >= '0' && c <= '9')
			&& c != '+' && c != '-' && c != '.')
			return false;
	}
	return false;
}

/* Schemes whose IRIs have no "//" (RFC 6068 mailto, RFC 8141 urn, RFC 3966
 * tel, RFC 2397 data, RFC 5538 news, RFC 4151 tag, RFC 5870 geo, RFC 3261
 * sip, RFC 5724 sms, RFC 5122 xmpp, W3C DID did, ...): extract/ knows no
 * scheme table (core's is not for it), just these common ones. */
static const char *const bare_schemes[] = {
	"mailto", "urn", "tel", "data", "news", "tag", "doi", "geo", "sip", "sips",
	"xmpp", "magnet", "did", "about", "javascript", "cid", "mid", "sms",
};

bool ixt_bare_scheme(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof bare_schemes / sizeof bare_schemes[0]; i++)
		if (strlen(bare_schemes[i]) == n && strncasecmp(s, bare_schemes[i], n) == 0)
			return true;
	return false;
}

bool ixt_emit(ixt_ctx *x, ixt_found *f)
{
	if (x->stopped)
		return false;
	if (f->raw_bytes > IXT_MAX_IRI_BYTES) {
		ixt_report(x, IXT_TOO_LONG, f->pos, NULL);
		return true;
	}
	if (!ixt_has_scheme(f->iri, f->iri_bytes) && x->n_bases > 0) {
		f->bases = x->bases;
		f->n_bases = x->n_bases;
	} else {
		f->bases = NULL;
		f->n_bases = 0;
	}
	if (x->found && x->found(x->user, f) != 0)
		x->stopped = true;
	return !x->stopped;
}

void ixt_report(ixt_ctx *x, ixt_result code, ixt_pos pos, const char *detail)
{
	if (!x->diag)
		return;
	ixt_diag d = { code, pos, detail };
	x->diag(x->user, &d);
}

void ixt_report_doc(ixt_ctx *x, ixt_result code, size_t off, const char *detail)
{
	ixt_report(x, code, ixt_locate(x, off), detail);
}

bool ixt_emit_doc_part(ixt_ctx *x, ixt_kind kind, const char *element,
	const char *attribute, size_t i0, size_t i1, size_t cp0)
{
	size_t n_cp = 0;
	for (size_t i = i0; i < i1; i++)
		n_cp += ((unsigned char)x->iri.p[i] & 0xC0) != 0x80;
	if (n_cp == 0 || cp0 + n_cp > x->offs_n || !ixt_map_reserve(x, n_cp))
		return !x->stopped;
	for (size_t k = 0; k < n_cp; k++)
		x->map[k] = ixt_locate(x, x->offs[cp0 + k]);
	size_t r0 = x->offs[cp0], r1 = x->offs[cp0 + n_cp];
	ixt_found f = {
		.pos = x->map[0], .kind = kind, .element = element, .attribute = attribute,
		.raw = x->doc.u8 + r0, .raw_bytes = r1 > r0 ? r1 - r0 : 0,
		.iri = x->iri.p + i0, .iri_bytes = i1 - i0, .map = x->map, .map_len = n_cp,
	};
	f.byte_end = ixt_locate(x, r1 > r0 ? r1 : r0).byte;
	return ixt_emit(x, &f);
}
