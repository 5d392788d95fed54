/* The batch commands of the command-line contract (doc/design-notes.md). */
#ifndef IRIE_BATCH_H
#define IRIE_BATCH_H

/* Runs "irie CMD ARGS..." (argv[0] is the command name).  Returns the exit
 * status: 0 fine, 1 some input was bad, 2 usage error.  Once it has read
 * inputs, stdout is closed (a write error reported) before it returns. */
int batch_main(int argc, char **argv);

/* True if name is a batch command (view is a command, not a batch one). */
int batch_is_command(const char *name);

/* The translated --help text of a command (batch command or view), or NULL
 * if name is none (app/batch_table.c). */
const char *batch_command_help(const char *name);

/* irie --list-commands, irie --list-options CMD (argv[0] is the option):
 * the command table for tests/doc.  Returns the exit status. */
int batch_list_main(int argc, char **argv);

#endif
