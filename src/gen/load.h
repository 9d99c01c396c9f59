/* load.h — the loader: turns a gated image (gate.h) into a runnable,
 * immutable program: threaded code with pre-decoded operands, literals
 * materialised in a literal area outside every process heap, atoms interned
 * as the program's pool. A program is shareable across threads once loaded. */
#ifndef HL_GEN_LOAD_H
#define HL_GEN_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gen/gate.h"
#include "term/atom.h"
#include "term/term.h"

struct hl_vm_proc;
typedef hl_term_status (*hl_vm_bif_fn)(struct hl_vm_proc *p, const hl_term *args, hl_term *out);

/* Threaded code: one word per bytecode word, so code offsets, labels and
 * line-table offsets are the same indices in both. Word 0 of an instruction
 * is the handler (address for computed goto, else the runtime opcode);
 * operands are pre-decoded (docs/bytecode.md §5):
 *   s/d/y  (index << 2) | 0 x, 1 y, 2 constant (index into consts)
 *   c a    the term itself
 *   l f    address of the target's threaded word (f NOFAIL: 0)
 *   F      address of the callee's entry (make_fun: the function index)
 *   B      the builtin's C function
 *   u      the value */
typedef uintptr_t hl_tword;

/* One entry of the program's binding table (docs/bytecode.md §2.7): the
 * host function `call_binding` index i calls. The host resolves it. */
typedef struct hl_program_binding {
    hl_term module, function; /* atoms of the program's pool */
    uint32_t arity;
} hl_program_binding;

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
} hl_program;

/* Loads a gated image. False with a message on failure (out of memory, a
 * builtin this VM does not implement, a literal the term layer cannot
 * represent yet). The image can be freed afterwards. */
bool hl_load(const hl_bc_image *img, hl_program **out, char *err, size_t errlen);
void hl_program_free(hl_program *p);

/* Index of the exported function name/arity, or -1. */
int64_t hl_program_find(const hl_program *p, const char *name, size_t len, uint32_t arity);
/* Function containing threaded word index `off`, or -1. */
int64_t hl_program_fn_at(const hl_program *p, uint32_t off);
/* Source line of threaded word index `off` (0 = unknown). */
uint32_t hl_program_line_at(const hl_program *p, uint32_t off);

#endif
