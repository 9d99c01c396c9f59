/* capability.c — granting capabilities through compile options
 * (include/hyperlang.h, docs/capabilities.md): the names the CLI and
 * policies use, and the bits the classifier checks (core/capability.h). */
#include <string.h>

#include "core/capability.h"
#include "host/host_int.h"

_Static_assert((unsigned)HL_CAP_CLOCKS == (unsigned)HL_CORE_CAP_CLOCKS, "public and core capability bits agree");
_Static_assert((unsigned)HL_CAP_RANDOM == (unsigned)HL_CORE_CAP_RANDOM, "public and core capability bits agree");

static const struct {
    const char *name;
    hl_capability cap;
} caps[] = {{"clocks", HL_CAP_CLOCKS}, {"random", HL_CAP_RANDOM}};

hl_status hl_capability_from_name(const char *name, hl_capability *out) {
    if (!name || !out) return HL_EMISUSE;
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++)
        if (strcmp(name, caps[i].name) == 0) {
            *out = caps[i].cap;
            return HL_OK;
        }
    return HL_EMISUSE;
}

hl_status hl_compile_options_grant(hl_compile_options *opts, hl_capability cap) {
    if (!opts) return HL_EMISUSE;
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++)
        if (cap == caps[i].cap) {
            opts->caps |= (uint32_t)cap;
            return HL_OK;
        }
    return HL_EMISUSE;
}
