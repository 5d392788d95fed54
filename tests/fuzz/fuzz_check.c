/* libFuzzer target: iri_check: diagnostic spans, code point offsets, severities, the cap.
 * The invariants are in invariants.h (shared with test_fuzz_regressions). */
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	inv_check(data, size);
	return 0;
}
