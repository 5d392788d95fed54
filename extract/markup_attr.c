#include "ixt_internal.h"
