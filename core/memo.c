/* A bounded, two-way set-associative cache of byte strings (see memo.h). */
#include <stdlib.h>
#include <string.h>

#include "memo.h"

/* A cache line, and the table's alignment. */
#define MEMO_LINE_BYTES 64

/* 32 bytes: a set of two is one cache line (memo_make_slots aligns the
 * table), so a lookup reads one line before the key's bytes. */
typedef struct {
	_Alignas(32) uint64_t hash;   /* 0: empty */
	char *bytes;                  /* key then value; alloc_bytes long */
	uint16_t key_bytes, value_bytes, alloc_bytes;
	uint8_t kind;
} memo_slot;
_Static_assert(IRI_MEMO_WAYS * sizeof(memo_slot) == MEMO_LINE_BYTES, "a set is one cache line");
_Static_assert((IRI_MEMO_SETS & (IRI_MEMO_SETS - 1)) == 0, "sets: a power of two");

struct iri_memo {
	memo_slot *slot;              /* IRI_MEMO_SLOTS of them, set by set; made by the first put */
	size_t allocated_bytes;       /* sum of the slots' alloc_bytes */
	uint64_t hits, lookups;
};

/* Eight key bytes a round, multiplied and folded (a hosts-sized key takes
 * three rounds, not twenty byte steps); never 0, which marks an empty slot. */
static uint64_t memo_hash(iri_memo_kind kind, const char *key, size_t key_bytes)
{
	const uint64_t mul = UINT64_C(0x9E3779B97F4A7C15);   /* 2^64 / the golden ratio */
	uint64_t h = (uint64_t)key_bytes * mul ^ (uint64_t)kind;
	size_t i = 0;
	for (; key_bytes - i >= 8; i += 8) {
		uint64_t w;
		memcpy(&w, key + i, 8);
		h = (h ^ w) * mul;
		h ^= h >> 29;
	}
	if (i < key_bytes) {
		uint64_t w = 0;
		memcpy(&w, key + i, key_bytes - i);
		h = (h ^ w) * mul;
		h ^= h >> 29;
	}
	h = (h ^ (h >> 32)) * mul;
	h ^= h >> 29;
	return h ? h : 1;
}

iri_memo *iri_memo_new(void)
{
	/* The slots (256 KiB) come with the first entry: a run that never
	 * stores one (a start, to-uri of ASCII hosts) does not fault them in. */
	return calloc(1, sizeof(iri_memo));
}

/* The slots, every page written once now: slots are hit at random, and a
 * page first read (the kernel's shared zero page) then written faults twice
 * -- with threads the second fault stops every CPU to flush its TLB. */
static bool memo_make_slots(iri_memo *m)
{
	size_t bytes = IRI_MEMO_SLOTS * sizeof *m->slot;
	m->slot = aligned_alloc(MEMO_LINE_BYTES, bytes);
	if (!m->slot)
		return false;
	memset(m->slot, 0, bytes);
	return true;
}

/* The set of slots for hash h (IRI_MEMO_WAYS of them). */
static memo_slot *memo_set(const iri_memo *m, uint64_t h)
{
	return &m->slot[(h & (IRI_MEMO_SETS - 1)) * IRI_MEMO_WAYS];
}

static bool slot_holds(const memo_slot *s, uint64_t h, iri_memo_kind kind, const char *key, size_t key_bytes)
{
	return s->hash == h && s->kind == (uint8_t)kind && s->key_bytes == key_bytes &&
		memcmp(s->bytes, key, key_bytes) == 0;
}

void iri_memo_free(iri_memo *m)
{
	if (!m)
		return;
	for (size_t i = 0; m->slot && i < IRI_MEMO_SLOTS; i++)
		free(m->slot[i].bytes);
	free(m->slot);
	free(m);
}

const char *iri_memo_get(iri_memo *m, iri_memo_kind kind, const char *key, size_t key_bytes,
	size_t *value_bytes)
{
	if (!m || key_bytes > IRI_MEMO_MAX_KEY_BYTES)
		return NULL;
	m->lookups++;
	if (!m->slot)
		return NULL;
	uint64_t h = memo_hash(kind, key, key_bytes);
	const memo_slot *set = memo_set(m, h);
	for (size_t w = 0; w < IRI_MEMO_WAYS; w++) {
		if (slot_holds(&set[w], h, kind, key, key_bytes)) {
			m->hits++;
			*value_bytes = set[w].value_bytes;
			return set[w].bytes + key_bytes;
		}
	}
	return NULL;
}

/* The slot of set for (h, kind, key), moved to the front with the others
 * behind it in their order, so that the newest entry is first and a full
 * set's last is its oldest: the key's own slot if it is there, else an empty
 * one, else the oldest.  NULL, and nothing changed, if that slot's bytes
 * cannot take need more within the budget (the entries there stay). */
static memo_slot *slot_for(iri_memo *m, memo_slot *set, uint64_t h, iri_memo_kind kind, const char *key,
	size_t key_bytes, size_t need)
{
	size_t w = 0;
	while (w < IRI_MEMO_WAYS && !slot_holds(&set[w], h, kind, key, key_bytes))
		w++;
	for (size_t e = 0; w == IRI_MEMO_WAYS && e < IRI_MEMO_WAYS; e++)
		if (!set[e].hash)
			w = e;
	if (w == IRI_MEMO_WAYS)
		w = IRI_MEMO_WAYS - 1;
	if (need > set[w].alloc_bytes && m->allocated_bytes - set[w].alloc_bytes + need > IRI_MEMO_BUDGET_BYTES)
		return NULL;
	memo_slot chosen = set[w];
	memmove(&set[1], &set[0], w * sizeof *set);
	set[0] = chosen;
	return &set[0];
}

bool iri_memo_put(iri_memo *m, iri_memo_kind kind, const char *key, size_t key_bytes,
	const char *value, size_t value_bytes)
{
	/* (The caps also keep the sizes within the slots' 16 bits.) */
	if (!m || key_bytes > IRI_MEMO_MAX_KEY_BYTES || value_bytes > IRI_MEMO_MAX_VALUE_BYTES)
		return false;
	if (!m->slot && !memo_make_slots(m))
		return false;
	uint64_t h = memo_hash(kind, key, key_bytes);
	size_t need = key_bytes + value_bytes ? key_bytes + value_bytes : 1;
	memo_slot *s = slot_for(m, memo_set(m, h), h, kind, key, key_bytes, need);
	if (!s)
		return false;   /* over the budget: the old entries stay */
	if (need > s->alloc_bytes) {
		char *grown = realloc(s->bytes, need);
		if (!grown) {
			s->hash = 0;   /* the old entry stays intact, but is dropped for the new key's sake */
			return false;
		}
		m->allocated_bytes += need - s->alloc_bytes;
		s->bytes = grown;
		s->alloc_bytes = (uint16_t)need;
	}
	if (key_bytes)
		memcpy(s->bytes, key, key_bytes);
	if (value_bytes)
		memcpy(s->bytes + key_bytes, value, value_bytes);
	s->hash = h;
	s->kind = (uint8_t)kind;
	s->key_bytes = (uint16_t)key_bytes;
	s->value_bytes = (uint16_t)value_bytes;
	return true;
}

size_t iri_memo_set_of(iri_memo_kind kind, const char *key, size_t key_bytes)
{
	return (size_t)(memo_hash(kind, key, key_bytes) & (IRI_MEMO_SETS - 1));
}

void iri_memo_stats(const iri_memo *m, uint64_t *hits, uint64_t *lookups)
{
	*hits = m ? m->hits : 0;
	*lookups = m ? m->lookups : 0;
}
