/* refusal.h — why a call is refused (core/refusal.c, core/refusals.def). */
#ifndef HL_CORE_REFUSAL_H
#define HL_CORE_REFUSAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum hl_refusal_kind {
    HL_REFUSAL_FORBIDDEN,   /* the sandbox refuses it by design */
    HL_REFUSAL_ABSENT,      /* OTP has it, this version does not */
    HL_REFUSAL_NOT_GRANTED, /* a binding the host registers but did not grant */
    HL_REFUSAL_UNKNOWN,     /* no such module here: a binding not granted, or a typo */
    HL_REFUSAL_CAPABILITY,  /* a surface of a capability the program was not granted */
} hl_refusal_kind;

/* Writes why M:F/A (module m[0..ml), function f[0..fl)) may not be called
 * into out[cap], e.g. "forbidden in the sandbox (no access to the operating
 * system)"; binding_registered: the engine has a binding of that name. */
/* Writes into out[cap] how to grant capability bit need, e.g. "needs the
 * processes capability (grant it: ...)". */
void hl_refusal_capability_hint(uint32_t need, char *out, size_t cap);

hl_refusal_kind hl_refusal_explain(const char *m, size_t ml, const char *f, size_t fl, uint32_t arity,
                                   bool binding_registered, char *out, size_t cap);

#endif
