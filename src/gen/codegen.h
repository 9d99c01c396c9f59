/* codegen.h — SafeCore module → bytecode image (docs/bytecode.md), the
 * sixth step of the pipeline (DESIGN §2). The image it returns still has to
 * pass the gate (gate.h) before it can be loaded: codegen is trusted by
 * nobody, the gate is what stops a codegen bug.
 *
 * Constructs the VM cannot run yet (maps, binaries, receive,
 * runtime surfaces) are located compile errors ("... is not supported in
 * this version"), never silently dropped. */
#ifndef HL_GEN_CODEGEN_H
#define HL_GEN_CODEGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "core/core.h"
#include "core/ir.h"

/* Most stdlib modules one program links (gen/stdlib.h). */
#define HL_STDLIB_MAX_LINKED 32

/* Sets uses[i] (i indexes hl_stdlib_modules, gen/stdlib.h) for each stdlib
 * module whose Erlang-written functions (builtins.def kind ERL) m calls:
 * the caller compiles those modules, then those they use in turn, and
 * passes them all to hl_codegen. */
void hl_codegen_stdlib_uses(const hl_core_module *m, bool *uses);

/* Generates the image of a classified, verified module; libs[0..nlibs) are
 * the compiled stdlib modules whose functions are appended after the
 * module's own and called for its ERL builtins. On success returns true
 * with *out (free with hl_mem_free) holding *len bytes. On rejection
 * returns false with located errors in d; out of memory is reported as a
 * diagnostic too (and *nomem set when nomem is not NULL). */
bool hl_codegen(const hl_core_module *m, const hl_core_module *const *libs, size_t nlibs, hl_diags *d, uint8_t **out,
                size_t *len, bool *nomem);
/* The same for a module classified with host bindings: `bindings` must be
 * the table the classifier saw (hl_core_options.bindings); it becomes the
 * image's binding table, indexed by call_binding (docs/bytecode.md §2.7). */
bool hl_codegen_bindings(const hl_core_module *m, const hl_core_module *const *libs, size_t nlibs,
                         const hl_core_binding *bindings, size_t nbindings, hl_diags *d, uint8_t **out, size_t *len,
                         bool *nomem);

#endif
