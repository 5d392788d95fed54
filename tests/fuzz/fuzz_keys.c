/* libFuzzer target: the key decoder driving an edit buffer: event text, paste text, buffer state.
 * The invariants are in invariants.h (shared with test_fuzz_regressions). */
#define INV_HAVE_KEYS 1
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	inv_keys(data, size);
	return 0;
}
