/* codegen.h — SafeCore module → bytecode image (docs/bytecode.md), the
 * sixth step of the pipeline (docs/design.md §1). The image it returns still has to
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

/* Generates the image of a classified, verified module. Calls of the
 * stdlib's Erlang functions (builtins.def kind ERL) and of the program's
 * other modules become call_ext through the image's import table; the
 * linker resolves them when the module is loaded into an engine. On
 * success returns true with *out (free with hl_mem_free) holding *len
 * bytes. On rejection returns false with located errors in d; out of
 * memory is reported as a diagnostic too (and *nomem set when nomem is not
 * NULL). */
bool hl_codegen(const hl_core_module *m, hl_diags *d, uint8_t **out, size_t *len, bool *nomem);
/* The same for a module classified with host bindings: `bindings` must be
 * the table the classifier saw (hl_core_options.bindings); it becomes the
 * image's binding table, indexed by call_binding (docs/bytecode.md §2.7). */
bool hl_codegen_bindings(const hl_core_module *m, const hl_core_binding *bindings, size_t nbindings, hl_diags *d,
                         uint8_t **out, size_t *len, bool *nomem);

#endif
