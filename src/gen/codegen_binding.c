/* codegen_binding.c — the image's binding table (docs/bytecode.md §2.7):
 * the host functions a program was compiled against, in the order of the
 * compile options' declarations, so `call_binding A I` names entry I. The
 * calls themselves are emitted with the other calls (codegen_expr.c). */
#include <string.h>

#include "base/mem.h"
#include "gen/codegen_int.h"

void cg_bindings_intern(cg *c) {
    if (c->failed || c->nbindings == 0) return;
    c->bind_atoms = hl_mem_calloc(c->nbindings, sizeof *c->bind_atoms);
    if (!c->bind_atoms) {
        cg_oom(c);
        return;
    }
    for (uint32_t i = 0; i < c->nbindings && !c->failed; i++) {
        const hl_core_binding *b = &c->bindings[i];
        c->bind_atoms[i][0] = cg_atom_index(c, b->module, (uint32_t)strlen(b->module));
        c->bind_atoms[i][1] = cg_atom_index(c, b->function, (uint32_t)strlen(b->function));
    }
}

size_t cg_bindings_bytes(const cg *c) { return c->nbindings && c->bind_atoms ? 4 + 12 * (size_t)c->nbindings : 0; }

static void put32(uint8_t **p, uint32_t v) {
    (*p)[0] = (uint8_t)v, (*p)[1] = (uint8_t)(v >> 8), (*p)[2] = (uint8_t)(v >> 16), (*p)[3] = (uint8_t)(v >> 24);
    *p += 4;
}

void cg_bindings_write(const cg *c, uint8_t **p) {
    if (!cg_bindings_bytes(c)) return;
    put32(p, c->nbindings);
    for (uint32_t i = 0; i < c->nbindings; i++) {
        put32(p, c->bind_atoms[i][0]);
        put32(p, c->bind_atoms[i][1]);
        put32(p, c->bindings[i].arity);
    }
}
