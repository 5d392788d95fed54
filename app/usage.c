/* The --help texts.  Each command's help is one message, so that translators
 * see it whole; doc/irie.1 says the same at length and tests/doc checks that
 * the two (and the completions) name the same commands and options. */
#include <stdio.h>
#include <string.h>

#include <stdbool.h>
#include <unistd.h>

#include "i18n.h"
#include "output.h"
#include "usage.h"

/* Where an option name starts: a '-' at a word's start ("--print=uri",
 * "[--strict]", "-h,") followed by a letter or another '-'. */
static bool option_starts(const char *text, const char *p)
{
	bool word_start = p == text || p[-1] == ' ' || p[-1] == '\n' || p[-1] == '[' || p[-1] == '(' || p[-1] == '|';
	return *p == '-' && word_start && (p[1] == '-' || (p[1] >= 'a' && p[1] <= 'z') || (p[1] >= 'A' && p[1] <= 'Z'));
}

/* The UI reads right to left: the text itself (a translation), or the
 * language's word the editor takes its direction from (app/draw.c's
 * parts heading), for a help text not translated yet. */
static bool ui_rtl(const char *text)
{
	const char *parts = _("Parts");
	return out_text_is_rtl(text, strlen(text)) || out_text_is_rtl(parts, strlen(parts));
}

/* Prints a help text.  A right-to-left UI on a terminal gets
 * each option name in a left-to-right isolate (LRI ... PDI, UAX #9 X5a):
 * the terminal's bidi would otherwise move its leading "--" to the other
 * end ("print=uri--"), as W5-W7 and N1 resolve "--" beside right-to-left
 * text.  Left-to-right text, pipes and files get the text as it is. */
static void put_help(const char *text)
{
	if (!isatty(STDOUT_FILENO) || !ui_rtl(text)) {
		fputs(text, stdout);
		return;
	}
	for (const char *p = text; *p;) {
		if (!option_starts(text, p)) {
			putchar(*p++);
			continue;
		}
		size_t n = strcspn(p, " \t\n],)");
		while (n > 1 && strchr(".:;", p[n - 1]))   /* a sentence's end is not the name's */
			n--;
		fputs("\u2066", stdout);
		fwrite(p, 1, n, stdout);
		fputs("\u2069", stdout);
		p += n;
	}
}

void usage_main(void)
{
	/* TRANSLATORS: "irie --help".  Keep command names, option names and
	 * their values (to-uri, --host=idna, marked...), "IRI", "URI", key
	 * names (Enter, Esc, F1) and RFC numbers as they are; keep the
	 * description column aligned (it starts at the same column on every
	 * line); lines at most 79 columns. */
	put_help(_("Usage: irie [--print=iri|uri] [--strict] [--no-mouse] [--bidi=B] [IRI]\n"
		"       irie view [FILE|-]\n"
		"       irie COMMAND [OPTIONS] [INPUT...]\n"
		"       irie COMMAND --help\n"
		"\n"
		"An editor and viewer for Internationalized Resource Identifiers.\n"
		"With no command, opens the editor on the terminal, on IRI, else on the\n"
		"first line of stdin if it is not a terminal, else on an empty line;\n"
		"Enter prints the IRI (or its URI) on stdout, Esc leaves (exit 130).\n"
		"'view' browses a list of IRIs, one per line.  F1 in either lists the keys.\n"
		"\n"
		"Commands (INPUTs from the arguments, or one per line from stdin):\n"
		"  to-uri [--nfc] [--host=idna|percent|zld]   IRI to URI (RFC 3987 3.1)\n"
		"  to-iri [--host=keep|unicode] [--charset=NAME]  URI to IRI (RFC 3987 3.2)\n"
		"  check                 every finding: LINE:COL: SEVERITY: CODE: message\n"
		"  host HOST|IRI         the host in every encoding\n"
		"  explain IRI           character by character: code, name, UTF-8, escape, why\n"
		"  resolve BASE REF...   resolve references (RFC 3986 5.2)\n"
		"  compare A B           the first RFC 3987 5.3 level at which A and B are equal\n"
		"  display [--form=F] [--no-shape]  the bidi display forms: marked, visual,\n"
		"                        visual_rfc3987, visual_plain, logical\n"
		"  show IRI              all of the above for one IRI\n"
		"\n"
		"Options:\n"
		"  --print=iri|uri  (editor) what Enter prints: the IRI (default) or its URI\n"
		"  --strict         (editor) Enter refuses an IRI with errors\n"
		"  --no-mouse       (editor) no mouse capture: the terminal selects text\n"
		"  --bidi=auto|visual|logical  (editor) who reorders right-to-left text:\n"
		"                   irie (visual), the terminal (logical), or ask it (auto)\n"
		"  --json           JSON Lines output, one object per input (not for show)\n"
		"  -h, --help       this help; after a command, that command's help\n"
		"  --version        the version\n"
		"\n"
		"Exit status: 0 fine, 1 some input had errors, 2 usage error,\n"
		"130 the editor or viewer was left with Esc.  See irie(1).\n"));
}

/* Every command's help, in irie --help's order.  The texts go through _()
 * when printed; N_() marks them for xgettext. */
static const struct {
	const char *command;
	const char *help;
} helps[] = {
	/* TRANSLATORS: "irie to-uri --help".  Keep option names and values
	 * (--nfc, --host=idna...), "LINE:COL: error: CODE: message", "UTF-8",
	 * "NFC", "UTS #46", "A-labels", "MiB" usage and RFC numbers as they are;
	 * keep the description column aligned. */
	/* xgettext:no-c-format */
	{ "to-uri", N_("Usage: irie to-uri [--nfc] [--host=idna|percent|zld] [--json] [IRI...]\n"
		"\n"
		"Maps each IRI to a URI (RFC 3987 3.1): every character outside ASCII\n"
		"becomes the %-escapes of its UTF-8 bytes; the host as --host says.\n"
		"\n"
		"Options:\n"
		"  --nfc           normalise to NFC first (RFC 3987 3.1 step 1)\n"
		"  --host=idna     the host as A-labels, UTS #46 nontransitional (default)\n"
		"  --host=percent  the host %-escaped like the rest (RFC 3987 3.1 step 2)\n"
		"  --host=zld      the host in the 1998 \".i\" zero-level-domain form\n"
		"  --json          JSON Lines: input, uri, diagnostics\n"
		"\n"
		"Input: the IRIs given, or else one per line from stdin (a final CR and\n"
		"a leading byte order mark are dropped; lines up to 16 MiB).  Put '--'\n"
		"before an input that starts with '-'.  The URI goes to stdout, one line\n"
		"per input; errors go to stderr as LINE:COL: error: CODE: message.\n"
		"\n"
		"Exit status: 0 fine, 1 some input had errors, 2 usage error.\n") },
	/* TRANSLATORS: "irie to-iri --help".  Keep option names and values
	 * (--host=keep, --charset=NAME...), charset names, "LEGACY_CHARSET",
	 * "UTF-8", "MiB" and RFC numbers as they are; keep the description
	 * column aligned. */
	/* xgettext:no-c-format */
	{ "to-iri", N_("Usage: irie to-iri [--host=keep|unicode] [--charset=NAME] [--json] [URI...]\n"
		"\n"
		"Maps each URI to an IRI (RFC 3987 3.2): %-escapes of well-formed UTF-8\n"
		"become characters, unless the character is not allowed in an IRI or is\n"
		"a bidi formatting character (steps 3 and 4); escaped ASCII other than\n"
		"unreserved characters stays escaped.\n"
		"\n"
		"Options:\n"
		"  --host=keep      leave the host as written (default)\n"
		"  --host=unicode   A-labels, %-escaped and \".i\" hosts to Unicode\n"
		"  --charset=NAME   read escapes in this legacy charset instead of UTF-8\n"
		"                   (RFC 3987 3.2.1), e.g. Shift_JIS, EUC-JP, ISO-8859-8,\n"
		"                   windows-1256, KOI8-R; ICU converter names; the charset\n"
		"                   must be ASCII-compatible and stateless (finding\n"
		"                   LEGACY_CHARSET)\n"
		"  --json           JSON Lines: input, iri, diagnostics\n"
		"\n"
		"Input: the URIs given, or else one per line from stdin (a final CR and\n"
		"a leading byte order mark are dropped; lines up to 16 MiB).  Put '--'\n"
		"before an input that starts with '-'.  The IRI goes to stdout, one line\n"
		"per input; errors go to stderr as LINE:COL: error: CODE: message.\n"
		"\n"
		"Exit status: 0 fine, 1 some input had errors, 2 usage error or unknown\n"
		"charset.\n") },
	/* TRANSLATORS: "irie check --help".  Keep "LINE:COL: SEVERITY: CODE:
	 * message [RULE]", "note: suggestion:", the severities as the program
	 * prints them, option names, "MiB" and RFC numbers as they are; keep
	 * the description column aligned. */
	{ "check", N_("Usage: irie check [--json] [IRI...]\n"
		"\n"
		"Checks each IRI against RFC 3987 (2.2 syntax, 4.1 and 4.2 bidi, 5.3\n"
		"normalisation), RFC 3986 and UTS #46 / UTS #39 for the host, and\n"
		"prints every finding, in the order of their positions:\n"
		"\n"
		"  LINE:COL: SEVERITY: CODE: message [RULE]\n"
		"  LINE:COL: note: suggestion: \"replacement\"\n"
		"\n"
		"LINE is the input's number (argument or stdin line), COL the first code\n"
		"point of the finding, both from 1; SEVERITY is error, warning or info;\n"
		"CODE is a stable name such as BIDI_MIXED_DIRECTION.\n"
		"\n"
		"Options:\n"
		"  --json   JSON Lines: input, diagnostics (code, severity, start, end,\n"
		"           byte_start, byte_end, component, message, rule, suggestion)\n"
		"\n"
		"Input: the IRIs given, or else one per line from stdin (a final CR and\n"
		"a leading byte order mark are dropped; lines up to 16 MiB).  Put '--'\n"
		"before an input that starts with '-'.  Findings go to stdout.\n"
		"\n"
		"Exit status: 0 no errors (warnings allowed), 1 some input had an error,\n"
		"2 usage error.\n") },
	/* TRANSLATORS: "irie host --help".  Keep the form names as printed
	 * (unicode, idna, idna-transitional, percent, zld-1998), option names,
	 * "UTS #46", "A-labels", "MiB" and RFC numbers as they are. */
	/* xgettext:no-c-format */
	{ "host", N_("Usage: irie host [--json] [HOST|IRI...]\n"
		"\n"
		"Shows a host (or the host of an IRI with an authority) in every\n"
		"encoding: unicode and idna (UTS #46 ToUnicode, ToASCII\n"
		"nontransitional), idna-transitional, percent (%-escaped UTF-8,\n"
		"RFC 3987 3.1) and zld-1998 (the 1998 \".i\" form), with the host's\n"
		"findings (UTS #46 errors, UTS #39 confusables, mixed scripts).\n"
		"An IP address has one form only (RFC 3986 3.2.2).\n"
		"\n"
		"Options:\n"
		"  --json   JSON Lines: input, form, unicode, idna, idna_transitional,\n"
		"           percent, zld, diagnostics\n"
		"\n"
		"Input: the hosts given, or else one per line from stdin (a final CR and\n"
		"a leading byte order mark are dropped; lines up to 16 MiB).  Put '--'\n"
		"before an input that starts with '-'.  Errors go to stderr.\n"
		"\n"
		"Exit status: 0 fine, 1 some input had errors, 2 usage error.\n") },
	/* TRANSLATORS: "irie explain --help".  Keep option names, JSON field
	 * names, "U+", "UTF-8", "MiB" and RFC numbers as they are. */
	{ "explain", N_("Usage: irie explain [--json] [IRI...]\n"
		"\n"
		"Explains an IRI character by character: the code point, its UTF-8\n"
		"bytes, what it becomes in the URI, the component, the Unicode name and\n"
		"why RFC 3987 3.1 escapes it or keeps it.\n"
		"\n"
		"Options:\n"
		"  --json   JSON Lines: input, chars (cp, name, utf8, escaped, component,\n"
		"           reason, why)\n"
		"\n"
		"Input: the IRIs given, or else one per line from stdin (a final CR and\n"
		"a leading byte order mark are dropped; lines up to 16 MiB).  Put '--'\n"
		"before an input that starts with '-'.  Errors go to stderr.\n"
		"\n"
		"Exit status: 0 fine, 1 some input had errors, 2 usage error.\n") },
	/* TRANSLATORS: "irie resolve --help".  Keep BASE and REF (they are
	 * placeholders in the usage line), option names, "MiB" and RFC numbers
	 * as they are. */
	{ "resolve", N_("Usage: irie resolve [--json] BASE [REF...]\n"
		"\n"
		"Resolves each reference REF against the absolute IRI BASE (RFC 3986\n"
		"5.2, with remove_dot_segments; IRIs as RFC 3987 6.5 allows) and prints\n"
		"the target IRI.\n"
		"\n"
		"Options:\n"
		"  --json   JSON Lines: base, ref, iri\n"
		"\n"
		"Input: the REFs given after BASE, or else one per line from stdin (a\n"
		"final CR and a leading byte order mark are dropped; lines up to\n"
		"16 MiB).  Put '--' before an input that starts with '-'.\n"
		"\n"
		"Exit status: 0 fine, 1 BASE has no scheme or a REF has errors,\n"
		"2 usage error.\n") },
	/* TRANSLATORS: "irie compare --help".  Keep A and B (placeholders),
	 * the level names simple, syntax, scheme and different (the program
	 * prints them untranslated), option names, "NFC", "MiB" and RFC
	 * numbers as they are; keep the description column aligned. */
	/* xgettext:no-c-format */
	{ "compare", N_("Usage: irie compare [--json] A B\n"
		"       irie compare [--json] < PAIRS\n"
		"\n"
		"Compares two IRIs along the RFC 3987 5.3 ladder and prints the first\n"
		"level at which they are equal:\n"
		"\n"
		"  simple      the same characters (5.3.1)\n"
		"  syntax      equal after case, %-escape and dot-segment\n"
		"              normalisation (5.3.2)\n"
		"  scheme      equal after scheme-based normalisation: default port,\n"
		"              empty path, IDN host (5.3.3)\n"
		"  different   not equal at any of these levels\n"
		"\n"
		"Options:\n"
		"  --json   JSON Lines: a, b, equal, level\n"
		"\n"
		"Input: A and B as arguments, or else lines \"A<TAB>B\" from stdin (a\n"
		"final CR and a leading byte order mark are dropped; lines up to\n"
		"16 MiB).\n"
		"\n"
		"Exit status: 0 fine (equal or not), 1 a line had no tab, 2 usage error.\n") },
	/* TRANSLATORS: "irie display --help".  Keep option names and the form
	 * names (marked, visual, visual_rfc3987, visual_plain, logical: the
	 * program prints them untranslated), "LRM", "LRE...PDF", "MiB" and RFC numbers as
	 * they are; keep the description column aligned. */
	{ "display", N_("Usage: irie display [--form=F] [--no-shape] [--json] [IRI...]\n"
		"\n"
		"Prints the bidi display forms of each IRI (RFC 3987 4.1, 4.4):\n"
		"\n"
		"  marked          logical order, LRM around each delimiter, the whole\n"
		"                  in LRE...PDF: for pasting into bidi-aware programs,\n"
		"                  and the form to print on a terminal that reorders\n"
		"                  bidi text itself (VTE, Konsole, mlterm)\n"
		"  visual          visual order, each component left to right in its\n"
		"                  own direction: the visual forms are for terminals\n"
		"                  and programs that do no bidi (xterm, files); a bidi\n"
		"                  terminal would reorder them a second time\n"
		"  visual_rfc3987  the whole IRI in LRE...PDF through the bidi\n"
		"                  algorithm (RFC 3987 4.1)\n"
		"  visual_plain    the text alone through the bidi algorithm: what a\n"
		"                  naive display shows\n"
		"  logical         the characters as stored, for a terminal that\n"
		"                  reorders bidi text itself\n"
		"\n"
		"Options:\n"
		"  --form=F     only form F, without its label\n"
		"  --no-shape   no Arabic shaping in the visual forms\n"
		"  --json       JSON Lines: input and one field per form\n"
		"\n"
		"Input: the IRIs given, or else one per line from stdin (a final CR and\n"
		"a leading byte order mark are dropped; lines up to 16 MiB).  Put '--'\n"
		"before an input that starts with '-'.\n"
		"\n"
		"Exit status: 0 fine, 1 some input was too long, 2 usage error.\n") },
	/* TRANSLATORS: "irie show --help".  Keep command names (to-uri, host,
	 * check), "IRI", "URI", "MiB" and RFC numbers as they are. */
	{ "show", N_("Usage: irie show [IRI...]\n"
		"\n"
		"Everything the editor's panes show, as text, for each IRI: the IRI,\n"
		"its URI (RFC 3987 3.1, as to-uri), its components (RFC 3986 3), the\n"
		"host in every encoding (as host) and every finding (as check).\n"
		"There is no JSON output: use those commands with --json.\n"
		"\n"
		"Input: the IRIs given, or else one per line from stdin (a final CR and\n"
		"a leading byte order mark are dropped; lines up to 16 MiB).  Put '--'\n"
		"before an input that starts with '-'.\n"
		"\n"
		"Exit status: 0 no errors, 1 some input had an error, 2 usage error.\n") },
	/* TRANSLATORS: "irie view --help".  Keep key names (Enter, Esc, F1,
	 * F8, PgUp, PgDn), "FILE", "MiB" and "IRI" as they are. */
	{ "view", N_("Usage: irie view [FILE|-]\n"
		"\n"
		"Browses a list of IRIs, one per line, read from FILE or from stdin\n"
		"('-', the default), in the editor's panes: parts, host forms, URI and\n"
		"findings of the line shown.  The keys come from the terminal, so the\n"
		"list can be piped in.  PgUp/PgDn move between lines, F8 goes to the\n"
		"next line with a warning, Enter prints the line and leaves, Esc leaves,\n"
		"F1 lists all keys.  At most 1,000,000 lines of up to 1 MiB are read.\n"
		"\n"
		"Exit status: 0 a line was printed, 1 the file could not be read,\n"
		"2 usage error, 130 left with Esc.\n") },
};

bool usage_command(const char *command)
{
	for (size_t i = 0; i < sizeof helps / sizeof helps[0]; i++) {
		if (strcmp(helps[i].command, command) == 0) {
			put_help(_(helps[i].help));
			return true;
		}
	}
	return false;
}

bool usage_requested(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			return false;
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
			return true;
	}
	return false;
}
