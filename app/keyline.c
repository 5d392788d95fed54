/* The footer's key line and the key lists help prints, from input/'s one
 * binding table: a key changed there changes both (and the man page's
 * list is held to the same table by tests/doc/test_keys.py). */
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "keyline.h"
#include "output.h"
#include "view_extract.h"
#include "view_list.h"

ink_mode keyline_mode(const tui *t)
{
	if (t->keys && ink_get_mode(t->keys) == INK_MODE_SEARCH)
		return INK_MODE_SEARCH;
	switch (rooms_top(t)) {
	case ROOM_VIEW: return INK_MODE_VIEW;
	case ROOM_TEACH: return INK_MODE_TEACH;
	case ROOM_HELP: return INK_MODE_HELP;
	case ROOM_MENU: return INK_MODE_MENU;
	default: return INK_MODE_EDIT;
	}
}

/* Appends s to buf (size bytes) at *len, cutting at the cap. */
static void append(char *buf, size_t size, size_t *len, const char *s)
{
	int n = snprintf(buf + *len, size - *len, "%s", s);
	if (n > 0)
		*len += (size_t)n < size - *len ? (size_t)n : size - *len - 1;
}

const char *keyline_keys(ink_mode mode, ink_action a, const char *sep, char *buf, size_t size)
{
	size_t n, len = 0;
	const ink_binding *b = ink_bindings(&n);
	if (!buf || size == 0)
		return buf;
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		char label[32];
		if (b[i].action != a || !(b[i].modes & INK_MODE_BIT(mode)))
			continue;
		if (len)
			append(buf, size, &len, sep);
		append(buf, size, &len, ink_key_label(&b[i], label, sizeof label));
	}
	return buf;
}

/* What the key line shows per mode, in order: an action (with a second one
 * whose first key joins the first's, "Up/Down", or with pair == action its
 * own second key: "F1/M-h", since some terminals take F1), and its short
 * word.  Esc in teach and the menus closes them: the words say so
 * ("close"), and the word for leaving irie is "quit", never "cancel".
 * Some keys do another thing in some states, with another word (NULL: the
 * same word), the first that applies from the right: in the editor the
 * viewer opened (Enter puts the line back in the list, Esc goes back to
 * it), while a C-v entry or a composition waits (Esc drops it), while a
 * C-v entry waits (Enter only ends it). */
static const struct {
	ink_mode mode;
	ink_action action, pair;
	const char *word, *from_view, *waiting, *entry;
} items[] = {
	/* TRANSLATORS: the words of the bottom key line, after a key name
	 * ("Enter accept", "Esc quit", "Up/Down charset"): one or two short
	 * words each; the line is cut to the screen's width.  "put back" and
	 * "back to list": the editor opened from the viewer's list; "cancel":
	 * Esc while a C-v entry or a keymap's letters wait; "end entry": Enter
	 * during a C-v entry. */
	{ INK_MODE_EDIT, INK_ACT_ACCEPT, INK_ACT_NONE, N_("accept"), N_("put back"), NULL, N_("end entry") },
	{ INK_MODE_EDIT, INK_ACT_CANCEL, INK_ACT_NONE, N_("quit"), N_("back to list"), N_("cancel"), NULL },
	{ INK_MODE_EDIT, INK_ACT_NEXT_DIAG, INK_ACT_NONE, N_("warnings"), NULL, NULL, NULL },
	{ INK_MODE_EDIT, INK_ACT_TEACH, INK_ACT_NONE, N_("teach"), NULL, NULL, NULL },
	{ INK_MODE_EDIT, INK_ACT_HELP, INK_ACT_HELP, N_("help"), NULL, NULL, NULL },
	{ INK_MODE_TEACH, INK_ACT_TEACH_CHARSET_PREV, INK_ACT_TEACH_CHARSET_NEXT, N_("charset"), NULL, NULL, NULL },
	{ INK_MODE_TEACH, INK_ACT_TEACH_CLOSE, INK_ACT_NONE, N_("close"), NULL, N_("cancel"), NULL },
	{ INK_MODE_TEACH, INK_ACT_HELP, INK_ACT_NONE, N_("help"), NULL, NULL, NULL },
	{ INK_MODE_VIEW, INK_ACT_VIEW_EDIT, INK_ACT_NONE, N_("edit"), NULL, NULL, NULL },
	{ INK_MODE_VIEW, INK_ACT_VIEW_QUIT, INK_ACT_NONE, N_("quit"), NULL, NULL, NULL },
	{ INK_MODE_VIEW, INK_ACT_VIEW_SEARCH_FORWARD, INK_ACT_NONE, N_("search"), NULL, NULL, NULL },
	{ INK_MODE_VIEW, INK_ACT_VIEW_NEXT_FINDING, INK_ACT_VIEW_PREV_FINDING, N_("findings"), NULL, NULL, NULL },
	{ INK_MODE_VIEW, INK_ACT_VIEW_FILTER, INK_ACT_NONE, N_("filter"), NULL, NULL, NULL },
	{ INK_MODE_VIEW, INK_ACT_VIEW_WRITE, INK_ACT_NONE, N_("write"), NULL, NULL, NULL },
	{ INK_MODE_VIEW, INK_ACT_HELP, INK_ACT_HELP, N_("help"), NULL, NULL, NULL },
	{ INK_MODE_HELP, INK_ACT_HELP_UP, INK_ACT_HELP_DOWN, N_("scroll"), NULL, NULL, NULL },
	{ INK_MODE_HELP, INK_ACT_HELP_PAGE_DOWN, INK_ACT_NONE, N_("page"), NULL, NULL, NULL },
	{ INK_MODE_HELP, INK_ACT_HELP_CLOSE, INK_ACT_NONE, N_("close"), NULL, NULL, NULL },
	{ INK_MODE_MENU, INK_ACT_MENU_UP, INK_ACT_MENU_DOWN, N_("move"), NULL, NULL, NULL },
	{ INK_MODE_MENU, INK_ACT_MENU_CHOOSE, INK_ACT_NONE, N_("choose"), NULL, NULL, NULL },
	{ INK_MODE_MENU, INK_ACT_MENU_CLOSE, INK_ACT_NONE, N_("close"), NULL, NULL, NULL },
	{ INK_MODE_SEARCH, INK_ACT_SEARCH_OLDER, INK_ACT_NONE, N_("older"), NULL, NULL, NULL },
	{ INK_MODE_SEARCH, INK_ACT_SEARCH_ACCEPT, INK_ACT_NONE, N_("keep"), NULL, NULL, NULL },
	{ INK_MODE_SEARCH, INK_ACT_SEARCH_CANCEL, INK_ACT_NONE, N_("cancel search"), NULL, NULL, NULL },
};

/* The label of the nth (from 0) key bound to a in mode, or NULL if none. */
static const char *nth_key(ink_mode mode, ink_action a, int nth, char *buf, size_t size)
{
	size_t n;
	const ink_binding *b = ink_bindings(&n);
	for (size_t i = 0; i < n; i++)
		if (b[i].action == a && (b[i].modes & INK_MODE_BIT(mode)) && nth-- == 0)
			return ink_key_label(&b[i], buf, size);
	return NULL;
}

const char *keyline_text(const tui *t, int width, char *buf, size_t size)
{
	size_t len = 0, used = 0;   /* bytes in buf; cells they take */
	if (!buf || size == 0)
		return buf;
	buf[0] = '\0';
	ink_mode mode = keyline_mode(t);
	bool pending = t->keys && ink_preedit(t->keys)[0] != '\0';
	bool entry = ink_entry_waiting(t->keys), from_view = t->vw.editing;
	/* w on a list read from standard input could only say it cannot; Enter
	 * on an entry no text can replace (view --extract) could only refuse. */
	char why[8];   /* only whether: the reason is the status line's */
	ink_action omit = mode == INK_MODE_VIEW && t->vw.list && !vl_can_write(t->vw.list) ? INK_ACT_VIEW_WRITE
		: from_view && !entry && vx_entry_refusal(t->vw.list, t->vw.edit_entry, 0, why, sizeof why) ? INK_ACT_ACCEPT
		: INK_ACT_NONE;
	for (size_t i = 0; i < sizeof items / sizeof items[0]; i++) {
		char key[32], key2[32], keys[72], item[192];
		if (items[i].mode != mode || items[i].action == omit || !nth_key(mode, items[i].action, 0, key, sizeof key))
			continue;
		int pair_nth = items[i].pair == items[i].action ? 1 : 0;
		if (items[i].pair != INK_ACT_NONE && nth_key(mode, items[i].pair, pair_nth, key2, sizeof key2))
			snprintf(keys, sizeof keys, "%s/%s", key, key2);
		else
			snprintf(keys, sizeof keys, "%s", key);
		const char *word = entry && items[i].entry ? items[i].entry
			: pending && items[i].waiting ? items[i].waiting
			: from_view && items[i].from_view ? items[i].from_view : items[i].word;
		word = _(word);
		/* Measured without the isolates added below (they take no cell). */
		size_t cells = (len ? 2 : 0) + rnd_text_cells(keys, strlen(keys)) + 1 + rnd_text_cells(word, strlen(word));
		if (len && used + cells > (size_t)(width > 0 ? width : 0))
			break;
		/* The key names in FSI ... PDI: "C-\\" or "Up/Down" keep their
		 * order in a right-to-left UI. */
		snprintf(item, sizeof item, "%s\u2068%s\u2069 %s", len ? "  " : "", keys, word);
		append(buf, size, &len, item);
		used += cells;
	}
	return buf;
}
