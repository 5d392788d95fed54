/* Private to the batch commands (app/batch*.c): the state of a run, the one
 * table of commands and options, output and input helpers. */
#ifndef IRIE_BATCH_INTERNAL_H
#define IRIE_BATCH_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>

#include "iri.h"
#include "render_bidi.h"

/* Lines longer than this are reported and skipped, not analysed. */
#define BATCH_MAX_LINE_BYTES ((size_t)16 * 1024 * 1024)

typedef struct batch batch;
/* Runs a command on one input (an argument or a line of stdin). */
typedef void (*batch_fn)(batch *b, const char *text, size_t len);
/* Runs a command on its arguments taken together (compare's A B). */
typedef void (*batch_args_fn)(batch *b, int argc, char **argv);

/* The words every finding line repeats (bout_diag_text): translated once a
 * run, not once a line. */
enum { BOUT_WORD_NOTE, BOUT_WORD_SUGGESTION, BOUT_WORD_REMOVE, BOUT_WORD_SEVERITY,
       BOUT_WORDS = BOUT_WORD_SEVERITY + IRI_SEV_ERROR + 1 };

/* A finding's message as msg_diag writes it (bout_diag_text), kept for the
 * next finding of the same code, component and detail (msg_diag_keyed): a
 * file's findings repeat a few ("'{' is not allowed ...").  Any slot takes
 * any message, the one used longest ago made over first: the unwise
 * characters' messages, some ten, would collide in a direct-mapped table
 * of this size, and a run of URI_EXPANSION's, each its own number, would
 * push the others out of a first-in, first-out one.  A batch struct copied
 * to a worker thread takes its own. */
#define BOUT_MSG_SLOTS 16
#define BOUT_MSG_BYTES 512     /* msg_diag's buffer, NUL included */
typedef struct {
	unsigned long long last_use;   /* batch's msgs_uses when last used; 0: never */
	iri_diag_code code;
	iri_component component;
	int64_t detail;
	size_t len;                /* bytes of text, NUL excluded */
	char text[BOUT_MSG_BYTES];
} bout_msg;

struct batch {
	const char *command;
	iri_ctx *ctx;
	iri_diags *diags;
	iri_diags *extra;       /* to-iri's own findings, next to check's */
	iri_buf out;
	bool json;
	FILE *out_f;            /* where output and messages go: stdout and stderr, */
	FILE *err_f;            /* or a worker's buffers (parallel.h) */
	iri_buf *out_bytes;     /* a worker's: out_f's unbuffered bytes, to append to */
	bool stdout_tty;        /* of the real stdout and stderr */
	bool stderr_tty;
	bool findings_out;      /* the command's findings are its output (check) */
	int status;             /* exit status so far: 0 or 1 */
	unsigned long line;     /* 1-based number of the input (line or argument) */
	iri_to_uri_opts to_uri;
	iri_to_iri_opts to_iri;
	const char *base;       /* resolve */
	size_t base_len;
	rnd_display *display;   /* display: reused for every input */
	rnd_options render;
	int form;               /* display --form, or -1 for all five */
	/* Documents (app/batch_extract.c): extract's --type, check's
	 * --extract[=TYPE] (an ixt_type; -1: check reads IRIs, not documents). */
	int doc_type;
	const char *doc_charset;   /* extract --charset: the documents' charset */
	bool sarif;                /* check --extract --sarif */
	bool columns_bytes;        /* --columns=bytes: COL in UTF-8 bytes (vim), else code points */
	const char *words[BOUT_WORDS];   /* gettext's, made on first use; NULL until then */
	bout_msg msgs[BOUT_MSG_SLOTS];   /* made on first use; unused until then */
	unsigned long long msgs_uses;    /* messages taken from msgs so far */
};

/* ---- the table (app/batch_table.c) --------------------------------------- */

/* The options of the batch commands, one bit each.  --host is two options
 * of one name: its values differ between to-uri and to-iri. */
enum {
	BOPT_NFC = 1u << 0,
	BOPT_HOST_URI = 1u << 1,
	BOPT_HOST_IRI = 1u << 2,
	BOPT_CHARSET = 1u << 3,
	BOPT_FORM = 1u << 4,
	BOPT_NO_SHAPE = 1u << 5,
	BOPT_JSON = 1u << 6,
	BOPT_TYPE = 1u << 7,
	BOPT_EXTRACT = 1u << 8,
	BOPT_SARIF = 1u << 9,
	BOPT_COLUMNS = 1u << 10,
};

/* Rows of the option table (app/batch_table.c checks it at compile time). */
#define BATCH_OPTION_COUNT 11

typedef struct {
	unsigned bit;             /* BOPT_* */
	const char *name;         /* as typed, without "--" */
	/* The values it takes, as typed: "a|b|c"; an upper-case word
	 * ("NAME") stands for any value; NULL: it takes none. */
	const char *values;
	const char *metavar;      /* the word a synopsis shows for the value ("F"), or NULL: values */
	const char *refusal;      /* N_() usage error: a command that does not take it */
	const char *bad_value;    /* N_() usage error: a value not among values */
	/* Stores the value in b (value_index: its place in values, -1 for
	 * an upper-case word or no value). */
	void (*set)(batch *b, int value_index, const char *value);
	bool optional_value;      /* "--extract" or "--extract=TYPE": set gets "" and -1 without one */
} batch_option;

typedef struct {
	const char *name;         /* as typed: "to-uri" */
	batch_fn fn;              /* per input; NULL: no batch command (view: main.c) */
	batch_args_fn args_fn;    /* NULL: each argument is an input to fn */
	unsigned options;         /* BOPT_* bits it takes, besides --help */
	const char *operands;     /* the synopsis after the options, as typed: "BASE [REF...]" */
	/* Arguments after the options: lead_args come first (resolve's BASE);
	 * with none after them the inputs are stdin's lines (if stdin_lines),
	 * else there must be min_args to max_args (-1: any number). */
	int lead_args, min_args, max_args;
	bool stdin_lines;
	bool findings_out;        /* its findings are its output (stdout), not messages */
	/* N_() usage error for a wrong number of arguments (a row whose count
	 * can be wrong has one; without, "usage: irie NAME OPERANDS"). */
	const char *count_error;
	const char *help;         /* N_() "irie NAME --help" */
	/* Its operands are documents (extract): fn is NULL and
	 * bx_run_documents (app/batch_extract.c) reads them, or stdin. */
	bool documents;
} batch_command;

/* The row of name, or NULL. */
const batch_command *batch_command_find(const char *name);
/* The BATCH_OPTION_COUNT options, in the table's order. */
const batch_option *batch_options(void);
/* The commands, *N of them, in irie --help's order. */
const batch_command *batch_commands(size_t *n);

/* ---- the commands (app/batch_cmds.c) ------------------------------------- */

void cmd_to_uri(batch *b, const char *text, size_t len);
void cmd_to_iri(batch *b, const char *text, size_t len);
void cmd_check(batch *b, const char *text, size_t len);
void cmd_host(batch *b, const char *text, size_t len);
void cmd_explain(batch *b, const char *text, size_t len);
void cmd_resolve(batch *b, const char *text, size_t len);
void cmd_compare_line(batch *b, const char *text, size_t len);
void cmd_compare_args(batch *b, int argc, char **argv);
void cmd_display(batch *b, const char *text, size_t len);
void cmd_show(batch *b, const char *text, size_t len);

/* ---- documents (app/batch_extract.c) ------------------------------------ */

/* A usage error's msgid for the document options given (--sarif with
 * --json or --columns=bytes), or NULL. */
const char *bx_options_refusal(const batch *b);
/* extract, or check --extract: every document named (none: stdin), the
 * summary; b->status set. */
void bx_run_documents(batch *b, int argc, char **argv);

/* ---- output (app/batch_out.c) -------------------------------------------- */

json_object *bout_diags_json(const iri_diags *ds);
json_object *bout_diag_json(const iri_diag *d);
/* LINE:COL: SEVERITY: CODE: message [rule] (and its suggestion) to f. */
void bout_diag_text(batch *b, FILE *f, bool tty, const iri_diag *d);
/* "note: suggestion: \"replacement\"" (or "remove it") and a newline, after
 * the caller's place; nothing when d has no suggestion. */
void bout_suggestion_text(batch *b, FILE *f, bool tty, const iri_diag *d);
/* The errors of one input to stderr; any error makes the exit status 1. */
void bout_report_errors(batch *b);
/* bout_report_errors(), then to-uri's notes (UTS46_VERSION, a host left %-escaped). */
void bout_report_to_uri(batch *b, const char *text, size_t len);
void bout_report_host_findings(batch *b);   /* errors, and DNS/UTS #46 notes in text */
/* A URI from to-uri, and a line of it. */
void bout_uri(batch *b, const char *s, size_t n);
/* One input's result line (a raw LF or CR from the input as %0A, %0D). */
void bout_result(batch *b, const char *s, size_t n);
/* The output line of an input that could not be processed. */
void bout_failed(batch *b, const char *text, size_t len, const char *why);
/* True (with a message) if the mapping failed or b->out hit its cap. */
bool bout_map_failed(batch *b, const char *text, size_t len, iri_map_result r);
/* The host's forms: one JSON field each into o, or (o NULL) the text table. */
void bout_host_forms(batch *b, json_object *o, const iri_host_forms *forms);

/* ---- input (app/batch_in.c) ---------------------------------------------- */

/* Each argument an input, numbered from 1. */
void bin_run_args(batch *b, batch_fn fn, int argc, char **argv);
/* One input per line of stdin, on several threads for a big file. */
void bin_run_stdin(batch *b, batch_fn fn);

#endif
