/* Character classes shared by the checks and the mappings. */
#include <unicode/uchar.h>
#include <unicode/unorm2.h>

#include "ctx_internal.h"
#include "iri_chars.h"
#include "iri_parse.h"
#include "iri_utf8.h"

/* Unicode's Bidi_Control property (PropList.txt): ALM, LRM, RLM, LRE, RLE,
 * PDF, LRO, RLO, LRI, RLI, FSI, PDI.  RFC 3987 4.1 names the seven that
 * existed in 2005 (LRM, RLM, LRE, RLE, LRO, RLO, PDF); ALM and the isolates
 * came with Unicode 6.3 and control the bidi algorithm just as those do, so
 * the rule's reason covers them.  test_chars pins the set. */
bool iri_is_bidi_control(uint32_t cp)
{
	return cp >= 0x80 && u_hasBinaryProperty((UChar32)cp, UCHAR_BIDI_CONTROL);
}

/* Sorted by code point; the target delimiter for each.  Generated from
 * ICU's data by tools/gen_lookalikes.c (the rule is there), checked by the
 * test "lookalikes". */
static const struct {
	uint32_t cp;
	char target;
} lookalikes[] = {
#include "lookalikes.h"
};

char iri_lookalike_target(uint32_t cp)
{
	size_t lo = 0, hi = sizeof lookalikes / sizeof lookalikes[0];
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (lookalikes[mid].cp == cp)
			return lookalikes[mid].target;
		if (lookalikes[mid].cp < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

bool iri_is_lookalike_delimiter(uint32_t cp)
{
	return iri_lookalike_target(cp) != 0;
}

bool iri_is_label_separator(uint32_t cp)
{
	return cp == '.' || cp == 0x3002 || cp == 0xFF0E || cp == 0xFF61;
}

size_t iri_label_separator_at(const char *s, size_t len)
{
	const uint8_t *p = (const uint8_t *)s;
	if (len == 0)
		return 0;
	if (p[0] < 0x80)
		return p[0] == '.';
	uint32_t cp;
	iri_utf8_status st = IRI_UTF8_OK;
	size_t n = iri_utf8_decode(p, len, &cp, &st);
	return st == IRI_UTF8_OK && iri_is_label_separator(cp) ? n : 0;
}

/* Unicode's Noncharacter_Code_Point property: U+FDD0..FDEF and the last
 * two code points of each plane (The Unicode Standard 23.7). */
bool iri_is_noncharacter(uint32_t cp)
{
	return cp >= 0xFDD0 && u_hasBinaryProperty((UChar32)cp, UCHAR_NONCHARACTER_CODE_POINT);
}

bool iri_is_appropriate_decoded(int comp, uint32_t cp)
{
	if (iri_parse_check_cp((iri_component)comp, cp, IRI_PARSE_IRI) != IRI_PARSE_OK)
		return false;
	if (cp < 0x80)
		return true;
	if (iri_is_bidi_control(cp) || iri_is_lookalike_delimiter(cp))
		return false;
	if (u_hasBinaryProperty((UChar32)cp, UCHAR_WHITE_SPACE))
		return false;
	if (cp == 0x200C || cp == 0x200D)   /* only in context: iri_joiner_in_context() */
		return false;
	if (u_charType((UChar32)cp) == U_FORMAT_CHAR ||
	    u_hasBinaryProperty((UChar32)cp, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
		return false;
	return u_charType((UChar32)cp) != U_UNASSIGNED;
}

bool iri_joiner_in_context(uint32_t prev, uint32_t joiner, uint32_t next)
{
	/* RFC 5892 A.1/A.2: after a virama (canonical combining class 9). */
	if (prev && u_getCombiningClass((UChar32)prev) == 9)
		return true;
	/* Emoji ZWJ sequences (UTS #51): between two pictographs. */
	if (joiner == 0x200D && u_hasBinaryProperty((UChar32)prev, UCHAR_EXTENDED_PICTOGRAPHIC) &&
	    u_hasBinaryProperty((UChar32)next, UCHAR_EXTENDED_PICTOGRAPHIC))
		return true;
	/* RFC 5892 A.1: (L|D) T* ZWNJ T* (R|D); only the direct neighbours are
	 * looked at (transparent marks around a ZWNJ are rare). */
	if (joiner == 0x200C && prev && next) {
		int jp = u_getIntPropertyValue((UChar32)prev, UCHAR_JOINING_TYPE);
		int jn = u_getIntPropertyValue((UChar32)next, UCHAR_JOINING_TYPE);
		return (jp == U_JT_LEFT_JOINING || jp == U_JT_DUAL_JOINING) &&
		       (jn == U_JT_RIGHT_JOINING || jn == U_JT_DUAL_JOINING);
	}
	return false;
}

bool iri_is_emoji_element_tail(uint32_t cp)
{
	/* UTS #51 ED-16/ED-17: an emoji ZWJ element may end in a presentation
	 * selector (U+FE0F, U+FE0E) or a skin-tone modifier (U+1F3FB..1F3FF). */
	return cp == 0xFE0F || cp == 0xFE0E || (cp >= 0x1F3FB && cp <= 0x1F3FF);
}

/* The class of a code point by its ICU properties (ctx_internal.h).  It
 * depends on the code point alone, so the context keeps it: each distinct
 * character is looked up once. */
static uint8_t cp_class_lookup(uint32_t cp)
{
	UChar32 c = (UChar32)cp;
	int8_t type = u_charType(c);
	uint8_t cls = IRI_CPC_PLAIN;
	if (u_hasBinaryProperty(c, UCHAR_WHITE_SPACE))
		cls = IRI_CPC_WHITESPACE;
	else if (type == U_UNASSIGNED)
		cls = IRI_CPC_UNASSIGNED;
	else if (type == U_FORMAT_CHAR || u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
		cls = IRI_CPC_IGNORABLE;
	else if (u_hasBinaryProperty(c, UCHAR_DEPRECATED))
		cls = IRI_CPC_DEPRECATED;
	/* Compatibility characters (full-width forms, ligatures, ...): they are
	 * NFC but not NFKC (RFC 3987 4.5; UAX #15). */
	else if (u_getIntPropertyValue(c, UCHAR_NFKC_QUICK_CHECK) == UNORM_NO &&
	         u_getIntPropertyValue(c, UCHAR_NFC_QUICK_CHECK) != UNORM_NO)
		cls = IRI_CPC_NOT_NFKC;
	if (iri_lookalike_target(cp))
		cls |= IRI_CPC_LOOKALIKE;
	if (u_getIntPropertyValue(c, UCHAR_NFC_QUICK_CHECK) == UNORM_YES && u_getCombiningClass(c) == 0)
		cls |= IRI_CPC_NFC_STABLE;
	UCharDirection dir = u_charDirection(c);
	if (dir == U_RIGHT_TO_LEFT || dir == U_RIGHT_TO_LEFT_ARABIC)
		cls |= IRI_CPC_RTL;
	return cls;
}

uint8_t iri_cp_class_lookup(iri_ctx *ctx, uint32_t cp)
{
	uint8_t cls = cp_class_lookup(cp);
	if (cp < IRI_CTX_CP_CLASS_SMALL)
		ctx->cp_class_small[cp] = cls | IRI_CPC_KNOWN;
	else
		ctx->cp_class_slot[IRI_CP_CLASS_SLOT(cp)] = cp << 8 | cls;
	return cls;
}
