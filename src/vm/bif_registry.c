/* bif_registry.c — one array of the VM's builtins indexed by their
 * core/builtins.def id, joined once (thread-safely) from the tables each
 * file of builtins registers (bif_registry.h); immutable afterwards. The
 * loader resolves a `bif` operand with one array read instead of a chain
 * of string lookups across files. */
#include "vm/bif_registry.h"

#include <pthread.h>

static hl_vm_bif_fn by_id[HL_BI__COUNT];
static pthread_once_t by_id_once = PTHREAD_ONCE_INIT;

static void join(void) {
#define HL_VM_BIF_AREA_JOIN(area)                                    \
    for (size_t i = 0; i < hl_vm_bifs_##area##_count; i++)           \
        if (hl_vm_bifs_##area[i].id < HL_BI__COUNT) by_id[hl_vm_bifs_##area[i].id] = hl_vm_bifs_##area[i].fn;
    HL_VM_BIF_AREAS(HL_VM_BIF_AREA_JOIN)
#undef HL_VM_BIF_AREA_JOIN
}

hl_vm_bif_fn hl_vm_bif_by_id(uint32_t id) {
    pthread_once(&by_id_once, join);
    return id < HL_BI__COUNT ? by_id[id] : NULL;
}
