/* spare.c — the module's parked process (the one hl_run reuses instead of
 * building a process per call: spare.h) when it is warm, and the engine's
 * budget for the warm memory parked processes keep.
 *
 * A one-shot run of lists:sort on 1,000 integers spent half its time
 * growing a new process's 1 KiB heap block and 128-byte stack again in
 * every call: 22 collections, each scanning the deep stack the list was
 * built under. A parked process therefore keeps the heap block and stack
 * its last run grew (vm.h, hl_vm_proc_park), within two bounds: at most
 * HL_WARM_SPARE_MAX_BYTES past a new process's footprint each, and the
 * engine's HL_ENGINE_LIMIT_WARM_BYTES for all its modules' spares
 * together (a host may hold thousands of modules). Past either, the spare
 * is shrunk to a new process's footprint, which costs no budget (one per
 * module, as before the budget). The budget is counted when a spare is
 * parked and given back when it is taken or freed; a spare's warm bytes do
 * not change while it is parked, so both ends count the same amount. */
#include "host/spare.h"

#include "core/capability.h"

/* Takes n bytes of the engine's warm budget: false when they do not fit. */
static bool warm_reserve(hl_engine *e, uint64_t n) {
    uint64_t max = atomic_load_explicit(&e->warm_max, memory_order_relaxed);
    uint64_t cur = atomic_load_explicit(&e->warm_bytes, memory_order_relaxed);
    do {
        if (n > max || cur > max - n) return false;
    } while (!atomic_compare_exchange_weak_explicit(&e->warm_bytes, &cur, cur + n, memory_order_relaxed,
                                                    memory_order_relaxed));
    return true;
}

/* Gives back what a parked process's warm bytes reserved (a spare is warm
 * only with an engine to count it: hl_host_spare_put_warm). */
static void warm_release(hl_engine *e, uint64_t n) {
    atomic_fetch_sub_explicit(&e->warm_bytes, n, memory_order_relaxed);
}

hl_vm_proc *hl_host_spare_take_warm(const hl_module *module, hl_vm_proc *p, const hl_vm_limits *lim) {
    warm_release(module->engine, hl_vm_proc_warm_bytes(p));
    /* a limit without room for the warm footprint eight times over: a new
     * process's footprint, then the admission as for one */
    if (hl_vm_proc_unpark(p, lim) || (hl_vm_proc_shrink(p) && hl_vm_proc_unpark(p, lim))) return p;
    hl_vm_proc_free(p);
    return NULL;
}

void hl_host_spare_put_warm(const hl_module *module, hl_vm_proc *p, uint64_t warm) {
    /* A program granted processes can read its own heap's size
     * (process_info(self(), heap_size | total_heap_size | memory)): a warm
     * block would show one run the size an earlier run of the module grew,
     * a channel from one caller's run to another's. Its spare is always
     * shrunk to a new process's footprint, so every run sees a new one. */
    if (warm > HL_WARM_SPARE_MAX_BYTES || (module->caps & HL_CAP_PROCESSES) || !module->engine ||
        !warm_reserve(module->engine, warm)) {
        if (!hl_vm_proc_shrink(p)) {
            hl_vm_proc_free(p);
            return;
        }
        warm = 0;
    }
    hl_vm_proc *none = NULL;
    if (!atomic_compare_exchange_strong_explicit(&((hl_module *)module)->spare, &none, p, memory_order_release,
                                                 memory_order_relaxed)) {
        if (warm) warm_release(module->engine, warm);
        hl_vm_proc_free(p);
    }
}

void hl_host_spare_free(hl_module *module) {
    hl_vm_proc *p = atomic_exchange_explicit(&module->spare, NULL, memory_order_acquire);
    if (!p) return;
    if (hl_vm_proc_warm_bytes(p)) warm_release(module->engine, hl_vm_proc_warm_bytes(p));
    hl_vm_proc_free(p);
}
