/* iri_check_host: the findings of one host, as "irie host" reports them. */
#include <stdbool.h>
#include <string.h>

#include "iri_buf.h"
#include "iri_check.h"
#include "iri_host.h"
#include "iri_scheme.h"
#include "iri_utf8.h"

/* A finding of the whole check that tells the host's story: one that starts
 * inside the host [lo, hi) (or at its end, for the host), or one that
 * is about the whole input anyway. */
static bool about_host(const iri_diag *d, size_t lo, size_t hi)
{
	if (d->code == IRI_D_TOO_MANY_DIAGNOSTICS ||
	    (d->code == IRI_D_SYNTAX && d->detail == IRI_PARSE_JUNK_AFTER_IP_LITERAL))
		return true;   /* junk after "]" belongs to the host's story */
	return d->byte_start >= lo && (d->byte_start < hi ||
		(d->byte_start == hi && d->component == IRI_COMP_HOST));
}

/* The findings of whole[0..whole_len) (text, or "//" + text: shift bytes
 * before text[0]) that are about the host, moved to text's offsets. */
static void slice_host(iri_ctx *ctx, const char *whole, size_t whole_len, size_t shift,
	size_t host_start, size_t host_len, iri_diags *all, iri_diags *out)
{
	iri_check(ctx, whole, whole_len, NULL, all);
	size_t lo = host_start + shift, hi = host_start + shift + host_len;
	for (size_t i = 0; i < iri_diags_count(all); i++) {
		const iri_diag *d = iri_diags_get(all, i);
		if (!about_host(d, lo, hi))
			continue;
		size_t end = d->byte_end;
		if (end > hi && d->byte_start < hi)
			end = hi;   /* a span running past the host stops at its end */
		if (end < d->byte_start)
			end = d->byte_start;
		iri_diag g = *d;   /* its own severity and what is seen go with it */
		g.byte_start = d->byte_start - shift;
		g.byte_end = end - shift;
		iri_diags_add_diag(out, &g);
	}
	if (shift) {
		/* A bare host that "//" does not take whole ("a/b", "a?b"). */
		iri_ref w;
		iri_split(whole, whole_len, &w);
		size_t got = w.comp[IRI_COMP_HOST].present ? w.comp[IRI_COMP_HOST].end : 2;
		if (got < whole_len)
			iri_diags_add(out, IRI_D_SYNTAX, IRI_COMP_HOST, got - 2, got - 1, IRI_PARSE_BAD_CHAR, NULL, 0);
	}
}

/* UTS46_VERSION on a host of a scheme that is not DNS: check maps no such
 * host, but "irie host" shows its mapped forms, which depend on the version
 * (core/uts46.c).  On the first such character, over the host. */
static void note_version_change(const char *text, size_t start, size_t end, iri_diags *out)
{
	const uint8_t *p = (const uint8_t *)text;
	for (size_t i = start; i < end;) {
		uint32_t cp = p[i];
		iri_utf8_status st = IRI_UTF8_OK;
		i += cp < 0x80 ? 1 : iri_utf8_decode(p + i, end - i, &cp, &st);
		if (st == IRI_UTF8_OK && cp >= 0x80 && iri_uts46_change_find(cp)) {
			iri_diags_add(out, IRI_D_UTS46_VERSION, IRI_COMP_HOST, start, end, (int64_t)cp, NULL, 0);
			return;
		}
	}
}

void iri_check_host(iri_ctx *ctx, const char *text, size_t len, const iri_ref *ref, uint32_t idna_errors,
	iri_diags *out)
{
	size_t host_start = 0, host_len = len;
	if (ref->has_authority) {
		host_start = ref->comp[IRI_COMP_HOST].start;
		host_len = ref->comp[IRI_COMP_HOST].end - host_start;
	}
	iri_buf wrapped;
	iri_buf_init(&wrapped);
	const char *whole = text;
	size_t whole_len = len, shift = 0;   /* shift: bytes before text[0] in whole */
	if (!ref->has_authority) {
		iri_buf_puts(&wrapped, "//");
		iri_buf_append(&wrapped, text, len);
		whole = wrapped.data;
		whole_len = wrapped.len;
		shift = 2;
	}
	iri_diags *all = iri_diags_new();
	iri_diags_clear(out);
	if (all && !wrapped.failed)
		slice_host(ctx, whole, whole_len, shift, host_start, host_len, all, out);
	else   /* no memory for the whole check: the host's own findings */
		iri_host_diagnose(ctx, text, host_start, host_start + host_len, out);
	/* Every name is judged here as a DNS name, by iri_check a plain ASCII
	 * one not (RFC 3986 3.2.2): when UTS #46 refused the idna form and
	 * nothing said so yet, the name is judged again, label by label. */
	if (idna_errors && !iri_diags_has_errors(out) && (!ref->has_authority || iri_ref_host_is_dns(ref)))
		iri_host_diagnose_dns(ctx, text, host_start, host_start + host_len, out);
	if (ref->has_authority && !iri_ref_host_is_dns(ref))
		note_version_change(text, host_start, host_start + host_len, out);
	iri_diags_finish(out, text, len);
	iri_diags_free(all);
	iri_buf_fini(&wrapped);
}
