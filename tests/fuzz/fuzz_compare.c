/* libFuzzer target: the RFC 3987 5.3 comparison ladder on three IRIs: each
 * level an equivalence (reflexive, symmetric, syntax level transitive), SIMPLE
 * byte equality.  The invariants are in invariants.h. */
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	inv_compare(data, size);
	return 0;
}
