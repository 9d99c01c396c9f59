/* bytecode.c — the opcode descriptor table (from opcodes.def) and the
 * builtin allowlist the gate checks builtin ids against. */
#include "bc/bytecode.h"

#include "core/builtins.h"

#define T HL_OPF_TERM
#define C HL_OPF_CONS
#define G HL_OPF_GC
#define R HL_OPF_RED
const hl_opinfo hl_bc_ops[HL_OP__COUNT] = {
#define HL_OP(name, sig, flags) {#name, sig, flags},
#include "bc/opcodes.def"
#undef HL_OP
};
#undef T
#undef C
#undef G
#undef R

/* The builtin allowlist is core/builtins.def (docs/design.md §3: one table for the
 * classifier, codegen, gate and VM); ids are its entry order. Only kinds BIF and SURFACE
 * entries may appear in a `bif` instruction: ERL entries are guest code in
 * the stdlib's own modules, reached through an import (call_ext). SURFACE
 * entries are `bif`s too: the classifier admits them only with their
 * capability, and the VM refuses them in a run without it (docs/actors.md). */
#define X(id, mod, fun, arity, guard, kind, guest)                                                  \
    _Static_assert(sizeof mod <= HL_BC_BUILTIN_MODULE_MAX && sizeof fun <= HL_BC_BUILTIN_NAME_MAX, \
                   "builtin name too long for hl_bc_builtin");
#include "core/builtins.def"
#undef X
const hl_bc_builtin hl_bc_builtins[] = {
#define X(id, mod, fun, arity, guard, kind, guest) \
    {mod, fun, arity, HL_BK_##kind != HL_BK_ERL, HL_BK_##kind == HL_BK_ERL, sizeof mod - 1, sizeof fun - 1},
#include "core/builtins.def"
#undef X
};
const uint32_t hl_bc_builtin_count = sizeof hl_bc_builtins / sizeof hl_bc_builtins[0];
