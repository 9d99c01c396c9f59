/* bif.c — C builtins of the allowlist (core/builtins.def, kind BIF) as the
 * interpreter calls them: arguments in, one result out, never collecting
 * (allocation through hl_heap_alloc; HEAP_LIMIT makes the interpreter
 * collect and retry). Work proportional to a list's length is charged in
 * reductions (p->bif_cost). The
 * loader resolves builtins by module/name/arity, so an allowlisted builtin
 * this table lacks makes the program fail to load rather than misbehave.
 * Builtins whose work grows with a list's length yield (bif_lists.c,
 * bif_subtract.c; docs/builtins.md). */
#include <string.h>

#include "base/mem.h"
#include "vm/bif_registry.h"
#include "term/arith.h"
#include "term/compare.h"
#include "term/map.h"
#include "vm/bif_float.h"
#include "vm/bif_maps.h"
#include "vm/vm_bits.h"
#include "vm/bif_sort.h"
#include "vm/vm_lists.h"
#include "vm/vm_internal.h"
#include "vm/vm_map.h"
#include "vm/vm_io.h"
#include "vm/vm_std.h"
#include "vm/vm_support.h"
#include "term/biglin.h"
#include "vm/vm_bigop.h"
#include "vm/vm_trap.h"

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)
#define BOOL(c) ((c) ? HL_AM(true) : HL_AM(false))
#define H (&p->heap)


static hl_term_status raise(hl_vm_proc *p, hl_term cls, hl_term reason) {
    p->bif_class = cls, p->bif_reason = reason;
    return HL_VM_BIF_RAISE;
}

/* ---- type tests ---- */
BIF(b_is_atom) { (void)p; *out = BOOL(hl_is_atom(a[0])); return HL_TERM_OK; }
BIF(b_is_binary) { (void)p; *out = BOOL(hl_vm_is_binary(a[0])); return HL_TERM_OK; }
BIF(b_is_bitstring) { (void)p; *out = BOOL(hl_is_binary_obj(a[0])); return HL_TERM_OK; }
BIF(b_is_boolean) { (void)p; *out = BOOL(a[0] == HL_AM(true) || a[0] == HL_AM(false)); return HL_TERM_OK; }
BIF(b_is_float) { (void)p; *out = BOOL(hl_is_float(a[0])); return HL_TERM_OK; }
BIF(b_is_function1) { (void)p; *out = BOOL(hl_is_fun(a[0])); return HL_TERM_OK; }
BIF(b_is_function2) {
    if (!hl_is_small(a[1]) || hl_small_val(a[1]) < 0) return HL_TERM_BADARG;
    int64_t n = hl_small_val(a[1]);
    *out = BOOL(n <= 255 && hl_vm_is_fun_arity(p, a[0], (uint32_t)n));
    return HL_TERM_OK;
}
BIF(b_is_integer) { (void)p; *out = BOOL(hl_is_integer(a[0])); return HL_TERM_OK; }
BIF(b_is_list) { (void)p; *out = BOOL(hl_is_list(a[0])); return HL_TERM_OK; }
BIF(b_is_map) { (void)p; *out = BOOL(hl_is_map(a[0])); return HL_TERM_OK; }
BIF(b_is_number) { (void)p; *out = BOOL(hl_is_number(a[0])); return HL_TERM_OK; }
BIF(b_false1) { (void)p, (void)a; *out = HL_AM(false); return HL_TERM_OK; }
/* pids and references exist with the processes capability (vm_world.c) */
static bool handle_of(hl_term t, unsigned sub) { return hl_is_handle_immed(t) && hl_handle_immed_subtag(t) == sub; }
BIF(b_is_pid) { (void)p; *out = BOOL(handle_of(a[0], HL_HANDLE_PID)); return HL_TERM_OK; }
BIF(b_is_reference) { (void)p; *out = BOOL(handle_of(a[0], HL_HANDLE_REF)); return HL_TERM_OK; }
BIF(b_is_tuple) { (void)p; *out = BOOL(hl_is_tuple(a[0])); return HL_TERM_OK; }
BIF(b_is_record2) {
    (void)p;
    if (!hl_is_atom(a[1])) return HL_TERM_BADARG;
    *out = BOOL(hl_is_tuple(a[0]) && hl_tuple_arity(a[0]) >= 1 && hl_tuple_get(a[0], 0) == a[1]);
    return HL_TERM_OK;
}
BIF(b_is_record3) {
    (void)p;
    if (!hl_is_atom(a[1]) || !hl_is_small(a[2])) return HL_TERM_BADARG;
    *out = BOOL(hl_is_tuple(a[0]) && hl_tuple_arity(a[0]) >= 1 && (int64_t)hl_tuple_arity(a[0]) == hl_small_val(a[2]) &&
                hl_tuple_get(a[0], 0) == a[1]);
    return HL_TERM_OK;
}

/* ---- arithmetic ---- */
BIF(b_plus1) { return hl_arith_plus(H, a[0], out); }
/* linear operations whose result is long run in steps (vm_bigop.h) */
#define LIN(self, op, x, y)                                                       \
    if (hl_vm_trap_resuming(p, self) || hl_vm_big_lin_long(op, x, y)) return hl_vm_big_lin(p, self, op, x, y, out)
BIF(b_minus1) {
    LIN(b_minus1, HL_BL_NEG, a[0], HL_NIL);
    p->bif_cost = hl_vm_big_cost(a[0], HL_NIL, false);
    return hl_arith_neg(H, a[0], out);
}
BIF(b_plus) {
    LIN(b_plus, HL_BL_ADD, a[0], a[1]);
    p->bif_cost = hl_vm_big_cost(a[0], a[1], false);
    return hl_arith_add(H, a[0], a[1], out);
}
BIF(b_minus) {
    LIN(b_minus, HL_BL_SUB, a[0], a[1]);
    p->bif_cost = hl_vm_big_cost(a[0], a[1], false);
    return hl_arith_sub(H, a[0], a[1], out);
}
/* products, divisions and text of long bignums run in steps (vm_bigop.h) */
BIF(b_times) {
    if (hl_vm_trap_resuming(p, b_times) || hl_vm_big_mul_long(a[0], a[1])) return hl_vm_big_mul(p, b_times, a[0], a[1], out);
    p->bif_cost = hl_vm_big_cost(a[0], a[1], true);
    return hl_arith_mul(H, a[0], a[1], out);
}
BIF(b_divide) { return hl_arith_fdiv(H, a[0], a[1], out); }
BIF(b_div) {
    if (hl_vm_trap_resuming(p, b_div) || hl_vm_big_div_long(a[0], a[1])) return hl_vm_big_divrem(p, b_div, a[0], a[1], out, NULL);
    p->bif_cost = hl_vm_big_div_cost(a[0], a[1]);
    return hl_arith_div(H, a[0], a[1], out);
}
BIF(b_rem) {
    if (hl_vm_trap_resuming(p, b_rem) || hl_vm_big_div_long(a[0], a[1])) return hl_vm_big_divrem(p, b_rem, a[0], a[1], NULL, out);
    p->bif_cost = hl_vm_big_div_cost(a[0], a[1]);
    return hl_arith_rem(H, a[0], a[1], out);
}
BIF(b_band) {
    LIN(b_band, HL_BL_AND, a[0], a[1]);
    p->bif_cost = hl_vm_big_cost(a[0], a[1], false);
    return hl_arith_band(H, a[0], a[1], out);
}
BIF(b_bor) {
    LIN(b_bor, HL_BL_OR, a[0], a[1]);
    p->bif_cost = hl_vm_big_cost(a[0], a[1], false);
    return hl_arith_bor(H, a[0], a[1], out);
}
BIF(b_bxor) {
    LIN(b_bxor, HL_BL_XOR, a[0], a[1]);
    p->bif_cost = hl_vm_big_cost(a[0], a[1], false);
    return hl_arith_bxor(H, a[0], a[1], out);
}
/* shifts: charged by the operand and the result (1 bsl 33554367 writes 4 MiB) */
BIF(b_bsl) {
    bool long_op;
    hl_term_status st = hl_vm_big_shift(p, b_bsl, a[0], a[1], true, out, &long_op);
    if (long_op) return st;
    st = hl_arith_bsl(H, a[0], a[1], out);
    p->bif_cost = hl_vm_big_cost(a[0], st == HL_TERM_OK ? *out : HL_NIL, false);
    return st;
}
BIF(b_bsr) {
    bool long_op;
    hl_term_status st = hl_vm_big_shift(p, b_bsr, a[0], a[1], false, out, &long_op);
    if (long_op) return st;
    st = hl_arith_bsr(H, a[0], a[1], out);
    p->bif_cost = hl_vm_big_cost(a[0], st == HL_TERM_OK ? *out : HL_NIL, false);
    return st;
}
BIF(b_bnot) {
    LIN(b_bnot, HL_BL_NOT, a[0], HL_NIL);
    p->bif_cost = hl_vm_big_cost(a[0], HL_NIL, false);
    return hl_arith_bnot(H, a[0], out);
}
BIF(b_abs) {
    LIN(b_abs, HL_BL_ABS, a[0], HL_NIL);
    p->bif_cost = hl_vm_big_cost(a[0], HL_NIL, false);
    return hl_bif_abs(H, a[0], out);
}
#undef LIN
BIF(b_round) { return hl_bif_round(H, a[0], out); }
BIF(b_trunc) { return hl_bif_trunc(H, a[0], out); }
BIF(b_float) { return hl_bif_float(H, a[0], out); }

/* ---- booleans ---- */
static bool is_bool(hl_term t) { return t == HL_AM(true) || t == HL_AM(false); }
BIF(b_not) {
    (void)p;
    if (!is_bool(a[0])) return HL_TERM_BADARG;
    *out = BOOL(a[0] == HL_AM(false));
    return HL_TERM_OK;
}
BIF(b_and) {
    (void)p;
    if (!is_bool(a[0]) || !is_bool(a[1])) return HL_TERM_BADARG;
    *out = BOOL(a[0] == HL_AM(true) && a[1] == HL_AM(true));
    return HL_TERM_OK;
}
BIF(b_or) {
    (void)p;
    if (!is_bool(a[0]) || !is_bool(a[1])) return HL_TERM_BADARG;
    *out = BOOL(a[0] == HL_AM(true) || a[1] == HL_AM(true));
    return HL_TERM_OK;
}
BIF(b_xor) {
    (void)p;
    if (!is_bool(a[0]) || !is_bool(a[1])) return HL_TERM_BADARG;
    *out = BOOL(a[0] != a[1]);
    return HL_TERM_OK;
}

/* ---- comparisons: bif_compare.c (they yield) ---- */

/* ---- lists ---- */
BIF(b_hd) {
    (void)p;
    if (!hl_is_cons(a[0])) return HL_TERM_BADARG;
    *out = hl_car(a[0]);
    return HL_TERM_OK;
}
BIF(b_tl) {
    (void)p;
    if (!hl_is_cons(a[0])) return HL_TERM_BADARG;
    *out = hl_cdr(a[0]);
    return HL_TERM_OK;
}
/* ---- tuples ---- */
BIF(b_element) {
    (void)p;
    if (!hl_is_small(a[0]) || !hl_is_tuple(a[1])) return HL_TERM_BADARG;
    int64_t i = hl_small_val(a[0]);
    if (i < 1 || (uint64_t)i > hl_tuple_arity(a[1])) return HL_TERM_BADARG;
    *out = hl_tuple_get(a[1], (size_t)i - 1);
    return HL_TERM_OK;
}
/* Tuples above a quantum are copied over several calls (bif_tuple_build.c). */
BIF(b_setelement) {
    if (hl_vm_trap_resuming(p, b_setelement)) return hl_vm_tuple_build_resume(p, b_setelement, out);
    if (!hl_is_small(a[0]) || !hl_is_tuple(a[1])) return HL_TERM_BADARG;
    int64_t i = hl_small_val(a[0]);
    size_t n = hl_tuple_arity(a[1]);
    if (i < 1 || (uint64_t)i > n) return HL_TERM_BADARG;
    if (n > HL_VM_TRAP_QUANTUM) return hl_vm_tuple_build(p, b_setelement, HL_TB_SETELEMENT, n, a[1], a[2], (uint64_t)i);
    hl_term *t;
    hl_term_status st = hl_heap_alloc(H, n + 1, &t);
    if (st != HL_TERM_OK) return st;
    memcpy(t, hl_boxed_ptr(a[1]), (n + 1) * sizeof *t);
    t[i] = a[2];
    *out = hl_make_boxed(t);
    return HL_TERM_OK;
}
BIF(b_tuple_size) {
    (void)p;
    if (!hl_is_tuple(a[0])) return HL_TERM_BADARG;
    *out = hl_make_small((int64_t)hl_tuple_arity(a[0]));
    return HL_TERM_OK;
}
static bool bits_of(hl_term t, uint64_t *bits) {
    if (!hl_is_binary_obj(t)) return false;
    const unsigned char *b;
    uint64_t off;
    hl_bitstring_view(t, &b, &off, bits);
    return true;
}
BIF(b_size) {
    (void)p;
    uint64_t bits;
    if (hl_is_tuple(a[0])) *out = hl_make_small((int64_t)hl_tuple_arity(a[0]));
    else if (bits_of(a[0], &bits)) *out = hl_make_small((int64_t)(bits / 8));
    else return HL_TERM_BADARG;
    return HL_TERM_OK;
}
BIF(b_byte_size) {
    (void)p;
    uint64_t bits;
    if (!bits_of(a[0], &bits)) return HL_TERM_BADARG;
    *out = hl_make_small((int64_t)((bits + 7) / 8));
    return HL_TERM_OK;
}
BIF(b_bit_size) {
    (void)p;
    uint64_t bits;
    if (!bits_of(a[0], &bits)) return HL_TERM_BADARG;
    *out = hl_make_small((int64_t)bits);
    return HL_TERM_OK;
}
/* ---- maps ---- */
static hl_term_status badmap(hl_vm_proc *p, hl_term tag, hl_term v) {
    hl_term *t;
    hl_term_status st = hl_heap_alloc(H, 3, &t);
    if (st != HL_TERM_OK) return st;
    t[0] = hl_make_header(HL_SUB_TUPLE, 2), t[1] = tag, t[2] = v;
    return raise(p, HL_AM(error), hl_make_boxed(t));
}
/* OTP raises {badmap, M} for a non-map in all three. */
BIF(b_map_size) {
    if (!hl_is_map(a[0])) return badmap(p, HL_AM(badmap), a[0]);
    *out = hl_make_small((int64_t)hl_map_size(a[0]));
    return HL_TERM_OK;
}
BIF(b_map_get) {
    if (!hl_is_map(a[1])) return badmap(p, HL_AM(badmap), a[1]);
    hl_map_ctx cx;
    bool absent, found = false;
    hl_term_status st = hl_vm_map_begin(p, b_map_get, a[1], &a[0], 1, HL_VM_MAP_LOOKUP, &cx);
    if (st != HL_TERM_OK) return st; /* a piece of a large key's hash (vm_map.h) */
    st = hl_vm_map_key_over(&cx, a[1], a[0], false, &absent);
    if (st == HL_TERM_OK && !absent) st = hl_map_find_cx(&cx, a[1], a[0], out, &found);
    if ((st = hl_vm_map_end(p, b_map_get, &cx, st)) != HL_TERM_OK) return st;
    if (!found) return badmap(p, HL_AM(badkey), a[0]);
    return HL_TERM_OK;
}
BIF(b_is_map_key) {
    if (!hl_is_map(a[1])) return badmap(p, HL_AM(badmap), a[1]);
    hl_term v;
    hl_map_ctx cx;
    bool found = false, absent;
    hl_term_status st = hl_vm_map_begin(p, b_is_map_key, a[1], &a[0], 1, HL_VM_MAP_LOOKUP, &cx);
    if (st != HL_TERM_OK) return st;
    st = hl_vm_map_key_over(&cx, a[1], a[0], false, &absent);
    if (st == HL_TERM_OK && !absent) st = hl_map_find_cx(&cx, a[1], a[0], &v, &found);
    if ((st = hl_vm_map_end(p, b_is_map_key, &cx, st)) != HL_TERM_OK) return st;
    *out = found ? HL_AM(true) : HL_AM(false);
    return HL_TERM_OK;
}

/* ---- exceptions ---- */
BIF(b_error1) { (void)out; return raise(p, HL_AM(error), a[0]); }
BIF(b_error2) { (void)out; return raise(p, HL_AM(error), a[0]); }
BIF(b_throw) { (void)out; return raise(p, HL_AM(throw), a[0]); }
BIF(b_exit1) { (void)out; return raise(p, HL_AM(exit), a[0]); }

/* ---- conversions ---- */
BIF(b_integer_to_list) {
    if (hl_vm_trap_resuming(p, b_integer_to_list) || hl_vm_big_text_long(a[0]))
        return hl_vm_big_to_text(p, b_integer_to_list, a[0], hl_make_small(10), false, out);
    p->bif_cost = hl_vm_big_cost(a[0], a[0], true);
    return hl_bif_integer_to_list(H, a[0], hl_make_small(10), out);
}
BIF(b_atom_to_list) {
    if (!hl_is_atom(a[0])) return HL_TERM_BADARG;
    size_t len;
    const unsigned char *s = (const unsigned char *)hl_atom_name(a[0], &len);
    if (len == 0) {
        *out = HL_NIL;
        return HL_TERM_OK;
    }
    hl_term *c;
    hl_term_status st = hl_heap_alloc(H, 2 * len, &c); /* at most one cell per byte */
    if (st != HL_TERM_OK) return st;
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        uint32_t cp = s[i];
        size_t k = cp < 0x80 ? 0 : cp < 0xE0 ? 1 : cp < 0xF0 ? 2 : 3;
        cp = k == 0 ? cp : k == 1 ? (cp & 0x1F) : k == 2 ? (cp & 0x0F) : (cp & 0x07);
        for (size_t j = 1; j <= k && i + j < len; j++) cp = cp << 6 | (s[i + j] & 0x3F);
        i += k + 1;
        c[2 * n] = hl_make_small(cp);
        c[2 * n + 1] = HL_NIL;
        if (n) c[2 * n - 1] = hl_make_cons(c + 2 * n);
        n++;
    }
    hl_heap_trim(H, c, 2 * len, 2 * n);
    *out = hl_make_cons(c);
    return HL_TERM_OK;
}

const hl_vm_bif_reg hl_vm_bifs_core[] = {
    {HL_BI_IS_ATOM, b_is_atom}, {HL_BI_IS_BINARY, b_is_binary},
    {HL_BI_IS_BITSTRING, b_is_bitstring}, {HL_BI_IS_BOOLEAN, b_is_boolean},
    {HL_BI_IS_FLOAT, b_is_float}, {HL_BI_IS_FUNCTION1, b_is_function1},
    {HL_BI_IS_FUNCTION2, b_is_function2}, {HL_BI_IS_INTEGER, b_is_integer},
    {HL_BI_IS_LIST, b_is_list}, {HL_BI_IS_MAP, b_is_map},
    {HL_BI_IS_NUMBER, b_is_number}, {HL_BI_IS_PID, b_is_pid},
    {HL_BI_IS_PORT, b_false1}, {HL_BI_IS_REFERENCE, b_is_reference},
    {HL_BI_IS_TUPLE, b_is_tuple}, {HL_BI_IS_RECORD2, b_is_record2},
    {HL_BI_IS_RECORD3, b_is_record3}, {HL_BI_OP_PLUS1, b_plus1},
    {HL_BI_OP_MINUS1, b_minus1}, {HL_BI_OP_PLUS, b_plus},
    {HL_BI_OP_MINUS, b_minus}, {HL_BI_OP_TIMES, b_times},
    {HL_BI_OP_DIVIDE, b_divide}, {HL_BI_OP_DIV, b_div},
    {HL_BI_OP_REM, b_rem}, {HL_BI_OP_BAND, b_band},
    {HL_BI_OP_BOR, b_bor}, {HL_BI_OP_BXOR, b_bxor},
    {HL_BI_OP_BSL, b_bsl}, {HL_BI_OP_BSR, b_bsr},
    {HL_BI_OP_BNOT, b_bnot}, {HL_BI_OP_NOT, b_not},
    {HL_BI_OP_AND, b_and}, {HL_BI_OP_OR, b_or},
    {HL_BI_OP_XOR, b_xor}, {HL_BI_OP_EQ, hl_vm_bif_eq},
    {HL_BI_OP_NE, hl_vm_bif_ne}, {HL_BI_OP_LE, hl_vm_bif_le},
    {HL_BI_OP_LT, hl_vm_bif_lt}, {HL_BI_OP_GE, hl_vm_bif_ge},
    {HL_BI_OP_GT, hl_vm_bif_gt}, {HL_BI_OP_EXACT_EQ, hl_vm_bif_exact_eq},
    {HL_BI_OP_EXACT_NE, hl_vm_bif_exact_ne}, {HL_BI_OP_APPEND, hl_vm_bif_append},
    {HL_BI_OP_SUBTRACT, hl_vm_bif_subtract}, {HL_BI_ELEMENT, b_element},
    {HL_BI_SETELEMENT, b_setelement}, {HL_BI_TUPLE_SIZE, b_tuple_size},
    {HL_BI_SIZE, b_size}, {HL_BI_LENGTH, hl_vm_bif_length},
    {HL_BI_HD, b_hd}, {HL_BI_TL, b_tl},
    {HL_BI_ABS, b_abs}, {HL_BI_MIN, hl_vm_bif_min},
    {HL_BI_MAX, hl_vm_bif_max}, {HL_BI_ROUND, b_round},
    {HL_BI_TRUNC, b_trunc}, {HL_BI_FLOAT, b_float},
    {HL_BI_BYTE_SIZE, b_byte_size}, {HL_BI_BIT_SIZE, b_bit_size},
    {HL_BI_MAP_SIZE, b_map_size}, {HL_BI_MAP_GET, b_map_get},
    {HL_BI_IS_MAP_KEY, b_is_map_key}, {HL_BI_ERROR1, b_error1},
    {HL_BI_ERROR2, b_error2}, {HL_BI_THROW, b_throw},
    {HL_BI_EXIT1, b_exit1}, {HL_BI_INTEGER_TO_LIST, b_integer_to_list},
    {HL_BI_LIST_TO_INTEGER, hl_vm_bif_list_to_integer1}, {HL_BI_ATOM_TO_LIST, b_atom_to_list},
    {HL_BI_LIST_TO_TUPLE, hl_vm_bif_list_to_tuple}, {HL_BI_TUPLE_TO_LIST, hl_vm_bif_tuple_to_list},
    {HL_BI_LISTS_REVERSE1, hl_vm_bif_reverse1}, {HL_BI_LISTS_REVERSE2, hl_vm_bif_reverse2},
    {HL_BI_LISTS_KEYFIND, hl_vm_bif_keyfind}, {HL_BI_LISTS_MEMBER, hl_vm_bif_member},
    /* float text: vm/bif_float.c */
    {HL_BI_FLOAT_TO_LIST1, hl_vm_bif_float_to_list1},
    {HL_BI_FLOAT_TO_LIST2, hl_vm_bif_float_to_list2},
    {HL_BI_FLOAT_TO_BINARY1, hl_vm_bif_float_to_binary1},
    {HL_BI_FLOAT_TO_BINARY2, hl_vm_bif_float_to_binary2},
    {HL_BI_LIST_TO_FLOAT, hl_vm_bif_list_to_float},
    {HL_BI_BINARY_TO_FLOAT, hl_vm_bif_binary_to_float},
    {HL_BI_SORT_RUN, hl_vm_bif_sort_run},
    {HL_BI_SORT_TAKE, hl_vm_bif_sort_take},
    {HL_BI_SORT_MERGE, hl_vm_bif_sort_merge},
    {HL_BI_SORT_PREP, hl_vm_bif_sort_prep},
    {HL_BI_SORT_OTP, hl_vm_bif_sort_otp},
};
const size_t hl_vm_bifs_core_count = sizeof hl_vm_bifs_core / sizeof hl_vm_bifs_core[0];


