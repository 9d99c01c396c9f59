/* refusal.c — why the classifier refuses a call that is not allowed
 * (core/refusals.def, core/builtins.def): forbidden in the sandbox, not
 * implemented in this version, or a host binding that was not granted. The
 * text ends the diagnostic "remote call M:F/A is not declared: ...". */
#include <stdio.h>
#include <string.h>

#include "core/builtins.h"
#include "core/capability.h"
#include "core/refusal.h"

typedef struct refusal {
    hl_refusal_kind kind;
    const char *module;
    const char *function; /* NULL: the whole module */
    int arity;            /* -1: every arity */
    const char *reason;
} refusal;

static const refusal refusals[] = {
#define R(kind, mod, fun, arity, reason) {HL_REFUSAL_##kind, mod, fun, arity, reason},
#include "core/refusals.def"
#undef R
};

static bool eq(const char *s, const char *p, size_t n) { return s && strlen(s) == n && memcmp(s, p, n) == 0; }

/* Whether guests may call some function of module m (it is one of ours). */
static bool module_known(const char *m, size_t ml) {
    for (int i = 0; i < HL_BI__COUNT; i++)
        if (hl_builtins[i].guest && eq(hl_builtins[i].module, m, ml)) return true;
    return false;
}

/* Appends the arities of f that module m does allow, as "f/1, f/2"; their count. */
static size_t other_arities(char *out, size_t cap, const char *m, size_t ml, const char *f, size_t fl) {
    size_t n = 0, used = 0;
    out[0] = '\0';
    for (int i = 0; i < HL_BI__COUNT; i++) {
        const hl_builtin *b = &hl_builtins[i];
        if (!b->guest || !eq(b->module, m, ml) || !eq(b->function, f, fl)) continue;
        int w = snprintf(out + used, cap - used, "%s%.*s/%u", n ? ", " : "", (int)fl, f, (unsigned)b->arity);
        if (w < 0 || (size_t)w >= cap - used) break;
        used += (size_t)w;
        n++;
    }
    return n;
}

void hl_refusal_capability_hint(uint32_t need, char *out, size_t cap) {
    const char *name = hl_core_cap_name(need);
    if (!name) name = "unknown";
    snprintf(out, cap,
             "needs the %s capability (grant it: hl run --grant %s%s; in the API, "
             "hl_compile_options_grant_capability)",
             name, name, need == HL_CAP_FILES ? ", or a directory: --mount HOST:GUEST" : "");
}

hl_refusal_kind hl_refusal_explain(const char *m, size_t ml, const char *f, size_t fl, uint32_t arity,
                                   bool binding_registered, char *out, size_t cap) {
    if (cap == 0) return HL_REFUSAL_UNKNOWN;
    int mw = (int)(ml > 255 ? 255 : ml), fw = (int)(fl > 255 ? 255 : fl);
    /* a capability's surface (spawn/1, self/0, ...): say how to grant it */
    int sid = hl_builtin_find(m, ml, f, fl, arity);
    uint32_t need = sid >= 0 ? hl_builtin_capability(sid) : 0;
    if (need) {
        hl_refusal_capability_hint(need, out, cap);
        return HL_REFUSAL_CAPABILITY;
    }
    for (size_t i = 0; i < sizeof refusals / sizeof *refusals; i++) {
        const refusal *r = &refusals[i];
        if (!eq(r->module, m, ml)) continue;
        if (r->function && (!eq(r->function, f, fl) || (r->arity >= 0 && (uint32_t)r->arity != arity))) continue;
        snprintf(out, cap, "%s (%s)",
                 r->kind == HL_REFUSAL_FORBIDDEN ? "forbidden in the sandbox" : "not implemented in this version",
                 r->reason);
        return r->kind;
    }
    int id = hl_builtin_find(m, ml, f, fl, arity);
    if (id >= 0 && !hl_builtins[id].guest) {
        snprintf(out, cap, "forbidden in the sandbox (an internal function of the standard library)");
        return HL_REFUSAL_FORBIDDEN;
    }
    if (module_known(m, ml)) {
        char arities[256];
        if (other_arities(arities, sizeof arities, m, ml, f, fl))
            snprintf(out, cap, "not implemented in this version (%.*s here has %s, not %.*s/%u)", mw, m, arities, fw,
                     f, (unsigned)arity);
        else
            snprintf(out, cap,
                     "not implemented in this version (%.*s here has no %.*s/%u; `hl builtins %.*s` lists what "
                     "it has)",
                     mw, m, fw, f, (unsigned)arity, mw, m);
        return HL_REFUSAL_ABSENT;
    }
    if (binding_registered) {
        snprintf(out, cap, "binding not granted (the host registers %.*s:%.*s/%u but did not grant it to this program)",
                 mw, m, fw, f, (unsigned)arity);
        return HL_REFUSAL_NOT_GRANTED;
    }
    snprintf(out, cap,
             "binding not granted (no module '%.*s' in this program or the stdlib, and no host binding of that "
             "name was granted)",
             mw, m);
    return HL_REFUSAL_UNKNOWN;
}
