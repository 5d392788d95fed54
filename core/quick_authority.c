/* The quick lane's split of an authority (quick_authority.h): a DNS name
 * of letters, digits, "-" and "." in one look at 32 bytes (iri_run_ldh);
 * anything else in one walk over the bytes that end or split it
 * (IRI_RUN_AUTHORITY), which visits only those, a block of sixteen bytes
 * classified at a time. */
#include "iri_host.h"
#include "iri_run.h"
#include "quick_authority.h"

/* An RFC 1034 3.1 label of 1 to 63 bytes; "xn--" labels are the full
 * path's (ACE_LABEL, BAD_IDN). */
static bool plain_label(const uint8_t *s, size_t n)
{
	return n > 0 && n <= IRI_DNS_LABEL_MAX_BYTES &&
	       !(n >= 4 && (s[0] | 0x20) == 'x' && (s[1] | 0x20) == 'n' && s[2] == '-' && s[3] == '-');
}

/* plain_dns_name of a name of fewer than 32 bytes whose dots are known:
 * bit k of dots for s[k]. */
static bool plain_dns_name_dots(const uint8_t *s, size_t len, uint32_t dots)
{
	if (len > 0 && s[len - 1] == '.')
		dots &= ~((uint32_t)1 << --len);   /* the root */
	if (len == 0)
		return false;
	for (size_t label = 0;; dots &= dots - 1) {
		size_t i = dots ? (size_t)__builtin_ctz(dots) : len;
		if (!plain_label(s + label, i - label))
			return false;
		if (!dots)
			return true;
		label = i + 1;
	}
}

void iri_quick_split_authority(const uint8_t *s, size_t a, size_t len, iri_quick_authority *au)
{
	au->at = 0;
	au->userinfo_colon = false;
	/* Most authorities are a short name of letters, digits, "-" and ".",
	 * then "/", "?" or "#": found in one look at 32 bytes. */
	iri_run_ldh_marks m;
	size_t n = iri_run_ldh(s, a, len, IRI_RUN_FASTEST, &m);
	if (n < IRI_RUN_LDH_BYTES && a + n < len && (s[a + n] == '/' || s[a + n] == '?' || s[a + n] == '#')) {
		au->end = au->host_end = a + n;
		au->host_ascii = true;
		/* Fewer than 32 bytes: the RFC 1034 lengths hold.  No empty label
		 * (no "." first, none after another) and no "--" anywhere (so no
		 * "xn--" label): plain at a glance; else label by label. */
		au->host_dns = n > 0 && !(m.dots & 1) && !(m.dots & m.dots >> 1) &&
		               (!(m.hyphens & m.hyphens >> 1) || plain_dns_name_dots(s + a, n, m.dots));
		return;
	}
	/* Since the last "@" (or a): where the host starts, its first ":",
	 * where its last label starts, whether all its labels so far are
	 * plain and its bytes ipath's ASCII. */
	size_t hs = a, colon = 0, label = a;
	bool labels_plain = true, ascii = true;
	iri_run r;
	iri_run_init_kind(&r, s, len, IRI_RUN_AUTHORITY, IRI_RUN_FASTEST);
	size_t i = iri_run_next(&r, a);
	for (; i < len; i = iri_run_next(&r, i + 1)) {
		switch (s[i]) {
		case '/': case '?': case '#':
			goto end;                /* RFC 3986 3.2: the authority's end */
		case '@':
			au->at = i;              /* the userinfo ends at the last one */
			au->userinfo_colon |= colon != 0;
			colon = 0;
			hs = label = i + 1;
			labels_plain = ascii = true;
			break;
		case ':':
			if (!colon)
				colon = i;
			break;
		case '.':
			if (!colon) {
				labels_plain &= plain_label(s + label, i - label);
				label = i + 1;
			}
			break;
		default:
			/* Non-ASCII (its run passed at once), "%", a byte not
			 * allowed; in the port, scan_port's. */
			ascii &= colon != 0;
			while (i + 1 < len && s[i + 1] >= 0x80)
				i++;
		}
	}
end:
	au->end = i;
	au->host_end = colon ? colon : i;
	au->host_ascii = ascii;
	/* plain_dns_name: the last label too, unless the name ends with the
	 * root's "." (and is more than that); at most 253 bytes. */
	size_t he = au->host_end, name = he > hs && s[he - 1] == '.' ? he - 1 - hs : he - hs;
	au->host_dns = ascii && labels_plain && name > 0 && name <= IRI_DNS_NAME_MAX_BYTES &&
	               (label == he ? he - hs > 1 : plain_label(s + label, he - label));
}
