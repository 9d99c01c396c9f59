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
    uint32_t *code; /* decoded (host-endian) code words */
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

/* The seal of an image the whole gate accepted when the stdlib was built
 * (tools/hl_stdlib_build.c): the per-word classes that check recorded and
 * a digest of the image's bytes and those classes (hl_bc_seal_digest). */
typedef struct hl_bc_seal {
    const uint8_t *classes; /* n_code bytes, as hl_bc_image.classes */
    uint64_t digest;
} hl_bc_seal;

/* The stdlib's load-time gate (docs/bytecode.md §4, "Sealed images"): every
 * structural check of hl_gate_check (header, sections, atoms, literals,
 * function, binding, import and line tables) runs as always; the code's
 * decode and flow passes, which are pure functions of the image's bytes,
 * are replaced by comparing the digest of those bytes and the sealed
 * classes with seal->digest. When they differ (a corrupted image or seal,
 * another build's), the full code passes run instead, so a corrupted image
 * is refused exactly as hl_gate_check refuses it. A NULL seal is
 * hl_gate_check. */
bool hl_gate_check_sealed(const uint8_t *bytes, size_t size, const hl_bc_seal *seal, hl_bc_image *out, char *err,
                          size_t errlen);

/* The digest a seal carries: 64 bits over the image's bytes and then its
 * n_code classes (a bijective mix per 8-byte word, so a change confined to
 * one word always changes it; not a cryptographic hash: the seal sits in
 * the same read-only data as the image, it detects corruption, not
 * forgery). Host byte order: a digest made on another machine only
 * mismatches, and the full gate runs. */
uint64_t hl_bc_seal_digest(const uint8_t *bytes, size_t size, const uint8_t *classes, size_t n_code);
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
