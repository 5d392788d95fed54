/* Per-character explanation of the RFC 3987 3.1 mapping. */
#include <stdio.h>
#include <string.h>

#include <unicode/uchar.h>

#include "iri_chars.h"
#include "iri_explain.h"
#include "iri_host.h"
#include "iri_scheme.h"
#include "iri_utf8.h"

const char *iri_explain_reason_name(iri_explain_reason r)
{
	static const char *const names[IRI_WHY_COUNT] = {
		"UNRESERVED", "DELIMITER", "ESCAPE", "ESCAPE_NOT_UTF8", "UCSCHAR", "IPRIVATE",
		"HOST_IDNA", "UNWISE", "CONTROL", "NOT_ALLOWED", "STRAY_PERCENT", "INVALID_UTF8",
		"HOST_NOT_IDNA",
	};
	return r < IRI_WHY_COUNT ? names[r] : "UNKNOWN";
}

const char *iri_explain_delim_name(iri_explain_delim d)
{
	static const char *const names[IRI_DELIM_COUNT] = {
		"", "SCHEME_END", "AUTHORITY_START", "USERINFO_END", "PORT_START", "PATH_SEP",
		"QUERY_START", "FRAGMENT_START",
	};
	return d < IRI_DELIM_COUNT ? names[d] : "UNKNOWN";
}

/* The role of the delimiter at byte i (RFC 3986 3: the generic syntax's
 * delimiters sit just outside the spans they end or start). */
static iri_explain_delim delim_at(const iri_ref *r, const char *text, size_t i)
{
	const iri_span *c = r->comp;
	char ch = text[i];
	if (ch == ':' && c[IRI_COMP_SCHEME].present && i == c[IRI_COMP_SCHEME].end)
		return IRI_DELIM_SCHEME_END;
	size_t auth = c[IRI_COMP_USERINFO].present ? c[IRI_COMP_USERINFO].start : c[IRI_COMP_HOST].start;
	if (ch == '/' && r->has_authority && c[IRI_COMP_HOST].present && i + 2 >= auth && i < auth)
		return IRI_DELIM_AUTHORITY_START;
	if (ch == '@' && c[IRI_COMP_USERINFO].present && i == c[IRI_COMP_USERINFO].end)
		return IRI_DELIM_USERINFO_END;
	if (ch == ':' && c[IRI_COMP_PORT].present && i + 1 == c[IRI_COMP_PORT].start)
		return IRI_DELIM_PORT_START;
	if (ch == '/' && c[IRI_COMP_PATH].present && i >= c[IRI_COMP_PATH].start && i < c[IRI_COMP_PATH].end)
		return IRI_DELIM_PATH_SEP;
	if (ch == '?' && c[IRI_COMP_QUERY].present && i + 1 == c[IRI_COMP_QUERY].start)
		return IRI_DELIM_QUERY_START;
	if (ch == '#' && c[IRI_COMP_FRAGMENT].present && i + 1 == c[IRI_COMP_FRAGMENT].start)
		return IRI_DELIM_FRAGMENT_START;
	return IRI_DELIM_NONE;
}

/* The host's A-labels as RFC 3987 3.1 makes them (core/map.c's map_host:
 * UTS #46 ToASCII of the whole %-decoded host): ace gets them; false when
 * UTS #46 refuses the host (to-uri then %-escapes it). */
static bool host_ace(iri_ctx *ctx, const char *host, size_t len, iri_buf *ace)
{
	iri_buf decoded;
	iri_buf_init(&decoded);
	iri_pct_decode(host, len, &decoded);
	bool ok = !decoded.failed && decoded.len > 0 &&
		iri_idna_to_ascii(ctx, false, decoded.data, decoded.len, ace) == 0 && !ace->failed;
	iri_buf_fini(&decoded);
	return ok;
}

/* The A-label of the label holding byte i of the host [hs, he): the
 * matching label of ace when the input has as many labels, else all of ace. */
static void label_of(const uint8_t *s, size_t hs, size_t he, size_t i, const iri_buf *ace, char *out)
{
	size_t label = 0, n_labels = 1;
	for (size_t k = hs; k < he;) {
		size_t m = iri_label_separator_at((const char *)s + k, he - k);
		if (m) {
			n_labels++;
			if (k < i)
				label++;
		}
		k += m ? m : 1;
	}
	size_t ace_labels = 1;
	for (size_t k = 0; k < ace->len; k++)
		ace_labels += ace->data[k] == '.';
	const char *from = ace->data, *to = ace->data + ace->len;
	if (ace_labels == n_labels) {
		for (size_t k = 0; k < label; k++)
			from = (const char *)memchr(from, '.', (size_t)(to - from)) + 1;
		const char *dot = memchr(from, '.', (size_t)(to - from));
		if (dot)
			to = dot;
	}
	size_t n = (size_t)(to - from) < IRI_EXPLAIN_LABEL_BYTES - 1 ? (size_t)(to - from) : IRI_EXPLAIN_LABEL_BYTES - 1;
	memcpy(out, from, n);
	out[n] = '\0';
}

static void hex_octets(const uint8_t *o, size_t n, iri_explain_row *row)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t a = 0, b = 0;
	for (size_t k = 0; k < n && k < 4; k++) {
		if (k)
			row->utf8_hex[a++] = ' ';
		row->utf8_hex[a++] = hex[o[k] >> 4];
		row->utf8_hex[a++] = hex[o[k] & 0xF];
		row->escaped[b++] = '%';
		row->escaped[b++] = hex[o[k] >> 4];
		row->escaped[b++] = hex[o[k] & 0xF];
	}
	row->utf8_hex[a] = '\0';
	row->escaped[b] = '\0';
}

static void char_name(uint32_t cp, iri_explain_row *row)
{
	UErrorCode err = U_ZERO_ERROR;
	row->name[0] = '\0';
	if (cp == IRI_EXPLAIN_NO_CP)
		return;
	/* U_EXTENDED_CHAR_NAME gives "<control-0009>" style names for controls. */
	u_charName((UChar32)cp, U_EXTENDED_CHAR_NAME, row->name, (int32_t)sizeof row->name, &err);
	if (U_FAILURE(err))
		row->name[0] = '\0';
}

/* What RFC 3987 3.1 does with the host: the facts every row of it needs. */
typedef struct {
	const iri_span *span;
	bool ascii;          /* nothing to map */
	bool dns;            /* the scheme's hosts are DNS names */
	bool idna;           /* ToASCII took it: ace holds its A-labels */
	iri_buf ace;
} explain_host;

static void host_facts(iri_ctx *ctx, const iri_ref *ref, const char *text, explain_host *eh)
{
	const uint8_t *s = (const uint8_t *)text;
	const iri_span *h = &ref->comp[IRI_COMP_HOST];
	eh->span = h;
	eh->ascii = true;
	for (size_t k = h->start; h->present && k < h->end; k++)
		eh->ascii &= s[k] < 0x80;
	iri_buf_init(&eh->ace);
	/* RFC 3987 3.1: A-labels only under a scheme known to use DNS (as
	 * core/map.c's iri_to_uri_offsets); any other host is %-escaped. */
	eh->dns = iri_ref_host_is_dns(ref);
	eh->idna = h->present && !eh->ascii && eh->dns && host_ace(ctx, text + h->start, h->end - h->start, &eh->ace);
}

/* RFC 3986 2.1: an escape at text[i] -- with the escapes after it that
 * make one UTF-8 sequence (RFC 3987 3.2) -- stays as written. */
static void explain_escape(const char *text, size_t len, size_t i, uint8_t first, iri_explain_row *row)
{
	uint8_t oct[4] = { first };
	size_t k = 1;
	if (oct[0] >= 0x80)
		while (k < 4 && iri_pct_at(text, len, i + 3 * k, &oct[k]))
			k++;
	uint32_t cp;
	iri_utf8_status st;
	size_t m = iri_utf8_decode(oct, k, &cp, &st);
	row->byte_end = i + 3 * m;
	row->cp = st == IRI_UTF8_OK ? cp : IRI_EXPLAIN_NO_CP;
	row->reason = st == IRI_UTF8_OK ? IRI_WHY_ESCAPE : IRI_WHY_ESCAPE_NOT_UTF8;
	hex_octets(oct, m, row);
	/* The URI keeps the escape exactly as written. */
	memcpy(row->escaped, text + i, 3 * m);
	row->escaped[3 * m] = '\0';
}

/* An ASCII character: RFC 3987 3.1 copies it, but a stray "%", a control
 * or an unwise character (RFC 3987 3.1's printable US-ASCII not allowed)
 * becomes %HH; a delimiter gets its role. */
static void explain_ascii(const iri_ref *ref, const char *text, size_t i, iri_explain_row *row)
{
	const uint8_t *s = (const uint8_t *)text;
	uint32_t c = s[i];
	row->byte_end = i + 1;
	row->cp = c;
	hex_octets(s + i, 1, row);
	row->escaped[0] = (char)c;
	row->escaped[1] = '\0';
	if (c == '%') {
		row->reason = IRI_WHY_STRAY_PERCENT;
		strcpy(row->escaped, "%25");
	} else if (c < 0x20 || c == 0x7F) {
		row->reason = IRI_WHY_CONTROL;
		hex_octets(s + i, 1, row);
	} else if (iri_is_unwise_ascii(c)) {
		row->reason = IRI_WHY_UNWISE;
		hex_octets(s + i, 1, row);
	} else if (iri_is_gen_delim(c) || iri_is_sub_delim(c)) {
		row->reason = IRI_WHY_DELIMITER;
		row->delim = delim_at(ref, text, i);
	} else {
		row->reason = IRI_WHY_UNRESERVED;
	}
}

/* A non-ASCII character (or one ill-formed byte): RFC 3987 3.1 step 2
 * %-escapes its UTF-8, unless the host's ToASCII takes it (step 1 for
 * hosts); the ABNF of RFC 3987 2.2 says whether it is allowed there. */
static void explain_nonascii(const char *text, size_t len, size_t i, const explain_host *eh, iri_explain_row *row)
{
	const uint8_t *s = (const uint8_t *)text;
	uint32_t cp;
	iri_utf8_status st;
	size_t n = iri_utf8_decode(s + i, len - i, &cp, &st);
	if (st != IRI_UTF8_OK)
		n = 1;   /* a row per ill-formed byte, one position each (iri_utf8.h) */
	row->byte_end = i + n;
	hex_octets(s + i, n, row);
	if (st != IRI_UTF8_OK) {
		row->cp = IRI_EXPLAIN_NO_CP;
		row->reason = IRI_WHY_INVALID_UTF8;
		return;
	}
	row->cp = cp;
	iri_parse_result ok = row->component == IRI_COMP_NONE ? IRI_PARSE_BAD_CHAR :
		iri_parse_check_cp(row->component, cp, IRI_PARSE_IRI);
	if (cp <= 0x9F) {
		row->reason = IRI_WHY_CONTROL;
	} else if (ok != IRI_PARSE_OK) {
		row->reason = IRI_WHY_NOT_ALLOWED;
	} else if (row->component == IRI_COMP_HOST && !eh->ascii && eh->dns) {
		row->reason = eh->idna ? IRI_WHY_HOST_IDNA : IRI_WHY_HOST_NOT_IDNA;
		if (eh->idna)
			label_of(s, eh->span->start, eh->span->end, i, &eh->ace, row->label_ace);
	} else if (iri_is_iprivate(cp)) {
		row->reason = IRI_WHY_IPRIVATE;
	} else {
		row->reason = IRI_WHY_UCSCHAR;
	}
}

void iri_explain(iri_ctx *ctx, const char *text, size_t len, iri_explain_fn fn, void *user)
{
	iri_ref ref;
	iri_parse(text, len, IRI_PARSE_IRI, &ref);
	explain_host eh;
	host_facts(ctx, &ref, text, &eh);
	iri_explain_row row;
	for (size_t i = 0; i < len;) {
		memset(&row, 0, sizeof row);
		row.byte_start = i;
		row.component = iri_ref_component_at(&ref, i);
		uint8_t first;
		if (iri_pct_at(text, len, i, &first))
			explain_escape(text, len, i, first, &row);
		else if ((unsigned char)text[i] < 0x80)
			explain_ascii(&ref, text, i, &row);
		else
			explain_nonascii(text, len, i, &eh, &row);
		char_name(row.cp, &row);
		if (!fn(&row, user))
			break;
		i = row.byte_end;
	}
	iri_buf_fini(&eh.ace);
}
