/* bif_registry.h — the VM's builtins by their core/builtins.def id: each
 * file of builtins registers its C functions in a table of (id, function)
 * pairs, and bif_registry.c joins them into one array indexed by id, which
 * the loader reads for every `bif` operand. */
#ifndef HL_VM_BIF_REGISTRY_H
#define HL_VM_BIF_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#include "core/builtins.h"
#include "vm/load.h"

typedef struct hl_vm_bif_reg {
    uint32_t id; /* HL_BI_* */
    hl_vm_bif_fn fn;
} hl_vm_bif_reg;

/* The C function of builtin `id` (kind BIF), or NULL when this VM has
 * none (the load then fails). Thread-safe. */
hl_vm_bif_fn hl_vm_bif_by_id(uint32_t id);

/* The files' tables (the registry lists them all). */
#define HL_VM_BIF_AREAS(X) X(core) X(bits) X(binary) X(etf) X(io) X(maps) X(std) X(unicode) X(phash) X(phash1) X(re) X(proc) X(time) X(file) X(pdict)
#define HL_VM_BIF_AREA_DECL(area)                  \
    extern const hl_vm_bif_reg hl_vm_bifs_##area[]; \
    extern const size_t hl_vm_bifs_##area##_count;
HL_VM_BIF_AREAS(HL_VM_BIF_AREA_DECL)
#undef HL_VM_BIF_AREA_DECL

#endif
