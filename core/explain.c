/* Per-character explanation of the RFC 3987 3.1 mapping. */
#include <stdio.h>
#include <string.h>

#include <unicode/uchar.h>

#include "iri_chars.h"
#include "iri_explain.h"
#include "iri_utf8.h"

const char *iri_explain_reason_name(iri_explain_reason r)
{
	static const char *const names[IRI_WHY_COUNT] = {
		"UNRESERVED", "DELIMITER", "ESCAPE", "ESCAPE_NOT_UTF8", "UCSCHAR", "IPRIVATE",
		"HOST_IDNA", "UNWISE", "CONTROL", "NOT_ALLOWED", "STRAY_PERCENT", "INVALID_UTF8",
	};
	return r < IRI_WHY_COUNT ? names[r] : "UNKNOWN";
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

void iri_explain(iri_ctx *ctx, const char *text, size_t len, iri_explain_fn fn, void *user)
{
	(void)ctx;
	iri_ref ref;
	iri_parse(text, len, IRI_PARSE_IRI, &ref);
	const uint8_t *s = (const uint8_t *)text;
	bool host_ascii = true;
	const iri_span *h = &ref.comp[IRI_COMP_HOST];
	for (size_t k = h->start; h->present && k < h->end; k++)
		host_ascii &= s[k] < 0x80;
	iri_explain_row row;
	for (size_t i = 0; i < len;) {
		memset(&row, 0, sizeof row);
		row.byte_start = i;
		row.component = iri_ref_component_at(&ref, i);
		uint8_t oct[4];
		if (iri_pct_at(text, len, i, &oct[0])) {
			size_t k = 1;
			if (oct[0] >= 0x80)
				while (k < 4 && iri_pct_at(text, len, i + 3 * k, &oct[k]))
					k++;
			uint32_t cp;
			iri_utf8_status st;
			size_t m = iri_utf8_decode(oct, k, &cp, &st);
			row.byte_end = i + 3 * m;
			row.cp = st == IRI_UTF8_OK ? cp : IRI_EXPLAIN_NO_CP;
			row.reason = st == IRI_UTF8_OK ? IRI_WHY_ESCAPE : IRI_WHY_ESCAPE_NOT_UTF8;
			hex_octets(oct, m, &row);
			/* The URI keeps the escape exactly as written. */
			memcpy(row.escaped, text + i, 3 * m);
			row.escaped[3 * m] = '\0';
		} else if (s[i] < 0x80) {
			uint32_t c = s[i];
			row.byte_end = i + 1;
			row.cp = c;
			hex_octets(s + i, 1, &row);
			row.escaped[0] = (char)c;
			row.escaped[1] = '\0';
			if (c == '%') {
				row.reason = IRI_WHY_STRAY_PERCENT;
				strcpy(row.escaped, "%25");
			} else if (c < 0x20 || c == 0x7F) {
				row.reason = IRI_WHY_CONTROL;
				hex_octets(s + i, 1, &row);
			} else if (iri_is_unwise_ascii(c)) {
				row.reason = IRI_WHY_UNWISE;
				hex_octets(s + i, 1, &row);
			} else if (iri_is_gen_delim(c) || iri_is_sub_delim(c)) {
				row.reason = IRI_WHY_DELIMITER;
			} else {
				row.reason = IRI_WHY_UNRESERVED;
			}
		} else {
			uint32_t cp;
			iri_utf8_status st;
			size_t n = iri_utf8_decode(s + i, len - i, &cp, &st);
			if (st != IRI_UTF8_OK)
				n = 1;   /* a row per ill-formed byte, one position each (iri_utf8.h) */
			row.byte_end = i + n;
			hex_octets(s + i, n, &row);
			if (st != IRI_UTF8_OK) {
				row.cp = IRI_EXPLAIN_NO_CP;
				row.reason = IRI_WHY_INVALID_UTF8;
			} else {
				row.cp = cp;
				iri_parse_result ok = row.component == IRI_COMP_NONE ? IRI_PARSE_BAD_CHAR :
					iri_parse_check_cp(row.component, cp, IRI_PARSE_IRI);
				if (cp <= 0x9F)
					row.reason = IRI_WHY_CONTROL;
				else if (ok != IRI_PARSE_OK)
					row.reason = IRI_WHY_NOT_ALLOWED;
				else if (row.component == IRI_COMP_HOST && !host_ascii)
					row.reason = IRI_WHY_HOST_IDNA;
				else if (iri_is_iprivate(cp))
					row.reason = IRI_WHY_IPRIVATE;
				else
					row.reason = IRI_WHY_UCSCHAR;
			}
		}
		char_name(row.cp, &row);
		if (!fn(&row, user))
			return;
		i = row.byte_end;
	}
}
