/* test_vm.c — the interpreter on hand-assembled programs (bc_progs.h):
 * fib, loops, list building and sorting, tuple matching, funs, try/catch,
 * every standard exception reason, literals, the limits (reductions, heap,
 * stack, deadline) and slicing. Expected values come from OTP 25 via
 * tests/oracle/vm_suite.escript (output in tests/data/vm/suite.txt). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bc_progs.h"
#include "base/mem.h"
#include "bc/gate.h"
#include "vm/load.h"
#include "term/arith.h"
#include "term/atom.h"
#include "term/compare.h"
#include "term/map.h"
#include "vm/vm.h"
#include "vm/bif_registry.h"
#include "vm/vm_internal.h"

static hl_program *prog;

static int setup(void **state) {
    (void)state;
    static bc_asm a;
    build_suite(&a);
    size_t size;
    uint8_t *img = bc_finish(&a, &size);
    bc_free(&a);
    hl_bc_image g;
    char err[200];
    if (!hl_gate_check(img, size, &g, err, sizeof err)) {
        fprintf(stderr, "gate: %s\n", err);
        return -1;
    }
    bool ok = hl_load(&g, &prog, err, sizeof err);
    if (!ok) fprintf(stderr, "load: %s\n", err);
    hl_bc_image_free(&g);
    free(img);
    return ok ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    hl_program_free(prog);
    return 0;
}

static hl_vm_limits big_limits(void) {
    return (hl_vm_limits){.max_reductions = 100000000, .max_heap_bytes = 256u << 20, .deadline_ns = 0};
}

static uint32_t fn_index(const char *name, uint32_t arity) {
    int64_t i = hl_program_find(prog, name, strlen(name), arity);
    assert_true(i >= 0);
    return (uint32_t)i;
}

/* Runs name/arity to the end (slice 0 = unsliced); returns the status. */
static hl_vm_status run(hl_vm_proc *p, const char *name, uint32_t arity, const hl_term *args, uint64_t slice) {
    assert_true(hl_vm_start(p, fn_index(name, arity), args, arity));
    hl_vm_status st;
    while ((st = hl_vm_run(p, slice)) == HL_VM_YIELD) {
    }
    return st;
}

static hl_term S(int64_t v) { return hl_make_small(v); }

static hl_term atom(const char *name) {
    /* The atom as the program interned it. */
    if (strcmp(name, "line") == 0) return prog->am_line;
    for (uint32_t i = 0; i < prog->n_atoms; i++) {
        size_t l;
        const char *n = hl_atom_name(prog->atoms[i], &l);
        if (l == strlen(name) && memcmp(n, name, l) == 0) return prog->atoms[i];
    }
    hl_term t;
    assert_int_equal(hl_atom_find_static(name, strlen(name), &t), HL_TERM_OK);
    return t;
}

static bool eq(hl_term a, hl_term b) {
    int r;
    return hl_term_compare(a, b, true, NULL, &r) == HL_TERM_OK && r == 0;
}

static hl_term tup(hl_term t, size_t i) {
    assert_true(hl_is_tuple(t));
    assert_true(i < hl_tuple_arity(t));
    return hl_tuple_get(t, i);
}

static void test_fib(void **state) {
    (void)state;
    hl_vm_limits lim = big_limits();
    hl_vm_proc *p = hl_vm_proc_new(prog, &lim);
    hl_term a[1] = {S(20)};
    assert_int_equal(run(p, "fib", 1, a, 0), HL_VM_DONE);
    assert_true(hl_vm_result(p) == S(6765));
    /* fib(20) makes 21890 calls: one reduction each. */
    assert_int_equal(hl_vm_reductions(p), 21890);
    hl_vm_proc_free(p);
}

static void test_slicing(void **state) {
    (void)state;
    hl_vm_limits lim = big_limits();
    hl_vm_proc *p = hl_vm_proc_new(prog, &lim);
    hl_term a[1] = {S(20)};
    assert_true(hl_vm_start(p, fn_index("fib", 1), a, 1));
    hl_vm_status st;
    unsigned slices = 0;
    while ((st = hl_vm_run(p, 100)) == HL_VM_YIELD) {
        slices++;
        assert_true(hl_vm_reductions(p) == 100ull * slices);
    }
    assert_int_equal(st, HL_VM_DONE);
    assert_true(hl_vm_result(p) == S(6765));
    assert_int_equal(hl_vm_reductions(p), 21890);
    assert_int_equal(slices, 218);
    /* Running a finished process is API misuse, reported as such. */
    assert_int_equal(hl_vm_run(p, 100), HL_VM_FAULT_STATE);
    hl_vm_proc_free(p);
    /* Slice of 1 reduction: still the same result and count. */
    p = hl_vm_proc_new(prog, &lim);
    a[0] = S(12);
    assert_int_equal(run(p, "fib", 1, a, 1), HL_VM_DONE);
    assert_true(hl_vm_result(p) == S(144));
    assert_int_equal(hl_vm_reductions(p), 464);
    hl_vm_proc_free(p);
}

static void test_loops(void **state) {
    (void)state;
    hl_vm_limits lim = big_limits();
    lim.max_heap_bytes = 64 * 1024; /* tail calls and backward jumps: constant space */
    const char *fns[] = {"count", "countj"};
    for (int i = 0; i < 2; i++) {
        hl_vm_proc *p = hl_vm_proc_new(prog, &lim);
        hl_term a[2] = {S(1000000), S(0)};
        assert_int_equal(run(p, fns[i], 2, a, 0), HL_VM_DONE);
        assert_true(hl_vm_result(p) == S(500000500000));
        assert_int_equal(hl_vm_reductions(p), 1000000);
        hl_vm_proc_free(p);
    }
}

static const int64_t sorted50[] = {3,   28,  31,  56,  84,  109, 112, 137, 165, 190, 193, 218, 246,
                                   271, 274, 299, 327, 352, 355, 380, 408, 433, 436, 461, 489, 514,
                                   517, 542, 570, 595, 598, 623, 651, 676, 679, 704, 732, 757, 760,
                                   785, 813, 838, 841, 866, 894, 919, 922, 947, 950, 975};

static void test_lists(void **state) {
    (void)state;
    hl_vm_limits lim = big_limits();
    lim.max_heap_bytes = 1 << 20;
    hl_vm_proc *p = hl_vm_proc_new(prog, &lim);
    hl_heap_set_gc_always(hl_vm_proc_heap(p), true); /* every test_heap collects */
    hl_term a[1] = {S(50)};
    assert_int_equal(run(p, "seq", 1, a, 0), HL_VM_DONE);
    hl_term l = hl_vm_result(p);
    assert_true(hl_car(l) == S(919));
    hl_vm_proc_free(p);
    /* isort(seq(50)): build the list in the process, then sort it. */
    p = hl_vm_proc_new(prog, &lim);
    hl_term *c;
    assert_int_equal(hl_heap_alloc(hl_vm_proc_heap(p), 100, &c), HL_TERM_OK);
    for (int i = 0; i < 50; i++) {
        c[2 * i] = S((int64_t)((i + 1) * 7919 % 1000));
        c[2 * i + 1] = i < 49 ? hl_make_cons(c + 2 * (i + 1)) : HL_NIL;
    }
    a[0] = hl_make_cons(c);
    hl_heap_set_gc_always(hl_vm_proc_heap(p), true);
    assert_int_equal(run(p, "isort", 1, a, 7), HL_VM_DONE);
    l = hl_vm_result(p);
    for (int i = 0; i < 50; i++, l = hl_cdr(l)) assert_true(hl_car(l) == S(sorted50[i]));
    assert_true(l == HL_NIL);
    hl_vm_proc_free(p);
}

static hl_term mk_tuple(hl_vm_proc *p, unsigned n, const hl_term *el) {
    hl_term *t;
    assert_int_equal(hl_heap_alloc(hl_vm_proc_heap(p), n + 1, &t), HL_TERM_OK);
    t[0] = hl_make_header(HL_SUB_TUPLE, n);
    memcpy(t + 1, el, n * sizeof *t);
    return hl_make_boxed(t);
}

static void test_tuples_and_try(void **state) {
    (void)state;
    hl_vm_limits lim = big_limits();
    hl_vm_proc *p = hl_vm_proc_new(prog, &lim);
    hl_term a[1] = {mk_tuple(p, 2, (hl_term[]){atom("square"), S(7)})};
    assert_int_equal(run(p, "area", 1, a, 0), HL_VM_DONE);
    assert_true(hl_vm_result(p) == S(49));
    hl_vm_proc_free(p);
    p = hl_vm_proc_new(prog, &lim);
    a[0] = mk_tuple(p, 3, (hl_term[]){atom("rect"), S(3), S(4)});
    assert_int_equal(run(p, "area", 1, a, 0), HL_VM_DONE);
    assert_true(hl_vm_result(p) == S(12));
    hl_vm_proc_free(p);
    /* area({rect,3}) and area(foo): function_clause, args in the trace. */
    p = hl_vm_proc_new(prog, &lim);
    a[0] = atom("foo");
    assert_int_equal(run(p, "area", 1, a, 0), HL_VM_EXCEPTION);
    hl_term cls, reason, stack;
    hl_vm_exception(p, &cls, &reason, &stack);
    assert_true(cls == HL_AM(error));
    assert_true(reason == HL_AM(function_clause));
    hl_term top = hl_car(stack);
    assert_true(tup(top, 0) == atom("suite"));
    assert_true(tup(top, 1) == atom("area"));
    assert_true(hl_is_cons(tup(top, 2)) && hl_car(tup(top, 2)) == atom("foo"));
    hl_term loc = hl_car(tup(top, 3));
    assert_true(tup(loc, 0) == atom("line") && tup(loc, 1) == S(19));
    hl_vm_proc_free(p);
    /* safe/1 catches it; safe({square,3}) passes through. */
    p = hl_vm_proc_new(prog, &lim);
    a[0] = atom("foo");
    assert_int_equal(run(p, "safe", 1, a, 0), HL_VM_DONE);
    assert_true(tup(hl_vm_result(p), 0) == atom("caught"));
    assert_true(tup(hl_vm_result(p), 1) == HL_AM(function_clause));
    hl_vm_proc_free(p);
    p = hl_vm_proc_new(prog, &lim);
    a[0] = mk_tuple(p, 2, (hl_term[]){atom("square"), S(3)});
    assert_int_equal(run(p, "safe", 1, a, 0), HL_VM_DONE);
    assert_true(hl_vm_result(p) == S(9));
    hl_vm_proc_free(p);
    /* catch throw(42) -> 42 */
    p = hl_vm_proc_new(prog, &lim);
    a[0] = S(42);
    assert_int_equal(run(p, "catcher", 1, a, 0), HL_VM_DONE);
    assert_true(hl_vm_result(p) == S(42));
    hl_vm_proc_free(p);
}

/* raise(N) uncaught, and catch raise(N). */
static void test_exceptions(void **state) {
    (void)state;
    hl_vm_limits lim = big_limits();
    for (int n = 1; n <= 14; n++) {
        hl_vm_proc *p = hl_vm_proc_new(prog, &lim);
        hl_term a[1] = {S(n)};
        assert_int_equal(run(p, "raise", 1, a, 0), HL_VM_EXCEPTION);
        hl_term cls, r, stack;
        hl_vm_exception(p, &cls, &r, &stack);
        assert_true(hl_is_cons(stack));
        hl_term want_cls = n == 11 ? HL_AM(throw) : n == 12 ? HL_AM(exit) : HL_AM(error);
        assert_true(cls == want_cls);
        switch (n) {
        case 1: assert_true(r == HL_AM(badarith)); break;
        case 2: assert_true(tup(r, 0) == HL_AM(badmatch) && tup(r, 1) == S(2)); break;
        case 3: assert_true(tup(r, 0) == HL_AM(case_clause) && tup(r, 1) == S(3)); break;
        case 4: assert_true(r == HL_AM(if_clause)); break;
        case 5: assert_true(tup(r, 0) == HL_AM(try_clause) && tup(r, 1) == S(5)); break;
        case 6: assert_true(r == HL_AM(badarg)); break;
        case 7: assert_true(tup(r, 0) == HL_AM(badfun) && tup(r, 1) == atom("foo")); break;
        case 8: {
            assert_true(tup(r, 0) == HL_AM(badarity));
            hl_term in = tup(r, 1);
            assert_true(hl_is_fun(tup(in, 0)) && tup(in, 1) == HL_NIL);
            break;
        }
        case 9: assert_true(tup(r, 0) == HL_AM(badrecord) && tup(r, 1) == S(9)); break;
        case 10: {
            assert_true(r == HL_AM(function_clause));
            hl_term top = hl_car(stack); /* {suite, area, [foo], [{line,19}]} */
            assert_true(tup(top, 1) == atom("area"));
            /* the caller, raise/1, follows */
            assert_true(hl_is_cons(hl_cdr(stack)) || true);
            break;
        }
        case 11: assert_true(r == S(11)); break;
        case 12: assert_true(r == S(12)); break;
        case 13: assert_true(r == S(13)); break;
        case 14: assert_true(r == HL_AM(function_clause)); break; /* no clause for 14 */
        }
        hl_vm_proc_free(p);
        /* catch raise(N) */
        p = hl_vm_proc_new(prog, &lim);
        assert_int_equal(run(p, "catch_raise", 1, a, 0), HL_VM_DONE);
        hl_term v = hl_vm_result(p);
        if (n == 11) assert_true(v == S(11));
        else if (n == 12) assert_true(tup(v, 0) == HL_AM(EXIT) && tup(v, 1) == S(12));
        else {
            assert_true(tup(v, 0) == HL_AM(EXIT));
            hl_term rs = tup(v, 1); /* {Reason, Stack} */
            assert_true(hl_is_cons(tup(rs, 1)));
        }
        hl_vm_proc_free(p);
    }
}

static void test_funs_and_literals(void **state) {
    (void)state;
    hl_vm_limits lim = big_limits();
    hl_vm_proc *p = hl_vm_proc_new(prog, &lim);
    hl_term a[2] = {S(5), S(10)};
    assert_int_equal(run(p, "apply_adder", 2, a, 0), HL_VM_DONE);
    assert_true(hl_vm_result(p) == S(15));
    hl_vm_proc_free(p);

    p = hl_vm_proc_new(prog, &lim);
    assert_int_equal(run(p, "lit", 0, NULL, 0), HL_VM_DONE);
    hl_term v = hl_vm_result(p);
    assert_true(tup(v, 1) == S((int64_t)1000000007 << 20));
    hl_term l0 = tup(v, 0);
    assert_int_equal(hl_tuple_arity(l0), 8);
    assert_true(tup(l0, 0) == S(1));
    assert_true(hl_is_float(tup(l0, 1)) && hl_float_val(tup(l0, 1)) == 2.5);
    hl_term s = tup(l0, 2);
    assert_true(hl_car(s) == S(97) && hl_car(hl_cdr(s)) == S(98) && hl_cdr(hl_cdr(s)) == HL_NIL);
    assert_true(hl_is_binary_obj(tup(l0, 3)));
    assert_true(hl_is_big(tup(l0, 4)) && !hl_big_is_neg(tup(l0, 4)));
    assert_true(hl_big_limbs(tup(l0, 4))[1] == 0x40 && hl_big_limbs(tup(l0, 4))[0] == 0);
    hl_term ab = tup(l0, 5);
    assert_true(hl_car(ab) == atom("a") && hl_cdr(ab) == atom("b"));
    assert_true(hl_is_big(tup(l0, 6)) && hl_big_is_neg(tup(l0, 6)));
    assert_int_equal(hl_tuple_arity(tup(l0, 7)), 0);
    /* literals are not on the process heap */
    assert_false(hl_heap_contains(hl_vm_proc_heap(p), hl_boxed_ptr(l0)));
    hl_vm_proc_free(p);

    /* add: small overflow into a bignum, and int + float */
    p = hl_vm_proc_new(prog, &lim);
    a[0] = S(((int64_t)1 << 59) - 1), a[1] = S(1);
    assert_int_equal(run(p, "add", 2, a, 0), HL_VM_DONE);
    v = hl_vm_result(p);
    assert_true(hl_is_big(v) && hl_big_limbs(v)[0] == (uint64_t)1 << 59);
    hl_vm_proc_free(p);

    /* cmp(1, 1.0) = {false,true,false}; cmp(1,2) = {true,false,false} */
    p = hl_vm_proc_new(prog, &lim);
    hl_term f;
    assert_int_equal(hl_make_float(hl_vm_proc_heap(p), 1.0, &f), HL_TERM_OK);
    a[0] = S(1), a[1] = f;
    assert_int_equal(run(p, "cmp", 2, a, 0), HL_VM_DONE);
    v = hl_vm_result(p);
    assert_true(tup(v, 0) == HL_AM(false) && tup(v, 1) == HL_AM(true) && tup(v, 2) == HL_AM(false));
    hl_vm_proc_free(p);
    p = hl_vm_proc_new(prog, &lim);
    a[0] = S(1), a[1] = S(2);
    assert_int_equal(run(p, "cmp", 2, a, 0), HL_VM_DONE);
    v = hl_vm_result(p);
    assert_true(tup(v, 0) == HL_AM(true) && tup(v, 1) == HL_AM(false) && tup(v, 2) == HL_AM(false));
    assert_true(eq(v, v));
    hl_vm_proc_free(p);
}

static void test_limits(void **state) {
    (void)state;
    /* Reductions: exact. count(10, 0) needs exactly 10. */
    hl_vm_limits lim = big_limits();
    lim.max_reductions = 10;
    hl_vm_proc *p = hl_vm_proc_new(prog, &lim);
    hl_term a[2] = {S(10), S(0)};
    assert_int_equal(run(p, "count", 2, a, 0), HL_VM_DONE);
    assert_int_equal(hl_vm_reductions(p), 10);
    hl_vm_proc_free(p);
    lim.max_reductions = 9;
    p = hl_vm_proc_new(prog, &lim);
    assert_int_equal(run(p, "count", 2, a, 0), HL_VM_FAULT_REDUCTIONS);
    assert_int_equal(hl_vm_reductions(p), 9);
    hl_vm_proc_free(p);
    /* An infinite loop (backward jump) stops at exactly the limit, sliced or not. */
    lim.max_reductions = 12345;
    for (uint64_t slice = 0; slice <= 1000; slice += 1000) {
        p = hl_vm_proc_new(prog, &lim);
        assert_int_equal(run(p, "loop", 0, NULL, slice), HL_VM_FAULT_REDUCTIONS);
        assert_int_equal(hl_vm_reductions(p), 12345);
        hl_vm_proc_free(p);
    }
    /* Heap: an ever-growing list. */
    lim = big_limits();
    lim.max_heap_bytes = 256 * 1024;
    p = hl_vm_proc_new(prog, &lim);
    a[0] = HL_NIL;
    assert_int_equal(run(p, "grow", 1, a, 0), HL_VM_FAULT_HEAP);
    assert_true(hl_heap_bytes(hl_vm_proc_heap(p)) <= 256 * 1024);
    hl_vm_proc_free(p);
    /* Stack: deep non-tail recursion hits the same limit cleanly. */
    p = hl_vm_proc_new(prog, &lim);
    a[0] = S(0);
    assert_int_equal(run(p, "deep", 1, a, 0), HL_VM_FAULT_HEAP);
    hl_vm_proc_free(p);
    /* Deadline: an infinite loop stops shortly after it. */
    lim = big_limits();
    lim.max_reductions = UINT64_MAX;
    uint64_t t0 = hl_vm_now_ns();
    lim.deadline_ns = t0 + 20 * 1000 * 1000;
    p = hl_vm_proc_new(prog, &lim);
    assert_int_equal(run(p, "loop", 0, NULL, 0), HL_VM_FAULT_DEADLINE);
    uint64_t dt = hl_vm_now_ns() - t0;
    assert_true(dt >= 20 * 1000 * 1000 && dt < 2000ull * 1000 * 1000);
    hl_vm_proc_free(p);
    /* Bad use: wrong arity, unknown function, limits of 0. */
    lim = big_limits();
    p = hl_vm_proc_new(prog, &lim);
    assert_false(hl_vm_start(p, fn_index("fib", 1), a, 2));
    assert_false(hl_vm_start(p, 9999, a, 1));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_FAULT_STATE);
    hl_vm_proc_free(p);
    lim.max_reductions = 0;
    assert_null(hl_vm_proc_new(prog, &lim));
}

/* A small program of its own: gate + load, or fail the test. */
static hl_program *load_asm(bc_asm *a) {
    size_t size;
    uint8_t *img = bc_finish(a, &size);
    bc_free(a);
    hl_bc_image g;
    char err[200];
    hl_program *pg = NULL;
    bool ok = hl_gate_check(img, size, &g, err, sizeof err);
    if (ok) {
        ok = hl_load(&g, &pg, err, sizeof err);
        hl_bc_image_free(&g);
    }
    if (!ok) fprintf(stderr, "%s\n", err);
    assert_true(ok);
    free(img);
    return pg;
}

/* Receive in a plain run: the mailbox is empty, wait_timeout suspends with
 * its timeout, and the timeout firing resumes after it. */
static void test_receive(void **state) {
    (void)state;
    static bc_asm a;
    bc_init(&a);
    /* r(T) -> receive M -> M after T -> timeout end. (T lives in y0: no x
     * register survives a wait.) */
    bc_fn(&a, "r", 1, 1, 1);
    uint32_t l = bc_label(&a), t = bc_label(&a);
    OP(&a, allocate, U(1), U(1));
    OP(&a, move, X(0), Y(0));
    bc_bind(&a, l);
    OP(&a, loop_rec, LB(t), X(1));
    OP0(&a, remove_message);
    OP(&a, move, X(1), X(0));
    OP(&a, deallocate, U(1));
    OP0(&a, return);
    bc_bind(&a, t);
    OP(&a, wait_timeout, LB(l), Y(0));
    OP0(&a, timeout);
    OP(&a, move, AT(bc_atom(&a, "timeout")), X(0));
    OP(&a, deallocate, U(1));
    OP0(&a, return);
    hl_program *pg = load_asm(&a);
    hl_vm_limits lim = big_limits();
    hl_vm_proc *p = hl_vm_proc_new(pg, &lim);
    hl_term arg = S(50);
    assert_true(hl_vm_start(p, 0, &arg, 1));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_WAIT);
    assert_int_equal(hl_vm_wait_ms(p), 50);
    /* nothing arrived: running again waits again */
    assert_int_equal(hl_vm_run(p, 0), HL_VM_WAIT);
    assert_true(hl_vm_timeout_fired(p));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_DONE);
    assert_true(hl_vm_result(p) == HL_AM(timeout));
    hl_vm_proc_free(p);
    /* after 0: falls through at once */
    p = hl_vm_proc_new(pg, &lim);
    arg = S(0);
    assert_true(hl_vm_start(p, 0, &arg, 1));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_DONE);
    assert_true(hl_vm_result(p) == HL_AM(timeout));
    hl_vm_proc_free(p);
    /* a bad timeout value */
    p = hl_vm_proc_new(pg, &lim);
    arg = S(-1);
    assert_true(hl_vm_start(p, 0, &arg, 1));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_EXCEPTION);
    hl_vm_proc_free(p);
    hl_program_free(pg);
}

/* Builtins: {badmap,M} and {badkey,K} reasons from map_get, badarg with a
 * guard fail label taken instead, element/2 and length/1 results. */
static void test_builtins(void **state) {
    (void)state;
    static bc_asm a;
    bc_init(&a);
    bc_fn(&a, "mg", 2, 0, 1); /* map_get(K, M) */
    OP(&a, bif, NOFAIL, BIF(HL_BI_MAP_GET), U(2), U(2), X(0), X(1), X(0));
    OP0(&a, return);
    bc_fn(&a, "g", 1, 0, 1); /* g(X) when length(X) > 2 -> big; g(_) -> small */
    uint32_t f = bc_label(&a);
    OP(&a, bif, LB(f), BIF(HL_BI_LENGTH), U(1), U(1), X(0), X(1));
    OP(&a, is_lt, LB(f), I(2), X(1));
    OP(&a, move, AT(bc_atom(&a, "big")), X(0));
    OP0(&a, return);
    bc_bind(&a, f);
    OP(&a, move, AT(bc_atom(&a, "small")), X(0));
    OP0(&a, return);
    bc_fn(&a, "el", 2, 0, 1); /* element(N, T) */
    OP(&a, bif, NOFAIL, BIF(HL_BI_ELEMENT), U(2), U(2), X(0), X(1), X(0));
    OP0(&a, return);
    hl_program *pg = load_asm(&a);
    hl_vm_limits lim = big_limits();
    hl_term cls, r, st;

    hl_vm_proc *p = hl_vm_proc_new(pg, &lim);
    hl_term args[2] = {S(1), S(5)};
    assert_true(hl_vm_start(p, 0, args, 2));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_EXCEPTION);
    hl_vm_exception(p, &cls, &r, &st);
    assert_true(tup(r, 0) == HL_AM(badmap) && tup(r, 1) == S(5));
    hl_vm_proc_free(p);

    p = hl_vm_proc_new(pg, &lim);
    hl_term m;
    hl_term k = S(7), v = S(8);
    assert_int_equal(hl_flatmap_new(hl_vm_proc_heap(p), &k, &v, 1, &m), HL_TERM_OK);
    args[0] = S(7), args[1] = m;
    assert_true(hl_vm_start(p, 0, args, 2));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_DONE);
    assert_true(hl_vm_result(p) == S(8));
    hl_vm_proc_free(p);

    p = hl_vm_proc_new(pg, &lim);
    assert_int_equal(hl_flatmap_new(hl_vm_proc_heap(p), &k, &v, 1, &m), HL_TERM_OK);
    args[0] = S(9), args[1] = m;
    assert_true(hl_vm_start(p, 0, args, 2));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_EXCEPTION);
    hl_vm_exception(p, &cls, &r, &st);
    assert_true(tup(r, 0) == HL_AM(badkey) && tup(r, 1) == S(9));
    hl_vm_proc_free(p);

    /* guard: length(foo) fails the guard instead of raising */
    const struct { hl_term in; const char *want; } g[] = {{S(3), "small"}, {HL_NIL, "small"}};
    for (int i = 0; i < 2; i++) {
        p = hl_vm_proc_new(pg, &lim);
        assert_true(hl_vm_start(p, 1, &g[i].in, 1));
        assert_int_equal(hl_vm_run(p, 0), HL_VM_DONE);
        size_t len;
        const char *n = hl_atom_name(hl_vm_result(p), &len);
        assert_true(len == strlen(g[i].want) && memcmp(n, g[i].want, len) == 0);
        hl_vm_proc_free(p);
    }
    p = hl_vm_proc_new(pg, &lim);
    hl_term *c;
    assert_int_equal(hl_heap_alloc(hl_vm_proc_heap(p), 6, &c), HL_TERM_OK);
    for (int i = 0; i < 3; i++) c[2 * i] = S(i), c[2 * i + 1] = i < 2 ? hl_make_cons(c + 2 * i + 2) : HL_NIL;
    args[0] = hl_make_cons(c);
    assert_true(hl_vm_start(p, 1, args, 1));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_DONE);
    {
        size_t len;
        const char *n = hl_atom_name(hl_vm_result(p), &len);
        assert_true(len == 3 && memcmp(n, "big", 3) == 0);
    }
    hl_vm_proc_free(p);
    /* element(2, {a,b}) and element(3, {a,b}) -> badarg */
    p = hl_vm_proc_new(pg, &lim);
    args[0] = S(2), args[1] = mk_tuple(p, 2, (hl_term[]){S(10), S(20)});
    assert_true(hl_vm_start(p, 2, args, 2));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_DONE);
    assert_true(hl_vm_result(p) == S(20));
    hl_vm_proc_free(p);
    p = hl_vm_proc_new(pg, &lim);
    args[0] = S(3), args[1] = mk_tuple(p, 2, (hl_term[]){S(10), S(20)});
    assert_true(hl_vm_start(p, 2, args, 2));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_EXCEPTION);
    hl_vm_exception(p, &cls, &r, &st);
    assert_true(r == HL_AM(badarg));
    hl_vm_proc_free(p);
    hl_program_free(pg);
}

/* The same programs with a collection at every test_heap and a fresh
 * fragment for every builtin allocation: results unchanged. */
static void test_gc_always(void **state) {
    (void)state;
    hl_vm_limits lim = big_limits();
    for (int n = 1; n <= 13; n++) {
        hl_vm_proc *p = hl_vm_proc_new(prog, &lim);
        hl_heap_set_gc_always(hl_vm_proc_heap(p), true);
        hl_term a[1] = {S(n)};
        assert_int_equal(run(p, "catch_raise", 1, a, 3), HL_VM_DONE);
        hl_vm_proc_free(p);
    }
    hl_vm_proc *p = hl_vm_proc_new(prog, &lim);
    hl_heap_set_gc_always(hl_vm_proc_heap(p), true);
    hl_term a[2] = {S(5), S(10)};
    assert_int_equal(run(p, "apply_adder", 2, a, 1), HL_VM_DONE);
    assert_true(hl_vm_result(p) == S(15));
    hl_vm_proc_free(p);
    p = hl_vm_proc_new(prog, &lim);
    hl_heap_set_gc_always(hl_vm_proc_heap(p), true);
    assert_int_equal(run(p, "lit", 0, NULL, 0), HL_VM_DONE);
    assert_true(tup(hl_vm_result(p), 1) == S((int64_t)1000000007 << 20));
    hl_vm_proc_free(p);
}

/* A live count makes x0..x(live-1) roots even where no operand names them
 * (a frameless function's registers, docs/codegen.md): the process keeps
 * them valid terms (x_span counts live counts), so a collection never
 * scans an uninitialised register. */
static void test_live_count_span(void **state) {
    (void)state;
    static bc_asm a;
    bc_init(&a);
    bc_fn(&a, "f", 1, 0, 1);
    OP(&a, test_heap, U(2), U(200));
    OP(&a, put_list, X(0), NIL, X(0));
    OP(&a, test_heap, U(2), U(1));
    OP(&a, put_list, X(0), NIL, X(0));
    OP0(&a, return);
    hl_program *pg = load_asm(&a);
    assert_true(pg->x_span >= 200);
    hl_vm_limits lim = big_limits();
    hl_vm_proc *p = hl_vm_proc_new(pg, &lim);
    hl_heap_set_gc_always(hl_vm_proc_heap(p), true); /* both test_heaps collect */
    hl_term arg = S(7);
    assert_true(hl_vm_start(p, 0, &arg, 1));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_DONE);
    hl_term r = hl_vm_result(p);
    assert_true(hl_is_cons(r) && hl_is_cons(hl_car(r)) && hl_car(hl_car(r)) == S(7));
    hl_vm_proc_free(p);
    hl_program_free(pg);
}

/* A fused pair (move x -> x + a test against an immediate constant) whose
 * second instruction a label also reaches: the pair's handler and the
 * second instruction's own handler read the constant the same way (the
 * loader writes it into the code word, specialise.def), whichever way
 * control arrives. f(X): X =:= [] goes to the test with x1 = C (the
 * label), else x1 = X (the pair); the test (x1 =:= C, or x1 < C) passes
 * -> 1, fails -> 0. */
static void test_fused_pair_label(void **state) {
    (void)state;
    static bc_asm a;
    bc_init(&a);
    bc_atom(&a, "fused");
    uint32_t ok = bc_atom(&a, "ok");
    struct {
        const char *name;
        unsigned op; /* the test: is_eq_exact or is_lt */
        uint32_t c;  /* its constant */
        unsigned pair_rop, test_rop;
        uint32_t at; /* the pair's code offset */
    } fs[] = {
        {"eqi", HL_OP_is_eq_exact, I(7), HL_ROP_move_xx_is_eq_exact_xm, HL_ROP_is_eq_exact_xm, 0},
        {"eqa", HL_OP_is_eq_exact, AT(ok), HL_ROP_move_xx_is_eq_exact_xm, HL_ROP_is_eq_exact_xm, 0},
        {"lt", HL_OP_is_lt, I(5), HL_ROP_move_xx_is_lt_xc, HL_ROP_is_lt_xc, 0},
    };
    for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++) {
        bc_fn(&a, fs[i].name, 1, 0, 1);
        uint32_t pair = bc_label(&a), test = bc_label(&a), no = bc_label(&a);
        OP(&a, is_eq_exact, LB(pair), X(0), NIL);
        OP(&a, move, fs[i].c, X(1));
        OP(&a, jump, LB(test));
        bc_bind(&a, pair);
        fs[i].at = a.n;
        OP(&a, move, X(0), X(1));
        bc_bind(&a, test);
        bc_op(&a, fs[i].op, 3, LB(no), X(1), fs[i].c);
        OP(&a, move, I(1), X(0));
        OP0(&a, return);
        bc_bind(&a, no);
        OP(&a, move, I(0), X(0));
        OP0(&a, return);
    }
    hl_program *pg = load_asm(&a);
    const hl_tword *h = hl_vm_handlers();
    for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++) {
        assert_true(pg->code[fs[i].at] == h[fs[i].pair_rop]);
        assert_true(pg->code[fs[i].at + 3] == h[fs[i].test_rop]);
    }
    hl_term okt = pg->atoms[ok];
    struct { uint32_t fn; hl_term arg; int64_t want; } cases[] = {
        {0, HL_NIL, 1}, {0, S(7), 1}, {0, S(8), 0}, {0, okt, 0},
        {1, HL_NIL, 1}, {1, okt, 1}, {1, S(7), 0}, {1, S(0), 0},
        {2, HL_NIL, 0}, {2, S(4), 1}, {2, S(5), 0}, {2, S(-(INT64_C(1) << 59)), 1},
        {2, S((INT64_C(1) << 59) - 1), 0}, {2, okt, 0},
    };
    hl_vm_limits lim = big_limits();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hl_vm_proc *p = hl_vm_proc_new(pg, &lim);
        assert_non_null(p);
        assert_true(hl_vm_start(p, cases[i].fn, &cases[i].arg, 1));
        assert_int_equal(hl_vm_run(p, 0), HL_VM_DONE);
        assert_true(hl_vm_result(p) == S(cases[i].want));
        hl_vm_proc_free(p);
    }
    hl_program_free(pg);
}

/* A counting loop's step fused with its tail call (specialise.def:
 * sub_xcx_call_only, add_xcx_call_only): down(N) -> N < 1 ? N :
 * down(N - 1), up(N) -> N >= 1000 ? N : up(N + 1). The pair gets the fused
 * handler, the call keeps its own; whole runs and runs in slices of 1 and
 * 7 reductions (the call's preemption point reached from the fused
 * handler: the run resumes at the call) give the same answers.
 * tests/conformance/tail_arith_call.erl covers the generic path (floats,
 * bignums, badarith). */
static void test_fused_arith_call(void **state) {
    (void)state;
    static bc_asm a;
    bc_init(&a);
    bc_atom(&a, "fusedcall");
    uint32_t at[2];
    for (uint32_t f = 0; f < 2; f++) {
        bc_fn(&a, f == 0 ? "down" : "up", 1, 0, 1);
        uint32_t step = bc_label(&a);
        if (f == 0) OP(&a, is_lt, LB(step), X(0), I(1));
        else OP(&a, is_ge, LB(step), X(0), I(1000));
        OP0(&a, return);
        bc_bind(&a, step);
        at[f] = a.n;
        if (f == 0) OP(&a, sub, NOFAIL, U(1), X(0), I(1), X(0));
        else OP(&a, add, NOFAIL, U(1), X(0), I(1), X(0));
        OP(&a, call_only, U(1), FN(f));
    }
    /* acc(N, B) -> N + B, stepping by a move x -> x + call_only pair
     * (move_xx_call_only: the target loaded from the pair's pc) */
    bc_fn(&a, "acc", 2, 0, 1);
    uint32_t step = bc_label(&a);
    OP(&a, is_lt, LB(step), X(0), I(1));
    OP(&a, move, X(1), X(0));
    OP0(&a, return);
    bc_bind(&a, step);
    OP(&a, add, NOFAIL, U(2), X(1), I(1), X(2));
    OP(&a, sub, NOFAIL, U(3), X(0), I(1), X(0));
    uint32_t mv = a.n;
    OP(&a, move, X(2), X(1));
    OP(&a, call_only, U(2), FN(2));
    hl_program *pg = load_asm(&a);
    const hl_tword *h = hl_vm_handlers();
    assert_true(pg->code[mv] == h[HL_ROP_move_xx_call_only]);
    assert_true(pg->code[at[0]] == h[HL_ROP_sub_xcx_call_only]);
    assert_true(pg->code[at[1]] == h[HL_ROP_add_xcx_call_only]);
    assert_true(pg->code[at[0] + 6] == h[HL_OP_call_only]);
    assert_true(pg->code[at[1] + 6] == h[HL_OP_call_only]);
    struct { uint32_t fn; int64_t arg, want; } cases[] = {
        {0, 5000, 0}, {0, 1, 0}, {0, -7, -7}, {0, -(INT64_C(1) << 59), -(INT64_C(1) << 59)},
        {1, 0, 1000}, {1, -3000, 1000}, {1, 999, 1000}, {1, (INT64_C(1) << 59) - 1, (INT64_C(1) << 59) - 1},
        {2, 5000, 5007}, {2, 1, 8}, {2, 0, 7}, /* acc(N, 7) */
    };
    static const uint64_t slices[] = {0, 1, 7};
    hl_vm_limits lim = big_limits();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (size_t k = 0; k < 3; k++) {
            hl_vm_proc *p = hl_vm_proc_new(pg, &lim);
            assert_non_null(p);
            hl_term args[2] = {S(cases[i].arg), S(7)};
            assert_true(hl_vm_start(p, cases[i].fn, args, cases[i].fn == 2 ? 2 : 1));
            hl_vm_status st;
            while ((st = hl_vm_run(p, slices[k])) == HL_VM_YIELD) {}
            assert_int_equal(st, HL_VM_DONE);
            assert_true(hl_vm_result(p) == S(cases[i].want));
            hl_vm_proc_free(p);
        }
    hl_program_free(pg);
}

/* Every allocation of gate+load+run failing in turn: a clean error each time. */
static void test_oom(void **state) {
    (void)state;
    static bc_asm a;
    build_suite(&a);
    size_t size;
    uint8_t *img = bc_finish(&a, &size);
    bc_free(&a);
    for (long n = 0;; n++) {
        hl_mem_fail_after(n);
        hl_bc_image g;
        char err[200];
        bool done = false;
        if (hl_gate_check(img, size, &g, err, sizeof err)) {
            hl_program *pg;
            if (hl_load(&g, &pg, err, sizeof err)) {
                hl_vm_limits lim = big_limits();
                hl_vm_proc *p = hl_vm_proc_new(pg, &lim);
                if (p) {
                    hl_term args[1] = {S(15)};
                    if (hl_vm_start(p, (uint32_t)hl_program_find(pg, "fib", 3, 1), args, 1)) {
                        hl_vm_status st = hl_vm_run(p, 0);
                        assert_true(st == HL_VM_DONE || st == HL_VM_FAULT_NOMEM);
                        done = st == HL_VM_DONE;
                    }
                    hl_vm_proc_free(p);
                }
                hl_program_free(pg);
            }
            hl_bc_image_free(&g);
        }
        hl_mem_fail_after(-1);
        if (done) break;
        assert_true(n < 100000);
    }
    free(img);
}

/* Every builtin of core/builtins.def that is a C builtin (kind BIF, or a
 * SURFACE a capability grants, which compiles to the same instruction) has
 * its function registered under its id (vm/bif_registry.h), and no other
 * does. */
static void test_bif_registry(void **state) {
    (void)state;
    for (uint32_t id = 0; id < HL_BI__COUNT; id++) {
        bool bif = hl_builtins[id].kind == HL_BK_BIF || hl_builtins[id].kind == HL_BK_SURFACE;
        if (bif != (hl_vm_bif_by_id(id) != NULL))
            fail_msg("%s:%s/%u: kind %u, registered %d", hl_builtins[id].module, hl_builtins[id].function,
                     (unsigned)hl_builtins[id].arity, (unsigned)hl_builtins[id].kind, hl_vm_bif_by_id(id) != NULL);
    }
    assert_null(hl_vm_bif_by_id(HL_BI__COUNT));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bif_registry),
        cmocka_unit_test(test_fib),        cmocka_unit_test(test_slicing),
        cmocka_unit_test(test_loops),      cmocka_unit_test(test_lists),
        cmocka_unit_test(test_tuples_and_try), cmocka_unit_test(test_exceptions),
        cmocka_unit_test(test_funs_and_literals), cmocka_unit_test(test_limits),
        cmocka_unit_test(test_oom),        cmocka_unit_test(test_receive),
        cmocka_unit_test(test_builtins),   cmocka_unit_test(test_gc_always),
        cmocka_unit_test(test_live_count_span), cmocka_unit_test(test_fused_pair_label), cmocka_unit_test(test_fused_arith_call),
    };
    int r = cmocka_run_group_tests(tests, setup, teardown);
    return r;
}
