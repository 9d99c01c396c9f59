/* gate.h — the bytecode gate: checks a serialized program image against the
 * positive allowlist of docs/bytecode.md §4 BEFORE anything runs, and gives
 * the loader a parsed view of an accepted image. Nothing else may produce
 * an hl_bc_image (docs/design.md §4 invariant 2). */
#ifndef HL_BC_GATE_H
#define HL_BC_GATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bc/bytecode.h"

typedef struct hl_bc_function {
    uint32_t name;       /* atom index */
    uint32_t arity;
    uint32_t entry;      /* first code word */
    uint32_t end;        /* one past the last code word */
    uint32_t frame_size; /* bound of every allocate */
    uint32_t flags;      /* HL_BC_FN_EXPORTED */
    uint32_t module;     /* atom index of its module (stack traces); 0: the image's */
} hl_bc_function;

/* A gated image. The arrays are owned by the image; `atom_names` and
 * `lit_bytes` point into the caller's bytes, which must outlive the image. */
typedef struct hl_bc_image {
    uint32_t n_atoms;
    const uint8_t **atom_names; /* n_atoms pointers into the image */
    uint16_t *atom_lens;
    uint32_t n_literals;
    const uint8_t **lit_bytes; /* encoding of each literal */
    uint32_t *lit_lens;
    uint32_t n_functions;
    hl_bc_function *funcs;
    uint32_t n_code;
    uint32_t *code; /* decoded (host-endian) code words (NULL: hl_gate_check_tables) */
    const uint8_t *code_bytes; /* the code section in the caller's bytes (little-endian) */
    uint8_t *classes; /* per code word: its operand class (a signature
                       * character), 0 at an opcode word; filled by the gate
                       * so the loader need not decode the signatures again */
    uint32_t n_lines;
    uint32_t *lines; /* n_lines (offset, line) pairs */
    uint32_t n_bindings;
    uint32_t (*bindings)[3]; /* (module atom, function atom, arity) per binding */
    uint32_t n_imports;
    uint32_t (*imports)[3];  /* (module atom, function atom, arity) per import */
} hl_bc_image;

/* Checks `size` bytes. On success fills *out (free with hl_bc_image_free) and
 * returns true. On refusal returns false with a message in err (when
 * errlen > 0); *out is left empty. Allocation failure is a refusal too. */
bool hl_gate_check(const uint8_t *bytes, size_t size, hl_bc_image *out, char *err, size_t errlen);

/* The stdlib's load-time gate (docs/bytecode.md §4, "Stdlib images"): every
 * structural check of hl_gate_check (header, section sizes, atoms,
 * literals, function, binding and import tables, the line table's range
 * and order), but not the code: *out has no code or classes, only
 * code_bytes. Each function's code is checked by hl_gate_check_function
 * when it is first needed, and nothing of it runs before that accepted
 * it; every function accepted is exactly what hl_gate_check accepts of
 * the whole image. */
bool hl_gate_check_tables(const uint8_t *bytes, size_t size, hl_bc_image *out, char *err, size_t errlen);

/* The code passes (decode, flow) over function fn of an image
 * hl_gate_check_tables accepted, and its line entries: its n = end - entry
 * words are read from img->code_bytes into code[0..n) (host order), and
 * their classes recorded in classes[0..n). Cross-function facts come from
 * the checked tables (a call's arity is its callee's, make_fun's free
 * variables within the callee's arity, call_ext's arity the import's).
 * False with a message on refusal or allocation failure ("out of memory",
 * and *nomem set when nomem is not NULL: not a verdict on the function, a
 * later check may accept it). */
bool hl_gate_check_function(const hl_bc_image *img, uint32_t fn, uint32_t *code, uint8_t *classes, char *err,
                            size_t errlen, bool *nomem);

void hl_bc_image_free(hl_bc_image *img);

/* Length in words of the (gated) instruction at code[pc]. */
uint32_t hl_bc_insn_len(const uint32_t *code, uint32_t pc);
/* The same from a gated image's classes: the next opcode word or the end. */
static inline uint32_t hl_bc_image_insn_len(const hl_bc_image *img, uint32_t pc) {
    uint32_t e = pc + 1;
    while (e < img->n_code && img->classes[e]) e++;
    return e - pc;
}

#endif
