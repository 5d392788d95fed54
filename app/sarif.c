/* The SARIF 2.1.0 log (OASIS SARIF 2.1.0, 3.13 run, 3.19 toolComponent,
 * 3.27 result, 3.28 location, 3.30 region) of check --extract, built with
 * json-c.  Rules are added as the run uses them: one per diagnostic code,
 * and one per kind of document problem (IXT_SYNTAX, ...). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "config.h"
#include "extract_msg.h"
#include "messages.h"
#include "output.h"
#include "sarif.h"

#define SARIF_DOC_CODES 16   /* more than ixt_result has */

struct sarif_log {
	json_object *rules;                 /* run.tool.driver.rules */
	json_object *results;               /* run.results */
	int rule_of_code[IRI_D_COUNT];      /* index in rules + 1, 0: none yet */
	int rule_of_doc[SARIF_DOC_CODES];
	bool relative;                      /* a result's file is a relative path */
};

/* The uriBaseId of relative paths: the working directory (3.4; the
 * name GitHub's code scanning documents). */
#define SARIF_SRCROOT "%SRCROOT%"

sarif_log *sarif_new(void)
{
	sarif_log *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->rules = json_object_new_array();
	s->results = json_object_new_array();
	if (!s->rules || !s->results) {
		sarif_free(s);
		return NULL;
	}
	return s;
}

void sarif_free(sarif_log *s)
{
	if (!s)
		return;
	json_object_put(s->rules);
	json_object_put(s->results);
	free(s);
}

static json_object *text_object(const char *text)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "text", out_json_string(text, strlen(text)));
	return o;
}

/* A rule (reportingDescriptor, 3.49): its id, a short description, the
 * RFC rule in its properties; returns its index. */
static int add_rule(sarif_log *s, const char *id, const char *description, const char *rfc_rule)
{
	json_object *r = json_object_new_object();
	json_object_object_add(r, "id", json_object_new_string(id));
	json_object_object_add(r, "shortDescription", text_object(description));
	json_object *props = json_object_new_object();
	json_object_object_add(props, "rule", json_object_new_string(rfc_rule));
	json_object_object_add(r, "properties", props);
	json_object_array_add(s->rules, r);
	return (int)json_object_array_length(s->rules) - 1;
}

/* prefix, then the bytes of s as URI path characters (RFC 3986 3.3):
 * unreserved and '/' kept, every other byte %-escaped (so a ':' in a first
 * segment cannot pass for a scheme); room for one byte more.  NULL without
 * memory; the caller frees it. */
static char *path_escaped(const char *prefix, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = strlen(s), np = strlen(prefix);
	char *u = malloc(np + 3 * n + 2), *p = u;
	if (!u)
		return NULL;
	memcpy(p, prefix, np);
	p += np;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("-._~/", c))
			*p++ = (char)c;
		else
			*p++ = '%', *p++ = hex[c >> 4], *p++ = hex[c & 15];
	}
	*p = 0;
	return u;
}

/* The file's artifactLocation (3.4): an absolute path as a file URI (RFC
 * 8089 2: "file://" and the path, no host); a relative one as a relative
 * reference against the uriBaseId SARIF_SRCROOT (the working directory,
 * given in run.originalUriBaseIds); standard input ("-") has no URI, only
 * a description (a uri is optional in an artifactLocation). */
static json_object *artifact_location(const char *file)
{
	json_object *art = json_object_new_object();
	if (strcmp(file, "-") == 0) {
		json_object_object_add(art, "description", text_object("standard input"));
		return art;
	}
	char *uri = path_escaped(file[0] == '/' ? "file://" : "", file);
	json_object_object_add(art, "uri", out_json_string(uri ? uri : "", uri ? strlen(uri) : 0));
	if (file[0] != '/')
		json_object_object_add(art, "uriBaseId", json_object_new_string(SARIF_SRCROOT));
	free(uri);
	return art;
}

/* A region (3.30) from (line, column) to (end_line, end_column), the end
 * exclusive (endColumn is the column after the last character);
 * an end not after the start is left out (not known). */
static json_object *region_object(unsigned long line, unsigned long column, unsigned long end_line,
	unsigned long end_column)
{
	json_object *region = json_object_new_object();
	if (!column)
		column = 1;
	json_object_object_add(region, "startLine", json_object_new_int64((int64_t)line));
	json_object_object_add(region, "startColumn", json_object_new_int64((int64_t)column));
	if (end_line > line || (end_line == line && end_column > column)) {
		if (end_line != line)
			json_object_object_add(region, "endLine", json_object_new_int64((int64_t)end_line));
		json_object_object_add(region, "endColumn", json_object_new_int64((int64_t)end_column));
	}
	return region;
}

static void add_result(sarif_log *s, const char *id, int rule, const char *level, const char *msg,
	const char *file, const sarif_span *at)
{
	json_object *phys = json_object_new_object();
	json_object_object_add(phys, "artifactLocation", artifact_location(file));
	if (at && at->line > 0)
		json_object_object_add(phys, "region", region_object(at->line, at->column, at->end_line,
			at->end_column));
	if (file[0] != '/' && strcmp(file, "-") != 0)
		s->relative = true;
	json_object *loc = json_object_new_object();
	json_object_object_add(loc, "physicalLocation", phys);
	json_object *locs = json_object_new_array();
	json_object_array_add(locs, loc);
	json_object *r = json_object_new_object();
	json_object_object_add(r, "ruleId", json_object_new_string(id));
	json_object_object_add(r, "ruleIndex", json_object_new_int(rule));
	json_object_object_add(r, "level", json_object_new_string(level));
	json_object_object_add(r, "message", text_object(msg));
	json_object_object_add(r, "locations", locs);
	json_object_array_add(s->results, r);
}

void sarif_add(sarif_log *s, const char *file, const sarif_span *at, const iri_diag *d)
{
	char msg[512];
	msg_diag(d, msg, sizeof msg);
	const char *id = iri_diag_code_name(d->code);
	if (!s->rule_of_code[d->code])
		/* The rule's description: the code's title, not one finding's
		 * words; its rule the catalogue's (a finding may refine it). */
		s->rule_of_code[d->code] = 1 + add_rule(s, id, msg_code_title(d->code), iri_diag_code_rule(d->code));
	/* SARIF's levels (3.27.10): error, warning, note. */
	const char *level = d->severity == IRI_SEV_ERROR ? "error" : d->severity == IRI_SEV_WARNING ? "warning" : "note";
	add_result(s, id, s->rule_of_code[d->code] - 1, level, msg, file, at);
}

void sarif_add_document(sarif_log *s, const char *file, unsigned long line, unsigned long column,
	ixt_result code, const char *msg, bool warning)
{
	int c = (int)code >= 0 && (int)code < SARIF_DOC_CODES ? (int)code : 0;
	const char *id = ixt_result_name(code);
	if (!s->rule_of_doc[c])
		s->rule_of_doc[c] = 1 + add_rule(s, id, xmsg_result(code), "irie extract");
	sarif_span at = { .line = line, .column = column };
	add_result(s, id, s->rule_of_doc[c] - 1, warning ? "warning" : "error", msg, file, &at);
}

/* run.originalUriBaseIds (3.14.14): SARIF_SRCROOT is the working
 * directory as an absolute file URI ending in '/', which a relative
 * reference resolves against; left out when unknown. */
static void add_base_ids(json_object *run)
{
	char *cwd = getcwd(NULL, 0);
	char *uri = cwd && cwd[0] == '/' ? path_escaped("file://", cwd) : NULL;
	if (uri) {
		size_t n = strlen(uri);
		if (uri[n - 1] != '/')   /* path_escaped leaves room for it */
			uri[n++] = '/', uri[n] = 0;
		json_object *base = json_object_new_object();
		json_object_object_add(base, "uri", json_object_new_string(uri));
		json_object *ids = json_object_new_object();
		json_object_object_add(ids, SARIF_SRCROOT, base);
		json_object_object_add(run, "originalUriBaseIds", ids);
	}
	free(uri);
	free(cwd);
}

void sarif_print(sarif_log *s, FILE *f)
{
	json_object *driver = json_object_new_object();
	json_object_object_add(driver, "name", json_object_new_string("irie"));
	json_object_object_add(driver, "version", json_object_new_string(IRIE_VERSION));
	json_object_object_add(driver, "rules", json_object_get(s->rules));
	json_object *tool = json_object_new_object();
	json_object_object_add(tool, "driver", driver);
	json_object *run = json_object_new_object();
	json_object_object_add(run, "tool", tool);
	if (s->relative)
		add_base_ids(run);
	json_object_object_add(run, "columnKind", json_object_new_string("unicodeCodePoints"));
	json_object_object_add(run, "results", json_object_get(s->results));
	json_object *runs = json_object_new_array();
	json_object_array_add(runs, run);
	json_object *log = json_object_new_object();
	json_object_object_add(log, "$schema", json_object_new_string("https://json.schemastore.org/sarif-2.1.0.json"));
	json_object_object_add(log, "version", json_object_new_string("2.1.0"));
	json_object_object_add(log, "runs", runs);
	fputs(json_object_to_json_string_ext(log, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
		JSON_C_TO_STRING_NOSLASHESCAPE), f);
	fputc('\n', f);
	json_object_put(log);
}
