/* builtins.c — the allowlist table (core/builtins.def) as a lookup. (OTP's
 * auto-import facts are the language's: front/autoimport.c.) */
#include "core/builtins.h"

#include <string.h>

#define X(id, mod, fun, arity, guard, kind, guest)                                                   \
    _Static_assert(sizeof mod <= sizeof ((hl_builtin *)0)->module &&                               \
                       sizeof fun <= sizeof ((hl_builtin *)0)->function,                            \
                   "builtin name too long for hl_builtin");
#include "core/builtins.def"
#undef X
const hl_builtin hl_builtins[HL_BI__COUNT] = {
#define X(id, mod, fun, arity, guard, kind, guest) \
    {mod, fun, arity, guard, HL_BK_##kind, guest, sizeof mod - 1, sizeof fun - 1},
#include "core/builtins.def"
#undef X
};

/* A linear scan (every compile's classifier asks for each remote call):
 * lengths and arity first, so most entries cost three byte compares. */
int hl_builtin_find(const char *module, size_t mlen, const char *function, size_t flen, uint32_t arity) {
    for (int i = 0; i < HL_BI__COUNT; i++) {
        const hl_builtin *b = &hl_builtins[i];
        if (b->arity == arity && b->flen == flen && b->mlen == mlen && memcmp(b->function, function, flen) == 0 &&
            memcmp(b->module, module, mlen) == 0)
            return i;
    }
    return -1;
}

/* Which capability grants each SURFACE entry: a table of id ranges (a
 * capability's entries are appended together in builtins.def). */
static const struct {
    hl_builtin_id first, last;
    uint32_t cap;
} surface_caps[] = {
    {HL_BI_SELF0, HL_BI_PROCESS_INFO2, HL_CAP_PROCESSES},
    {HL_BI_SPAWN_OPT2, HL_BI_SEND_NOSUSPEND3, HL_CAP_PROCESSES},
};

uint32_t hl_builtin_capability(int id) {
    for (size_t i = 0; i < sizeof surface_caps / sizeof surface_caps[0]; i++)
        if (id >= (int)surface_caps[i].first && id <= (int)surface_caps[i].last) return surface_caps[i].cap;
    return 0;
}

