#include "ixt_internal.h"
ixt_result ixt_read_markdown(ixt_ctx *x) { (void)x; return IXT_OK; }
