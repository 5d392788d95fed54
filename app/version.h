/* irie --version: irie's version and the libraries' (with their Unicode). */
#ifndef IRIE_VERSION_H
#define IRIE_VERSION_H

#include <stdio.h>

/* Prints irie's version, then ICU's with its Unicode version (host mapping,
 * UTS #46, follows it) and fribidi's with its Unicode version, on out. */
void print_version(FILE *out);

#endif
