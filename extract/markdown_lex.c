/* Markdown's inline syntax that extract/markdown.c finds in the bytes
 * itself to place cmark's links (see its header): CommonMark 6.3's inline
 * link destination, 6.5's autolinks, a URI scheme (RFC 3986 3.1, 2 to 32
 * characters as CommonMark 6.5 asks). */
#include "markdown_lex.h"

bool md_scheme_at(const char *p, size_t i, size_t n, size_t *colon)
{
	size_t j = i;
	if (j >= n || !((p[j] | 0x20) >= 'a' && (p[j] | 0x20) <= 'z'))
		return false;
	while (j < n && j - i <= 32 && (((p[j] | 0x20) >= 'a' && (p[j] | 0x20) <= 'z')
		|| (p[j] >= '0' && p[j] <= '9') || p[j] == '+' || p[j] == '.' || p[j] == '-'))
		j++;
	*colon = j;
	return j < n && p[j] == ':' && j - i >= 2 && j - i <= 32;
}

/* An autolink at p[i] ('<'): its end (after '>'), or i. */
size_t md_autolink(const char *p, size_t i, size_t n, int *type)
{
	size_t colon, j;
	if (md_scheme_at(p, i + 1, n, &colon)) {
		for (j = colon + 1; j < n && p[j] != '>' && p[j] != '<' && (unsigned char)p[j] > ' '; j++)
			;
		*type = MD_AUTO;
		return j < n && p[j] == '>' ? j + 1 : i;
	}
	bool at = false;
	for (j = i + 1; j < n && p[j] != '>' && (unsigned char)p[j] > ' ' && p[j] != '<'; j++)
		at |= p[j] == '@';
	*type = MD_EMAIL;
	return at && j < n && p[j] == '>' ? j + 1 : i;
}

/* An inline destination after "](" at p[i]: [*r0, *r1), false if none. */
bool md_destination(const char *p, size_t i, size_t n, size_t *r0, size_t *r1)
{
	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r'))
		i++;
	if (i < n && p[i] == '<') {
		size_t j = i + 1;
		while (j < n && p[j] != '>' && p[j] != '\n' && p[j] != '\r' && p[j] != '<')
			j += p[j] == '\\' && j + 1 < n ? 2 : 1;
		if (j >= n || p[j] != '>')
			return false;
		*r0 = i + 1, *r1 = j;
		return true;
	}
	int depth = 0;
	size_t j = i;
	for (; j < n && (unsigned char)p[j] > ' '; j++) {
		if (p[j] == '\\' && j + 1 < n) {
			j++;
			continue;
		}
		if (p[j] == '(')
			depth++;
		else if (p[j] == ')' && depth-- == 0)
			break;
	}
	*r0 = i, *r1 = j;
	return j > i;
}
