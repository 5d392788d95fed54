/* RFC 3987 2.2 IRI-reference parser: split (RFC 3986 Appendix B), then
 * validate each component against its ABNF rule. */
#include <string.h>

#include "iri_parse.h"
#include "iri_utf8.h"

const char *iri_component_name(iri_component c)
{
	static const char *const names[IRI_COMP_COUNT + 1] = {
		"scheme", "userinfo", "host", "port", "path", "query", "fragment", "none"
	};
	return c <= IRI_COMP_COUNT ? names[c] : "none";
}

const char *iri_parse_result_name(iri_parse_result r)
{
	static const char *const names[IRI_PARSE_RESULT_COUNT] = {
		"OK", "BAD_UTF8", "BAD_SCHEME", "BAD_CHAR", "BAD_PERCENT", "BAD_IP_LITERAL",
		"UNTERMINATED_IP_LITERAL", "BAD_PORT", "PORT_OUT_OF_RANGE", "PRIVATE_USE",
		"COLON_IN_FIRST_SEGMENT", "JUNK_AFTER_IP_LITERAL",
	};
	return r < IRI_PARSE_RESULT_COUNT ? names[r] : "UNKNOWN";
}

/* The ASCII each component's ABNF allows outside escapes (RFC 3986 3.1-3.5
 * with RFC 3987 2.2): a class per character, a mask of classes per component.
 * One table lookup per ASCII byte keeps parse and check linear and cheap. */
enum {
	U = 1 << 0,   /* unreserved (RFC 3986 2.3) */
	S = 1 << 1,   /* sub-delims (RFC 3986 2.2) */
	C = 1 << 2,   /* ":" */
	A = 1 << 3,   /* "@" */
	L = 1 << 4,   /* "/" */
	Q = 1 << 5,   /* "?" */
	D = 1 << 6,   /* DIGIT (port) */
	H = 1 << 7,   /* scheme: ALPHA / DIGIT / "+" / "-" / "." (RFC 3986 3.1) */
};
const uint8_t iri_ascii_class[256] = {   /* bytes 0x80-0xFF: no class */
	0, 0, 0, 0, 0, 0, 0, 0,  /* 00 01 02 03 04 05 06 07 */
	0, 0, 0, 0, 0, 0, 0, 0,  /* 08 09 0a 0b 0c 0d 0e 0f */
	0, 0, 0, 0, 0, 0, 0, 0,  /* 10 11 12 13 14 15 16 17 */
	0, 0, 0, 0, 0, 0, 0, 0,  /* 18 19 1a 1b 1c 1d 1e 1f */
	0, S, 0, 0, S, 0, S, S,  /* 20 ! " # $ % & ' */
	S, S, S, S|H, S, U|H, U|H, L,  /* ( ) * + , - . / */
	U|D|H, U|D|H, U|D|H, U|D|H, U|D|H, U|D|H, U|D|H, U|D|H,  /* 0 1 2 3 4 5 6 7 */
	U|D|H, U|D|H, C, S, 0, S, 0, Q,  /* 8 9 : ; < = > ? */
	A, U|H, U|H, U|H, U|H, U|H, U|H, U|H,  /* @ A B C D E F G */
	U|H, U|H, U|H, U|H, U|H, U|H, U|H, U|H,  /* H I J K L M N O */
	U|H, U|H, U|H, U|H, U|H, U|H, U|H, U|H,  /* P Q R S T U V W */
	U|H, U|H, U|H, 0, 0, 0, 0, U,  /* X Y Z [ \ ] ^ _ */
	0, U|H, U|H, U|H, U|H, U|H, U|H, U|H,  /* ` a b c d e f g */
	U|H, U|H, U|H, U|H, U|H, U|H, U|H, U|H,  /* h i j k l m n o */
	U|H, U|H, U|H, U|H, U|H, U|H, U|H, U|H,  /* p q r s t u v w */
	U|H, U|H, U|H, 0, 0, 0, U, 0,  /* x y z { | } ~ 7f */
};
const uint8_t iri_ascii_comp_mask[IRI_COMP_COUNT + 1] = {
	[IRI_COMP_SCHEME] = H,
	[IRI_COMP_USERINFO] = U | S | C,
	[IRI_COMP_HOST] = U | S,
	[IRI_COMP_PORT] = D,
	[IRI_COMP_PATH] = U | S | C | A | L,
	[IRI_COMP_QUERY] = U | S | C | A | L | Q,
	[IRI_COMP_FRAGMENT] = U | S | C | A | L | Q,
	[IRI_COMP_COUNT] = 0,   /* IRI_COMP_NONE: a delimiter between components */
};

static bool is_alpha(uint32_t c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_digit(uint32_t c)
{
	return c >= '0' && c <= '9';
}

static bool is_hex(uint32_t c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* RFC 3986 2.3 */
bool iri_is_unreserved_ascii(uint32_t c)
{
	return is_alpha(c) || is_digit(c) || c == '-' || c == '.' || c == '_' || c == '~';
}

/* RFC 3986 2.2 */
bool iri_is_gen_delim(uint32_t c)
{
	switch (c) {
	case ':': case '/': case '?': case '#': case '[': case ']': case '@':
		return true;
	default:
		return false;
	}
}

bool iri_is_sub_delim(uint32_t c)
{
	return c < 0x80 && (iri_ascii_class[c] & S) != 0;
}

/* RFC 3987 2.2 ucschar */
bool iri_is_ucschar(uint32_t c)
{
	if ((c >= 0xA0 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFEF))
		return true;
	/* %x10000-1FFFD ... %xE1000-EFFFD: each plane but its last two code points,
	 * plane 14 only from E1000. */
	if (c >= 0x10000 && c <= 0xEFFFD) {
		if ((c & 0xFFFF) > 0xFFFD)
			return false;
		return c < 0xE0000 || c >= 0xE1000;
	}
	return false;
}

/* RFC 3987 2.2 iprivate */
bool iri_is_iprivate(uint32_t c)
{
	return (c >= 0xE000 && c <= 0xF8FF) || (c >= 0xF0000 && c <= 0xFFFFD) ||
	       (c >= 0x100000 && c <= 0x10FFFD);
}

iri_parse_result iri_parse_check_cp(iri_component comp, uint32_t c, iri_parse_flags flags)
{
	bool ok = false;
	if (c < 0x80) {
		if (iri_ascii_ok(comp, c))
			return IRI_PARSE_OK;
		return comp == IRI_COMP_SCHEME ? IRI_PARSE_BAD_SCHEME :
		       comp == IRI_COMP_PORT ? IRI_PARSE_BAD_PORT : IRI_PARSE_BAD_CHAR;
	}
	switch (comp) {
	case IRI_COMP_SCHEME:
		return IRI_PARSE_BAD_SCHEME;
	case IRI_COMP_USERINFO:
	case IRI_COMP_HOST:
	case IRI_COMP_PATH:
	case IRI_COMP_FRAGMENT:
		ok = !(flags & IRI_PARSE_URI_ONLY) && iri_is_ucschar(c);
		break;
	case IRI_COMP_PORT:
		return IRI_PARSE_BAD_PORT;
	case IRI_COMP_QUERY:
		ok = !(flags & IRI_PARSE_URI_ONLY) && (iri_is_ucschar(c) || iri_is_iprivate(c));
		break;
	case IRI_COMP_COUNT:
		break;
	}
	if (ok)
		return IRI_PARSE_OK;
	if (!(flags & IRI_PARSE_URI_ONLY) && iri_is_iprivate(c))
		return IRI_PARSE_PRIVATE_USE;   /* RFC 3987 2.2: iprivate only in iquery */
	return IRI_PARSE_BAD_CHAR;
}

/* RFC 3986 3.2.2 dec-octet: no leading zeros, at most 255. */
static bool dec_octet(const char *s, size_t n)
{
	if (n == 0 || n > 3)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!is_digit((unsigned char)s[i]))
			return false;
	if (n > 1 && s[0] == '0')
		return false;
	unsigned v = 0;
	for (size_t i = 0; i < n; i++)
		v = v * 10 + (unsigned)(s[i] - '0');
	return v <= 255;
}

bool iri_is_ipv4(const char *s, size_t n)
{
	size_t start = 0, dots = 0;
	for (size_t i = 0; i <= n; i++) {
		if (i == n || s[i] == '.') {
			if (!dec_octet(s + start, i - start))
				return false;
			if (i < n)
				dots++;
			start = i + 1;
		}
	}
	return dots == 3;
}

/* RFC 3986 3.2.2 IPv6address: eight h16 pieces (a trailing IPv4address counts
 * as two), with at most one "::" standing for one or more zero pieces. */
bool iri_is_ipv6(const char *s, size_t n)
{
	size_t pieces = 0, i = 0;
	bool elided = false;
	if (n >= 2 && s[0] == ':' && s[1] == ':') {
		elided = true;
		i = 2;
	} else if (n >= 1 && s[0] == ':') {
		return false;
	}
	while (i < n) {
		size_t j = i;
		while (j < n && j - i < 5 && is_hex((unsigned char)s[j]))
			j++;
		if (j < n && s[j] == '.') {
			/* Trailing IPv4: must be the last thing and leave room for it. */
			if (!iri_is_ipv4(s + i, n - i))
				return false;
			pieces += 2;
			i = n;
			break;
		}
		if (j == i || j - i > 4)
			return false;
		pieces++;
		i = j;
		if (i == n)
			break;
		if (s[i] != ':')
			return false;
		i++;
		if (i < n && s[i] == ':') {
			if (elided)
				return false;
			elided = true;
			i++;
		} else if (i == n) {
			return false;   /* a single trailing ":" */
		}
	}
	return elided ? pieces <= 7 : pieces == 8;
}

/* RFC 3986 3.2.2 IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) */
bool iri_is_ipvfuture(const char *s, size_t n)
{
	if (n < 4 || (s[0] != 'v' && s[0] != 'V'))
		return false;
	size_t i = 1;
	while (i < n && is_hex((unsigned char)s[i]))
		i++;
	if (i == 1 || i >= n || s[i] != '.')
		return false;
	i++;
	if (i == n)
		return false;
	for (; i < n; i++) {
		uint32_t c = (unsigned char)s[i];
		if (!iri_is_unreserved_ascii(c) && !iri_is_sub_delim(c) && c != ':')
			return false;
	}
	return true;
}

static void set_span(iri_span *sp, size_t start, size_t end)
{
	sp->start = start;
	sp->end = end;
	sp->present = true;
}

/* The delimiters RFC 3986 Appendix B splits at, as bits per byte, so each
 * scan is one table lookup per byte. */
enum { SPLIT_COLON = 1, SPLIT_SLASH = 2, SPLIT_QUERY = 4, SPLIT_HASH = 8 };
static const uint8_t split_class[256] = {
	[':'] = SPLIT_COLON, ['/'] = SPLIT_SLASH, ['?'] = SPLIT_QUERY, ['#'] = SPLIT_HASH,
};

/* The first byte in text[from..len) of a class in stop, or len. */
static size_t split_scan(const char *text, size_t from, size_t len, uint8_t stop)
{
	while (from < len && !(split_class[(unsigned char)text[from]] & stop))
		from++;
	return from;
}

void iri_split(const char *text, size_t len, iri_ref *out)
{
	memset(out, 0, sizeof *out);
	out->text = text;
	out->len = len;
	out->error_comp = IRI_COMP_NONE;
	size_t i = 0;
	/* RFC 3986 Appendix B: ^(([^:/?#]+):)? */
	size_t j = split_scan(text, 0, len, SPLIT_COLON | SPLIT_SLASH | SPLIT_QUERY | SPLIT_HASH);
	if (j < len && j > 0 && text[j] == ':') {
		set_span(&out->comp[IRI_COMP_SCHEME], 0, j);
		i = j + 1;
	}
	/* (//([^/?#]*))? */
	if (len - i >= 2 && text[i] == '/' && text[i + 1] == '/') {
		/* Authorities are short: a table scan beats three memchr calls. */
		size_t a = i + 2, e = split_scan(text, a, len, SPLIT_SLASH | SPLIT_QUERY | SPLIT_HASH);
		out->has_authority = true;
		/* userinfo ends at the last "@" (an "@" is not allowed in it anyway). */
		size_t host_start = a;
		for (const char *at = memchr(text + a, '@', e - a); at; at = memchr(at + 1, '@', e - (size_t)(at + 1 - text)))
			host_start = (size_t)(at - text) + 1;
		if (host_start > a)
			set_span(&out->comp[IRI_COMP_USERINFO], a, host_start - 1);
		size_t host_end = e;
		if (host_start < e && text[host_start] == '[') {
			const char *rb = memchr(text + host_start, ']', e - host_start);
			host_end = rb ? (size_t)(rb - text) + 1 : e;
		} else {
			const char *colon = memchr(text + host_start, ':', e - host_start);
			if (colon)
				host_end = (size_t)(colon - text);
		}
		set_span(&out->comp[IRI_COMP_HOST], host_start, host_end);
		if (host_end < e && text[host_end] == ':')
			set_span(&out->comp[IRI_COMP_PORT], host_end + 1, e);
		else if (host_end < e) /* junk after "]" : keep it visible as a port */
			set_span(&out->comp[IRI_COMP_PORT], host_end, e);
		i = e;
	}
	/* ([^?#]*) */
	/* Paths are long: two memchr calls (vectorised) beat a byte loop. */
	const char *hash = i < len ? memchr(text + i, '#', len - i) : NULL;
	size_t p_end = hash ? (size_t)(hash - text) : len;
	const char *qmark = i < p_end ? memchr(text + i, '?', p_end - i) : NULL;
	size_t p = qmark ? (size_t)(qmark - text) : p_end;
	set_span(&out->comp[IRI_COMP_PATH], i, p);
	i = p;
	if (i < len && text[i] == '?') {
		set_span(&out->comp[IRI_COMP_QUERY], i + 1, p_end);   /* up to the first "#" */
		i = p_end;
	}
	if (i < len && text[i] == '#')
		set_span(&out->comp[IRI_COMP_FRAGMENT], i + 1, len);
}

static void fail(iri_ref *r, iri_parse_result res, iri_component comp, size_t byte)
{
	if (r->result != IRI_PARSE_OK)
		return;
	r->result = res;
	r->error_comp = comp;
	r->error_byte = byte;
}

/* Validates the characters of one component, code point by code point. */
static void validate_chars(iri_ref *r, iri_component comp, iri_parse_flags flags)
{
	const iri_span *sp = &r->comp[comp];
	const uint8_t *s = (const uint8_t *)r->text;
	for (size_t i = sp->start; i < sp->end && r->result == IRI_PARSE_OK;) {
		if (iri_ascii_ok(comp, s[i])) {   /* the common case, one lookup */
			i++;
			continue;
		}
		uint32_t cp = s[i];
		size_t n = 1;
		if (cp >= 0x80) {
			iri_utf8_status st;
			n = iri_utf8_decode(s + i, sp->end - i, &cp, &st);
			if (st != IRI_UTF8_OK) {
				fail(r, IRI_PARSE_BAD_UTF8, comp, i);
				break;
			}
		}
		if (cp == '%') {
			if (i + 2 >= sp->end || !is_hex(s[i + 1]) || !is_hex(s[i + 2])) {
				fail(r, IRI_PARSE_BAD_PERCENT, comp, i);
				break;
			}
			if (comp == IRI_COMP_SCHEME || comp == IRI_COMP_PORT) {
				fail(r, comp == IRI_COMP_SCHEME ? IRI_PARSE_BAD_SCHEME : IRI_PARSE_BAD_PORT, comp, i);
				break;
			}
			i += 3;
			continue;
		}
		iri_parse_result res = iri_parse_check_cp(comp, cp, flags);
		if (res != IRI_PARSE_OK)
			fail(r, res, comp, i);
		i += n;
	}
}

static void validate_host(iri_ref *r, iri_parse_flags flags)
{
	const iri_span *h = &r->comp[IRI_COMP_HOST];
	const char *s = r->text + h->start;
	size_t n = h->end - h->start;
	if (n > 0 && s[0] == '[') {
		if (s[n - 1] != ']') {
			fail(r, IRI_PARSE_UNTERMINATED_IP_LITERAL, IRI_COMP_HOST, h->start);
			return;
		}
		if (iri_is_ipv6(s + 1, n - 2))
			r->host_kind = IRI_HOST_IPV6;
		else if (iri_is_ipvfuture(s + 1, n - 2))
			r->host_kind = IRI_HOST_IPVFUTURE;
		else
			fail(r, IRI_PARSE_BAD_IP_LITERAL, IRI_COMP_HOST, h->start);
		return;
	}
	r->host_kind = iri_is_ipv4(s, n) ? IRI_HOST_IPV4 : IRI_HOST_REG_NAME;
	validate_chars(r, IRI_COMP_HOST, flags);
}

static void validate_port(iri_ref *r)
{
	const iri_span *p = &r->comp[IRI_COMP_PORT];
	if (!p->present)
		return;
	/* A port span that does not follow ":" is junk after an IP literal. */
	if (p->start == 0 || r->text[p->start - 1] != ':') {
		fail(r, IRI_PARSE_JUNK_AFTER_IP_LITERAL, IRI_COMP_PORT, p->start);
		return;
	}
	uint32_t value = 0;
	for (size_t i = p->start; i < p->end; i++) {
		unsigned char c = (unsigned char)r->text[i];
		if (!is_digit(c)) {
			fail(r, IRI_PARSE_BAD_PORT, IRI_COMP_PORT, i);
			return;
		}
		if (value <= 65535)
			value = value * 10 + (c - '0');
	}
	if (value > 65535)
		fail(r, IRI_PARSE_PORT_OUT_OF_RANGE, IRI_COMP_PORT, p->start);
}

static void fill_cp_offsets(iri_ref *r)
{
	/* Spans are in text order; walk once (doc/design-notes.md: linear, never quadratic). */
	static const iri_component order[] = {
		IRI_COMP_SCHEME, IRI_COMP_USERINFO, IRI_COMP_HOST, IRI_COMP_PORT,
		IRI_COMP_PATH, IRI_COMP_QUERY, IRI_COMP_FRAGMENT
	};
	size_t byte = 0, cp = 0;
	/* In the ASCII prefix a code point offset is the byte offset. */
	size_t ascii_bytes = iri_utf8_ascii_prefix(r->text, r->len);
	for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
		iri_span *sp = &r->comp[order[k]];
		if (!sp->present)
			continue;
		if (sp->end <= ascii_bytes) {
			sp->cp_start = sp->start;
			sp->cp_end = cp = byte = sp->end;
			continue;
		}
		cp += iri_utf8_count_cp(r->text + byte, sp->start - byte);
		sp->cp_start = cp;
		cp += iri_utf8_count_cp(r->text + sp->start, sp->end - sp->start);
		sp->cp_end = cp;
		byte = sp->end;
	}
	r->cp_len = cp + iri_utf8_count_cp(r->text + byte, r->len - byte);
}

iri_parse_result iri_parse(const char *text, size_t len, iri_parse_flags flags, iri_ref *out)
{
	iri_split(text, len, out);
	fill_cp_offsets(out);
	const iri_span *sc = &out->comp[IRI_COMP_SCHEME];
	if (sc->present) {
		if (!is_alpha((unsigned char)text[0]))
			fail(out, IRI_PARSE_BAD_SCHEME, IRI_COMP_SCHEME, 0);
		else
			validate_chars(out, IRI_COMP_SCHEME, flags);
	} else {
		/* RFC 3986 4.2 ipath-noscheme: a relative reference's first segment
		 * has no ":" -- it would be read as a scheme.  (iri_split() only
		 * leaves a ":" unclaimed if it comes first.) */
		const iri_span *pa = &out->comp[IRI_COMP_PATH];
		if (!out->has_authority && pa->end > pa->start && text[pa->start] == ':')
			fail(out, IRI_PARSE_COLON_IN_FIRST_SEGMENT, IRI_COMP_PATH, pa->start);
	}
	if (out->comp[IRI_COMP_USERINFO].present)
		validate_chars(out, IRI_COMP_USERINFO, flags);
	if (out->has_authority)
		validate_host(out, flags);
	validate_port(out);
	validate_chars(out, IRI_COMP_PATH, flags);
	if (out->comp[IRI_COMP_QUERY].present)
		validate_chars(out, IRI_COMP_QUERY, flags);
	if (out->comp[IRI_COMP_FRAGMENT].present)
		validate_chars(out, IRI_COMP_FRAGMENT, flags);
	/* Validated in text order, and fail() keeps the first: the result is the
	 * leftmost violation. */
	return out->result;
}

/* iri_scheme_default_port() is in scheme.c, with the table of schemes. */

iri_component iri_ref_component_at(const iri_ref *r, size_t byte)
{
	for (int k = 0; k < IRI_COMP_COUNT; k++)
		if (r->comp[k].present && byte >= r->comp[k].start && byte < r->comp[k].end)
			return (iri_component)k;
	return IRI_COMP_NONE;   /* a delimiter between components */
}
