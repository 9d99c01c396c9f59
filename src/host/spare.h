/* spare.h — the module's parked process (spare.c): what hl_run takes
 * instead of building a process, and gives back when it ends. A spare
 * keeps the heap block and stack its last run grew (so the next run of the
 * same kind starts warm) when they hold at most HL_WARM_SPARE_MAX_BYTES past
 * a new process's footprint and the engine's total stays within its limit
 * (HL_ENGINE_LIMIT_WARM_BYTES) and the program cannot see its heap's size
 * (no processes capability: process_info); otherwise it is shrunk to a new process's
 * footprint, which needs no budget (one per module). The common case, a
 * spare of a new process's footprint, is inline: a one-shot call of a
 * trivial function costs about a thousand instructions in all. */
#ifndef HL_HOST_SPARE_H
#define HL_HOST_SPARE_H

#include <stdatomic.h>

#include "host/host_int.h"
#include "vm/vm.h"
#include "vm/vm_internal.h"

#define HL_WARM_SPARE_MAX_BYTES ((uint64_t)1 << 20)
#define HL_WARM_DEFAULT_BYTES ((uint64_t)8 << 20)

/* spare.c: the paths of a warm process */
hl_vm_proc *hl_host_spare_take_warm(const hl_module *module, hl_vm_proc *p, const hl_vm_limits *lim);
void hl_host_spare_put_warm(const hl_module *module, hl_vm_proc *p, uint64_t warm);

/* The module's spare made ready for a run under lim, or NULL (none, or it
 * did not admit lim: then it is freed). */
static inline hl_vm_proc *hl_host_spare_take(const hl_module *module, const hl_vm_limits *lim) {
    /* taken by exactly one run: the exchange */
    hl_vm_proc *p = atomic_exchange_explicit(&((hl_module *)module)->spare, NULL, memory_order_acquire);
    if (!p) return NULL;
    if (p->warm_bytes) return hl_host_spare_take_warm(module, p, lim);
    if (hl_vm_proc_unpark(p, lim)) return p;
    hl_vm_proc_free(p);
    return NULL;
}

/* Parks p (finished: every term of its run is dropped now) as the
 * module's spare, or frees it (another run parked one first, or memory
 * failed). */
static inline void hl_host_spare_put(const hl_module *module, hl_vm_proc *p) {
    uint64_t warm = hl_vm_proc_park(p);
    if (warm) {
        hl_host_spare_put_warm(module, p, warm);
        return;
    }
    hl_vm_proc *none = NULL;
    if (!atomic_compare_exchange_strong_explicit(&((hl_module *)module)->spare, &none, p, memory_order_release,
                                                 memory_order_relaxed))
        hl_vm_proc_free(p);
}

/* Frees the module's spare (hl_module_free). */
void hl_host_spare_free(hl_module *module);

#endif
