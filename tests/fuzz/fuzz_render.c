/* libFuzzer target: rnd_display_build with shaping on/off: maps inverse, cells safe and consistent.
 * The invariants are in invariants.h (shared with test_fuzz_regressions). */
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	inv_render(data, size);
	return 0;
}
