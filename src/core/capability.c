/* capability.c — core/capability.def as a lookup: the capability each
 * allowlisted function needs, indexed by builtin id. */
#include "core/capability.h"

#include "core/builtins.h"

static const uint8_t need_bits[HL_BI__COUNT] = {
#define X(id, cap) [HL_BI_##id] = (uint8_t)HL_CAP_##cap,
#include "core/capability.def"
#undef X
};

uint32_t hl_core_cap_needed(int id) { return id >= 0 && id < HL_BI__COUNT ? need_bits[id] : 0; }

static const struct {
    uint32_t bit;
    const char *name;
} names[] = {{HL_CAP_PROCESSES, "processes"}, {HL_CAP_CLOCKS, "clocks"}, {HL_CAP_RANDOM, "random"},
                   {HL_CAP_FILES, "files"}};

const char *hl_core_cap_name(uint32_t cap) {
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].bit == cap) return names[i].name;
    return NULL;
}
