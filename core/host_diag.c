/* The host findings of the diagnostics catalogue: UTS #46 errors per label
 * and per name, RFC 1034 lengths, UTS #39 (mixed scripts, confusables via
 * uspoof), A-labels, %-escaped hosts; memoised per host.
 *
 * Scratch: short-lived local buffers, and the context's memo with its own
 * buffer (host_record). */
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/uidna.h>
#include <unicode/uspoof.h>

#include "ctx_internal.h"
#include "host_internal.h"
#include "iri_host.h"
#include "iri_utf8.h"
#include "memo.h"

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
	iri_buf whole;      /* the whole name, %-decoded */
	bool idn;           /* the name has non-ASCII or "xn--" labels */
	bool flagged_bad;   /* some label got BAD_IDN */
	bool not_dns;       /* a host of a scheme that is not DNS: no A-label to suggest */
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

/* Whether the Bidi Rule error of lab[0..lab_len) is the joiners' doing:
 * without its ZWNJ and ZWJ the label keeps the rule.  A joiner is BN,
 * which RFC 5893 2 rule 1 does not allow first (nor rule 6 last, after an
 * L), so a leading ZWNJ breaks both UTS #46 4.1 CheckJoiners (RFC 5892
 * CONTEXTJ) and CheckBidi; the joiner is the fault, and one finding
 * naming it is enough.  Uses sc->conv. */
static bool bidi_from_joiners(host_scan *sc, const char *lab, size_t lab_len)
{
	char bare[1024];
	size_t n = 0;
	if (lab_len > sizeof bare)
		return false;
	for (size_t i = 0; i < lab_len; i++) {
		/* U+200C ZWNJ and U+200D ZWJ: E2 80 8C / E2 80 8D. */
		if (lab_len - i >= 3 && (unsigned char)lab[i] == 0xE2 && (unsigned char)lab[i + 1] == 0x80 &&
		    ((unsigned char)lab[i + 2] == 0x8C || (unsigned char)lab[i + 2] == 0x8D)) {
			i += 2;
			continue;
		}
		bare[n++] = lab[i];
	}
	if (n == lab_len || n == 0)
		return false;
	return !(host_idna_run(sc->ctx->idna, IDNA_LABEL_TO_ASCII, bare, n, &sc->conv) & UIDNA_ERROR_BIDI);
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
		size_t want_bytes = attempt == 0 ? u_len * 2 + 16 : iri_buf_room(&sc->skeleton);
		if (!host_make_room(&sc->skeleton, want_bytes))
			return flagged;
		err = U_ZERO_ERROR;
		int32_t n_bytes = uspoof_getSkeletonUTF8(spoof, 0, u, (int32_t)u_len,
			iri_buf_end(&sc->skeleton), (int32_t)iri_buf_room(&sc->skeleton), &err);
		if (err == U_BUFFER_OVERFLOW_ERROR && n_bytes > 0 && attempt == 0) {
			if (!host_make_room(&sc->skeleton, (size_t)n_bytes))
				return flagged;
			continue;
		}
		if (U_FAILURE(err) || n_bytes < 0 || (size_t)n_bytes > iri_buf_room(&sc->skeleton))
			return flagged;
		iri_buf_commit(&sc->skeleton, (size_t)n_bytes);
		break;
	}
	if (U_FAILURE(err) || !is_ldh(sc->skeleton.data, sc->skeleton.len))
		return flagged;
	/* The suggestion is the label's A-label: the form that shows it is not
	 * the ASCII name it imitates (the skeleton itself is no fix). */
	uint32_t a_errors = raw_is_ace || sc->not_dns || iri_uts46_has_change(u, u_len) ? 1 : host_idna_run(sc->ctx->idna, IDNA_LABEL_TO_ASCII, u, u_len, &sc->skeleton);
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
	uint32_t a_errors = host_idna_run(sc->ctx->idna, IDNA_LABEL_TO_ASCII, lab, lab_len, &sc->conv);
	if (a_errors & UIDNA_ERROR_LABEL_TOO_LONG)
		host_emit(sc, IRI_D_DNS_LENGTH_LIMIT, start, end, 0, NULL, 0);
	uint32_t bad = a_errors & ~(uint32_t)IDNA_LENGTH_ERRORS;
	if ((bad & UIDNA_ERROR_CONTEXTJ) && (bad & UIDNA_ERROR_BIDI) && bidi_from_joiners(sc, lab, lab_len))
		bad &= ~(uint32_t)UIDNA_ERROR_BIDI;
	if (bad)
		emit_idna_errors(sc, start, end, bad);

	/* UTS #46 4.3 ToUnicode: the text to judge for spoofing. */
	uint32_t u_errors = host_idna_run(sc->ctx->idna, IDNA_LABEL_TO_UNICODE, lab, lab_len, &sc->conv);
	bool spoof = u_errors == 0 && !bad && sc->conv.data &&
		spoof_label(sc, sc->conv.data, sc->conv.len, start, end, host_has_ace_prefix(lab, lab_len));
	if (host_has_ace_prefix(lab, lab_len)) {
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
	while (host_next_label(lab, sc->label.len, &pos, &a, &b))
		scan_one_label(sc, start, end, lab + a, b - a);
}

static void scan_init(host_scan *sc, iri_ctx *ctx, const char *text, iri_diags *diags, size_t host_start)
{
	memset(sc, 0, sizeof *sc);
	sc->ctx = ctx;
	sc->text = text;
	sc->diags = diags;
	sc->host_start = host_start;
	sc->record = &ctx->host_record;
	iri_buf_reset(sc->record);
	host_scratch_init(&sc->label);
	host_scratch_init(&sc->conv);
	host_scratch_init(&sc->skeleton);
	host_scratch_init(&sc->whole);
}

static void scan_fini(host_scan *sc)
{
	iri_buf_fini(&sc->label);
	iri_buf_fini(&sc->conv);
	iri_buf_fini(&sc->skeleton);
	iri_buf_fini(&sc->whole);
}

/* Nothing was lost on the way: the record is whole, fit for the memo. */
static bool scan_complete(const host_scan *sc)
{
	return !sc->record->failed && !sc->label.failed && !sc->conv.failed && !sc->skeleton.failed &&
		!sc->whole.failed;
}

/* RFC 1034 3.1: 253 characters without the root's trailing dot.  UTS #46
 * counts them for an IDN (in name_errors); a plain ASCII name here. */
static bool name_too_long(const host_scan *sc, const char *name, size_t name_len, uint32_t name_errors)
{
	if (sc->idn)
		return (name_errors & UIDNA_ERROR_DOMAIN_NAME_TOO_LONG) != 0;
	if (name_len > 0 && name[name_len - 1] == '.')
		name_len--;
	return name_len > IRI_DNS_NAME_MAX_BYTES;
}

/* The findings of the name (name[0..name_len), %-decoded when pct) of the
 * host at text[host_start..host_end): the whole name, then label by label. */
static void judge_name(host_scan *sc, const char *name, size_t name_len, size_t host_end, bool pct)
{
	size_t host_start = sc->host_start;
	/* An escape that decodes to what no reg-name holds -- a control, a space,
	 * a delimiter ("a%0A.example") -- or to an empty label ("a%2E%2Eb")
	 * makes no DNS name (RFC 1034 3.1, 3.5). */
	if (pct && !sc->idn && (!host_reg_name_bytes(name, name_len) || iri_host_has_empty_label(name, name_len)))
		emit_idna_errors(sc, host_start, host_end, UIDNA_ERROR_DISALLOWED);

	/* Whole-name ToASCII (UTS #46 4.2): bidi (RFC 5893) and the name length
	 * are properties of the whole name, not of one label. */
	uint32_t name_errors = 0;
	if (sc->idn || pct)
		name_errors = iri_idna_to_ascii(sc->ctx, false, name, name_len, &sc->conv);
	/* idn-uri draft 2002 / RFC 3987 3.1: suggest the A-label form -- but
	 * not one that another UTS #46 version writes otherwise (UTS46_VERSION
	 * says why): the rewrite would pick this system's target. */
	bool suggest = name_errors == 0 && !iri_uts46_has_change(name, name_len);
	/* The suggestion is made from sc->conv, which the labels' scan reuses:
	 * kept aside until it is known whether the name is one (below). */
	bool pct_note = pct && !sc->flagged_bad;
	size_t sug_len = suggest && pct_note ? sc->conv.len : 0;
	char *sug = sug_len ? malloc(sug_len) : NULL;
	if (sug)
		memcpy(sug, sc->conv.data, sug_len);
	if (!sc->idn)
		name_errors = 0;   /* plain ASCII names are not judged by UTS #46 */

	size_t pos = host_start, a, b;
	while (host_next_label(sc->text, host_end, &pos, &a, &b))
		scan_label(sc, a, b, pct);

	if (name_too_long(sc, name, name_len, name_errors))
		host_emit(sc, IRI_D_DNS_LENGTH_LIMIT, host_start, host_end, 0, NULL, 0);
	uint32_t name_bad = name_errors & ~(uint32_t)IDNA_LENGTH_ERRORS;
	if (name_bad && !sc->flagged_bad)
		emit_idna_errors(sc, host_start, host_end, name_bad);
	/* idn-uri 2002 / RFC 3987 3.1: a %-escaped name is better written as
	 * A-labels -- when it is a name at all.  One that NOT_DNS_NAME or
	 * BAD_IDN already judged ("%2Fvar%2Frun%2Fsocket", a decoded control)
	 * has no A-label form, and "resolvers expect A-labels" beside "DNS
	 * cannot resolve it" says one thing and its opposite: the more precise
	 * finding stands alone. */
	if (pct_note && !sc->flagged_bad)
		host_emit(sc, IRI_D_PERCENT_ENCODED_HOST, host_start, host_end, 0, sug, sug ? sug_len : 0);
	free(sug);
}

/* The findings of the host text[host_start..host_end).  as_dns: a plain
 * ASCII name is judged by UTS #46 too, label by label. */
static void host_diagnose(iri_ctx *ctx, const char *text, size_t host_start, size_t host_end, iri_diags *diags,
	bool as_dns)
{
	host_scan sc;
	scan_init(&sc, ctx, text, diags, host_start);
	if (host_end <= host_start)
		goto done;
	const char *host = text + host_start;
	size_t len = host_end - host_start;
	/* The findings depend on the host's bytes alone: a host seen before
	 * gets its recorded findings again, at its own position.  A plain
	 * ASCII name costs less to check than to look up. */
	bool pct = host_has_pct_escape(host, len), ascii = iri_utf8_is_ascii(host, len);
	bool ace = ascii && host_name_has_ace_label(host, len);
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
		if (!iri_pct_decode(host, len, &sc.whole))
			goto done;
		name = sc.whole.data ? sc.whole.data : "";
		name_len = sc.whole.len;
		/* Escapes that are not UTF-8: check reports INVALID_UTF8 there, and
		 * nothing more can be said of the name. */
		if (!host_is_utf8(name, name_len))
			goto done;
	}
	sc.idn = as_dns || (pct ? !iri_utf8_is_ascii(name, name_len) || host_name_has_ace_label(name, name_len)
	                        : !ascii || ace);
	judge_name(&sc, name, name_len, host_end, pct);
	if (memoise && scan_complete(&sc))
		iri_memo_put(ctx->memo, IRI_MEMO_HOST_DIAGS, host, len, sc.record->data ? sc.record->data : "",
			sc.record->len);
done:
	scan_fini(&sc);
}

void iri_host_diagnose(iri_ctx *ctx, const char *text, size_t host_start, size_t host_end, iri_diags *diags)
{
	host_diagnose(ctx, text, host_start, host_end, diags, false);
}

/* UTS #39 on one label lab[0..lab_len) of a host of a scheme that is not DNS:
 * its UTS #46 Unicode form when it has one (what a reader takes for the
 * name), else its own characters. */
static void spoof_plain_label(host_scan *sc, size_t start, size_t end, const char *lab, size_t lab_len)
{
	if (lab_len == 0 || iri_utf8_is_ascii(lab, lab_len))
		return;
	uint32_t u_errors = host_idna_run(sc->ctx->idna, IDNA_LABEL_TO_UNICODE, lab, lab_len, &sc->conv);
	if (u_errors == 0 && sc->conv.data)
		spoof_label(sc, sc->conv.data, sc->conv.len, start, end, false);
	else
		spoof_label(sc, lab, lab_len, start, end, false);
}

void iri_host_diagnose_spoof(iri_ctx *ctx, const char *text, size_t host_start, size_t host_end, iri_diags *diags)
{
	host_scan sc;
	scan_init(&sc, ctx, text, diags, host_start);
	sc.not_dns = true;
	size_t pos = host_start, a, b;
	while (host_end - host_start <= HOST_MAX_BYTES && host_next_label(text, host_end, &pos, &a, &b)) {
		if (!host_has_pct_escape(text + a, b - a)) {
			spoof_plain_label(&sc, a, b, text + a, b - a);
			continue;
		}
		/* "%D1%80a%2Eb": each decoded label at the raw span they share. */
		if (!iri_pct_decode(text + a, b - a, &sc.label) || !host_is_utf8(sc.label.data ? sc.label.data : "",
		    sc.label.len))
			continue;
		const char *lab = sc.label.data ? sc.label.data : "";
		size_t at = 0, la, lb;
		while (host_next_label(lab, sc.label.len, &at, &la, &lb))
			spoof_plain_label(&sc, a, b, lab + la, lb - la);
	}
	scan_fini(&sc);
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
