/* Prints input/'s binding table for tests/doc/test_keys.py: one line per
 * binding and mode, "MODE<TAB>LABEL<TAB>ACTION<TAB>HELP", in table order
 * (the names of ink_mode_name, ink_key_label, ink_action_name and the
 * English help msgid). */
#include <stdio.h>

#include "ink_bindings.h"

int main(void)
{
	size_t n;
	const ink_binding *b = ink_bindings(&n);
	for (int m = 0; m < INK_MODE_COUNT; m++) {
		for (size_t i = 0; i < n; i++) {
			char label[32];
			const char *help = ink_binding_help(&b[i]);
			if (!(b[i].modes & INK_MODE_BIT(m)))
				continue;
			printf("%s\t%s\t%s\t%s\n", ink_mode_name((ink_mode)m), ink_key_label(&b[i], label, sizeof label),
				ink_action_name(b[i].action), help ? help : "");
		}
	}
	return ferror(stdout) ? 1 : 0;
}
