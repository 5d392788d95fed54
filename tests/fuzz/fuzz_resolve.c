/* libFuzzer target: iri_resolve and iri_compare: schemes kept, deterministic, compare reflexive and symmetric.
 * The invariants are in invariants.h (shared with test_fuzz_regressions). */
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	inv_resolve(data, size);
	return 0;
}
