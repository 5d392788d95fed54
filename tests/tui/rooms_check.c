/* rooms_check: walks the binding table against the rooms.  For every stack
 * of rooms the editor can show (editor or viewer, with teach, search, help
 * or the menu on top), every action the mode on top produces must have a
 * row in some room of that stack, except the editing keys under teach over
 * the viewer (a read-only line: the status line says they do nothing).
 * And every row of a mode's own room must be an action that mode produces
 * (a row for an action the decoder never sends there is dead); and the
 * actions of help, the menu and search that the common room does not take
 * must be rows of their own room (not passed down).  Only real rows count
 * (rooms_handles walks the rows; a room has no catch-all).  Exit 0 when all
 * hold; each failure is printed. */
#include <stdio.h>
#include <string.h>

#include "ink_bindings.h"
#include "tui_state.h"

static int failures;

static bool bound_in(ink_mode m, ink_action a)
{
	size_t n;
	const ink_binding *b = ink_bindings(&n);
	for (size_t i = 0; i < n; i++)
		if (b[i].action == a && (b[i].modes & INK_MODE_BIT(m)))
			return true;
	return false;
}

static void check_stack_over(const char *name, const room *base, const room *over_base, bool teach, bool search,
	const room *overlay)
{
	tui t;
	memset(&t, 0, sizeof t);
	t.scr.base = base;
	t.scr.over_base = over_base;
	t.scr.teach = teach;
	t.scr.search = search;
	t.scr.overlay = overlay;
	ink_mode m = rooms_mode(&t);
	size_t handled = 0, nothing = 0;
	for (int a = INK_ACT_NONE + 1; a < INK_ACT_COUNT; a++) {
		bool produced = bound_in(m, (ink_action)a) || a == INK_ACT_RESIZE || a == INK_ACT_MOUSE;
		if (!produced)
			continue;
		if (rooms_handles(&t, (ink_action)a)) {
			handled++;
			continue;
		}
		/* Teach over the viewer: keys that edit, with nothing to edit. */
		if (base == &room_view && teach && !bound_in(INK_MODE_VIEW, (ink_action)a)) {
			nothing++;
			continue;
		}
		printf("FAIL %s (mode %s): %s has no row\n", name, ink_mode_name(m), ink_action_name((ink_action)a));
		failures++;
	}
	printf("%-22s mode %-6s %zu actions handled, %zu say they do nothing\n", name, ink_mode_name(m), handled, nothing);
}

static void check_stack(const char *name, const room *base, bool teach, bool search, const room *overlay)
{
	check_stack_over(name, base, NULL, teach, search, overlay);
}

static void check_rows(const char *name, const room *r, ink_mode m1, ink_mode m2)
{
	for (size_t i = 0; i < r->n_rows; i++) {
		ink_action a = r->rows[i].action;
		if (!bound_in(m1, a) && !bound_in(m2, a)) {
			printf("FAIL room %s: row %s is bound in neither %s nor %s\n", name, ink_action_name(a),
				ink_mode_name(m1), ink_mode_name(m2));
			failures++;
		}
	}
}

static bool has_row(const room *r, ink_action a)
{
	for (size_t i = 0; i < r->n_rows; i++)
		if (r->rows[i].action == a)
			return true;
	return false;
}

/* Every action bound in mode m has a row in r, or in the common room. */
static void check_own(const char *name, const room *r, ink_mode m)
{
	size_t own = 0;
	for (int a = INK_ACT_NONE + 1; a < INK_ACT_COUNT; a++) {
		if (!bound_in(m, (ink_action)a) || has_row(&room_common, (ink_action)a))
			continue;
		if (!has_row(r, (ink_action)a)) {
			printf("FAIL room %s: %s (bound in %s) has no row\n", name, ink_action_name((ink_action)a),
				ink_mode_name(m));
			failures++;
		}
		own++;
	}
	if (own == 0) {
		printf("FAIL room %s: no action of its own\n", name);
		failures++;
	}
	printf("%-22s mode %-6s %zu actions of its own\n", name, ink_mode_name(m), own);
}

int main(void)
{
	check_stack("editor", &room_edit, false, false, NULL);
	check_stack("teach/editor", &room_edit, true, false, NULL);
	check_stack("search/editor", &room_edit, false, true, NULL);
	check_stack("search/teach/editor", &room_edit, true, true, NULL);
	check_stack("viewer", &room_view, false, false, NULL);
	check_stack("teach/viewer", &room_view, true, false, NULL);
	check_stack("help/editor", &room_edit, false, false, &room_help);
	check_stack("help/viewer", &room_view, true, false, &room_help);
	check_stack("menu/editor", &room_edit, true, false, &room_menu);
	check_stack("menu/search/editor", &room_edit, false, true, &room_menu);
	check_stack("prompt/viewer", &room_view, false, true, NULL);
	check_stack_over("editing/viewer", &room_edit, &room_view_edit, false, false, NULL);
	check_stack_over("teach/editing/viewer", &room_edit, &room_view_edit, true, false, NULL);
	check_stack_over("search/editing/viewer", &room_edit, &room_view_edit, false, true, NULL);
	check_rows("edit", &room_edit, INK_MODE_EDIT, INK_MODE_TEACH);
	check_rows("view", &room_view, INK_MODE_VIEW, INK_MODE_TEACH);
	check_rows("teach", &room_teach, INK_MODE_TEACH, INK_MODE_TEACH);
	check_rows("menu", &room_menu, INK_MODE_MENU, INK_MODE_MENU);
	check_rows("search", &room_search, INK_MODE_SEARCH, INK_MODE_SEARCH);
	check_rows("view prompt", &room_view_prompt, INK_MODE_SEARCH, INK_MODE_SEARCH);
	check_rows("view edit", &room_view_edit, INK_MODE_EDIT, INK_MODE_TEACH);
	check_rows("help", &room_help, INK_MODE_HELP, INK_MODE_HELP);
	check_own("help", &room_help, INK_MODE_HELP);
	check_own("menu", &room_menu, INK_MODE_MENU);
	check_own("search", &room_search, INK_MODE_SEARCH);
	check_own("view prompt", &room_view_prompt, INK_MODE_SEARCH);
	printf("%s\n", failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
