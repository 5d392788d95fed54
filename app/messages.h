/* Turning core's codes into translated, human text. */
#ifndef IRIE_MESSAGES_H
#define IRIE_MESSAGES_H

#include <stdbool.h>
#include <stddef.h>

#include "iri.h"

/* Writes the message for d into buf (always NUL-terminated). */
void msg_diag(const iri_diag *d, char *buf, size_t size);
/* Whether msg_diag's text for a finding of code is a function of its code,
 * component and detail alone (in one locale), so that a caller may keep
 * it for the next finding with the same three: false for the codes whose
 * message reads more of the finding (the bidi findings quote d->seen). */
bool msg_diag_keyed(iri_diag_code code);
/* The same for the editor's screen: a character quoted from the input is
 * isolated (LRI...PDI), so a right-to-left line shows it as it is. */
void msg_diag_ui(const iri_diag *d, char *buf, size_t size);

/* The code's title in the user's language, generic (no detail of one
 * finding): "bidi formatting character".  Static. */
const char *msg_code_title(iri_diag_code code);

/* A severity in the user's language (the JSON keeps iri_severity_name()). */
const char *msg_severity(iri_severity s);

/* A component's name in the user's language ("host"). */
const char *msg_component(iri_component c);

/* Why explain's row is mapped the way it is. */
const char *msg_explain_reason(iri_explain_reason r);
/* A delimiter's role ("scheme separator"); "" for IRI_DELIM_NONE. */
const char *msg_explain_delim(iri_explain_delim d);

/* The reasons in a set of ICU UIDNA_ERROR_* bits, comma-separated. */
void msg_idna_errors(unsigned bits, char *buf, size_t size);

#endif
