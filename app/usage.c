/* The --help texts: irie's own here, each command's in the command table
 * (app/batch_table.c).  Each help is one message, so that translators see it
 * whole; doc/irie.1 says the same at length and tests/doc checks that the two
 * (and the completions) name the same commands and options as the table. */
#include <stdio.h>
#include <string.h>

#include <stdbool.h>
#include <unistd.h>

#include "batch.h"
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
		size_t n = strcspn(p, " \t\n],)[");   /* "--extract[=TYPE]": the name alone */
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
		"       irie view [--extract[=TYPE]] [FILE|-]\n"
		"       irie COMMAND [OPTIONS] [INPUT...]\n"
		"       irie COMMAND --help\n"
		"\n"
		"An editor and viewer for Internationalized Resource Identifiers.\n"
		"With no command, opens the editor on the terminal, on IRI, else on the\n"
		"first line of stdin if it is not a terminal, else on an empty line;\n"
		"Enter prints the IRI (or its URI) on stdout, Esc leaves (exit 130).\n"
		"'view' browses a list of IRIs, one per line (or a document's, --extract).\n"
		"F1 in either lists the keys.\n"
		"\n"
		"Commands (INPUTs from the arguments, or one per line from stdin):\n"
		"  to-uri [--nfc] [--host=idna|percent|zld]   IRI to URI (RFC 3987 3.1)\n"
		"  to-iri [--host=keep|unicode] [--charset=NAME]  URI to IRI (RFC 3987 3.2)\n"
		"  check                 every finding: LINE:COL: SEVERITY: CODE: message\n"
		"  check --extract[=TYPE] [--sarif] FILE...  the same for every IRI of\n"
		"                        documents, at FILE:LINE:COL (or a SARIF log)\n"
		"  extract [--type=TYPE] [--charset=NAME] FILE...  every IRI in documents\n"
		"                        (HTML, XML, Turtle, Markdown, JSON, text):\n"
		"                        FILE:LINE:COL<TAB>IRI\n"
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
		"130 the editor was left with Esc, or the viewer with replaced lines not\n"
		"written.  See irie(1).\n"));
}

bool usage_command(const char *command)
{
	const char *help = batch_command_help(command);   /* the command table's */
	if (help)
		put_help(help);
	return help != NULL;
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
