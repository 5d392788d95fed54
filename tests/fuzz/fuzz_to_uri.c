/* libFuzzer target: iri_to_uri in every host mode, NFC on/off: ASCII, idempotent, valid URI, offsets.
 * The invariants are in invariants.h (shared with test_fuzz_regressions). */
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	inv_to_uri(data, size);
	return 0;
}
