/* Batch commands: IRIs from arguments or one per line from stdin, one result
 * per input, text or JSON Lines; bad input is reported and the stream goes on.
 * This file reads the command line by the command table (app/batch_table.c)
 * and runs the command; the commands are app/batch_cmds.c, their output
 * app/batch_out.c, their input app/batch_in.c. */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch.h"
#include "batch_internal.h"
#include "i18n.h"
#include "output.h"

#define BATCH_OUT_BLOCK_BYTES ((size_t)64 * 1024)

static int usage_error(const char *cmd, const char *what)
{
	fprintf(stderr, "irie %s: %s\n", cmd, what);
	/* TRANSLATORS: keep 'irie --help': it is a command to type. */
	fprintf(stderr, _("Try 'irie --help'.\n"));
	return 2;
}

/* getopt's error for argv[optind - 1] (':' a missing value, else an
 * unknown option) as a usage error. */
static int getopt_error(const char *cmd, int c, char **argv)
{
	char safe[256], what[400];
	if (c == ':') {
		/* TRANSLATORS: %s: the option as given (e.g. --host). */
		snprintf(what, sizeof what, _("option '%s' needs a value"),
			out_safe_arg(argv[optind - 1], safe, sizeof safe));
		return usage_error(cmd, what);
	}
	/* A short option (irie has none) is named by optopt; a long one is the
	 * argument getopt just stepped over. */
	char shortopt[3] = { '-', (char)optopt, 0 };
	const char *bad = optopt > 0x20 && optopt < 0x7F ? shortopt : argv[optind - 1];
	/* TRANSLATORS: %s: the option as given; keep '--'. */
	snprintf(what, sizeof what, _("unknown option '%s' (an input that starts with '-' needs '--' before it)"),
		out_safe_arg(bad, safe, sizeof safe));
	return usage_error(cmd, what);
}

/* The place of value in "a|b|c", or -1. */
static int value_index(const char *values, const char *value)
{
	size_t n = strlen(value);
	int i = 0;
	for (const char *p = values;; i++) {
		size_t len = strcspn(p, "|");
		if (len == n && strncmp(p, value, n) == 0)
			return i;
		if (!p[len])
			return -1;
		p += len + 1;
	}
}

/* The options given (given[k]: the last value of the option named as
 * options[k] is, "" for one without a value) into b, by the table: an
 * option the command does not take, or a value not among those listed, is
 * a usage error (2); else 0. */
static int apply_options(batch *b, const batch_command *cmd, const batch_option *opts, size_t n_opts,
	const char *const *given)
{
	for (size_t k = 0; k < n_opts; k++) {
		if (!given[k])
			continue;
		/* The row of this name that the command takes (--host has two). */
		const batch_option *o = NULL;
		for (size_t j = k; j < n_opts && !o; j++)
			if (strcmp(opts[j].name, opts[k].name) == 0 && (cmd->options & opts[j].bit))
				o = &opts[j];
		if (!o)
			return usage_error(b->command, _(opts[k].refusal));
		bool valued = o->values && !(o->optional_value && !given[k][0]);
		int index = valued ? value_index(o->values, given[k]) : -1;
		if (valued && index < 0)
			return usage_error(b->command, _(o->bad_value));
		o->set(b, index, given[k]);
	}
	return 0;
}

/* Reads the options (before or after the inputs: GNU getopt permutes; "--"
 * ends them, for an input that starts with "-") into b.  Returns 0 or a
 * usage error's status; optind is left at the first argument. */
static int parse_options(batch *b, const batch_command *cmd, int argc, char **argv)
{
	const size_t n_opts = BATCH_OPTION_COUNT;
	const batch_option *opts = batch_options();
	struct option longopts[BATCH_OPTION_COUNT + 1];
	const char *given[BATCH_OPTION_COUNT] = { NULL };
	size_t n_long = 0;
	for (size_t k = 0; k < n_opts; k++) {
		bool seen = false;   /* a second row of a name (--host) */
		for (size_t j = 0; j < k; j++)
			seen |= strcmp(opts[j].name, opts[k].name) == 0;
		if (!seen)
			longopts[n_long++] = (struct option){ opts[k].name,
				opts[k].optional_value ? optional_argument :
				opts[k].values || opts[k].metavar ? required_argument : no_argument, NULL, (int)k };
	}
	longopts[n_long] = (struct option){ NULL, 0, NULL, 0 };
	optind = 1;
	opterr = 0;
	int c;
	while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if (c < 0 || (size_t)c >= n_opts || c == ':' || c == '?')
			return getopt_error(b->command, c, argv);
		given[c] = optarg ? optarg : "";   /* the last one counts */
	}
	return apply_options(b, cmd, opts, n_opts, given);
}

/* The arguments left against the table's counts: the lead ones (resolve's
 * BASE) taken, then inputs or none (stdin's lines). */
static int check_args(batch *b, const batch_command *cmd, int *argc, char ***argv)
{
	bool from_stdin = *argc == cmd->lead_args && cmd->stdin_lines;
	if (!from_stdin && (*argc < cmd->min_args || (cmd->max_args >= 0 && *argc > cmd->max_args))) {
		char usage[256];   /* a row without its message: the operands, as typed */
		/* TRANSLATORS: first %s: the command's name, second %s: its operands
		 * (e.g. "[IRI...]"); keep both as they are. */
		snprintf(usage, sizeof usage, _("usage: irie %s %s"), cmd->name, cmd->operands);
		return usage_error(b->command, cmd->count_error ? _(cmd->count_error) : usage);
	}
	if (cmd->lead_args == 1) {
		b->base = (*argv)[0];
		b->base_len = strlen((*argv)[0]);
	}
	*argc -= cmd->lead_args;
	*argv += cmd->lead_args;
	return 0;
}

static void batch_close(batch *b)
{
	iri_buf_fini(&b->out);
	rnd_display_free(b->display);
	iri_diags_free(b->extra);
	iri_diags_free(b->diags);
	iri_ctx_free(b->ctx);
}

/* ICU and the state every input reuses; false (said) if ICU fails. */
static bool batch_open(batch *b)
{
	iri_ctx_result cr;
	b->ctx = iri_ctx_new(&cr);
	b->diags = iri_diags_new();
	b->extra = iri_diags_new();
	b->display = rnd_display_new();
	iri_buf_init(&b->out);
	if (b->ctx && b->diags && b->extra && b->display)
		return true;
	/* TRANSLATORS: %s: ICU's error code name (U_...). */
	fprintf(stderr, _("irie: cannot initialise ICU (%s)\n"), iri_ctx_result_name(cr));
	batch_close(b);
	return false;
}

/* --charset names a charset ICU has, ASCII-compatible and stateless. */
static bool charset_ok(batch *b)
{
	iri_buf probe;
	iri_buf_init(&probe);
	bool ok = iri_to_iri(b->ctx, "", 0, &b->to_iri, &probe, NULL) != IRI_MAP_BAD_CHARSET;
	iri_buf_fini(&probe);
	if (!ok) {
		char safe[256];
		/* TRANSLATORS: %s: the charset name as given; ASCII-compatible: the charset's bytes 0x00-0x7F are ASCII; stateless: no shift sequences. */
		fprintf(stderr, _("irie to-iri: unknown charset '%s', or not one whose octets can be read from escapes (it must be ASCII-compatible and stateless)\n"),
			out_safe_arg(b->to_iri.charset, safe, sizeof safe));
	}
	return ok;
}

/* Runs the command on its inputs; returns the exit status.  stdout is closed
 * at the end: that flushes it and reports a late write error (a full disk);
 * nothing in irie writes to it after a batch command.  A stdout closed from
 * the start (>&-) is no error when nothing was to go there. */
static int batch_run(batch *b, const batch_command *cmd, int argc, char **argv)
{
	b->out_f = stdout;
	b->err_f = stderr;
	b->stdout_tty = isatty(STDOUT_FILENO);
	b->stderr_tty = isatty(STDERR_FILENO);
	/* A file or pipe gets the output in 64 KiB blocks, not 4 KiB ones (a
	 * terminal keeps its line buffering).  glibc ignores setvbuf's size
	 * without a buffer, so the block is ours; it lives until stdout is
	 * closed, below. */
	char *out_block = NULL;
	if (!b->stdout_tty && (out_block = malloc(BATCH_OUT_BLOCK_BYTES)) != NULL)
		setvbuf(stdout, out_block, _IOFBF, BATCH_OUT_BLOCK_BYTES);
	/* One thread at a time writes to stdout and stderr (parallel.c's
	 * writer, under its lock; its threads run into streams of their own):
	 * no lock taken per call. */
	__fsetlocking(stdout, FSETLOCKING_BYCALLER);
	__fsetlocking(stderr, FSETLOCKING_BYCALLER);
	int status = 2;
	if (cmd->documents || b->doc_type >= 0) {
		bx_run_documents(b, argc, argv);
		status = b->status;
	} else if (!b->to_iri.charset || charset_ok(b)) {
		if (argc == 0)
			bin_run_stdin(b, cmd->fn);
		else if (cmd->args_fn)
			cmd->args_fn(b, argc, argv);
		else
			bin_run_args(b, cmd->fn, argc, argv);
		status = b->status;
	}
	bool pending = __fpending(stdout) != 0, write_failed = ferror(stdout) != 0;
	if (fclose(stdout) != 0 ? pending || write_failed || errno != EBADF : write_failed) {
		perror("irie: stdout");
		status = 1;
	}
	free(out_block);
	return status;
}

int batch_main(int argc, char **argv)
{
	batch b;
	memset(&b, 0, sizeof b);
	b.command = argv[0];
	b.to_uri.host = IRI_HOSTMODE_IDNA;
	b.to_iri.host = IRI_HOSTOUT_KEEP;
	b.render = out_render_options(true);   /* core's bidi delimiters; --no-shape clears shaping */
	b.form = -1;
	b.doc_type = -1;
	const batch_command *cmd = batch_command_find(b.command);
	if (!cmd || (!cmd->fn && !cmd->documents))
		return usage_error(b.command, _("unknown command"));
	b.findings_out = cmd->findings_out;
	int status = parse_options(&b, cmd, argc, argv);
	if (status != 0)
		return status;
	const char *refusal = bx_options_refusal(&b);
	if (refusal)
		return usage_error(b.command, _(refusal));
	argc -= optind;
	argv += optind;
	if ((status = check_args(&b, cmd, &argc, &argv)) != 0)
		return status;
	if (!batch_open(&b))
		return 1;
	status = batch_run(&b, cmd, argc, argv);
	batch_close(&b);
	return status;
}
