/* vm_world.h — guest processes (the `processes` capability): a world is the
 * run-scoped set of processes one call started, with their pid table, run
 * queue, links, monitors, registered names, timers and the limits the whole
 * tree shares. It is driven by one thread at a time (hl_vm_world_run); the
 * structures are laid out so an engine-owned scheduler can later run a
 * world's processes on its own threads (docs/actors.md). Internal to
 * src/vm and src/host. */
#ifndef HL_VM_WORLD_H
#define HL_VM_WORLD_H

#include <stdbool.h>
#include <stdint.h>

#include "term/term.h"
#include "vm/vm.h"

typedef struct hl_vm_world hl_vm_world;

/* Limits of a whole tree of processes. */
typedef struct hl_vm_world_limits {
    uint64_t max_reductions; /* summed over every process of the world */
    uint64_t max_heap_bytes; /* per process: heap + stack + mailbox + off-heap binaries */
    uint64_t timeout_ns;     /* one deadline for the world, from hl_vm_world_run's start; 0 = none */
    uint32_t max_processes;  /* live at once, the first one included */
    /* the program's modules: what spawn/3 may start (borrowed for the run) */
    const hl_program *const *mods;
    uint32_t nmods;
} hl_vm_world_limits;

enum { HL_VM_SLICE = 4000 }; /* reductions a process runs before it yields (BEAM's slice) */

/* A world whose first process is `first` (created by the caller with
 * hl_vm_proc_new and started with hl_vm_start; the world takes it over).
 * NULL when out of memory (first is then still the caller's). */
hl_vm_world *hl_vm_world_new(hl_vm_proc *first, const hl_vm_world_limits *lim);
/* Runs the world until its first process finishes (returns, raises, is
 * killed by an exit signal or faults) or a limit of the whole world stops
 * it. The status is the first process's: DONE (hl_vm_result), EXCEPTION
 * (hl_vm_exception; a first process killed by an exit signal reports
 * exit:Reason), or a fault (reductions, deadline, output, interrupt and
 * out-of-memory faults of any process stop the world; a heap fault of any
 * other process only kills it, with reason `killed`). */
hl_vm_status hl_vm_world_run(hl_vm_world *w);
/* Stops and frees every process but the first (returned to the caller,
 * finished, to read its outcome and free), every timer and the world. */
hl_vm_proc *hl_vm_world_free(hl_vm_world *w);
/* Reductions used by every process of the world so far. */
uint64_t hl_vm_world_reductions(const hl_vm_world *w);

#endif
