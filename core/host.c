/* Hosts in every encoding: UTS #46 via ICU uidna, %-escaped UTF-8 (idn-uri
 * draft 2002) and, from zld.c, the 1998 ".i" zero-level domain (seed 000,
 * 3.2); the helpers core's host files share (host_internal.h).  The host
 * findings are host_diag.c's.
 *
 * Scratch: this module never touches the context's module buffers or
 * ctx->u16*, so a caller may hold data there across calls; it uses
 * short-lived local buffers, and the context's memo with its own buffer
 * (memo_value). */
#include <string.h>

#include <unicode/uidna.h>

#include "ctx_internal.h"
#include "host_internal.h"
#include "iri_chars.h"
#include "iri_host.h"
#include "iri_utf8.h"
#include "memo.h"

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

void host_scratch_init(iri_buf *b)
{
	iri_buf_init(b);
	b->cap = HOST_SCRATCH_CAP_BYTES;
}

/* Empties b and makes room for n_bytes written in place; false (and
 * failed set) past the cap or out of memory. */
bool host_make_room(iri_buf *b, size_t n_bytes)
{
	iri_buf_reset(b);
	return iri_buf_reserve(b, n_bytes);
}

bool host_has_ace_prefix(const char *s, size_t len)
{
	/* RFC 5890 2.3.2.1: the ACE prefix "xn--", compared case-insensitively. */
	return len >= 4 && host_ascii_lower(s[0]) == 'x' && host_ascii_lower(s[1]) == 'n' &&
		s[2] == '-' && s[3] == '-';
}

bool host_is_utf8(const char *s, size_t len)
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

bool host_has_pct_escape(const char *s, size_t len)
{
	for (size_t i = 0; i + 2 < len; i++)
		if (s[i] == '%' && iri_hex_value(s[i + 1]) >= 0 && iri_hex_value(s[i + 2]) >= 0)
			return true;
	return false;
}

/* The label of s[0..len) that starts at byte *pos, as [*lab_start,
 * *lab_end); *pos moves past its separator.  Returns false when no label
 * is left ("a." has two: "a" and the empty root label). */
bool host_next_label(const char *s, size_t len, size_t *pos, size_t *lab_start, size_t *lab_end)
{
	if (*pos > len)
		return false;
	size_t i = *pos, sep_bytes = 0;
	/* UTS #46 2.3: "." and the three full stops UTS #46 4 step 1 maps to it. */
	while (i < len && (sep_bytes = iri_label_separator_at(s + i, len - i)) == 0)
		i++;
	*lab_start = *pos;
	*lab_end = i;
	*pos = i < len ? i + sep_bytes : len + 1;
	return true;
}

/* ---- UTS #46 through ICU -------------------------------------------- */

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
uint32_t host_idna_run(const UIDNA *idna, idna_op op, const char *in, size_t len, iri_buf *out)
{
	uint32_t errors = 0;
	iri_buf_reset(out);
	if (len > HOST_MAX_BYTES) {
		errors = UIDNA_ERROR_DOMAIN_NAME_TOO_LONG;
		goto done;
	}
	size_t want_bytes = len + 16;
	for (int attempt = 0; attempt < 3; attempt++) {
		if (!host_make_room(out, want_bytes)) {
			errors = IDNA_CALL_FAILED;
			goto done;
		}
		UIDNAInfo info = UIDNA_INFO_INITIALIZER;
		UErrorCode err = U_ZERO_ERROR;
		/* One byte is kept for our own terminating NUL. */
		int32_t n_bytes = idna_call(idna, op, in, (int32_t)len, iri_buf_end(out),
			(int32_t)iri_buf_room(out), &info, &err);
		if (err == U_BUFFER_OVERFLOW_ERROR && n_bytes > 0) {
			want_bytes = (size_t)n_bytes;
			continue;
		}
		if (U_FAILURE(err) || n_bytes < 0 || (size_t)n_bytes > iri_buf_room(out)) {
			errors = IDNA_CALL_FAILED;
			goto done;
		}
		iri_buf_commit(out, (size_t)n_bytes);
		errors = info.errors;
		goto done;
	}
	errors = IDNA_CALL_FAILED;
done:
	return errors;
}

/* host_idna_run() through the context's memo: a name seen before is not given to
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
	errors = host_idna_run(idna, op, in, len, out);
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

/* ---- all forms of one host ------------------------------------------ */

bool host_name_has_ace_label(const char *s, size_t len)
{
	size_t pos = 0, a, b;
	while (host_next_label(s, len, &pos, &a, &b))
		if (host_has_ace_prefix(s + a, b - a))
			return true;
	return false;
}

static bool ends_with_zld(const char *s, size_t len)
{
	return len >= 3 && s[len - 2] == '.' && host_ascii_lower(s[len - 1]) == 'i';
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
bool host_reg_name_bytes(const char *s, size_t len)
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
	host_scratch_init(&decoded);
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
	if (host_has_pct_escape(host, len)) {
		out->input_form = IRI_HOSTFORM_PERCENT;
		iri_pct_decode(host, len, &decoded);
	} else if (ends_with_zld(host, len) && iri_zld_decode(host, len, &decoded)) {
		out->input_form = IRI_HOSTFORM_ZLD;
	} else {
		iri_buf_append(&decoded, host, len);
		if (host_name_has_ace_label(host, len))
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
	if (!host_is_utf8(text, text_len))
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
		if (host_reg_name_bytes(zsrc, zsrc_len))   /* else no .i form: stays empty */
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
