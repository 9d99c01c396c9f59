/* capability.h — capabilities: runtime surfaces a guest may reach only when
 * the compile options grant them (docs/capabilities.md), and which
 * allowlisted functions need which (core/capability.def). */
#ifndef HL_CORE_CAPABILITY_H
#define HL_CORE_CAPABILITY_H

#include <stdint.h>

/* Bits of hl_core_options.capabilities; the host names them
 * (hl_compile_options_grant_capability). */
enum {
    HL_CAP_PROCESSES = 1u << 0, /* guest processes: builtins.def's SURFACE entries (hl_builtin_capability) */
    HL_CAP_CLOCKS = 1u << 1, /* erlang:system_time/0, calendar:local_time/0, ... */
    HL_CAP_RANDOM = 1u << 2, /* entropy: rand's process state, crypto:strong_rand_bytes/1 */
    HL_CAP_FILES = 1u << 3,  /* file:read_file/1, ...: the host's mounts (docs/files.md) */
};

/* The capability builtin `id` needs (one HL_CAP_* bit), or 0. */
uint32_t hl_core_cap_needed(int id);
/* The name of one capability bit ("processes", "clocks", "random", "files"), or NULL. */
const char *hl_core_cap_name(uint32_t cap);

#endif
