/* gettext for app/: the only place text is translated. */
#ifndef IRIE_I18N_H
#define IRIE_I18N_H

#include <libintl.h>

#define _(s) gettext(s)
#define N_(s) (s)

#endif
