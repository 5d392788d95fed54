/* Terminal cells (columns) a character or a text takes: render owns cells,
 * and this is the one measure of them in irie (the forms' cells, app's
 * padding and cutting, the explain table's columns).
 *
 * The width is the C library's wcwidth in the current locale, the measure
 * curses itself uses to place what irie draws; printable ASCII is one cell
 * whatever the locale says. */
#ifndef RENDER_WIDTH_H
#define RENDER_WIDTH_H

#include <stddef.h>
#include <stdint.h>

/* Cells code point cp takes: 0 (a combining or other zero-width mark), 1
 * or 2 (East Asian wide and fullwidth, most emoji); -1 if it cannot be
 * measured (a control, an unassigned code point, a C locale): it must be
 * shown as a placeholder (render_sanitize.h) or counted as one cell. */
int rnd_cell_width(uint32_t cp);

/* One character (or one ill-formed byte) at s[0..n_bytes), n_bytes > 0:
 * returns its length in bytes and puts its cells in *cells; what
 * rnd_cell_width cannot measure and each ill-formed byte count as one cell
 * (the one-cell placeholder a control is shown as). */
size_t rnd_char_cells(const char *s, size_t n_bytes, size_t *cells);

/* Cells the UTF-8 text s[0..n_bytes) takes: rnd_char_cells summed.  Exact
 * for sanitised text (rnd_sanitize); a placeholder wider than one cell is
 * counted as one in text that is not. */
size_t rnd_text_cells(const char *s, size_t n_bytes);

#endif
