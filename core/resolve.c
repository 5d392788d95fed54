/* Reference resolution (RFC 3986 5.2, on IRIs as RFC 3987 6.5 allows: the
 * algorithm works on bytes, so non-ASCII UTF-8 passes through untouched) and
 * the comparison ladder of RFC 3987 5.3. */
#include <string.h>


#include "ctx_internal.h"
#include "iri_host.h"
#include "iri_parse.h"
#include "iri_resolve.h"
#include "iri_scheme.h"
#include "iri_utf8.h"

const char *iri_resolve_result_name(iri_resolve_result r)
{
	switch (r) {
	case IRI_RESOLVE_OK: return "OK";
	case IRI_RESOLVE_BASE_NOT_ABSOLUTE: return "BASE_NOT_ABSOLUTE";
	case IRI_RESOLVE_NO_MEMORY: return "NO_MEMORY";
	}
	return "UNKNOWN";
}

const char *iri_compare_level_name(iri_compare_level l)
{
	switch (l) {
	case IRI_CMP_SIMPLE: return "simple";
	case IRI_CMP_SYNTAX: return "syntax";
	case IRI_CMP_SCHEME: return "scheme";
	case IRI_CMP_DIFFERENT: break;
	}
	return NULL;
}

/* ---- RFC 3986 5.2.4 remove_dot_segments ---------------------------------- */

/* Rule C's "remove the last segment and its preceding '/' (if any)" from the
 * output, which started at out_start_bytes.  Scanning back to the previous '/'
 * is amortised linear: every byte scanned is removed and never scanned again. */
static void pop_segment(iri_buf *out, size_t out_start_bytes)
{
	if (out->failed || !out->data)
		return;
	size_t end_bytes = out->len;
	while (end_bytes > out_start_bytes && out->data[end_bytes - 1] != '/')
		end_bytes--;
	if (end_bytes > out_start_bytes)
		end_bytes--;   /* the segment's own leading '/' */
	iri_buf_truncate(out, end_bytes);
}

void iri_remove_dot_segments(const char *path, size_t len, iri_buf *out)
{
	const size_t out_start_bytes = out->len;
	size_t i = 0;   /* bytes of the input buffer consumed */
	while (i < len && !out->failed) {
		const char *p = path + i;
		size_t rest_bytes = len - i;
		/* A: drop a leading "../" or "./" */
		if (rest_bytes >= 3 && p[0] == '.' && p[1] == '.' && p[2] == '/') {
			i += 3;
		} else if (rest_bytes >= 2 && p[0] == '.' && p[1] == '/') {
			i += 2;
		/* B: "/./" -> "/", and a final "/." -> "/" */
		} else if (rest_bytes >= 3 && p[0] == '/' && p[1] == '.' && p[2] == '/') {
			i += 2;
		} else if (rest_bytes == 2 && p[0] == '/' && p[1] == '.') {
			iri_buf_putc(out, '/');
			i = len;
		/* C: "/../" -> "/", and a final "/.." -> "/", each popping a segment */
		} else if (rest_bytes >= 4 && p[0] == '/' && p[1] == '.' && p[2] == '.' && p[3] == '/') {
			pop_segment(out, out_start_bytes);
			i += 3;
		} else if (rest_bytes == 3 && p[0] == '/' && p[1] == '.' && p[2] == '.') {
			pop_segment(out, out_start_bytes);
			iri_buf_putc(out, '/');
			i = len;
		/* D: the input is exactly "." or ".." */
		} else if ((rest_bytes == 1 && p[0] == '.') ||
			   (rest_bytes == 2 && p[0] == '.' && p[1] == '.')) {
			i = len;
		/* E: move the first segment (with its leading '/', if any) */
		} else {
			size_t seg_end = i + (p[0] == '/' ? 1 : 0);
			while (seg_end < len && path[seg_end] != '/')
				seg_end++;
			iri_buf_append(out, p, seg_end - i);
			i = seg_end;
		}
	}
}

/* ---- RFC 3986 5.2.2 resolution ------------------------------------------- */

/* The authority of a split reference: from after "//" to the path (Appendix B). */
static iri_span authority_span(const iri_ref *r)
{
	iri_span s = { .present = r->has_authority };
	if (r->has_authority) {
		s.start = (r->comp[IRI_COMP_SCHEME].present ? r->comp[IRI_COMP_SCHEME].end + 1 : 0) + 2;
		s.end = r->comp[IRI_COMP_PATH].start;
	}
	return s;
}

static void put_span(iri_buf *out, const iri_ref *r, iri_span s)
{
	iri_buf_append(out, r->text + s.start, s.end - s.start);
}

/* Without an authority, a path written from out[path_at] that came out as
 * "//g" ("a:/x" + "..//g", or "s:..///x" normalised) would read as one:
 * RFC 3986 5.3 cannot recompose it, so "/." goes in front, which
 * remove_dot_segments takes away again. */
static void keep_path_apart(iri_buf *out, size_t path_at, bool has_authority)
{
	if (!has_authority && out->len - path_at >= 2 && out->data[path_at] == '/' && out->data[path_at + 1] == '/')
		iri_buf_insert(out, path_at, "/.", 2);
}

/* RFC 3986 5.2.3 merge of a relative-path reference r with the base b, then
 * 5.2.4 remove_dot_segments, into out.  False when out of memory. */
static bool merge_paths(const iri_ref *b, const iri_ref *r, iri_buf *out)
{
	const iri_span b_path = b->comp[IRI_COMP_PATH];
	iri_buf merged;
	iri_buf_init(&merged);
	if (b->has_authority && b_path.end == b_path.start) {
		iri_buf_putc(&merged, '/');
	} else {
		size_t keep_end = b_path.end;
		while (keep_end > b_path.start && b->text[keep_end - 1] != '/')
			keep_end--;
		iri_buf_append(&merged, b->text + b_path.start, keep_end - b_path.start);
	}
	put_span(&merged, r, r->comp[IRI_COMP_PATH]);
	bool ok = !merged.failed;
	if (ok)
		iri_remove_dot_segments(merged.data, merged.len, out);
	iri_buf_fini(&merged);
	return ok;
}

/* RFC 3986 5.2.2: the target's path from the reference's or the base's;
 * *query_src becomes the base when an empty path takes its query too.
 * False when out of memory. */
static bool resolve_path(const iri_ref *b, const iri_ref *r, const iri_ref **query_src, iri_buf *out)
{
	const iri_span r_path = r->comp[IRI_COMP_PATH];
	const char *ref = r->text;
	if (r->comp[IRI_COMP_SCHEME].present || r->has_authority) {
		iri_remove_dot_segments(ref + r_path.start, r_path.end - r_path.start, out);
	} else if (r_path.end == r_path.start) {
		/* Empty path: the base path as is, and the base query unless the
		 * reference has one. */
		put_span(out, b, b->comp[IRI_COMP_PATH]);
		if (!r->comp[IRI_COMP_QUERY].present)
			*query_src = b;
	} else if (ref[r_path.start] == '/') {
		iri_remove_dot_segments(ref + r_path.start, r_path.end - r_path.start, out);
	} else {
		return merge_paths(b, r, out);
	}
	return true;
}

iri_resolve_result iri_resolve(const char *base, size_t base_len, const char *ref, size_t ref_len, iri_buf *out)
{
	iri_ref b, r;
	iri_buf_reset(out);
	iri_split(base, base_len, &b);
	iri_split(ref, ref_len, &r);
	/* RFC 3986 5.1: the base URI must be absolute (have a scheme); its
	 * fragment, if any, plays no part below. */
	if (!b.comp[IRI_COMP_SCHEME].present)
		return IRI_RESOLVE_BASE_NOT_ABSOLUTE;
	const iri_ref *scheme_src = &b, *auth_src = &b, *query_src = &r;
	bool r_has_scheme = r.comp[IRI_COMP_SCHEME].present;   /* strict: no "http:g" compatibility */
	if (r_has_scheme)
		scheme_src = &r;
	if (r_has_scheme || r.has_authority)
		auth_src = &r;

	/* RFC 3986 5.3 recomposition, with 5.2.2 deciding each part's source. */
	put_span(out, scheme_src, scheme_src->comp[IRI_COMP_SCHEME]);
	iri_buf_putc(out, ':');
	if (auth_src->has_authority) {
		iri_buf_puts(out, "//");
		put_span(out, auth_src, authority_span(auth_src));
	}
	size_t path_at = out->len;
	if (!resolve_path(&b, &r, &query_src, out))
		return IRI_RESOLVE_NO_MEMORY;
	keep_path_apart(out, path_at, auth_src->has_authority);
	if (query_src->comp[IRI_COMP_QUERY].present) {
		iri_buf_putc(out, '?');
		put_span(out, query_src, query_src->comp[IRI_COMP_QUERY]);
	}
	if (r.comp[IRI_COMP_FRAGMENT].present) {
		iri_buf_putc(out, '#');
		put_span(out, &r, r.comp[IRI_COMP_FRAGMENT]);
	}
	return out->failed ? IRI_RESOLVE_NO_MEMORY : IRI_RESOLVE_OK;
}

/* ---- RFC 3987 5.3 comparison ---------------------------------------------- */

static char ascii_lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

/* Expected length in bytes of a UTF-8 sequence from its lead byte, 0 if none. */
static size_t utf8_seq_bytes(uint8_t lead)
{
	if (lead >= 0xC2 && lead <= 0xDF)
		return 2;
	if (lead >= 0xE0 && lead <= 0xEF)
		return 3;
	if (lead >= 0xF0 && lead <= 0xF4)
		return 4;
	return 0;
}

/* RFC 3987 5.3.2.1 and 5.3.2.3 on text[start..end): "%HH" of an unreserved
 * ASCII character, and "%HH" runs that are well-formed UTF-8 of a ucschar
 * (iunreserved), are decoded; every other escape stays, with upper-case hex
 * digits -- so reserved characters, "%25" and invalid UTF-8 keep theirs.
 * lower_ascii lower-cases the (decoded) ASCII letters, for scheme and host. */
static void pct_normalize(const char *text, size_t start, size_t end, bool lower_ascii, iri_buf *out)
{
	size_t i = start;
	while (i < end) {
		uint8_t octet;
		if (!iri_pct_at(text, end, i, &octet)) {
			iri_buf_putc(out, lower_ascii ? ascii_lower(text[i]) : text[i]);
			i++;
			continue;
		}
		if (octet < 0x80) {
			if (iri_is_unreserved_ascii(octet))
				iri_buf_putc(out, lower_ascii ? ascii_lower((char)octet) : (char)octet);
			else
				iri_buf_put_pct(out, octet);
			i += 3;
			continue;
		}
		uint8_t seq[4] = { octet, 0, 0, 0 };
		size_t seq_bytes = utf8_seq_bytes(octet), got = 1;
		while (got < seq_bytes && iri_pct_at(text, end, i + 3 * got, &seq[got]))
			got++;
		uint32_t cp = 0;
		iri_utf8_status st = IRI_UTF8_OK;
		if (seq_bytes && got == seq_bytes && iri_utf8_decode(seq, seq_bytes, &cp, &st) == seq_bytes &&
		    st == IRI_UTF8_OK && iri_is_ucschar(cp)) {
			iri_buf_append(out, (const char *)seq, seq_bytes);
			i += 3 * seq_bytes;
		} else {
			/* Not an iunreserved character: keep this one escape (upper-case)
			 * and look at the next byte afresh. */
			iri_buf_put_pct(out, octet);
			i += 3;
		}
	}
}


/* True if port[0..len) is all digits and numerically equal to def. */
static bool port_is_default(const char *port, size_t len_bytes, int def)
{
	long v = 0;
	for (size_t j = 0; j < len_bytes; j++) {
		if (port[j] < '0' || port[j] > '9')
			return false;
		if (v <= 65535)
			v = v * 10 + (port[j] - '0');
	}
	return len_bytes > 0 && v == def;
}

/* RFC 3987 5.3.2.1 / 5.3.3 on the host text[host]: case-folded, escapes
 * normalised, and with dns_a_labels a non-ASCII name in A-label form (UTS
 * #46 nontransitional).  part and idna are scratch. */
static void normalize_host(iri_ctx *ctx, const char *text, const iri_span *host, bool dns_a_labels,
	iri_buf *part, iri_buf *idna, iri_buf *out)
{
	/* 5.3.2.1: the host is case-insensitive (ASCII letters; escapes keep
	 * upper-case hex digits) */
	iri_buf_reset(part);
	pct_normalize(text, host->start, host->end, true, part);
	bool non_ascii = false;
	for (size_t i = 0; i < part->len; i++)
		non_ascii |= (unsigned char)part->data[i] >= 0x80 || part->data[i] == '%';
	/* 5.3.3: a DNS host compares in A-label form, for the schemes known to
	 * use DNS (RFC 3987 3.1); an IP literal never does */
	if (dns_a_labels && non_ascii && part->data[0] != '[' &&
	    iri_idna_to_ascii(ctx, false, part->data, part->len, idna) == 0 && !idna->failed)
		iri_buf_append(out, idna->data, idna->len);
	else
		iri_buf_append(out, part->data ? part->data : "", part->len);
}

/* The authority of r (text) normalised into out: userinfo's escapes, the
 * host (normalize_host), the port unless RFC 3986 6.2.3 drops it. */
static void normalize_authority(iri_ctx *ctx, const iri_ref *r, bool scheme_based, int default_port,
	iri_buf *part, iri_buf *idna, iri_buf *out)
{
	const char *text = r->text;
	const iri_span *sc = &r->comp[IRI_COMP_SCHEME];
	const iri_span *ui = &r->comp[IRI_COMP_USERINFO], *host = &r->comp[IRI_COMP_HOST];
	const iri_span *port = &r->comp[IRI_COMP_PORT];
	iri_buf_puts(out, "//");
	if (ui->present) {
		pct_normalize(text, ui->start, ui->end, false, out);
		iri_buf_putc(out, '@');
	}
	bool dns = scheme_based && sc->present && iri_scheme_uses_dns(text + sc->start, sc->end - sc->start);
	normalize_host(ctx, text, host, dns, part, idna, out);
	if (port->present) {
		size_t port_bytes = port->end - port->start;
		/* RFC 3986 6.2.3: an empty port, or the scheme's default, is dropped */
		bool drop = scheme_based && (port_bytes == 0 ||
			(default_port >= 0 && port_is_default(text + port->start, port_bytes, default_port)));
		if (!drop) {
			iri_buf_append(out, text + host->end, port->start - host->end);   /* ":" */
			iri_buf_append(out, text + port->start, port_bytes);
		}
	}
}

/* A relative-path reference's path p[0..n) without the dot segments that
 * do not change its target, into out.  RFC 3986 5.2.2 resolves it as
 * remove_dot_segments(merge(Base.path, p)), and merge only puts the base's
 * directory in front, so "." segments and "seg/.." pairs go whatever the
 * base ("mid/content=5/../6" is "mid/6", 5.2.4's example); a ".." that
 * climbs above the reference's first segment stays ("a/../../b" is
 * "../b").  A path that ends in "." or ".." ends in "/" ("a/." is "a/");
 * one that comes to nothing is "./" (not "": an empty reference is the base
 * document itself, 5.2.2); "./" stays in front of a first segment with a
 * ":" or an empty one (RFC 3986 4.2; "a/..//b" is ".//b").  False when out
 * of memory. */
static bool relative_dot_segments(const char *p, size_t n, iri_buf *out)
{
	iri_buf segs;   /* the kept segments, each followed by "/" */
	iri_buf_init(&segs);
	size_t climbs = 0;
	bool dir_end = false;   /* the last segment was "." or ".." */
	for (size_t at = 0; at <= n;) {
		const char *slash = memchr(p + at, '/', n - at);
		size_t end = slash ? (size_t)(slash - p) : n;
		size_t len = end - at;
		dir_end = (len == 1 && p[at] == '.') || (len == 2 && p[at] == '.' && p[at + 1] == '.');
		if (len == 2 && dir_end) {
			if (segs.len == 0) {
				climbs++;
			} else {   /* drop the last kept segment and its "/" */
				segs.len--;
				while (segs.len > 0 && segs.data[segs.len - 1] != '/')
					segs.len--;
			}
		} else if (!dir_end) {
			iri_buf_append(&segs, p + at, len);
			iri_buf_putc(&segs, '/');
		}
		at = end + 1;
	}
	if (!dir_end && segs.len > 0)
		segs.len--;   /* the last segment's own "/" */
	const char *first = segs.data ? segs.data : "";
	size_t first_len = strcspn(first, "/");
	bool dot_slash = climbs == 0 && (segs.len == 0 || (segs.len > 0 && first[0] == '/') ||
		memchr(first, ':', first_len < segs.len ? first_len : segs.len) != NULL);
	if (dot_slash)
		iri_buf_puts(out, "./");
	for (size_t k = 0; k < climbs; k++)
		iri_buf_puts(out, "../");
	iri_buf_append(out, first, segs.len);
	bool ok = !segs.failed;
	iri_buf_fini(&segs);
	return ok;
}

/* The path of r (text) normalised into out; part is scratch.  False when
 * out of memory. */
static bool normalize_path(const iri_ref *r, int default_port, iri_buf *part, iri_buf *out)
{
	/* 5.3.2.3 before 5.3.2.4, so "%2E%2E" is a dot segment too */
	const iri_span *path = &r->comp[IRI_COMP_PATH];
	iri_buf_reset(part);
	pct_normalize(r->text, path->start, path->end, false, part);
	if (part->failed)
		return false;
	size_t path_at = out->len;
	if (part->len > 0 && (r->comp[IRI_COMP_SCHEME].present || r->has_authority || part->data[0] == '/')) {
		/* 5.3.2.4 (RFC 3986 6.2.2.3): remove_dot_segments on every path
		 * that is resolved as it stands (RFC 3986 5.2.2 applies it to a
		 * reference with a scheme or authority, and to an absolute path),
		 * rootless ones too: "s:foo/../p" is "s:/p". */
		iri_remove_dot_segments(part->data, part->len, out);
		/* "s:..///x" is "s:/.//x", as resolution writes it, not "s://x". */
		keep_path_apart(out, path_at, r->has_authority);
	} else if (part->len > 0) {
		/* A relative-path reference: what no base can tell apart. */
		if (!relative_dot_segments(part->data, part->len, out))
			return false;
	} else if (part->len == 0 && default_port >= 0 && r->has_authority) {
		iri_buf_putc(out, '/');   /* 5.3.3: "http://example.com" is "http://example.com/" */
	} else {
		iri_buf_append(out, part->data ? part->data : "", part->len);
	}
	return true;
}

/* Writes the RFC 3987 5.3.2 syntax-normalised form of text into *out, and
 * with scheme_based also the 5.3.3 steps.  False when out of memory. */
static bool normalize_iri(iri_ctx *ctx, const char *text, size_t len, bool scheme_based, iri_buf *out)
{
	bool ok = false;
	iri_ref r;
	iri_buf part, idna;
	iri_buf_init(&part);
	iri_buf_init(&idna);
	iri_buf_reset(out);
	iri_split(text, len, &r);
	const iri_span *sc = &r.comp[IRI_COMP_SCHEME];
	int default_port = -1;   /* >= 0: a scheme with RFC 3986 6.2.3 rules irie knows */
	if (sc->present) {
		/* 5.3.2.1: the scheme is case-insensitive */
		for (size_t i = sc->start; i < sc->end; i++)
			iri_buf_putc(out, ascii_lower(text[i]));
		iri_buf_putc(out, ':');
		if (scheme_based)
			default_port = iri_scheme_default_port(text + sc->start, sc->end - sc->start);
	}
	if (r.has_authority)
		normalize_authority(ctx, &r, scheme_based, default_port, &part, &idna, out);
	if (!normalize_path(&r, default_port, &part, out))
		goto out;
	if (r.comp[IRI_COMP_QUERY].present) {
		iri_buf_putc(out, '?');
		pct_normalize(text, r.comp[IRI_COMP_QUERY].start, r.comp[IRI_COMP_QUERY].end, false, out);
	}
	if (r.comp[IRI_COMP_FRAGMENT].present) {
		iri_buf_putc(out, '#');
		pct_normalize(text, r.comp[IRI_COMP_FRAGMENT].start, r.comp[IRI_COMP_FRAGMENT].end, false, out);
	}
	if (out->failed)
		goto out;
	/* RFC 3987 5.3.2.2: comparison MUST assume the IRIs are already in NFC
	 * and not normalise them; check reports NOT_NFC instead. */
	ok = true;
out:
	iri_buf_fini(&part);
	iri_buf_fini(&idna);
	return ok;
}

static bool bufs_equal(const iri_buf *a, const iri_buf *b)
{
	return a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

iri_compare_level iri_compare(iri_ctx *ctx, const char *a, size_t a_len, const char *b, size_t b_len)
{
	iri_compare_level level = IRI_CMP_DIFFERENT;
	iri_buf na, nb;
	iri_buf_init(&na);
	iri_buf_init(&nb);
	/* 5.3.1 simple string comparison */
	if (a_len == b_len && (a_len == 0 || memcmp(a, b, a_len) == 0)) {
		level = IRI_CMP_SIMPLE;
		goto out;
	}
	/* 5.3.2 syntax-based normalisation */
	if (!normalize_iri(ctx, a, a_len, false, &na) || !normalize_iri(ctx, b, b_len, false, &nb))
		goto out;
	if (bufs_equal(&na, &nb)) {
		level = IRI_CMP_SYNTAX;
		goto out;
	}
	/* 5.3.3 scheme-based normalisation */
	if (!normalize_iri(ctx, a, a_len, true, &na) || !normalize_iri(ctx, b, b_len, true, &nb))
		goto out;
	if (bufs_equal(&na, &nb))
		level = IRI_CMP_SCHEME;
out:
	iri_buf_fini(&na);
	iri_buf_fini(&nb);
	return level;
}
