/* load.h — the loader and linker: turn a gated image (bc/gate.h) into a
 * runnable, immutable module: threaded code with pre-decoded operands,
 * literals materialised in a literal area outside every process heap, atoms
 * interned as the module's pool; then link its imports (call_ext) to the
 * entries of other loaded modules. A linked module is shareable across
 * threads. (hl_program is one loaded module; the host's program is a set of
 * them, docs/design.md.) */
#ifndef HL_VM_LOAD_H
#define HL_VM_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bc/gate.h"
#include "term/atom.h"
#include "term/term.h"

struct hl_vm_proc;
typedef hl_term_status (*hl_vm_bif_fn)(struct hl_vm_proc *p, const hl_term *args, hl_term *out);

/* Threaded code: one word per bytecode word, so code offsets, labels and
 * line-table offsets are the same indices in both. Word 0 of an instruction
 * is the handler (address for computed goto, else the runtime opcode);
 * operands are pre-decoded (docs/bytecode.md §5):
 *   s/d/y  (index << 3) | 0 x, 1 y, 2 constant (HL_VM_OPND_*): the
 *          index as a byte offset, so an x register is one load with no
 *          shift (HL_VM_XREG); a constant's index is counted from
 *          HL_VM_CONST_BASE, so one operand word names the constant of
 *          any module and the interpreter never switches constant tables
 *          when a call crosses modules
 *   c a    the term itself
 *   l f    address of the target's threaded word (f NOFAIL: 0)
 *   F      address of the callee's entry (make_fun: its hl_fun_site)
 *   I      address of the imported callee's entry (0 until linked)
 *   B      the builtin's C function
 *   u      the value */
typedef uintptr_t hl_tword;

/* s/d/y operand words (above) and the terms they name: base is the table
 * {x registers, the current frame, HL_VM_CONST_BASE}; an x word is its
 * byte offset itself, a y word its byte offset + 1. */
#define HL_VM_OPND_X(i) ((hl_tword)(i) << 3)
#define HL_VM_OPND_Y(i) (((hl_tword)(i) << 3) | 1)
#define HL_VM_OPND_C(i) (((hl_tword)(i) << 3) | 2)
#define HL_VM_OPND(base, w) (*(hl_term *)(void *)((char *)(base)[(w) & 3] + ((w) & ~(hl_tword)3)))
#define HL_VM_XREG(x, w) (*(hl_term *)(void *)((char *)(x) + (w)))
#define HL_VM_YREG(e, w) (*(hl_term *)(void *)((char *)(e) + ((w) - 1)))

/* One entry of the program's binding table (docs/bytecode.md §2.7): the
 * host function `call_binding` index i calls. The host resolves it. */
typedef struct hl_program_binding {
    hl_term module, function; /* atoms of the program's pool */
    uint32_t arity;
} hl_program_binding;

/* The base constant operands count from: an address below every heap
 * object, never dereferenced itself (base + index is the constant's own
 * address in its module's consts array). */
#define HL_VM_CONST_BASE ((const hl_term *)(uintptr_t)sizeof(hl_term))
/* The same as a value the compiler cannot see through (its array-bounds
 * analysis would otherwise object to indexing from a constant address). */
extern const hl_term *const hl_vm_const_base;

/* What a make_fun names: the module and function index its funs carry. */
typedef struct hl_fun_site {
    const struct hl_program *prog;
    uint64_t index;
} hl_fun_site;

/* One entry of the import table (docs/bytecode.md §2.8), resolved by
 * hl_link, or on first use (hl_link_lazy): target and fn are then written
 * once, by whichever thread resolves first, and read with atomics. */
typedef struct hl_program_import {
    hl_term module, function; /* atoms of the module's pool */
    uint32_t arity;
    const struct hl_program *target; /* NULL until linked */
    uint32_t fn;                      /* the target's function index */
} hl_program_import;

/* How a module's imports reach the engine's module table when they are
 * linked on first use (the stdlib is loaded module by module, when a call
 * first needs it: a program that prints loads io and io_lib, not the
 * whole stdlib; docs/design.md, "The module table"). Owned by the host,
 * one per engine, shared by every module it loads. */
typedef struct hl_vm_linker {
    /* Resolves module:function/arity to an exported function, loading the
     * module if it is not loaded yet. False when it cannot (the module
     * does not load: out of memory, the engine's atom table full). */
    bool (*resolve)(void *ctx, hl_term module, hl_term function, uint32_t arity, const struct hl_program **target,
                    uint32_t *fn);
    /* The loaded module whose code holds ptr, or NULL. */
    const struct hl_program *(*of_code)(void *ctx, const hl_tword *ptr);
    /* The x registers a module not loaded yet, and every module it may
     * link in turn, can name (computed when the stdlib is built): an
     * importer's x_span covers it in advance, since code loaded later runs
     * in processes that already exist. */
    uint32_t (*x_span_of)(void *ctx, hl_term module);
    void *ctx;
} hl_vm_linker;

typedef struct hl_program {
    hl_tword *code;
    uint32_t n_code;
    hl_term *consts; /* operand constants */
    uint32_t n_consts;
    hl_term *atoms;  /* pool index -> atom term */
    uint32_t n_atoms;
    hl_atom_pool *pool;
    hl_term am_module, am_line; /* atom 0, and 'line' for stack traces */
    hl_bc_function *funcs;
    hl_term *fn_names; /* atom term of each function's name */
    hl_term *fn_modules; /* ... and of its module (a linked stdlib module's own) */
    uint32_t n_functions;
    uint32_t *lines; /* (offset, line) pairs */
    uint32_t n_lines;
    hl_term *literals; /* literal index -> term (in the literal area) */
    uint32_t n_literals;
    hl_term **lit_blocks; /* one block per literal (the literal area) */
    hl_binary **lit_bins; /* off-heap binaries the literals reference */
    uint32_t n_lit_bins;
    hl_program_binding *bindings;
    uint32_t n_bindings;
    struct hl_heap *lit_maps; /* map nodes of map literals (built by the map
                                 layer; never collected; NULL when none) */
    hl_fun_site *fun_sites;   /* one per function: make_fun's operand */
    hl_program_import *imports;
    uint32_t n_imports;
    uint32_t (*import_sites)[2]; /* (code index of an I operand, import index) */
    uint32_t n_import_sites;
    /* The modules this one can reach through imports, itself first
     * (transitively; set by hl_link_closure): where a code address or a
     * fun's module is looked up for stack traces and calls of funs. */
    const struct hl_program **linked;
    uint32_t n_linked;
    bool imports_linked; /* every import resolved (or stubbed): the module may run */
    /* Imports linked on first use: lazy_code holds, per such import, a
     * three-word stub [lazy handler, this module, import index] that the
     * call sites name until hl_link_lazy patches them; NULL when none. */
    const hl_vm_linker *linker;
    hl_tword *lazy_code;
    uint32_t x_lazy; /* the x_span its imports linked on first use need */
    bool stdlib; /* one of the engine's stdlib modules (shared) */
    /* Loaded function by function (hl_load_lazy_in: a stdlib module): each
     * function is gated and translated when first called; NULL when every
     * function was at load (a program's modules). Private to load.c. */
    struct hl_lazy *lazy;
    /* x registers its code can name: one past the highest x operand or
     * function arity (at least 4: an exception handler gets x0..x3), and
     * x_span the same over every linked module. A process clears, saves
     * and scans only x0..x(x_span-1). */
    uint32_t x_used, x_span;
    /* Host memory the loaded module holds (code, literals with their
     * binaries and map nodes, tables), in bytes: what the engine's
     * program cache counts it as (host/program.c). */
    uint64_t bytes;
} hl_program;

/* Resolves an import to an exported function of a loaded module
 * (HL_LINK_FOUND), or says it is to be linked on first use through the
 * module's linker (HL_LINK_LATER: a stdlib module not loaded yet), or that
 * it does not resolve (HL_LINK_NONE). */
typedef enum { HL_LINK_NONE, HL_LINK_FOUND, HL_LINK_LATER } hl_link_answer;
typedef hl_link_answer (*hl_link_resolve)(void *ctx, hl_term module, hl_term function, uint32_t arity,
                                          const hl_program **target, uint32_t *fn);

/* Loads a gated image, interning its atoms into `atoms` (the engine's
 * table); the module may hold at most `atom_quota` distinct non-static
 * atoms. When its atoms are refused, *fault (may be NULL) says which bound
 * (HL_ATOM_FAULT_NONE for any other failure). False with a message on failure (out of memory, a
 * builtin this VM does not implement, a literal the term layer cannot
 * represent yet). The image can be freed afterwards. */
bool hl_load_in(hl_atom_table *atoms, size_t atom_quota, const hl_bc_image *img, hl_program **out,
                hl_atom_fault *fault, char *err, size_t errlen);
/* hl_load_in for a stdlib image that hl_gate_check_tables accepted (img is
 * taken over, and freed on failure): the tables are built now, and each
 * function's code is gated (hl_gate_check_function) and translated when it
 * is first called or its entry first needed (hl_program_fn_load). x_bound:
 * the x registers processes that may run it provide (its x_span, computed
 * when the stdlib was built); a function naming one at or above it is
 * refused. */
bool hl_load_lazy_in(hl_atom_table *atoms, size_t atom_quota, hl_bc_image *img, uint32_t x_bound, hl_program **out,
                     hl_atom_fault *fault, char *err, size_t errlen);

/* The outcome of translating a function on first use. */
typedef enum { HL_FN_OK, HL_FN_NOMEM, HL_FN_REFUSED } hl_fn_load;
/* Function fn of p gated and translated if it is not yet (once, whichever
 * thread comes first; safe from any thread): HL_FN_OK with *entry its
 * entry; HL_FN_NOMEM (out of memory: a later call tries again);
 * HL_FN_REFUSED (the gate refused its code, or it names a builtin this VM
 * lacks or an x register beyond the module's bound: it never runs). */
hl_fn_load hl_program_fn_load(const hl_program *p, uint32_t fn, const hl_tword **entry);
/* The address a call of function fn of p jumps to: its entry once it is
 * translated, else its stub, which translates it when run (the
 * interpreter's lazy_fn). Never NULL. */
const hl_tword *hl_program_entry(const hl_program *p, uint32_t fn);

/* hl_load_in with a table of the program's own (tests and tools that load
 * one program outside an engine): the table goes with the program. */
bool hl_load(const hl_bc_image *img, hl_program **out, char *err, size_t errlen);
void hl_program_free(hl_program *p);

/* Links every import of `p` through `resolve` and patches its call_ext
 * operands; an import resolved HL_LINK_LATER gets a stub that links it on
 * first use (p->linker must be set). False with a message when an import
 * does not resolve to an exported function of the same arity. */
bool hl_link(hl_program *p, hl_link_resolve resolve, void *ctx, char *err, size_t errlen);
/* The lazy stub's work (the interpreter's `lazy` instruction): resolves
 * import i of p through p->linker, translates the callee if it is not yet
 * (hl_program_fn_load), patches the call sites and gives the callee's
 * entry. HL_FN_NOMEM also when the module does not load. Safe from any
 * thread: the call sites are words of shared code, written and read
 * atomically. */
hl_fn_load hl_link_lazy(const hl_program *p, uint32_t i, const hl_tword **entry);
/* Fills p->linked with p and every module reachable from it through
 * linked imports. False when out of memory. */
bool hl_link_closure(hl_program *p);
/* The module of `linked` (p->linked of the running program) whose code
 * holds `ptr`, or NULL. */
const hl_program *hl_program_of_code(const hl_program *p, const hl_tword *ptr);
/* True when `m` is p or one of the modules it links. */
bool hl_program_links(const hl_program *p, const hl_program *m);

/* Index of the exported function name/arity, or -1. */
int64_t hl_program_find(const hl_program *p, const char *name, size_t len, uint32_t arity);
/* Function containing threaded word index `off`, or -1. */
int64_t hl_program_fn_at(const hl_program *p, uint32_t off);
/* Source line of threaded word index `off` (0 = unknown). */
uint32_t hl_program_line_at(const hl_program *p, uint32_t off);

#endif
