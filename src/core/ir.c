/* ir.c — lookups over a SafeCore module shared by the passes: the source
 * function table by name/arity, hashed so that a module with many
 * functions and many calls compiles in linear time. */
#include <string.h>

#include "core/core.h"

static uint32_t fun_hash(hl_ast_name name, uint32_t arity) {
    uint32_t h = 2166136261u ^ arity;
    for (uint32_t i = 0; i < name.len; i++) h = (h ^ (unsigned char)name.ptr[i]) * 16777619u;
    return h;
}

static bool fun_is(const hl_core_fun *f, hl_ast_name name, uint32_t arity) {
    return f->arity == arity && f->name.len == name.len && memcmp(f->name.ptr, name.ptr, name.len) == 0;
}

bool hl_core_fun_index_init(hl_core_module *m, uint32_t max_funs) {
    uint32_t n = 16;
    while (n < 2 * (uint64_t)max_funs + 1 && n < (1u << 30)) n *= 2;
    m->fun_slots = hl_arena_alloc_array(&m->arena, n, sizeof *m->fun_slots);
    if (!m->fun_slots) return false;
    memset(m->fun_slots, 0, (size_t)n * sizeof *m->fun_slots);
    m->nfun_slots = n;
    return true;
}

void hl_core_fun_index_add(hl_core_module *m, uint32_t index) {
    if (!m->nfun_slots) return;
    const hl_core_fun *f = &m->funs[index];
    uint32_t mask = m->nfun_slots - 1, i = fun_hash(f->name, f->arity) & mask;
    while (m->fun_slots[i]) i = (i + 1) & mask;
    m->fun_slots[i] = index + 1;
}

int32_t hl_core_find_fun(const hl_core_module *m, hl_ast_name name, uint32_t arity) {
    if (!m->nfun_slots) return -1;
    uint32_t mask = m->nfun_slots - 1, i = fun_hash(name, arity) & mask;
    for (;;) {
        uint32_t s = m->fun_slots[i];
        if (!s) return -1;
        if (s - 1 < m->nsource && fun_is(&m->funs[s - 1], name, arity)) return (int32_t)(s - 1);
        i = (i + 1) & mask;
    }
}
