/* irie --version: which Unicode irie speaks.  Host mapping (UTS #46),
 * normalisation and confusables come from the linked ICU, bidi display
 * (UAX #9) from the linked fribidi; each follows its own Unicode version,
 * asked of the library at run time (u_getUnicodeVersion,
 * fribidi_version_info), not of the headers irie was built with. */
#include <string.h>

#include <fribidi.h>

#include "config.h"
#include "i18n.h"
#include "iri.h"
#include "version.h"

/* The text after key on the line of fribidi_version_info that starts with
 * it, up to the line's end or a comma, into buf; "?" if there is none. */
static void fribidi_field(const char *key, char *buf, size_t size)
{
	const char *info = fribidi_version_info ? fribidi_version_info : "";
	const char *at = strstr(info, key);
	size_t n = 0;
	if (at) {
		at += strlen(key);
		while (at[n] && at[n] != '\n' && at[n] != ',' && n + 1 < size)
			n++;
	}
	if (n == 0) {
		snprintf(buf, size, "?");
		return;
	}
	memcpy(buf, at, n);
	buf[n] = '\0';
}

void print_version(FILE *out)
{
	char icu[32], uni[32], fb[32], fb_uni[32];
	iri_library_versions(icu, sizeof icu, uni, sizeof uni);
	/* "(GNU FriBidi) 1.0.8\n...Unicode Character Database version 10.0.0," */
	fribidi_field("(GNU FriBidi) ", fb, sizeof fb);
	fribidi_field("Unicode Character Database version ", fb_uni, sizeof fb_uni);
	fprintf(out, "irie %s\n", IRIE_VERSION);
	/* TRANSLATORS: irie --version; %s: ICU's version (72.1), then its Unicode version (15.0). */
	fprintf(out, _("ICU %s, Unicode %s: host mapping (UTS #46), normalisation, confusables\n"), icu, uni);
	/* TRANSLATORS: irie --version; %s: fribidi's version (1.0.8), then its Unicode version (10.0.0). */
	fprintf(out, _("fribidi %s, Unicode %s: bidi display (UAX #9)\n"), fb, fb_uni);
}
