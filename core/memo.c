/* A bounded, direct-mapped cache of byte strings (see memo.h). */
#include <stdlib.h>
#include <string.h>

#include "memo.h"

/* 32 bytes: a set of two is one 64-byte cache line (memo_make_slots
 * aligns the table), so a lookup reads one line before the key's bytes. */
typedef struct {
	_Alignas(32) uint64_t hash;   /* 0: empty */
	char *bytes;                  /* key then value; alloc_bytes long */
	uint16_t key_bytes, value_bytes, alloc_bytes;
	uint8_t kind;
} memo_slot;

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
	m->slot = aligned_alloc(IRI_MEMO_WAYS * sizeof *m->slot, bytes);
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

/* The slot of set for (h, kind, key): its own if it is there, else an empty
 * one, else the older entry's (the last way), emptied and moved to the
 * front, the others moving back: the newest entry is always first. */
static memo_slot *slot_for(memo_slot *set, uint64_t h, iri_memo_kind kind, const char *key, size_t key_bytes)
{
	for (size_t w = 0; w < IRI_MEMO_WAYS; w++)
		if (slot_holds(&set[w], h, kind, key, key_bytes) || !set[w].hash)
			return &set[w];
	memo_slot oldest = set[IRI_MEMO_WAYS - 1];
	memmove(&set[1], &set[0], (IRI_MEMO_WAYS - 1) * sizeof *set);
	set[0] = oldest;   /* its bytes are reused below */
	set[0].hash = 0;
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
	memo_slot *s = slot_for(memo_set(m, h), h, kind, key, key_bytes);
	size_t need = key_bytes + value_bytes ? key_bytes + value_bytes : 1;
	if (need > s->alloc_bytes) {
		if (m->allocated_bytes - s->alloc_bytes + need > IRI_MEMO_BUDGET_BYTES)
			return false;   /* the old entry stays */
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

void iri_memo_stats(const iri_memo *m, uint64_t *hits, uint64_t *lookups)
{
	*hits = m ? m->hits : 0;
	*lookups = m ? m->lookups : 0;
}
