/* libFuzzer target: iri_parse in both modes: spans, code point offsets, error position.
 * The invariants are in invariants.h (shared with test_fuzz_regressions). */
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	inv_parse(data, size);
	return 0;
}
