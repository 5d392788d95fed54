/* libFuzzer target: iri_host_analyse / iri_host_diagnose: forms UTF-8 / ASCII, ZLD round trip.
 * The invariants are in invariants.h (shared with test_fuzz_regressions). */
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	inv_host(data, size);
	return 0;
}
