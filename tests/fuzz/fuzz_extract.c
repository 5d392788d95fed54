/* libFuzzer target: extract/ on any bytes.  The first byte chooses the
 * document type and the charset option, the rest is the document, read
 * from memory and, for the types read as a stream, through a FILE.  Every
 * IRI and diagnostic is checked against extract.h's promises
 * (tests/extract/ixt_invariants.h, shared with the extract tests, which
 * replay tests/fuzz/corpus/extract through the same checks). */
#include "ixt_invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	ixt_ctx *x = ixt_new();
	if (x)
		ixt_inv_run(x, data, size);
	ixt_free(x);
	return 0;
}
