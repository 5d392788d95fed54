/* extract/'s results and document problems in words, through gettext
 * (extract/ gives codes and its parsers' English details only). */
#include <stdio.h>
#include <string.h>

#include <unicode/ucnv.h>

#include "extract_msg.h"
#include "i18n.h"

const char *xmsg_result(ixt_result r)
{
	switch (r) {
	case IXT_OK: return _("no problem");
	case IXT_BAD_ARGUMENT: return _("bad argument");
	case IXT_NO_MEMORY: return _("out of memory");
	case IXT_IO: return _("cannot read the file");
	case IXT_IS_DIRECTORY: return _("is a directory");
	/* TRANSLATORS: the document, a line or an IRI is over irie's limit. */
	case IXT_TOO_LONG: return _("too long");
	case IXT_BINARY: return _("not a text document (binary bytes): skipped");
	/* TRANSLATORS: followed by the charset's name. */
	case IXT_BAD_TEXT: return _("bytes that are not text in the charset");
	case IXT_BAD_CHARSET: return _("unknown charset");
	case IXT_SYNTAX: return _("syntax error in the document");
	case IXT_STOPPED: return _("stopped");
	}
	return _("unknown problem");
}

/* Charset labels are ASCII case-insensitive (HTML 2.1, XML 1.0 4.3.3):
 * ICU's name matching (case, '-' and '_' ignored) and its alias table
 * decide. */
bool xmsg_charset_is_utf8(const char *name)
{
	if (!name || !name[0] || ucnv_compareNames(name, "UTF-8") == 0)
		return true;
	UErrorCode e = U_ZERO_ERROR;
	const char *canonical = ucnv_getAlias(name, 0, &e);   /* alias 0: ICU's own name */
	return U_SUCCESS(e) && canonical && strcmp(canonical, "UTF-8") == 0;
}

void xmsg_diag(const ixt_diag *d, char *buf, size_t size)
{
	if (d->code == IXT_BAD_TEXT && d->detail && d->detail[0] && xmsg_charset_is_utf8(d->detail))
		/* The document was read as UTF-8 because it did not say: it may
		 * well be text in another charset. */
		/* TRANSLATORS: keep --charset (an option). */
		snprintf(buf, size, "%s", _("bytes that are not UTF-8 (in another charset? give it with --charset)"));
	else if (d->detail && d->detail[0])
		snprintf(buf, size, "%s: %s", xmsg_result(d->code), d->detail);
	else
		snprintf(buf, size, "%s", xmsg_result(d->code));
}

void xmsg_failure(const ixt_ctx *x, ixt_result r, char *buf, size_t size)
{
	const char *detail = ixt_detail(x);
	/* The system's reason says it best (strerror: "No such file or directory"). */
	const char *cs = ixt_last_charset(x);
	if (r == IXT_BINARY && detail && detail[0] && xmsg_charset_is_utf8(detail))
		/* TRANSLATORS: a document mostly not UTF-8; keep --charset (an option). */
		snprintf(buf, size, "%s", _("mostly bytes that are not UTF-8: skipped (text in another charset? "
			"give it with --charset)"));
	else if (r == IXT_BINARY && detail && detail[0])
		/* TRANSLATORS: %s: the charset the document was read in. */
		snprintf(buf, size, _("mostly bytes that are not text in %s: skipped"), detail);
	else if (r == IXT_BAD_CHARSET && !(detail && detail[0]) && cs && cs[0])
		/* TRANSLATORS: %s: the charset's name as given or declared. */
		snprintf(buf, size, _("unknown charset '%s'"), cs);
	else if (r == IXT_IO && detail && detail[0])
		snprintf(buf, size, "%s", detail);
	else if (detail && detail[0])
		snprintf(buf, size, "%s: %s", xmsg_result(r), detail);
	else
		snprintf(buf, size, "%s", xmsg_result(r));
}
