/* vm.h — running guest code: a process (registers, stack, heap, limits)
 * executing a loaded program (vm/load.h) in slices. No longjmp, no abort:
 * every outcome is a status. */
#ifndef HL_VM_VM_H
#define HL_VM_VM_H

#include <stdbool.h>
#include <stdint.h>

#include "vm/load.h"
#include "term/heap.h"
#include "term/term.h"

typedef struct hl_vm_proc hl_vm_proc;

/* Limits of one process. All must be finite except deadline_ns (0 = none). */
typedef struct hl_vm_limits {
    uint64_t max_reductions; /* total, exact: the call that would need one more faults */
    uint64_t max_heap_bytes; /* heap block + fragments + off-heap binaries + stack */
    uint64_t deadline_ns;    /* absolute hl_vm_now_ns() time, 0 = none */
    /* With deadline_ns 0: a deadline this many ns after the run's first
     * chunk of reductions (at most HL_VM_DEADLINE_EVERY) ends, or a wait
     * begins: a call that ends within its first chunk reads no clock;
     * 0 = none. */
    uint64_t timeout_ns;
} hl_vm_limits;

typedef enum hl_vm_status {
    HL_VM_DONE = 0,          /* returned: hl_vm_result */
    HL_VM_YIELD,             /* slice used up: call hl_vm_run again */
    HL_VM_EXCEPTION,         /* uncaught: hl_vm_exception */
    HL_VM_WAIT,              /* blocked in receive (wait / wait_timeout) */
    HL_VM_FAULT_REDUCTIONS,  /* max_reductions reached */
    HL_VM_FAULT_HEAP,        /* max_heap_bytes reached (heap or stack) */
    HL_VM_FAULT_DEADLINE,    /* deadline passed */
    HL_VM_FAULT_NOMEM,       /* the host allocator failed */
    HL_VM_FAULT_STATE,       /* API misuse: not started / already finished */
    HL_VM_FAULT_OUTPUT,      /* a write would pass the output cap (vm_io.h) */
    HL_VM_FAULT_INTERRUPT,   /* the host interrupted it (hl_vm_set_interrupt) */
} hl_vm_status;

hl_vm_proc *hl_vm_proc_new(const hl_program *prog, const hl_vm_limits *lim);
/* hl_vm_proc_new with an initial heap block of heap_words words (0: the
 * default): a spawned guest process starts smaller (docs/actors.md). */
hl_vm_proc *hl_vm_proc_new_sized(const hl_program *prog, const hl_vm_limits *lim, size_t heap_words);
void hl_vm_proc_free(hl_vm_proc *p);
/* Makes a finished (or never started) process ready for another
 * hl_vm_start with new limits, keeping its heap block and stack: every term
 * of the previous call is dropped. */
void hl_vm_proc_reset(hl_vm_proc *p, const hl_vm_limits *lim);
/* For reusing a one-shot run's process (host/spare.c keeps one per
 * module): park drops every term of the finished run (off-heap binaries,
 * heap fragments and the old generation freed) and clears what the run set
 * up (output, bindings, probe). It keeps the young heap block and the stack
 * at the sizes the run left them, so the next run of the same kind starts
 * without growing them again (collections of a small young block under a
 * deep stack were half of a one-shot lists:sort of 1,000 integers). Nothing
 * of the old run can be read by the next: a heap is only read below its
 * top and a stack below its sp, both back at the bottom, and every word is
 * written before it is read (test builds poison the kept words to check).
 * Returns hl_vm_proc_warm_bytes(p). */
uint64_t hl_vm_proc_park(hl_vm_proc *p);
/* The bytes a parked process holds beyond a new process's footprint: its
 * heap block and stack past their initial sizes. */
uint64_t hl_vm_proc_warm_bytes(const hl_vm_proc *p);
/* A parked process given a new process's footprint back (a fresh initial
 * heap block, the stack cut to its initial size): false when an allocation
 * failed (p still valid, perhaps partly shrunk: free it). */
bool hl_vm_proc_shrink(hl_vm_proc *p);
/* A parked process made ready for hl_vm_start under lim, as
 * hl_vm_proc_new(prog, lim) would be except for the sizes of its heap block
 * and stack. False when lim would not admit a new process either, or when
 * the process is warm (hl_vm_proc_warm_bytes) and lim's heap limit is less
 * than 8 times what its block and stack are charged: then shrink it and
 * try again, or free it. */
bool hl_vm_proc_unpark(hl_vm_proc *p, const hl_vm_limits *lim);
/* The flag the process polls at each chunk of reductions (every few
 * thousand, and at every wait): once it is non-zero the run stops with
 * HL_VM_FAULT_INTERRUPT. Setting it is async-signal-safe. NULL: none. */
void hl_vm_set_interrupt(hl_vm_proc *p, const volatile _Atomic int *flag);
/* The process heap, to build arguments in before hl_vm_start. */
hl_heap *hl_vm_proc_heap(hl_vm_proc *p);

/* Prepares a call of function `fn` (an index, see hl_program_find) with
 * nargs = its arity arguments (immediates or terms on this process's heap). */
bool hl_vm_start(hl_vm_proc *p, uint32_t fn, const hl_term *args, uint32_t nargs);
/* Runs for at most `slice` reductions (0 = until the limits). */
hl_vm_status hl_vm_run(hl_vm_proc *p, uint64_t slice);

hl_term hl_vm_result(const hl_vm_proc *p);
/* Class (error/exit/throw), reason and stack trace
 * [{Module, Function, ArityOrArgs, [{line, L}]}] of an uncaught exception. */
void hl_vm_exception(const hl_vm_proc *p, hl_term *cls, hl_term *reason, hl_term *stack);
uint64_t hl_vm_reductions(const hl_vm_proc *p);
/* Usage of the current run (host usage reports): the most memory the
 * process held (heap high-water mark, sampled where the heap grows, plus
 * its stack) and the bytes its guest wrote; hl_vm_usage_reset starts a new
 * high-water mark from what the process holds now (a reused process). */
uint64_t hl_vm_peak_bytes(const hl_vm_proc *p);
uint64_t hl_vm_output_bytes(const hl_vm_proc *p);
void hl_vm_usage_reset(hl_vm_proc *p);
/* Wall time since the call's first clock read (its deadline's start: the
 * end of its first chunk of reductions, its first wait or binding call),
 * 0 when it has read none: what a usage report that reads no clock of its
 * own can give (host/tenant.c). Reads the clock only in the first case. */
uint64_t hl_vm_clock_elapsed_ns(const hl_vm_proc *p);
/* While in HL_VM_WAIT: the timeout in ms (-1 = infinity). */
int64_t hl_vm_wait_ms(const hl_vm_proc *p);
/* While in HL_VM_WAIT: the timeout fired; the next hl_vm_run continues
 * after the wait_timeout (false when no finite timeout is pending). */
bool hl_vm_timeout_fired(hl_vm_proc *p);

/* While in HL_VM_WAIT with nobody able to send (a plain run): sleeps
 * without spinning until the earlier of the receive's timeout and the
 * deadline. Returns YIELD when the timeout fired first (hl_vm_run again
 * continues with the after body), FAULT_DEADLINE when the deadline came
 * first, WAIT when there is neither (it would wait forever). */
hl_vm_status hl_vm_wait_alone(hl_vm_proc *p);
/* Puts a message (an immediate or a term on p's heap) at the end of p's
 * mailbox; a waiting process becomes ready. For actors and tests. */
bool hl_vm_deliver(hl_vm_proc *p, hl_term msg);

uint64_t hl_vm_now_ns(void);

/* Clocks and entropy (vm/bif_time.c, docs/capabilities.md): `caps` are the
 * HL_CAP_* bits the process's program was granted (its clock and
 * entropy builtins raise error:capability without them); `deterministic`
 * gives it the deterministic profile: a virtual clock starting at
 * HL_VM_DET_EPOCH_S (system time) / 0 (monotonic time) that advances
 * HL_VM_DET_NS_PER_RED ns per reduction used, and entropy from a
 * splitmix64 stream seeded with `seed`, restarted by every reset. Kept
 * across hl_vm_proc_reset; cleared by park (a new process has none). */
void hl_vm_set_env(hl_vm_proc *p, uint32_t caps, bool deterministic, uint64_t seed);
/* For a process spawned by `parent` (guest processes): the same
 * capabilities and profile; in the deterministic profile its entropy
 * stream is seeded from the parent's next draw, so a tree of processes
 * scheduled deterministically stays deterministic. */
void hl_vm_env_inherit(hl_vm_proc *child, hl_vm_proc *parent);
/* The `files` capability's mounts for this process (vm/bif_file.c), or
 * NULL: every path is then enoent. Not owned: the host keeps the set alive
 * while the run's processes may read it. hl_vm_set_env clears it; spawned
 * processes inherit it (hl_vm_env_inherit). */
struct hl_mounts;
void hl_vm_set_files(hl_vm_proc *p, struct hl_mounts *fs);
#define HL_VM_DET_EPOCH_S INT64_C(946684800) /* 2000-01-01T00:00:00Z */
#define HL_VM_DET_NS_PER_RED UINT64_C(1000)

/* ---- host bindings (vm_binding.c) ---------------------------------------- */

/* What a binding hook reports for one `call_binding`. */
typedef enum hl_vm_host_status {
    HL_VM_HOST_OK = 0,  /* out->term is the result */
    HL_VM_HOST_ERROR,   /* out->term is Reason: error:{binding_error, M, F, Reason} */
    HL_VM_HOST_BADARG,  /* an argument may not cross (a fun, a handle): error:badarg */
    HL_VM_HOST_UNDEF,   /* the binding is gone (unregistered): error:undef */
    HL_VM_HOST_NOMEM,   /* the host allocator failed: the run faults NOMEM */
    HL_VM_HOST_HEAP_LIMIT, /* the arguments expand past max_words: the run faults HEAP */
    HL_VM_HOST_DEADLINE, /* the binding ran past its own maximum duration: the run faults DEADLINE */
} hl_vm_host_status;

/* A term the hook hands back, living outside the process heap (the VM
 * copies it in, charged to the heap limit) until release(owner). */
typedef struct hl_vm_host_out {
    hl_term term;
    void *owner;
    void (*release)(void *owner);
} hl_vm_host_out;

/* Calls binding `index` of the program's table with args (terms on the
 * process heap, valid during the call only). The arguments may take at most
 * max_words words copied out, all together and expanded (a term sharing
 * subterms is copied once per path): sized before anything is allocated,
 * larger is HL_VM_HOST_HEAP_LIMIT. *words: words the hook copied out of the
 * arguments (charged as reductions). */
typedef hl_vm_host_status (*hl_vm_binding_hook)(void *ctx, uint32_t index, const hl_term *args, uint32_t nargs,
                                                uint64_t max_words, hl_vm_host_out *out, uint64_t *words);

/* Installs the hook `call_binding` uses; without one every binding call
 * raises error:undef. */
void hl_vm_set_binding_hook(hl_vm_proc *p, hl_vm_binding_hook hook, void *ctx);

/* The atoms the host's arguments brought to the next call (a pool the host
 * keeps alive for the call; NULL: none): list_to_existing_atom and
 * binary_to_term find them as they find the program's. hl_vm_proc_reset
 * forgets them. */
void hl_vm_set_host_atoms(hl_vm_proc *p, const hl_atom_pool *pool);

/* Reductions one binding call costs: HL_VM_BINDING_COST, plus one per
 * HL_VM_BINDING_WORDS_PER_RED words copied across (arguments and result). */
#define HL_VM_BINDING_COST 10u
#define HL_VM_BINDING_WORDS_PER_RED 8u

/* hl_print_opts.fun_export (term/print.h): an external fun's module,
 * function and arity from its program (vm_support.c), so it prints as OTP
 * prints it: fun M:F/A. */
bool hl_vm_fun_export_info(const void *program, uint64_t index, hl_term *module, hl_term *function,
                           uint32_t *arity);

#endif
