/* --help texts: irie's own and one per command (batch commands and view). */
#ifndef IRIE_USAGE_H
#define IRIE_USAGE_H

#include <stdbool.h>

/* Prints "irie --help" on stdout. */
void usage_main(void);

/* Prints the help of command (a batch command or "view") on stdout.
 * Returns false, printing nothing, if command has no help. */
bool usage_command(const char *command);

/* True if "--help" or "-h" is among argv[1..argc) before a "--" (the
 * arguments after the command name, as getopt would see them). */
bool usage_requested(int argc, char **argv);

#endif
