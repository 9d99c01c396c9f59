/* callable.c — hl_callable_count / hl_callable_at: the allowlist
 * (core/builtins.def) as the public API shows it, so tools (`hl builtins`)
 * list exactly what the classifier admits, from the same table. */
#include "hyperlang.h"

#include <string.h>

#include "core/builtins.h"

/* Entries guests may name (the others are the stdlib's private C cores). */
static bool visible(const hl_builtin *b) { return b->guest; }

size_t hl_callable_count(void) {
    size_t n = 0;
    for (int i = 0; i < HL_BI__COUNT; i++) n += visible(&hl_builtins[i]);
    return n;
}

hl_status hl_callable_at(size_t i, const char **module, const char **function, uint32_t *arity,
                         uint32_t *flags) {
    for (int k = 0; k < HL_BI__COUNT; k++) {
        const hl_builtin *b = &hl_builtins[k];
        if (!visible(b) || i-- > 0) continue;
        if (module) *module = b->module;
        if (function) *function = b->function;
        if (arity) *arity = b->arity;
        if (flags) {
            uint32_t f = 0;
            if (strcmp(b->module, "erlang") == 0 && hl_autoimport_is_bif(b->function, strlen(b->function), b->arity))
                f |= HL_CALLABLE_AUTO;
            if (b->guard) f |= HL_CALLABLE_GUARD;
            if (b->kind == HL_BK_SURFACE || hl_core_cap_needed(k) != 0) f |= HL_CALLABLE_CAPABILITY;
            *flags = f;
        }
        return HL_OK;
    }
    return HL_EMISUSE;
}
