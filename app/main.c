/* irie: an editor and viewer for IRIs, and the batch commands around it. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "tui.h"
#include "config.h"
#include "i18n.h"
#include "output.h"

/* RFC 3987 4.4-style sample: an Arabic path, an accented host, a query. */
static const char sample_iri[] = "http://www.bücher.example/\xd8\xaf\xd9\x84\xd9\x8a\xd9\x84/d\xc3\xbcrst?q=\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d";

static void print_help(void)
{
	printf(_("Usage: irie [--print=iri|uri] [IRI]\n"
		"       irie view [FILE|-]\n"
		"       irie COMMAND [OPTIONS] [INPUT...]\n"
		"\n"
		"An editor and viewer for Internationalized Resource Identifiers.\n"
		"With no command, opens the editor on IRI (or a sample) on the terminal;\n"
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
		"                        visual_rfc3987, visual_plain\n"
		"  show IRI              all of the above for one IRI\n"
		"\n"
		"Options:\n"
		"  --json      JSON Lines output, one object per input\n"
		"  --help      this help\n"
		"  --version   the version\n"
		"\n"
		"Exit status: 0 fine, 1 some input had errors, 2 usage error.\n"));
}

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	/* IRIE_LOCALEDIR overrides the installed catalogues (tests run the
	 * build tree's .mo files this way). */
	const char *localedir = getenv("IRIE_LOCALEDIR");
	bindtextdomain(IRIE_PACKAGE, localedir && localedir[0] ? localedir : IRIE_LOCALEDIR);
	textdomain(IRIE_PACKAGE);
	if (argc >= 2 && strcmp(argv[1], "--help") == 0) {
		print_help();
		return 0;
	}
	if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
		printf("irie %s\n", IRIE_VERSION);
		return 0;
	}
	if (argc >= 2 && batch_is_command(argv[1]))
		return batch_main(argc - 1, argv + 1);
	/* "irie --json check ...": the one option that may come before the command. */
	if (argc >= 3 && strcmp(argv[1], "--json") == 0 && batch_is_command(argv[2])) {
		char *cmd = argv[2];
		argv[2] = argv[1];
		argv[1] = cmd;
		return batch_main(argc - 1, argv + 1);
	}
	tui_options opts = { .initial = NULL, .print_uri = false, .view_path = NULL };
	int i = 1;
	if (argc >= 2 && strcmp(argv[1], "view") == 0) {
		if (argc > 3) {
			fprintf(stderr, "%s", _("irie: usage: irie view [FILE|-]\n"));
			return 2;
		}
		opts.view_path = argc == 3 ? argv[2] : "-";
		return tui_main(&opts);
	}
	for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		if (strcmp(argv[i], "--print=uri") == 0)
			opts.print_uri = true;
		else if (strcmp(argv[i], "--print=iri") == 0)
			opts.print_uri = false;
		else {
			char safe[256];
			fprintf(stderr, _("irie: unknown option '%s'\nTry 'irie --help'.\n"),
				out_safe_arg(argv[i], safe, sizeof safe));
			return 2;
		}
	}
	if (argc - i > 1) {
		char safe[256];
		fprintf(stderr, _("irie: unknown command '%s'\nTry 'irie --help'.\n"),
			out_safe_arg(argv[i], safe, sizeof safe));
		return 2;
	}
	/* The editor, on the IRI given or on the built-in sample. */
	opts.initial = i < argc ? argv[i] : sample_iri;
	return tui_main(&opts);
}
