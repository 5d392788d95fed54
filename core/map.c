/* IRI -> URI (RFC 3987 3.1) and URI -> IRI (RFC 3987 3.2). */
#include <string.h>

#include <unicode/ucnv.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

#include "ctx_internal.h"
#include "iri_chars.h"
#include "iri_host.h"
#include "iri_map.h"
#include "iri_scheme.h"
#include "iri_utf8.h"

/* A charset run longer than this is cut (and read as two runs). */
#define CHARSET_RUN_MAX_OCTETS IRI_CTX_CHARSET_RUN_MAX

const char *iri_map_result_name(iri_map_result r)
{
	switch (r) {
	case IRI_MAP_OK: return "OK";
	case IRI_MAP_NO_MEMORY: return "NO_MEMORY";
	case IRI_MAP_BAD_CHARSET: return "BAD_CHARSET";
	}
	return "UNKNOWN";
}

/* RFC 3987 3.1 step 1 variants A/B: NFC on the whole text.  Returns false if
 * the text is already NFC or cannot be normalised (invalid UTF-8); the text is
 * then mapped as it is. */
static bool nfc_into(iri_ctx *ctx, const char *text, size_t len, iri_buf *out)
{
	if (iri_utf8_is_ascii(text, len))
		return false;
	int32_t n16 = iri_ctx_to_u16(&ctx->u16, &ctx->u16_cap, text, len);
	if (n16 < 0)
		return false;
	UErrorCode err = U_ZERO_ERROR;
	if (unorm2_isNormalized(ctx->nfc, ctx->u16, n16, &err) || U_FAILURE(err))
		return false;
	err = U_ZERO_ERROR;
	/* NFC can grow a string by at most a factor of 3 (UAX #15 9). */
	if (!iri_ctx_u16_reserve(&ctx->u16b, &ctx->u16b_cap, (size_t)n16 * 3 + 1))
		return false;
	int32_t m16 = unorm2_normalize(ctx->nfc, ctx->u16, n16, ctx->u16b, (int32_t)ctx->u16b_cap, &err);
	if (U_FAILURE(err))
		return false;
	/* UTF-8 needs at most 3 bytes per UTF-16 code unit. */
	iri_buf_reset(out);
	if (!iri_buf_reserve(out, (size_t)m16 * 3))
		return false;
	int32_t n8 = 0;
	u_strToUTF8(iri_buf_end(out), (int32_t)iri_buf_room(out), &n8, ctx->u16b, m16, &err);
	if (U_FAILURE(err))
		return false;
	iri_buf_commit(out, (size_t)n8);
	return true;
}

/* RFC 3987 3.1 step 2 for one byte outside the host: ASCII that URIs allow is
 * kept, everything else becomes %HH.  A "%" that does not start an escape is
 * itself escaped, so the result is a URI and mapping it again changes nothing. */
static void map_byte(const char *text, size_t len, size_t i, iri_buf *out, size_t *step)
{
	unsigned char c = (unsigned char)text[i];
	uint8_t octet;
	*step = 1;
	if (c == '%') {
		if (iri_pct_at(text, len, i, &octet)) {
			iri_buf_append(out, text + i, 3);
			*step = 3;
		} else {
			iri_buf_put_pct(out, '%');
		}
		return;
	}
	/* RFC 3987 3.1 also allows escaping the ASCII that URIs forbid. */
	if (c >= 0x80 || c < 0x20 || c == 0x7F || iri_is_unwise_ascii(c))
		iri_buf_put_pct(out, c);
	else
		iri_buf_putc(out, (char)c);
}

/* Printable ASCII that map_byte() copies unchanged. */
static bool kept_ascii(unsigned char c)
{
	return c > 0x20 && c < 0x7F && c != '%' && !iri_is_unwise_ascii(c);
}

/* off (may be NULL): off[i] = where input byte i's output starts. */
static void map_bytes(const char *text, size_t len, size_t from, size_t to, iri_buf *out, size_t *off)
{
	size_t step;
	for (size_t i = from; i < to; i += step) {
		size_t at = out->len;
		/* A run of kept ASCII is copied at once (the common case). */
		size_t run = i;
		while (run < to && kept_ascii((unsigned char)text[run]))
			run++;
		if (run > i) {
			iri_buf_append(out, text + i, run - i);
			for (size_t k = i; off && k < run; k++)
				off[k] = at + (k - i);
			step = run - i;
			continue;
		}
		map_byte(text, len, i, out, &step);
		for (size_t k = 0; off && k < step; k++)
			off[i + k] = at;
	}
}

/* The host of RFC 3987 3.1: converted only if written with non-ASCII
 * characters, so an ASCII host (A-labels, %-escapes) is left as it is and
 * mapping twice changes nothing. */
static void map_host(iri_ctx *ctx, const char *text, size_t len, size_t hs, size_t he,
	iri_host_mode mode, iri_buf *out, size_t *off)
{
	if (mode == IRI_HOSTMODE_PERCENT || iri_utf8_is_ascii(text + hs, he - hs)) {
		map_bytes(text, len, hs, he, out, off);
		return;
	}
	iri_buf *decoded = &ctx->map_host_decoded, *conv = &ctx->map_host_converted;
	iri_pct_decode(text + hs, he - hs, decoded);
	bool ok = false;
	if (!decoded->failed) {
		if (mode == IRI_HOSTMODE_IDNA)
			ok = iri_idna_to_ascii(ctx, false, decoded->data, decoded->len, conv) == 0;
		else
			ok = iri_zld_encode(decoded->data, decoded->len, conv);
	}
	/* UTS #46 failed: fall back to %-escaped UTF-8 (RFC 3987 3.1 step 2),
	 * which check reports as NOT_DNS_NAME (or BAD_IDN). */
	if (ok && !conv->failed) {
		/* The host is converted whole: all its bytes map to its start. */
		for (size_t i = hs; off && i < he; i++)
			off[i] = out->len;
		iri_buf_append(out, conv->data, conv->len);
	} else {
		map_bytes(text, len, hs, he, out, off);
	}
}

iri_map_result iri_to_uri(iri_ctx *ctx, const char *text, size_t len,
	const iri_to_uri_opts *opts, iri_buf *out)
{
	return iri_to_uri_offsets(ctx, text, len, opts, out, NULL);
}

iri_map_result iri_to_uri_offsets(iri_ctx *ctx, const char *text, size_t len,
	const iri_to_uri_opts *opts, iri_buf *out, size_t *offsets)
{
	iri_to_uri_opts defaults = { .nfc = false, .host = IRI_HOSTMODE_IDNA };
	if (!opts)
		opts = &defaults;
	iri_buf_reset(out);
	iri_buf *normalised = &ctx->map_text;
	if (opts->nfc && nfc_into(ctx, text, len, normalised)) {
		text = normalised->data;
		len = normalised->len;
		offsets = NULL;   /* they would describe the normalised text */
	}
	iri_ref ref;
	iri_split(text, len, &ref);
	const iri_span *h = &ref.comp[IRI_COMP_HOST];
	if (h->present && h->end > h->start && text[h->start] != '[') {
		map_bytes(text, len, 0, h->start, out, offsets);
		/* RFC 3987 3.1: A-labels (and the 1998 form) only for "schemes
		 * known to use domain names"; any other host is %-escaped UTF-8,
		 * step 2's default, whatever the mode. */
		iri_host_mode mode = iri_ref_host_is_dns(&ref) ? opts->host : IRI_HOSTMODE_PERCENT;
		map_host(ctx, text, len, h->start, h->end, mode, out, offsets);
		map_bytes(text, len, h->end, len, out, offsets);
	} else {
		map_bytes(text, len, 0, len, out, offsets);
	}
	if (offsets)
		offsets[len] = out->len;
	return out->failed ? IRI_MAP_NO_MEMORY : IRI_MAP_OK;
}

/* ---- URI -> IRI ---------------------------------------------------------- */

/* The last code point written to out (past emoji presentation selectors and
 * skin tones, as a joiner's neighbour), or 0. */
static uint32_t last_cp(const iri_buf *out)
{
	size_t end = out->len;
	while (end > 0) {
		size_t p = end - 1;
		while (p > 0 && U8_IS_TRAIL(out->data[p]))
			p--;
		uint32_t cp;
		iri_utf8_status st;
		iri_utf8_decode((const uint8_t *)out->data + p, end - p, &cp, &st);
		if (st != IRI_UTF8_OK)
			return 0;
		if (!iri_is_emoji_element_tail(cp))
			return cp;
		end = p;
	}
	return 0;
}

/* The code point that oct[k..n) starts with, or else the raw character at
 * text[after] (0 if none): the neighbour a decoded joiner would have. */
static uint32_t next_cp(const uint8_t *oct, size_t k, size_t n, const char *text, size_t len, size_t after)
{
	uint32_t cp = 0;
	iri_utf8_status st;
	if (k < n)
		iri_utf8_decode(oct + k, n - k, &cp, &st);
	else if (after < len && text[after] != '%')
		iri_utf8_decode((const uint8_t *)text + after, len - after, &cp, &st);
	else
		return 0;
	return st == IRI_UTF8_OK ? cp : 0;
}

/* RFC 3987 3.2 steps 2-4 on a run of escapes text[s..e) (all "%HH"), whose
 * octets are oct[0..n): decode what is UTF-8 and appropriate, keep the rest
 * as it was written (or re-escaped in upper case, as the RFC's examples do). */
static void decode_run_utf8(const char *text, size_t len, size_t s, size_t e, const uint8_t *oct, size_t n,
	iri_component comp, iri_buf *out)
{
	size_t k = 0;
	while (k < n) {
		if (oct[k] < 0x80) {
			/* Step 2: only unreserved ASCII is decoded; "%", reserved and
			 * forbidden ASCII stay escaped as written. */
			if (iri_is_unreserved_ascii(oct[k]))
				iri_buf_putc(out, (char)oct[k]);
			else
				iri_buf_append(out, text + s + 3 * k, 3);
			k++;
			continue;
		}
		uint32_t cp;
		iri_utf8_status st;
		size_t m = iri_utf8_decode(oct + k, n - k, &cp, &st);
		bool ok = st == IRI_UTF8_OK && iri_is_appropriate_decoded(comp, cp);
		if (st == IRI_UTF8_OK && (cp == 0x200C || cp == 0x200D) &&
		    iri_parse_check_cp(comp, cp, IRI_PARSE_IRI) == IRI_PARSE_OK)
			ok = iri_joiner_in_context(last_cp(out), cp, next_cp(oct, k + m, n, text, len, e));
		if (ok) {
			iri_buf_append(out, (const char *)oct + k, m);
		} else {
			/* Steps 3 and 4: re-percent-encode. */
			for (size_t j = 0; j < m; j++)
				iri_buf_put_pct(out, oct[k + j]);
		}
		k += m;
	}
}

/* The run of a --charset escape at text[i] (decode_charset_run): its
 * octets into octets, n of them, where each came from in ctx->octet_at
 * (one more entry: the run's end).  Returns the run's end in bytes. */
static size_t gather_charset_run(iri_ctx *ctx, const char *text, size_t len, size_t i,
	const iri_ref *ref, iri_component comp, iri_buf *octets, size_t *n_octets)
{
	const iri_span *h = &ref->comp[IRI_COMP_HOST];
	size_t e = i, n = 0;
	bool after_high = false;
	iri_buf_reset(octets);
	while (e < len && !(h->present && e == h->start) && iri_ref_component_at(ref, e) == comp &&
	       n < CHARSET_RUN_MAX_OCTETS) {
		uint8_t o;
		size_t step = 3;
		if (iri_pct_at(text, len, e, &o)) {
			/* An escape of ASCII other than a trail byte ends the run. */
			if (o < 0x80 && !after_high && !iri_is_unreserved_ascii(o))
				break;
		} else if (after_high && (unsigned char)text[e] < 0x80 && iri_is_unreserved_ascii((unsigned char)text[e])) {
			o = (uint8_t)text[e];   /* a raw trail byte */
			step = 1;
		} else {
			break;
		}
		ctx->octet_at[n++] = e;
		iri_buf_putc(octets, (char)o);
		after_high = o >= 0x80 && !after_high;
		e += step;
	}
	ctx->octet_at[n] = e;
	*n_octets = n;
	return e;
}

/* The run's octets through the legacy converter into ctx->u16 (*n16 units,
 * ctx->u16_off: for each unit, the octet it came from).  A run cut at the
 * cap is not flushed: a character split by the cut stays pending and the
 * run (*n_octets, *end) ends before it.  False if the converter refused. */
static bool convert_charset_run(iri_ctx *ctx, const iri_buf *octets, size_t *n_octets, size_t *end, int32_t *n16)
{
	size_t n = *n_octets;
	bool cut = n == CHARSET_RUN_MAX_OCTETS;
	if (n == 0 || octets->failed || !iri_ctx_u16_reserve(&ctx->u16, &ctx->u16_cap, n * 2 + 2))
		return false;
	UErrorCode err = U_ZERO_ERROR;
	ucnv_resetToUnicode(ctx->conv);
	UChar *target = ctx->u16;
	const char *source = octets->data;
	ucnv_toUnicode(ctx->conv, &target, ctx->u16 + 2 * n + 2, &source, octets->data + n,
		ctx->u16_off, !cut, &err);
	if (U_FAILURE(err))
		return false;
	if (cut) {
		int32_t pending = ucnv_toUCountPending(ctx->conv, &err);
		if (U_SUCCESS(err) && pending > 0 && (size_t)pending < n) {
			*n_octets = n - (size_t)pending;
			*end = ctx->octet_at[*n_octets];
		}
	}
	*n16 = (int32_t)(target - ctx->u16);
	return true;
}

/* RFC 3987 3.2 step 4 on the converted run: each character written decoded
 * if it may appear in comp, else its octets as written; *decoded counts the
 * non-ASCII ones decoded.  False on offsets that cannot be followed. */
static bool write_charset_run(iri_ctx *ctx, const char *text, iri_component comp, size_t n, int32_t n16,
	iri_buf *out, size_t *decoded)
{
	size_t done = 0;   /* octets written so far, decoded or as written */
	for (int32_t k = 0; k < n16;) {
		int32_t from = ctx->u16_off[k];
		UChar32 c;
		U16_NEXT(ctx->u16, k, n16, c);
		size_t to = k < n16 ? (size_t)ctx->u16_off[k] : n;
		if (from < 0 || (size_t)from < done || (size_t)from > n || to < (size_t)from || to > n)
			return false;
		/* Octets that gave no character of their own (a BOM, a shift
		 * byte) are written as they were. */
		iri_buf_append(out, text + ctx->octet_at[done], ctx->octet_at[from] - ctx->octet_at[done]);
		/* U+FFFD and U+001A are converters' "could not map". */
		bool fits = c != 0xFFFD && c != 0x1A && (c < 0x80 ? iri_is_unreserved_ascii((uint32_t)c) :
			iri_is_appropriate_decoded(comp, (uint32_t)c));
		if (fits) {
			iri_buf_put_cp(out, (uint32_t)c);
			*decoded += c >= 0x80;
		} else {
			iri_buf_append(out, text + ctx->octet_at[from], ctx->octet_at[to] - ctx->octet_at[from]);
		}
		done = to > (size_t)from ? to : (size_t)from;
	}
	iri_buf_append(out, text + ctx->octet_at[done], ctx->octet_at[n] - ctx->octet_at[done]);
	return true;
}

/* --charset: escapes read as a legacy charset (RFC 3987 3.2 on a URI that
 * was made from another encoding).  The run is the escapes from i on, with
 * the ASCII bytes, raw or escaped, that follow a high octet (a trail byte:
 * Shift_JIS puts 0x40-0x7E there, e.g. 96 7B for U+672C); an escape of other
 * ASCII ends it.  Each character the converter gives is written decoded if
 * it may appear (step 4), else its octets stay as written; a run the
 * converter rejects stays as written.  LEGACY_CHARSET says what happened
 * (detail 0: characters were read, 1: none could be).  Returns the run's end. */
static size_t decode_charset_run(iri_ctx *ctx, const char *text, size_t len, size_t i,
	const iri_ref *ref, iri_component comp, iri_buf *octets, iri_buf *out, iri_diags *diags)
{
	size_t n;
	size_t e = gather_charset_run(ctx, text, len, i, ref, comp, octets, &n);
	size_t decoded = 0;   /* non-ASCII characters written decoded */
	iri_buf_mark mark = iri_buf_get_mark(out);
	int32_t n16 = 0;
	bool ok = convert_charset_run(ctx, octets, &n, &e, &n16) &&
		write_charset_run(ctx, text, comp, n, n16, out, &decoded);
	if (!ok) {
		/* A run the converter rejects stays as written. */
		iri_buf_rewind(out, mark);
		iri_buf_append(out, text + i, e - i);
		decoded = 0;
	}
	if (diags)
		iri_diags_add(diags, IRI_D_LEGACY_CHARSET, comp, i, e, decoded ? 0 : 1, NULL, 0);
	return e;
}

/* Raw text is already IRI: text[from..to) is copied, except that bytes that
 * are not well-formed UTF-8 are escaped, so the output is always UTF-8. */
static void copy_raw(const char *text, size_t from, size_t to, iri_buf *out)
{
	size_t i = from;
	while (i < to) {
		size_t run = i;
		while (run < to && (unsigned char)text[run] < 0x80)
			run++;
		iri_buf_append(out, text + i, run - i);
		i = run;
		if (i == to)
			break;
		uint32_t cp;
		iri_utf8_status st;
		size_t n = iri_utf8_decode((const uint8_t *)text + i, to - i, &cp, &st);
		if (st != IRI_UTF8_OK) {
			for (size_t j = 0; j < n; j++)
				iri_buf_put_pct(out, (uint8_t)text[i + j]);
		} else {
			iri_buf_append(out, text + i, n);
		}
		i += n;
	}
}

iri_map_result iri_to_iri(iri_ctx *ctx, const char *text, size_t len,
	const iri_to_iri_opts *opts, iri_buf *out, iri_diags *diags)
{
	iri_to_iri_opts defaults = { .host = IRI_HOSTOUT_KEEP, .charset = NULL };
	if (!opts)
		opts = &defaults;
	iri_buf_reset(out);
	int charset = opts->charset ? iri_ctx_open_charset(ctx, opts->charset) : 1;
	if (charset <= 0)
		return charset < 0 ? IRI_MAP_NO_MEMORY : IRI_MAP_BAD_CHARSET;
	iri_ref ref;
	iri_split(text, len, &ref);
	const iri_span *h = &ref.comp[IRI_COMP_HOST];
	iri_buf *octets = &ctx->map_text;
	size_t i = 0;
	bool host_done = false;
	while (i < len) {
		if (h->present && i == h->start && !host_done) {
			host_done = true;   /* an empty host must not stop the walk */
			iri_host_forms forms;
			bool done = false;
			if (opts->host == IRI_HOSTOUT_UNICODE && text[i] != '[' && h->end > h->start) {
				iri_host_forms_init(&forms);
				/* Only the encoded forms are converted: a host already
				 * written in Unicode or plain ASCII is not case-mapped. */
				if (iri_host_analyse(ctx, text + h->start, h->end - h->start, &forms) == IRI_HOST_OK &&
				    (forms.input_form == IRI_HOSTFORM_ACE || forms.input_form == IRI_HOSTFORM_PERCENT ||
				     forms.input_form == IRI_HOSTFORM_ZLD) &&
				    forms.unicode_errors == 0 && !forms.unicode.failed) {
					iri_buf_append(out, forms.unicode.data, forms.unicode.len);
					done = true;
				}
				iri_host_forms_fini(&forms);
			}
			if (!done)   /* RFC 3987 3.2: the host is kept as written */
				copy_raw(text, h->start, h->end, out);
			i = h->end;
			continue;
		}
		uint8_t octet;
		if (!iri_pct_at(text, len, i, &octet)) {
			/* Raw text up to the next escape or the host. */
			size_t e = i + 1;
			while (e < len && text[e] != '%' && !(h->present && e == h->start))
				e++;
			copy_raw(text, i, e, out);
			i = e;
			continue;
		}
		iri_component comp = iri_ref_component_at(&ref, i);
		if (comp == IRI_COMP_SCHEME || comp == IRI_COMP_PORT) {
			/* Escapes are not allowed there at all: nothing to decode. */
			iri_buf_append(out, text + i, 3);
			i += 3;
			continue;
		}
		if (opts->charset && octet >= 0x80) {
			i = decode_charset_run(ctx, text, len, i, &ref, comp, octets, out, diags);
			continue;
		}
		/* A maximal run of escapes within one component (with a charset,
		 * of ASCII octets only: the others are the charset's). */
		size_t run_end = i;
		iri_buf_reset(octets);
		while (iri_pct_at(text, len, run_end, &octet) && iri_ref_component_at(&ref, run_end) == comp &&
		       !(h->present && run_end == h->start) && !(opts->charset && octet >= 0x80)) {
			iri_buf_putc(octets, (char)octet);
			run_end += 3;
		}
		decode_run_utf8(text, len, i, run_end, (const uint8_t *)octets->data, octets->len, comp, out);
		i = run_end;
	}
	return out->failed ? IRI_MAP_NO_MEMORY : IRI_MAP_OK;
}
