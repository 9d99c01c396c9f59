/* autoimport.c — OTP 25's facts about erlang:F/A written without a module
 * (front/autoimport.def, generated from erl_internal): which are
 * auto-imported BIFs, which of those are pre-R14 ("old", ambiguous when a
 * module defines one), and which are admitted in guards. Language facts,
 * used by the preprocessor's -if evaluator and by SafeCore. */
#include "front/autoimport.h"

#include <string.h>

static bool eq(const char *s, const char *p, size_t n) { return strlen(s) == n && memcmp(s, p, n) == 0; }

typedef struct autoimport {
    const char *name;
    uint8_t arity, old, guard, len;
} autoimport;

static const autoimport autoimports[] = {
#define X(name, arity, old, guard) {name, arity, old, guard, sizeof name - 1},
#include "front/autoimport.def"
#undef X
};

/* Arity and length first: SafeCore asks for every local call. */
static const autoimport *find_auto(const char *f, size_t flen, uint32_t arity) {
    for (size_t i = 0; i < sizeof autoimports / sizeof autoimports[0]; i++)
        if (autoimports[i].arity == arity && autoimports[i].len == flen && memcmp(autoimports[i].name, f, flen) == 0)
            return &autoimports[i];
    return NULL;
}

bool hl_autoimport_is_bif(const char *f, size_t flen, uint32_t arity) { return find_auto(f, flen, arity) != NULL; }

bool hl_autoimport_is_old(const char *f, size_t flen, uint32_t arity) {
    const autoimport *a = find_auto(f, flen, arity);
    return a && a->old;
}

bool hl_otp_guard_bif(const char *f, size_t flen, uint32_t arity) {
    static const char *const ops1[] = {"+", "-", "bnot", "not"};
    static const char *const ops2[] = {"+", "-", "*", "/", "div", "rem", "band", "bor", "bxor", "bsl", "bsr",
                                       "and", "or", "xor", "==", "/=", "=<", "<", ">=", ">", "=:=", "=/="};
    if (arity == 1)
        for (size_t i = 0; i < sizeof ops1 / sizeof ops1[0]; i++)
            if (eq(ops1[i], f, flen)) return true;
    if (arity == 2)
        for (size_t i = 0; i < sizeof ops2 / sizeof ops2[0]; i++)
            if (eq(ops2[i], f, flen)) return true;
    const autoimport *a = find_auto(f, flen, arity);
    return a && a->guard;
}
