/* libFuzzer target: the edit buffer driven by an op script: UTF-8 text, cursor, undo-all/redo-all.
 * The invariants are in invariants.h (shared with test_fuzz_regressions). */
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	inv_edit(data, size);
	return 0;
}
