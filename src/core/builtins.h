/* builtins.h — the allowlist of core/builtins.def as data, and OTP's
 * auto-import and guard facts (front/autoimport.def) used to resolve and
 * check calls written without a module. */
#ifndef HL_CORE_BUILTINS_H
#define HL_CORE_BUILTINS_H

#include "front/autoimport.h" /* OTP's auto-import and guard facts */
#include "core/capability.h"  /* HL_CAP_* */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum hl_builtin_kind {
    HL_BK_BIF,      /* C builtin in the VM */
    HL_BK_ERL,      /* stdlib function written in Erlang (lib/) */
    HL_BK_SURFACE,  /* runtime surface: needs a granted capability */
} hl_builtin_kind;

typedef enum hl_builtin_id {
#define X(id, mod, fun, arity, guard, kind, guest) HL_BI_##id,
#include "core/builtins.def"
#undef X
    HL_BI__COUNT
} hl_builtin_id;

/* Names inline (bc/bytecode.h's sizes, checked in bc/bytecode.c): no
 * pointers for the dynamic loader to relocate at every start. */
typedef struct hl_builtin {
    char module[12];
    char function[32];
    uint8_t arity;
    bool guard;
    uint8_t kind;   /* hl_builtin_kind */
    bool guest;
    uint8_t mlen, flen; /* strlen of module and function: lookups compare these first */
} hl_builtin;

extern const hl_builtin hl_builtins[HL_BI__COUNT];

/* The entry for module:function/arity (lengths in bytes), or -1. */
int hl_builtin_find(const char *module, size_t mlen, const char *function, size_t flen, uint32_t arity);


/* Capabilities (hl_core_options.capabilities bits, core/capability.h):
 * each grants the SURFACE entries of builtins.def that
 * hl_builtin_capability names. */

/* The capability bit a SURFACE entry needs (0 for other entries). */
uint32_t hl_builtin_capability(int id);

#endif
