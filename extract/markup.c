#include "ixt_internal.h"
ixt_result ixt_read_markup(ixt_ctx *x, bool html) { (void)x; (void)html; return IXT_OK; }
