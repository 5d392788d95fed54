/* The one table of irie's commands and the one of their options: parsing
 * (app/batch.c), each command's --help (app/usage.c) and the hidden lists
 * the doc tests compare the man page and the completions with
 * (app/batch_list.c, for tests/doc/test_help.py) all read them.  A new command is a row here and
 * its function (app/batch_cmds.c); doc/irie.1 and doc/completion/ name it
 * too, and tests/doc says where they do not. */
#include <stdio.h>
#include <string.h>

#include "batch.h"
#include "batch_internal.h"
#include "i18n.h"

/* ---- the options --------------------------------------------------------- */

static void set_nfc(batch *b, int value_index, const char *value)
{
	(void)value_index, (void)value;
	b->to_uri.nfc = true;
}

static void set_host_uri(batch *b, int value_index, const char *value)
{
	static const iri_host_mode modes[] = { IRI_HOSTMODE_IDNA, IRI_HOSTMODE_PERCENT, IRI_HOSTMODE_ZLD };
	(void)value;
	b->to_uri.host = modes[value_index];
}

static void set_host_iri(batch *b, int value_index, const char *value)
{
	static const iri_host_out outs[] = { IRI_HOSTOUT_KEEP, IRI_HOSTOUT_UNICODE };
	(void)value;
	b->to_iri.host = outs[value_index];
}

/* to-iri's legacy charset, or the documents' charset (extract, check):
 * for check it implies --extract, as only documents have a charset (and
 * is applied before --extract=TYPE, which may follow). */
static void set_charset(batch *b, int value_index, const char *value)
{
	(void)value_index;
	if (strcmp(b->command, "to-iri") == 0) {
		b->to_iri.charset = value;   /* checked once ICU is open (app/batch.c) */
		return;
	}
	b->doc_charset = value;   /* checked per document (extract/doc.c) */
	if (strcmp(b->command, "check") == 0 && b->doc_type < 0)
		b->doc_type = 0;
}

/* --type and --extract: the value's place in DOC_TYPES is its ixt_type
 * (extract/extract.h lists them in that order); --extract alone is auto. */
#define DOC_TYPES "auto|text|html|xml|turtle|ntriples|nquads|markdown|json"

static void set_doc_type(batch *b, int value_index, const char *value)
{
	(void)value;
	b->doc_type = value_index < 0 ? 0 : value_index;
}

static void set_sarif(batch *b, int value_index, const char *value)
{
	(void)value_index, (void)value;
	b->sarif = true;
	if (b->doc_type < 0)   /* --sarif alone: --extract (auto); applied after it */
		b->doc_type = 0;
}

/* --columns: what COL counts in extract's and check --extract's output
 * (text and JSON); for check it implies --extract, as --sarif does. */
static void set_columns(batch *b, int value_index, const char *value)
{
	(void)value;
	b->columns_bytes = value_index == 1;
	if (strcmp(b->command, "check") == 0 && b->doc_type < 0)
		b->doc_type = 0;
}

/* The values listed are render's form names (rnd_form_name). */
static void set_form(batch *b, int value_index, const char *value)
{
	(void)value_index;
	for (int f = 0; f < RND_FORM_COUNT; f++)
		if (strcmp(value, rnd_form_name((rnd_form)f)) == 0)
			b->form = f;
}

static void set_no_shape(batch *b, int value_index, const char *value)
{
	(void)value_index, (void)value;
	b->render.shape_arabic = false;
}

static void set_json(batch *b, int value_index, const char *value)
{
	(void)value_index, (void)value;
	b->json = true;
}

/* In the order of the synopses (a command's help and doc/irie.1 list its
 * options in this order); a usage error names the first refused option in
 * this order. */
static const batch_option options[] = {
	/* TRANSLATORS: option and command names are typed by users: keep them. */
	{ BOPT_NFC, "nfc", NULL, NULL, N_("--nfc applies to to-uri only"), NULL, set_nfc, false },
	{ BOPT_HOST_URI, "host", "idna|percent|zld", NULL,
	  /* TRANSLATORS: option names, values and command names are typed by users: keep them. */
	  N_("--host takes idna|percent|zld (to-uri) or keep|unicode (to-iri)"),
	  N_("--host takes idna|percent|zld (to-uri) or keep|unicode (to-iri)"), set_host_uri, false },
	{ BOPT_HOST_IRI, "host", "keep|unicode", NULL,
	  N_("--host takes idna|percent|zld (to-uri) or keep|unicode (to-iri)"),
	  N_("--host takes idna|percent|zld (to-uri) or keep|unicode (to-iri)"), set_host_iri, false },
	/* TRANSLATORS: option and command names are typed by users: keep them. */
	{ BOPT_CHARSET, "charset", NULL, "NAME", N_("--charset applies to to-iri, extract, check and view only"), NULL,
	  set_charset, false },
	{ BOPT_FORM, "form", "marked|visual|visual_rfc3987|visual_plain|logical", "F",
	  /* TRANSLATORS: option and command names are typed by users: keep them. */
	  N_("--form and --no-shape apply to display only"),
	  /* TRANSLATORS: option names and values are typed by users: keep them. */
	  N_("--form takes marked|visual|visual_rfc3987|visual_plain|logical"), set_form, false },
	{ BOPT_NO_SHAPE, "no-shape", NULL, NULL, N_("--form and --no-shape apply to display only"), NULL,
	  set_no_shape, false },
	/* Every batch command but show takes --json: a new command without it
	 * needs a refusal that names it. */
	/* TRANSLATORS: keep "show" (a command name) and "JSON". */
	{ BOPT_JSON, "json", NULL, NULL, N_("show has no JSON output; use the commands it combines"), NULL,
	  set_json, false },
	/* TRANSLATORS: option and command names are typed by users: keep them. */
	{ BOPT_TYPE, "type", DOC_TYPES, "TYPE", N_("--type applies to extract only (check takes --extract=TYPE)"),
	  /* TRANSLATORS: option names and values are typed by users: keep them. */
	  N_("--type takes auto|text|html|xml|turtle|ntriples|nquads|markdown|json"), set_doc_type, false },
	/* TRANSLATORS: option and command names are typed by users: keep them. */
	{ BOPT_EXTRACT, "extract", DOC_TYPES, "TYPE", N_("--extract applies to check and view only"),
	  /* TRANSLATORS: option names and values are typed by users: keep them. */
	  N_("--extract takes auto|text|html|xml|turtle|ntriples|nquads|markdown|json"), set_doc_type, true },
	/* TRANSLATORS: option and command names are typed by users: keep them. */
	{ BOPT_SARIF, "sarif", NULL, NULL, N_("--sarif applies to check only"), NULL, set_sarif, false },
	/* TRANSLATORS: option and command names are typed by users: keep them. */
	{ BOPT_COLUMNS, "columns", "code-points|bytes", NULL, N_("--columns applies to extract and check only"),
	  /* TRANSLATORS: option names and values are typed by users: keep them. */
	  N_("--columns takes code-points|bytes"), set_columns, false },
};

_Static_assert(sizeof options / sizeof options[0] == BATCH_OPTION_COUNT, "BATCH_OPTION_COUNT is the table's rows");

const batch_option *batch_options(void)
{
	return options;
}

/* ---- the commands -------------------------------------------------------- */

/* In irie --help's order. */
static const batch_command commands[] = {
	{
		.name = "to-uri",
		.fn = cmd_to_uri,
		.options = BOPT_NFC | BOPT_HOST_URI | BOPT_JSON,
		.operands = "[IRI...]",
		.lead_args = 0, .min_args = 0, .max_args = -1,
		.stdin_lines = true,
		/* TRANSLATORS: "irie to-uri --help".  Keep option names and values
		 * (--nfc, --host=idna...), "LINE:COL: error: CODE: message", "UTF-8",
		 * "NFC", "UTS #46", "A-labels", "MiB" usage and RFC numbers as they are;
		 * keep the description column aligned. */
		/* xgettext:no-c-format */
		.help = N_("Usage: irie to-uri [--nfc] [--host=idna|percent|zld] [--json] [IRI...]\n"
			"\n"
			"Maps each IRI to a URI (RFC 3987 3.1): every character outside ASCII\n"
			"becomes the %-escapes of its UTF-8 bytes; the host as --host says.\n"
			"\n"
			"Options:\n"
			"  --nfc           normalise to NFC first (RFC 3987 3.1 step 1)\n"
			"  --host=idna     the host as A-labels, UTS #46 nontransitional (default)\n"
			"  --host=percent  the host %-escaped like the rest (RFC 3987 3.1 step 2)\n"
			"  --host=zld      the host in the 1998 \".i\" zero-level-domain form\n"
			"  --json          JSON Lines: input, uri, diagnostics\n"
			"\n"
			"Input: the IRIs given, or else one per line from stdin (a final CR and\n"
			"a leading byte order mark are dropped; lines up to 16 MiB).  Put '--'\n"
			"before an input that starts with '-'.  The URI goes to stdout, one line\n"
			"per input; errors go to stderr as LINE:COL: error: CODE: message.\n"
			"\n"
			"Exit status: 0 fine, 1 some input had errors, 2 usage error.\n"),
	},
	{
		.name = "to-iri",
		.fn = cmd_to_iri,
		.options = BOPT_HOST_IRI | BOPT_CHARSET | BOPT_JSON,
		.operands = "[URI...]",
		.lead_args = 0, .min_args = 0, .max_args = -1,
		.stdin_lines = true,
		/* TRANSLATORS: "irie to-iri --help".  Keep option names and values
		 * (--host=keep, --charset=NAME...), charset names, "LEGACY_CHARSET",
		 * "UTF-8", "MiB" and RFC numbers as they are; keep the description
		 * column aligned. */
		/* xgettext:no-c-format */
		.help = N_("Usage: irie to-iri [--host=keep|unicode] [--charset=NAME] [--json] [URI...]\n"
			"\n"
			"Maps each URI to an IRI (RFC 3987 3.2): %-escapes of well-formed UTF-8\n"
			"become characters, unless the character is not allowed in an IRI or is\n"
			"a bidi formatting character (steps 3 and 4); escaped ASCII other than\n"
			"unreserved characters stays escaped.\n"
			"\n"
			"Options:\n"
			"  --host=keep      leave the host as written (default)\n"
			"  --host=unicode   A-labels, %-escaped and \".i\" hosts to Unicode\n"
			"  --charset=NAME   read escapes in this legacy charset instead of UTF-8\n"
			"                   (RFC 3987 3.2.1), e.g. Shift_JIS, EUC-JP, ISO-8859-8,\n"
			"                   windows-1256, KOI8-R; ICU converter names; the charset\n"
			"                   must be ASCII-compatible and stateless (finding\n"
			"                   LEGACY_CHARSET)\n"
			"  --json           JSON Lines: input, iri, diagnostics\n"
			"\n"
			"Input: the URIs given, or else one per line from stdin (a final CR and\n"
			"a leading byte order mark are dropped; lines up to 16 MiB).  Put '--'\n"
			"before an input that starts with '-'.  The IRI goes to stdout, one line\n"
			"per input; errors go to stderr as LINE:COL: error: CODE: message.\n"
			"\n"
			"Exit status: 0 fine, 1 some input had errors, 2 usage error or unknown\n"
			"charset.\n"),
	},
	{
		.name = "check",
		.fn = cmd_check,
		.options = BOPT_CHARSET | BOPT_JSON | BOPT_EXTRACT | BOPT_SARIF | BOPT_COLUMNS,
		.operands = "[IRI...|FILE...]",
		.lead_args = 0, .min_args = 0, .max_args = -1,
		.stdin_lines = true,
		.findings_out = true,
		/* TRANSLATORS: "irie check --help".  Keep "LINE:COL: SEVERITY: CODE:
		 * message [RULE]", "FILE", "note: suggestion:", the severities as the
		 * program prints them, option names and values, "SARIF", "MiB" and RFC
		 * numbers as they are; keep the description column aligned. */
		.help = N_("Usage: irie check [--charset=NAME] [--json] [--extract[=TYPE]] [--sarif]\n"
			"                  [--columns=code-points|bytes] [IRI...|FILE...]\n"
			"\n"
			"Checks each IRI against RFC 3987 (2.2 syntax, 4.1 and 4.2 bidi, 5.3\n"
			"normalisation), RFC 3986 and UTS #46 / UTS #39 for the host, and\n"
			"prints every finding, in the order of their positions:\n"
			"\n"
			"  LINE:COL: SEVERITY: CODE: message [RULE]\n"
			"  LINE:COL: note: suggestion: \"replacement\"\n"
			"\n"
			"LINE is the input's number (argument or stdin line), COL the first code\n"
			"point of the finding, both from 1; SEVERITY is error, warning or info;\n"
			"CODE is a stable name such as BIDI_MIXED_DIRECTION.\n"
			"\n"
			"Options:\n"
			"  --charset=NAME    the documents' charset when they do not say (HTML\n"
			"                    meta, XML declaration, BOM); implies --extract\n"
			"  --json            JSON Lines: input, diagnostics (code, severity,\n"
			"                    start, end, byte_start, byte_end, component,\n"
			"                    message, rule, suggestion)\n"
			"  --extract[=TYPE]  the arguments are documents (stdin if none): every\n"
			"                    IRI in them is checked (as irie extract finds them;\n"
			"                    TYPE as its --type: auto|text|html|xml|turtle|\n"
			"                    ntriples|nquads|markdown|json) and each finding is\n"
			"                    FILE:LINE:COL at its character in the document;\n"
			"                    a summary goes to stderr; with --json a document's\n"
			"                    problem is a line: file, line, column, code,\n"
			"                    severity, message\n"
			"  --sarif           one SARIF 2.1.0 log on stdout (columns in code\n"
			"                    points); implies --extract\n"
			"  --columns=code-points  with --extract, COL (and JSON's column) in code\n"
			"                    points of the document's line (default; Emacs, GCC)\n"
			"  --columns=bytes   in UTF-8 bytes of the line, as vim's quickfix reads\n"
			"                    them (irie check --columns=bytes f.html > qf;\n"
			"                    vim -q qf); implies --extract, not with --sarif\n"
			"\n"
			"Input: the IRIs given, or else one per line from stdin (a final CR and\n"
			"a leading byte order mark are dropped; lines up to 16 MiB).  Put '--'\n"
			"before an input that starts with '-'.  Findings go to stdout.\n"
			"\n"
			"Exit status: 0 no errors (warnings allowed), 1 some input had an error\n"
			"(or a document could not be read or has a syntax error), 2 usage error.\n"),
	},
	{
		.name = "extract",
		.fn = NULL,
		.documents = true,
		.options = BOPT_CHARSET | BOPT_JSON | BOPT_TYPE | BOPT_COLUMNS,
		.operands = "[FILE...|-]",
		.lead_args = 0, .min_args = 0, .max_args = -1,
		.stdin_lines = true,
		/* TRANSLATORS: "irie extract --help".  Keep option names and values,
		 * "FILE:LINE:COL", "TAB", JSON field names, charset names and RFC
		 * numbers as they are; keep the description column aligned. */
		.help = N_("Usage: irie extract [--charset=NAME] [--json] [--type=TYPE]\n"
			"                    [--columns=code-points|bytes] [FILE...|-]\n"
			"\n"
			"Prints every IRI (or IRI reference) found in the documents, one per\n"
			"line:\n"
			"\n"
			"  FILE:LINE:COL<TAB>IRI[<TAB>RESOLVED]\n"
			"\n"
			"LINE and COL (code points of the document's line, or --columns) from 1,\n"
			"at the IRI's first character; IRI is the IRI it means (entities,\n"
			"escapes and prefixed names undone); RESOLVED, for a relative reference\n"
			"with a base in scope, is the reference resolved (RFC 3986 5.2).\n"
			"HTML and XML: the attributes that hold URLs (not the text), <base\n"
			"href>, xml:base, xmlns; Turtle, N-Triples, N-Quads: every IRI;\n"
			"Markdown: links, images, autolinks, HTML attributes (no bare URLs);\n"
			"JSON: strings that are absolute IRIs (a scheme of 2+ characters and\n"
			"\"//\", or mailto:, urn:, tel:, data: ...); text: IRIs as people write\n"
			"them (RFC 3986 Appendix C).\n"
			"\n"
			"Options:\n"
			"  --type=TYPE     auto (default: by the name's extension, then the\n"
			"                  content; [text](link) is Markdown), text, html, xml,\n"
			"                  turtle, ntriples, nquads, markdown, json\n"
			"  --charset=NAME  the documents' charset when they do not say (HTML\n"
			"                  meta, XML declaration, BOM); UTF-8 otherwise\n"
			"  --json          JSON Lines: file, line, column, byte, byte_end,\n"
			"                  kind, element, attribute, raw, iri, resolved, base;\n"
			"                  a document's problem: file, line, column, code,\n"
			"                  severity, message\n"
			"  --columns=code-points  COL (and JSON's column) in code points of the\n"
			"                  document's line (default; Emacs, GCC)\n"
			"  --columns=bytes  in UTF-8 bytes of the line (after charset\n"
			"                  conversion), as vim's quickfix list reads them\n"
			"\n"
			"Input: the files named, or stdin ('-', or none).  Problems in a\n"
			"document go to stderr as FILE:LINE:COL: error: message and reading\n"
			"goes on.\n"
			"\n"
			"Exit status: 0 fine, 1 some file could not be read (missing, a\n"
			"directory, binary, an unknown charset), 2 usage error.\n"),
	},
	{
		.name = "host",
		.fn = cmd_host,
		.options = BOPT_JSON,
		.operands = "[HOST|IRI...]",
		.lead_args = 0, .min_args = 0, .max_args = -1,
		.stdin_lines = true,
		/* TRANSLATORS: "irie host --help".  Keep the form names as printed
		 * (unicode, idna, idna-transitional, percent, zld-1998), option names,
		 * "UTS #46", "A-labels", "MiB" and RFC numbers as they are. */
		/* xgettext:no-c-format */
		.help = N_("Usage: irie host [--json] [HOST|IRI...]\n"
			"\n"
			"Shows a host (or the host of an IRI with an authority) in every\n"
			"encoding: unicode and idna (UTS #46 ToUnicode, ToASCII\n"
			"nontransitional), idna-transitional, percent (%-escaped UTF-8,\n"
			"RFC 3987 3.1) and zld-1998 (the 1998 \".i\" form), with the host's\n"
			"findings (UTS #46 errors, UTS #39 confusables, mixed scripts).\n"
			"An IP address has one form only (RFC 3986 3.2.2).\n"
			"\n"
			"Options:\n"
			"  --json   JSON Lines: input, form, unicode, idna, idna_transitional,\n"
			"           percent, zld, diagnostics\n"
			"\n"
			"Input: the hosts given, or else one per line from stdin (a final CR and\n"
			"a leading byte order mark are dropped; lines up to 16 MiB).  Put '--'\n"
			"before an input that starts with '-'.  Errors go to stderr.\n"
			"\n"
			"Exit status: 0 fine, 1 some input had errors, 2 usage error.\n"),
	},
	{
		.name = "explain",
		.fn = cmd_explain,
		.options = BOPT_JSON,
		.operands = "[IRI...]",
		.lead_args = 0, .min_args = 0, .max_args = -1,
		.stdin_lines = true,
		/* TRANSLATORS: "irie explain --help".  Keep option names, JSON field
		 * names, "U+", "UTF-8", "MiB" and RFC numbers as they are. */
		.help = N_("Usage: irie explain [--json] [IRI...]\n"
			"\n"
			"Explains an IRI character by character: the code point, its UTF-8\n"
			"bytes, what it becomes in the URI, the component, the Unicode name and\n"
			"why RFC 3987 3.1 escapes it or keeps it.\n"
			"\n"
			"Options:\n"
			"  --json   JSON Lines: input, chars (cp, name, utf8, escaped, component,\n"
			"           reason, why)\n"
			"\n"
			"Input: the IRIs given, or else one per line from stdin (a final CR and\n"
			"a leading byte order mark are dropped; lines up to 16 MiB).  Put '--'\n"
			"before an input that starts with '-'.  Errors go to stderr.\n"
			"\n"
			"Exit status: 0 fine, 1 some input had errors, 2 usage error.\n"),
	},
	{
		.name = "resolve",
		.fn = cmd_resolve,
		.options = BOPT_JSON,
		.operands = "BASE [REF...]",
		.lead_args = 1, .min_args = 2, .max_args = -1,
		.stdin_lines = true,
		/* TRANSLATORS: keep the command line; BASE and REF are placeholders. */
		.count_error = N_("usage: irie resolve BASE [REF...]"),
		/* TRANSLATORS: "irie resolve --help".  Keep BASE and REF (they are
		 * placeholders in the usage line), option names, "MiB" and RFC numbers
		 * as they are. */
		.help = N_("Usage: irie resolve [--json] BASE [REF...]\n"
			"\n"
			"Resolves each reference REF against the absolute IRI BASE (RFC 3986\n"
			"5.2, with remove_dot_segments; IRIs as RFC 3987 6.5 allows) and prints\n"
			"the target IRI.\n"
			"\n"
			"Options:\n"
			"  --json   JSON Lines: base, ref, iri\n"
			"\n"
			"Input: the REFs given after BASE, or else one per line from stdin (a\n"
			"final CR and a leading byte order mark are dropped; lines up to\n"
			"16 MiB).  Put '--' before an input that starts with '-'.\n"
			"\n"
			"Exit status: 0 fine, 1 BASE has no scheme or a REF has errors,\n"
			"2 usage error.\n"),
	},
	{
		.name = "compare",
		.fn = cmd_compare_line,
		.args_fn = cmd_compare_args,
		.options = BOPT_JSON,
		.operands = "A B",
		.lead_args = 0, .min_args = 2, .max_args = 2,
		.stdin_lines = true,
		/* TRANSLATORS: keep the command line; A and B are placeholders, TAB-separated pairs on stdin. */
		.count_error = N_("usage: irie compare A B (or tab-separated pairs on stdin)"),
		/* TRANSLATORS: "irie compare --help".  Keep A and B (placeholders),
		 * the level names simple, syntax, scheme and different (the program
		 * prints them untranslated), option names, "NFC", "MiB" and RFC
		 * numbers as they are; keep the description column aligned. */
		/* xgettext:no-c-format */
		.help = N_("Usage: irie compare [--json] A B\n"
			"       irie compare [--json] < PAIRS\n"
			"\n"
			"Compares two IRIs along the RFC 3987 5.3 ladder and prints the first\n"
			"level at which they are equal:\n"
			"\n"
			"  simple      the same characters (5.3.1)\n"
			"  syntax      equal after case, %-escape and dot-segment\n"
			"              normalisation (5.3.2)\n"
			"  scheme      equal after scheme-based normalisation: default port,\n"
			"              empty path, IDN host (5.3.3)\n"
			"  different   not equal at any of these levels\n"
			"\n"
			"Options:\n"
			"  --json   JSON Lines: a, b, equal, level\n"
			"\n"
			"Input: A and B as arguments, or else lines \"A<TAB>B\" from stdin (a\n"
			"final CR and a leading byte order mark are dropped; lines up to\n"
			"16 MiB).\n"
			"\n"
			"Exit status: 0 fine (equal or not), 1 a line had no tab, 2 usage error.\n"),
	},
	{
		.name = "display",
		.fn = cmd_display,
		.options = BOPT_FORM | BOPT_NO_SHAPE | BOPT_JSON,
		.operands = "[IRI...]",
		.lead_args = 0, .min_args = 0, .max_args = -1,
		.stdin_lines = true,
		/* TRANSLATORS: "irie display --help".  Keep option names and the form
		 * names (marked, visual, visual_rfc3987, visual_plain, logical: the
		 * program prints them untranslated), "LRM", "LRE...PDF", "MiB" and RFC numbers as
		 * they are; keep the description column aligned. */
		.help = N_("Usage: irie display [--form=F] [--no-shape] [--json] [IRI...]\n"
			"\n"
			"Prints the bidi display forms of each IRI (RFC 3987 4.1, 4.4):\n"
			"\n"
			"  marked          logical order, LRM around each delimiter, the whole\n"
			"                  in LRE...PDF: for pasting into bidi-aware programs,\n"
			"                  and the form to print on a terminal that reorders\n"
			"                  bidi text itself (VTE, Konsole, mlterm)\n"
			"  visual          visual order, each component left to right in its\n"
			"                  own direction: the visual forms are for terminals\n"
			"                  and programs that do no bidi (xterm, files); a bidi\n"
			"                  terminal would reorder them a second time\n"
			"  visual_rfc3987  the whole IRI in LRE...PDF through the bidi\n"
			"                  algorithm (RFC 3987 4.1)\n"
			"  visual_plain    the text alone through the bidi algorithm: what a\n"
			"                  naive display shows\n"
			"  logical         the characters as stored, for a terminal that\n"
			"                  reorders bidi text itself\n"
			"\n"
			"Options:\n"
			"  --form=F     only form F, without its label\n"
			"  --no-shape   no Arabic shaping in the visual forms\n"
			"  --json       JSON Lines: input and one field per form\n"
			"\n"
			"Input: the IRIs given, or else one per line from stdin (a final CR and\n"
			"a leading byte order mark are dropped; lines up to 16 MiB).  Put '--'\n"
			"before an input that starts with '-'.\n"
			"\n"
			"Exit status: 0 fine, 1 some input was too long, 2 usage error.\n"),
	},
	{
		.name = "show",
		.fn = cmd_show,
		.options = 0,
		.operands = "[IRI...]",
		.lead_args = 0, .min_args = 0, .max_args = -1,
		.stdin_lines = true,
		/* TRANSLATORS: "irie show --help".  Keep command names (to-uri, host,
		 * check), "IRI", "URI", "MiB" and RFC numbers as they are. */
		.help = N_("Usage: irie show [IRI...]\n"
			"\n"
			"Everything the editor's panes show, as text, for each IRI: the IRI,\n"
			"its URI (RFC 3987 3.1, as to-uri), its components (RFC 3986 3), the\n"
			"host in every encoding (as host) and every finding (as check).\n"
			"There is no JSON output: use those commands with --json.\n"
			"\n"
			"Input: the IRIs given, or else one per line from stdin (a final CR and\n"
			"a leading byte order mark are dropped; lines up to 16 MiB).  Put '--'\n"
			"before an input that starts with '-'.\n"
			"\n"
			"Exit status: 0 no errors, 1 some input had an error, 2 usage error.\n"),
	},
	{
		.name = "view",
		.fn = NULL,
		.options = BOPT_CHARSET | BOPT_EXTRACT,
		.operands = "[FILE|-]",
		.lead_args = 0, .min_args = 0, .max_args = 1,
		.stdin_lines = false,
		/* TRANSLATORS: "irie view --help".  Keep key names (Enter, Esc, F1,
		 * F8, S-F8, /, ?, n, N, f, w, q), option names and values, "FILE",
		 * "MiB" and "IRI" as they are; keep the description column aligned. */
		.help = N_("Usage: irie view [--charset=NAME] [--extract[=TYPE]] [FILE|-]\n"
			"\n"
			"Lists the IRIs of FILE, one per line, or of stdin ('-', the default),\n"
			"each with a mark for its findings, its line number and its first\n"
			"finding's code; the line selected is analysed in the editor's panes.\n"
			"The keys come from the terminal, so the list can be piped in.  / and ?\n"
			"search, n and N repeat, F8 and S-F8 go to the next and previous line\n"
			"with a finding, f shows only those, Enter edits the line in the editor,\n"
			"w writes the replaced lines back to FILE (only their bytes change),\n"
			"q or Esc leaves, F1 lists all keys.  At most 1,000,000 lines of up to\n"
			"1 MiB are read.\n"
			"\n"
			"Options:\n"
			"  --charset=NAME    the document's charset when it does not say (HTML\n"
			"                    meta, XML declaration, BOM); implies --extract\n"
			"  --extract[=TYPE]  FILE is a document: the list holds every IRI in it\n"
			"                    (as irie extract finds them; TYPE auto|text|html|\n"
			"                    xml|turtle|ntriples|nquads|markdown|json), w\n"
			"                    replaces the bytes of each replaced IRI.  An IRI\n"
			"                    written with entities, escapes or a prefix, or in a\n"
			"                    file that is not UTF-8, cannot be replaced; nor can\n"
			"                    a new IRI hold a character its place cannot hold\n"
			"                    (a quote in an attribute)\n"
			"\n"
			"Exit status: 0 left with q or Esc, every replaced line written,\n"
			"1 out of memory, the terminal could not be opened or (--extract) the\n"
			"document holds no IRIs, 2 usage error or FILE could not be read\n"
			"(missing, a directory, empty; with --extract also binary, an unknown\n"
			"charset), 130 left with replaced lines not written.\n"),
	},
};

const batch_command *batch_command_find(const char *name)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

int batch_is_command(const char *name)
{
	const batch_command *c = batch_command_find(name);
	return c && (c->fn || c->documents);
}

const char *batch_command_help(const char *name)
{
	const batch_command *c = batch_command_find(name);
	return c ? _(c->help) : NULL;
}

const batch_command *batch_commands(size_t *n)
{
	*n = sizeof commands / sizeof commands[0];
	return commands;
}
