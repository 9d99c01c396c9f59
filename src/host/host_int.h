/* host_int.h — what the files of src/host share: the error object, the
 * engine (with its program cache), the module and host-value layouts. */
#ifndef HL_HOST_HOST_INT_H
#define HL_HOST_HOST_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/diag.h"
#include "front/limits.h"
#include "vm/load.h"
#include "hyperlang.h"
#include "term/atom.h"
#include "term/heap.h"
#include "term/term.h"
#include "vm/vm.h"
#include "vm/vm_fs.h"

struct hl_module;
struct hl_run_limits;
/* run.c: a run of a program granted "processes": p (started, its output
 * and bindings set) is the first process of a world of at most
 * max_processes live ones; the others are stopped and freed when it
 * finishes, p keeps its outcome. *reds: the whole tree's reductions. */
hl_vm_status hl_host_run_world(const struct hl_module *module, struct hl_vm_proc *p,
                               const struct hl_run_limits *lim, uint32_t max_processes, uint64_t *reds);

struct hl_error {
    hl_status status;
    char *message;          /* rendered text */
    hl_diags diags;         /* compile errors (taken from the front end) */
    hl_limit_kind limit;    /* HL_ELIMIT from a run */
    char *exc_class, *exc_reason, *exc_stack; /* HL_EEXCEPTION */
    /* the same as host values (hl_error_exception_value), indexed by
     * hl_exception_part; a NULL value has the status saying why */
    hl_value *exc_value[3];
    hl_status exc_value_status[3];
    /* reductions the run used, for errors of a run that started */
    bool has_reductions;
    uint64_t reductions;
    /* what the run used (hl_error_usage), for every error of a run */
    bool has_usage;
    hl_usage usage;
};

/* A binding the options grant (binding.c); kept sorted, so the cache key
 * does not depend on the order of the grants. */
typedef struct hl_host_grant {
    char *module, *function;
    uint32_t arity;
} hl_host_grant;

struct hl_compile_options {
    hl_front_limits front;   /* front.headers points into headers below */
    hl_front_header *headers; /* owned copies (api.c) */
    uint32_t nheaders;
    hl_host_grant *grants;
    uint32_t ngrants, gcap;
    /* Options made from a policy (policy.c): a limit may only be lowered
     * below ceiling[which], and no binding outside the policy granted. */
    bool capped;
    uint64_t ceiling[HL_LIMIT_ATOMS + 1];
    uint32_t caps; /* HL_CAP_* (core/capability.h) the options grant; part of the cache key */
};

/* One registration of a host binding (binding.c). `refs` keeps the memory
 * (the engine's table, every module compiled against it); `active` counts
 * the registration itself plus the calls running now, and the finalizer
 * runs when it drops to 0 — once. */
typedef struct hl_host_binding {
    atomic_uint refs;
    atomic_uint active;
    char *module, *function;
    uint32_t arity;
    hl_binding_fn fn;
    void *data;
    hl_binding_finalizer finalizer;
    uint64_t serial; /* unique per registration: part of the cache key */
    _Atomic uint64_t max_ns; /* hl_engine_set_binding_timeout; 0: none */
} hl_host_binding;

/* What the binding hook needs of the run it serves (binding.c): one per
 * run (run.c) or tenant (tenant.c), never shared between threads. */
typedef struct hl_host_run_ctx {
    const hl_module *module;
    hl_usage *usage; /* binding_calls and binding_ns are added here */
    hl_audit_fn audit;
    void *audit_data;
    const void *tenant;
    char overran[320]; /* set when a binding passed its own maximum: the fault's message */
} hl_host_run_ctx;

enum { HL_HOST_MAX_BINDINGS = 1024 };

/* The program cache: content hash -> module (one reference held), at
 * most HL_CACHE_MAX entries and the engine's cache_max_bytes bytes
 * (modules and source copies, least recently used evicted first). */
enum { HL_CACHE_MAX = 256 };
#define HL_CACHE_DEFAULT_BYTES ((uint64_t)128 << 20)
typedef struct hl_cache_entry {
    uint8_t key[32]; /* SHA-256 (cache_key), only of sources over HL_CACHE_COPY_MAX (src NULL) */
    hl_module *module;
    uint64_t stamp; /* last use (insertion or hit): the least recent goes first */
    uint64_t bytes; /* the module's and the source copy's */
    /* Fast path of a hit: a cheap hash, then an exact comparison of the
     * source and options (sources up to HL_CACHE_COPY_MAX are kept). */
    uint64_t fast;
    size_t len;
    char *src;
    hl_front_limits lim;
    uint8_t bkey[32]; /* the resolved bindings (binding.c) */
} hl_cache_entry;

enum { HL_CACHE_COPY_MAX = 1u << 20 };

struct hl_engine {
    pthread_mutex_t lock;
    atomic_uint refs; /* the host's, plus one per live module */
    /* the engine's atoms: every module it loads interns into this table
     * (its own lock; names are read without it) */
    hl_atom_table *atoms;
    /* the module table (modules.c): the stdlib's modules, indexed like
     * hl_stdlib_images, loaded on first use under mods_lock and published
     * with stdlib_ready[i] (release) */
    pthread_mutex_t mods_lock;
    hl_program **stdlib;
    atomic_bool *stdlib_ready;
    /* how every module of the engine links a stdlib import on first use */
    hl_vm_linker linker;
    hl_cache_entry *cache; /* HL_CACHE_MAX of them, allocated by the first insertion */
    uint32_t ncache;
    uint64_t stamp;
    uint64_t cache_bytes, cache_max_bytes; /* held, and the bound (hl_engine_set_cache_bytes) */
    /* compiles answered from the cache and compiles that built
     * (hl_engine_cache_stats): counted outside the lock */
    _Atomic uint64_t cache_hits, cache_misses;
    /* registered bindings (binding.c), under lock */
    hl_host_binding **bindings;
    uint32_t nbindings, bcap;
    uint64_t binding_serial;
    /* hl_engine_set_audit, under lock (audit.c) */
    hl_audit_fn audit;
    void *audit_data;
    /* set (release) once a callback was ever set: until then a run reads
     * no lock to find there is none (a one-shot hl_run's fixed cost) */
    atomic_bool audit_ever;
    /* the scheduler (sched.c), started by the first actor (under lock);
     * its worker count (hl_engine_set_workers, 0: the online cores); closed
     * by hl_engine_free: no actor starts after it */
    _Atomic(struct hl_sched *) sched;
    struct hl_scope *default_scope;
    uint32_t workers;
    bool sched_closed;
    /* hl_engine_set_program_store (under lock; copied by each compile) */
    hl_program_store store;
    /* the warm memory of the modules' parked processes (spare.c): bytes
     * held past a new process's footprint, and the bound
     * (HL_ENGINE_LIMIT_WARM_BYTES) */
    _Atomic uint64_t warm_bytes, warm_max;
};

struct hl_module {
    atomic_uint refs;
    hl_program *prog;   /* the entry module: mods[0] */
    hl_program **mods;  /* the program's modules, in the order given */
    uint32_t nmods;
    uint64_t bytes;     /* what the modules hold (hl_program.bytes) */
    hl_engine *engine;  /* one reference: the stdlib modules it links */
    uint8_t key[32];    /* the cache's SHA-256 key, set only for sources over HL_CACHE_COPY_MAX */
    /* the registrations prog's binding table resolved to, same order */
    hl_host_binding **bindings;
    uint32_t nbindings;
    uint32_t caps; /* the capabilities it was compiled with (HL_CAP_*): its runs may use them */
    /* a parked process of a finished hl_run (spare.c): the next hl_run
     * takes it instead of building one; NULL when none */
    _Atomic(struct hl_vm_proc *) spare;
    /* the gated bytecode image of each module, kept for hl_module_save */
    uint8_t **images;
    size_t *image_lens;
};

/* program.c: a module of n loaded, linked modules (taken over, with the
 * images and the bindings, also on failure: NULL then, out of memory). */
hl_module *hl_host_module_make(hl_engine *engine, hl_program **mods, uint8_t **images, size_t *image_lens,
                               size_t n, uint32_t caps, hl_host_binding **bnd, uint32_t nbnd);

/* saved.c */
/* The build id (SHA-256 of the version and the builtin allowlist): what a
 * saved program and a program store's key carry. Computed once per
 * process on first use (thread-safe), immutable after. */
const uint8_t *hl_host_build_id(void);
/* hl_module_load's work for bindings already resolved (bnd, in grant
 * order; borrowed: the module takes references of its own). */
hl_status hl_host_module_load(hl_engine *engine, const uint8_t *bytes, size_t len, const hl_front_limits *lim,
                              uint32_t caps, hl_host_binding **bnd, uint32_t nbnd, hl_module **out, hl_error **err);

/* Shared storage of host values: a heap that owns the copied terms. */
typedef struct hl_vstore {
    atomic_uint refs;
    hl_heap heap;
    /* the distinct non-static atoms of the store's terms, each retained
     * once while the store lives (set when its root value is made, before
     * the value is published; released without walking or allocating) */
    hl_term *atoms;
    size_t natoms;
    bool atoms_held;
} hl_vstore;

/* Positions of a list's elements or a map's pairs, built on the first
 * positional access (hl_value_element, hl_value_map_pair)
 * so that enumerating n of them costs O(n), not O(n^2). Lists: items[i]
 * is element i (n cons cells, proper or not); maps: items[2i], items[2i+1]
 * are pair i's key and value. */
typedef struct hl_value_index {
    size_t n;
    hl_term tail; /* lists: what the last cons cell's tail is ([] when proper) */
    hl_term items[];
} hl_value_index;

struct hl_value {
    hl_vstore *store; /* NULL for immediates */
    hl_term t;
    /* built at most once, published with release / read with acquire:
     * a value may be read by several threads at once */
    _Atomic(hl_value_index *) index;
};

/* An immediate that needs no reference (a small integer, [], a static
 * atom) is not allocated: its handle is the term word itself. Every
 * immediate's low two bits are 11 (term/term.h) and an allocated value is
 * aligned, so the handle says which it is. A warm call that takes and
 * returns such terms (most host calls) allocates nothing for them;
 * hl_value_free of one does nothing. */
_Static_assert(sizeof(uintptr_t) >= sizeof(hl_term), "a handle holds a term word");
_Static_assert(_Alignof(struct hl_value) >= 4, "an allocated handle's low two bits are 00");
static inline bool hl_host_value_inline(const hl_value *v) { return ((uintptr_t)v & 3) == 3; }
/* t can be an inline handle (see above). */
static inline bool hl_host_term_inlines(hl_term t) {
    return hl_is_small(t) || t == HL_NIL || (hl_is_atom(t) && hl_atom_is_static(t));
}
static inline hl_value *hl_host_value_of_immed(hl_term t) { return (hl_value *)(uintptr_t)t; }
/* The term of a handle (inline or allocated). */
static inline hl_term hl_host_vterm(const hl_value *v) {
    return hl_host_value_inline(v) ? (hl_term)(uintptr_t)v : v->t;
}
/* The store of a handle: NULL for every immediate. */
static inline hl_vstore *hl_host_vstore(const hl_value *v) { return hl_host_value_inline(v) ? NULL : v->store; }

/* term_api.c: visits every subterm of root (iteratively); visit returns
 * false to stop (HL_EREJECTED). HL_ENOMEM when the walk stack cannot grow. */
hl_status hl_host_walk(hl_term root, bool (*visit)(void *ctx, hl_term t), void *ctx);

/* host_atoms.c: copies a call's arguments into dst (targs[i]), every atom
 * re-interned by name into the program's engine table: the program's own
 * atom when it has the name, else one of a new pool for the call (*pool,
 * NULL when none was needed; the caller frees it after the call) holding
 * at most `quota` names (HL_ELIMIT, HL_LIMIT_KIND_ATOMS past it). Errors
 * are set in *err; nothing is left allocated on failure. */
hl_status hl_host_args_in(const hl_program *prog, hl_heap *dst, hl_value *const *args, size_t nargs, uint64_t quota,
                          hl_term *targs, hl_atom_pool **pool, hl_error **err);

/* run.c: the error of a compile whose atoms an atom limit refused
 * (HL_ELIMIT, HL_LIMIT_KIND_ATOMS), naming the limit and how to raise it:
 * the program's quota (HL_ATOM_FAULT_QUOTA) or the engine's table. */
hl_status hl_host_atom_limit_error(hl_error **err, const char *name, hl_atom_fault fault, uint64_t quota,
                                   hl_atom_table *table);

/* api.c */
hl_error *hl_host_error_new(hl_status status, const char *message);
hl_error *hl_host_error_from_diags(hl_diags *diags, const char *name);
hl_status hl_host_set_error(hl_error **err, hl_error *e);
/* mounts.c: a new mount set with the host's term reader (file:consult/1). */
hl_vm_fs *hl_host_mounts_new(void);
/* policy.c: the policy's mounts opened as one set (NULL when none). */
hl_status hl_host_policy_open_mounts(const hl_policy *policy, hl_vm_fs **out, hl_error **err);
extern struct hl_error hl_host_oom_error;

/* term_api.c */
/* Checks that a guest term may leave (no funs, no handles) and copies it
 * into a new host value (atoms retained). HL_EREJECTED / HL_ENOMEM. */
/* Copies a guest term out (funs and handles refused: HL_EREJECTED); a term
 * whose copy would pass max_words words is refused with HL_ELIMIT before
 * anything is walked or allocated. *words (may be NULL) gets its size. */
hl_status hl_host_value_from_term(hl_term t, size_t max_words, size_t *words, hl_value **out);
/* HL_OK when every atom of t is static or in pool, HL_EREJECTED when one
 * is not, HL_ENOMEM. */
hl_status hl_host_term_atoms_known(hl_term t, const hl_atom_pool *pool);
/* A second handle on v's term (shares its store). */
hl_status hl_host_value_dup(const hl_value *v, hl_value **out);
/* Fills e's exception values from a guest exception (each copied out under
 * max_words, as a run's result; funs and handles refused per part; a stack
 * entry's argument list that cannot leave becomes its length). */
void hl_host_exception_values(hl_error *e, hl_term cls, hl_term reason, hl_term stack, size_t max_words);
/* Text of a term: ~p (pretty, 80 columns) or ~w; false on NOMEM. */
bool hl_host_term_text(hl_buf *out, hl_term t, bool pretty);

/* binding.c */
void hl_host_bindings_engine_free(hl_engine *engine);
void hl_host_grants_free(hl_compile_options *opts);
/* Whether the engine (ctx) registers the binding module:function/arity
 * (hl_core_options.binding_registered: only to word a refusal). Takes the
 * engine lock. */
bool hl_host_binding_registered(const void *ctx, const char *module, size_t mlen, const char *function, size_t flen,
                                uint32_t arity);
/* What a compilation's or a load's options resolve to. */
typedef struct hl_host_resolved {
    hl_front_limits lim;    /* opts->front, or the defaults when opts is NULL */
    uint32_t caps;          /* opts->caps, or none */
    hl_host_binding **bnd;  /* the grants resolved to the engine's registrations, */
    uint32_t nbnd;          /* one reference each, in grant order: the caller releases them */
    uint8_t bkey[32];       /* their hash (all zero when there are none) */
} hl_host_resolved;
/* Resolves opts (NULL: the defaults, no grants) now, so that the module
 * keeps its bindings (never a dangling pointer). HL_EMISUSE (a grant not
 * registered) / HL_ENOMEM with *err set. */
hl_status hl_host_options_resolve(hl_engine *engine, const hl_compile_options *opts, hl_host_resolved *r,
                                  hl_error **err);
void hl_host_bindings_release(hl_host_binding **b, uint32_t n);
/* The VM's binding hook (vm/vm.h) for a run of module (ctx). */
hl_vm_host_status hl_host_binding_hook(void *ctx, uint32_t index, const hl_term *args, uint32_t nargs,
                                       uint64_t max_words, hl_vm_host_out *out, uint64_t *words);
/* audit.c: the engine's audit callback now (fn NULL when none), and one
 * record sent to it (nothing when fn is NULL). */
void hl_host_audit_get(hl_engine *engine, hl_audit_fn *fn, void **data);
void hl_host_audit_emit(hl_audit_fn fn, void *data, hl_audit_kind kind, hl_status status, hl_limit_kind limit,
                        const char *name, const void *tenant, const hl_usage *usage);
/* Thread CPU time in ns (0 when the clock is missing). */
uint64_t hl_host_cpu_ns(void);

/* tenant.c: from now on limits may only be lowered (hl_policy_limits). */
void hl_host_limits_cap(hl_limits *limits);
/* tenant.c: a limits object's values (NULL: the defaults), and its
 * deterministic profile (false when none). */
void hl_host_limits_values(const hl_limits *limits, hl_run_limits *out, uint64_t *host_atoms);
bool hl_host_limits_det(const hl_limits *limits, uint64_t *seed);

/* policy.c: a policy's host-atom quota per call (the default for NULL). */
uint64_t hl_host_policy_host_atoms(const hl_policy *policy);
/* policy.c: whether runs under the policy take the deterministic profile
 * (hl_policy_set_deterministic), and its seed. */
bool hl_host_policy_det(const hl_policy *policy, uint64_t *seed);

/* True while this thread runs a binding callback. */
bool hl_host_in_binding(void);

/* run.c */
hl_status hl_host_limit_error(hl_error **err, hl_limit_kind kind);
hl_status hl_host_undef_error(hl_error **err, const hl_program *prog, const char *function, size_t nargs);
hl_status hl_host_outcome(hl_vm_proc *p, hl_vm_status st, uint64_t max_heap_bytes, hl_value **result,
                          hl_error **err);
/* Test builds' hooks (run.c); in a shipped build they are nothing, not
 * even a call on a warm call's path. */
#ifdef HL_TEST_HOOKS
void hl_host_test_gc(hl_heap *heap);
void hl_host_test_bif_probe_report(const hl_vm_proc *p);
#else
static inline void hl_host_test_gc(hl_heap *heap) { (void)heap; }
static inline void hl_host_test_bif_probe_report(const hl_vm_proc *p) { (void)p; }
#endif

/* api.c: drops one reference to the engine (hl_engine_free drops the host's). */
void hl_host_engine_release(hl_engine *engine);

/* modules.c */
hl_status hl_host_modules_init(hl_engine *engine);
void hl_host_modules_free(hl_engine *engine);
/* Index in hl_stdlib_images of the stdlib module `module` (an atom) or
 * called name, or -1. */
int hl_host_stdlib_index(hl_term module);
int hl_host_stdlib_index_name(const char *name, size_t len);
/* Loads stdlib module k (and what it imports) into the engine once. */
hl_status hl_host_stdlib_ensure(hl_engine *engine, int k, hl_error **err);
const hl_program *hl_host_stdlib_get(hl_engine *engine, int k);
/* Links a program's loaded modules: their imports resolve to each other
 * and to the stdlib (loaded as needed). HL_ECOMPILE with a message in why
 * when an import does not resolve; other failures set *err. */
hl_status hl_host_link_program(hl_engine *engine, hl_program *const *mods, size_t n, char *why, size_t whylen,
                               hl_error **err);

/* sha256.c */
typedef struct hl_sha256 {
    uint32_t h[8];
    uint64_t len;
    uint8_t buf[64];
    uint32_t nbuf;
} hl_sha256;
void hl_sha256_init(hl_sha256 *s);
void hl_sha256_update(hl_sha256 *s, const void *data, size_t len);
void hl_sha256_final(hl_sha256 *s, uint8_t out[32]);

#endif
