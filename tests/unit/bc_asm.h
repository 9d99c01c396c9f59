/* bc_asm.h — a tiny bytecode assembler for tests (gate, VM, fuzz seeds):
 * builds program images in the format of docs/bytecode.md with forward
 * labels resolved at the end. Test code only: fixed capacities, aborts on
 * misuse (a test bug, not guest input). */
#ifndef HL_TEST_BC_ASM_H
#define HL_TEST_BC_ASM_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bc/bytecode.h"

#define ASM_MAX 8192

typedef struct bc_asm {
    uint32_t code[ASM_MAX];
    uint32_t n;
    char *atoms[256];
    uint32_t n_atoms;
    uint8_t lits[ASM_MAX];
    uint32_t lits_len;
    uint32_t n_lits;
    uint32_t fn[256][6];
    uint32_t n_fn;
    uint32_t lines[ASM_MAX][2];
    uint32_t n_lines;
    uint32_t label_pc[1024];
    uint32_t n_labels;
    uint32_t fix[ASM_MAX]; /* code positions holding label ids */
    uint32_t n_fix;
    uint32_t imports[64][3]; /* (module atom, function atom, arity) */
    uint32_t n_imports;
} bc_asm;

/* Operand words. Labels carry the label id until bc_finish resolves them. */
#define X(i) HL_BC_WORD(HL_K_X, (i))
#define Y(i) HL_BC_WORD(HL_K_Y, (i))
#define I(v) HL_BC_WORD(HL_K_INT, (uint32_t)(int32_t)(v))
#define U(v) HL_BC_WORD(HL_K_U, (v))
#define AT(i) HL_BC_WORD(HL_K_ATOM, (i))
#define LIT(i) HL_BC_WORD(HL_K_LIT, (i))
#define NIL HL_BC_WORD(HL_K_NIL, 0)
#define NOFAIL HL_BC_WORD(HL_K_NOFAIL, 0)
#define FN(i) HL_BC_WORD(HL_K_FUNC, (i))
#define BIF(i) HL_BC_WORD(HL_K_BIF, (i))
#define LB(id) HL_BC_WORD(HL_K_LABEL, (id))
#define IMP(i) HL_BC_WORD(HL_K_IMPORT, (i))

static inline void bc_init(bc_asm *a) { memset(a, 0, sizeof *a); }

static inline void bc_free(bc_asm *a) {
    for (uint32_t i = 0; i < a->n_atoms; i++) free(a->atoms[i]);
    a->n_atoms = 0;
}

static inline uint32_t bc_atom(bc_asm *a, const char *name) {
    for (uint32_t i = 0; i < a->n_atoms; i++)
        if (strcmp(a->atoms[i], name) == 0) return i;
    size_t len = strlen(name);
    char *c = malloc(len + 1);
    if (!c) abort();
    memcpy(c, name, len + 1);
    a->atoms[a->n_atoms] = c;
    return a->n_atoms++;
}

static inline uint32_t bc_label(bc_asm *a) {
    a->label_pc[a->n_labels] = UINT32_MAX;
    return a->n_labels++;
}
static inline void bc_bind(bc_asm *a, uint32_t id) { a->label_pc[id] = a->n; }

/* Starts a function at the current code offset; returns its index. */
static inline uint32_t bc_fn(bc_asm *a, const char *name, uint32_t arity, uint32_t frame, int exported) {
    uint32_t *f = a->fn[a->n_fn];
    f[0] = bc_atom(a, name), f[1] = arity, f[2] = a->n, f[3] = frame, f[4] = exported ? 1 : 0, f[5] = 0;
    return a->n_fn++;
}

/* Emits opcode `op` with `n` operand words. */
static inline void bc_op(bc_asm *a, unsigned op, unsigned n, ...) {
    va_list ap;
    va_start(ap, n);
    a->code[a->n++] = HL_BC_WORD(HL_K_OP, op);
    for (unsigned i = 0; i < n; i++) {
        uint32_t w = va_arg(ap, uint32_t);
        if (HL_BC_KIND(w) == HL_K_LABEL) a->fix[a->n_fix++] = a->n;
        a->code[a->n++] = w;
    }
    va_end(ap);
}
#define OP(a, name, ...) bc_op((a), HL_OP_##name, sizeof((uint32_t[]){__VA_ARGS__}) / 4, __VA_ARGS__)
#define OP0(a, name) bc_op((a), HL_OP_##name, 0)

static inline void bc_line(bc_asm *a, uint32_t line) {
    a->lines[a->n_lines][0] = a->n, a->lines[a->n_lines][1] = line;
    a->n_lines++;
}

/* Literal encoding helpers: append raw bytes to the current literal, then
 * bc_lit_end closes it and returns its index. */
static inline void bc_lit_u8(bc_asm *a, uint8_t b) { a->lits[a->lits_len++] = b; }
static inline void bc_lit_u32(bc_asm *a, uint32_t v) {
    for (int i = 0; i < 4; i++) bc_lit_u8(a, (uint8_t)(v >> (8 * i)));
}
static inline void bc_lit_u64(bc_asm *a, uint64_t v) {
    for (int i = 0; i < 8; i++) bc_lit_u8(a, (uint8_t)(v >> (8 * i)));
}
static inline uint32_t bc_lit_begin(bc_asm *a) {
    uint32_t at = a->lits_len;
    bc_lit_u32(a, 0); /* length placeholder */
    return at;
}
static inline uint32_t bc_lit_end(bc_asm *a, uint32_t at) {
    uint32_t len = a->lits_len - at - 4;
    for (int i = 0; i < 4; i++) a->lits[at + i] = (uint8_t)(len >> (8 * i));
    return a->n_lits++;
}

/* Adds an import-table entry (call_ext's I operand); returns its index. */
static inline uint32_t bc_import(bc_asm *a, const char *mod, const char *fun, uint32_t arity);

static inline void put32(uint8_t **p, uint32_t v) {
    for (int i = 0; i < 4; i++) *(*p)++ = (uint8_t)(v >> (8 * i));
}

/* Resolves labels and serializes. Returns a malloc'd image. */
static inline uint8_t *bc_finish(bc_asm *a, size_t *size) {
    for (uint32_t i = 0; i < a->n_fix; i++) {
        uint32_t id = HL_BC_VALUE(a->code[a->fix[i]]);
        if (id >= a->n_labels || a->label_pc[id] == UINT32_MAX) {
            fprintf(stderr, "bc_asm: unbound label %u\n", id);
            abort();
        }
        a->code[a->fix[i]] = HL_BC_WORD(HL_K_LABEL, a->label_pc[id]);
    }
    a->n_fix = 0;
    uint32_t atoms_bytes = 0;
    for (uint32_t i = 0; i < a->n_atoms; i++) atoms_bytes += 2 + (uint32_t)strlen(a->atoms[i]);
    size_t total = HL_BC_HEADER_BYTES + atoms_bytes + a->lits_len + a->n_fn * 24 + a->n * 4 + a->n_lines * 8 +
                   (a->n_imports ? 4 + 12 * (size_t)a->n_imports : 0);
    uint8_t *img = malloc(total), *p = img;
    if (!img) abort();
    uint32_t h[HL_BC_HEADER_WORDS] = {HL_BC_MAGIC, HL_BC_VERSION, a->n_atoms, atoms_bytes, a->n_lits,
                                      a->lits_len, a->n_fn, a->n, a->n_lines,
                                      a->n_imports ? HL_BC_FLAG_IMPORTS : 0};
    for (unsigned i = 0; i < HL_BC_HEADER_WORDS; i++) put32(&p, h[i]);
    for (uint32_t i = 0; i < a->n_atoms; i++) {
        size_t l = strlen(a->atoms[i]);
        *p++ = (uint8_t)l, *p++ = (uint8_t)(l >> 8);
        memcpy(p, a->atoms[i], l);
        p += l;
    }
    memcpy(p, a->lits, a->lits_len);
    p += a->lits_len;
    for (uint32_t i = 0; i < a->n_fn; i++)
        for (int k = 0; k < 6; k++) put32(&p, a->fn[i][k]);
    for (uint32_t i = 0; i < a->n; i++) put32(&p, a->code[i]);
    for (uint32_t i = 0; i < a->n_lines; i++) put32(&p, a->lines[i][0]), put32(&p, a->lines[i][1]);
    if (a->n_imports) {
        put32(&p, a->n_imports);
        for (uint32_t i = 0; i < a->n_imports; i++)
            for (int k = 0; k < 3; k++) put32(&p, a->imports[i][k]);
    }
    *size = total;
    return img;
}

static inline uint32_t bc_import(bc_asm *a, const char *mod, const char *fun, uint32_t arity) {
    if (a->n_imports == 64) abort();
    uint32_t *e = a->imports[a->n_imports];
    e[0] = bc_atom(a, mod), e[1] = bc_atom(a, fun), e[2] = arity;
    return a->n_imports++;
}

#endif
