/* Invariants of the engine, checked on arbitrary input.
 *
 * Shared by the libFuzzer targets (tests/fuzz/fuzz_*.c, one inv_* call each)
 * and by tests/test_fuzz_regressions.c, which replays every saved crash
 * through all of them in the normal test suite (inv_all).  The checks are in
 * groups: inv_base.h (reporting, what they share), inv_map.h (parse, to-uri,
 * to-iri), inv_check.h (check and its quick lane, hosts, resolve, compare)
 * and inv_ui.h (render, the edit buffer, keys). */
#ifndef IRIE_FUZZ_INVARIANTS_H
#define IRIE_FUZZ_INVARIANTS_H

#include "inv_base.h"
#include "inv_map.h"
#include "inv_check.h"
#include "inv_ui.h"

static inline void inv_all(const uint8_t *data, size_t len)
{
	inv_parse(data, len);
	inv_to_uri(data, len);
	inv_to_iri(data, len);
	inv_check(data, len);
	inv_host(data, len);
	inv_resolve(data, len);
	inv_compare(data, len);
	inv_render(data, len);
	inv_edit(data, len);
#ifdef INV_HAVE_KEYS
	inv_keys(data, len);
#endif
}

#endif
