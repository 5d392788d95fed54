/* The way back from a converted document's UTF-8 to its original bytes,
 * kept small: per code point the original bytes to the next one (one byte;
 * 255 when the step is longer or goes back, the next offset then being in
 * the far list), per IXT_ORIG_BLOCK code points the original offset of the
 * first, and per IXT_ORIG_BLOCK UTF-8 bytes the code points before.  About
 * one byte per code point, whatever the charset makes of a byte. */
#include "ixt_internal.h"

#include <stdlib.h>
#include <string.h>

struct ixt_orig {
	uint8_t *step;               /* per code point: original bytes to the next (255: far) */
	uint32_t *block_at;          /* per IXT_ORIG_BLOCK code points: the first one's offset */
	struct { uint32_t cp, at; } *far;   /* code point CP starts at AT; CP ascending */
	size_t n_cps, cap_step, n_blocks, cap_blocks, n_far, cap_far;
	uint32_t last_at;
	uint32_t *cps_before;        /* per IXT_ORIG_BLOCK UTF-8 bytes: code points before */
	size_t c_off, c_cp;          /* cache: UTF-8 offset c_off starts code point c_cp */
	size_t a_cp;                 /* cache: code point a_cp starts at original a_at */
	uint64_t a_at;
};

/* Grows *P (of *CAP items of SIZE bytes) to hold N; 1.5 times at a time. */
static bool grow(void *p, size_t *cap, size_t n, size_t size)
{
	if (n <= *cap)
		return true;
	size_t c = *cap + *cap / 2 + 64;
	void *q = realloc(*(void **)p, c * size);
	if (!q)
		return false;
	*(void **)p = q;
	*cap = c;
	return true;
}

ixt_orig *ixt_orig_new(size_t hint_cps)
{
	ixt_orig *o = calloc(1, sizeof *o);
	if (o && !grow(&o->step, &o->cap_step, hint_cps, 1)) {
		free(o);
		return NULL;
	}
	if (o)
		o->a_cp = SIZE_MAX;                 /* nothing cached yet */
	return o;
}

void ixt_orig_free(ixt_orig *o)
{
	if (!o)
		return;
	free(o->step);
	free(o->block_at);
	free(o->far);
	free(o->cps_before);
	free(o);
}

/* Code point K (the next, or n_cps for the end) starts at original AT. */
static bool start_at(ixt_orig *o, size_t k, uint32_t at)
{
	if (k > 0) {
		if (at >= o->last_at && at - o->last_at < 255) {
			o->step[k - 1] = (uint8_t)(at - o->last_at);
		} else {
			if (!grow(&o->far, &o->cap_far, o->n_far + 1, sizeof *o->far))
				return false;
			o->step[k - 1] = 255;
			o->far[o->n_far].cp = (uint32_t)k;
			o->far[o->n_far++].at = at;
		}
	}
	if (k % IXT_ORIG_BLOCK == 0) {
		if (!grow(&o->block_at, &o->cap_blocks, o->n_blocks + 1, sizeof *o->block_at))
			return false;
		o->block_at[o->n_blocks++] = at;
	}
	o->last_at = at;
	return true;
}

bool ixt_orig_add(ixt_orig *o, uint32_t at)
{
	if (!grow(&o->step, &o->cap_step, o->n_cps + 1, 1) || !start_at(o, o->n_cps, at))
		return false;
	o->step[o->n_cps++] = 0;
	return true;
}

bool ixt_orig_finish(ixt_orig *o, const char *u8, size_t n, uint32_t end)
{
	if (!start_at(o, o->n_cps, end))
		return false;
	size_t n_blocks = n / IXT_ORIG_BLOCK + 1, cp = 0;
	if (!(o->cps_before = malloc(n_blocks * sizeof *o->cps_before)))
		return false;
	for (size_t b = 0; b < n_blocks; b++) {
		o->cps_before[b] = (uint32_t)cp;
		size_t e = (b + 1) * IXT_ORIG_BLOCK < n ? (b + 1) * IXT_ORIG_BLOCK : n;
		for (size_t i = b * IXT_ORIG_BLOCK; i < e; i++)
			cp += ((unsigned char)u8[i] & 0xC0) != 0x80;
	}
	uint8_t *fit = realloc(o->step, o->n_cps ? o->n_cps : 1);
	if (fit)
		o->step = fit, o->cap_step = o->n_cps ? o->n_cps : 1;
	return true;
}

/* The original offset where code point K starts (k <= n_cps). */
static uint64_t cp_at(ixt_orig *o, size_t k)
{
	size_t i = k - k % IXT_ORIG_BLOCK;
	uint64_t at = o->block_at[k / IXT_ORIG_BLOCK];
	if (o->a_cp >= i && o->a_cp <= k)
		i = o->a_cp, at = o->a_at;          /* on from the last one asked about */
	for (; i < k; i++) {
		if (o->step[i] < 255) {
			at += o->step[i];
			continue;
		}
		size_t lo = 0, hi = o->n_far;       /* the far entry of code point i + 1 */
		while (hi - lo > 1) {
			size_t mid = lo + (hi - lo) / 2;
			if (o->far[mid].cp <= i + 1)
				lo = mid;
			else
				hi = mid;
		}
		at = o->far[lo].at;
	}
	o->a_cp = k, o->a_at = at;
	return at;
}

uint64_t ixt_orig_of(ixt_orig *o, const char *u8, size_t n, size_t off)
{
	if (off >= n)
		return cp_at(o, o->n_cps);
	for (int back = 0; back < 3 && off > 0 && ((unsigned char)u8[off] & 0xC0) == 0x80; back++)
		off--;                              /* to the character's first byte */
	size_t from = off - off % IXT_ORIG_BLOCK, cp = o->cps_before[off / IXT_ORIG_BLOCK];
	if (o->c_off >= from && o->c_off <= off)
		from = o->c_off, cp = o->c_cp;
	for (size_t i = from; i < off; i++)
		cp += ((unsigned char)u8[i] & 0xC0) != 0x80;
	o->c_off = off, o->c_cp = cp;
	return cp_at(o, cp < o->n_cps ? cp : o->n_cps);
}

size_t ixt_orig_u8_at(ixt_orig *o, const char *u8, size_t n, uint64_t at)
{
	size_t i = 0;
	for (size_t cp = 0; cp < o->n_cps && cp_at(o, cp) < at; cp++) {
		i++;
		while (i < n && ((unsigned char)u8[i] & 0xC0) == 0x80)
			i++;
	}
	return i < n ? i : n;
}
