/* vm_world.h — guest processes (the `processes` capability): a world is the
 * run-scoped set of processes one call started, with their pid table, run
 * queue, links, monitors, registered names, timers and the limits the whole
 * tree shares. It is driven by one thread at a time (hl_vm_world_run); the
 * structures are laid out so an engine-owned scheduler can later run a
 * world's processes on its own threads (docs/actors.md). Internal to
 * src/vm and src/host. */
#ifndef HL_VM_WORLD_H
#define HL_VM_WORLD_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "term/term.h"
#include "vm/vm.h"

typedef struct hl_vm_world hl_vm_world;

/* What several worlds share (a scope, host/sched.c): live processes and
 * the bytes their processes hold, updated by each world as it runs (live
 * at spawns and deaths, bytes at each slice's end and at each spawn). */
typedef struct hl_vm_world_budget {
    _Atomic uint64_t live;
    _Atomic uint64_t mem;
    uint64_t max_live, max_mem;
} hl_vm_world_budget;

/* Limits of a whole tree of processes. */
typedef struct hl_vm_world_limits {
    uint64_t max_reductions; /* summed over every process of the world */
    uint64_t max_heap_bytes; /* per process: heap + stack + mailbox + off-heap binaries */
    uint64_t timeout_ns;     /* one deadline for the world, from hl_vm_world_run's start; 0 = none */
    uint32_t max_processes;  /* live at once, the first one included */
    /* the program's modules: what spawn/3 may start (borrowed for the run) */
    const hl_program *const *mods;
    uint32_t nmods;
    hl_vm_world_budget *budget; /* shared with other worlds, or NULL */
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

/* ---- driving a world from an engine scheduler (host/sched.c) ------------ */

/* Runs at most max_slices process slices. HL_VM_YIELD: processes are still
 * runnable; HL_VM_WAIT: none is: every process waits for a message or a
 * timer, *wake_ns is when the earliest timer (or the world's deadline) is
 * due, 0 for never (then only a message from the host can wake it); any
 * other status is the world's outcome, as hl_vm_world_run returns it, and
 * the world must not be stepped again. hl_vm_world_run is this in a loop
 * that sleeps on HL_VM_WAIT. */
hl_vm_status hl_vm_world_step(hl_vm_world *w, uint32_t max_slices, uint64_t *wake_ns);

/* A message the guest sends to the host pseudo-process: msg is a term of
 * `from`'s heap (valid during the call only). Called in the sender's
 * slice, on the thread running the world. HL_TERM_BADARG makes the send
 * raise badarg; *words: what the copy cost (charged to the sender). */
typedef hl_term_status (*hl_vm_world_host_fn)(void *ctx, hl_vm_proc *from, hl_term msg, uint64_t *words);
/* Gives the world a host pseudo-process: a pid its processes can send to
 * (delivered through fn), which is no process (link and monitor find it
 * gone, as a dead process). Returns its pid term. A hosted world whose
 * processes all wait with no timer waits (HL_VM_WAIT, wake 0) instead of
 * ending with a deadline fault. */
hl_term hl_vm_world_set_host(hl_vm_world *w, hl_vm_world_host_fn fn, void *ctx);
/* The first process (its heap receives what the host posts). */
hl_vm_proc *hl_vm_world_first(hl_vm_world *w);
/* Queues a copy of msg (a term of any heap) in the first process's
 * mailbox, between steps. A message past its heap limit
 * kills it (a heap fault of the world). HL_TERM_NOMEM: the world must stop. */
hl_term_status hl_vm_world_post(hl_vm_world *w, hl_term msg);
/* An exit signal (reason: an atom) from the host pseudo-process to the
 * first process, between steps, with OTP's rules (kill: untrappable). */
hl_term_status hl_vm_world_host_exit(hl_vm_world *w, hl_term reason);
/* Live processes now. */
uint32_t hl_vm_world_live(const hl_vm_world *w);

#endif
