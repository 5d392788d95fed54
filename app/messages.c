/* Messages for every code core reports, through gettext. */
#include <stdio.h>
#include <string.h>

#include <unicode/uidna.h>
#include <unicode/utf8.h>

#include "i18n.h"
#include "messages.h"

const char *msg_severity(iri_severity s)
{
	switch (s) {
	/* TRANSLATORS: a finding's severity, one lower-case word, printed as LINE:COL: SEVERITY: CODE: message (like a compiler's error/warning). */
	case IRI_SEV_ERROR: return _("error");
	/* TRANSLATORS: a finding's severity, one lower-case word, printed as LINE:COL: SEVERITY: CODE: message (like a compiler's error/warning). */
	case IRI_SEV_WARNING: return _("warning");
	/* TRANSLATORS: a finding's severity, one lower-case word, printed as LINE:COL: SEVERITY: CODE: message (like a compiler's error/warning). */
	case IRI_SEV_INFO: return _("info");
	}
	return _("error");
}

const char *msg_component(iri_component c)
{
	switch (c) {
	/* TRANSLATORS: the name of an IRI component (RFC 3986 section 3); shown alone as a table label and put for %s into messages such as "character not allowed in the %s". */
	case IRI_COMP_SCHEME: return _("scheme");
	/* TRANSLATORS: the name of an IRI component (RFC 3986 section 3); shown alone as a table label and put for %s into messages such as "character not allowed in the %s". */
	case IRI_COMP_USERINFO: return _("userinfo");
	/* TRANSLATORS: the name of an IRI component (RFC 3986 section 3); shown alone as a table label and put for %s into messages such as "character not allowed in the %s". */
	case IRI_COMP_HOST: return _("host");
	/* TRANSLATORS: the name of an IRI component (RFC 3986 section 3); shown alone as a table label and put for %s into messages such as "character not allowed in the %s". */
	case IRI_COMP_PORT: return _("port");
	/* TRANSLATORS: the name of an IRI component (RFC 3986 section 3); shown alone as a table label and put for %s into messages such as "character not allowed in the %s". */
	case IRI_COMP_PATH: return _("path");
	/* TRANSLATORS: the name of an IRI component (RFC 3986 section 3); shown alone as a table label and put for %s into messages such as "character not allowed in the %s". */
	case IRI_COMP_QUERY: return _("query");
	/* TRANSLATORS: the name of an IRI component (RFC 3986 section 3); shown alone as a table label and put for %s into messages such as "character not allowed in the %s". */
	case IRI_COMP_FRAGMENT: return _("fragment");
	case IRI_COMP_COUNT: break;
	}
	/* TRANSLATORS: the whole IRI, where a finding belongs to no single component; also put for %s into component messages. */
	return _("IRI");
}

static const char *parse_message(iri_parse_result r)
{
	switch (r) {
	case IRI_PARSE_OK: return _("no error");
	case IRI_PARSE_BAD_UTF8: return _("not well-formed UTF-8");
	case IRI_PARSE_BAD_SCHEME: return _("a scheme is a letter followed by letters, digits, '+', '-' or '.'");
	/* TRANSLATORS: %s is a component name (scheme, host, path, ...). */
	case IRI_PARSE_BAD_CHAR: return _("character not allowed in the %s");
	/* TRANSLATORS: '%%' prints one '%' (this is a printf format). */
	case IRI_PARSE_BAD_PERCENT: return _("'%%' not followed by two hexadecimal digits");
	/* TRANSLATORS: IPv6 and IPvFuture are RFC 3986 terms: keep them. */
	case IRI_PARSE_BAD_IP_LITERAL: return _("bracketed host is neither an IPv6 address nor IPvFuture");
	case IRI_PARSE_UNTERMINATED_IP_LITERAL: return _("'[' without a closing ']'");
	case IRI_PARSE_BAD_PORT: return _("a port is made of digits only");
	case IRI_PARSE_PORT_OUT_OF_RANGE: return _("port number above 65535");
	case IRI_PARSE_PRIVATE_USE: return _("private-use character outside the query");
	case IRI_PARSE_COLON_IN_FIRST_SEGMENT: return _("a relative reference's first segment cannot contain ':'; write './' before it");
	case IRI_PARSE_JUNK_AFTER_IP_LITERAL: return _("only ':' and a port may follow the ']' of an IP literal");
	case IRI_PARSE_RESULT_COUNT: break;
	}
	return _("syntax error");
}

void msg_idna_errors(unsigned bits, char *buf, size_t size)
{
	static const struct { unsigned bit; const char *text; } reasons[] = {
		{ UIDNA_ERROR_EMPTY_LABEL, N_("empty label") },
		{ UIDNA_ERROR_LABEL_TOO_LONG, N_("label longer than 63 bytes") },
		{ UIDNA_ERROR_DOMAIN_NAME_TOO_LONG, N_("name longer than 253 bytes") },
		{ UIDNA_ERROR_LEADING_HYPHEN, N_("label starts with a hyphen") },
		{ UIDNA_ERROR_TRAILING_HYPHEN, N_("label ends with a hyphen") },
		/* TRANSLATORS: the third and fourth characters of a DNS label (where "xn--" has its hyphens). */
		{ UIDNA_ERROR_HYPHEN_3_4, N_("hyphens in the third and fourth positions") },
		{ UIDNA_ERROR_LEADING_COMBINING_MARK, N_("label starts with a combining mark") },
		{ UIDNA_ERROR_DISALLOWED, N_("disallowed character") },
		{ UIDNA_ERROR_PUNYCODE, N_("invalid Punycode") },
		{ UIDNA_ERROR_LABEL_HAS_DOT, N_("label contains a dot") },
		/* TRANSLATORS: A-label: the IDNA term (RFC 5890) for the ASCII "xn--" form of a label; keep the term. */
		{ UIDNA_ERROR_INVALID_ACE_LABEL, N_("invalid A-label") },
		{ UIDNA_ERROR_BIDI, N_("violates the bidi rule (RFC 5893)") },
		/* TRANSLATORS: CONTEXTJ and RFC 5892 are names from the IDNA standard: keep them. */
		{ UIDNA_ERROR_CONTEXTJ, N_("joiner out of context (RFC 5892 CONTEXTJ)") },
		/* TRANSLATORS: CONTEXTO is a rule name from RFC 5892: keep it. */
		{ UIDNA_ERROR_CONTEXTO_PUNCTUATION, N_("punctuation out of context (CONTEXTO)") },
		/* TRANSLATORS: CONTEXTO is a rule name from RFC 5892: keep it. */
		{ UIDNA_ERROR_CONTEXTO_DIGITS, N_("mixed digit sets (CONTEXTO)") },
		{ IRI_IDNA_ERROR_PROCESSING, N_("too long or out of memory: not processed") },
	};
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof reasons / sizeof reasons[0]; i++) {
		if (!(bits & reasons[i].bit))
			continue;
		int n = snprintf(buf + used, size - used, "%s%s", used ? ", " : "", _(reasons[i].text));
		if (n < 0 || (size_t)n >= size - used) {
			/* No room for this reason: drop it whole (a cut could split a
			 * UTF-8 sequence) and say there is more. */
			buf[used] = '\0';
			if (used && size - used > 4)
				memcpy(buf + used, "\xe2\x80\xa6", 4);   /* U+2026 and the NUL */
			break;
		}
		used += (size_t)n;
	}
	if (!used)
		snprintf(buf, size, "%s", _("rejected by UTS #46 processing"));
}

/* The message with each %c argument (a character from the input) as
 * sentinel, then the sentinel replaced by the character in an LRI...PDI
 * isolate: in a right-to-left line the bidi algorithm would otherwise mirror
 * it ("<" shown as ">", UAX #9 L4). */
#define MSG_SENTINEL '\x01'
/* Each code's title: what the finding is about, with no detail of one
 * finding (a rule's shortDescription in a SARIF log). */
static const char *const diag_titles[IRI_D_COUNT] = {
	/* TRANSLATORS: the titles of the diagnostic codes: short and generic
	 * (no character, component or number of one finding). */
	[IRI_D_SYNTAX] = N_("not IRI syntax"),
	/* xgettext:no-c-format */
	[IRI_D_ILLEGAL_PERCENT_ENCODING] = N_("'%' that does not start an escape"),
	[IRI_D_INVALID_UTF8] = N_("bytes that are not well-formed UTF-8"),
	[IRI_D_CONTROL_CHARACTER] = N_("control character"),
	[IRI_D_BIDI_FORMATTING_CHARACTER] = N_("bidi formatting character"),
	[IRI_D_PRIVATE_USE_CHARACTER] = N_("private-use character outside the query"),
	[IRI_D_NONCHARACTER] = N_("noncharacter"),
	[IRI_D_OVERLONG_UTF8_ESCAPE] = N_("overlong UTF-8 in escapes"),
	[IRI_D_SURROGATE_ESCAPE] = N_("escapes of a UTF-16 surrogate"),
	[IRI_D_NOT_UTF8_ESCAPE] = N_("escaped octets that are not UTF-8"),
	[IRI_D_NON_ASCII_SCHEME] = N_("scheme that is not ASCII"),
	[IRI_D_BAD_IDN] = N_("invalid internationalized domain name"),
	[IRI_D_DNS_LENGTH_LIMIT] = N_("host too long for DNS"),
	[IRI_D_NOT_NFC] = N_("text not in Unicode Normalization Form C"),
	[IRI_D_NOT_NFKC] = N_("compatibility character"),
	[IRI_D_BIDI_MIXED_DIRECTION] = N_("component mixing right-to-left and left-to-right characters"),
	[IRI_D_BIDI_BOUNDARY] = N_("right-to-left component not starting or ending with a right-to-left character"),
	[IRI_D_MIXED_SCRIPT] = N_("host label mixing scripts"),
	[IRI_D_CONFUSABLE] = N_("host label that looks like an ASCII name"),
	[IRI_D_LOOKALIKE_DELIMITER] = N_("character that looks like a delimiter"),
	[IRI_D_SPACE_OR_UNWISE] = N_("space or character not allowed in URIs or IRIs"),
	[IRI_D_UNICODE_WHITESPACE] = N_("white space"),
	[IRI_D_INVISIBLE_CHARACTER] = N_("invisible character"),
	[IRI_D_UNASSIGNED_CHARACTER] = N_("code point not assigned in this Unicode version"),
	[IRI_D_DEPRECATED_CHARACTER] = N_("deprecated character"),
	[IRI_D_PERCENT_LOWERCASE] = N_("lower-case hex digits in an escape"),
	[IRI_D_SUPERFLUOUS_PERCENT_ENCODING] = N_("escape of a character that need not be escaped"),
	/* xgettext:no-c-format */
	[IRI_D_PERCENT_ENCODED_HOST] = N_("%-escaped host"),
	[IRI_D_ACE_LABEL] = N_("A-label (Punycode) in the host"),
	[IRI_D_DEFAULT_PORT] = N_("the scheme's default port"),
	[IRI_D_DOT_SEGMENT] = N_("'.' or '..' path segments"),
	[IRI_D_PASSWORD_IN_USERINFO] = N_("password in the userinfo"),
	[IRI_D_URI_EXPANSION] = N_("URI several times as long as the IRI"),
	[IRI_D_LEGACY_CHARSET] = N_("escapes read in a legacy charset"),
	[IRI_D_TOO_MANY_DIAGNOSTICS] = N_("more findings than are shown"),
	[IRI_D_NOT_DNS_NAME] = N_("host that DNS cannot resolve"),
	[IRI_D_UTS46_VERSION] = N_("host mapped differently by another UTS #46 version"),
	[IRI_D_ESCAPED_BIDI_FORMATTING] = N_("escaped bidi formatting character"),
};

const char *msg_code_title(iri_diag_code code)
{
	if ((unsigned)code >= IRI_D_COUNT || !diag_titles[code])
		return iri_diag_code_name(code);
	return _(diag_titles[code]);
}

static void msg_diag_any(const iri_diag *d, char *buf, size_t size, bool isolate);

void msg_diag(const iri_diag *d, char *buf, size_t size)
{
	msg_diag_any(d, buf, size, false);
}

void msg_diag_ui(const iri_diag *d, char *buf, size_t size)
{
	char raw[512];
	msg_diag_any(d, raw, sizeof raw, true);
	char c = d->code == IRI_D_LOOKALIKE_DELIMITER ? iri_lookalike_target((uint32_t)d->detail)
		: (char)d->detail;
	size_t o = 0;
	for (const char *p = raw; *p && o + 8 < size; p++) {
		if (*p != MSG_SENTINEL) {
			buf[o++] = *p;
			continue;
		}
		memcpy(buf + o, "\xe2\x81\xa6", 3);   /* LRI */
		buf[o + 3] = c ? c : '?';
		memcpy(buf + o + 4, "\xe2\x81\xa9", 3);   /* PDI */
		o += 7;
	}
	if (size)
		buf[o < size ? o : size - 1] = '\0';
}

/* What a reader sees (d->seen: screen order, left to right, nothing a
 * terminal acts on), cut to fit on a character boundary; on the editor's
 * screen inside LRI, LRO ... PDF, PDI, so the screen's own bidi pass keeps
 * that order (UAX #9 X5a, X4) and its neighbours keep theirs. */
static void seen_quote(const char *seen, size_t max_bytes, bool isolate, char *out, size_t size)
{
	size_t n = strlen(seen), o = 0;
	bool cut = n > max_bytes;
	if (cut) {
		int32_t at = (int32_t)max_bytes;
		U8_SET_CP_START((const uint8_t *)seen, 0, at);   /* never half a character */
		n = (size_t)at;
	}
	if (size < n + 20)
		return;
	if (isolate) {
		memcpy(out, "\xe2\x81\xa6\xe2\x80\xad", 6);   /* LRI, LRO */
		o = 6;
	}
	memcpy(out + o, seen, n);
	o += n;
	if (cut) {
		memcpy(out + o, "\xe2\x80\xa6", 3);   /* U+2026 */
		o += 3;
	}
	if (isolate) {
		memcpy(out + o, "\xe2\x80\xac\xe2\x81\xa9", 6);   /* PDF, PDI */
		o += 6;
	}
	out[o] = '\0';
}

/* RFC 3987 4.2 rules 1 and 2: the rule, then what the reader sees
 * (doc/design-notes.md, "Bidi findings"). */
static void msg_bidi(const iri_diag *d, const char *comp, char *buf, size_t size, bool isolate)
{
	char rule[256], seen[200] = "";
	if (d->code == IRI_D_BIDI_MIXED_DIRECTION)
		/* TRANSLATORS: %s: a component name (path, query, ...). */
		snprintf(rule, sizeof rule, _("%s component mixes right-to-left and left-to-right characters"), comp);
	else
		snprintf(rule, sizeof rule, (d->detail & IRI_BIDI_WHERE_MASK) == 1 ?
			/* TRANSLATORS: %s: a component name (path, query, ...); "right-to-left" describes the component. */
			_("right-to-left %s component does not start with a right-to-left character") :
			_("right-to-left %s component does not end with a right-to-left character"), comp);
	bool rfc = d->detail & IRI_BIDI_MISREAD_RFC3987, marked = d->detail & IRI_BIDI_MISREAD_MARKED;
	const char *how;
	if (rfc && marked)
		/* TRANSLATORS: follows a BIDI_* message; %s: the component as the screen shows it, left to right. */
		how = _("; out of reading order in the RFC 3987 rendering, which shows \"%s\", and in irie's marked form");
	else if (rfc)
		/* TRANSLATORS: follows a BIDI_* message; %s: the component as the screen shows it, left to right. */
		how = _("; out of reading order in the RFC 3987 rendering, which shows \"%s\"");
	else if (marked)
		/* TRANSLATORS: follows a BIDI_* message; %s: the component as the screen shows it, left to right. */
		how = _("; out of reading order in irie's marked form, which shows \"%s\"");
	else
		/* TRANSLATORS: follows a BIDI_* message about a component that breaks the rule but reads well. */
		how = _("; it displays in reading order");
	/* The rendering gets what room the message leaves (at most 160 bytes),
	 * so a long translation cuts the quote, whole characters and its
	 * isolate closed, never the message's end. */
	size_t used = strlen(rule), fixed = used + strlen(how) + 16, max = 160;
	if (fixed < size && size - fixed < max)
		max = size - fixed;
	else if (fixed >= size)
		max = 0;
	seen_quote(d->seen ? d->seen : "", max, isolate, seen, sizeof seen);
	snprintf(buf, size, "%s", rule);
	if (used < size)
		snprintf(buf + used, size - used, how, seen);
}

/* UTS46_VERSION: what the character maps to before and from the UTS #46
 * version that changed it, and which of the two the linked ICU gives. */
static void msg_uts46_version(uint32_t cp, char *buf, size_t size)
{
	const iri_uts46_change *c = iri_uts46_change_find(cp);
	int major, minor;
	iri_unicode_version(&major, &minor);
	if (!c) {
		snprintf(buf, size, "U+%04X", cp);
		return;
	}
	char before[64], after[64];
	if (c->before)
		/* TRANSLATORS: %s: the characters a host character maps to (e.g. "ss"). */
		snprintf(before, sizeof before, _("maps to \"%s\""), c->before);
	else
		snprintf(before, sizeof before, "%s", _("is disallowed"));
	if (c->before)
		/* TRANSLATORS: %s: the characters a host character maps to (e.g. "ss"). */
		snprintf(after, sizeof after, _("maps to \"%s\""), c->after);
	else   /* disallowed, then valid: it stays itself, it is not mapped */
		snprintf(after, sizeof after, "%s", _("is valid"));
	/* TRANSLATORS: a note on a host: U+%04X the character; then the UTS #46
	 * version that changed it (e.g. 15.1) three times, what it did before and
	 * after ("maps to "ss""), and the Unicode version of this system's ICU. */
	snprintf(buf, size, _("U+%04X %s before UTS #46 %d.%d and %s from %d.%d on; this system's ICU follows Unicode %d.%d, so here it %s"),
		cp, before, c->major, c->minor, after, c->major, c->minor, major, minor,
		iri_uts46_change_applies(c) ? after : before);
}

/* The messages with an argument of their own (the others are in
 * diag_messages alone). */
typedef void msg_fn(const iri_diag *d, const char *comp, char *buf, size_t size, bool isolate);

static void msg_syntax(const iri_diag *d, const char *comp, char *buf, size_t size, bool isolate)
{
	(void)isolate;
	snprintf(buf, size, parse_message((iri_parse_result)d->detail), comp);
}

static void msg_lookalike(const iri_diag *d, const char *comp, char *buf, size_t size, bool isolate)
{
	(void)comp;
	uint32_t cp = (uint32_t)d->detail;
	char target = iri_lookalike_target(cp);
	/* TRANSLATORS: U+%04X: the look-alike code point (keep "U+%04X"); %c: the ASCII delimiter it resembles (/ . : ? # @). */
	snprintf(buf, size, _("U+%04X looks like the delimiter '%c' but is not one"), cp,
		isolate ? MSG_SENTINEL : target ? target : '?');
}

static void msg_legacy_charset(const iri_diag *d, const char *comp, char *buf, size_t size, bool isolate)
{
	(void)comp, (void)isolate;
	snprintf(buf, size, "%s", d->detail == 0 ? _("escapes read in the legacy charset given, not UTF-8") :
		_("escapes the legacy charset given cannot read, or that give characters not allowed unescaped; they stay escaped"));
}

static void msg_uts46(const iri_diag *d, const char *comp, char *buf, size_t size, bool isolate)
{
	(void)comp, (void)isolate;
	msg_uts46_version((uint32_t)d->detail, buf, size);
}

/* How a code's message takes its detail. */
typedef enum {
	MSG_TEXT,     /* the message alone */
	MSG_CP,       /* U+%04X: the code point in detail */
	MSG_COMP,     /* %s: the component's name */
	MSG_CHAR,     /* %c: the ASCII character in detail (the sentinel on the screen) */
	MSG_IDNA,     /* %s: the UTS #46 error bits in detail, in words */
	MSG_INT,      /* %d: detail */
	MSG_NUMBER,    /* %lld: detail */
	MSG_FN,       /* a function of its own */
} msg_kind;

/* Every diagnostic code's message (a msgid, translated when used) or
 * function, by code, as core's catalogue lists the codes. */
static const struct {
	msg_kind kind;
	const char *text;
	msg_fn *fn;
} diag_messages[IRI_D_COUNT] = {
	[IRI_D_SYNTAX] = { MSG_FN, NULL, msg_syntax },
	/* TRANSLATORS: not a format string: %25 is literal text (the escape of '%'); keep it. */
	[IRI_D_ILLEGAL_PERCENT_ENCODING] = { MSG_TEXT, N_("'%' does not start an escape (two hex digits must follow); write %25 for a percent sign"), NULL },
	[IRI_D_INVALID_UTF8] = { MSG_TEXT, N_("bytes that are not well-formed UTF-8"), NULL },
	/* TRANSLATORS: U+%04X is the code point in hexadecimal (U+00A0); keep "U+%04X". */
	[IRI_D_CONTROL_CHARACTER] = { MSG_CP, N_("control character U+%04X is not allowed"), NULL },
	/* TRANSLATORS: U+%04X is the code point in hexadecimal (U+00A0); keep "U+%04X". */
	[IRI_D_BIDI_FORMATTING_CHARACTER] = { MSG_CP, N_("bidi formatting character U+%04X must not appear in an IRI"), NULL },
	/* TRANSLATORS: U+%04X is the code point in hexadecimal (U+00A0); keep "U+%04X". */
	[IRI_D_PRIVATE_USE_CHARACTER] = { MSG_CP, N_("private-use character U+%04X is allowed only in the query"), NULL },
	/* TRANSLATORS: U+%04X is the code point in hexadecimal (U+00A0); keep "U+%04X". */
	[IRI_D_NONCHARACTER] = { MSG_CP, N_("noncharacter U+%04X is not allowed"), NULL },
	[IRI_D_OVERLONG_UTF8_ESCAPE] = { MSG_TEXT, N_("overlong UTF-8 in escapes (a known way to smuggle '/' or '.' past filters)"), NULL },
	[IRI_D_SURROGATE_ESCAPE] = { MSG_TEXT, N_("escapes encode a UTF-16 surrogate, which is not a character"), NULL },
	[IRI_D_NOT_UTF8_ESCAPE] = { MSG_TEXT, N_("escaped octets are not UTF-8; they stay escaped in the IRI (a legacy charset?)"), NULL },
	[IRI_D_NON_ASCII_SCHEME] = { MSG_TEXT, N_("a scheme must be ASCII"), NULL },
	/* TRANSLATORS: %s: the UTS #46 errors, comma-separated (e.g. "empty label, disallowed character"). */
	[IRI_D_BAD_IDN] = { MSG_IDNA, N_("not a valid internationalized domain name: %s"), NULL },
	[IRI_D_DNS_LENGTH_LIMIT] = { MSG_TEXT, N_("too long for DNS: a label may have 63 bytes, a name 253 (as A-labels)"), NULL },
	/* TRANSLATORS: %s: a component name (path, query, ...). */
	[IRI_D_NOT_NFC] = { MSG_COMP, N_("%s is not in Unicode Normalization Form C"), NULL },
	/* TRANSLATORS: U+%04X is the code point in hexadecimal (U+00A0); keep "U+%04X". */
	[IRI_D_NOT_NFKC] = { MSG_CP, N_("compatibility character U+%04X (e.g. a full-width form); NFKC would replace it"), NULL },
	[IRI_D_BIDI_MIXED_DIRECTION] = { MSG_FN, NULL, msg_bidi },
	[IRI_D_BIDI_BOUNDARY] = { MSG_FN, NULL, msg_bidi },
	[IRI_D_MIXED_SCRIPT] = { MSG_TEXT, N_("label mixes scripts in a way that can be used for spoofing"), NULL },
	[IRI_D_CONFUSABLE] = { MSG_TEXT, N_("label looks like an ASCII name but is not one"), NULL },
	[IRI_D_LOOKALIKE_DELIMITER] = { MSG_FN, NULL, msg_lookalike },
	/* TRANSLATORS: %c: the ASCII character (< > " { } | \ ^ `). */
	[IRI_D_SPACE_OR_UNWISE] = { MSG_CHAR, N_("'%c' is not allowed in URIs or IRIs; escape it"), NULL },
	/* TRANSLATORS: U+%04X is the code point in hexadecimal (U+00A0); keep "U+%04X". */
	[IRI_D_UNICODE_WHITESPACE] = { MSG_CP, N_("white space U+%04X; IRIs are easily cut at spaces"), NULL },
	/* TRANSLATORS: U+%04X is the code point in hexadecimal (U+00A0); keep "U+%04X". */
	[IRI_D_INVISIBLE_CHARACTER] = { MSG_CP, N_("invisible character U+%04X"), NULL },
	/* TRANSLATORS: U+%04X is the code point in hexadecimal (U+00A0); keep "U+%04X". */
	[IRI_D_UNASSIGNED_CHARACTER] = { MSG_CP, N_("U+%04X is not assigned in this Unicode version"), NULL },
	/* TRANSLATORS: U+%04X is the code point in hexadecimal (U+00A0); keep "U+%04X". */
	[IRI_D_DEPRECATED_CHARACTER] = { MSG_CP, N_("U+%04X is deprecated in Unicode"), NULL },
	[IRI_D_PERCENT_LOWERCASE] = { MSG_TEXT, N_("lower-case hex digits in an escape; upper case is preferred"), NULL },
	/* TRANSLATORS: %c: an unreserved ASCII character that was written as an escape. */
	[IRI_D_SUPERFLUOUS_PERCENT_ENCODING] = { MSG_CHAR, N_("'%c' need not be escaped"), NULL },
	/* xgettext:no-c-format */
	/* TRANSLATORS: not a format string: "%-escaped" means written as %HH escapes; A-labels: the IDNA term, keep it. */
	[IRI_D_PERCENT_ENCODED_HOST] = { MSG_TEXT, N_("host is %-escaped; most resolvers expect A-labels"), NULL },
	[IRI_D_ACE_LABEL] = { MSG_TEXT, N_("A-label (Punycode): the name is shown here as it is written"), NULL },
	/* TRANSLATORS: %d: the port number. */
	[IRI_D_DEFAULT_PORT] = { MSG_INT, N_("port %d is the scheme's default and can be left out"), NULL },
	[IRI_D_DOT_SEGMENT] = { MSG_TEXT, N_("path has '.' or '..' segments, which resolution removes"), NULL },
	[IRI_D_PASSWORD_IN_USERINFO] = { MSG_TEXT, N_("a password in the userinfo is deprecated and visible to anyone"), NULL },
	/* TRANSLATORS: %lld: the URI's length in characters. */
	[IRI_D_URI_EXPANSION] = { MSG_NUMBER, N_("the URI is %lld characters long, several times the IRI"), NULL },
	[IRI_D_LEGACY_CHARSET] = { MSG_FN, NULL, msg_legacy_charset },
	/* TRANSLATORS: %lld: how many findings were left out (at least 1). */
	[IRI_D_TOO_MANY_DIAGNOSTICS] = { MSG_NUMBER, N_("%lld more findings not shown"), NULL },
	/* TRANSLATORS: %s: the UTS #46 errors, comma-separated (e.g. "empty label, disallowed character"). */
	[IRI_D_NOT_DNS_NAME] = { MSG_IDNA, N_("a valid host in an IRI, but not a name DNS can resolve: %s"), NULL },
	[IRI_D_UTS46_VERSION] = { MSG_FN, NULL, msg_uts46 },
	/* TRANSLATORS: U+%04X is the code point in hexadecimal (U+202E); keep "U+%04X". */
	[IRI_D_ESCAPED_BIDI_FORMATTING] = { MSG_CP, N_("escaped bidi formatting character U+%04X: it stays escaped in the IRI, but a program that decodes it for display may reorder the text around it"), NULL },
};

static void msg_diag_any(const iri_diag *d, char *buf, size_t size, bool isolate)
{
	const char *comp = msg_component(d->component);
	if ((unsigned)d->code >= IRI_D_COUNT || (!diag_messages[d->code].text && !diag_messages[d->code].fn)) {
		snprintf(buf, size, "%s", iri_diag_code_name(d->code));
		return;
	}
	const char *text = diag_messages[d->code].text ? _(diag_messages[d->code].text) : NULL;
	char errors[256];
	switch (diag_messages[d->code].kind) {
	case MSG_TEXT:
		snprintf(buf, size, "%s", text);
		break;
	case MSG_CP:
		snprintf(buf, size, text, (uint32_t)d->detail);
		break;
	case MSG_COMP:
		snprintf(buf, size, text, comp);
		break;
	case MSG_CHAR:
		snprintf(buf, size, text, isolate ? MSG_SENTINEL : (int)(uint32_t)d->detail);
		break;
	case MSG_IDNA:
		msg_idna_errors((unsigned)d->detail, errors, sizeof errors);
		snprintf(buf, size, text, errors);
		break;
	case MSG_INT:
		snprintf(buf, size, text, (int)d->detail);
		break;
	case MSG_NUMBER:
		snprintf(buf, size, text, (long long)d->detail);
		break;
	case MSG_FN:
		diag_messages[d->code].fn(d, comp, buf, size, isolate);
		break;
	}
}

/* Every kind but MSG_FN formats the code's msgid with the component's name
 * or detail (msg_diag_any); a code outside the table is its name.  A
 * function may read more (msg_bidi reads d->seen): none is taken as keyed. */
bool msg_diag_keyed(iri_diag_code code)
{
	return (unsigned)code >= IRI_D_COUNT || diag_messages[code].kind != MSG_FN;
}

const char *msg_explain_reason(iri_explain_reason r)
{
	switch (r) {
	/* TRANSLATORS: irie explain's last column, "why": what RFC 3987 3.1 does with the character; keep it short. */
	case IRI_WHY_UNRESERVED: return _("unreserved ASCII: kept as is");
	case IRI_WHY_DELIMITER: return _("delimiter: kept, it gives the IRI its structure");
	case IRI_WHY_ESCAPE: return _("already escaped UTF-8: kept as written");
	case IRI_WHY_ESCAPE_NOT_UTF8: return _("escape that is not UTF-8: kept, stays escaped in the IRI");
	/* TRANSLATORS: not a format string: %HH stands for '%' and two hex digits; keep it. */
	case IRI_WHY_UCSCHAR: return _("non-ASCII: its UTF-8 bytes, each as %HH (RFC 3987 3.1)");
	case IRI_WHY_IPRIVATE: return _("private use, allowed in the query: escaped as UTF-8");
	case IRI_WHY_HOST_IDNA: return _("in the host: the host becomes A-labels (UTS #46)");
	case IRI_WHY_UNWISE: return _("not allowed in URIs: escaped");
	case IRI_WHY_CONTROL: return _("control character: escaped, and the IRI is invalid");
	case IRI_WHY_NOT_ALLOWED: return _("not allowed here: escaped, and the IRI is invalid");
	/* TRANSLATORS: not a format string: %25 is literal text; keep it. */
	case IRI_WHY_STRAY_PERCENT: return _("'%' without two hex digits: escaped as %25");
	case IRI_WHY_INVALID_UTF8: return _("not UTF-8: the byte is escaped as it is");
	/* xgettext:no-c-format */
	/* TRANSLATORS: not a format string: "%-escaped" means written as %HH escapes; UTS #46: keep it. */
	case IRI_WHY_HOST_NOT_IDNA: return _("in a host UTS #46 refuses: %-escaped UTF-8 instead");
	case IRI_WHY_COUNT: break;
	}
	return "";
}

const char *msg_explain_delim(iri_explain_delim d)
{
	switch (d) {
	/* TRANSLATORS: teach's (F4) component column for a delimiter: its role in the IRI (RFC 3986 3); keep it short. */
	case IRI_DELIM_SCHEME_END: return _("scheme separator");
	case IRI_DELIM_AUTHORITY_START: return _("authority start");
	case IRI_DELIM_USERINFO_END: return _("userinfo end");
	case IRI_DELIM_PORT_START: return _("port separator");
	case IRI_DELIM_PATH_SEP: return _("path separator");
	case IRI_DELIM_QUERY_START: return _("query start");
	case IRI_DELIM_FRAGMENT_START: return _("fragment start");
	case IRI_DELIM_NONE: case IRI_DELIM_COUNT: break;
	}
	return "";
}
