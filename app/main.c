/* irie: an editor and viewer for IRIs, and the batch commands around it. */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "batch.h"
#include "edit_buffer.h"
#include "extract.h"
#include "tui.h"
#include "config.h"
#include "i18n.h"
#include "output.h"
#include "term.h"
#include "usage.h"
#include "version.h"
#include "view_extract.h"
#include "view_list.h"

/* The editor and viewer read keys as UTF-8 and draw UTF-8 (curses decodes
 * with the locale's charset): anything else garbles what is typed, so they
 * refuse to start.  Batch commands read and write bytes and do not ask. */
static bool locale_is_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);
	if (strcasecmp(cs, "UTF-8") == 0 || strcasecmp(cs, "utf8") == 0)
		return true;
	/* TRANSLATORS: %s: the locale's character set as the system names it
	 * (ANSI_X3.4-1968 is ASCII); keep LANG, LC_ALL and C.UTF-8. */
	fprintf(stderr, _("irie: the locale's character set is %s, not UTF-8; set LANG or LC_ALL to a UTF-8 locale such as C.UTF-8\n"),
		cs);
	return false;
}

/* The first line of standard input (not a terminal), as the editor's text:
 * at most one byte over the edit buffer's cap (so that the editor can say
 * the line is too long rather than cut it), a final CR dropped, the rest of
 * the input left unread.  *line is malloc'ed (the caller frees it); false
 * with a message on a read error. */
static bool read_first_line(char **line)
{
	size_t cap = EDB_MAX_TEXT_BYTES + 1, n = 0;
	char *p = malloc(cap + 1);
	if (!p) {
		fprintf(stderr, "irie: %s\n", _("out of memory"));
		return false;
	}
	int c;
	while (n < cap && (c = getchar()) != EOF && c != '\n')
		/* A NUL would end the string early: 0xFF is never UTF-8, so the
		 * editor shows it as U+FFFD, as it shows a NUL. */
		p[n++] = c == 0 ? (char)0xFF : (char)c;
	if (ferror(stdin)) {
		/* TRANSLATORS: %s: the system's error message. */
		fprintf(stderr, _("irie: cannot read standard input: %s\n"), strerror(errno));
		free(p);
		return false;
	}
	if (n > 0 && p[n - 1] == '\r')
		n--;
	p[n] = '\0';
	*line = p;
	return true;
}

/* The editor: on the IRI given, else (stdin not a terminal) on stdin's
 * first line, else on an empty line.  The argument wins over stdin. */
static int run_editor(tui_options *opts, const char *arg)
{
	char *line = NULL;
	if (!locale_is_utf8())
		return 2;
	if (arg)
		opts->initial = arg;
	else if (!isatty(STDIN_FILENO)) {
		if (!read_first_line(&line))
			return 1;
		opts->initial = line;
	}
	int status = tui_main(opts);
	free(line);
	return status;
}

/* --extract or --extract=TYPE: *type its ixt_type (auto for none); false
 * if arg is not that option, or (with a message) a type unknown. */
static bool view_extract_option(const char *arg, int *type, bool *bad)
{
	if (strcmp(arg, "--extract") == 0) {
		*type = IXT_TYPE_AUTO;
		return true;
	}
	if (strncmp(arg, "--extract=", 10) != 0)
		return false;
	ixt_type t;
	if (ixt_type_from_name(arg + 10, &t) != IXT_OK) {
		/* TRANSLATORS: keep the option, its values and 'irie view --help'. */
		fprintf(stderr, "%s", _("irie view: --extract takes auto|text|html|xml|turtle|ntriples|nquads|markdown|json\n"
			"Try 'irie view --help'.\n"));
		*bad = true;
	}
	*type = (int)t;
	return true;
}

/* view's options from argv[*first] on, up to the file or "--" (taken):
 * --extract[=TYPE], --charset=NAME or --charset NAME (a document's
 * charset: it implies --extract, as for check).  0, or 2 with a message. */
static int view_options(int argc, char **argv, int *first, int *type, const char **charset)
{
	bool bad = false;
	int type_given = -1;
	for (; *first < argc && argv[*first][0] == '-' && argv[*first][1] != '\0'; (*first)++) {
		const char *arg = argv[*first];
		if (strcmp(arg, "--") == 0) {
			(*first)++;
			break;
		}
		if (view_extract_option(arg, &type_given, &bad)) {
			if (bad)
				return 2;
		} else if (strncmp(arg, "--charset=", 10) == 0) {
			*charset = arg + 10;
		} else if (strcmp(arg, "--charset") == 0 && *first + 1 < argc) {
			*charset = argv[++*first];
		} else {
			char safe[256];
			/* TRANSLATORS: %s is the option as given; keep 'irie view --help'. */
			fprintf(stderr, _("irie view: unknown option '%s'\nTry 'irie view --help'.\n"),
				out_safe_arg(arg, safe, sizeof safe));
			return 2;
		}
	}
	*type = type_given >= 0 ? type_given : *charset ? (int)IXT_TYPE_AUTO : -1;
	return 0;
}

/* irie view [--charset=NAME] [--extract[=TYPE]] [--] [FILE|-]: "--" lets a
 * file name start with '-'. */
static int view_main(int argc, char **argv)
{
	tui_options opts = { .initial = NULL, .print_uri = false, .strict = false, .no_mouse = false,
	                     .view = NULL };
	int type = -1;   /* an ixt_type with --extract; -1: one entry per line */
	const char *charset = NULL;
	int first = 2;
	if (view_options(argc, argv, &first, &type, &charset) != 0)
		return 2;
	if (argc > first + 1) {
		/* TRANSLATORS: keep "irie view [--charset=NAME] [--extract[=TYPE]] [FILE|-]": it is the command line. */
		fprintf(stderr, "%s", _("irie: usage: irie view [--charset=NAME] [--extract[=TYPE]] [FILE|-]\n"));
		return 2;
	}
	/* The file is read before the terminal is touched: a directory, a file
	 * that cannot be read or an empty one is said plainly (exit 2), after
	 * the locale (the editor's first check too). */
	const char *path = argc == first + 1 ? argv[first] : "-";
	/* No FILE and nothing piped: reading the terminal would wait for lines
	 * typed, with no screen, and look hung (less says "Missing filename").
	 * "-" given asks for standard input by name, and gets it. */
	if (argc == first && isatty(STDIN_FILENO)) {
		/* TRANSLATORS: irie view run with no file while standard input is the terminal; keep "irie view" and FILE. */
		fprintf(stderr, "%s\n", _("irie view: no FILE, and standard input is a terminal: give a file, or pipe a list in"));
		return 2;
	}
	if (!locale_is_utf8())
		return 2;
	char err[1024];
	view_list *vl = vl_new();
	int status = !vl ? 1 : type >= 0 ? vx_read_document(vl, path, type, charset, err, sizeof err)
		: vl_read_lines(vl, path, err, sizeof err);
	if (status != 0) {
		/* err may hold the file's name: sanitised on a terminal. */
		const char *why = vl ? err : _("out of memory");
		fputs("irie view: ", stderr);
		out_text(stderr, why, strlen(why), isatty(STDERR_FILENO));
		fputc('\n', stderr);
		vl_free(vl);
		return status;
	}
	opts.view = vl;
	return tui_main(&opts);
}

/* One editor option into opts (or term's bidi mode); false if unknown. */
static bool editor_option(const char *arg, tui_options *opts)
{
	if (strcmp(arg, "--print=uri") == 0)
		opts->print_uri = true;
	else if (strcmp(arg, "--print=iri") == 0)
		opts->print_uri = false;
	else if (strcmp(arg, "--strict") == 0)
		opts->strict = true;
	else if (strcmp(arg, "--no-mouse") == 0)
		opts->no_mouse = true;
	else if (strcmp(arg, "--bidi=auto") == 0)
		term_set_bidi(TERM_BIDI_AUTO);
	else if (strcmp(arg, "--bidi=visual") == 0)
		term_set_bidi(TERM_BIDI_VISUAL);
	else if (strcmp(arg, "--bidi=logical") == 0)
		term_set_bidi(TERM_BIDI_LOGICAL);
	else
		return false;
	return true;
}

static bool looks_like_command(const char *arg);

/* irie [OPTION...] [--] [IRI]: the editor. */
static int editor_main(int argc, char **argv)
{
	tui_options opts = { .initial = NULL, .print_uri = false, .strict = false, .no_mouse = false,
	                     .view = NULL, .note = NULL };
	int i = 1;
	bool dashdash = false;
	for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;   /* an IRI that starts with '-', or a word meant as a reference */
			dashdash = true;
			break;
		}
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			usage_main();
			return 0;
		}
		if (!editor_option(argv[i], &opts)) {
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
	char note[300];
	if (i < argc && !dashdash && looks_like_command(argv[i])) {
		/* TRANSLATORS: the editor's first status line after "irie WORD"; %s: the word; keep 'irie --help'. */
		snprintf(note, sizeof note, _("'%s' is not a command: edited as a relative reference (see irie --help)"),
			argv[i]);
		opts.note = note;
	}
	return run_editor(&opts, i < argc ? argv[i] : NULL);
}

/* A word that reads as a command irie lacks ("irie chek", "irie extract"):
 * only ASCII letters, digits and '-' (as every command is), at most 32,
 * starting with a letter.  It is still a relative reference (RFC 3986 4.2),
 * and the editor opens on it, but says how it took it.  A ':' '/' '.' or any
 * other character makes it look like a reference, not a command. */
static bool looks_like_command(const char *arg)
{
	size_t n = strlen(arg);
	if (n == 0 || n > 32 || !((arg[0] >= 'a' && arg[0] <= 'z') || (arg[0] >= 'A' && arg[0] <= 'Z')))
		return false;
	for (size_t k = 0; k < n; k++) {
		char c = arg[k];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'))
			return false;
	}
	return true;
}

/* glibc's gettext looks for a catalogue at every call (~1,600 instructions)
 * unless the messages locale is "C" or "POSIX".  In C.UTF-8 it finds none
 * of irie's (po/LINGUAS has no C) and, with LANGUAGE unset or empty (it
 * counts only outside "C"), returns every msgid as it is: "C" gives the
 * same text, found at once.  A batch run's error lines call it per
 * finding. */
static void messages_locale(void)
{
	const char *messages = setlocale(LC_MESSAGES, NULL), *language = getenv("LANGUAGE");
	if (messages && (strcmp(messages, "C.UTF-8") == 0 || strcmp(messages, "C.utf8") == 0) &&
	    !(language && language[0]))
		setlocale(LC_MESSAGES, "C");
}

int main(int argc, char **argv)
{
	/* Only the categories irie uses, from the environment: LC_CTYPE (the
	 * charset: curses, wcwidth, nl_langinfo, gettext's conversions) and
	 * LC_MESSAGES (gettext, strerror).  LC_ALL would read every category's
	 * file at each start (a dozen in C.UTF-8) for nothing: irie sorts no
	 * text, formats no dates, prints no decimal fractions. */
	setlocale(LC_CTYPE, "");
	setlocale(LC_MESSAGES, "");
	messages_locale();
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
	if (argc >= 2 && batch_command_help(argv[1]) && usage_requested(argc - 1, argv + 1))
		return usage_command(argv[1]) ? 0 : 2;
	if (argc >= 3 && strcmp(argv[1], "--json") == 0 && batch_is_command(argv[2]) &&
	    usage_requested(argc - 2, argv + 2))
		return usage_command(argv[2]) ? 0 : 2;
	if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
		print_version(stdout);
		return 0;
	}
	/* The command table for tests/doc (hidden, as git's --list-cmds). */
	if (argc >= 2 && (strcmp(argv[1], "--list-commands") == 0 || strcmp(argv[1], "--list-options") == 0))
		return batch_list_main(argc - 1, argv + 1);
	if (argc >= 2 && batch_is_command(argv[1]))
		return batch_main(argc - 1, argv + 1);
	/* "irie --json check ...": the one option that may come before the command. */
	if (argc >= 3 && strcmp(argv[1], "--json") == 0 && batch_is_command(argv[2])) {
		char *cmd = argv[2];
		argv[2] = argv[1];
		argv[1] = cmd;
		return batch_main(argc - 1, argv + 1);
	}
	if (argc >= 2 && strcmp(argv[1], "view") == 0)
		return view_main(argc, argv);
	/* "irie help [COMMAND]": what a user typing it wants (git, go, cargo
	 * do the same).  The relative reference "help" is edited with
	 * "irie -- help". */
	if (argc == 2 && strcmp(argv[1], "help") == 0) {
		usage_main();
		return 0;
	}
	if (argc == 3 && strcmp(argv[1], "help") == 0) {
		if (usage_command(argv[2]))   /* the command table's help, view's too */
			return 0;
		char safe[256];
		/* TRANSLATORS: %s is the word after "irie help"; keep 'irie --help'. */
		fprintf(stderr, _("irie: no command '%s'\nTry 'irie --help'.\n"), out_safe_arg(argv[2], safe, sizeof safe));
		return 2;
	}
	if (argc > 3 && strcmp(argv[1], "help") == 0) {
		/* "help" is a command here: the word at fault is the first extra one. */
		char safe[256];
		/* TRANSLATORS: "irie help" given more than one word; %s: the first word too many; keep 'irie help' and 'irie --help'. */
		fprintf(stderr, _("irie help: one command only; '%s' is one word too many\nTry 'irie --help'.\n"),
			out_safe_arg(argv[3], safe, sizeof safe));
		return 2;
	}
	return editor_main(argc, argv);
}
