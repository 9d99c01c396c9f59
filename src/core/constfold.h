/* constfold.h — constant integer expressions in patterns, folded. */
#ifndef HL_CORE_CONSTFOLD_H
#define HL_CORE_CONSTFOLD_H

#include <stdbool.h>
#include <stddef.h>

#include "base/arena.h"
#include "core/ir.h"
#include "front/ast.h"

/* When `p` (an operator node) is a constant integer expression whose
 * intermediate values stay within max_bits, stores its value in *out (a
 * bigint's digits in `arena`) and returns true. *oom reports an arena
 * failure. */
bool hl_core_const_int(const hl_ast *p, size_t max_bits, hl_arena *arena, hl_core_lit *out, bool *oom);

#endif
