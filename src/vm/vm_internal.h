/* vm_internal.h — the process structure and the interpreter's runtime
 * opcodes, shared by the interpreter, the loader (which specialises
 * instructions) and the builtins. Not part of any public API. */
#ifndef HL_VM_INTERNAL_H
#define HL_VM_INTERNAL_H

#include "base/buf.h"
#include "bc/bytecode.h"
#include "vm/load.h"
#include "term/heap.h"
#include "vm/vm.h"
#include "vm/vm_receive.h"

/* Runtime opcodes: the bytecode opcodes (same numbers), then halt (the
 * continuation a finished call returns to), lazy (the stub of an import
 * linked on first use, vm/load.c hl_link_lazy) and lazy_fn (the stub of a
 * stdlib function translated on first use, hl_program_fn_load), then the loader's
 * specialisations, one per rule of vm/specialise.def, in its order. */
enum hl_rop {
    HL_ROP__FIRST = HL_OP__COUNT - 1,
    HL_ROP_halt,
    HL_ROP_lazy,
    HL_ROP_lazy_fn,
#define HL_SPEC(name, op, kinds, value, next, next_kinds, next2) HL_ROP_##name,
#include "vm/specialise.def"
#undef HL_SPEC
    HL_ROP__COUNT
};

/* Handler table (labels-as-values addresses, or opcode numbers in the
 * switch build) indexed by runtime opcode, and the halt continuation. */
const hl_tword *hl_vm_handlers(void);
const hl_tword *hl_vm_halt_code(void);

/* Handle-immediate subtags the VM uses in stack slots. HL_VM_H_CP_MARK: a
 * saved continuation a collection has marked (hl_vm_gc); it reads as a CP
 * everywhere (only the payload of a CP is ever used). They are disjoint
 * from the subtags of guest terms (pids, ports, references: term/term.h),
 * so a guest value stored in a y slot can never be taken for a return
 * address or a catch mark when the stack is unwound or walked. */
enum { HL_VM_H_CP = 8, HL_VM_H_CATCH = 9, HL_VM_H_CP_MARK = 10 };
_Static_assert((int)HL_VM_H_CP > (int)HL_HANDLE_REF && (int)HL_VM_H_CATCH > (int)HL_HANDLE_REF &&
                   (int)HL_VM_H_CP_MARK > (int)HL_HANDLE_REF && (int)HL_VM_H_CP_MARK <= 15,
               "VM stack subtags must not be guest term subtags");

/* The fault of a term-layer allocation that failed: the host allocator
 * (NOMEM) or the process's heap limit (anything else that reaches here). */
static inline hl_vm_status hl_vm_heap_fault(hl_term_status ts) {
    return ts == HL_TERM_NOMEM ? HL_VM_FAULT_NOMEM : HL_VM_FAULT_HEAP;
}

enum { HL_VM_STACK_INIT = 16, HL_VM_TRACE_DEPTH = 8, HL_VM_DEADLINE_EVERY = 1024, HL_VM_XSAVE_SMALL = 8 };
enum { HL_VM_ALLOC_SMALL = 6 }; /* allocate_small: slots + CP + size <= 8 words */

/* Private status a builtin returns after setting p->bif_class and
 * p->bif_reason to raise Class:Reason itself. */
#define HL_VM_BIF_RAISE ((hl_term_status)100)
/* Private status of a builtin that did its quantum of work and saved its
 * continuation in p->trap: the interpreter executes the same instruction
 * again after a preemption point (vm/vm_trap.h, docs/builtins.md). */
#define HL_VM_BIF_TRAP ((hl_term_status)101)

/* A builtin's saved continuation (vm/vm_trap.h). t: collection roots. */
enum { HL_VM_TRAP_TERMS = 6 };
typedef struct hl_vm_trap {
    hl_vm_bif_fn fn; /* the builtin that trapped; NULL: none */
    hl_term t[HL_VM_TRAP_TERMS];
    uint64_t n[6];
    void *buf; /* host memory the call owns: freed when it ends or the process is freed */
    void (*buf_free)(void *); /* how buf is freed (NULL: hl_mem_free); a deflate stream needs more */
    size_t buf_charged; /* bytes of buf counted against the heap limit (hl_vm_trap_buf_charge) */
    /* A stack of terms the call owns (vm/vm_trap.c): collection roots, for a
     * walk whose pending work grows with the term's depth. Host memory,
     * counted against the heap limit (roots_cap words). */
    hl_term *roots;
    size_t nroots, roots_cap;
    size_t cmp_base; /* the comparison walk's frames start here (below: a map operation's pairs) */
    /* A large tuple or list being filled outside the heap
     * (vm/bif_tuple_build.c, the merge of bif_sort.c): the words filled so
     * far are collection roots; counted against the heap limit as if it
     * were in the heap. */
    struct hl_heap_frag *frag;
    size_t frag_filled, frag_root_off; /* roots: words [off, off + filled) */
} hl_vm_trap;

/* What the longest single builtin calls of a run cost (filled only in
 * HL_TEST_HOOKS builds; zero otherwise): the largest reduction charge of one
 * call (work units >> HL_VM_TRAP_COST_SHIFT, deterministic) and the longest
 * wall time of one call, with the builtins that did them. */
typedef struct hl_vm_bif_probe {
    uint64_t max_cost, max_ns;
    hl_vm_bif_fn max_cost_fn, max_ns_fn;
    uint64_t traps;         /* HL_VM_BIF_TRAP returns */
    uint64_t gcs_mid_trap;  /* collections while a builtin's state was saved */
    uint64_t gc_ns;         /* time in collections (left out of a probed call) */
    uint64_t max_cost_map;  /* the largest charge of a call that hashed map keys (vm_map.c) */
} hl_vm_bif_probe;
/* Private status of a builtin whose write would pass the run's output cap
 * (vm/bif_io.c): the run stops with HL_VM_FAULT_OUTPUT. */
#define HL_VM_BIF_OUTPUT ((hl_term_status)102)
/* Private status of erlang:hl_hibernate/2 (vm/bif_proc.c): its arguments
 * are checked; the interpreter hibernates the process (vm_hibernate.c). */
#define HL_VM_BIF_HIBERNATE ((hl_term_status)103)

/* A guest process's part in a world (vm_world.c): zero in a run without
 * processes. Links and monitors are small arrays (their lengths are bounded
 * by the live processes and charged when scanned). */
typedef struct hl_vm_mon {
    uint64_t ref;  /* the monitor's reference number */
    uint64_t pid;  /* the other end */
    hl_term name;  /* monitor(process, Name): the name it was made with, else 0 */
    hl_term tag;   /* monitor/3's {tag, T} (an immediate: no GC root), else 0: 'DOWN' */
} hl_vm_mon;
typedef struct hl_vm_actor {
    uint64_t pid;               /* its number: <0.pid.0>; 0 when not in a world */
    struct hl_vm_proc *next;    /* run queue link */
    struct hl_vm_proc *next_dying; /* dying list link */
    uint32_t flags;             /* HL_ACT_* */
    uint32_t nlinks, clinks, nmon_out, cmon_out, nmon_in, cmon_in;
    uint64_t *links;            /* pids linked to it */
    hl_vm_mon *mon_out;         /* monitors it holds (pid: the target) */
    hl_vm_mon *mon_in;          /* monitors on it (pid: the watcher) */
    hl_term reason;             /* exit reason while HL_ACT_PENDING / HL_ACT_DYING (own heap) */
    hl_term name;               /* registered name, or 0 */
    struct hl_vm_timer *recv_timer; /* its receive ... after timer, when one was needed */
    uint64_t wait_seq;          /* counts its waits: a stale receive timer is ignored */
    uint64_t mem;               /* bytes counted for it in its world's (and scope's) memory */
} hl_vm_actor;
enum {
    HL_ACT_TRAP = 1u << 0,    /* process_flag(trap_exit, true) */
    HL_ACT_QUEUED = 1u << 1,  /* on the run queue */
    HL_ACT_PENDING = 1u << 2, /* an exit signal killed it while it ran: it dies when it yields */
    HL_ACT_YIELD = 1u << 3,   /* a builtin asked the interpreter to end the slice now */
    HL_ACT_DYING = 1u << 4,   /* on the dying list */
    HL_ACT_DEAD = 1u << 5,    /* gone from the world; freed when the run queue drops it */
    HL_ACT_RUNNING = 1u << 6, /* its slice is running now */
    /* process_flag(priority, _) / spawn_opt's {priority, _}: reported by
     * process_info, no effect on scheduling (docs/actors.md §1); neither: normal */
    HL_ACT_PRIO_LOW = 1u << 7,
    HL_ACT_PRIO_HIGH = 1u << 8,
};

struct hl_vm_proc {
    const hl_program *prog;
    /* the atoms the host's arguments brought to this call that the program
     * does not contain (host/host_atoms.c); NULL when none. Owned by the host. */
    const hl_atom_pool *host_atoms;
    hl_heap heap;
    hl_term *stack; /* frames: [y0..y(n-1)][CP][n] growing upward */
    size_t stack_cap; /* words */
    /* a parked process's heap block and stack bytes past a new process's
     * (hl_vm_proc_park sets it; hl_vm_proc_warm_bytes) */
    uint64_t warm_bytes;
    size_t sp;        /* saved stack top (words) */
    size_t e;         /* saved frame base (words) */
    const hl_tword *pc, *cp;
    hl_term *xsave;   /* the live x registers while not running: xsave_small or an allocation */
    uint32_t nlive, xcap; /* registers saved / capacity of xsave */
    hl_term xsave_small[HL_VM_XSAVE_SMALL]; /* a call's arguments need no allocation */
    const hl_tword *halt; /* hl_vm_halt_code(), read once at creation */
    uint32_t xlim;        /* x registers the code can name (prog->x_span) */
    uint64_t reds_used, max_reds;
    uint64_t deadline_ns, max_heap;
    uint64_t timeout_ns; /* when deadline_ns is 0: the deadline is set this far after the first refill */
    uint64_t clock0_ns;  /* when hl_vm_arm_deadline set the deadline (the call's first clock read), 0: not yet */
    uint64_t chunk;    /* size of the current chunk of reductions */
    uint64_t bif_cost; /* extra reductions charged by the last builtin */
    uint64_t reds_debt; /* builtin cost the current chunk could not pay */
    hl_term bif_class, bif_reason; /* what a builtin returning HL_VM_BIF_RAISE raises */
    hl_term bif_stack; /* its stack trace (erlang:raise/3), or 0: build one */
    uint32_t catches;  /* active try/catch marks on the stack */
    /* Stack words [0, stack_clean) pointed only into the old generation
     * after the last collection; valid for the part still below the
     * topmost frame that collection marked (see hl_vm_gc). */
    size_t stack_clean;
    int state;         /* enum below */
    int64_t wait_ms;
    const hl_tword *timeout_pc;
    uint64_t wait_until_ns; /* when a finite wait_timeout expires (absolute) */
    hl_vm_mailbox mbox;     /* empty until actors exist; a GC root */
    hl_term result;
    hl_term exc_class, exc_reason, exc_stack;
    hl_vm_binding_hook binding_hook; /* host bindings (vm_binding.c) */
    void *binding_ctx;
    hl_vm_trap trap;       /* an unfinished builtin call's state (vm_trap.h) */
    hl_vm_bif_probe probe; /* test builds: the longest builtin calls */
    const volatile _Atomic int *interrupt; /* the host's stop flag, or NULL */
    hl_buf *output;        /* captured output (vm/bif_io.c), or NULL */
    uint64_t output_cap, output_bytes;
    struct hl_vm_world *world; /* its world (vm_world.c), or NULL: processes not granted */
    hl_vm_actor act;
    /* clocks and entropy (vm/bif_time.c, hl_vm_set_env): the capabilities
     * (HL_CAP_*) the run's program was granted, and the deterministic
     * profile (a virtual clock, and a splitmix64 stream from det_seed) */
    uint32_t caps;
    bool det;
    uint64_t det_seed, det_rng;
    int64_t last_now_us;    /* erlang:now/0's last answer: each is later than the one before */
    uint64_t bif_reds_left; /* the chunk's reductions left when the current builtin was called */
    hl_term rand_state;     /* lib/rand.erl's process state, HL_NIL: unseeded; a GC root */
    /* the process dictionary (vm/bif_pdict.c): a map on the process heap,
     * HL_NIL when empty; a GC root, counted in its heap like any term */
    hl_term dict;
    struct hl_mounts *fs;   /* the files capability's mounts (vm/vm_fs.h), or NULL; not owned */
    hl_term proc_starter;   /* lib/proc_lib.erl's starter (a pid, immediate: no GC root), HL_NIL: none */
    /* gen:call's tags of calls that timed out (references: immediates, no
     * GC root): a late reply {Tag, _} is dropped on delivery, as OTP 25
     * drops a reply to a deactivated alias. At most HL_VM_DROP_TAGS (the
     * oldest is forgotten past them), allocated on first use. */
    hl_term *drop_tags;
    uint32_t n_drop_tags, drop_next;
};

#define HL_VM_DROP_TAGS 16

enum { HL_PS_NEW, HL_PS_READY, HL_PS_WAIT, HL_PS_DONE, HL_PS_EXC, HL_PS_FAULT };

/* call_binding (vm_binding.c): p->pc at the instruction, x0..x(arity-1)
 * the arguments. Returns as hl_vm_raise does: CONTINUE with p->pc at the
 * next instruction (x0 = the result) or at a handler, EXCEPTION or a fault.
 * Sets p->bif_cost to the reductions the call costs beyond the one the
 * instruction charged. */
hl_vm_status hl_vm_call_binding(hl_vm_proc *p, hl_term *x, uint32_t arity, uint32_t index);


/* list_to_existing_atom and friends (vm_support.c): a static atom, one of
 * the program's, or one the host's arguments brought to this call. */
hl_term_status hl_vm_existing_atom(const hl_vm_proc *p, const char *name, size_t len, hl_term *out);

#endif
