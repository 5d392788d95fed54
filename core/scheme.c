/* The schemes irie knows by name: one table with each scheme's default port
 * (RFC 3986 6.2.3) and whether its authority names a DNS host (RFC 3987 3.1).
 *
 * Source: the IANA "Uniform Resource Identifier (URI) Schemes" registry
 * (RFC 7595), permanent and a few provisional entries, each read against
 * the document the registry names for it: a scheme is marked DNS when that
 * document defines its authority's host as a domain name (or an IP
 * address), or, for the few outside the registry, the client's own
 * document.  Schemes without an authority (mailto, sip, urn, tel, data) put
 * their host, if any, in the path (RFC 3261 19.1.1's "sip:user@host"): they
 * have no authority to judge and are not listed.  doc/design-notes.md ("DNS
 * schemes") gives the date the list was read and how to extend it. */
#include <string.h>

#include "iri_scheme.h"

typedef struct {
	const char *name;   /* lower case */
	int port;           /* default port, -1 if irie applies none */
	bool dns;           /* the authority's reg-name is a DNS name */
} scheme_row;

static const scheme_row schemes[] = {
	/* With a default port: RFC 9110 4.2, RFC 6455 3, RFC 1738 3.2 (ftp),
	 * RFC 4266, RFC 4516, RFC 4248. */
	{ "http", 80, true },          /* RFC 9110 4.2.1 */
	{ "https", 443, true },        /* RFC 9110 4.2.2 */
	{ "ws", 80, true },            /* RFC 6455 3 */
	{ "wss", 443, true },          /* RFC 6455 3 */
	{ "ftp", 21, true },           /* RFC 1738 3.2 */
	{ "gopher", 70, true },        /* RFC 4266 2 */
	{ "ldap", 389, true },         /* RFC 4516 2 */
	{ "telnet", 23, true },        /* RFC 4248 2 */
	/* Permanent, host a domain name; the port the cited section names. */
	{ "acap", 674, true },         /* RFC 2244 6 */
	{ "coap", 5683, true },        /* RFC 7252 6.1 */
	{ "coaps", 5684, true },       /* RFC 7252 6.2 */
	{ "coap+tcp", 5683, true },    /* RFC 8323 8.1 */
	{ "coaps+tcp", 5684, true },   /* RFC 8323 8.2 */
	{ "coap+ws", 80, true },       /* RFC 8323 8.3: the port of ws */
	{ "coaps+ws", 443, true },     /* RFC 8323 8.4: the port of wss */
	{ "dict", 2628, true },        /* RFC 2229 5 */
	{ "dns", 53, true },           /* RFC 4501 2: dnsauthority = host [":" port] */
	{ "file", -1, true },          /* RFC 8089 2: "the fully qualified domain name" */
	{ "icap", 1344, true },        /* RFC 3507 4.2 */
	{ "imap", 143, true },         /* RFC 5092 2 */
	{ "ipp", 631, true },          /* RFC 3510 4 */
	{ "ipps", 631, true },         /* RFC 7472 4 */
	{ "msrp", -1, true },          /* RFC 4975 6 */
	{ "msrps", -1, true },         /* RFC 4975 6 */
	{ "mtqp", -1, true },          /* RFC 3887 3.1 */
	{ "mupdate", 3905, true },     /* RFC 3656 3.1 */
	{ "news", 119, true },         /* RFC 5538 2.1 */
	{ "nfs", 2049, true },         /* RFC 2224 2 */
	{ "nntp", 119, true },         /* RFC 5538 2.1 */
	{ "pop", 110, true },          /* RFC 2384 3 */
	{ "rsync", 873, true },        /* RFC 5781 2 */
	{ "rtsp", 554, true },         /* RFC 7826 19 */
	{ "rtsps", 322, true },        /* RFC 7826 19 */
	{ "rtspu", 554, true },        /* RFC 2326 3.2 */
	{ "sieve", 4190, true },       /* RFC 5804 3 */
	{ "snmp", 161, true },         /* RFC 4088 3 */
	{ "tftp", -1, true },          /* RFC 3617 2 */
	{ "tn3270", -1, true },        /* RFC 6270 2 */
	{ "vemmi", -1, true },         /* RFC 2122 2 */
	{ "vnc", 5900, true },         /* RFC 7869 2 */
	{ "xmpp", -1, true },          /* RFC 5122 2.3: the authority's host */
	{ "z39.50r", -1, true },       /* RFC 2056 2 */
	{ "z39.50s", -1, true },       /* RFC 2056 2 */
	/* Provisional in the registry, host a domain name in practice; the
	 * port of the protocol's own document. */
	{ "git", 9418, true },         /* git-scm.com, git-daemon(1) */
	{ "irc", -1, true },
	{ "ircs", -1, true },
	{ "redis", 6379, true },       /* registration template: redis.io */
	{ "rediss", -1, true },        /* registration template: redis.io */
	{ "sftp", 22, true },          /* draft-ietf-secsh-scp-sftp-ssh-uri-04 3 */
	{ "smb", 445, true },          /* draft-crhertel-smb-url-12 */
	{ "ssh", 22, true },           /* draft-ietf-secsh-scp-sftp-ssh-uri-04 3 */
	{ "svn", 3690, true },         /* svnserve(8) */
	/* Not in the registry when it was read, but everyday in configuration
	 * files; host a domain name and port by the driver's own document. */
	{ "amqp", 5672, true },        /* RabbitMQ, "AMQP URI Specification" */
	{ "amqps", 5671, true },       /* RabbitMQ, "AMQP URI Specification" */
	{ "ldaps", 636, true },        /* LDAP over TLS, port 636 (IANA ports) */
	{ "mongodb", 27017, true },    /* MongoDB, "Connection String URI Format" */
	{ "mqtt", 1883, true },        /* mqtt.org wiki, "URI Scheme" */
	{ "mqtts", 8883, true },       /* mqtt.org wiki, "URI Scheme" */
	{ "mysql", 3306, true },       /* MySQL Connector/J, "Connection URL Syntax" */
	{ "postgres", 5432, true },    /* PostgreSQL libpq, "Connection URIs" */
	{ "postgresql", 5432, true },  /* PostgreSQL libpq, "Connection URIs" */
};

static const scheme_row *find_scheme(const char *scheme, size_t len_bytes)
{
	for (size_t i = 0; i < sizeof schemes / sizeof schemes[0]; i++) {
		if (strlen(schemes[i].name) != len_bytes)
			continue;
		size_t j = 0;
		/* RFC 3986 3.1: schemes are case-insensitive (ASCII). */
		while (j < len_bytes && (scheme[j] >= 'A' && scheme[j] <= 'Z' ? scheme[j] | 0x20 : scheme[j]) ==
			schemes[i].name[j])
			j++;
		if (j == len_bytes)
			return &schemes[i];
	}
	return NULL;
}

int iri_scheme_default_port(const char *scheme, size_t len_bytes)
{
	const scheme_row *row = find_scheme(scheme, len_bytes);
	return row ? row->port : -1;
}

bool iri_scheme_uses_dns(const char *scheme, size_t len_bytes)
{
	const scheme_row *row = find_scheme(scheme, len_bytes);
	if (row)
		return row->dns;
	/* "git+ssh", "svn+ssh", "git+https": a name made of schemes joined
	 * by "+" (RFC 3986 3.1 allows it; RFC 8323's coap+tcp is one) whose
	 * parts include a DNS scheme reaches its host by that scheme. */
	for (size_t from = 0, i = 0; i <= len_bytes; i++) {
		if (i < len_bytes && scheme[i] != '+')
			continue;
		if (i > from && i - from < len_bytes) {
			const scheme_row *part = find_scheme(scheme + from, i - from);
			if (part && part->dns)
				return true;
		}
		from = i + 1;
	}
	return false;
}

bool iri_ref_host_is_dns(const iri_ref *ref)
{
	const iri_span *sc = &ref->comp[IRI_COMP_SCHEME];
	if (!sc->present)
		return true;
	return iri_scheme_uses_dns(ref->text + sc->start, sc->end - sc->start);
}
