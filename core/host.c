/* Hosts in every encoding: UTS #46 via ICU uidna, %-escaped UTF-8 (idn-uri
 * draft 2002), the 1998 ".i" zero-level domain (seed 000, 3.2), and the host
 * findings of the diagnostics catalogue (UTS #46, RFC 1034, UTS #39 via uspoof).
 *
 * Scratch: this module never touches ctx->tmp or ctx->u16*, so a caller may
 * hold data there across calls; it uses short-lived local buffers, and the
 * context's memo with its own buffers (memo_value, host_record). */
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/uidna.h>
#include <unicode/uspoof.h>

#include "ctx_internal.h"
#include "iri_host.h"
#include "iri_utf8.h"
#include "memo.h"

/* Every buffer fed by a host is capped: no real host comes near 64 KiB
 * (RFC 1034 3.1 allows 253 bytes), so longer input is refused outright. */
#define HOST_MAX_BYTES ((size_t)64 * 1024)
/* Derived buffers: ToUnicode of punycode, %-escaping (x3) and the ZLD form
 * (up to 6 letters per 4-byte sequence) stay well under this. */
#define HOST_SCRATCH_CAP_BYTES (HOST_MAX_BYTES * 8)

/* Length problems of RFC 1034 3.1 (ICU reports them from ToASCII only). */
#define IDNA_LENGTH_ERRORS (UIDNA_ERROR_LABEL_TOO_LONG | UIDNA_ERROR_DOMAIN_NAME_TOO_LONG)
/* UTS #46 errors that are a hazard to whoever reads the name, not only a
 * name DNS refuses: the Bidi Rule (RFC 5893 2) and the contextual rules for
 * joiners and CONTEXTO characters (RFC 5892 Appendix A).  They stay errors
 * (BAD_IDN); every other UTS #46 failure means what RFC 3987 3.1 says of a
 * failed ToASCII, that the IRI "cannot be resolved" (NOT_DNS_NAME). */
#define IDNA_SECURITY_ERRORS (UIDNA_ERROR_BIDI | UIDNA_ERROR_CONTEXTJ | \
	UIDNA_ERROR_CONTEXTO_PUNCTUATION | UIDNA_ERROR_CONTEXTO_DIGITS)
/* Returned when ICU itself fails (bad argument, no memory) rather than
 * reporting a UTS #46 error: a bit of irie's own (iri_host.h). */
#define IDNA_CALL_FAILED IRI_IDNA_ERROR_PROCESSING

const char *iri_host_form_name(iri_host_form f)
{
	switch (f) {
	case IRI_HOSTFORM_UNICODE: return "UNICODE";
	case IRI_HOSTFORM_ACE: return "ACE";
	case IRI_HOSTFORM_PERCENT: return "PERCENT";
	case IRI_HOSTFORM_ZLD: return "ZLD";
	case IRI_HOSTFORM_ASCII: return "ASCII";
	}
	return "UNKNOWN";
}

const char *iri_host_result_name(iri_host_result r)
{
	switch (r) {
	case IRI_HOST_OK: return "OK";
	case IRI_HOST_BAD_INPUT: return "BAD_INPUT";
	case IRI_HOST_NO_MEMORY: return "NO_MEMORY";
	}
	return "UNKNOWN";
}

void iri_host_forms_init(iri_host_forms *f)
{
	iri_buf_init(&f->unicode);
	iri_buf_init(&f->idna);
	iri_buf_init(&f->idna_transitional);
	iri_buf_init(&f->percent);
	iri_buf_init(&f->zld);
	f->input_form = IRI_HOSTFORM_ASCII;
	f->unicode_errors = 0;
	f->idna_errors = 0;
	f->idna_transitional_errors = 0;
}

void iri_host_forms_fini(iri_host_forms *f)
{
	if (!f)
		return;
	iri_buf_fini(&f->unicode);
	iri_buf_fini(&f->idna);
	iri_buf_fini(&f->idna_transitional);
	iri_buf_fini(&f->percent);
	iri_buf_fini(&f->zld);
}

/* ---- small helpers ---------------------------------------------------- */

static void scratch_init(iri_buf *b)
{
	iri_buf_init(b);
	b->cap = HOST_SCRATCH_CAP_BYTES;
}

/* Makes b->data hold at least n_bytes + 1 bytes; leaves b empty. */
static bool buf_reserve(iri_buf *b, size_t n_bytes)
{
	static const char zeros[256];
	iri_buf_reset(b);
	while (b->alloc < n_bytes + 1) {
		size_t step_bytes = n_bytes + 1 - b->len;
		if (step_bytes > sizeof zeros)
			step_bytes = sizeof zeros;
		if (!iri_buf_append(b, zeros, step_bytes)) {
			iri_buf_reset(b);
			b->failed = true;
			return false;
		}
	}
	iri_buf_reset(b);
	return true;
}

static char ascii_lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

static bool has_ace_prefix(const char *s, size_t len)
{
	/* RFC 5890 2.3.2.1: the ACE prefix "xn--", compared case-insensitively. */
	return len >= 4 && ascii_lower(s[0]) == 'x' && ascii_lower(s[1]) == 'n' &&
		s[2] == '-' && s[3] == '-';
}

static bool is_utf8(const char *s, size_t len)
{
	const uint8_t *p = (const uint8_t *)s;
	size_t i = 0;
	while (i < len) {
		if (p[i] < 0x80) {
			i++;
			continue;
		}
		uint32_t cp;
		iri_utf8_status st = IRI_UTF8_OK;
		i += iri_utf8_decode(p + i, len - i, &cp, &st);
		if (st != IRI_UTF8_OK)
			return false;
	}
	return true;
}

/* RFC 3986 2.1: "%" HEXDIG HEXDIG is one octet; a lone "%" stays as it is. */

static bool has_pct_escape(const char *s, size_t len)
{
	for (size_t i = 0; i + 2 < len; i++)
		if (s[i] == '%' && iri_hex_value(s[i + 1]) >= 0 && iri_hex_value(s[i + 2]) >= 0)
			return true;
	return false;
}

/* UTS #46 4 step 1 maps these to U+002E: "." U+3002 U+FF0E U+FF61.
 * Returns the separator's length in bytes at s[i], or 0. */
static size_t label_separator_bytes(const char *s, size_t len, size_t i)
{
	const uint8_t *p = (const uint8_t *)s;
	if (p[i] < 0x80)
		return p[i] == '.';
	if (i + 3 > len)
		return 0;
	if (p[i] == 0xE3 && p[i + 1] == 0x80 && p[i + 2] == 0x82)
		return 3;   /* U+3002 IDEOGRAPHIC FULL STOP */
	if (p[i] == 0xEF && p[i + 1] == 0xBC && p[i + 2] == 0x8E)
		return 3;   /* U+FF0E FULLWIDTH FULL STOP */
	if (p[i] == 0xEF && p[i + 1] == 0xBD && p[i + 2] == 0xA1)
		return 3;   /* U+FF61 HALFWIDTH IDEOGRAPHIC FULL STOP */
	return 0;
}

/* The label of s[0..len) that starts at byte *pos, as [*lab_start,
 * *lab_end); *pos moves past its separator.  Returns false when no label
 * is left ("a." has two: "a" and the empty root label). */
static bool next_label(const char *s, size_t len, size_t *pos, size_t *lab_start, size_t *lab_end)
{
	if (*pos > len)
		return false;
	size_t i = *pos, sep_bytes = 0;
	while (i < len && (sep_bytes = label_separator_bytes(s, len, i)) == 0)
		i++;
	*lab_start = *pos;
	*lab_end = i;
	*pos = i < len ? i + sep_bytes : len + 1;
	return true;
}

/* ---- UTS #46 through ICU -------------------------------------------- */

typedef enum { IDNA_NAME_TO_ASCII, IDNA_NAME_TO_UNICODE, IDNA_LABEL_TO_ASCII, IDNA_LABEL_TO_UNICODE } idna_op;

static int32_t idna_call(const UIDNA *idna, idna_op op, const char *in, int32_t len,
	char *dest, int32_t cap_bytes, UIDNAInfo *info, UErrorCode *err)
{
	switch (op) {
	case IDNA_NAME_TO_ASCII:
		return uidna_nameToASCII_UTF8(idna, in, len, dest, cap_bytes, info, err);
	case IDNA_NAME_TO_UNICODE:
		return uidna_nameToUnicodeUTF8(idna, in, len, dest, cap_bytes, info, err);
	case IDNA_LABEL_TO_ASCII:
		return uidna_labelToASCII_UTF8(idna, in, len, dest, cap_bytes, info, err);
	case IDNA_LABEL_TO_UNICODE:
		return uidna_labelToUnicodeUTF8(idna, in, len, dest, cap_bytes, info, err);
	}
	*err = U_ILLEGAL_ARGUMENT_ERROR;
	return 0;
}

/* Runs one UTS #46 operation into out (reset first), growing on overflow.
 * Returns ICU's UIDNA_ERROR_* bits; IDNA_CALL_FAILED if ICU itself failed,
 * UIDNA_ERROR_DOMAIN_NAME_TOO_LONG for input over HOST_MAX_BYTES. */
static uint32_t idna_run(const UIDNA *idna, idna_op op, const char *in, size_t len, iri_buf *out)
{
	uint32_t errors = 0;
	iri_buf_reset(out);
	if (len > HOST_MAX_BYTES) {
		errors = UIDNA_ERROR_DOMAIN_NAME_TOO_LONG;
		goto done;
	}
	size_t want_bytes = len + 16;
	for (int attempt = 0; attempt < 3; attempt++) {
		if (!buf_reserve(out, want_bytes)) {
			errors = IDNA_CALL_FAILED;
			goto done;
		}
		UIDNAInfo info = UIDNA_INFO_INITIALIZER;
		UErrorCode err = U_ZERO_ERROR;
		/* One byte is kept for our own terminating NUL. */
		int32_t n_bytes = idna_call(idna, op, in, (int32_t)len, out->data,
			(int32_t)(out->alloc - 1), &info, &err);
		if (err == U_BUFFER_OVERFLOW_ERROR && n_bytes > 0) {
			want_bytes = (size_t)n_bytes;
			continue;
		}
		if (U_FAILURE(err) || n_bytes < 0 || (size_t)n_bytes >= out->alloc) {
			errors = IDNA_CALL_FAILED;
			goto done;
		}
		out->len = (size_t)n_bytes;
		out->data[out->len] = '\0';
		errors = info.errors;
		goto done;
	}
	errors = IDNA_CALL_FAILED;
done:
	return errors;
}

/* idna_run() through the context's memo: a name seen before is not given to
 * ICU again.  The value is the error bits, then the output. */
static uint32_t idna_memo_run(iri_ctx *ctx, iri_memo_kind kind, const UIDNA *idna, idna_op op,
	const char *in, size_t len, iri_buf *out)
{
	uint32_t errors;
	size_t value_bytes;
	const char *value = iri_memo_get(ctx->memo, kind, in, len, &value_bytes);
	if (value && value_bytes >= sizeof errors) {
		memcpy(&errors, value, sizeof errors);
		iri_buf_reset(out);
		if (iri_buf_append(out, value + sizeof errors, value_bytes - sizeof errors))
			return errors;
		return IDNA_CALL_FAILED;
	}
	errors = idna_run(idna, op, in, len, out);
	iri_buf *v = &ctx->memo_value;
	iri_buf_reset(v);
	/* Not a result to keep if memory ran out on the way. */
	if (!out->failed && !(errors & IDNA_CALL_FAILED) &&
	    iri_buf_append(v, (const char *)&errors, sizeof errors) &&
	    iri_buf_append(v, out->data ? out->data : "", out->len))
		iri_memo_put(ctx->memo, kind, in, len, v->data, v->len);
	return errors;
}

uint32_t iri_idna_to_ascii(iri_ctx *ctx, bool transitional, const char *in, size_t len, iri_buf *out)
{
	/* UTS #46 4.2 ToASCII, nontransitional unless asked otherwise. */
	return idna_memo_run(ctx, transitional ? IRI_MEMO_TO_ASCII_TRANSITIONAL : IRI_MEMO_TO_ASCII,
		transitional ? ctx->idna_transitional : ctx->idna, IDNA_NAME_TO_ASCII, in, len, out);
}

uint32_t iri_idna_to_unicode(iri_ctx *ctx, const char *in, size_t len, iri_buf *out)
{
	/* UTS #46 4.3 ToUnicode (nontransitional; no length checks). */
	return idna_memo_run(ctx, IRI_MEMO_TO_UNICODE, ctx->idna, IDNA_NAME_TO_UNICODE, in, len, out);
}

/* ---- 1998 zero-level domain (seed 000, 3.2) -------------------------- */

#define ZLD_SUFFIX ".i"

bool iri_zld_encode(const char *in, size_t len, iri_buf *out)
{
	static const char hex[] = "0123456789ABCDEF";
	const uint8_t *p = (const uint8_t *)in;
	bool ok = false;
	size_t label_cp = 0;
	iri_buf_reset(out);
	if (len == 0 || len > HOST_MAX_BYTES)
		goto done;
	for (size_t i = 0; i < len;) {
		if (p[i] == '.') {
			if (label_cp == 0)
				goto done;   /* an empty label has no encoding */
			iri_buf_putc(out, '.');
			label_cp = 0;
			i++;
			continue;
		}
		uint32_t cp = p[i];
		iri_utf8_status st = IRI_UTF8_OK;
		i += cp < 0x80 ? 1 : iri_utf8_decode(p + i, len - i, &cp, &st);
		if (st != IRI_UTF8_OK)
			goto done;
		/* Leading zero nibbles are dropped, except the last two (3.2). */
		int nibbles = 2;
		while (nibbles < 8 && (cp >> (4 * nibbles)) != 0)
			nibbles++;
		/* The first nibble as an "Initial" letter G..V, the rest as hex. */
		iri_buf_putc(out, (char)('G' + ((cp >> (4 * (nibbles - 1))) & 0xF)));
		for (int k = nibbles - 2; k >= 0; k--)
			iri_buf_putc(out, hex[(cp >> (4 * k)) & 0xF]);
		label_cp++;
	}
	if (label_cp == 0)
		goto done;   /* empty last label (trailing dot) */
	iri_buf_puts(out, ZLD_SUFFIX);
	ok = !out->failed;
done:
	if (!ok)
		iri_buf_reset(out);
	return ok;
}

bool iri_zld_decode(const char *in, size_t len, iri_buf *out)
{
	bool ok = false;
	iri_buf_reset(out);
	/* The name must end in the ".i" zero-level domain (seed 000, 2), with at
	 * least one encoded label before it. */
	if (len < 3 || len > HOST_MAX_BYTES || in[len - 2] != '.' || ascii_lower(in[len - 1]) != 'i')
		goto done;
	size_t body_len = len - 2;
	uint32_t cp = 0;
	int nibbles = 0;          /* nibbles of cp read so far; 0 = between code points */
	size_t label_cp = 0;
	for (size_t i = 0; i <= body_len; i++) {
		char c = i < body_len ? in[i] : '.';
		char u = (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c;
		bool initial = u >= 'G' && u <= 'V';
		int sub = iri_hex_value(u);
		if (c == '.' || initial) {
			/* Finish the code point in progress: at least two nibbles, no
			 * leading zero nibble beyond the last two (canonical form). */
			if (nibbles == 1)
				goto done;
			if (nibbles > 0) {
				if (nibbles > 2 && (cp >> (4 * (nibbles - 1))) == 0)
					goto done;
				/* No separators or NUL smuggled inside a label. */
				if (cp == '.' || cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
					goto done;
				iri_buf_put_cp(out, cp);
				label_cp++;
			}
			cp = 0;
			nibbles = 0;
		}
		if (c == '.') {
			if (label_cp == 0)
				goto done;   /* empty label */
			if (i < body_len)
				iri_buf_putc(out, '.');
			label_cp = 0;
		} else if (initial) {
			cp = (uint32_t)(u - 'G');
			nibbles = 1;
		} else if (sub >= 0 && nibbles > 0) {
			if (nibbles >= 6)
				goto done;   /* beyond U+10FFFF */
			cp = cp * 16 + (uint32_t)sub;
			nibbles++;
		} else {
			goto done;   /* a digit where an initial is needed, or not a letter at all */
		}
	}
	ok = !out->failed;
done:
	if (!ok)
		iri_buf_reset(out);
	return ok;
}

/* ---- all forms of one host ------------------------------------------ */

static bool name_has_ace_label(const char *s, size_t len)
{
	size_t pos = 0, a, b;
	while (next_label(s, len, &pos, &a, &b))
		if (has_ace_prefix(s + a, b - a))
			return true;
	return false;
}

static bool ends_with_zld(const char *s, size_t len)
{
	return len >= 3 && s[len - 2] == '.' && ascii_lower(s[len - 1]) == 'i';
}

/* A label with no bytes, other than the root's after a final dot (RFC 1034 3.1). */
bool iri_host_has_empty_label(const char *s, size_t len)
{
	if (len == 0 || s[0] == '.')
		return true;
	for (size_t i = 1; i + 1 < len; i++)
		if (s[i] == '.' && s[i - 1] == '.')
			return true;
	return len >= 2 && s[len - 1] == '.' && s[len - 2] == '.';
}

/* True if every byte is ASCII a reg-name allows unescaped (RFC 3986 3.2.2). */
static bool reg_name_bytes(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!iri_ascii_ok(IRI_COMP_HOST, (unsigned char)s[i]))
			return false;
	return true;
}

/* The idn-uri draft's (2002) form: the name's UTF-8, each byte a reg-name
 * does not allow as it is (non-ASCII, a decoded control or delimiter) as %HH
 * (upper case, RFC 3986 2.1). */
static void pct_encode_non_ascii(const char *s, size_t len, iri_buf *out)
{
	iri_buf_reset(out);
	for (size_t i = 0; i < len; i++) {
		uint8_t b = (uint8_t)s[i];
		if (!iri_ascii_ok(IRI_COMP_HOST, b))
			iri_buf_put_pct(out, b);
		else
			iri_buf_putc(out, (char)b);
	}
}

iri_host_result iri_host_analyse(iri_ctx *ctx, const char *host, size_t len, iri_host_forms *out)
{
	iri_host_result result = IRI_HOST_OK;
	iri_buf decoded;
	scratch_init(&decoded);
	out->input_form = IRI_HOSTFORM_ASCII;
	out->unicode_errors = out->idna_errors = out->idna_transitional_errors = 0;
	iri_buf_reset(&out->unicode);
	iri_buf_reset(&out->idna);
	iri_buf_reset(&out->idna_transitional);
	iri_buf_reset(&out->percent);
	iri_buf_reset(&out->zld);
	if (len > HOST_MAX_BYTES) {
		out->unicode_errors = out->idna_errors = out->idna_transitional_errors =
			UIDNA_ERROR_DOMAIN_NAME_TOO_LONG;
		result = IRI_HOST_BAD_INPUT;
		goto done;
	}

	/* Which form was given, and its Unicode text (not yet mapped). */
	if (has_pct_escape(host, len)) {
		out->input_form = IRI_HOSTFORM_PERCENT;
		iri_pct_decode(host, len, &decoded);
	} else if (ends_with_zld(host, len) && iri_zld_decode(host, len, &decoded)) {
		out->input_form = IRI_HOSTFORM_ZLD;
	} else {
		iri_buf_append(&decoded, host, len);
		if (name_has_ace_label(host, len))
			out->input_form = IRI_HOSTFORM_ACE;
		else if (!iri_utf8_is_ascii(host, len))
			out->input_form = IRI_HOSTFORM_UNICODE;
	}
	if (decoded.failed) {
		result = IRI_HOST_NO_MEMORY;
		goto done;
	}
	const char *text = decoded.data ? decoded.data : "";
	size_t text_len = decoded.len;
	if (!is_utf8(text, text_len))
		result = IRI_HOST_BAD_INPUT;   /* ICU sees U+FFFD and reports it */

	out->unicode_errors = iri_idna_to_unicode(ctx, text, text_len, &out->unicode);
	out->idna_errors = iri_idna_to_ascii(ctx, false, text, text_len, &out->idna);
	out->idna_transitional_errors = iri_idna_to_ascii(ctx, true, text, text_len, &out->idna_transitional);
	/* The 2002 idn-uri draft's form is of the Unicode name: A-labels are
	 * decoded first, as .i input is (when ToUnicode could). */
	bool ace_decoded = out->input_form == IRI_HOSTFORM_ACE && out->unicode_errors == 0 && out->unicode.data;
	pct_encode_non_ascii(ace_decoded ? out->unicode.data : text, ace_decoded ? out->unicode.len : text_len,
		&out->percent);

	/* The .i form of the mapped name; if mapping failed, of the input text. */
	const char *zsrc = out->unicode_errors == 0 ? out->unicode.data : text;
	size_t zsrc_len = out->unicode_errors == 0 ? out->unicode.len : text_len;
	if (!zsrc)
		zsrc = "";
	if (iri_utf8_is_ascii(zsrc, zsrc_len)) {
		if (reg_name_bytes(zsrc, zsrc_len))   /* else no .i form: stays empty */
			iri_buf_append(&out->zld, zsrc, zsrc_len);
	}
	else
		iri_zld_encode(zsrc, zsrc_len, &out->zld);   /* stays empty if impossible */

	if (out->unicode.failed || out->idna.failed || out->idna_transitional.failed ||
	    out->percent.failed || out->zld.failed)
		result = IRI_HOST_NO_MEMORY;
done:
	iri_buf_fini(&decoded);
	return result;
}

/* ---- diagnostics ----------------------------------------------------- */

typedef struct {
	iri_ctx *ctx;
	const char *text;
	iri_diags *diags;
	size_t host_start;  /* recorded findings are relative to it */
	iri_buf *record;    /* every finding added, for the memo (ctx->host_record) */
	iri_buf label;      /* one label, %-decoded */
	iri_buf conv;       /* ICU output */
	iri_buf skeleton;   /* UTS #39 skeleton */
	bool idn;           /* the name has non-ASCII or "xn--" labels */
	bool flagged_bad;   /* some label got BAD_IDN */
} host_scan;

/* One recorded finding: the arguments of iri_diags_add(), start and end
 * relative to the host, a suggestion length of -1 for none. */
typedef struct {
	int32_t code;
	uint32_t rel_start, rel_end;
	int32_t suggestion_bytes;
	int64_t detail;
} host_finding;

/* Adds a host finding to the list and to the record the memo keeps, so that
 * replaying the record later makes exactly the same calls. */
static void host_emit(host_scan *sc, iri_diag_code code, size_t start, size_t end, int64_t detail,
	const char *suggestion, size_t suggestion_bytes)
{
	iri_diags_add(sc->diags, code, IRI_COMP_HOST, start, end, detail, suggestion, suggestion_bytes);
	host_finding f = {
		.code = (int32_t)code,
		.rel_start = (uint32_t)(start - sc->host_start),
		.rel_end = (uint32_t)(end - sc->host_start),
		.suggestion_bytes = suggestion ? (int32_t)suggestion_bytes : -1,
		.detail = detail,
	};
	iri_buf_append(sc->record, (const char *)&f, sizeof f);
	if (suggestion)
		iri_buf_append(sc->record, suggestion, suggestion_bytes);
}

/* Replays a record made by host_emit() for a host starting at host_start. */
static void host_replay(iri_diags *diags, size_t host_start, const char *rec, size_t rec_bytes)
{
	size_t at = 0;
	while (rec_bytes - at >= sizeof(host_finding)) {
		host_finding f;
		memcpy(&f, rec + at, sizeof f);
		at += sizeof f;
		size_t sug_bytes = f.suggestion_bytes > 0 ? (size_t)f.suggestion_bytes : 0;
		if (sug_bytes > rec_bytes - at)
			break;
		iri_diags_add(diags, (iri_diag_code)f.code, IRI_COMP_HOST, host_start + f.rel_start,
			host_start + f.rel_end, f.detail, f.suggestion_bytes < 0 ? NULL : rec + at, sug_bytes);
		at += sug_bytes;
	}
}

/* A label's or name's UTS #46 errors (bits without the length ones). */
static void emit_idna_errors(host_scan *sc, size_t start, size_t end, uint32_t bits)
{
	host_emit(sc, (bits & IDNA_SECURITY_ERRORS) ? IRI_D_BAD_IDN : IRI_D_NOT_DNS_NAME, start, end,
		(int64_t)bits, NULL, 0);
	sc->flagged_bad = true;
}

/* UTS46_VERSION: the first character of lab[0..lab_len) whose UTS #46
 * mapping changed between versions (core/uts46.c's table). */
static void note_version_change(host_scan *sc, size_t start, size_t end, const char *lab, size_t lab_len)
{
	const uint8_t *p = (const uint8_t *)lab;
	for (size_t i = 0; i < lab_len;) {
		uint32_t cp = p[i];
		iri_utf8_status st = IRI_UTF8_OK;
		i += cp < 0x80 ? 1 : iri_utf8_decode(p + i, lab_len - i, &cp, &st);
		if (st == IRI_UTF8_OK && cp >= 0x80 && iri_uts46_change_find(cp)) {
			host_emit(sc, IRI_D_UTS46_VERSION, start, end, (int64_t)cp, NULL, 0);
			return;
		}
	}
}

/* UTS #39 4: a skeleton made only of [a-z0-9-] means the label looks like
 * an ASCII (Latin) name although it is not one. */
static bool is_ldh(const char *s, size_t len)
{
	if (len == 0)
		return false;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
			return false;
	}
	return true;
}

/* A label with right-to-left characters (bidi class R or AL) is shown in
 * reverse order, so its logical-order skeleton does not describe what the
 * reader sees as an ASCII name (UAX #9; RFC 5893 1). */
static bool has_rtl(const char *s, size_t len)
{
	const uint8_t *p = (const uint8_t *)s;
	for (size_t i = 0; i < len;) {
		uint32_t cp = p[i];
		iri_utf8_status st = IRI_UTF8_OK;
		i += cp < 0x80 ? 1 : iri_utf8_decode(p + i, len - i, &cp, &st);
		UCharDirection dir = u_charDirection((UChar32)cp);
		if (dir == U_RIGHT_TO_LEFT || dir == U_RIGHT_TO_LEFT_ARABIC)
			return true;
	}
	return false;
}

/* UTS #39 on one label's Unicode form; true if it found something. */
static bool spoof_label(host_scan *sc, const char *u, size_t u_len, size_t start, size_t end, bool raw_is_ace)
{
	bool flagged = false;
	if (iri_utf8_is_ascii(u, u_len) || u_len > INT32_MAX)
		return false;
	USpoofChecker *spoof = iri_ctx_spoof(sc->ctx);   /* opened on first use */
	if (!spoof)
		return false;   /* only when out of memory */
	UErrorCode err = U_ZERO_ERROR;
	/* UTS #39 5.2 restriction level (Moderately Restrictive, set in ctx). */
	int32_t checks = uspoof_check2UTF8(spoof, u, (int32_t)u_len, sc->ctx->spoof_result, &err);
	if (U_SUCCESS(err) && (checks & (USPOOF_RESTRICTION_LEVEL | USPOOF_MIXED_NUMBERS))) {
		URestrictionLevel level = uspoof_getCheckResultRestrictionLevel(sc->ctx->spoof_result, &err);
		host_emit(sc, IRI_D_MIXED_SCRIPT, start, end,
			U_SUCCESS(err) ? (int64_t)level : 0, NULL, 0);
		flagged = true;
	}
	/* UTS #39 4: skeleton; a non-ASCII left-to-right label whose skeleton
	 * is plain LDH is a lookalike of an ASCII label (detail 1).  Whole-script
	 * confusables (detail 2) have no ICU API since ICU 58 and are not sought. */
	if (has_rtl(u, u_len))
		return flagged;
	err = U_ZERO_ERROR;
	for (int attempt = 0; attempt < 2; attempt++) {
		size_t want_bytes = attempt == 0 ? u_len * 2 + 16 : sc->skeleton.alloc;
		if (!buf_reserve(&sc->skeleton, want_bytes))
			return flagged;
		err = U_ZERO_ERROR;
		int32_t n_bytes = uspoof_getSkeletonUTF8(spoof, 0, u, (int32_t)u_len,
			sc->skeleton.data, (int32_t)(sc->skeleton.alloc - 1), &err);
		if (err == U_BUFFER_OVERFLOW_ERROR && n_bytes > 0 && attempt == 0) {
			if (!buf_reserve(&sc->skeleton, (size_t)n_bytes))
				return flagged;
			continue;
		}
		if (U_FAILURE(err) || n_bytes < 0 || (size_t)n_bytes >= sc->skeleton.alloc)
			return flagged;
		sc->skeleton.len = (size_t)n_bytes;
		sc->skeleton.data[n_bytes] = '\0';
		break;
	}
	if (U_FAILURE(err) || !is_ldh(sc->skeleton.data, sc->skeleton.len))
		return flagged;
	/* The suggestion is the label's A-label: the form that shows it is not
	 * the ASCII name it imitates (the skeleton itself is no fix). */
	uint32_t a_errors = raw_is_ace ? 1 : idna_run(sc->ctx->idna, IDNA_LABEL_TO_ASCII, u, u_len, &sc->skeleton);
	/* (Written as an A-label already: nothing to suggest.) */
	host_emit(sc, IRI_D_CONFUSABLE, start, end, 1,
		a_errors == 0 ? sc->skeleton.data : NULL, a_errors == 0 ? sc->skeleton.len : 0);
	return true;
}

/* One label's bytes lab[0..lab_len), unescaped, at text[start..end). */
static void scan_one_label(host_scan *sc, size_t start, size_t end, const char *lab, size_t lab_len)
{
	if (!sc->idn) {
		/* RFC 1034 3.1 on a plain ASCII label. */
		if (lab_len > IRI_DNS_LABEL_MAX_BYTES)
			host_emit(sc, IRI_D_DNS_LENGTH_LIMIT, start, end, 0, NULL, 0);
		return;
	}
	if (lab_len == 0)
		return;   /* empty labels are judged on the whole name */
	note_version_change(sc, start, end, lab, lab_len);

	/* UTS #46 4.2 ToASCII per label, to put errors on the right label. */
	uint32_t a_errors = idna_run(sc->ctx->idna, IDNA_LABEL_TO_ASCII, lab, lab_len, &sc->conv);
	if (a_errors & UIDNA_ERROR_LABEL_TOO_LONG)
		host_emit(sc, IRI_D_DNS_LENGTH_LIMIT, start, end, 0, NULL, 0);
	uint32_t bad = a_errors & ~(uint32_t)IDNA_LENGTH_ERRORS;
	if (bad)
		emit_idna_errors(sc, start, end, bad);

	/* UTS #46 4.3 ToUnicode: the text to judge for spoofing. */
	uint32_t u_errors = idna_run(sc->ctx->idna, IDNA_LABEL_TO_UNICODE, lab, lab_len, &sc->conv);
	bool spoof = u_errors == 0 && !bad && sc->conv.data &&
		spoof_label(sc, sc->conv.data, sc->conv.len, start, end, has_ace_prefix(lab, lab_len));
	if (has_ace_prefix(lab, lab_len)) {
		/* RFC 5891 5.5: an A-label has a U-label to show instead -- but
		 * not one UTS #39 warns about: that would undo the warning's fix. */
		if (u_errors == 0)
			host_emit(sc, IRI_D_ACE_LABEL, start, end, 0,
				spoof ? NULL : sc->conv.data, spoof ? 0 : sc->conv.len);
		else if (!bad)
			emit_idna_errors(sc, start, end, u_errors);
	}
}

/* One label at text[start..end) (raw, possibly %-escaped). */
static void scan_label(host_scan *sc, size_t start, size_t end, bool raw_pct)
{
	if (!raw_pct) {
		/* Used in place (no copy per keystroke). */
		scan_one_label(sc, start, end, sc->text + start, end - start);
		return;
	}
	if (!iri_pct_decode(sc->text + start, end - start, &sc->label))
		return;
	/* RFC 3986 2.1: "%2E" is a ".", so "a%2Eb" holds two labels; each
	 * is judged on its own, at the raw span they share. */
	const char *lab = sc->label.data ? sc->label.data : "";
	size_t pos = 0, a, b;
	while (next_label(lab, sc->label.len, &pos, &a, &b))
		scan_one_label(sc, start, end, lab + a, b - a);
}

/* as_dns: a plain ASCII name is judged by UTS #46 too, label by label. */
static void host_diagnose(iri_ctx *ctx, const char *text, size_t host_start, size_t host_end, iri_diags *diags,
	bool as_dns)
{
	host_scan sc;
	iri_buf whole;
	memset(&sc, 0, sizeof sc);
	sc.ctx = ctx;
	sc.text = text;
	sc.diags = diags;
	sc.host_start = host_start;
	sc.record = &ctx->host_record;
	iri_buf_reset(sc.record);
	scratch_init(&sc.label);
	scratch_init(&sc.conv);
	scratch_init(&sc.skeleton);
	scratch_init(&whole);
	if (host_end <= host_start)
		goto done;
	const char *host = text + host_start;
	size_t len = host_end - host_start;
	/* The findings depend on the host's bytes alone: a host seen before
	 * gets its recorded findings again, at its own position.  A plain ASCII name costs less to check than to look up. */
	bool pct = has_pct_escape(host, len), ascii = iri_utf8_is_ascii(host, len);
	bool ace = ascii && name_has_ace_label(host, len);
	bool memoise = !as_dns && (pct || !ascii || ace);   /* the memo holds the ordinary findings */
	size_t rec_bytes;
	const char *rec = memoise ? iri_memo_get(ctx->memo, IRI_MEMO_HOST_DIAGS, host, len, &rec_bytes) : NULL;
	if (rec) {
		host_replay(diags, host_start, rec, rec_bytes);
		goto done;
	}
	if (len > HOST_MAX_BYTES) {
		host_emit(&sc, IRI_D_DNS_LENGTH_LIMIT, host_start, host_end, 0, NULL, 0);
		goto done;
	}
	const char *name = host;
	size_t name_len = len;
	if (pct) {
		if (!iri_pct_decode(host, len, &whole))
			goto done;
		name = whole.data ? whole.data : "";
		name_len = whole.len;
		/* Escapes that are not UTF-8: check reports INVALID_UTF8 there, and
		 * nothing more can be said of the name. */
		if (!is_utf8(name, name_len))
			goto done;
	}
	sc.idn = as_dns || (pct ? !iri_utf8_is_ascii(name, name_len) || name_has_ace_label(name, name_len) : !ascii || ace);
	/* An escape that decodes to what no reg-name holds -- a control, a space,
	 * a delimiter ("a%0A.example") -- or to an empty label ("a%2E%2Eb")
	 * makes no DNS name (RFC 1034 3.1, 3.5). */
	if (pct && !sc.idn && (!reg_name_bytes(name, name_len) || iri_host_has_empty_label(name, name_len)))
		emit_idna_errors(&sc, host_start, host_end, UIDNA_ERROR_DISALLOWED);

	/* Whole-name ToASCII (UTS #46 4.2): bidi (RFC 5893) and the name length
	 * are properties of the whole name, not of one label. */
	uint32_t name_errors = 0;
	if (sc.idn || pct)
		name_errors = iri_idna_to_ascii(ctx, false, name, name_len, &sc.conv);
	if (pct)
		/* idn-uri draft 2002 / RFC 3987 3.1: suggest the A-label form. */
		host_emit(&sc, IRI_D_PERCENT_ENCODED_HOST, host_start, host_end, 0,
			name_errors == 0 ? sc.conv.data : NULL, name_errors == 0 ? sc.conv.len : 0);
	if (!sc.idn)
		name_errors = 0;   /* plain ASCII names are not judged by UTS #46 */

	size_t pos = host_start, a, b;
	while (next_label(text, host_end, &pos, &a, &b))
		scan_label(&sc, a, b, pct);

	/* RFC 1034 3.1: 253 characters without the root's trailing dot. */
	bool name_too_long;
	if (sc.idn) {
		name_too_long = (name_errors & UIDNA_ERROR_DOMAIN_NAME_TOO_LONG) != 0;
	} else {
		size_t n = name_len;
		if (n > 0 && name[n - 1] == '.')
			n--;
		name_too_long = n > IRI_DNS_NAME_MAX_BYTES;
	}
	if (name_too_long)
		host_emit(&sc, IRI_D_DNS_LENGTH_LIMIT, host_start, host_end, 0, NULL, 0);
	uint32_t name_bad = name_errors & ~(uint32_t)IDNA_LENGTH_ERRORS;
	if (name_bad && !sc.flagged_bad)
		emit_idna_errors(&sc, host_start, host_end, name_bad);
	if (memoise && !sc.record->failed && !sc.label.failed && !sc.conv.failed && !sc.skeleton.failed && !whole.failed)
		iri_memo_put(ctx->memo, IRI_MEMO_HOST_DIAGS, host, len, sc.record->data ? sc.record->data : "",
			sc.record->len);
done:
	iri_buf_fini(&sc.label);
	iri_buf_fini(&sc.conv);
	iri_buf_fini(&sc.skeleton);
	iri_buf_fini(&whole);
}

void iri_host_diagnose(iri_ctx *ctx, const char *text, size_t host_start, size_t host_end, iri_diags *diags)
{
	host_diagnose(ctx, text, host_start, host_end, diags, false);
}

void iri_host_diagnose_dns(iri_ctx *ctx, const char *text, size_t host_start, size_t host_end, iri_diags *diags)
{
	/* Said already (check's findings on a non-ASCII or %-escaped name):
	 * the same judgement twice would only repeat it. */
	for (size_t i = 0; i < iri_diags_count(diags); i++) {
		const iri_diag *d = iri_diags_get(diags, i);
		if ((d->code == IRI_D_BAD_IDN || d->code == IRI_D_NOT_DNS_NAME) && d->component == IRI_COMP_HOST &&
		    d->byte_start >= host_start && d->byte_end <= host_end)
			return;
	}
	host_diagnose(ctx, text, host_start, host_end, diags, true);
}
