/* codegen.c — the image side of the codegen: atom pool, literal table,
 * function table, code words with label and frame-size patching, line
 * table, and the final image bytes (docs/bytecode.md §2). The per-function
 * instruction selection is codegen_expr.c. */
#include "gen/codegen.h"

#include <string.h>

#include "base/mem.h"
#include "base/meter.h"
#include "core/builtins.h"
#include "gen/codegen_int.h"

void cg_error(cg *c, uint32_t line, uint32_t col, const char *msg) {
    c->failed = true;
    hl_diags_add(c->d, line ? line : 1, col ? col : 1, "%s", msg);
}

void cg_oom(cg *c) {
    if (!c->nomem) hl_diags_add(c->d, 1, 1, "out of memory while generating code");
    c->failed = c->nomem = true;
}

bool cg_grow(cg *c, void **p, size_t *cap, size_t need, size_t elem) {
    if (need <= *cap) return true;
    size_t ncap = *cap ? *cap : 16;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2) {
            cg_oom(c);
            return false;
        }
        ncap *= 2;
    }
    void *q = hl_mem_realloc_array(*p, ncap, elem);
    if (!q) {
        cg_oom(c);
        return false;
    }
    *p = q;
    *cap = ncap;
    return true;
}

static bool put_word(cg *c, uint32_t w) {
    if (c->ncode >= HL_BC_MAX_CODE_WORDS) {
        if (!c->failed) cg_error(c, 1, 1, "module too large: more than 2^26 code words");
        c->failed = true;
        return false;
    }
    if (!cg_grow(c, (void **)&c->code, &c->ccap, c->ncode + 1, sizeof *c->code)) return false;
    c->code[c->ncode++] = w;
    return true;
}

/* Tracks which y slot x0 mirrors (see cg.x0_slot). */
static void track_x0(cg *c, hl_opcode op, const uint32_t *ops, size_t n) {
    switch (op) {
    case HL_OP_move:
        if (n == 2 && ops[0] == OX(0) && HL_BC_KIND(ops[1]) == HL_K_Y) c->x0_slot = HL_BC_VALUE(ops[1]);
        else if (n == 2 && ops[1] == OX(0) && HL_BC_KIND(ops[0]) == HL_K_Y) c->x0_slot = HL_BC_VALUE(ops[0]);
        else if (n == 2 && HL_BC_KIND(ops[1]) == HL_K_Y && HL_BC_VALUE(ops[1]) != c->x0_slot &&
                 cg_final(c, ops[1]) != OX(0)) /* (argument 0's home may be x0 itself) */
            break;
        else c->x0_slot = UINT32_MAX;
        break;
    /* tests write no register */
    case HL_OP_is_integer: case HL_OP_is_float: case HL_OP_is_number: case HL_OP_is_atom:
    case HL_OP_is_boolean: case HL_OP_is_tuple: case HL_OP_is_list: case HL_OP_is_nonempty_list:
    case HL_OP_is_nil: case HL_OP_is_binary: case HL_OP_is_bitstring: case HL_OP_is_map:
    case HL_OP_is_function: case HL_OP_is_function2: case HL_OP_is_pid: case HL_OP_is_reference:
    case HL_OP_is_tagged_tuple: case HL_OP_test_arity: case HL_OP_is_lt: case HL_OP_is_ge:
    case HL_OP_is_eq: case HL_OP_is_ne: case HL_OP_is_eq_exact: case HL_OP_is_ne_exact: break;
    default: c->x0_slot = UINT32_MAX; break;
    }
}

/* Words of straight-line code per `reds` charge: about 0.1-0.5 µs of
 * interpretation (a 65 KB literal binary pattern is 65,000 bs_get of 8
 * words; a 60,000-statement body ~4 words a statement). Calls and backward
 * jumps charge already, so loops and short functions (fib, loop) get none. */
#define CG_REDS_EVERY 64

/* A frameless function's form of op (see cg.frameless): false drops it. */
static bool frameless_op(cg *c, hl_opcode *op, size_t *n) {
    switch (*op) {
    case HL_OP_allocate: case HL_OP_deallocate: return false;
    case HL_OP_call_last: *op = HL_OP_call_only, *n = 2; return true;
    case HL_OP_call_ext_last: *op = HL_OP_call_ext_only, *n = 2; return true;
    case HL_OP_call_fun_last: *op = HL_OP_call_fun_only, *n = 1; return true;
    case HL_OP_call: case HL_OP_call_ext: case HL_OP_call_fun: case HL_OP_call_binding: case HL_OP_try:
    case HL_OP_catch: case HL_OP_loop_rec: case HL_OP_wait: case HL_OP_wait_timeout:
        cg_error(c, c->fn->line, c->fn->col, "internal error: a frameless function needs a frame");
        return false;
    default: return true;
    }
}

/* May op read argument 0 from x0 and write x0 in one instruction? Only
 * where the interpreter reads every source before it writes the
 * destination (src/vm/interp.c, its specialised forms too), so
 * `sub x0, 1 -> x0` reads argument 0 and then replaces it. */
static bool reads_then_writes(hl_opcode op) {
    switch (op) {
    case HL_OP_move: case HL_OP_add: case HL_OP_sub: case HL_OP_mul: case HL_OP_get_hd: case HL_OP_get_tl:
    case HL_OP_get_tuple_element: case HL_OP_put_list: case HL_OP_put_tuple: case HL_OP_bif: return true;
    default: return false;
    }
}

/* Argument 0 kept in x0 (cg.arg0): a read of its slot where x0 may have
 * been written loses it (cg.arg0_lost). Then notes whether op writes x0
 * (a destination operand that is x0 as emitted, or a call, whose result
 * is x0), carries that to the labels it may jump to and, after a
 * terminator, forgets it until the next label (cg_bind). `dropped`: a move
 * cg_emit leaves out (it writes nothing). In a clause body that allocated
 * a frame the slot is a y slot: only the writes and jumps are noted. */
static void note_arg0(cg *c, hl_opcode op, const uint32_t *ops, size_t n, bool dropped) {
    bool reads = false, writes = false;
    const char *sig = hl_bc_ops[op].sig;
    size_t i = 0;
    uint32_t prev = 0;
    for (const char *k = sig; *k && i < n; k++) {
        size_t group = 1, times = 1;
        const char *cls = k;
        if (*k == '*') { /* a list: the previous operand counts the groups */
            group = (size_t)(k[1] - '0'), times = HL_BC_VALUE(prev), cls = k + 2;
            k += 1 + group;
        }
        for (size_t t = 0; t < times; t++)
            for (size_t j = 0; j < group && i < n; j++, i++) {
                uint32_t w = cg_slot(c, ops[i]);
                /* a destination is written, not read (bs_test_tail's
                 * position is read: it counts as both) */
                bool dst = cls[j] == 'd' && op != HL_OP_bs_test_tail;
                if (!dst && w == OY(c->arg0)) reads = true;
                if ((cls[j] == 'd' || cls[j] == 'y') && cg_final(c, w) == OX(0)) writes = true;
            }
        if (i > 0) prev = ops[i - 1];
    }
    switch (op) { /* x0 := the callee's result (or a caught exception's class) */
    case HL_OP_call: case HL_OP_call_last: case HL_OP_call_only: case HL_OP_call_fun: case HL_OP_call_fun_last:
    case HL_OP_call_fun_only: case HL_OP_call_ext: case HL_OP_call_ext_last: case HL_OP_call_ext_only:
    case HL_OP_call_binding: case HL_OP_try_case: case HL_OP_loop_rec: writes = true; break;
    default: break;
    }
    if (reads && c->frameless && (c->x0_written || (writes && !dropped && !reads_then_writes(op))))
        c->arg0_lost = true;
    if (dropped) return;
    c->x0_written_prev = c->x0_written;
    c->x0_written = c->x0_written || writes;
    /* the state at a jump: arithmetic and builtins jump (a guard's
     * failure) without writing their destination; any other instruction
     * that writes and may jump, say a map lookup, counts as written
     * first. A jump back to a bound label cannot be carried. */
    bool at_jump = c->x0_written;
    if (op == HL_OP_add || op == HL_OP_sub || op == HL_OP_mul || op == HL_OP_bif) at_jump = c->x0_written_prev;
    for (i = 0; i < n; i++) {
        if (HL_BC_KIND(ops[i]) != HL_K_LABEL || !at_jump) continue;
        uint32_t l = HL_BC_VALUE(ops[i]);
        if (l >= c->nlabels || c->label_pc[l] != UINT32_MAX) c->arg0_lost = true;
        else c->label_x0[l] = 1;
    }
    if (hl_bc_ops[op].flags & HL_OPF_TERM) c->x0_written = false; /* no fall-through: cg_bind sets it */
}

void cg_arg0_read(cg *c, uint32_t v) {
    if (c->frameless && c->arg0 != UINT32_MAX && cg_slot(c, v) == OY(c->arg0) && c->x0_written)
        c->arg0_lost = true;
}

uint32_t cg_slot(const cg *c, uint32_t v) {
    if (HL_BC_KIND(v) == HL_K_Y && HL_BC_VALUE(v) < c->nalias && c->alias[HL_BC_VALUE(v)] != UINT32_MAX)
        return OY(c->alias[HL_BC_VALUE(v)]);
    return v;
}

uint32_t cg_final(const cg *c, uint32_t v) {
    v = cg_slot(c, v);
    if (!c->frameless || HL_BC_KIND(v) != HL_K_Y) return v;
    uint32_t y = HL_BC_VALUE(v);
    if (y < c->nargreg && c->argreg[y] != UINT32_MAX) return OX(c->argreg[y]);
    return (size_t)c->xbase + y < HL_BC_MAX_X ? OX(c->xbase + y) : OX(0);
}

void cg_emit(cg *c, hl_opcode op, const uint32_t *ops, size_t n) {
    if (c->failed) return;
    if (op == HL_OP_move && n == 2) {
        const uint32_t mv[2] = {cg_slot(c, ops[0]), cg_slot(c, ops[1])};
        /* binding an aliased variable, or an argument in its own register */
        bool drop = mv[0] == mv[1] || cg_final(c, mv[0]) == cg_final(c, mv[1]);
        if (c->arg0 != UINT32_MAX) note_arg0(c, op, ops, n, drop);
        if (drop) return;
        track_x0(c, op, mv, n);
    } else if (c->arg0 != UINT32_MAX) {
        note_arg0(c, op, ops, n, false);
        track_x0(c, op, ops, n);
    } else {
        track_x0(c, op, ops, n);
    }
    if (c->frameless && !frameless_op(c, &op, &n)) return;
    if (op == HL_OP_test_heap && n == 2 && c->th_at != UINT32_MAX) {
        /* join the open reservation: no collection can come between */
        uint32_t *th = &c->code[c->th_at];
        uint64_t need = (uint64_t)HL_BC_VALUE(th[1]) + HL_BC_VALUE(ops[0]);
        if (need <= HL_BC_MAX_HEAP_NEED) {
            th[1] = OU((uint32_t)need);
            if (!c->frameless && HL_BC_VALUE(ops[1]) > HL_BC_VALUE(th[2])) th[2] = ops[1];
            return;
        }
    }
    if (op != HL_OP_move && op != HL_OP_put_list && op != HL_OP_put_tuple && op != HL_OP_make_fun)
        c->th_at = UINT32_MAX;
    if (op == HL_OP_test_heap) c->th_at = (uint32_t)c->ncode;
    if (!hl_meter_charge(1 + n) || !hl_meter_charge_mem(4 * (1 + n))) { /* the caller reports the meter's */
        c->failed = true;
        return;
    }
    int live_at = c->frameless ? hl_bc_live_operand(op) : -1;
    c->last_at = (uint32_t)c->ncode;
    put_word(c, HL_BC_WORD(HL_K_OP, op));
    for (size_t i = 0; i < n; i++) {
        uint32_t w = cg_slot(c, ops[i]);
        if (c->frameless) {
            if ((int)i == live_at) { /* patched by finish_function */
                if (!cg_grow(c, (void **)&c->lfix, &c->lfixcap, c->nlfix + 1, sizeof *c->lfix)) return;
                c->lfix[c->nlfix++] = (uint32_t)c->ncode;
            } else if (HL_BC_KIND(w) == HL_K_Y) {
                if ((size_t)c->xbase + HL_BC_VALUE(w) >= HL_BC_MAX_X) c->xover = true;
                w = cg_final(c, w);
            }
        }
        if (HL_BC_KIND(w) == HL_K_LABEL) {
            if (!cg_grow(c, (void **)&c->fix, &c->fixcap, c->nfix + 1, sizeof *c->fix)) return;
            c->fix[c->nfix++] = (uint32_t)c->ncode;
        } else if (w == CG_FRAME) {
            if (!cg_grow(c, (void **)&c->ffix, &c->ffixcap, c->nffix + 1, sizeof *c->ffix)) return;
            c->ffix[c->nffix++] = (uint32_t)c->ncode;
        }
        if (!put_word(c, w)) return;
    }
    unsigned fl = hl_bc_ops[op].flags;
    c->since_reds += (uint32_t)(1 + n);
    if ((fl & HL_OPF_RED) || op == HL_OP_func_info) {
        c->since_reds = 0;
    } else if (c->since_reds >= CG_REDS_EVERY && !(fl & HL_OPF_TERM)) {
        /* after this instruction (never between a label and a handler's
         * first instruction: labels are bound between emits) */
        if (!hl_meter_charge(1)) {
            c->failed = true;
            return;
        }
        put_word(c, HL_BC_WORD(HL_K_OP, HL_OP_reds));
        c->since_reds = 0;
        c->th_at = UINT32_MAX;
        c->last_at = UINT32_MAX;
    }
}

bool cg_retarget_x0(cg *c, uint32_t dst) {
    if (c->failed || c->last_at == UINT32_MAX) return false;
    uint32_t *ins = &c->code[c->last_at];
    size_t end = c->ncode;
    uint32_t *d;
    switch (HL_BC_VALUE(ins[0])) {
    /* the destination is the last operand, the only register written */
    case HL_OP_add: case HL_OP_sub: case HL_OP_mul: case HL_OP_bif: case HL_OP_put_list:
    case HL_OP_get_tuple_element: case HL_OP_get_hd: case HL_OP_get_tl: d = &c->code[end - 1]; break;
    /* the destination is the first operand */
    case HL_OP_put_tuple: case HL_OP_make_fun: d = &ins[1]; break;
    default: return false;
    }
    if (*d != OX(0)) return false;
    uint32_t w = cg_slot(c, dst);
    if (HL_BC_KIND(w) == HL_K_Y && c->frameless) {
        if ((size_t)c->xbase + HL_BC_VALUE(w) >= HL_BC_MAX_X) c->xover = true;
        w = cg_final(c, w);
    }
    if (HL_BC_KIND(w) != HL_K_X && HL_BC_KIND(w) != HL_K_Y) return false;
    *d = w;
    if (w != OX(0)) c->x0_written = c->x0_written_prev; /* it writes x0 no more */
    c->x0_slot = UINT32_MAX; /* x0 keeps what it held before */
    return true;
}

uint32_t cg_label(cg *c) {
    size_t cap = c->labcap;
    if (!cg_grow(c, (void **)&c->label_pc, &cap, (size_t)c->nlabels + 1, sizeof *c->label_pc)) return 0;
    c->labcap = (uint32_t)cap;
    c->label_pc[c->nlabels] = UINT32_MAX;
    size_t xcap = c->labx0cap;
    if (!cg_grow(c, (void **)&c->label_x0, &xcap, (size_t)c->nlabels + 1, sizeof *c->label_x0)) return 0;
    c->labx0cap = xcap;
    c->label_x0[c->nlabels] = 0;
    return c->nlabels++;
}

void cg_bind(cg *c, uint32_t label) {
    c->x0_slot = UINT32_MAX; /* a join point: x0 unknown */
    c->th_at = UINT32_MAX;   /* and a reservation of 0 (a gate rule) */
    c->last_at = UINT32_MAX; /* and no instruction to rewrite */
    if (c->failed || label >= c->nlabels) return;
    /* x0 as the jumps here leave it, and as the code before falls through
     * (a terminator before cleared x0_written: see note_arg0) */
    c->x0_written = c->x0_written || c->label_x0[label];
    c->x0_written_prev = c->x0_written;
    c->label_pc[label] = (uint32_t)c->ncode;
}

void cg_line(cg *c, uint32_t line) {
    if (c->failed || line == 0) return;
    if (c->nlines && c->lines[2 * (c->nlines - 1) + 1] == line) return;
    if (c->nlines && c->lines[2 * (c->nlines - 1)] == c->ncode) {
        c->lines[2 * (c->nlines - 1) + 1] = line;
        return;
    }
    if (c->nlines >= HL_BC_MAX_LINES) return;
    if (!cg_grow(c, (void **)&c->lines, &c->lcap, 2 * (c->nlines + 1), sizeof *c->lines)) return;
    c->lines[2 * c->nlines] = (uint32_t)c->ncode;
    c->lines[2 * c->nlines + 1] = line;
    c->nlines++;
}

uint32_t cg_temp(cg *c) {
    uint32_t t = c->temp_top++;
    if (c->temp_top > c->max_slots) c->max_slots = c->temp_top;
    return t < HL_BC_MAX_FRAME ? t : HL_BC_MAX_FRAME - 1; /* the function is refused at its end */
}

/* ---- atoms ------------------------------------------------------------------ */

static uint32_t name_hash(const char *p, uint32_t len) {
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < len; i++) h = (h ^ (uint8_t)p[i]) * 16777619u;
    return h;
}

static bool rehash(cg *c, uint32_t ncap) {
    uint32_t *t = hl_mem_calloc(ncap, sizeof *t);
    if (!t) {
        cg_oom(c);
        return false;
    }
    for (uint32_t i = 0; i < c->natoms; i++) {
        uint32_t h = name_hash(c->atoms[i].p, c->atoms[i].len) & (ncap - 1);
        while (t[h]) h = (h + 1) & (ncap - 1);
        t[h] = i + 1;
    }
    hl_mem_free(c->ahash);
    c->ahash = t;
    c->ahcap = ncap;
    return true;
}

uint32_t cg_atom_index(cg *c, const char *p, uint32_t len) {
    if (c->failed) return 0;
    if (c->ahcap == 0 && !rehash(c, 64)) return 0;
    uint32_t h = name_hash(p, len) & (c->ahcap - 1);
    while (c->ahash[h]) {
        const cg_atom *a = &c->atoms[c->ahash[h] - 1];
        if (a->len == len && memcmp(a->p, p, len) == 0) return c->ahash[h] - 1;
        h = (h + 1) & (c->ahcap - 1);
    }
    if (c->natoms >= HL_BC_MAX_ATOMS) {
        cg_error(c, 1, 1, "module too large: more than 65,536 distinct atoms");
        return 0;
    }
    size_t cap = c->acap;
    if (!cg_grow(c, (void **)&c->atoms, &cap, (size_t)c->natoms + 1, sizeof *c->atoms)) return 0;
    c->acap = (uint32_t)cap;
    c->atoms[c->natoms] = (cg_atom){p, len};
    c->ahash[h] = ++c->natoms;
    if (c->natoms * 2 > c->ahcap) rehash(c, c->ahcap * 2);
    return c->natoms - 1;
}

/* ---- literals ---------------------------------------------------------------- */

/* Literal encoding tags (docs/bytecode.md §2.3; the format fixes them). */
enum { LT_SMALL = 1, LT_BIG = 2, LT_FLOAT = 3, LT_ATOM = 4, LT_NIL = 5, LT_TUPLE = 6, LT_LIST = 7, LT_MAP = 9 };

static void put_u8(cg *c, uint8_t v) { hl_buf_append(&c->lits, &v, 1); }
static void put_u32(cg *c, uint32_t v) {
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    hl_buf_append(&c->lits, b, 4);
}
static void put_u64(cg *c, uint64_t v) {
    put_u32(c, (uint32_t)v);
    put_u32(c, (uint32_t)(v >> 32));
}

/* Decimal digits (optional '-') to a little-endian magnitude, appended as a
 * BIG or SMALL literal. Quadratic, but integer literals are digit-capped by
 * the front end. */
static void put_bigint(cg *c, const hl_core_node *n) {
    const char *s = n->u.lit.u.digits.ptr;
    uint32_t len = n->u.lit.u.digits.len;
    bool neg = len && s[0] == '-';
    uint32_t i = neg ? 1 : 0;
    size_t cap = (size_t)len / 2 + 2; /* bytes: log256(10) < 1/2 */
    uint8_t *mag = hl_mem_calloc(cap, 1);
    if (!mag) {
        cg_oom(c);
        return;
    }
    size_t nb = 0;
    for (; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') continue;
        unsigned carry = (unsigned)(s[i] - '0');
        for (size_t k = 0; k < nb; k++) {
            unsigned v = mag[k] * 10u + carry;
            mag[k] = (uint8_t)v;
            carry = v >> 8;
        }
        while (carry && nb < cap) mag[nb++] = (uint8_t)carry, carry >>= 8;
    }
    while (nb && mag[nb - 1] == 0) nb--;
    if (nb <= 8) {
        uint64_t v = 0;
        for (size_t k = 0; k < nb; k++) v |= (uint64_t)mag[k] << (8 * k);
        bool small = neg ? v <= (uint64_t)1 << 59 : v < (uint64_t)1 << 59;
        if (small) {
            put_u8(c, LT_SMALL);
            put_u64(c, neg ? (uint64_t)0 - v : v);
            hl_mem_free(mag);
            return;
        }
    }
    if (nb > HL_BC_MAX_BIG_BYTES) {
        cg_error(c, n->line, n->col, "integer literal too large (more than 65,536 bits)");
        hl_mem_free(mag);
        return;
    }
    put_u8(c, LT_BIG);
    put_u8(c, neg ? 1 : 0);
    put_u32(c, (uint32_t)nb);
    hl_buf_append(&c->lits, mag, nb);
    hl_mem_free(mag);
}

bool cg_is_literal(const hl_core_node *n) {
    switch (n->kind) {
    case HL_CORE_LIT: return true;
    case HL_CORE_TUPLE:
        for (uint32_t i = 0; i < n->u.list.count; i++)
            if (!cg_is_literal(n->u.list.items[i])) return false;
        return true;
    case HL_CORE_CONS:
        for (uint32_t i = 0; i < n->u.list.count; i++)
            if (!cg_is_literal(n->u.list.items[i])) return false;
        return cg_is_literal(n->u.list.tail);
    default: return false;
    }
}

/* Charges the `bytes` a literal node is about to append and checks the
 * literal's size so far: false (c->failed) once the work meter has tripped
 * or the literal is past HL_BC_MAX_LITERAL_BYTES. The IR shares subtrees
 * (a record default used by many fields and records is one node), so a
 * small source can make a literal whose encoding is exponential in it;
 * charging by the bytes produced (one work unit a byte, and the bytes to
 * the compile memory cap) is what bounds the encoding by the work budget
 * (the default 64 Mi units: 64 MiB of literals at most), and the size check stops one literal at 16 MiB as it
 * grows rather than after. */
static bool lit_room(cg *c, const hl_core_node *n, uint64_t bytes) {
    if (c->failed) return false;
    if (!hl_meter_charge(bytes) || !hl_meter_charge_mem(bytes)) { /* the caller reports the meter's diagnostic */
        c->failed = true;
        return false;
    }
    if (c->lits.len - c->lit_at + bytes > (uint64_t)HL_BC_MAX_LITERAL_BYTES + 4) {
        cg_error(c, n->line, n->col, "literal too large (more than 16 MiB encoded)");
        return false;
    }
    return true;
}

/* Appends the encoding of a literal tree (depth bounded by the IR's),
 * charged by its expanded size (lit_room). */
static void encode(cg *c, const hl_core_node *n) {
    if (!lit_room(c, n, n->kind == HL_CORE_LIT && n->u.lit.kind == HL_LIT_STRING ? 6 + 9 * (uint64_t)n->u.lit.u.str.len
                                                                                  : 10))
        return;
    if (n->kind == HL_CORE_TUPLE) {
        put_u8(c, LT_TUPLE);
        put_u32(c, n->u.list.count);
        for (uint32_t i = 0; i < n->u.list.count; i++) encode(c, n->u.list.items[i]);
        return;
    }
    if (n->kind == HL_CORE_CONS) {
        put_u8(c, LT_LIST);
        put_u32(c, n->u.list.count);
        for (uint32_t i = 0; i < n->u.list.count; i++) encode(c, n->u.list.items[i]);
        encode(c, n->u.list.tail);
        return;
    }
    if (n->kind == HL_CORE_MAP) { /* pairs in source order: the loader keeps the last of equal keys */
        put_u8(c, LT_MAP);
        put_u32(c, n->u.map.count);
        for (uint32_t i = 0; i < n->u.map.count; i++) {
            encode(c, n->u.map.pairs[i].key);
            encode(c, n->u.map.pairs[i].value);
        }
        return;
    }
    const hl_core_lit *l = &n->u.lit;
    switch (l->kind) {
    case HL_LIT_ATOM:
        put_u8(c, LT_ATOM);
        put_u32(c, cg_atom_index(c, l->u.name.ptr, l->u.name.len));
        return;
    case HL_LIT_INT:
        if (l->u.i < HL_BC_SMALL_MIN || l->u.i > HL_BC_SMALL_MAX) {
            /* outside the 60-bit small range: a bignum of up to 8 bytes */
            uint64_t v = l->u.i < 0 ? (uint64_t)0 - (uint64_t)l->u.i : (uint64_t)l->u.i;
            uint8_t b[8];
            uint32_t nb = 0;
            while (v) b[nb++] = (uint8_t)v, v >>= 8;
            put_u8(c, LT_BIG);
            put_u8(c, l->u.i < 0 ? 1 : 0);
            put_u32(c, nb);
            hl_buf_append(&c->lits, b, nb);
            return;
        }
        put_u8(c, LT_SMALL);
        put_u64(c, (uint64_t)l->u.i);
        return;
    case HL_LIT_BIGINT: put_bigint(c, n); return;
    case HL_LIT_FLOAT: {
        uint64_t bits;
        memcpy(&bits, &l->u.f, 8);
        put_u8(c, LT_FLOAT);
        put_u64(c, bits);
        return;
    }
    case HL_LIT_STRING:
        if (l->u.str.len == 0) {
            put_u8(c, LT_NIL);
            return;
        }
        put_u8(c, LT_LIST);
        put_u32(c, l->u.str.len);
        for (uint32_t i = 0; i < l->u.str.len; i++) {
            put_u8(c, LT_SMALL);
            put_u64(c, l->u.str.chars[i]);
        }
        put_u8(c, LT_NIL);
        return;
    case HL_LIT_NIL: put_u8(c, LT_NIL); return;
    }
    cg_error(c, n->line, n->col, "internal error: unknown literal kind");
}

uint32_t cg_lit_operand(cg *c, const hl_core_node *n) {
    if (n->kind == HL_CORE_LIT) {
        const hl_core_lit *l = &n->u.lit;
        if (l->kind == HL_LIT_ATOM) return OATOM(cg_atom_index(c, l->u.name.ptr, l->u.name.len));
        if (l->kind == HL_LIT_NIL || (l->kind == HL_LIT_STRING && l->u.str.len == 0)) return ONIL;
        if (l->kind == HL_LIT_INT && l->u.i >= HL_BC_INT_MIN && l->u.i <= HL_BC_INT_MAX) return OINT(l->u.i);
    }
    if (c->failed) return ONIL;
    if (c->nlits >= HL_BC_MAX_LITERALS) {
        cg_error(c, n->line, n->col, "module too large: more than 2^20 literals");
        return ONIL;
    }
    size_t at = c->lit_at = c->lits.len;
    put_u32(c, 0);
    encode(c, n);
    if (c->failed) return ONIL; /* the meter or the size (lit_room) */
    if (c->lits.failed) {
        cg_oom(c);
        return ONIL;
    }
    size_t len = c->lits.len - at - 4;
    if (len > HL_BC_MAX_LITERAL_BYTES) {
        cg_error(c, n->line, n->col, "literal too large (more than 16 MiB encoded)");
        return ONIL;
    }
    for (int k = 0; k < 4; k++) c->lits.data[at + (size_t)k] = (char)(uint8_t)(len >> (8 * k));
    return OLIT(c->nlits++);
}

uint32_t cg_empty_map_operand(cg *c) {
    if (c->failed) return ONIL;
    if (c->nlits >= HL_BC_MAX_LITERALS) {
        cg_error(c, 1, 1, "module too large: more than 2^20 literals");
        return ONIL;
    }
    put_u32(c, 5);
    put_u8(c, LT_MAP);
    put_u32(c, 0);
    if (c->lits.failed) {
        cg_oom(c);
        return ONIL;
    }
    return OLIT(c->nlits++);
}

/* ---- image ------------------------------------------------------------------- */

static void out_u32(uint8_t **p, uint32_t v) {
    (*p)[0] = (uint8_t)v, (*p)[1] = (uint8_t)(v >> 8), (*p)[2] = (uint8_t)(v >> 16), (*p)[3] = (uint8_t)(v >> 24);
    *p += 4;
}

static bool write_image(cg *c, uint8_t **out, size_t *len) {
    size_t atoms_bytes = 0;
    for (uint32_t i = 0; i < c->natoms; i++) atoms_bytes += 2 + (size_t)c->atoms[i].len;
    size_t total = HL_BC_HEADER_BYTES + atoms_bytes + c->lits.len + (size_t)c->nfuncs * 24 + c->ncode * 4 +
                   c->nlines * 8 + cg_bindings_bytes(c) + (c->nimports ? 4 + 12 * (size_t)c->nimports : 0);
    if (total > HL_BC_MAX_IMAGE_BYTES) {
        cg_error(c, 1, 1, "module too large: the bytecode image would pass 256 MiB");
        return false;
    }
    uint8_t *img = hl_mem_alloc(total), *p = img;
    if (!img) {
        cg_oom(c);
        return false;
    }
    const uint32_t hdr[HL_BC_HEADER_WORDS] = {HL_BC_MAGIC,          HL_BC_VERSION, c->natoms,
                                              (uint32_t)atoms_bytes, c->nlits,      (uint32_t)c->lits.len,
                                              c->nfuncs,            (uint32_t)c->ncode, (uint32_t)c->nlines,
                                              (c->nbindings ? HL_BC_FLAG_BINDINGS : 0) |
                                                  (c->nimports ? HL_BC_FLAG_IMPORTS : 0)};
    for (unsigned i = 0; i < HL_BC_HEADER_WORDS; i++) out_u32(&p, hdr[i]);
    for (uint32_t i = 0; i < c->natoms; i++) {
        p[0] = (uint8_t)c->atoms[i].len, p[1] = (uint8_t)(c->atoms[i].len >> 8);
        memcpy(p + 2, c->atoms[i].p, c->atoms[i].len);
        p += 2 + c->atoms[i].len;
    }
    if (c->lits.len) memcpy(p, c->lits.data, c->lits.len);
    p += c->lits.len;
    for (uint32_t i = 0; i < c->nfuncs; i++)
        for (int k = 0; k < 6; k++) out_u32(&p, c->funcs[i][k]);
    for (size_t i = 0; i < c->ncode; i++) out_u32(&p, c->code[i]);
    for (size_t i = 0; i < 2 * c->nlines; i++) out_u32(&p, c->lines[i]);
    cg_bindings_write(c, &p);
    if (c->nimports) {
        out_u32(&p, c->nimports);
        for (uint32_t i = 0; i < c->nimports; i++)
            for (int k = 0; k < 3; k++) out_u32(&p, c->imports[i][k]);
    }
    *out = img;
    *len = total;
    return true;
}

/* Resolves the current function's labels and frame size. */
static void finish_function(cg *c, uint32_t index) {
    if (c->failed) return;
    for (size_t i = 0; i < c->nfix; i++) {
        uint32_t id = HL_BC_VALUE(c->code[c->fix[i]]);
        if (id >= c->nlabels || c->label_pc[id] == UINT32_MAX) {
            cg_error(c, c->fn->line, c->fn->col, "internal error: unbound label");
            return;
        }
        c->code[c->fix[i]] = OLBL(c->label_pc[id]);
    }
    if (c->max_slots > HL_BC_MAX_FRAME) {
        hl_diags_add(c->d, c->fn->line ? c->fn->line : 1, c->fn->col ? c->fn->col : 1,
                     "function '%.*s'/%u is too large for this version (needs %u stack slots, at most %u)",
                     (int)c->fn->name.len, c->fn->name.ptr, c->fn->arity, c->max_slots, HL_BC_MAX_FRAME);
        c->failed = true;
        return;
    }
    if (c->frameless || c->mixed) {
        /* every register of the function is a root where it may collect */
        if ((size_t)c->xbase + c->max_slots > HL_BC_MAX_X) c->xover = true;
        if (c->xover) return; /* generated again with a frame */
        for (size_t i = 0; i < c->nlfix; i++) c->code[c->lfix[i]] = OU(c->xbase + c->max_slots);
        if (!c->mixed) {
            c->funcs[index][3] = 0;
            return;
        }
    }
    for (size_t i = 0; i < c->nffix; i++) c->code[c->ffix[i]] = OU(c->max_slots);
    c->funcs[index][3] = c->max_slots;
}

uint32_t cg_import(cg *c, const char *mod, size_t mlen, const char *fun, size_t flen, uint32_t arity) {
    if (c->failed) return 0;
    uint32_t ma = cg_atom_index(c, mod, mlen), fa = cg_atom_index(c, fun, flen);
    if (c->failed) return 0;
    if (2 * ((size_t)c->nimports + 1) > c->ihcap) { /* keep the index at most half full */
        uint32_t cap = c->ihcap ? 2 * c->ihcap : 64;
        uint32_t *h = hl_mem_calloc(cap, sizeof *h);
        if (!h) {
            cg_oom(c);
            return 0;
        }
        for (uint32_t i = 0; i < c->nimports; i++) {
            uint32_t k = (c->imports[i][0] * 31u + c->imports[i][1] * 7u + c->imports[i][2]) & (cap - 1);
            while (h[k]) k = (k + 1) & (cap - 1);
            h[k] = i + 1;
        }
        hl_mem_free(c->ihash);
        c->ihash = h, c->ihcap = cap;
    }
    uint32_t k = (ma * 31u + fa * 7u + arity) & (c->ihcap - 1);
    for (; c->ihash[k]; k = (k + 1) & (c->ihcap - 1)) {
        const uint32_t *e = c->imports[c->ihash[k] - 1];
        if (e[0] == ma && e[1] == fa && e[2] == arity) return c->ihash[k] - 1;
    }
    if (c->nimports >= HL_BC_MAX_IMPORTS) {
        cg_error(c, 1, 1, "module too large: more than 65,536 distinct remote functions called");
        return 0;
    }
    if (c->nimports == c->icap) {
        size_t cap = c->icap;
        if (!cg_grow(c, (void **)&c->imports, &cap, (size_t)c->nimports + 1, sizeof *c->imports)) return 0;
        c->icap = (uint32_t)cap;
    }
    c->imports[c->nimports][0] = ma, c->imports[c->nimports][1] = fa, c->imports[c->nimports][2] = arity;
    c->ihash[k] = ++c->nimports;
    return c->nimports - 1;
}

bool hl_codegen(const hl_core_module *m, hl_diags *d, uint8_t **out, size_t *len, bool *nomem) {
    return hl_codegen_bindings(m, NULL, 0, d, out, len, nomem);
}

bool hl_codegen_bindings(const hl_core_module *m, const hl_core_binding *bindings, size_t nbindings, hl_diags *d,
                         uint8_t **out, size_t *len, bool *nomem) {
    *out = NULL;
    *len = 0;
    if (nomem) *nomem = false;
    cg c;
    memset(&c, 0, sizeof c);
    c.th_at = UINT32_MAX;
    c.last_at = UINT32_MAX;
    c.m = m;
    c.d = d;
    hl_buf_init(&c.lits, 0);
    cg_atom_index(&c, m->name.ptr, m->name.len); /* atom 0: the module */
    if (nbindings > HL_BC_MAX_BINDINGS) cg_error(&c, 1, 1, "too many host bindings declared (at most 1,024)");
    c.bindings = bindings;
    c.nbindings = (uint32_t)(nbindings > HL_BC_MAX_BINDINGS ? 0 : nbindings);
    uint32_t total = m->nfuns;
    if (c.failed) {
    } else if (m->nfuns == 0) {
        /* A module without functions is valid Erlang; an image needs one
         * function, so it gets a private one nothing can call. */
        c.funcs = hl_mem_calloc(1, sizeof *c.funcs);
        if (!c.funcs) cg_oom(&c);
        else {
            c.nfuncs = 1;
            c.funcs[0][0] = cg_atom_index(&c, "-empty-", 7);
            c.funcs[0][2] = (uint32_t)c.ncode;
            E(&c, move, ONIL, OX(0));
            E0(&c, return);
            c.funcs[0][3] = 0;
        }
    } else if (total > HL_BC_MAX_FUNCTIONS) cg_error(&c, 1, 1, "module too large: more than 2^20 functions");
    else {
        c.funcs = hl_mem_calloc(total, sizeof *c.funcs);
        if (!c.funcs) cg_oom(&c);
        c.nfuncs = c.funcs ? total : 0;
    }
    for (uint32_t i = 0; !c.failed && i < m->nfuns; i++) {
        const hl_core_fun *f = &m->funs[i];
        uint32_t total_arity = f->arity + f->nfree;
        if (total_arity > HL_BC_MAX_ARITY) {
            hl_diags_add(d, f->line ? f->line : 1, f->col ? f->col : 1,
                         "function '%.*s' takes too many values (%u arguments and captured variables, at most 255)",
                         (int)f->name.len, f->name.ptr, total_arity);
            c.failed = true;
            break;
        }
        c.funcs[i][0] = cg_atom_index(&c, f->name.ptr, f->name.len);
        c.funcs[i][1] = total_arity;
        c.funcs[i][2] = (uint32_t)c.ncode;
        c.funcs[i][4] = f->exported ? HL_BC_FN_EXPORTED : 0;
        c.funcs[i][5] = 0;
        c.fn = f;
        size_t code_at = c.ncode, lines_at = c.nlines;
        uint32_t reds_at = c.since_reds;
        c.no_frameless = c.no_arg0x = false;
        for (int attempt = 0; attempt < 3; attempt++) {
            c.nlabels = 0;
            c.nfix = c.nffix = c.nlfix = 0;
            c.temp_top = c.max_slots = 0;
            c.try_depth = 0;
            c.x0_slot = UINT32_MAX;
            c.frameless = c.xover = c.mixed = false;
            c.nalias = c.nargreg = 0;
            c.th_at = UINT32_MAX;
            c.last_at = UINT32_MAX;
            cg_function(&c, f, i);
            finish_function(&c, i);
            if (c.failed || (!c.xover && !c.arg0_lost)) break;
            /* again: with a frame, or with argument 0 moved off x0 on entry */
            if (c.xover) c.no_frameless = true;
            else c.no_arg0x = true;
            c.ncode = code_at, c.nlines = lines_at, c.since_reds = reds_at;
        }
        c.frameless = c.mixed = false;
    }
    cg_bindings_intern(&c);
    bool ok = !c.failed && write_image(&c, out, len);
    if (nomem) *nomem = c.nomem;
    hl_mem_free(c.atoms);
    hl_mem_free(c.ahash);
    hl_buf_free(&c.lits);
    hl_mem_free(c.code);
    hl_mem_free(c.funcs);
    hl_mem_free(c.lines);
    hl_mem_free(c.imports);
    hl_mem_free(c.ihash);
    hl_mem_free(c.bind_atoms);
    hl_mem_free(c.label_pc);
    hl_mem_free(c.label_x0);
    hl_mem_free(c.fix);
    hl_mem_free(c.ffix);
    hl_mem_free(c.lfix);
    hl_mem_free(c.alias);
    hl_mem_free(c.argreg);
    return ok;
}
