/* The IRI engine: one include for users of core. */
#ifndef IRI_H
#define IRI_H

#include "iri_buf.h"
#include "iri_chars.h"
#include "iri_check.h"
#include "iri_ctx.h"
#include "iri_diag.h"
#include "iri_explain.h"
#include "iri_host.h"
#include "iri_map.h"
#include "iri_parse.h"
#include "iri_quick.h"
#include "iri_quick_iri.h"
#include "iri_resolve.h"
#include "iri_scheme.h"
#include "iri_utf8.h"

#endif
