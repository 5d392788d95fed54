/* Host forms (UTS #46, %-escaped, 1998 ".i"), and host diagnostics. */
#include <stdio.h>
#include <string.h>

#include <unicode/uidna.h>

#include "iri_ctx.h"
#include "iri_diag.h"
#include "iri_host.h"
#include "tcheck.h"

/* ---- 1998 zero-level domain (seed 000, 3.2 and 3.3) ---------------- */

static const struct {
	const char *unicode;
	const char *zld;
} zld_cases[] = {
	/* The seed's worked example, 3.3: U+60c5 U+5831 . U+7406 . U+6771
	 * U+5927 . U+5b66 . U+65e5 U+672c. */
	{ "\xe6\x83\x85\xe5\xa0\xb1.\xe7\x90\x86.\xe6\x9d\xb1\xe5\xa4\xa7.\xe5\xad\xa6.\xe6\x97\xa5\xe6\x9c\xac",
	  "M0C5L831.N406.M771L927.LB66.M5E5M72C.i" },
	/* 4.3: ".fr would have to be reregistered as .M6N2.i". */
	{ "fr", "M6N2.i" },
	{ "a", "M1.i" },                         /* ASCII: two letters */
	{ "\xc3\xbc", "VC.i" },                  /* U+00FC: Latin-1, two letters */
	{ "\xd7\x90", "LD0.i" },                 /* U+05D0: three letters */
	{ "\xf0\x9f\x98\x80", "HF600.i" },       /* U+1F600: five letters */
	{ "\xf4\x8f\xbf\xbf", "H0FFFF.i" },      /* U+10FFFF: six letters */
};

static void test_zld(void)
{
	iri_buf b;
	iri_buf_init(&b);
	for (size_t i = 0; i < sizeof zld_cases / sizeof zld_cases[0]; i++) {
		const char *u = zld_cases[i].unicode, *z = zld_cases[i].zld;
		CHECK(iri_zld_encode(u, strlen(u), &b), "encode case %zu", i);
		CHECK_STR(b.data, z, "encode case %zu", i);
		CHECK(iri_zld_decode(z, strlen(z), &b), "decode case %zu", i);
		CHECK_STR(b.data, u, "decode case %zu", i);
	}
	/* The decompiler is case-insensitive. */
	CHECK(iri_zld_decode("m0c5l831.n406.I", 15, &b), "lower case");
	CHECK_STR(b.data, "\xe6\x83\x85\xe5\xa0\xb1.\xe7\x90\x86", "lower case");

	static const char *const bad_zld[] = {
		"",                 /* nothing */
		".i",               /* no label */
		"M6N2",             /* no .i */
		"M6N2.com",         /* not the ZLD */
		"M6N2..i",          /* empty label */
		".M6N2.i",          /* empty first label */
		"6N2.i",            /* digit where an initial letter is needed */
		"M6W2.i",           /* W is not an initial (G..V) */
		"M6.N.i",           /* a single nibble */
		"M6N.i",            /* single nibble at the end of a label */
		"G066.i",           /* leading zero nibble kept (not canonical) */
		"IE.i",             /* U+002E would smuggle a label separator */
		"M1J002M2.i",       /* U+3002, a UTS #46 label separator, inside a label */
		"M1VF0EM2.i",       /* U+FF0E, the same */
		"VF61.i",           /* U+FF61, the same */
		"G0.i",             /* U+0000 */
		"T800.i",           /* U+D800, a surrogate */
		"H10000F.i",        /* beyond six nibbles */
		"R10000.i",         /* beyond U+10FFFF */
		"M6-N2.i",          /* hyphen is never used */
		"example.com",
		"foo.i",            /* an ordinary .i name is not an encoding */
	};
	for (size_t i = 0; i < sizeof bad_zld / sizeof bad_zld[0]; i++) {
		CHECK(!iri_zld_decode(bad_zld[i], strlen(bad_zld[i]), &b), "decode should fail: \"%s\"", bad_zld[i]);
		CHECK(b.len == 0, "output left empty for \"%s\"", bad_zld[i]);
	}
	static const char *const bad_enc[] = { "", "a..b", "a.", ".a", "\xc3", "\xed\xa0\x80",
		"a\xe3\x80\x82", "\xef\xbc\x8e" "a", "a\xef\xbd\xa1\xe3\x80\x82" "b" };
	for (size_t i = 0; i < sizeof bad_enc / sizeof bad_enc[0]; i++)
		CHECK(!iri_zld_encode(bad_enc[i], strlen(bad_enc[i]), &b), "encode should fail: case %zu", i);
	/* The other UTS #46 label separators end a label as "." does: the name
	 * is two labels however the separator is written. */
	CHECK(iri_zld_encode("a\xe3\x80\x82" "b\xef\xbc\x8e" "c\xef\xbd\xa1" "d", 13, &b), "separators encode");
	CHECK_STR(b.data, "M1.M2.M3.M4.i", "separators end labels");
	iri_buf_fini(&b);
}

/* ---- all forms of one host --------------------------------------------- */

static const struct {
	const char *in;
	iri_host_form form;
	iri_host_result result;
	const char *unicode, *idna, *idna_t, *percent, *zld;
} form_cases[] = {
	{ "B\xc3\xbc" "cher.example", IRI_HOSTFORM_UNICODE, IRI_HOST_OK,
	  "b\xc3\xbc" "cher.example", "xn--bcher-kva.example", "xn--bcher-kva.example",
	  "B%C3%BCcher.example", "M2VCM3M8M5N2.M5N8M1MDN0MCM5.i" },
	/* UTS #46 deviation character: nontransitional keeps it, transitional maps. */
	{ "fa\xc3\x9f.de", IRI_HOSTFORM_UNICODE, IRI_HOST_OK,
	  "fa\xc3\x9f.de", "xn--fa-hia.de", "fass.de", "fa%C3%9F.de", "M6M1TF.M4M5.i" },
	{ "%E2%98%83.net", IRI_HOSTFORM_PERCENT, IRI_HOST_OK,
	  "\xe2\x98\x83.net", "xn--n3h.net", "xn--n3h.net", "%E2%98%83.net", "I603.MEM5N4.i" },
	{ "xn--n3h.net", IRI_HOSTFORM_ACE, IRI_HOST_OK,
	  "\xe2\x98\x83.net", "xn--n3h.net", "xn--n3h.net", "%E2%98%83.net", "I603.MEM5N4.i" },
	{ "XN--Bcher-kva.example", IRI_HOSTFORM_ACE, IRI_HOST_OK,
	  "b\xc3\xbc" "cher.example", "xn--bcher-kva.example", "xn--bcher-kva.example",
	  "b%C3%BCcher.example", "M2VCM3M8M5N2.M5N8M1MDN0MCM5.i" },
	/* The seed's example given in .i form is decoded back ('decompiler'). */
	{ "M0C5L831.N406.M771L927.LB66.M5E5M72C.i", IRI_HOSTFORM_ZLD, IRI_HOST_OK,
	  "\xe6\x83\x85\xe5\xa0\xb1.\xe7\x90\x86.\xe6\x9d\xb1\xe5\xa4\xa7.\xe5\xad\xa6.\xe6\x97\xa5\xe6\x9c\xac",
	  "xn--ols92r.xn--8ey.xn--pss754a.xn--48s.xn--wgv71a",
	  "xn--ols92r.xn--8ey.xn--pss754a.xn--48s.xn--wgv71a",
	  "%E6%83%85%E5%A0%B1.%E7%90%86.%E6%9D%B1%E5%A4%A7.%E5%AD%A6.%E6%97%A5%E6%9C%AC",
	  "M0C5L831.N406.M771L927.LB66.M5E5M72C.i" },
	/* The seed's 4.4 URL form, lower-case escapes. */
	{ "%e6%83%85%e5%a0%b1.%e7%90%86", IRI_HOSTFORM_PERCENT, IRI_HOST_OK,
	  "\xe6\x83\x85\xe5\xa0\xb1.\xe7\x90\x86", "xn--ols92r.xn--8ey", "xn--ols92r.xn--8ey",
	  "%E6%83%85%E5%A0%B1.%E7%90%86", "M0C5L831.N406.i" },
	{ "Example.COM", IRI_HOSTFORM_ASCII, IRI_HOST_OK,
	  "example.com", "example.com", "example.com", "Example.COM", "example.com" },
	/* Not UTF-8 after %-decoding (Latin-1 e-acute): what can be filled is. */
	{ "caf%E9.fr", IRI_HOSTFORM_PERCENT, IRI_HOST_BAD_INPUT,
	  NULL, NULL, NULL, "caf%E9.fr", NULL },
};

static void test_forms(iri_ctx *ctx)
{
	iri_host_forms f;
	iri_host_forms_init(&f);
	for (size_t i = 0; i < sizeof form_cases / sizeof form_cases[0]; i++) {
		const char *in = form_cases[i].in;
		iri_host_result r = iri_host_analyse(ctx, in, strlen(in), &f);
		CHECK_STR(iri_host_result_name(r), iri_host_result_name(form_cases[i].result), "result of %s", in);
		CHECK_STR(iri_host_form_name(f.input_form), iri_host_form_name(form_cases[i].form), "form of %s", in);
		CHECK_STR(f.percent.data ? f.percent.data : "", form_cases[i].percent, "percent of %s", in);
		if (form_cases[i].result != IRI_HOST_OK) {
			CHECK(f.unicode_errors != 0 && f.idna_errors != 0, "errors reported for %s", in);
			continue;
		}
		CHECK(f.unicode_errors == 0 && f.idna_errors == 0 && f.idna_transitional_errors == 0,
			"no errors for %s: %x %x %x", in, (unsigned)f.unicode_errors, (unsigned)f.idna_errors,
			(unsigned)f.idna_transitional_errors);
		CHECK_STR(f.unicode.data, form_cases[i].unicode, "unicode of %s", in);
		CHECK_STR(f.idna.data, form_cases[i].idna, "idna of %s", in);
		CHECK_STR(f.idna_transitional.data, form_cases[i].idna_t, "idna_transitional of %s", in);
		CHECK_STR(f.zld.data, form_cases[i].zld, "zld of %s", in);
	}
	/* An A-label that does not decode keeps itself as its percent form. */
	iri_host_analyse(ctx, "xn--a.com", 9, &f);
	CHECK(f.unicode_errors != 0, "xn--a.com does not decode");
	CHECK_STR(f.percent.data ? f.percent.data : "", "xn--a.com", "percent of xn--a.com");
	iri_host_forms_fini(&f);
	iri_host_forms_fini(NULL);

	CHECK_STR(iri_host_form_name(IRI_HOSTFORM_ZLD), "ZLD", "form name");
	CHECK_STR(iri_host_result_name(IRI_HOST_NO_MEMORY), "NO_MEMORY", "result name");
}

/* ---- UTS #46 wrappers ------------------------------------------------ */

static void test_idna(iri_ctx *ctx)
{
	iri_buf b;
	iri_buf_init(&b);
	CHECK(iri_idna_to_ascii(ctx, false, "a..b", 4, &b) & UIDNA_ERROR_EMPTY_LABEL, "empty label");
	CHECK(iri_idna_to_ascii(ctx, false, "xn--a.pt", 8, &b) != 0, "bad ACE label");
	CHECK(iri_idna_to_ascii(ctx, false, "a_b.com", 7, &b) & UIDNA_ERROR_DISALLOWED, "STD3 rules");
	/* A long label: ICU's growth path (output longer than input). */
	char long_in[400];
	size_t n = 0;
	for (int k = 0; k < 60; k++) {
		memcpy(long_in + n, "\xe2\x98\x83", 3);   /* U+2603 */
		n += 3;
	}
	uint32_t e = iri_idna_to_ascii(ctx, false, long_in, n, &b);
	CHECK(e & UIDNA_ERROR_LABEL_TOO_LONG, "label too long: %x", (unsigned)e);
	CHECK(b.len > 63 && strncmp(b.data, "xn--", 4) == 0, "A-label still produced");
	/* Input cap: refused with an error bit, no output. */
	static char huge[70 * 1024];
	memset(huge, 'a', sizeof huge);
	CHECK(iri_idna_to_unicode(ctx, huge, sizeof huge, &b) != 0 && b.len == 0, "input cap");
	iri_buf_fini(&b);
}

/* ---- diagnostics ----------------------------------------------------- */

#define SNOW10 "\xe2\x98\x83\xe2\x98\x83\xe2\x98\x83\xe2\x98\x83\xe2\x98\x83\xe2\x98\x83\xe2\x98\x83\xe2\x98\x83\xe2\x98\x83\xe2\x98\x83"
#define LONG50 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define NONE (-1)     /* code: no finding at all */
#define ABSENT (-2)   /* detail: this code must not be found */

static const struct {
	const char *host;
	int code;           /* expected code, NONE for no finding at all */
	int64_t detail;     /* checked when >= 0; ABSENT: code must not be found */
	const char *suggestion;   /* checked when non-NULL */
} diag_cases[] = {
	/* No noise: each in its own script, or plain ASCII. */
	{ "example.com", NONE, -1, NULL },
	{ "b\xc3\xbc" "cher.example", NONE, -1, NULL },
	{ "\xe4\xbe\x8b\xe3\x81\x88.\xe3\x83\x86\xe3\x82\xb9\xe3\x83\x88", NONE, -1, NULL },   /* 例え.テスト */
	{ "\xd9\x85\xd8\xab\xd8\xa7\xd9\x84.\xd8\xa5\xd8\xae\xd8\xaa\xd8\xa8\xd8\xa7\xd8\xb1", NONE, -1, NULL }, /* مثال.إختبار */
	{ "\xd7\x91\xd7\x93\xd7\x99\xd7\xa7\xd7\x94.\xd7\x98\xd7\xa1\xd7\x98", NONE, -1, NULL },  /* בדיקה.טסט */
	{ "\xd0\xbf\xd1\x80\xd0\xb8\xd0\xbc\xd0\xb5\xd1\x80.\xd1\x80\xd1\x84", NONE, -1, NULL }, /* пример.рф */
	{ "\xce\xb5\xce\xbb.example", NONE, -1, NULL },                /* ελ.example */
	{ "\xe0\xb8\x95\xe0\xb8\xb1\xe0\xb8\xa7\xe0\xb8\xad\xe0\xb8\xa2\xe0\xb9\x88\xe0\xb8\xb2\xe0\xb8\x87.com", NONE, -1, NULL }, /* ตัวอย่าง.com */
	{ "my_host.example", NONE, -1, NULL },   /* ASCII: not judged by IDNA */
	{ "localhost", NONE, -1, NULL },
	/* UTS #39 */
	{ "\xd1\x80\xd0\xb0\xd1\x83\xd1\x80\xd0\xb0l.com", IRI_D_MIXED_SCRIPT, -1, NULL },       /* раураl.com */
	/* аррӏе.com: its skeleton is LDH (ICU 72: "appie"); the suggestion is
	 * the label's A-label, which shows what it really is. */
	{ "\xd0\xb0\xd1\x80\xd1\x80\xd3\x8f\xd0\xb5.com", IRI_D_CONFUSABLE, 1, "xn--80ak6aa92e" },
	{ "\xd0\xb0\xd1\x80\xd1\x80\xd3\x8f\xd0\xb5.com", IRI_D_MIXED_SCRIPT, ABSENT, NULL },      /* ... and not mixed */
	/* ACE and %-escaped hosts */
	{ "xn--bcher-kva.example", IRI_D_ACE_LABEL, 0, "b\xc3\xbc" "cher" },
	{ "%E2%98%83.net", IRI_D_PERCENT_ENCODED_HOST, 0, "xn--n3h.net" },
	{ "%E2%98%83.net", IRI_D_BAD_IDN, ABSENT, NULL },
	{ "%E2%98%83.net", IRI_D_NOT_DNS_NAME, ABSENT, NULL },
	{ "ex%61mple.com", IRI_D_PERCENT_ENCODED_HOST, 0, "example.com" },
	{ "my_h%6Fst.com", IRI_D_BAD_IDN, ABSENT, NULL },   /* ASCII after decoding */
	{ "my_h%6Fst.com", IRI_D_NOT_DNS_NAME, ABSENT, NULL },
	/* Escapes that decode to what no DNS name holds: a valid reg-name
	 * (RFC 3986 3.2.2) that DNS cannot resolve (RFC 3987 3.1). */
	{ "a%0A.example", IRI_D_NOT_DNS_NAME, UIDNA_ERROR_DISALLOWED, NULL },
	{ "a%2Fb.example", IRI_D_NOT_DNS_NAME, UIDNA_ERROR_DISALLOWED, NULL },
	{ "a%2Fb.example", IRI_D_BAD_IDN, ABSENT, NULL },
	{ "%2Fvar%2Frun%2Fsocket", IRI_D_NOT_DNS_NAME, UIDNA_ERROR_DISALLOWED, NULL },
	{ "%2Fvar%2Frun%2Fsocket", IRI_D_BAD_IDN, ABSENT, NULL },
	{ "0aA-._~!$&'()*+,;=%22\xc3\xa9", IRI_D_NOT_DNS_NAME, -1, NULL },   /* "0aA-": trailing hyphen */
	{ "0aA-._~!$&'()*+,;=%22\xc3\xa9", IRI_D_BAD_IDN, ABSENT, NULL },
	{ "xn--a.pt", IRI_D_NOT_DNS_NAME, -1, NULL },
	{ "xn--a.pt", IRI_D_ACE_LABEL, ABSENT, NULL },
	{ "xn--0.pt", IRI_D_NOT_DNS_NAME, UIDNA_ERROR_PUNYCODE, NULL },
	/* UTS #46 errors: DNS cannot resolve the name (NOT_DNS_NAME, a
	 * warning), but bidi and joiners are the reader's hazard (BAD_IDN). */
	{ "a\xe2\x92\x88" "com.example", IRI_D_NOT_DNS_NAME, UIDNA_ERROR_DISALLOWED, NULL },   /* a⒈com */
	{ "-b\xc3\xbc" "cher.example", IRI_D_NOT_DNS_NAME, UIDNA_ERROR_LEADING_HYPHEN, NULL },
	{ "-b\xc3\xbc" "cher.example", IRI_D_BAD_IDN, ABSENT, NULL },
	{ "\xd7\x90" "1a.example", IRI_D_BAD_IDN, UIDNA_ERROR_BIDI, NULL },   /* RFC 5893 rule 2/3 */
	{ "\xd7\x90" "1a.example", IRI_D_NOT_DNS_NAME, ABSENT, NULL },
	{ "a\xe2\x80\x8d" "b.example", IRI_D_BAD_IDN, UIDNA_ERROR_CONTEXTJ, NULL },
	{ "a\xe2\x80\x8d" "b.example", IRI_D_NOT_DNS_NAME, ABSENT, NULL },
	/* A joiner first or last in a right-to-left label breaks CONTEXTJ and,
	 * being BN, RFC 5893 rules 1 and 3 too; the joiner is the fault
	 * (test_joiner_not_bidi: the Bidi Rule is not named).  A label that
	 * breaks the rule without its joiner keeps both. */
	{ "\xe2\x80\x8c\xd9\x85\xdb\x8c.com", IRI_D_BAD_IDN, UIDNA_ERROR_CONTEXTJ, NULL },   /* ZWNJ می */
	{ "\xd9\x85\xdb\x8c\xe2\x80\x8c.com", IRI_D_BAD_IDN, UIDNA_ERROR_CONTEXTJ, NULL },   /* می ZWNJ */
	{ "\xd7\x90\xe2\x80\x8c" "a.example", IRI_D_BAD_IDN, UIDNA_ERROR_CONTEXTJ | UIDNA_ERROR_BIDI, NULL },
	/* %-escaped, not a name: no PERCENT_ENCODED_HOST beside the finding */
	{ "%2Fvar%2Frun%2Fsocket", IRI_D_PERCENT_ENCODED_HOST, ABSENT, NULL },
	{ "%E2%80%8Cab.com", IRI_D_PERCENT_ENCODED_HOST, ABSENT, NULL },
	/* Where UTS #46 versions differ (core/uts46.c): a note with the code
	 * point, whatever the linked ICU gives. */
	{ "fa\xe1\xba\x9e.de", IRI_D_UTS46_VERSION, 0x1E9E, NULL },     /* faẞ.de */
	{ "\xe2\x89\xa0.example", IRI_D_UTS46_VERSION, 0x2260, NULL },  /* ≠ */
	{ "x%E2%89%AE.example", IRI_D_UTS46_VERSION, 0x226E, NULL },      /* ≮, escaped */
	{ "fa\xc3\x9f.de", IRI_D_UTS46_VERSION, ABSENT, NULL },           /* faß.de: unchanged */
	/* Escapes that are not UTF-8: iri_check reports INVALID_UTF8 there;
	 * the host adds nothing (one finding for one problem). */
	{ "caf%E9.fr", NONE, -1, NULL },
	/* RFC 1034 3.1 */
	{ "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com", IRI_D_DNS_LENGTH_LIMIT, 0, NULL },
	{ "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com", NONE, -1, NULL },  /* 63 */
	/* 60 x U+2603: the A-label is 66 bytes */
	{ SNOW10 SNOW10 SNOW10 SNOW10 SNOW10 SNOW10 ".com", IRI_D_DNS_LENGTH_LIMIT, 0, NULL },
	{ SNOW10 SNOW10 SNOW10 SNOW10 SNOW10 SNOW10 ".com", IRI_D_BAD_IDN, ABSENT, NULL },
	/* 30 x U+2603: 36 bytes, fine */
	{ SNOW10 SNOW10 SNOW10 ".com", NONE, -1, NULL },
	/* more than 253 bytes in all */
	{ LONG50 "." LONG50 "." LONG50 "." LONG50 "." LONG50 ".com", IRI_D_DNS_LENGTH_LIMIT, 0, NULL },
	{ SNOW10 "." LONG50 "." LONG50 "." LONG50 "." LONG50 "." LONG50, IRI_D_DNS_LENGTH_LIMIT, 0, NULL },
	/* A plain ASCII name: 253 bytes are fine, the root's trailing dot not
	 * counted; 254 are too many. */
	{ LONG50 "." LONG50 "." LONG50 "." LONG50 ".aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.", NONE, -1, NULL },
	{ LONG50 "." LONG50 "." LONG50 "." LONG50 ".aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", IRI_D_DNS_LENGTH_LIMIT, 0, NULL },
};

/* The joiner cases above name CONTEXTJ only: UIDNA_ERROR_BIDI is not in
 * their BAD_IDN's detail (the table checks bits present, not absent). */
static void test_joiner_not_bidi(iri_ctx *ctx)
{
	static const char *const hosts[] = {
		"\xe2\x80\x8c\xd9\x85\xdb\x8c.com", "\xd9\x85\xdb\x8c\xe2\x80\x8c.com", "%E2%80%8C%D9%85%DB%8C.com",
	};
	iri_diags *d = iri_diags_new();
	CHECK(d != NULL, "diags");
	for (size_t i = 0; d && i < sizeof hosts / sizeof hosts[0]; i++) {
		char text[256];
		int n = snprintf(text, sizeof text, "http://%s/", hosts[i]);
		iri_diags_clear(d);
		iri_host_diagnose(ctx, text, 7, 7 + strlen(hosts[i]), d);
		iri_diags_finish(d, text, (size_t)n);
		const iri_diag *g = NULL;
		for (size_t k = 0; k < iri_diags_count(d); k++)
			if (iri_diags_get(d, k)->code == IRI_D_BAD_IDN)
				g = iri_diags_get(d, k);
		CHECK(g && (g->detail & UIDNA_ERROR_CONTEXTJ) && !(g->detail & UIDNA_ERROR_BIDI),
			"%s: BAD_IDN names the joiner only (detail %llx)", hosts[i], g ? (unsigned long long)g->detail : 0ULL);
	}
	iri_diags_free(d);
}

static const iri_diag *find_code(const iri_diags *d, int code)
{
	for (size_t i = 0; i < iri_diags_count(d); i++)
		if ((int)iri_diags_get(d, i)->code == code)
			return iri_diags_get(d, i);
	return NULL;
}

static void test_diagnose(iri_ctx *ctx)
{
	iri_diags *d = iri_diags_new();
	CHECK(d != NULL, "diags");
	if (!d)
		return;
	char text[1024];
	for (size_t i = 0; i < sizeof diag_cases / sizeof diag_cases[0]; i++) {
		const char *host = diag_cases[i].host;
		/* Embed the host in an IRI so spans are checked as offsets into text. */
		int n = snprintf(text, sizeof text, "http://%s/p", host);
		size_t hs = 7, he = hs + strlen(host);
		iri_diags_clear(d);
		iri_host_diagnose(ctx, text, hs, he, d);
		iri_diags_finish(d, text, (size_t)n);
		if (diag_cases[i].code == NONE) {
			CHECK(iri_diags_count(d) == 0, "%s: expected nothing, got %s", host,
				iri_diags_count(d) ? iri_diag_code_name(iri_diags_get(d, 0)->code) : "");
			continue;
		}
		const iri_diag *g = find_code(d, diag_cases[i].code);
		if (diag_cases[i].detail == ABSENT) {
			CHECK(g == NULL, "%s: unexpected %s", host, iri_diag_code_name((iri_diag_code)diag_cases[i].code));
			continue;
		}
		CHECK(g != NULL, "%s: expected %s", host, iri_diag_code_name((iri_diag_code)diag_cases[i].code));
		if (!g)
			continue;
		CHECK(g->component == IRI_COMP_HOST, "%s: component", host);
		CHECK(g->byte_start >= hs && g->byte_end <= he && g->byte_start < g->byte_end,
			"%s: span %zu..%zu inside host %zu..%zu", host, g->byte_start, g->byte_end, hs, he);
		if (diag_cases[i].detail >= 0 && (diag_cases[i].code == IRI_D_BAD_IDN || diag_cases[i].code == IRI_D_NOT_DNS_NAME))
			CHECK((g->detail & diag_cases[i].detail) == diag_cases[i].detail,
				"%s: detail %llx", host, (unsigned long long)g->detail);
		else if (diag_cases[i].detail >= 0)
			CHECK(g->detail == diag_cases[i].detail, "%s: detail %lld", host, (long long)g->detail);
		if (diag_cases[i].suggestion)
			CHECK_STR(g->suggestion, diag_cases[i].suggestion, "%s: suggestion", host);
	}

	/* Spans point at the offending raw label. */
	static const char two[] = "http://ok.xn--a.pt/";
	iri_diags_clear(d);
	iri_host_diagnose(ctx, two, 7, 18, d);
	const iri_diag *g = find_code(d, IRI_D_NOT_DNS_NAME);
	CHECK(g && g->byte_start == 10 && g->byte_end == 15, "NOT_DNS_NAME span on xn--a");
	static const char mixed[] = "http://www.\xd1\x80\xd0\xb0\xd1\x83\xd1\x80\xd0\xb0l.com";
	iri_diags_clear(d);
	iri_host_diagnose(ctx, mixed, 7, sizeof mixed - 1, d);
	g = find_code(d, IRI_D_MIXED_SCRIPT);
	CHECK(g && g->byte_start == 11 && g->byte_end == 22, "MIXED_SCRIPT span on the label");
	/* An empty host has nothing to say. */
	iri_diags_clear(d);
	iri_host_diagnose(ctx, "file:///x", 7, 7, d);
	CHECK(iri_diags_count(d) == 0, "empty host");

	/* As a DNS name (irie host), a plain ASCII name is judged by UTS #46
	 * too, on the label at fault; as a reg-name (check) it is not. */
	static const struct {
		const char *text;          /* the host is text[7..] */
		size_t start, end;         /* expected NOT_DNS_NAME span; 0, 0: none */
	} dns_cases[] = {
		{ "http://ok.bad-.example", 10, 14 },
		{ "http://_srv.example", 7, 11 },
		{ "http://a..com", 7, 13 },      /* an empty label: the whole name */
		{ "http://ok.example", 0, 0 },
		{ "http://ok.example.", 0, 0 },  /* the root label */
	};
	for (size_t i = 0; i < sizeof dns_cases / sizeof dns_cases[0]; i++) {
		const char *t = dns_cases[i].text;
		iri_diags_clear(d);
		iri_host_diagnose(ctx, t, 7, strlen(t), d);
		CHECK(find_code(d, IRI_D_NOT_DNS_NAME) == NULL, "%s: no NOT_DNS_NAME as a reg-name", t);
		iri_diags_clear(d);
		iri_host_diagnose_dns(ctx, t, 7, strlen(t), d);
		g = find_code(d, IRI_D_NOT_DNS_NAME);
		CHECK(find_code(d, IRI_D_BAD_IDN) == NULL, "%s: no BAD_IDN as a DNS name", t);
		if (dns_cases[i].end == 0)
			CHECK(g == NULL, "%s: no NOT_DNS_NAME as a DNS name", t);
		else
			CHECK(g && g->byte_start == dns_cases[i].start && g->byte_end == dns_cases[i].end,
				"%s: NOT_DNS_NAME at %zu..%zu as a DNS name, got %zu..%zu", t, dns_cases[i].start,
				dns_cases[i].end, g ? g->byte_start : 0, g ? g->byte_end : 0);
		/* Said once: asked again on the same list, it adds nothing. */
		size_t before = iri_diags_count(d);
		iri_host_diagnose_dns(ctx, t, 7, strlen(t), d);
		CHECK(dns_cases[i].end == 0 || iri_diags_count(d) == before, "%s: judged twice", t);
	}
	iri_diags_free(d);
}

/* Escapes that decode to controls or delimiters stay escaped in the forms
 * that are written back (one line per result; nothing raw on a terminal). */
static void test_escaped_controls(iri_ctx *ctx)
{
	/* zld: no .i form for an ASCII name no reg-name holds; a non-ASCII one
	 * is encoded whole (letters and digits only). */
	static const struct { const char *in, *percent, *zld; } rows[] = {
		{ "a%0A.example", "a%0A.example", "" },
		{ "a%1B%5B2J.example", "a%1B%5B2J.example", "" },
		{ "a%2Fb%25.example", "a%2Fb%25.example", "" },
		{ "b%C3%BC%07.example", "b%C3%BC%07.example", "M2VCG7.M5N8M1MDN0MCM5.i" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		iri_host_forms f;
		iri_host_forms_init(&f);
		iri_host_analyse(ctx, rows[i].in, strlen(rows[i].in), &f);
		CHECK_STR(f.percent.data ? f.percent.data : "", rows[i].percent, "percent of %s", rows[i].in);
		CHECK_STR(f.zld.data ? f.zld.data : "", rows[i].zld, "zld of %s", rows[i].in);
		for (size_t k = 0; k < f.zld.len; k++)
			CHECK((unsigned char)f.zld.data[k] >= 0x21 && (unsigned char)f.zld.data[k] < 0x7F,
				"zld of %s has byte 0x%02X", rows[i].in, (unsigned char)f.zld.data[k]);
		iri_host_forms_fini(&f);
	}
}

/* core/uts46.c's table against the linked ICU: each character maps the
 * way of its row's "after" when ICU's Unicode is at least the row's
 * version, else the way of "before" (NULL: refused).  A row that ICU
 * contradicts is a wrong row, or an ICU that is not the Unicode it says. */
static void test_uts46_changes(iri_ctx *ctx)
{
	static const struct { uint32_t cp; const char *ascii_before, *ascii_after; } want[] = {
		{ 0x1E9E, "ss", "xn--zca" },      /* UTS #46 15.1 */
		{ 0x2260, NULL, "xn--1ch" },      /* UTS #46 16.0 */
		{ 0x226E, NULL, "xn--gdh" },
		{ 0x226F, NULL, "xn--hdh" },
	};
	iri_buf in, out;
	iri_buf_init(&in);
	iri_buf_init(&out);
	size_t rows = 0;
	while (iri_uts46_change_at(rows))
		rows++;
	CHECK(rows == sizeof want / sizeof want[0], "uts46 table: %zu rows", rows);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const iri_uts46_change *c = iri_uts46_change_find(want[i].cp);
		CHECK(c != NULL && c->cp == want[i].cp, "U+%04X in the table", (unsigned)want[i].cp);
		if (!c)
			continue;
		iri_buf_reset(&in);
		iri_buf_put_cp(&in, c->cp);
		uint32_t e = iri_idna_to_ascii(ctx, false, in.data, in.len, &out);
		const char *expect = iri_uts46_change_applies(c) ? want[i].ascii_after : want[i].ascii_before;
		if (expect)
			CHECK(e == 0 && out.data && strcmp(out.data, expect) == 0, "U+%04X: ToASCII %s, want %s (UTS #46 %d.%d %s)",
				(unsigned)c->cp, e ? "refused" : out.data, expect, c->major, c->minor,
				iri_uts46_change_applies(c) ? "applies" : "not yet");
		else
			CHECK(e != 0, "U+%04X: refused before UTS #46 %d.%d, got %s", (unsigned)c->cp, c->major, c->minor,
				out.data ? out.data : "");
	}
	CHECK(iri_uts46_change_find(0xDF) == NULL && iri_uts46_change_find('a') == NULL, "unchanged code points");
	int major = 0, minor = -1;
	iri_unicode_version(&major, &minor);
	CHECK(major >= 6 && minor >= 0, "ICU's Unicode %d.%d", major, minor);
	char icu[32], uni[32];
	iri_library_versions(icu, sizeof icu, uni, sizeof uni);
	char want_uni[32];
	snprintf(want_uni, sizeof want_uni, "%d.%d", major, minor);
	CHECK(strncmp(uni, want_uni, strlen(want_uni)) == 0 && icu[0] >= '1' && icu[0] <= '9',
		"versions: ICU %s, Unicode %s", icu, uni);
	iri_buf_fini(&in);
	iri_buf_fini(&out);
}

int main(void)
{
	iri_ctx_result cr;
	iri_ctx *ctx = iri_ctx_new(&cr);
	CHECK(ctx != NULL, "iri_ctx_new: %s", iri_ctx_result_name(cr));
	if (!ctx)
		return tcheck_done("host");
	test_zld();
	test_forms(ctx);
	test_idna(ctx);
	test_diagnose(ctx);
	test_joiner_not_bidi(ctx);
	test_escaped_controls(ctx);
	test_uts46_changes(ctx);
	iri_ctx_free(ctx);
	return tcheck_done("host");
}
