/* bif_std.c — the stdlib's C builtins beyond the core of bif.c: erlang's
 * tuple builders (make_tuple, append/delete/insert_element; those above a
 * quantum are built over several calls by bif_tuple_build.c), floor/ceil,
 * integer <-> list conversions with a base, list_to_existing_atom (the program's own pool only), raise/3, and the
 * math module over libm. Same contract as bif.c: never collect, charge
 * p->bif_cost for work proportional to the input, OTP 25's exceptions
 * (math: badarg for a non-number, badarith for a domain error or a
 * non-finite result). */
#include <math.h>
#include <string.h>

#include "vm/vm_bigop.h"
#include "vm/load.h"
#include "vm/bif_registry.h"
#include "term/arith.h"
#include "vm/vm_internal.h"
#include "vm/vm_lists.h"
#include "vm/vm_std.h"
#include "vm/vm_support.h"
#include "vm/vm_trap.h"

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)
#define H (&p->heap)
#define Q HL_VM_TRAP_QUANTUM

/* OTP's largest tuple (erts MAX_ARITYVAL); larger requests are badarg. */
enum { TUPLE_MAX = (1 << 24) - 1, COST_SHIFT = 4 };

static hl_term_status new_tuple(hl_vm_proc *p, size_t n, hl_term **t) {
    hl_term_status st = hl_heap_alloc(H, n + 1, t);
    if (st == HL_TERM_OK) (*t)[0] = hl_make_header(HL_SUB_TUPLE, n);
    p->bif_cost = n >> COST_SHIFT;
    return st;
}

/* ---- tuples ---- */
/* A call that ends with st, forgetting its continuation if it had one. */
static hl_term_status end_call(hl_vm_proc *p, hl_term_status st) { return p->trap.fn ? hl_vm_trap_end(p, st) : st; }

BIF(b_make_tuple2) {
    if (hl_vm_trap_resuming(p, b_make_tuple2)) return hl_vm_tuple_build_resume(p, b_make_tuple2, out);
    if (!hl_is_small(a[0]) || hl_small_val(a[0]) < 0 || hl_small_val(a[0]) > TUPLE_MAX) return HL_TERM_BADARG;
    size_t n = (size_t)hl_small_val(a[0]);
    if (n > Q) return hl_vm_tuple_build(p, b_make_tuple2, HL_TB_MAKE, n, a[1], HL_NIL, 0);
    hl_term *t;
    hl_term_status st = new_tuple(p, n, &t);
    if (st != HL_TERM_OK) return st;
    for (size_t i = 0; i < n; i++) t[1 + i] = a[1];
    *out = hl_make_boxed(t);
    return HL_TERM_OK;
}

/* The init list is checked whole before anything is built (a quantum of
 * it per call: trap.t[0] the rest, t[1] the fill value, t[2] the list,
 * n[0] the arity); a long list or a large tuple is then built by
 * bif_tuple_build.c. */
BIF(b_make_tuple3) {
    hl_term l, head, fill;
    size_t n;
    uint64_t steps = 0;
    if (hl_vm_trap_resuming(p, b_make_tuple3)) {
        if (p->trap.frag) return hl_vm_tuple_build_resume(p, b_make_tuple3, out);
        l = p->trap.t[0], fill = p->trap.t[1], head = p->trap.t[2], n = (size_t)p->trap.n[0];
    } else {
        if (!hl_is_small(a[0]) || hl_small_val(a[0]) < 0 || hl_small_val(a[0]) > TUPLE_MAX) return HL_TERM_BADARG;
        n = (size_t)hl_small_val(a[0]);
        l = head = a[2], fill = a[1];
    }
    for (; hl_is_cons(l); l = hl_cdr(l), steps++) { /* validate before allocating */
        if (steps == Q) {
            p->trap.t[0] = l, p->trap.t[1] = fill, p->trap.t[2] = head, p->trap.n[0] = n;
            return hl_vm_trap_yield(p, b_make_tuple3, steps);
        }
        hl_term e = hl_car(l);
        if (!hl_is_tuple(e) || hl_tuple_arity(e) != 2) return end_call(p, HL_TERM_BADARG);
        hl_term pos = hl_tuple_get(e, 0);
        if (!hl_is_small(pos) || hl_small_val(pos) < 1 || (uint64_t)hl_small_val(pos) > n)
            return end_call(p, HL_TERM_BADARG);
    }
    if (l != HL_NIL) return end_call(p, HL_TERM_BADARG);
    p->bif_cost += steps >> COST_SHIFT;
    /* checking, filling and applying in one call: at most a quantum of all three */
    if (n + 2 * steps > Q || p->trap.fn == b_make_tuple3)
        return hl_vm_tuple_build(p, b_make_tuple3, HL_TB_MAKE3, n, fill, head, 0);
    hl_term *t;
    hl_term_status st = hl_heap_alloc(H, n + 1, &t);
    if (st != HL_TERM_OK) return st;
    t[0] = hl_make_header(HL_SUB_TUPLE, n);
    p->bif_cost += n >> COST_SHIFT;
    for (size_t i = 0; i < n; i++) t[1 + i] = fill;
    for (l = head; hl_is_cons(l); l = hl_cdr(l)) { /* later entries win */
        hl_term e = hl_car(l);
        t[hl_small_val(hl_tuple_get(e, 0))] = hl_tuple_get(e, 1);
    }
    *out = hl_make_boxed(t);
    return HL_TERM_OK;
}

BIF(b_append_element) {
    if (hl_vm_trap_resuming(p, b_append_element)) return hl_vm_tuple_build_resume(p, b_append_element, out);
    if (!hl_is_tuple(a[0])) return HL_TERM_BADARG;
    size_t n = hl_tuple_arity(a[0]);
    if (n >= TUPLE_MAX) return HL_TERM_BADARG;
    if (n + 1 > Q) return hl_vm_tuple_build(p, b_append_element, HL_TB_APPEND, n + 1, a[0], a[1], 0);
    hl_term *t;
    hl_term_status st = new_tuple(p, n + 1, &t);
    if (st != HL_TERM_OK) return st;
    for (size_t i = 0; i < n; i++) t[1 + i] = hl_tuple_get(a[0], i);
    t[1 + n] = a[1];
    *out = hl_make_boxed(t);
    return HL_TERM_OK;
}

BIF(b_delete_element) {
    if (hl_vm_trap_resuming(p, b_delete_element)) return hl_vm_tuple_build_resume(p, b_delete_element, out);
    if (!hl_is_small(a[0]) || !hl_is_tuple(a[1])) return HL_TERM_BADARG;
    size_t n = hl_tuple_arity(a[1]);
    int64_t i = hl_small_val(a[0]);
    if (i < 1 || (uint64_t)i > n) return HL_TERM_BADARG;
    if (n - 1 > Q) return hl_vm_tuple_build(p, b_delete_element, HL_TB_DELETE, n - 1, a[1], HL_NIL, (uint64_t)i);
    hl_term *t;
    hl_term_status st = new_tuple(p, n - 1, &t);
    if (st != HL_TERM_OK) return st;
    for (size_t j = 0, k = 0; j < n; j++)
        if (j + 1 != (uint64_t)i) t[1 + k++] = hl_tuple_get(a[1], j);
    *out = hl_make_boxed(t);
    return HL_TERM_OK;
}

BIF(b_insert_element) {
    if (hl_vm_trap_resuming(p, b_insert_element)) return hl_vm_tuple_build_resume(p, b_insert_element, out);
    if (!hl_is_small(a[0]) || !hl_is_tuple(a[1])) return HL_TERM_BADARG;
    size_t n = hl_tuple_arity(a[1]);
    int64_t i = hl_small_val(a[0]);
    if (i < 1 || (uint64_t)i > n + 1 || n >= TUPLE_MAX) return HL_TERM_BADARG;
    if (n + 1 > Q) return hl_vm_tuple_build(p, b_insert_element, HL_TB_INSERT, n + 1, a[1], a[2], (uint64_t)i);
    hl_term *t;
    hl_term_status st = new_tuple(p, n + 1, &t);
    if (st != HL_TERM_OK) return st;
    for (size_t j = 0, k = 0; j <= n; j++) t[1 + j] = j + 1 == (uint64_t)i ? a[2] : hl_tuple_get(a[1], k++);
    *out = hl_make_boxed(t);
    return HL_TERM_OK;
}

/* ---- numbers ---- */
BIF(b_floor) { return hl_bif_floor(H, a[0], out); }
BIF(b_ceil) { return hl_bif_ceil(H, a[0], out); }
BIF(b_integer_to_list2) {
    if (hl_vm_trap_resuming(p, b_integer_to_list2) || hl_vm_big_text_long(a[0]))
        return hl_vm_big_to_text(p, b_integer_to_list2, a[0], a[1], false, out);
    p->bif_cost = hl_vm_big_cost(a[0], a[0], true);
    return hl_bif_integer_to_list(H, a[0], a[1], out);
}

/* ---- atoms ---- */
/* Only names that are static atoms or in the running program's own pool
 * resolve (docs/terms.md §3): no probing of other tenants' atoms. */
BIF(b_list_to_existing_atom) {
    char buf[4 * 255 + 1];
    size_t n = 0, chars = 0;
    hl_term l = a[0];
    for (; hl_is_cons(l); l = hl_cdr(l)) {
        hl_term c = hl_car(l);
        if (!hl_is_small(c) || hl_small_val(c) < 0 || hl_small_val(c) > 0x10FFFF) return HL_TERM_BADARG;
        uint32_t cp = (uint32_t)hl_small_val(c);
        if (cp >= 0xD800 && cp <= 0xDFFF) return HL_TERM_BADARG;
        if (++chars > 255) return HL_TERM_BADARG; /* no such atom can exist */
        if (cp < 0x80) buf[n++] = (char)cp;
        else if (cp < 0x800) buf[n++] = (char)(0xC0 | cp >> 6), buf[n++] = (char)(0x80 | (cp & 0x3F));
        else if (cp < 0x10000)
            buf[n++] = (char)(0xE0 | cp >> 12), buf[n++] = (char)(0x80 | (cp >> 6 & 0x3F)),
            buf[n++] = (char)(0x80 | (cp & 0x3F));
        else
            buf[n++] = (char)(0xF0 | cp >> 18), buf[n++] = (char)(0x80 | (cp >> 12 & 0x3F)),
            buf[n++] = (char)(0x80 | (cp >> 6 & 0x3F)), buf[n++] = (char)(0x80 | (cp & 0x3F));
    }
    if (l != HL_NIL) return HL_TERM_BADARG;
    return hl_vm_existing_atom(p, buf, n, out);
}

/* ---- exceptions ---- */
/* A stack trace erlang:raise/3 accepts: a proper list of {M, F, A,
 * Location} (M, F atoms, Location a list, A anything), {M, F, A} (taken as
 * {M, F, A, []}) or {Fun, Args, Location}. Returns the entry count, or -1
 * (OTP then returns badarg). *short counts the {M, F, A} entries. */
static int64_t trace_entries(hl_term l, int64_t *short_n) {
    int64_t n = 0;
    *short_n = 0;
    for (; hl_is_cons(l); l = hl_cdr(l), n++) {
        hl_term e = hl_car(l);
        if (!hl_is_tuple(e)) return -1;
        size_t k = hl_tuple_arity(e);
        if (k != 3 && k != 4) return -1;
        hl_term m = hl_tuple_get(e, 0), f = hl_tuple_get(e, 1);
        if (k == 3 && hl_is_fun(m) && hl_is_list(hl_tuple_get(e, 2))) continue;
        if (!hl_is_atom(m) || !hl_is_atom(f)) return -1;
        if (k == 4 && !hl_is_list(hl_tuple_get(e, 3))) return -1;
        if (k == 3) ++*short_n;
    }
    return l == HL_NIL ? n : -1;
}

/* error/3: OTP 25 raises error:Reason whatever Args and Options are (the
 * options only add error_info for shells, which the sandbox has none of). */
BIF(b_error3) {
    (void)out;
    p->bif_class = HL_AM(error), p->bif_reason = a[0];
    return HL_VM_BIF_RAISE;
}

BIF(b_raise3) {
    int64_t nshort, n = -1;
    if (a[0] == HL_AM(error) || a[0] == HL_AM(exit) || a[0] == HL_AM(throw)) n = trace_entries(a[2], &nshort);
    p->bif_cost = n > 0 ? (uint64_t)n >> COST_SHIFT : 0;
    if (n < 0) {
        *out = HL_AM(badarg); /* OTP returns badarg rather than raising it */
        return HL_TERM_OK;
    }
    hl_term stack = a[2];
    if (nshort > 0) { /* a copy with each {M, F, A} as {M, F, A, []} */
        hl_term *c;
        hl_term_status st = hl_heap_alloc(H, 2 * (size_t)n + 5 * (size_t)nshort, &c);
        if (st != HL_TERM_OK) return st;
        hl_term *t = c + 2 * n;
        int64_t i = 0;
        for (hl_term l = a[2]; hl_is_cons(l); l = hl_cdr(l), i++) {
            hl_term e = hl_car(l);
            if (hl_tuple_arity(e) == 3 && !hl_is_fun(hl_tuple_get(e, 0))) {
                t[0] = hl_make_header(HL_SUB_TUPLE, 4);
                for (size_t j = 0; j < 3; j++) t[1 + j] = hl_tuple_get(e, j);
                t[4] = HL_NIL;
                e = hl_make_boxed(t);
                t += 5;
            }
            c[2 * i] = e, c[2 * i + 1] = i + 1 < n ? hl_make_cons(c + 2 * (i + 1)) : HL_NIL;
        }
        stack = hl_make_cons(c);
    }
    p->bif_class = a[0], p->bif_reason = a[1], p->bif_stack = stack;
    return HL_VM_BIF_RAISE;
}

/* ---- math ---- */
/* badarg for a non-number; badarith when an integer has no double. */
static hl_term_status num(hl_term t, double *d) {
    if (!hl_is_number(t)) return HL_TERM_BADARG;
    return hl_number_to_double(t, d) ? HL_TERM_OK : HL_TERM_BADARITH;
}

#define MATH1(name, expr)                                   \
    BIF(name) {                                             \
        double x;                                           \
        hl_term_status st = num(a[0], &x);                  \
        if (st != HL_TERM_OK) return st;                    \
        return hl_make_float(H, (expr), out);               \
    }
#define MATH1_DOMAIN(name, ok, expr)                        \
    BIF(name) {                                             \
        double x;                                           \
        hl_term_status st = num(a[0], &x);                  \
        if (st != HL_TERM_OK) return st;                    \
        if (!(ok)) return HL_TERM_BADARITH;                 \
        return hl_make_float(H, (expr), out);               \
    }

MATH1(m_sin, sin(x))
MATH1(m_cos, cos(x))
MATH1(m_tan, tan(x))
MATH1_DOMAIN(m_asin, x >= -1.0 && x <= 1.0, asin(x))
MATH1_DOMAIN(m_acos, x >= -1.0 && x <= 1.0, acos(x))
MATH1(m_atan, atan(x))
MATH1(m_sinh, sinh(x))
MATH1(m_cosh, cosh(x))
MATH1(m_tanh, tanh(x))
MATH1(m_asinh, asinh(x))
MATH1_DOMAIN(m_acosh, x >= 1.0, acosh(x))
MATH1_DOMAIN(m_atanh, x > -1.0 && x < 1.0, atanh(x))
MATH1(m_exp, exp(x))
MATH1_DOMAIN(m_log, x > 0.0, log(x))
MATH1_DOMAIN(m_log2, x > 0.0, log2(x))
MATH1_DOMAIN(m_log10, x > 0.0, log10(x))
MATH1_DOMAIN(m_sqrt, x >= 0.0, sqrt(x))
MATH1(m_erf, erf(x))
MATH1(m_erfc, erfc(x))
MATH1(m_floor, floor(x))
MATH1(m_ceil, ceil(x))

BIF(m_pi) {
    (void)a;
    return hl_make_float(H, 3.14159265358979323846, out);
}

#define MATH2(name, ok, expr)                               \
    BIF(name) {                                             \
        double x, y;                                        \
        hl_term_status st = num(a[0], &x);                  \
        if (st == HL_TERM_OK) st = num(a[1], &y);           \
        if (st != HL_TERM_OK) return st;                    \
        if (!(ok)) return HL_TERM_BADARITH;                 \
        return hl_make_float(H, (expr), out);               \
    }

MATH2(m_atan2, true, atan2(x, y))
MATH2(m_fmod, y != 0.0, fmod(x, y))
/* Negative base with a non-integral exponent, and 0 to a negative power,
 * have no real result: badarith, as OTP. */
MATH2(m_pow, !(x < 0.0 && y != floor(y)) && !(x == 0.0 && y < 0.0), pow(x, y))

const hl_vm_bif_reg hl_vm_bifs_std[] = {
    {HL_BI_MAKE_TUPLE2, b_make_tuple2},
    {HL_BI_MAKE_TUPLE3, b_make_tuple3},
    {HL_BI_APPEND_ELEMENT, b_append_element},
    {HL_BI_DELETE_ELEMENT, b_delete_element},
    {HL_BI_INSERT_ELEMENT, b_insert_element},
    {HL_BI_FLOOR, b_floor},
    {HL_BI_CEIL, b_ceil},
    {HL_BI_INTEGER_TO_LIST2, b_integer_to_list2},
    {HL_BI_LIST_TO_INTEGER2, hl_vm_bif_list_to_integer2},
    {HL_BI_LIST_TO_EXISTING_ATOM, b_list_to_existing_atom},
    {HL_BI_RAISE3, b_raise3},
    {HL_BI_ERROR3, b_error3},
    {HL_BI_MATH_PI, m_pi},
    {HL_BI_MATH_SIN, m_sin},
    {HL_BI_MATH_COS, m_cos},
    {HL_BI_MATH_TAN, m_tan},
    {HL_BI_MATH_ASIN, m_asin},
    {HL_BI_MATH_ACOS, m_acos},
    {HL_BI_MATH_ATAN, m_atan},
    {HL_BI_MATH_ATAN2, m_atan2},
    {HL_BI_MATH_SINH, m_sinh},
    {HL_BI_MATH_COSH, m_cosh},
    {HL_BI_MATH_TANH, m_tanh},
    {HL_BI_MATH_ASINH, m_asinh},
    {HL_BI_MATH_ACOSH, m_acosh},
    {HL_BI_MATH_ATANH, m_atanh},
    {HL_BI_MATH_EXP, m_exp},
    {HL_BI_MATH_LOG, m_log},
    {HL_BI_MATH_LOG2, m_log2},
    {HL_BI_MATH_LOG10, m_log10},
    {HL_BI_MATH_POW, m_pow},
    {HL_BI_MATH_SQRT, m_sqrt},
    {HL_BI_MATH_ERF, m_erf},
    {HL_BI_MATH_ERFC, m_erfc},
    {HL_BI_MATH_FLOOR, m_floor},
    {HL_BI_MATH_CEIL, m_ceil},
    {HL_BI_MATH_FMOD, m_fmod},
};
const size_t hl_vm_bifs_std_count = sizeof hl_vm_bifs_std / sizeof hl_vm_bifs_std[0];


