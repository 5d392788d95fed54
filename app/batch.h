/* The batch commands of the command-line contract (doc/design-notes.md). */
#ifndef IRIE_BATCH_H
#define IRIE_BATCH_H

/* Runs "irie CMD ARGS..." (argv[0] is the command name).  Returns the exit
 * status: 0 fine, 1 some input was bad, 2 usage error.  Once it has read
 * inputs, stdout is closed (a write error reported) before it returns. */
int batch_main(int argc, char **argv);

/* True if name is a batch command. */
int batch_is_command(const char *name);

#endif
