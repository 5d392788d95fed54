/* A SARIF 2.1.0 log of check --extract's findings (app/sarif.c): results
 * gathered per finding, the rules they name, printed as one JSON document.
 * Columns are code points of the document's line (run.columnKind
 * "unicodeCodePoints"), lines and columns from 1. */
#ifndef IRIE_SARIF_H
#define IRIE_SARIF_H

#include <stdbool.h>
#include <stdio.h>

#include "extract.h"
#include "iri.h"

typedef struct sarif_log sarif_log;

/* NULL without memory.  The caller owns it. */
sarif_log *sarif_new(void);
void sarif_free(sarif_log *s);   /* NULL is safe */
/* Where in a document: lines and columns from 1; the end just after the
 * last character, end_line 0 when not known. */
typedef struct {
	unsigned long line, column;
	unsigned long end_line, end_column;
} sarif_span;

/* A finding of core at *at of file (copied).  file: a path as given
 * (relative ones are relative to the working directory), "-" for stdin. */
void sarif_add(sarif_log *s, const char *file, const sarif_span *at, const iri_diag *d);
/* A document's problem (line 0: the whole file), msg in words. */
void sarif_add_document(sarif_log *s, const char *file, unsigned long line, unsigned long column,
	ixt_result code, const char *msg, bool warning);
/* The log, one JSON document and a newline, to f. */
void sarif_print(sarif_log *s, FILE *f);

#endif
