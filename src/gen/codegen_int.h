/* codegen_int.h — state shared by the codegen's two halves: codegen.c
 * (image sections: atoms, literals, functions, lines, labels, frames) and
 * codegen_expr.c (expressions, patterns, guards). Private to src/gen. */
#ifndef HL_GEN_CODEGEN_INT_H
#define HL_GEN_CODEGEN_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/diag.h"
#include "core/core.h"
#include "core/ir.h"
#include "bc/bytecode.h"

typedef struct cg_atom {
    const char *p;
    uint32_t len;
} cg_atom;

typedef struct cg {
    const hl_core_module *m;
    hl_diags *d;
    bool failed, nomem;
    /* atom pool */
    cg_atom *atoms;
    uint32_t natoms, acap;
    uint32_t *ahash; /* open addressing: atom index + 1, 0 empty */
    uint32_t ahcap;
    /* literal section (u32 len + encoding, per literal) */
    hl_buf lits;
    uint32_t nlits;
    size_t lit_at; /* where the literal being encoded starts (cg_lit_operand) */
    /* code */
    uint32_t *code;
    size_t ncode, ccap;
    uint32_t (*funcs)[6];
    uint32_t nfuncs;
    uint32_t *lines; /* (offset, line) pairs */
    size_t nlines, lcap;
    /* the import table (docs/bytecode.md §2.8): (module atom, function
     * atom, arity) per entry, with an open-addressing index (entry + 1) */
    uint32_t (*imports)[3];
    uint32_t nimports, icap;
    uint32_t *ihash;
    uint32_t ihcap;
    /* per function */
    const hl_core_fun *fn;
    uint32_t *label_pc;
    uint32_t nlabels, labcap;
    uint32_t *fix; /* code positions holding label ids */
    size_t nfix, fixcap;
    uint32_t *ffix; /* code positions holding the frame size */
    size_t nffix, ffixcap;
    uint32_t temp_top, max_slots;
    uint32_t try_depth; /* enclosing try/catch in this function */
    /* Peephole: the y slot whose value x0 also holds right now, or
     * UINT32_MAX. Kept only across instructions that write no register. */
    uint32_t x0_slot;
    uint32_t since_reds; /* words emitted since the last call or reds (cg_emit) */
    /* Code position of a test_heap whose reservation a following test_heap
     * may join (only constructions and moves since, no label), or
     * UINT32_MAX: nested constructions then reserve once. */
    uint32_t th_at;
    /* Code position of the last instruction emitted, or UINT32_MAX after a
     * label or a `reds` (cg_retarget_x0 may rewrite its destination). */
    uint32_t last_at;
    /* Frameless functions (docs/codegen.md "Register model"): no call but
     * tail calls, so no frame; cg_emit maps y slot i to x(xbase + i), drops
     * allocate/deallocate, turns *_last into *_only and sets every live
     * count (recorded in lfix) to xbase + the slots used. xover: a slot
     * went past x255; the function is then generated again with a frame. */
    /* Per clause of the function: variable v, bound by a head pattern to
     * the argument's home slot, is that slot (alias[v], else UINT32_MAX):
     * cg_emit renames y operands through it, so binding it costs no move. */
    uint32_t *alias;
    size_t nalias, aliascap;
    bool frameless, xover, no_frameless;
    /* A function with a frame whose clause dispatch (and frameless bodies)
     * run frameless: a clause body that needs the frame allocates it after
     * the clause matched and copies the head's values to their y slots. */
    bool mixed;
    uint32_t xbase;
    /* Frameless: the home slot of argument k >= 1 is x(k) itself
     * (argreg[slot] = k, else UINT32_MAX; nargreg entries): nothing writes
     * x(k) before the function's tail calls load their arguments.
     * Argument 0's home is x0 too unless no_arg0x (see arg0). */
    uint32_t *argreg;
    size_t nargreg, argregcap;
    /* Argument 0's home slot when it is x0 itself (argreg[arg0] = 0), else
     * UINT32_MAX. Unlike x1.., x0 is every result's register, so cg_emit
     * checks each read of the slot: x0_written says some instruction
     * emitted since the clause's dispatch began (in code order: every
     * jump of a frameless body goes forward, so this over-approximates
     * every path here) may have written x0; a read then sets arg0_lost and
     * the function is generated again with the entry move (no_arg0x).
     * x0_written_prev: its value before the last instruction (undone when
     * cg_retarget_x0 moves that instruction's result out of x0). */
    uint32_t arg0;
    bool x0_written, x0_written_prev, arg0_lost, no_arg0x;
    /* Per label: some jump to it may leave x0 written (see note_arg0). */
    uint8_t *label_x0;
    size_t labx0cap;
    uint32_t *lfix;
    size_t nlfix, lfixcap;
    /* host bindings the program may call (codegen_binding.c): the table
     * call_binding indexes, with each entry's (module, function) atoms */
    const hl_core_binding *bindings;
    uint32_t nbindings;
    uint32_t (*bind_atoms)[2];
} cg;

#define CG_FRAME HL_BC_WORD(HL_K_U, 0x0FFFFFFFu) /* patched to the frame size */
#define OX(i) HL_BC_WORD(HL_K_X, (i))
#define OY(i) HL_BC_WORD(HL_K_Y, (i))
#define OU(v) HL_BC_WORD(HL_K_U, (v))
#define OINT(v) HL_BC_WORD(HL_K_INT, (uint32_t)(int32_t)(v))
#define OATOM(i) HL_BC_WORD(HL_K_ATOM, (i))
#define OLIT(i) HL_BC_WORD(HL_K_LIT, (i))
#define ONIL HL_BC_WORD(HL_K_NIL, 0)
#define ONOFAIL HL_BC_WORD(HL_K_NOFAIL, 0)
#define OFN(i) HL_BC_WORD(HL_K_FUNC, (i))
#define OBIF(i) HL_BC_WORD(HL_K_BIF, (i))
#define OLBL(i) HL_BC_WORD(HL_K_LABEL, (i))
#define OIMP(i) HL_BC_WORD(HL_K_IMPORT, (i))

void cg_error(cg *c, uint32_t line, uint32_t col, const char *msg);
/* Operand v with a y slot renamed through cg.alias. */
uint32_t cg_slot(const cg *c, uint32_t v);
/* Operand v as cg_emit writes it (cg_slot, then a frameless function's
 * x register for a y slot; x(0) marks a slot past x255). */
uint32_t cg_final(const cg *c, uint32_t v);
/* When the last instruction emitted (with no label since) computed a value
 * into x0 and only there (arithmetic, a builtin, a construction, a tuple
 * or list element), makes it write `dst` instead and returns true: the
 * caller's `move x0, dst` is then not needed. Only for a caller that reads
 * the value from dst afterwards, never from x0 (x0 keeps its old value). */
bool cg_retarget_x0(cg *c, uint32_t dst);
/* A read of operand v that does not go through cg_emit's operands (a
 * source parallel_moves or a mixed function's allocate copies through its
 * final register): notes it as cg_emit would (see cg.arg0). */
void cg_arg0_read(cg *c, uint32_t v);

/* The import-table index of Module:Function/Arity (added on first use);
 * on failure (out of memory, too many imports) reports and returns 0. */
uint32_t cg_import(cg *c, const char *mod, size_t mlen, const char *fun, size_t flen, uint32_t arity);
void cg_oom(cg *c);
bool cg_grow(cg *c, void **p, size_t *cap, size_t need, size_t elem);

/* Emits an instruction: opcode then n operand words (label and frame-size
 * operands are recorded for patching). */
void cg_emit(cg *c, hl_opcode op, const uint32_t *ops, size_t n);
#define E(c, op, ...)                                                                         \
    do {                                                                                      \
        const uint32_t ops_[] = {__VA_ARGS__};                                                \
        cg_emit((c), HL_OP_##op, ops_, sizeof ops_ / sizeof ops_[0]);                          \
    } while (0)
#define E0(c, op) cg_emit((c), HL_OP_##op, NULL, 0)

uint32_t cg_label(cg *c);
void cg_bind(cg *c, uint32_t label);
void cg_line(cg *c, uint32_t line);

uint32_t cg_atom_index(cg *c, const char *p, uint32_t len);
/* Operand for a literal node or a fully literal tuple/list tree. */
uint32_t cg_lit_operand(cg *c, const hl_core_node *n);
bool cg_is_literal(const hl_core_node *n);

uint32_t cg_temp(cg *c);

/* codegen_binding.c: the binding table section (docs/bytecode.md §2.7).
 * cg_bindings_intern interns the names (before the atom section is
 * written); the image then grows by cg_bindings_bytes, written last. */
void cg_bindings_intern(cg *c);
size_t cg_bindings_bytes(const cg *c);
void cg_bindings_write(const cg *c, uint8_t **p);
/* The operand of a new literal #{} (codegen.c). */
uint32_t cg_empty_map_operand(cg *c);

/* codegen_expr.c */
bool cg_function(cg *c, const hl_core_fun *f, uint32_t index);
/* Expression pieces for the other codegen files: the value of e (an
 * operand), the same moved to a y slot if it was in an x register, e in
 * tail position (returns), x0 := v, pattern match on a stable value
 * (jumps to the label operand fail on mismatch), a clause's guards. */
uint32_t cg_eval(cg *c, const hl_core_node *e);
uint32_t cg_stable_eval(cg *c, const hl_core_node *e);
void cg_tail(cg *c, const hl_core_node *e);
void cg_to_x0(cg *c, uint32_t v);
void cg_match(cg *c, const hl_core_node *p, uint32_t subj, uint32_t fail);
void cg_guards(cg *c, const hl_core_clause *cl, uint32_t fail);

/* codegen_receive.c: receive (value in x0; in tail position it returns). */
uint32_t cg_receive(cg *c, const hl_core_node *e, bool is_tail);
/* For codegen_map.c: a guard expression's value, stable (jumps to fail, a
 * label operand, on an exception). */
uint32_t cg_guard_value(cg *c, const hl_core_node *e, uint32_t fail);

/* codegen_map.c */
/* cg_is_literal plus literal maps (expressions only: a map pattern is never
 * a literal, it matches larger maps too). */
bool cg_is_literal_expr(const hl_core_node *n);
/* A map construction or update; value in x0 or a constant. fail: ONOFAIL
 * (body: raise {badmap,M}, {badkey,K}, system_limit) or a label (guard). */
uint32_t cg_map_expr(cg *c, const hl_core_node *e, uint32_t fail);
void cg_map_match(cg *c, const hl_core_node *p, uint32_t subj, uint32_t fail);
/* codegen_bits.c: `<<...>>` built into x0 (fail: a label in guards, else
 * ONOFAIL), and binary patterns matched against the stable value subj. */
uint32_t cg_bits_construct(cg *c, const hl_core_node *e, uint32_t fail);
void cg_bits_match(cg *c, const hl_core_node *p, uint32_t subj, uint32_t fail);

#endif
