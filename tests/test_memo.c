/* The memo (core/memo.c) and the results that go through it: a host's
 * findings and UTS #46 forms must be the same whether worked out afresh or
 * replayed from the memo, wherever the host stands in the IRI. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "iri.h"
#include "memo.h"
#include "tcheck.h"

static void test_memo_store(void)
{
	iri_memo *m = iri_memo_new();
	size_t n = 0;
	CHECK(m != NULL, "memo allocated");
	CHECK(iri_memo_get(m, IRI_MEMO_TO_ASCII, "a", 1, &n) == NULL, "empty memo has nothing");
	CHECK(iri_memo_put(m, IRI_MEMO_TO_ASCII, "bücher", 7, "xn--bcher-kva", 13), "stored");
	const char *v = iri_memo_get(m, IRI_MEMO_TO_ASCII, "bücher", 7, &n);
	CHECK(v && n == 13 && memcmp(v, "xn--bcher-kva", 13) == 0, "value back");
	/* Kinds are separate, and so are keys that are prefixes of each other. */
	CHECK(iri_memo_get(m, IRI_MEMO_TO_UNICODE, "bücher", 7, &n) == NULL, "other kind");
	CHECK(iri_memo_get(m, IRI_MEMO_TO_ASCII, "bücher", 6, &n) == NULL, "prefix key");
	/* An empty key and an empty value are values like any other. */
	CHECK(iri_memo_put(m, IRI_MEMO_HOST_DIAGS, "", 0, "", 0), "empty stored");
	CHECK(iri_memo_get(m, IRI_MEMO_HOST_DIAGS, "", 0, &n) != NULL && n == 0, "empty back");
	/* Over the caps: not stored, and nothing found. */
	char big[IRI_MEMO_MAX_VALUE_BYTES + 2];
	memset(big, 'x', sizeof big);
	CHECK(!iri_memo_put(m, IRI_MEMO_TO_ASCII, big, IRI_MEMO_MAX_KEY_BYTES + 1, "v", 1), "key cap");
	CHECK(iri_memo_get(m, IRI_MEMO_TO_ASCII, big, IRI_MEMO_MAX_KEY_BYTES + 1, &n) == NULL, "key cap get");
	CHECK(!iri_memo_put(m, IRI_MEMO_TO_ASCII, "k", 1, big, sizeof big), "value cap");
	/* Many more keys than slots: every lookup is right or a miss, never
	 * another key's value; and the latest two keys are always there (two
	 * ways: the one before is put out only by a third in its set). */
	int wrong = 0, misses = 0;
	char key[32], val[32], prev[32] = "";
	int prev_n = 0;
	for (int i = 0; i < 4 * IRI_MEMO_SLOTS; i++) {
		int kn = snprintf(key, sizeof key, "host%d.example", i);
		int vn = snprintf(val, sizeof val, "value %d", i);
		iri_memo_put(m, IRI_MEMO_TO_ASCII, key, (size_t)kn, val, (size_t)vn);
		v = iri_memo_get(m, IRI_MEMO_TO_ASCII, key, (size_t)kn, &n);
		CHECK(v && n == (size_t)vn && memcmp(v, val, n) == 0, "latest key %d", i);
		CHECK(i == 0 || iri_memo_get(m, IRI_MEMO_TO_ASCII, prev, (size_t)prev_n, &n) != NULL,
			"key %d put out by key %d", i - 1, i);
		memcpy(prev, key, (size_t)kn + 1);
		prev_n = kn;
	}
	for (int i = 0; i < 4 * IRI_MEMO_SLOTS; i++) {
		int kn = snprintf(key, sizeof key, "host%d.example", i);
		int vn = snprintf(val, sizeof val, "value %d", i);
		v = iri_memo_get(m, IRI_MEMO_TO_ASCII, key, (size_t)kn, &n);
		if (!v)
			misses++;
		else if (n != (size_t)vn || memcmp(v, val, n) != 0)
			wrong++;
	}
	CHECK(wrong == 0, "%d lookups gave another key's value", wrong);
	CHECK(misses > 0 && misses < 4 * IRI_MEMO_SLOTS, "bounded: %d misses", misses);
	/* The byte budget: values of the largest size into every slot would
	 * take twice the budget, so later puts are refused, and each
	 * refused key is absent (not half-stored) while stored ones read back. */
	static char value[IRI_MEMO_MAX_VALUE_BYTES];
	int stored = 0, refused = 0, bad_refusal = 0;
	for (int i = 0; i < IRI_MEMO_SLOTS; i++) {
		int kn = snprintf(key, sizeof key, "big%d", i);
		memset(value, 'a' + i % 26, sizeof value);
		if (iri_memo_put(m, IRI_MEMO_HOST_DIAGS, key, (size_t)kn, value, sizeof value)) {
			stored++;
			v = iri_memo_get(m, IRI_MEMO_HOST_DIAGS, key, (size_t)kn, &n);
			CHECK(v && n == sizeof value && v[0] == 'a' + i % 26, "big value %d back", i);
		} else {
			refused++;
			bad_refusal += iri_memo_get(m, IRI_MEMO_HOST_DIAGS, key, (size_t)kn, &n) != NULL;
		}
	}
	int present = 0;
	for (int i = 0; i < IRI_MEMO_SLOTS; i++) {
		int kn = snprintf(key, sizeof key, "big%d", i);
		present += iri_memo_get(m, IRI_MEMO_HOST_DIAGS, key, (size_t)kn, &n) != NULL;
	}
	CHECK(refused > 0 && present > 0 && (size_t)present * sizeof value <= IRI_MEMO_BUDGET_BYTES,
		"budget: %d stored, %d refused, %d present", stored, refused, present);
	CHECK(bad_refusal == 0, "%d refused keys found", bad_refusal);
	uint64_t hits, lookups;
	iri_memo_stats(m, &hits, &lookups);
	CHECK(hits > 0 && hits <= lookups, "stats %llu/%llu", (unsigned long long)hits,
		(unsigned long long)lookups);
	iri_memo_free(m);
	iri_memo_free(NULL);
}

static bool has(iri_memo *m, const char *key)
{
	size_t n;
	return iri_memo_get(m, IRI_MEMO_TO_ASCII, key, strlen(key), &n) != NULL;
}

static bool put(iri_memo *m, const char *key, size_t value_bytes)
{
	static const char value[IRI_MEMO_MAX_VALUE_BYTES];
	return iri_memo_put(m, IRI_MEMO_TO_ASCII, key, strlen(key), value, value_bytes);
}

/* Keys in one set (iri_memo_set_of): a full set puts out its oldest, a key
 * put again counts as new and is not stored twice, and a put the budget
 * refuses leaves the set as it was. */
static void test_memo_sets(void)
{
	char key[4][32];
	size_t found = 0, set = iri_memo_set_of(IRI_MEMO_TO_ASCII, "host0.example", 13);
	for (int i = 0; found < 4 && i < 1000000; i++) {
		int kn = snprintf(key[found], sizeof key[found], "host%d.example", i);
		found += iri_memo_set_of(IRI_MEMO_TO_ASCII, key[found], (size_t)kn) == set;
	}
	CHECK(found == 4, "only %zu keys in set %zu", found, set);
	if (found < 4)
		return;
	iri_memo *m = iri_memo_new();
	put(m, key[0], 4);
	put(m, key[1], 4);
	put(m, key[2], 4);
	CHECK(!has(m, key[0]) && has(m, key[1]) && has(m, key[2]), "the oldest of three goes");
	put(m, key[1], 5);   /* again: now the newest */
	put(m, key[3], 4);
	CHECK(has(m, key[1]) && !has(m, key[2]) && has(m, key[3]), "a key put again is the newest");
	iri_memo_free(m);
	/* The budget full, a big entry in the set is refused and both stay. */
	m = iri_memo_new();
	put(m, key[0], 4);
	put(m, key[1], 4);
	char big[32];
	for (int i = 0; i < 4 * IRI_MEMO_SLOTS; i++) {
		int kn = snprintf(big, sizeof big, "big%d", i);
		if (iri_memo_set_of(IRI_MEMO_TO_ASCII, big, (size_t)kn) != set && !put(m, big, IRI_MEMO_MAX_VALUE_BYTES))
			break;
	}
	CHECK(!put(m, key[2], IRI_MEMO_MAX_VALUE_BYTES), "a big entry over the budget stored");
	CHECK(has(m, key[0]) && has(m, key[1]), "a refused put emptied its set");
	iri_memo_free(m);
}

/* Hosts with findings of every kind iri_host_diagnose() makes, each put in
 * front of different prefixes so the replayed spans must move. */
static const char *const hosts[] = {
	"xn--bcher-kva.example",            /* ACE_LABEL with its U-label */
	"xn--80ak6aa92e.com",                /* CONFUSABLE: Cyrillic "apple" */
	"p\xd0\xb0ypal.com",                 /* MIXED_SCRIPT / CONFUSABLE */
	"b%C3%BCcher.example",               /* PERCENT_ENCODED_HOST */
	"xn--a.example",                     /* BAD_IDN (punycode) */
	"a\xe2\x80\x8d" "b.example",         /* BAD_IDN (joiner) */
	"\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d" "1a.example",   /* BAD_IDN (bidi) */
	"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9.de", /* label > 63 */
	"b\xc3\xbc" "cher.example",          /* no finding at all */
};
static const char *const prefixes[] = { "http://", "https://user@", "ftp://u:p@", "//" };

/* One finding as text, for comparing lists. */
static void describe(const iri_diag *g, char *out, size_t n)
{
	snprintf(out, n, "%s %s %zu-%zu/%zu-%zu %lld [%s]", iri_diag_code_name(g->code),
		iri_component_name(g->component), g->byte_start, g->byte_end, g->cp_start, g->cp_end,
		(long long)g->detail, g->suggestion ? g->suggestion : "(none)");
}

static void same_findings(const iri_diags *a, const iri_diags *b, const char *iri)
{
	CHECK(iri_diags_count(a) == iri_diags_count(b), "%zu findings cold, %zu warm: %s",
		iri_diags_count(a), iri_diags_count(b), iri);
	for (size_t i = 0; i < iri_diags_count(a) && i < iri_diags_count(b); i++) {
		char da[512], db[512];
		describe(iri_diags_get(a, i), da, sizeof da);
		describe(iri_diags_get(b, i), db, sizeof db);
		CHECK_STR(db, da, "finding %zu of %s", i, iri);
	}
}

static void test_replay(void)
{
	iri_ctx *warm = iri_ctx_new(NULL);
	iri_diags *dc = iri_diags_new(), *dw = iri_diags_new();
	iri_buf uc, uw;
	iri_buf_init(&uc);
	iri_buf_init(&uw);
	int with_host_findings = 0;
	/* Twice round, so the second round hits the memo for every host. */
	for (int round = 0; round < 2; round++) {
		for (size_t h = 0; h < sizeof hosts / sizeof hosts[0]; h++) {
			for (size_t p = 0; p < sizeof prefixes / sizeof prefixes[0]; p++) {
				char iri[512];
				snprintf(iri, sizeof iri, "%s%s/p\xc3\xa4th?q#f", prefixes[p], hosts[h]);
				size_t len = strlen(iri);
				iri_ctx *cold = iri_ctx_new(NULL);
				iri_check(cold, iri, len, NULL, dc);
				iri_check(warm, iri, len, NULL, dw);
				same_findings(dc, dw, iri);
				for (size_t i = 0; round == 0 && i < iri_diags_count(dc); i++)
					with_host_findings += iri_diags_get(dc, i)->component == IRI_COMP_HOST;
				iri_to_uri(cold, iri, len, NULL, &uc);
				iri_to_uri(warm, iri, len, NULL, &uw);
				CHECK(uc.len == uw.len && (uc.len == 0 || memcmp(uc.data, uw.data, uc.len) == 0),
					"to-uri cold %s warm %s", uc.data, uw.data);
				iri_ctx_free(cold);
			}
		}
	}
	/* The table must exercise the replay: most rows have host findings. */
	CHECK(with_host_findings >= 24, "%d host findings in the table", with_host_findings);
	iri_buf_fini(&uc);
	iri_buf_fini(&uw);
	iri_diags_free(dc);
	iri_diags_free(dw);
	iri_ctx_free(warm);
}

int main(void)
{
	test_memo_store();
	test_memo_sets();
	test_replay();
	printf("%d checks, %d failed\n", tcheck_run, tcheck_failed);
	return tcheck_failed ? 1 : 0;
}
