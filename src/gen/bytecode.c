/* bytecode.c — the opcode descriptor table (from opcodes.def) and the
 * builtin allowlist the gate checks builtin ids against. */
#include "gen/bytecode.h"

#define T HL_OPF_TERM
#define C HL_OPF_CONS
#define G HL_OPF_GC
#define R HL_OPF_RED
const hl_opinfo hl_bc_ops[HL_OP__COUNT] = {
#define HL_OP(name, sig, flags) {#name, sig, flags},
#include "gen/opcodes.def"
#undef HL_OP
};
#undef T
#undef C
#undef G
#undef R

/* Until src/core/builtins.def lands this is the stub table; switching means
 * including that file here instead (same HL_BUILTIN shape expected). */
const hl_bc_builtin hl_bc_builtins[] = {
#define HL_BUILTIN(ident, mod, name, arity) {mod, name, arity},
#include "gen/builtins_stub.def"
#undef HL_BUILTIN
};
const uint32_t hl_bc_builtin_count = sizeof hl_bc_builtins / sizeof hl_bc_builtins[0];
