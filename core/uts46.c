/* Which Unicode irie's host mapping speaks: the linked ICU's versions, and a
 * small table of characters whose UTS #46 mapping or status changed between
 * versions, so that a host holding one can say that it maps differently
 * elsewhere.  Sources (doc/design-notes.md, "Which Unicode"):
 *   - UTS #46 15.1.0 (revision 31), Modifications: U+1E9E LATIN CAPITAL
 *     LETTER SHARP S is mapped to U+00DF instead of "ss" (nontransitional;
 *     transitional processing still gives "ss").  Unicode's unicodetools
 *     pull requests 511 and 520 made that change to IdnaMappingTable.txt.
 *   - UTS #46 16.0.0 (revision 33), Modifications: UseSTD3ASCIIRules is a
 *     check of the Validity Criteria; the disallowed_STD3_valid status is
 *     gone, so U+2260, U+226E and U+226F, disallowed under STD3 rules
 *     before (UTS #46 15.1 "UseSTD3ASCIIRules" lists them), are valid
 *     (unicodetools pull request 874). */
#include <stdio.h>

#include <unicode/uchar.h>
#include <unicode/uversion.h>

#include "iri_host.h"
#include "iri_utf8.h"

static const iri_uts46_change changes[] = {
	{ 0x1E9E, 15, 1, "ss", "\xC3\x9F" },       /* ẞ -> ss, then ß (xn--zca) */
	{ 0x2260, 16, 0, NULL, "\xE2\x89\xA0" },   /* ≠ NOT EQUAL TO */
	{ 0x226E, 16, 0, NULL, "\xE2\x89\xAE" },   /* ≮ NOT LESS-THAN */
	{ 0x226F, 16, 0, NULL, "\xE2\x89\xAF" },   /* ≯ NOT GREATER-THAN */
};

const iri_uts46_change *iri_uts46_change_find(uint32_t cp)
{
	for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++)
		if (changes[i].cp == cp)
			return &changes[i];
	return NULL;
}

bool iri_uts46_has_change(const char *s, size_t n_bytes)
{
	const uint8_t *p = (const uint8_t *)s;
	for (size_t i = 0; i < n_bytes;) {
		uint32_t cp = p[i];
		iri_utf8_status st = IRI_UTF8_OK;
		i += cp < 0x80 ? 1 : iri_utf8_decode(p + i, n_bytes - i, &cp, &st);
		if (st == IRI_UTF8_OK && cp >= 0x80 && iri_uts46_change_find(cp))
			return true;
	}
	return false;
}

const iri_uts46_change *iri_uts46_change_at(size_t i)
{
	return i < sizeof changes / sizeof changes[0] ? &changes[i] : NULL;
}

void iri_unicode_version(int *major, int *minor)
{
	UVersionInfo v;
	u_getUnicodeVersion(v);
	*major = v[0];
	*minor = v[1];
}

bool iri_uts46_change_applies(const iri_uts46_change *c)
{
	int major, minor;
	iri_unicode_version(&major, &minor);
	return major > c->major || (major == c->major && minor >= c->minor);
}

void iri_library_versions(char *icu, size_t icu_bytes, char *unicode, size_t unicode_bytes)
{
	UVersionInfo v;
	char text[U_MAX_VERSION_STRING_LENGTH];
	u_getVersion(v);
	u_versionToString(v, text);
	snprintf(icu, icu_bytes, "%s", text);
	u_getUnicodeVersion(v);
	u_versionToString(v, text);
	snprintf(unicode, unicode_bytes, "%s", text);
}
