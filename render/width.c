/* The one measure of terminal cells (render_width.h). */
#include <wchar.h>

#include "render_utf8.h"
#include "render_width.h"

int rnd_cell_width(uint32_t cp)
{
	if (cp >= 0x20 && cp < 0x7F)
		return 1;
	if (cp > 0x10FFFF)
		return -1;
	int w = wcwidth((wchar_t)cp);
	return w < 0 ? -1 : w;
}

size_t rnd_char_cells(const char *s, size_t n_bytes, size_t *cells)
{
	const uint8_t *b = (const uint8_t *)s;
	if (b[0] < 0x80) {
		*cells = 1;   /* a control counts as the one-cell picture it is shown as */
		return 1;
	}
	uint32_t cp;
	size_t k = rnd_utf8_next(b, n_bytes, &cp);
	if (k == 0) {
		*cells = 1;   /* each ill-formed byte is one placeholder */
		return 1;
	}
	int w = rnd_cell_width(cp);
	*cells = w < 0 ? 1 : (size_t)w;
	return k;
}

size_t rnd_text_cells(const char *s, size_t n_bytes)
{
	size_t total = 0;
	for (size_t i = 0; i < n_bytes;) {
		size_t w;
		i += rnd_char_cells(s + i, n_bytes - i, &w);
		total += w;
	}
	return total;
}
