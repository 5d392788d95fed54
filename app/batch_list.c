/* The hidden lists of the command table (app/batch_table.c) for the doc
 * tests: each command's synopsis, as its help and doc/irie.1 spell it, and
 * the options each takes. */
#include <stdio.h>
#include <string.h>

#include "batch.h"
#include "batch_internal.h"
#include "i18n.h"

/* An option as a synopsis or a list shows it: "--nfc", "--host=idna|percent",
 * "--charset=NAME"; with want_values, the values rather than the word. */
static void put_option(FILE *f, const batch_option *o, bool want_values)
{
	fprintf(f, "--%s", o->name);
	const char *v = want_values && o->values ? o->values : o->metavar ? o->metavar : o->values;
	if (v && o->optional_value && !want_values)
		fprintf(f, "[=%s]", v);
	else if (v)
		fprintf(f, "=%s", v);
}

/* "irie NAME [--opt]... OPERANDS", as the command's help and doc/irie.1
 * spell its usage. */
static void put_synopsis(FILE *f, const batch_command *c)
{
	const batch_option *options = batch_options();
	fprintf(f, "irie %s", c->name);
	for (size_t i = 0; i < BATCH_OPTION_COUNT; i++) {
		if (!(c->options & options[i].bit))
			continue;
		fputs(" [", f);
		put_option(f, &options[i], false);
		fputc(']', f);
	}
	fprintf(f, " %s\n", c->operands);
}

/* irie --list-commands: NAME<TAB>SYNOPSIS per command.  irie --list-options
 * CMD: each option CMD takes, one per line, its values listed ("--form=a|b")
 * or its word ("--charset=NAME"); then --help.  For tests/doc; not in the
 * help, as git's --list-cmds is not. */
int batch_list_main(int argc, char **argv)
{
	const batch_option *options = batch_options();
	size_t n_commands;
	const batch_command *commands = batch_commands(&n_commands);
	if (argc == 1 && strcmp(argv[0], "--list-commands") == 0) {
		for (size_t i = 0; i < n_commands; i++) {
			printf("%s\t", commands[i].name);
			put_synopsis(stdout, &commands[i]);
		}
		return 0;
	}
	const batch_command *c = argc == 2 ? batch_command_find(argv[1]) : NULL;
	if (!c || strcmp(argv[0], "--list-options") != 0) {
		fprintf(stderr, "irie %s: %s\n", argv[0], _("unknown command"));
		return 2;
	}
	for (size_t i = 0; i < BATCH_OPTION_COUNT; i++) {
		if (c->options & options[i].bit) {
			put_option(stdout, &options[i], true);
			putchar('\n');
		}
	}
	puts("--help");
	return 0;
}
