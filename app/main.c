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
#include "usage.h"

/* RFC 3987 4.4-style sample: an Arabic path, an accented host, a query. */
static const char sample_iri[] = "http://www.bücher.example/\xd8\xaf\xd9\x84\xd9\x8a\xd9\x84/d\xc3\xbcrst?q=\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d";

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	/* IRIE_LOCALEDIR overrides the installed catalogues (tests run the
	 * build tree's .mo files this way). */
	const char *localedir = getenv("IRIE_LOCALEDIR");
	bindtextdomain(IRIE_PACKAGE, localedir && localedir[0] ? localedir : IRIE_LOCALEDIR);
	textdomain(IRIE_PACKAGE);
	if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		usage_main();
		return 0;
	}
	/* "irie COMMAND ... --help" (before any "--"): that command's help. */
	if (argc >= 2 && (batch_is_command(argv[1]) || strcmp(argv[1], "view") == 0) &&
	    usage_requested(argc - 1, argv + 1))
		return usage_command(argv[1]) ? 0 : 2;
	if (argc >= 3 && strcmp(argv[1], "--json") == 0 && batch_is_command(argv[2]) &&
	    usage_requested(argc - 2, argv + 2))
		return usage_command(argv[2]) ? 0 : 2;
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
		/* view [--] [FILE|-]: "--" lets a file name start with '-'. */
		int first = argc >= 3 && strcmp(argv[2], "--") == 0 ? 3 : 2;
		if (first == 2 && argc >= 3 && argv[2][0] == '-' && argv[2][1] != '\0') {
			char safe[256];
			/* TRANSLATORS: %s is the option as given; keep 'irie view --help'. */
			fprintf(stderr, _("irie view: unknown option '%s'\nTry 'irie view --help'.\n"),
				out_safe_arg(argv[2], safe, sizeof safe));
			return 2;
		}
		if (argc > first + 1) {
			/* TRANSLATORS: keep "irie view [FILE|-]": it is the command line. */
			fprintf(stderr, "%s", _("irie: usage: irie view [FILE|-]\n"));
			return 2;
		}
		opts.view_path = argc == first + 1 ? argv[first] : "-";
		return tui_main(&opts);
	}
	for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;   /* an IRI that starts with '-' */
			break;
		}
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			usage_main();
			return 0;
		}
		if (strcmp(argv[i], "--print=uri") == 0)
			opts.print_uri = true;
		else if (strcmp(argv[i], "--print=iri") == 0)
			opts.print_uri = false;
		else {
			char safe[256];
			/* TRANSLATORS: %s is the option as given; keep 'irie --help'. */
			fprintf(stderr, _("irie: unknown option '%s'\nTry 'irie --help'.\n"),
				out_safe_arg(argv[i], safe, sizeof safe));
			return 2;
		}
	}
	if (argc - i > 1) {
		char safe[256];
		/* TRANSLATORS: %s is the command as given; keep 'irie --help'. */
		fprintf(stderr, _("irie: unknown command '%s'\nTry 'irie --help'.\n"),
			out_safe_arg(argv[i], safe, sizeof safe));
		return 2;
	}
	/* The editor, on the IRI given or on the built-in sample. */
	opts.initial = i < argc ? argv[i] : sample_iri;
	return tui_main(&opts);
}
