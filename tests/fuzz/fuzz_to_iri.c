/* libFuzzer target: iri_to_iri with and without a legacy charset: no new bidi controls, URI round trip.
 * The invariants are in invariants.h (shared with test_fuzz_regressions). */
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	inv_to_iri(data, size);
	return 0;
}
