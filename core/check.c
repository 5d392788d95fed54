/* iri_check: the diagnostics catalogue (core/diag.c) over one IRI reference.
 * One pass over the code points for character findings, then per-component
 * checks (escapes, NFC, bidi rules in check_bidi.c, host, port, path,
 * userinfo). */
#include <string.h>

#include <strings.h>

#include <unicode/uchar.h>
#include <unicode/uidna.h>
#include <unicode/utf16.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

#include "check_bidi.h"
#include "ctx_internal.h"
#include "iri_chars.h"
#include "iri_check.h"
#include "iri_host.h"
#include "iri_resolve.h"
#include "iri_scheme.h"
#include "iri_utf8.h"

static bool is_c0_c1_del(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F);
}

/* The joiner at byte i (3 bytes): its neighbours decide (iri_joiner_in_context). */
static bool joiner_in_context(const uint8_t *s, size_t len, size_t i, uint32_t joiner)
{
	size_t p = i;
	uint32_t prev = 0, next = 0;
	iri_utf8_status st;
	size_t end = i;
	while (p > 0) {
		do
			p--;
		while (p > 0 && (s[p] & 0xC0) == 0x80);
		iri_utf8_decode(s + p, end - p, &prev, &st);
		if (st != IRI_UTF8_OK)
			prev = 0;
		if (!prev || !iri_is_emoji_element_tail(prev))
			break;
		end = p;   /* ❤️‍🔥: look past the selector to the pictograph */
	}
	if (i + 3 < len) {
		iri_utf8_decode(s + i + 3, len - i - 3, &next, &st);
		if (st != IRI_UTF8_OK)
			next = 0;
	}
	return iri_joiner_in_context(prev, joiner, next);
}

static void add_escaped_suggestion(iri_diags *d, iri_diag_code code, iri_component comp,
	const char *text, size_t start, size_t end, int64_t detail)
{
	char sug[64];
	size_t n = 0;
	static const char hex[] = "0123456789ABCDEF";
	for (size_t k = start; k < end && n + 3 < sizeof sug; k++) {
		uint8_t b = (uint8_t)text[k];
		sug[n++] = '%';
		sug[n++] = hex[b >> 4];
		sug[n++] = hex[b & 0xF];
	}
	iri_diags_add(d, code, comp, start, end, detail, sug, n);
}

/* Characters the component's ABNF rejects, each under its most telling
 * code.  Returns true if the ABNF allows cp there. */
static bool check_syntax_cp(iri_diags *d, const char *text, size_t i, size_t n,
	uint32_t cp, iri_component comp)
{
	if (comp == IRI_COMP_NONE)
		return false;
	iri_parse_result res = iri_parse_check_cp(comp, cp, IRI_PARSE_IRI);
	if (res == IRI_PARSE_OK)
		return true;
	if (is_c0_c1_del(cp))
		add_escaped_suggestion(d, IRI_D_CONTROL_CHARACTER, comp, text, i, i + n, cp);
	else if (iri_is_bidi_control(cp))
		iri_diags_add(d, IRI_D_BIDI_FORMATTING_CHARACTER, comp, i, i + n, cp, "", 0);
	else if (res == IRI_PARSE_PRIVATE_USE)
		add_escaped_suggestion(d, IRI_D_PRIVATE_USE_CHARACTER, comp, text, i, i + n, cp);
	else if (iri_is_noncharacter(cp))
		iri_diags_add(d, IRI_D_NONCHARACTER, comp, i, i + n, cp, NULL, 0);
	else if (iri_is_unwise_ascii(cp))
		add_escaped_suggestion(d, IRI_D_SPACE_OR_UNWISE, comp, text, i, i + n, cp);
	else if (comp == IRI_COMP_SCHEME && cp >= 0x80)
		iri_diags_add(d, IRI_D_NON_ASCII_SCHEME, comp, i, i + n, cp, NULL, 0);
	else {
		iri_diags_add(d, IRI_D_SYNTAX, comp, i, i + n, res, NULL, 0);
		/* Tag characters (U+E0000..E0FFF) are outside ucschar, so an error
		 * above (RFC 3987 2.2); being invisible, they are also named, with
		 * the fix (UTS #39 3.1). */
		if (cp >= 0xE0000 && u_charType((UChar32)cp) == U_FORMAT_CHAR)
			iri_diags_add(d, IRI_D_INVISIBLE_CHARACTER, comp, i, i + n, cp, "", 0);
	}
	return false;
}

/* The NFKC form of one code point as UTF-8 into out (at most 64 bytes); its
 * length, or 0 if it could not be made. */
static size_t nfkc_of(iri_ctx *ctx, uint32_t cp, char *out)
{
	UChar src[2], dst[24];
	int32_t n = 0;
	UBool bad = 0;
	U16_APPEND(src, n, 2, (UChar32)cp, bad);
	UErrorCode err = U_ZERO_ERROR;
	int32_t m = unorm2_normalize(ctx->nfkc, src, n, dst, 24, &err);
	if (bad || U_FAILURE(err))
		return 0;
	int32_t bytes = 0;
	u_strToUTF8(out, 64, &bytes, dst, m, &err);
	return U_SUCCESS(err) && bytes < 64 ? (size_t)bytes : 0;
}

/* Findings about one well-formed non-ASCII code point that the ABNF allows.
 * Returns its class. */
static uint8_t check_unicode_cp(iri_ctx *ctx, iri_diags *d, const char *text, size_t len, size_t i, size_t n,
	uint32_t cp, iri_component comp)
{
	uint8_t cls = iri_cp_class(ctx, cp);
	if (cls & IRI_CPC_LOOKALIKE) {
		char target = iri_lookalike_target(cp);
		/* UTS #46 4 step 1 maps U+3002, U+FF0E and U+FF61 to "." in hosts:
		 * there they are label separators, not lookalikes. */
		bool uts46_dot = iri_is_label_separator(cp);
		if ((target != '.' || comp == IRI_COMP_HOST) && !(comp == IRI_COMP_HOST && uts46_dot)) {
			add_escaped_suggestion(d, IRI_D_LOOKALIKE_DELIMITER, comp, text, i, i + n, cp);
			return cls;
		}
	}
	switch (cls & IRI_CPC_KIND) {
	case IRI_CPC_WHITESPACE:
		add_escaped_suggestion(d, IRI_D_UNICODE_WHITESPACE, comp, text, i, i + n, cp);
		break;
	case IRI_CPC_UNASSIGNED:
		if (!iri_is_iprivate(cp) && !iri_is_noncharacter(cp))
			iri_diags_add(d, IRI_D_UNASSIGNED_CHARACTER, comp, i, i + n, cp, NULL, 0);
		break;
	case IRI_CPC_IGNORABLE:
		if (iri_is_bidi_control(cp))
			iri_diags_add(d, IRI_D_BIDI_FORMATTING_CHARACTER, comp, i, i + n, cp, "", 0);
		else if (!((cp == 0x200C || cp == 0x200D) &&
		           joiner_in_context((const uint8_t *)text, len, i, cp)))
			iri_diags_add(d, IRI_D_INVISIBLE_CHARACTER, comp, i, i + n, cp, "", 0);
		break;
	case IRI_CPC_DEPRECATED:
		iri_diags_add(d, IRI_D_DEPRECATED_CHARACTER, comp, i, i + n, cp, NULL, 0);
		break;
	case IRI_CPC_NOT_NFKC: {
		char sug[64];
		size_t k = nfkc_of(ctx, cp, sug);
		/* Not if the NFKC form holds a delimiter (℅ is "c/o"): replacing
		 * would change the IRI's structure, not just its spelling. */
		for (size_t q = 0; q < k; q++) {
			uint32_t a = (unsigned char)sug[q];
			if (iri_is_gen_delim(a) || a == '%' || (comp == IRI_COMP_HOST && iri_is_sub_delim(a)))
				k = 0;
		}
		iri_diags_add(d, IRI_D_NOT_NFKC, comp, i, i + n, cp, k ? sug : NULL, k);
		break;
	}
	default:
		break;
	}
	return cls;
}

/* The component at byte i and the byte where that answer may change (the
 * next start or end of a component): asked once per component, not per byte. */
static iri_component component_run(const iri_ref *ref, size_t i, size_t *run_end)
{
	size_t next = ref->len;
	for (int k = 0; k < IRI_COMP_COUNT; k++) {
		const iri_span *sp = &ref->comp[k];
		if (!sp->present)
			continue;
		if (sp->start > i && sp->start < next)
			next = sp->start;
		if (sp->end > i && sp->end < next)
			next = sp->end;
	}
	*run_end = next;
	return iri_ref_component_at(ref, i);
}

/* Pass 1: every code point.  Returns true if every non-ASCII code point is
 * one that NFC leaves alone whatever surrounds it, so the text is NFC. */
static bool check_code_points(iri_ctx *ctx, const iri_ref *ref, iri_diags *d)
{
	bool nfc_stable = true;
	const char *text = ref->text;
	size_t len = ref->len;
	const uint8_t *s = (const uint8_t *)text;
	size_t run_end = 0;
	iri_component comp = IRI_COMP_NONE;
	for (size_t i = 0; i < len;) {
		if (i >= run_end)
			comp = component_run(ref, i, &run_end);
		/* ASCII the component allows: nothing to say (the common case). */
		while (i < run_end && iri_ascii_ok(comp, s[i]))
			i++;
		if (i >= run_end)
			continue;
		uint32_t cp = s[i];
		size_t n = 1;
		if (cp >= 0x80) {
			iri_utf8_status st;
			n = iri_utf8_decode(s + i, len - i, &cp, &st);
			if (st != IRI_UTF8_OK) {
				add_escaped_suggestion(d, IRI_D_INVALID_UTF8, comp, text, i, i + n, st);
				nfc_stable = false;
				i += n;
				continue;
			}
		}
		if (cp == '%') {
			uint8_t octet;
			bool escape = iri_pct_at(text, len, i, &octet);
			if (!escape)
				iri_diags_add(d, IRI_D_ILLEGAL_PERCENT_ENCODING, comp, i, i + 1, 0, "%25", 3);
			else if (comp == IRI_COMP_SCHEME || comp == IRI_COMP_PORT)
				iri_diags_add(d, IRI_D_SYNTAX, comp, i, i + 3,
					comp == IRI_COMP_SCHEME ? IRI_PARSE_BAD_SCHEME : IRI_PARSE_BAD_PORT, NULL, 0);
			i += escape ? 3 : 1;
			continue;
		}
		const iri_span *hs = &ref->comp[IRI_COMP_HOST];
		bool ip_literal = comp == IRI_COMP_HOST && hs->end > hs->start && text[hs->start] == '[';
		if (comp == IRI_COMP_PORT ||
		    (ip_literal && cp > 0x20 && cp < 0x7F && !iri_is_unwise_ascii(cp))) {
			/* Ports and IP literals (even broken ones: "[::1" is one
			 * SYNTAX finding, not one per ":") are checked whole below;
			 * controls, spaces and non-ASCII in a literal still are. */
			nfc_stable &= cp < 0x80;
			i += n;
			continue;
		}
		/* A control between components is reported as the path's. */
		iri_component at = comp == IRI_COMP_NONE && is_c0_c1_del(cp) ? IRI_COMP_PATH : comp;
		uint8_t cls = 0;
		if (check_syntax_cp(d, text, i, n, cp, at) && cp >= 0x80)
			cls = check_unicode_cp(ctx, d, text, len, i, n, cp, at);
		if (cp >= 0x80 && !(cls & IRI_CPC_NFC_STABLE))
			nfc_stable = false;
		i += n;
	}
	return nfc_stable;
}

/* Structural parse errors that are not about a single character. */
static void check_structure(const iri_ref *ref, iri_diags *d)
{
	const iri_span *sc = &ref->comp[IRI_COMP_SCHEME];
	if (sc->present && sc->end > sc->start && !u_isalpha((UChar32)(unsigned char)ref->text[0]) &&
	    (unsigned char)ref->text[0] < 0x80)
		iri_diags_add(d, IRI_D_SYNTAX, IRI_COMP_SCHEME, 0, 1, IRI_PARSE_BAD_SCHEME, NULL, 0);
	switch (ref->result) {
	case IRI_PARSE_BAD_IP_LITERAL:
	case IRI_PARSE_JUNK_AFTER_IP_LITERAL:
	case IRI_PARSE_UNTERMINATED_IP_LITERAL: {
		const iri_span *h = &ref->comp[IRI_COMP_HOST];
		size_t end = ref->result == IRI_PARSE_JUNK_AFTER_IP_LITERAL ? ref->comp[IRI_COMP_PORT].end : h->end;
		iri_diags_add(d, IRI_D_SYNTAX, ref->error_comp, ref->error_comp == IRI_COMP_PORT ?
			ref->comp[IRI_COMP_PORT].start : h->start, end, ref->result, NULL, 0);
		break;
	}
	case IRI_PARSE_BAD_PORT:
	case IRI_PARSE_PORT_OUT_OF_RANGE: {
		const iri_span *p = &ref->comp[IRI_COMP_PORT];
		iri_diags_add(d, IRI_D_SYNTAX, IRI_COMP_PORT, p->start, p->end, ref->result, NULL, 0);
		break;
	}
	case IRI_PARSE_COLON_IN_FIRST_SEGMENT: {
		const iri_span *pa = &ref->comp[IRI_COMP_PATH];
		size_t e = pa->start;
		while (e < pa->end && ref->text[e] != '/')
			e++;
		/* RFC 3986 4.2: "./" in front keeps the colon out of the scheme;
		 * the suggestion replaces the span, so it is "./" and the segment. */
		iri_buf sug;
		iri_buf_init(&sug);
		iri_buf_puts(&sug, "./");
		iri_buf_append(&sug, ref->text + pa->start, e - pa->start);
		iri_diags_add(d, IRI_D_SYNTAX, IRI_COMP_PATH, pa->start, e, ref->result,
			sug.failed ? NULL : sug.data, sug.failed ? 0 : sug.len);
		iri_buf_fini(&sug);
		break;
	}
	default:
		break;
	}
	/* The parse result is only the first violation: a port after an earlier
	 * one is checked here (a non-digit, or above 65535).  Junk after an IP
	 * literal is reported above, once. */
	const iri_span *p = &ref->comp[IRI_COMP_PORT];
	bool reported = ref->result == IRI_PARSE_BAD_PORT || ref->result == IRI_PARSE_PORT_OUT_OF_RANGE ||
	                ref->result == IRI_PARSE_JUNK_AFTER_IP_LITERAL;
	if (p->present && !reported) {
		uint32_t value = 0;
		bool digits = true;
		for (size_t k = p->start; k < p->end; k++) {
			unsigned char c = (unsigned char)ref->text[k];
			if (c < '0' || c > '9') {
				iri_diags_add(d, IRI_D_SYNTAX, IRI_COMP_PORT, k, p->end, IRI_PARSE_BAD_PORT, NULL, 0);
				digits = false;
				break;
			}
			if (value <= 65535)
				value = value * 10 + (c - '0');
		}
		if (digits && value > 65535)
			iri_diags_add(d, IRI_D_SYNTAX, IRI_COMP_PORT, p->start, p->end,
				IRI_PARSE_PORT_OUT_OF_RANGE, NULL, 0);
	}
}

/* RFC 3986 2.1: escapes SHOULD use upper-case hex digits. */
static void check_escape_case(const char *text, size_t i, iri_component comp, iri_diags *d)
{
	char up[3] = { '%', text[i + 1], text[i + 2] };
	bool lower = false;
	for (int z = 1; z < 3; z++) {
		if (up[z] >= 'a' && up[z] <= 'f') {
			up[z] = (char)(up[z] - 'a' + 'A');
			lower = true;
		}
	}
	if (lower)
		iri_diags_add(d, IRI_D_PERCENT_LOWERCASE, comp, i, i + 3, 0, up, 3);
}

/* An escape in a host that decodes to a control or a bidi formatting
 * character: the name that is looked up and shown holds it (RFC 3987 3.1
 * and 5.3.3 decode a host before ToASCII), so it is the error it is
 * unescaped -- RFC 3987 4.1 forbids bidi formatting characters; a control
 * in a name is a spoofing hazard ("evil.com%00.example.com") -- under any
 * scheme.  Elsewhere an escape is how such a character may be carried. */
static void host_escaped_hazard(iri_diags *d, size_t start, size_t end, uint32_t cp)
{
	if (is_c0_c1_del(cp))
		iri_diags_add(d, IRI_D_CONTROL_CHARACTER, IRI_COMP_HOST, start, end, cp, NULL, 0);
	else if (iri_is_bidi_control(cp))
		iri_diags_add(d, IRI_D_BIDI_FORMATTING_CHARACTER, IRI_COMP_HOST, start, end, cp, "", 0);
}

/* Escapes: their case, superfluous ones (RFC 3986 2.3), and whether the
 * octets are well-formed UTF-8 (RFC 3987 3.2; RFC 3629 3 and 10). */
static void check_escapes(const iri_ref *ref, iri_diags *d)
{
	const char *text = ref->text;
	size_t len = ref->len;
	for (size_t i = 0; i < len;) {
		const char *pct = memchr(text + i, '%', len - i);
		if (!pct)
			break;
		i = (size_t)(pct - text);
		uint8_t octet;
		if (!iri_pct_at(text, len, i, &octet)) {
			i++;
			continue;
		}
		iri_component comp = iri_ref_component_at(ref, i);
		if (comp == IRI_COMP_SCHEME || comp == IRI_COMP_PORT) {
			i += 3;   /* reported as SYNTAX */
			continue;
		}
		if (octet < 0x80) {
			check_escape_case(text, i, comp, d);
			if (comp == IRI_COMP_HOST && is_c0_c1_del(octet))
				host_escaped_hazard(d, i, i + 3, octet);
			if (iri_is_unreserved_ascii(octet) && comp != IRI_COMP_HOST) {
				char c = (char)octet;
				iri_diags_add(d, IRI_D_SUPERFLUOUS_PERCENT_ENCODING, comp, i, i + 3, octet, &c, 1);
			}
			i += 3;
			continue;
		}
		/* Up to 4 octets of one UTF-8 sequence. */
		uint8_t oct[4];
		size_t k = 0;
		while (k < 4 && iri_pct_at(text, len, i + 3 * k, &oct[k]))
			k++;
		uint32_t cp;
		iri_utf8_status st;
		size_t m = iri_utf8_decode(oct, k, &cp, &st);
		size_t end = i + 3 * m;
		if (st == IRI_UTF8_OVERLONG)
			iri_diags_add(d, IRI_D_OVERLONG_UTF8_ESCAPE, comp, i, end, st, NULL, 0);
		else if (st == IRI_UTF8_SURROGATE)
			iri_diags_add(d, IRI_D_SURROGATE_ESCAPE, comp, i, end, st, NULL, 0);
		else if (st != IRI_UTF8_OK)
			iri_diags_add(d, comp == IRI_COMP_HOST ? IRI_D_INVALID_UTF8 : IRI_D_NOT_UTF8_ESCAPE,
				comp, i, end, st, NULL, 0);
		if (st == IRI_UTF8_OK && comp == IRI_COMP_HOST)
			host_escaped_hazard(d, i, end, cp);
		else if (st == IRI_UTF8_OK && iri_is_bidi_control(cp))
			/* RFC 3987 3.2 keeps it escaped (4.1 bars it from IRIs), so
			 * irie's own forms are safe; a program that decodes escapes
			 * for display would reorder what follows (a "gpj.exe" trick). */
			iri_diags_add(d, IRI_D_ESCAPED_BIDI_FORMATTING, comp, i, end, cp, NULL, 0);
		for (size_t q = i; q < end; q += 3)
			check_escape_case(text, q, comp, d);
		i = end;
	}
}

/* RFC 3987 5.3.2.2: each component in NFC.  The span starts at the last
 * normalisation boundary before the first character that quick-check does
 * not pass, and the suggestion is the NFC form of the span. */
static void check_nfc(iri_ctx *ctx, const iri_ref *ref, iri_diags *d)
{
	for (int k = 0; k < IRI_COMP_COUNT; k++) {
		const iri_span *sp = &ref->comp[k];
		if (!sp->present || sp->end == sp->start)
			continue;
		const char *s = ref->text + sp->start;
		size_t n = sp->end - sp->start;
		bool ascii = true;
		for (size_t q = 0; q < n && ascii; q++)
			ascii = (unsigned char)s[q] < 0x80;
		if (ascii)
			continue;
		int32_t n16 = iri_ctx_to_u16(&ctx->u16, &ctx->u16_cap, s, n);
		if (n16 < 0)
			continue;   /* invalid UTF-8 is reported already */
		UErrorCode err = U_ZERO_ERROR;
		int32_t yes16 = unorm2_spanQuickCheckYes(ctx->nfc, ctx->u16, n16, &err);
		if (U_FAILURE(err) || yes16 == n16)
			continue;
		if (unorm2_isNormalized(ctx->nfc, ctx->u16, n16, &err) || U_FAILURE(err))
			continue;   /* "maybe" that turned out fine */
		while (yes16 > 0) {
			UChar32 c;
			int32_t at = yes16;
			U16_GET(ctx->u16, 0, at, n16, c);
			if (unorm2_hasBoundaryBefore(ctx->nfc, c))
				break;
			U16_BACK_1(ctx->u16, 0, yes16);
		}
		int32_t prefix_bytes = 0;
		err = U_ZERO_ERROR;
		u_strToUTF8(NULL, 0, &prefix_bytes, ctx->u16, yes16, &err);
		err = U_ZERO_ERROR;
		int32_t rest16 = n16 - yes16;
		if (!iri_ctx_u16_reserve(&ctx->u16b, &ctx->u16b_cap, (size_t)rest16 * 3 + 1))
			continue;
		int32_t m16 = unorm2_normalize(ctx->nfc, ctx->u16 + yes16, rest16, ctx->u16b,
			(int32_t)ctx->u16b_cap, &err);
		iri_buf *sug = &ctx->check_suggestion;
		iri_buf_reset(sug);
		if (U_FAILURE(err) || !iri_buf_reserve(sug, (size_t)m16 * 3))
			continue;
		int32_t n8 = 0;
		u_strToUTF8(iri_buf_end(sug), (int32_t)iri_buf_room(sug), &n8, ctx->u16b, m16, &err);
		if (U_FAILURE(err))
			continue;
		iri_diags_add(d, IRI_D_NOT_NFC, (iri_component)k, sp->start + (size_t)prefix_bytes,
			sp->end, 0, sug->data, (size_t)n8);
	}
}

/* A DNS name has no empty label but the root's (RFC 1034 3.1; UTS #46 4.2
 * VerifyDnsLength).  UTS #46 already says so for an IDN; a plain ASCII name
 * of a scheme whose hosts are DNS names ("http://a..b/") is checked here.
 * It is still a valid reg-name (RFC 3986 3.2.2): NOT_DNS_NAME, a warning. */
static void check_empty_labels(const iri_ref *ref, iri_diags *d)
{
	const iri_span *h = &ref->comp[IRI_COMP_HOST];
	for (size_t i = 0; i < iri_diags_count(d); i++) {
		const iri_diag *g = iri_diags_get(d, i);
		if ((g->code == IRI_D_BAD_IDN || g->code == IRI_D_NOT_DNS_NAME) && g->component == IRI_COMP_HOST)
			return;   /* said already, with UTS #46's reasons */
	}
	for (size_t i = h->start; i < h->end; i++) {
		if (ref->text[i] != '.' || (i > h->start && ref->text[i - 1] != '.'))
			continue;
		/* The suggestion deletes the dot that makes the empty label. */
		iri_diags_add(d, IRI_D_NOT_DNS_NAME, IRI_COMP_HOST, i, i + 1, UIDNA_ERROR_EMPTY_LABEL, "", 0);
	}
}

static void check_parts(iri_ctx *ctx, const iri_ref *ref, iri_diags *d)
{
	const char *text = ref->text;
	const iri_span *sc = &ref->comp[IRI_COMP_SCHEME], *ui = &ref->comp[IRI_COMP_USERINFO];
	const iri_span *h = &ref->comp[IRI_COMP_HOST], *po = &ref->comp[IRI_COMP_PORT];
	const iri_span *pa = &ref->comp[IRI_COMP_PATH];
	if (ui->present && memchr(text + ui->start, ':', ui->end - ui->start)) {
		/* RFC 3986 3.2.1: "user:password" is deprecated. */
		const char *colon = memchr(text + ui->start, ':', ui->end - ui->start);
		size_t pw = (size_t)(colon - text) + 1;
		/* The password; an empty one is shown by its ":" (no empty span). */
		iri_diags_add(d, IRI_D_PASSWORD_IN_USERINFO, IRI_COMP_USERINFO,
			pw < ui->end ? pw : pw - 1, ui->end, 0, NULL, 0);
	}
	/* RFC 3987 3.1: ToASCII, and so every IDNA and DNS finding, is for
	 * "schemes known to use domain names"; under any other scheme a
	 * reg-name is any run of unreserved, escapes and sub-delims (RFC 3986
	 * 3.2.2), judged only by the character checks above. */
	if (h->present && ref->host_kind == IRI_HOST_REG_NAME && h->end > h->start && iri_ref_host_is_dns(ref)) {
		iri_host_diagnose(ctx, text, h->start, h->end, d);
		check_empty_labels(ref, d);
	} else if (h->present && ref->host_kind == IRI_HOST_REG_NAME && h->end > h->start) {
		/* UTS #39 is about what a reader sees: a spoof is one under
		 * any scheme, known to irie or not. */
		iri_host_diagnose_spoof(ctx, text, h->start, h->end, d);
	}
	if (sc->present && po->present && po->end > po->start && text[po->start - 1] == ':') {
		int dp = iri_scheme_default_port(text + sc->start, sc->end - sc->start);
		long v = 0;
		for (size_t k = po->start; k < po->end && v >= 0 && v < 100000; k++)
			v = text[k] >= '0' && text[k] <= '9' ? v * 10 + (text[k] - '0') : -1;
		if (dp >= 0 && v == dp)
			iri_diags_add(d, IRI_D_DEFAULT_PORT, IRI_COMP_PORT, po->start - 1, po->end, dp, "", 0);
	}
	/* RFC 3986 5.2.4: dot segments in a path that is resolved, i.e. one that
	 * has a scheme or authority or starts with "/". */
	if (pa->present && pa->end > pa->start && (sc->present || ref->has_authority || text[pa->start] == '/')) {
		bool dots = false;
		size_t seg = pa->start;
		for (size_t i = pa->start; i <= pa->end && !dots; i++) {
			if (i == pa->end || text[i] == '/') {
				size_t n = i - seg;
				if ((n == 1 && text[seg] == '.') || (n == 2 && text[seg] == '.' && text[seg + 1] == '.'))
					dots = true;
				seg = i + 1;
			}
		}
		if (dots) {
			iri_buf *sug = &ctx->check_suggestion;
			iri_buf_reset(sug);
			iri_remove_dot_segments(text + pa->start, pa->end - pa->start, sug);
			iri_diags_add(d, IRI_D_DOT_SEGMENT, IRI_COMP_PATH, pa->start, pa->end, 0,
				sug->data ? sug->data : "", sug->len);
		}
	}
}

/* Seed 001 3.1: a URI can be many times longer than its IRI (Thai: 9 ASCII
 * characters per letter); worth knowing where lengths are limited.  Reported
 * only when the URI is also long (past the 255 characters that old software
 * and many databases limit URIs to), so an ordinary short IRI in its own
 * script gets no finding (doc/design-notes.md, "No noise"). */
static void check_expansion(const iri_ref *ref, iri_diags *d)
{
	size_t cps = ref->cp_len, uri_chars = 0;
	for (size_t i = 0; i < ref->len; i++)
		uri_chars += (unsigned char)ref->text[i] >= 0x80 ? 3 : 1;
	if (cps > 0 && uri_chars >= 3 * cps && uri_chars >= IRI_CHECK_EXPANSION_MIN_CHARS)
		iri_diags_add(d, IRI_D_URI_EXPANSION, IRI_COMP_NONE, 0, ref->len, (int64_t)uri_chars, NULL, 0);
}

void iri_check(iri_ctx *ctx, const char *text, size_t len, iri_ref *ref_out, iri_diags *d)
{
	iri_ref ref;
	iri_diags_clear(d);
	iri_parse(text, len, IRI_PARSE_IRI, &ref);
	/* ASCII text has no right-to-left character and does not grow when
	 * mapped: those passes have nothing to find. */
	bool ascii = iri_utf8_is_ascii(text, len);
	bool nfc_stable = check_code_points(ctx, &ref, d);
	check_structure(&ref, d);
	check_escapes(&ref, d);
	if (!nfc_stable)
		check_nfc(ctx, &ref, d);
	if (!ascii)
		iri_check_bidi(&ref, d);
	check_parts(ctx, &ref, d);
	if (!ascii)
		check_expansion(&ref, d);
	iri_diags_finish(d, text, len);
	if (ref_out)
		*ref_out = ref;
}
