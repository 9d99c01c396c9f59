/* test_gate.c — the bytecode gate: valid images pass; every structural
 * corruption, every rule violation, truncations and random bit flips are
 * refused — or, for flips that yield another valid program, the program
 * still passes the gate and runs safely under tiny limits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bc_progs.h"
#include "base/mem.h"
#include "bc/gate.h"
#include "host/host_int.h"
#include "host/stdlib_images.h"
#if __has_include("vm/vm.h")
#include "vm/load.h"
#include "vm/vm.h"
#define HAVE_VM 1
#endif

static bc_asm A; /* big: keep off the stack */

static bool gate_ok(const uint8_t *img, size_t size, char *err, size_t errlen) {
    hl_bc_image g;
    bool ok = hl_gate_check(img, size, &g, err, errlen);
    if (ok) hl_bc_image_free(&g);
    return ok;
}

/* Gate + load + run exported function `fn` with small-int args under tiny
 * limits; any outcome but a crash is fine. Returns whether the gate took it. */
static bool gate_and_run(const uint8_t *img, size_t size) {
    hl_bc_image g;
    char err[200];
    if (!hl_gate_check(img, size, &g, err, sizeof err)) return false;
#ifdef HAVE_VM
    hl_program *p = NULL;
    static hl_engine *engine; /* the stdlib's modules, for images with imports */
    if (!engine) assert_int_equal(hl_engine_new(&engine), HL_OK);
    if (hl_load(&g, &p, err, sizeof err)) {
        hl_error *lerr = NULL;
        bool linked = hl_host_link_program(engine, &p, 1, err, sizeof err, &lerr) == HL_OK;
        hl_error_free(lerr);
        for (uint32_t f = 0; linked && f < g.n_functions; f++) {
            hl_vm_limits lim = {.max_reductions = 2000, .max_heap_bytes = 64 * 1024, .deadline_ns = 0};
            hl_vm_proc *pr = hl_vm_proc_new(p, &lim);
            if (!pr) continue;
            hl_term args[8];
            for (uint32_t i = 0; i < 8; i++) args[i] = hl_make_small((int64_t)i + 3);
            uint32_t ar = g.funcs[f].arity < 8 ? g.funcs[f].arity : 8;
            if (g.funcs[f].arity < 8 && hl_vm_start(pr, f, args, ar)) {
                for (int k = 0; k < 50; k++)
                    if (hl_vm_run(pr, 100) != HL_VM_YIELD) break;
            }
            hl_vm_proc_free(pr);
        }
        hl_program_free(p);
    }
#endif
    hl_bc_image_free(&g);
    return true;
}

static uint8_t *suite_image(size_t *size) {
    build_suite(&A);
    uint8_t *img = bc_finish(&A, size);
    bc_free(&A);
    return img;
}

static void test_valid_suite(void **state) {
    (void)state;
    size_t size;
    uint8_t *img = suite_image(&size);
    char err[200];
    bool ok = gate_ok(img, size, err, sizeof err);
    if (!ok) fprintf(stderr, "refused: %s\n", err);
    assert_true(ok);
    free(img);
}

static void test_truncations_and_extension(void **state) {
    (void)state;
    size_t size;
    uint8_t *img = suite_image(&size);
    char err[200];
    for (size_t n = 0; n < size; n++) assert_false(gate_ok(img, n, err, sizeof err));
    uint8_t *big = calloc(size + 8, 1);
    memcpy(big, img, size);
    for (size_t extra = 1; extra <= 8; extra++) assert_false(gate_ok(big, size + extra, err, sizeof err));
    assert_false(gate_ok(NULL, 0, err, sizeof err));
    free(big);
    free(img);
}

static void put32le(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t get32le(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Every header field set to many other values: always refused. */
static void test_header_fields(void **state) {
    (void)state;
    size_t size;
    uint8_t *img = suite_image(&size);
    char err[200];
    const uint32_t vals[] = {0, 1, 2, 7, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFFFFFE, 1u << 20, 1u << 26};
    for (unsigned f = 0; f < HL_BC_HEADER_WORDS; f++) {
        uint32_t orig = get32le(img + 4 * f);
        const uint32_t deltas[] = {1, (uint32_t)-1, 4, (uint32_t)-4, 24};
        for (size_t i = 0; i < sizeof vals / sizeof vals[0] + sizeof deltas / sizeof deltas[0]; i++) {
            uint32_t v = i < sizeof vals / sizeof vals[0] ? vals[i] : orig + deltas[i - sizeof vals / sizeof vals[0]];
            if (v == orig) continue;
            put32le(img + 4 * f, v);
            assert_false(gate_ok(img, size, err, sizeof err));
        }
        put32le(img + 4 * f, orig);
    }
    assert_true(gate_ok(img, size, err, sizeof err));
    free(img);
}

/* Every function-table field set to other values: refused, or (rarely: e.g.
 * a frame size that is still large enough, an exported flag) accepted and
 * run safely. */
static void test_function_fields(void **state) {
    (void)state;
    size_t size;
    uint8_t *img = suite_image(&size);
    char err[200];
    uint32_t h[HL_BC_HEADER_WORDS];
    for (unsigned i = 0; i < HL_BC_HEADER_WORDS; i++) h[i] = get32le(img + 4 * i);
    size_t ft = HL_BC_HEADER_BYTES + h[3] + h[5];
    unsigned refused = 0, accepted = 0;
    for (uint32_t fn = 0; fn < h[6]; fn++)
        for (unsigned k = 0; k < 6; k++) {
            uint8_t *p = img + ft + 24 * fn + 4 * k;
            uint32_t orig = get32le(p);
            const uint32_t vals[] = {orig + 1, orig - 1, 0, 0xFFFFFFFF, 255, 256, 1024, 1025, h[7], orig + 2};
            for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
                if (vals[i] == orig) continue;
                put32le(p, vals[i]);
                if (gate_and_run(img, size)) accepted++;
                else refused++;
            }
            put32le(p, orig);
        }
    assert_true(refused > accepted);
    assert_true(gate_ok(img, size, err, sizeof err));
    free(img);
}

/* Every code word replaced by several values. */
static void test_code_words(void **state) {
    (void)state;
    size_t size;
    uint8_t *img = suite_image(&size);
    uint32_t h[HL_BC_HEADER_WORDS];
    for (unsigned i = 0; i < HL_BC_HEADER_WORDS; i++) h[i] = get32le(img + 4 * i);
    size_t code = HL_BC_HEADER_BYTES + h[3] + h[5] + 24 * (size_t)h[6];
    unsigned refused = 0, accepted = 0;
    for (uint32_t i = 0; i < h[7]; i++) {
        uint8_t *p = img + code + 4 * (size_t)i;
        uint32_t orig = get32le(p);
        const uint32_t vals[] = {orig ^ 1,    orig ^ 0x10,       orig + 0x10, orig - 0x10, 0xFFFFFFFF, 0,
                                 orig ^ 0xF, HL_BC_WORD(HL_K_OP, 3), HL_BC_WORD(HL_K_X, 255),
                                 HL_BC_WORD(HL_K_Y, 0), HL_BC_WORD(HL_K_U, 1000000)};
        for (size_t k = 0; k < sizeof vals / sizeof vals[0]; k++) {
            if (vals[k] == orig) continue;
            put32le(p, vals[k]);
            if (gate_and_run(img, size)) accepted++;
            else refused++;
        }
        put32le(p, orig);
    }
    print_message("code words: %u refused, %u accepted and run\n", refused, accepted);
    assert_true(refused > 0);
    free(img);
}

static uint64_t rng_state;
static uint64_t rng(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Random bit flips (1..4 bits) over many seeds. */
static void test_bit_flips(void **state) {
    (void)state;
    size_t size;
    uint8_t *img = suite_image(&size);
    uint8_t *m = malloc(size);
    unsigned refused = 0, accepted = 0;
    for (uint64_t seed = 1; seed <= 3000; seed++) {
        rng_state = seed * 0x9E3779B97F4A7C15ull;
        memcpy(m, img, size);
        int flips = 1 + (int)(rng() % 4);
        for (int f = 0; f < flips; f++) {
            size_t bit = rng() % (size * 8);
            m[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        if (gate_and_run(m, size)) accepted++;
        else refused++;
    }
    print_message("bit flips: %u refused, %u accepted and run\n", refused, accepted);
    assert_true(refused > 0);
    free(m);
    free(img);
}

/* ---- one rule at a time -------------------------------------------- */

typedef void (*body_fn)(bc_asm *a);

/* Builds a program: function 0 "f"/1 (frame 4) with `body`, function 1
 * "g"/1 = return. Checks it is refused with `want` in the message. */
static void expect(body_fn body, const char *want) {
    bc_init(&A);
    bc_fn(&A, "f", 1, 4, 1);
    body(&A);
    bc_fn(&A, "g", 1, 0, 0);
    OP0(&A, return);
    size_t size;
    uint8_t *img = bc_finish(&A, &size);
    bc_free(&A);
    char err[200];
    bool ok = gate_ok(img, size, err, sizeof err);
    if (want == NULL) {
        if (!ok) fprintf(stderr, "unexpectedly refused: %s\n", err);
        assert_true(ok);
    } else {
        if (ok || !strstr(err, want)) fprintf(stderr, "want '%s', got %s: '%s'\n", want, ok ? "accepted" : "refused", err);
        assert_false(ok);
        assert_non_null(strstr(err, want));
    }
    free(img);
}

static void b_ok(bc_asm *a) { OP0(a, return); }
static void b_unknown_op(bc_asm *a) { a->code[a->n++] = HL_BC_WORD(HL_K_OP, HL_OP__COUNT); }
static void b_not_op(bc_asm *a) { a->code[a->n++] = HL_BC_WORD(HL_K_X, 0); }
static void b_bad_kind(bc_asm *a) { OP(a, move, X(0), I(1)); OP0(a, return); }
static void b_x_range(bc_asm *a) { OP(a, move, X(0), X(256)); OP0(a, return); }
static void b_y_noframe(bc_asm *a) { OP(a, move, X(0), Y(0)); OP0(a, return); }
static void b_y_range(bc_asm *a) {
    OP(a, allocate, U(2), U(1));
    OP(a, move, X(0), Y(2));
    OP(a, deallocate, U(2));
    OP0(a, return);
}
static void b_frame_too_big(bc_asm *a) { OP(a, allocate, U(5), U(1)); OP(a, deallocate, U(5)); OP0(a, return); }
static void b_lit_range(bc_asm *a) { OP(a, move, LIT(0), X(0)); OP0(a, return); }
static void b_atom_range(bc_asm *a) { OP(a, move, AT(99), X(0)); OP0(a, return); }
static void b_fn_range(bc_asm *a) { OP(a, call_only, U(1), FN(7)); }
static void b_bif_range(bc_asm *a) { OP(a, bif, NOFAIL, BIF(999), U(1), U(1), X(0), X(0)); OP0(a, return); }
static void b_bif_arity(bc_asm *a) { OP(a, bif, NOFAIL, BIF(B_HD), U(1), U(2), X(0), X(0), X(0)); OP0(a, return); }
static void b_call_arity(bc_asm *a) { OP(a, call_only, U(2), FN(1)); }
static void b_call_noframe(bc_asm *a) { OP(a, call, U(1), FN(1)); OP0(a, return); }
static void b_return_frame(bc_asm *a) { OP(a, allocate, U(1), U(1)); OP0(a, return); }
static void b_callonly_frame(bc_asm *a) { OP(a, allocate, U(1), U(1)); OP(a, call_only, U(1), FN(1)); }
static void b_dealloc_mismatch(bc_asm *a) { OP(a, allocate, U(1), U(1)); OP(a, deallocate, U(2)); OP0(a, return); }
static void b_double_alloc(bc_asm *a) { OP(a, allocate, U(1), U(1)); OP(a, allocate, U(1), U(1)); }
static void b_calllast_mismatch(bc_asm *a) { OP(a, allocate, U(1), U(1)); OP(a, call_last, U(1), FN(1), U(2)); }
static void b_no_heap(bc_asm *a) { OP(a, put_list, X(0), NIL, X(0)); OP0(a, return); }
static void b_heap_short(bc_asm *a) {
    OP(a, test_heap, U(2), U(1));
    OP(a, put_tuple, X(0), U(2), X(0), X(0));
    OP0(a, return);
}
static void b_heap_after_gc(bc_asm *a) {
    OP(a, test_heap, U(4), U(1));
    OP(a, add, NOFAIL, U(1), X(0), X(0), X(0));
    OP(a, put_list, X(0), NIL, X(0));
    OP0(a, return);
}
static void b_heap_across_label(bc_asm *a) {
    uint32_t l = bc_label(a);
    OP(a, test_heap, U(4), U(1));
    OP(a, jump, LB(l));
    bc_bind(a, l);
    OP(a, put_list, X(0), NIL, X(0));
    OP0(a, return);
}
static void b_heap_ok(bc_asm *a) {
    OP(a, test_heap, U(9), U(1));
    OP(a, put_list, X(0), NIL, X(1));
    OP(a, put_tuple, X(0), U(3), X(1), X(0), NIL);
    OP(a, make_fun, X(0), FN(1), U(0));
    OP0(a, return);
}
static void b_heap_fun_short(bc_asm *a) {
    OP(a, test_heap, U(3), U(1));
    OP(a, make_fun, X(0), FN(1), U(1), X(0));
    OP0(a, return);
}
static void b_fun_free(bc_asm *a) {
    OP(a, test_heap, U(5), U(1));
    OP(a, make_fun, X(0), FN(1), U(2), X(0), X(0));
    OP0(a, return);
}
static void b_label_mid(bc_asm *a) {
    a->code[a->n++] = HL_BC_WORD(HL_K_OP, HL_OP_jump);
    a->code[a->n++] = HL_BC_WORD(HL_K_LABEL, 1); /* the operand itself */
}
static void b_label_other_fn(bc_asm *a) {
    a->code[a->n++] = HL_BC_WORD(HL_K_OP, HL_OP_jump);
    a->code[a->n++] = HL_BC_WORD(HL_K_LABEL, 2); /* function g's entry */
}
static void b_falls_off(bc_asm *a) { OP(a, move, X(0), X(1)); }
static void b_past_end(bc_asm *a) { a->code[a->n++] = HL_BC_WORD(HL_K_OP, HL_OP_move); a->code[a->n++] = X(0); }
static void b_try_handler(bc_asm *a) {
    uint32_t l = bc_label(a);
    OP(a, allocate, U(1), U(1));
    OP(a, try, Y(0), LB(l));
    OP(a, try_end, Y(0));
    bc_bind(a, l);
    OP(a, deallocate, U(1));
    OP0(a, return);
}
static void b_try_read_slot(bc_asm *a) {
    uint32_t l = bc_label(a);
    OP(a, allocate, U(1), U(1));
    OP(a, try, Y(0), LB(l));
    OP(a, move, Y(0), X(0));
    OP(a, try_end, Y(0));
    OP(a, deallocate, U(1));
    OP0(a, return);
    bc_bind(a, l);
    OP(a, try_case, Y(0));
    OP(a, deallocate, U(1));
    OP0(a, return);
}
static void b_try_dealloc(bc_asm *a) {
    uint32_t l = bc_label(a);
    OP(a, allocate, U(1), U(1));
    OP(a, try, Y(0), LB(l));
    OP(a, deallocate, U(1));
    OP0(a, return);
    bc_bind(a, l);
    OP(a, try_case, Y(0));
    OP(a, deallocate, U(1));
    OP0(a, return);
}
static void b_try_nesting(bc_asm *a) {
    uint32_t l0 = bc_label(a), l1 = bc_label(a);
    OP(a, allocate, U(2), U(1));
    OP(a, try, Y(0), LB(l0));
    OP(a, try, Y(1), LB(l1));
    OP(a, try_end, Y(0)); /* not innermost */
    OP(a, try_end, Y(1));
    OP(a, deallocate, U(2));
    OP0(a, return);
    bc_bind(a, l1);
    OP(a, try_case, Y(1));
    OP(a, try_end, Y(0));
    OP(a, deallocate, U(2));
    OP0(a, return);
    bc_bind(a, l0);
    OP(a, try_case, Y(0));
    OP(a, deallocate, U(2));
    OP0(a, return);
}
static void b_merge_mismatch(bc_asm *a) {
    uint32_t l = bc_label(a);
    OP(a, is_nil, LB(l), X(0));
    OP(a, allocate, U(1), U(1));
    bc_bind(a, l); /* reached with and without a frame */
    OP0(a, return);
}
static void b_select_dup(bc_asm *a) {
    uint32_t l = bc_label(a);
    OP(a, select_val, X(0), LB(l), U(2), I(1), LB(l), I(1), LB(l));
    bc_bind(a, l);
    OP0(a, return);
}
static void b_list_long(bc_asm *a) {
    a->code[a->n++] = HL_BC_WORD(HL_K_OP, HL_OP_put_tuple);
    a->code[a->n++] = X(0);
    a->code[a->n++] = U(HL_BC_MAX_LIST + 1);
    OP0(a, return);
}
static void b_live_range(bc_asm *a) { OP(a, test_heap, U(1), U(257)); OP0(a, return); }
static void b_heap_need(bc_asm *a) { OP(a, test_heap, U(HL_BC_MAX_HEAP_NEED + 1), U(1)); OP0(a, return); }
static void b_nofail_label_only(bc_asm *a) { OP(a, jump, NOFAIL); }
static void b_backward_test(bc_asm *a) {
    uint32_t l = bc_label(a);
    bc_bind(a, l);
    OP(a, is_nil, LB(l), X(0)); /* a loop that would charge nothing */
    OP0(a, return);
}
static void b_backward_jump_ok(bc_asm *a) {
    uint32_t l = bc_label(a), d = bc_label(a);
    bc_bind(a, l);
    OP(a, is_nil, LB(d), X(0));
    OP0(a, return);
    bc_bind(a, d);
    OP(a, jump, LB(l));
}
/* A receive loop's back edges (loop_rec_end, wait, wait_timeout) must go
 * to its loop_rec, not serve as general charged loops. */
static void b_recv_edge_not_loop_rec(bc_asm *a) {
    uint32_t l = bc_label(a);
    bc_bind(a, l);
    OP(a, is_nil, LB(l + 1), X(0));
    OP0(a, return);
    bc_bind(a, bc_label(a));
    OP(a, wait_timeout, LB(l), I(5));
    OP0(a, return);
}
static void b_recv_ok(bc_asm *a) {
    uint32_t loop = bc_label(a), w = bc_label(a);
    bc_bind(a, loop);
    OP(a, loop_rec, LB(w), X(0));
    OP0(a, remove_message);
    OP0(a, return);
    bc_bind(a, w);
    OP(a, wait_timeout, LB(loop), I(5));
    OP0(a, timeout);
    OP0(a, return);
}
static void b_nil_value(bc_asm *a) { OP(a, move, HL_BC_WORD(HL_K_NIL, 1), X(0)); OP0(a, return); }

/* ---- maps: every operand of put_map_assoc / put_map_exact / get_map_elements */

static void b_map_ok(bc_asm *a) {
    uint32_t l = bc_label(a);
    OP(a, put_map_assoc, NOFAIL, U(1), X(0), X(1), U(2), I(1), X(0), AT(0), NIL);
    OP(a, put_map_exact, NOFAIL, U(2), X(1), X(1), U(1), I(1), I(2));
    OP(a, get_map_elements, LB(l), X(1), U(2), I(1), X(2), AT(0), X(3));
    OP(a, put_map_assoc, LB(l), U(0), X(1), X(0), U(0));
    bc_bind(a, l);
    OP0(a, return);
}
static void b_map_live(bc_asm *a) { OP(a, put_map_assoc, NOFAIL, U(257), X(0), X(0), U(0)); OP0(a, return); }
static void b_map_exact_live(bc_asm *a) { OP(a, put_map_exact, NOFAIL, U(300), X(0), X(0), U(0)); OP0(a, return); }
static void b_map_too_many(bc_asm *a) {
    a->code[a->n++] = HL_BC_WORD(HL_K_OP, HL_OP_put_map_assoc);
    a->code[a->n++] = NOFAIL, a->code[a->n++] = U(1), a->code[a->n++] = X(0), a->code[a->n++] = X(0);
    a->code[a->n++] = U(HL_BC_MAX_MAP_PAIRS + 1);
    for (uint32_t i = 0; i < 2 * (HL_BC_MAX_MAP_PAIRS + 1); i++) a->code[a->n++] = I(i);
    OP0(a, return);
}
static void b_map_get_too_many(bc_asm *a) {
    uint32_t l = bc_label(a);
    a->code[a->n++] = HL_BC_WORD(HL_K_OP, HL_OP_get_map_elements);
    a->fix[a->n_fix++] = a->n;
    a->code[a->n++] = LB(l), a->code[a->n++] = X(0), a->code[a->n++] = U(HL_BC_MAX_MAP_PAIRS + 1);
    for (uint32_t i = 0; i < HL_BC_MAX_MAP_PAIRS + 1; i++) a->code[a->n++] = I(i), a->code[a->n++] = X(1);
    bc_bind(a, l);
    OP0(a, return);
}
static void b_map_dst_const(bc_asm *a) { OP(a, put_map_assoc, NOFAIL, U(1), X(0), I(3), U(0)); OP0(a, return); }
static void b_map_src_label(bc_asm *a) {
    uint32_t l = bc_label(a);
    OP(a, put_map_assoc, NOFAIL, U(1), LB(l), X(0), U(0));
    bc_bind(a, l);
    OP0(a, return);
}
static void b_map_live_kind(bc_asm *a) { OP(a, put_map_assoc, NOFAIL, X(1), X(0), X(0), U(0)); OP0(a, return); }
static void b_map_count_kind(bc_asm *a) { OP(a, put_map_assoc, NOFAIL, U(1), X(0), X(0), I(0)); OP0(a, return); }
static void b_map_key_range(bc_asm *a) { OP(a, put_map_assoc, NOFAIL, U(1), X(0), X(0), U(1), LIT(9), X(0)); OP0(a, return); }
static void b_map_value_kind(bc_asm *a) { OP(a, put_map_exact, NOFAIL, U(1), X(0), X(0), U(1), X(0), FN(1)); OP0(a, return); }
static void b_map_get_nofail(bc_asm *a) { OP(a, get_map_elements, NOFAIL, X(0), U(1), I(1), X(0)); OP0(a, return); }
static void b_map_get_dst_const(bc_asm *a) {
    uint32_t l = bc_label(a);
    OP(a, get_map_elements, LB(l), X(0), U(1), I(1), AT(0));
    bc_bind(a, l);
    OP0(a, return);
}
static void b_map_get_y_noframe(bc_asm *a) {
    uint32_t l = bc_label(a);
    OP(a, get_map_elements, LB(l), X(0), U(1), Y(0), X(1));
    bc_bind(a, l);
    OP0(a, return);
}
static void b_map_put_y_range(bc_asm *a) {
    OP(a, allocate, U(1), U(1));
    OP(a, put_map_assoc, NOFAIL, U(1), X(0), Y(1), U(0));
    OP(a, deallocate, U(1));
    OP0(a, return);
}
static void b_map_get_handler_slot(bc_asm *a) {
    uint32_t h = bc_label(a), l = bc_label(a);
    OP(a, allocate, U(1), U(1));
    OP(a, try, Y(0), LB(h));
    OP(a, get_map_elements, LB(l), X(0), U(1), I(1), Y(0)); /* overwrites the handler */
    bc_bind(a, l);
    OP(a, try_end, Y(0));
    OP(a, deallocate, U(1));
    OP0(a, return);
    bc_bind(a, h);
    OP(a, try_case, Y(0));
    OP(a, deallocate, U(1));
    OP0(a, return);
}
static void b_map_backward(bc_asm *a) {
    uint32_t l = bc_label(a);
    bc_bind(a, l);
    OP(a, get_map_elements, LB(l), X(0), U(0)); /* a loop that would charge nothing */
    OP0(a, return);
}
static void b_map_put_backward(bc_asm *a) {
    uint32_t l = bc_label(a);
    bc_bind(a, l);
    OP(a, put_map_exact, LB(l), U(1), X(0), X(0), U(1), I(1), I(1));
    OP0(a, return);
}
static void b_map_heap_after_put(bc_asm *a) {
    OP(a, test_heap, U(2), U(1));
    OP(a, put_map_assoc, NOFAIL, U(1), X(0), X(0), U(0)); /* may collect: the reservation is gone */
    OP(a, put_list, X(0), NIL, X(0));
    OP0(a, return);
}
static void b_map_past_end(bc_asm *a) {
    a->code[a->n++] = HL_BC_WORD(HL_K_OP, HL_OP_put_map_assoc);
    a->code[a->n++] = NOFAIL, a->code[a->n++] = U(1), a->code[a->n++] = X(0), a->code[a->n++] = X(0);
    a->code[a->n++] = U(2), a->code[a->n++] = I(1), a->code[a->n++] = I(2), a->code[a->n++] = I(3);
}
static void b_map_get_past_end(bc_asm *a) {
    a->code[a->n++] = HL_BC_WORD(HL_K_OP, HL_OP_get_map_elements);
    a->code[a->n++] = HL_BC_WORD(HL_K_LABEL, 0), a->code[a->n++] = X(0), a->code[a->n++] = U(1);
    a->code[a->n++] = I(1);
}

static void test_map_rules(void **state) {
    (void)state;
    expect(b_map_ok, NULL);
    expect(b_map_live, "live count");
    expect(b_map_exact_live, "live count");
    expect(b_map_too_many, "too many map pairs");
    expect(b_map_get_too_many, "too many map pairs");
    expect(b_map_dst_const, "kind");
    expect(b_map_src_label, "kind");
    expect(b_map_live_kind, "kind");
    expect(b_map_count_kind, "kind");
    expect(b_map_key_range, "out of range");
    expect(b_map_value_kind, "kind");
    expect(b_map_get_nofail, "kind");
    expect(b_map_get_dst_const, "kind");
    expect(b_map_get_y_noframe, "outside the frame");
    expect(b_map_put_y_range, "outside the frame");
    expect(b_map_get_handler_slot, "holds a handler");
    expect(b_map_backward, "backward branch");
    expect(b_map_put_backward, "backward branch");
    expect(b_map_heap_after_put, "heap reservation");
    expect(b_map_past_end, "runs past");
    expect(b_map_get_past_end, "runs past");
}

/* ---- bit syntax (bs_create / bs_get / bs_test_tail) ------------------ */

#define DESC_INT8 U(HL_BS_DESC(HL_BS_INTEGER, 0, 0, 1, 1))
#define DESC_BIN_ALL U(HL_BS_DESC(HL_BS_BINARY, 0, 0, 0, 8))
/* f(X) -> B = <<X:8, X:8>>, <<A:8, _/binary>> = B, A. */
static void bs_body(bc_asm *a, uint32_t create_desc, uint32_t get_desc, uint32_t live, uint32_t pos) {
    uint32_t fail = bc_label(a);
    OP(a, allocate, U(2), U(1));
    OP(a, bs_create, NOFAIL, U(live), U(2), create_desc, X(0), I(8), DESC_INT8, X(0), I(8), Y(0));
    OP(a, is_bitstring, LB(fail), Y(0));
    OP(a, move, I(0), Y(1));
    OP(a, bs_get, LB(fail), U(0), Y(0), pos, get_desc, I(8), X(0));
    OP(a, bs_get, LB(fail), U(0), Y(0), pos, DESC_BIN_ALL, NIL, X(1));
    OP(a, bs_test_tail, LB(fail), Y(0), pos);
    OP(a, deallocate, U(2));
    OP0(a, return);
    bc_bind(a, fail);
    OP(a, badmatch, Y(0));
}
static void b_bs_ok(bc_asm *a) { bs_body(a, DESC_INT8, DESC_INT8, 0, Y(1)); }
static void b_bs_skip_ok(bc_asm *a) { bs_body(a, DESC_INT8, DESC_INT8 | HL_BS_SKIP, 0, Y(1)); }
static void b_bs_type(bc_asm *a) { bs_body(a, U(7 | (1u << 7)), DESC_INT8, 0, Y(1)); }
static void b_bs_get_type(bc_asm *a) { bs_body(a, DESC_INT8, U(7 | (1u << 7)), 0, Y(1)); }
static void b_bs_unit0(bc_asm *a) { bs_body(a, U(HL_BS_DESC(HL_BS_INTEGER, 0, 0, 1, 0)), DESC_INT8, 0, Y(1)); }
static void b_bs_unit257(bc_asm *a) { bs_body(a, DESC_INT8, U(HL_BS_DESC(HL_BS_INTEGER, 0, 0, 1, 257)), 0, Y(1)); }
static void b_bs_endian3(bc_asm *a) { bs_body(a, U(HL_BS_DESC(HL_BS_INTEGER, 0, 3, 1, 1)), DESC_INT8, 0, Y(1)); }
static void b_bs_high_bits(bc_asm *a) { bs_body(a, DESC_INT8, U(HL_BS_DESC(HL_BS_INTEGER, 0, 0, 1, 1) | (1u << 20)), 0, Y(1)); }
static void b_bs_create_skip(bc_asm *a) { bs_body(a, U(HL_BS_DESC(HL_BS_INTEGER, 0, 0, 1, 1) | HL_BS_SKIP), DESC_INT8, 0, Y(1)); }
static void b_bs_live(bc_asm *a) { bs_body(a, DESC_INT8, DESC_INT8, 257, Y(1)); }
static void b_bs_pos_const(bc_asm *a) { bs_body(a, DESC_INT8, DESC_INT8, 0, I(0)); }
static void b_bs_pos_frame(bc_asm *a) { bs_body(a, DESC_INT8, DESC_INT8, 0, Y(2)); }
static void b_bs_backward(bc_asm *a) {
    uint32_t l = bc_label(a);
    bc_bind(a, l);
    OP(a, bs_get, LB(l), U(0), X(0), X(1), DESC_INT8, I(8), X(2)); /* a loop charging nothing */
    OP0(a, return);
}
static void b_bs_reservation(bc_asm *a) {
    OP(a, test_heap, U(2), U(1));
    OP(a, bs_create, NOFAIL, U(1), U(1), DESC_INT8, X(0), I(8), X(0)); /* may collect */
    OP(a, put_list, X(0), NIL, X(0));
    OP0(a, return);
}
static void b_bs_list_long(bc_asm *a) { OP(a, bs_create, NOFAIL, U(1), U(HL_BC_MAX_LIST + 1), DESC_INT8, X(0), I(8), X(0)); OP0(a, return); }
static void b_bs_runs_past(bc_asm *a) { OP(a, bs_create, NOFAIL, U(1), U(3), DESC_INT8, X(0), I(8), X(0)); }
static void b_bs_dst_const(bc_asm *a) { OP(a, bs_create, NOFAIL, U(1), U(1), DESC_INT8, X(0), I(8), I(0)); OP0(a, return); }
static void b_bs_tail_label(bc_asm *a) { OP(a, bs_test_tail, NOFAIL, X(0), X(0)); OP0(a, return); }

static void test_bs_rules(void **state) {
    (void)state;
    expect(b_bs_ok, NULL);
    expect(b_bs_skip_ok, NULL);
    expect(b_bs_type, "segment descriptor");
    expect(b_bs_get_type, "segment descriptor");
    expect(b_bs_unit0, "segment descriptor");
    expect(b_bs_unit257, "segment descriptor");
    expect(b_bs_endian3, "segment descriptor");
    expect(b_bs_high_bits, "segment descriptor");
    expect(b_bs_create_skip, "segment descriptor");
    expect(b_bs_live, "live count");
    expect(b_bs_pos_const, "kind");
    expect(b_bs_pos_frame, "outside the frame");
    expect(b_bs_backward, "backward branch");
    expect(b_bs_reservation, "heap reservation");
    expect(b_bs_list_long, "list too long");
    expect(b_bs_runs_past, "kind"); /* the count claims groups that are not there */
    expect(b_bs_dst_const, "kind");
    expect(b_bs_tail_label, "kind");
}

/* ---- imports and call_ext (docs/bytecode.md §2.8) ---- */

static void ext_call(bc_asm *a, uint32_t op, uint32_t arity, uint32_t imp, int frame) {
    if (frame) OP(a, allocate, U(4), U(1));
    if (op == HL_OP_call_ext) OP(a, call_ext, U(arity), IMP(imp));
    else if (op == HL_OP_call_ext_last) OP(a, call_ext_last, U(arity), IMP(imp), U((uint32_t)frame));
    else OP(a, call_ext_only, U(arity), IMP(imp));
    if (op == HL_OP_call_ext) {
        OP(a, deallocate, U(4));
        OP0(a, return);
    }
}
static void b_ext_ok(bc_asm *a) { ext_call(a, HL_OP_call_ext, 1, bc_import(a, "lists", "sort", 1), 4); }
static void b_ext_last_ok(bc_asm *a) { ext_call(a, HL_OP_call_ext_last, 1, bc_import(a, "lists", "sort", 1), 4); }
static void b_ext_only_ok(bc_asm *a) { ext_call(a, HL_OP_call_ext_only, 1, bc_import(a, "lists", "sort", 1), 0); }
static void b_ext_program_module(bc_asm *a) { ext_call(a, HL_OP_call_ext, 1, bc_import(a, "mine", "f", 1), 4); }
static void b_ext_arity(bc_asm *a) { ext_call(a, HL_OP_call_ext, 2, bc_import(a, "lists", "sort", 1), 4); }
static void b_ext_not_allowed(bc_asm *a) { ext_call(a, HL_OP_call_ext, 1, bc_import(a, "lists", "nosuch", 1), 4); }
static void b_ext_bif_module(bc_asm *a) { ext_call(a, HL_OP_call_ext, 1, bc_import(a, "erlang", "length", 1), 4); }
static void b_ext_index(bc_asm *a) {
    bc_import(a, "lists", "sort", 1);
    OP(a, allocate, U(4), U(1));
    OP(a, call_ext, U(1), IMP(1));
    OP(a, deallocate, U(4));
    OP0(a, return);
}
static void b_ext_kind(bc_asm *a) {
    bc_import(a, "lists", "sort", 1);
    OP(a, allocate, U(4), U(1));
    OP(a, call_ext, U(1), FN(0));
    OP(a, deallocate, U(4));
    OP0(a, return);
}
static void b_ext_no_frame(bc_asm *a) { ext_call(a, HL_OP_call_ext, 1, bc_import(a, "lists", "sort", 1), 0); }
static void b_ext_last_frame(bc_asm *a) {
    OP(a, allocate, U(4), U(1));
    OP(a, call_ext_last, U(1), IMP(bc_import(a, "lists", "sort", 1)), U(3));
}
static void b_ext_only_frame(bc_asm *a) { ext_call(a, HL_OP_call_ext_only, 1, bc_import(a, "lists", "sort", 1), 4); }

static void test_import_rules(void **state) {
    (void)state;
    expect(b_ext_ok, NULL);
    expect(b_ext_last_ok, NULL);
    expect(b_ext_only_ok, NULL);
    expect(b_ext_program_module, NULL); /* the linker resolves it within the program, or refuses */
    expect(b_ext_arity, "call_ext arity mismatch");
    expect(b_ext_not_allowed, "not an allowlisted stdlib function");
    expect(b_ext_bif_module, "module erlang");
    expect(b_ext_index, "out of range");
    expect(b_ext_kind, "kind");
    expect(b_ext_no_frame, "without a frame");
    expect(b_ext_last_frame, "frame mismatch");
    expect(b_ext_only_frame, "needs no frame");
}

#ifdef HAVE_VM
/* A gated image with call_ext runs only once linked: linked against an
 * engine it calls the stdlib's lists:sort/1; an import no module provides
 * fails to link, and an unlinked module is never run. */
static void test_import_link_and_run(void **state) {
    (void)state;
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    for (int variant = 0; variant < 2; variant++) {
        bc_init(&A);
        bc_atom(&A, "t");
        bc_fn(&A, "f", 1, 1, 1);
        uint32_t imp = variant == 0 ? bc_import(&A, "lists", "sort", 1) : bc_import(&A, "nowhere", "f", 1);
        OP(&A, allocate, U(1), U(1));
        OP(&A, call_ext, U(1), IMP(imp));
        OP(&A, deallocate, U(1));
        OP0(&A, return);
        size_t size;
        uint8_t *img = bc_finish(&A, &size);
        bc_free(&A);
        hl_bc_image g;
        char err[200];
        assert_true(hl_gate_check(img, size, &g, err, sizeof err));
        hl_program *p = NULL;
        /* loaded into the engine's atom table, as every module it links */
        assert_true(hl_load_in(e->atoms, HL_ATOM_POOL_MAX, &g, &p, NULL, err, sizeof err));
        hl_vm_limits lim = {.max_reductions = 100000, .max_heap_bytes = 1 << 20, .deadline_ns = 0};
        assert_null(hl_vm_proc_new(p, &lim)); /* not linked yet */
        hl_error *lerr = NULL;
        hl_status st = hl_host_link_program(e, &p, 1, err, sizeof err, &lerr);
        hl_error_free(lerr);
        if (variant == 1) {
            assert_int_equal(st, HL_ECOMPILE);
            assert_non_null(strstr(err, "nowhere:f/1"));
            assert_null(hl_vm_proc_new(p, &lim));
        } else {
            assert_int_equal(st, HL_OK);
            hl_vm_proc *pr = hl_vm_proc_new(p, &lim);
            assert_non_null(pr);
            hl_heap *h = hl_vm_proc_heap(pr);
            hl_term *c = hl_heap_bump(h, 6);
            c[0] = hl_make_small(3), c[1] = hl_make_cons(c + 2);
            c[2] = hl_make_small(1), c[3] = hl_make_cons(c + 4);
            c[4] = hl_make_small(2), c[5] = HL_NIL;
            hl_term arg = hl_make_cons(c);
            assert_true(hl_vm_start(pr, 0, &arg, 1));
            assert_int_equal(hl_vm_run(pr, 0), HL_VM_DONE);
            hl_term r = hl_vm_result(pr);
            for (int k = 1; k <= 3; k++) {
                assert_true(hl_is_cons(r));
                assert_int_equal(hl_small_val(hl_cons_ptr(r)[0]), k);
                r = hl_cons_ptr(r)[1];
            }
            assert_int_equal(r, HL_NIL);
            hl_vm_proc_free(pr);
        }
        hl_program_free(p);
        hl_bc_image_free(&g);
        free(img);
    }
    hl_engine_free(e);
}
#endif

/* Random flips of a bit syntax program: refused, or run safely (the VM
 * checks every register it reads: positions, subjects, sizes). */
static void test_bs_flips(void **state) {
    (void)state;
    bc_init(&A);
    bc_atom(&A, "bs");
    bc_fn(&A, "f", 1, 4, 1);
    bs_body(&A, DESC_INT8, DESC_INT8, 0, Y(1));
    bc_fn(&A, "g", 1, 2, 1);
    OP(&A, allocate, U(2), U(1));
    OP(&A, bs_create, NOFAIL, U(0), U(3), U(HL_BS_DESC(HL_BS_UTF8, 0, 0, 0, 1)), X(0), NIL,
       U(HL_BS_DESC(HL_BS_FLOAT, 0, 1, 1, 1)), X(0), I(32), U(HL_BS_DESC(HL_BS_INTEGER, 1, 1, 1, 3)), X(0), X(0), Y(0));
    OP(&A, move, Y(0), X(0));
    OP(&A, deallocate, U(2));
    OP0(&A, return);
    size_t size;
    uint8_t *img = bc_finish(&A, &size);
    bc_free(&A);
    assert_true(gate_and_run(img, size));
    uint8_t *m = malloc(size);
    unsigned refused = 0, accepted = 0;
    for (uint64_t seed = 1; seed <= 2000; seed++) {
        rng_state = seed * 0x9E3779B97F4A7C15ull;
        memcpy(m, img, size);
        int flips = 1 + (int)(rng() % 3);
        for (int f = 0; f < flips; f++) {
            size_t bit = rng() % (size * 8);
            m[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        if (gate_and_run(m, size)) accepted++;
        else refused++;
    }
    print_message("bit syntax flips: %u refused, %u accepted and run\n", refused, accepted);
    assert_true(refused > 0 && accepted > 0);
    free(m);
    free(img);
}

static void test_rules(void **state) {
    (void)state;
    expect(b_ok, NULL);
    expect(b_heap_ok, NULL);
    expect(b_unknown_op, "opcode");
    expect(b_not_op, "opcode");
    expect(b_bad_kind, "kind");
    expect(b_x_range, "out of range");
    expect(b_y_noframe, "outside the frame");
    expect(b_y_range, "outside the frame");
    expect(b_frame_too_big, "frame size");
    expect(b_lit_range, "out of range");
    expect(b_atom_range, "out of range");
    expect(b_fn_range, "out of range");
    expect(b_bif_range, "out of range");
    expect(b_bif_arity, "builtin arity");
    expect(b_call_arity, "call arity");
    expect(b_call_noframe, "without a frame");
    expect(b_return_frame, "needs no frame");
    expect(b_callonly_frame, "needs no frame");
    expect(b_dealloc_mismatch, "deallocate mismatch");
    expect(b_double_alloc, "allocate with a frame");
    expect(b_calllast_mismatch, "call_last frame mismatch");
    expect(b_no_heap, "heap reservation");
    expect(b_heap_short, "heap reservation");
    expect(b_heap_after_gc, "heap reservation");
    expect(b_heap_across_label, "heap reservation");
    expect(b_heap_fun_short, "heap reservation");
    expect(b_fun_free, "free variables");
    expect(b_label_mid, "not an instruction");
    expect(b_label_other_fn, "not an instruction");
    expect(b_falls_off, "falls off");
    expect(b_past_end, "runs past");
    expect(b_try_handler, "handler does not start");
    expect(b_try_read_slot, "holds a handler");
    expect(b_try_dealloc, "deallocate mismatch");
    expect(b_try_nesting, "innermost");
    expect(b_merge_mismatch, "inconsistent");
    expect(b_select_dup, "duplicate select");
    expect(b_list_long, "list too long");
    expect(b_live_range, "live count");
    expect(b_heap_need, "heap need");
    expect(b_nofail_label_only, "kind");
    expect(b_nil_value, "out of range");
    expect(b_backward_test, "backward branch");
    expect(b_backward_jump_ok, NULL);
    expect(b_recv_edge_not_loop_rec, "must go to a loop_rec");
    expect(b_recv_ok, NULL);
}

/* ---- atoms, literals, lines ------------------------------------------ */

static void expect_prog(void (*edit)(bc_asm *a), const char *want) {
    bc_init(&A);
    bc_fn(&A, "f", 0, 0, 1);
    OP0(&A, return);
    edit(&A);
    size_t size;
    uint8_t *img = bc_finish(&A, &size);
    bc_free(&A);
    char err[200];
    bool ok = gate_ok(img, size, err, sizeof err);
    if (want == NULL) {
        if (!ok) fprintf(stderr, "unexpectedly refused: %s\n", err);
        assert_true(ok);
    } else {
        if (ok || !strstr(err, want)) fprintf(stderr, "want '%s', got %s: '%s'\n", want, ok ? "accepted" : "refused", err);
        assert_false(ok);
        assert_non_null(strstr(err, want));
    }
    free(img);
}

static void e_none(bc_asm *a) { (void)a; }
static void e_dup_atom(bc_asm *a) {
    char *c = malloc(2);
    memcpy(c, "f", 2);
    a->atoms[a->n_atoms++] = c;
}
static void e_bad_utf8(bc_asm *a) { bc_atom(a, "\xC0\x80"); }
static void e_surrogate(bc_asm *a) { bc_atom(a, "\xED\xA0\x80"); }
static void e_good_utf8(bc_asm *a) { bc_atom(a, "\xC3\xA5\xE2\x82\xAC\xF0\x9F\x98\x80"); }
static void e_long_atom(bc_asm *a) {
    char s[300];
    memset(s, 'a', 256);
    s[256] = 0;
    bc_atom(a, s);
}
static void e_empty_atom(bc_asm *a) { bc_atom(a, ""); }
static void e_huge_atom(bc_asm *a) {
    static char s[1100];
    memset(s, 'a', 1021);
    s[1021] = 0;
    bc_atom(a, s);
}
static void lit1(bc_asm *a, uint8_t tag, const uint8_t *payload, size_t n) {
    uint32_t at = bc_lit_begin(a);
    bc_lit_u8(a, tag);
    for (size_t i = 0; i < n; i++) bc_lit_u8(a, payload[i]);
    bc_lit_end(a, at);
}
static void e_lit_tag(bc_asm *a) { lit1(a, 77, NULL, 0); }
static void e_lit_small_range(bc_asm *a) {
    uint8_t p[8] = {0, 0, 0, 0, 0, 0, 0, 0x08}; /* 2^59 */
    lit1(a, HL_BC_LIT_SMALL, p, 8);
}
static void e_lit_small_ok(bc_asm *a) {
    uint8_t p[8] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x07}; /* 2^59-1 */
    lit1(a, HL_BC_LIT_SMALL, p, 8);
}
static void e_lit_big_small(bc_asm *a) {
    uint8_t p[] = {0, 1, 0, 0, 0, 5};
    lit1(a, HL_BC_LIT_BIG, p, sizeof p);
}
static void e_lit_big_norm(bc_asm *a) {
    uint8_t p[] = {0, 10, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0};
    lit1(a, HL_BC_LIT_BIG, p, sizeof p);
}
static void e_lit_big_sign(bc_asm *a) {
    uint8_t p[] = {2, 9, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    lit1(a, HL_BC_LIT_BIG, p, sizeof p);
}
static void e_lit_nan(bc_asm *a) {
    uint8_t p[8] = {0, 0, 0, 0, 0, 0, 0xF8, 0x7F};
    lit1(a, HL_BC_LIT_FLOAT, p, 8);
}
static void e_lit_atom(bc_asm *a) {
    uint8_t p[4] = {9, 0, 0, 0};
    lit1(a, HL_BC_LIT_ATOM, p, 4);
}
static void e_lit_tuple_short(bc_asm *a) {
    uint8_t p[] = {3, 0, 0, 0, HL_BC_LIT_NIL, HL_BC_LIT_NIL};
    lit1(a, HL_BC_LIT_TUPLE, p, sizeof p);
}
static void e_lit_tuple_huge(bc_asm *a) {
    uint8_t p[] = {0xFF, 0xFF, 0xFF, 0xFF, HL_BC_LIT_NIL};
    lit1(a, HL_BC_LIT_TUPLE, p, sizeof p);
}
static void e_lit_trailing(bc_asm *a) {
    uint8_t p[] = {HL_BC_LIT_NIL};
    lit1(a, HL_BC_LIT_NIL, p, 1);
}
static void e_lit_empty_list(bc_asm *a) {
    uint8_t p[] = {0, 0, 0, 0, HL_BC_LIT_NIL};
    lit1(a, HL_BC_LIT_LIST, p, sizeof p);
}
static void e_lit_bin_short(bc_asm *a) {
    uint8_t p[] = {5, 0, 0, 0, 1, 2};
    lit1(a, HL_BC_LIT_BINARY, p, sizeof p);
}
static void e_lit_map_short(bc_asm *a) {
    uint8_t p[] = {1, 0, 0, 0, HL_BC_LIT_NIL};
    lit1(a, HL_BC_LIT_MAP, p, sizeof p);
}
static void e_line_mid(bc_asm *a) {
    a->lines[0][0] = 5, a->lines[0][1] = 1; /* past the code */
    a->n_lines = 1;
}
static void e_line_order(bc_asm *a) {
    a->lines[0][0] = 0, a->lines[0][1] = 1;
    a->lines[1][0] = 0, a->lines[1][1] = 2;
    a->n_lines = 2;
}
static void e_second_entry(bc_asm *a) {
    bc_fn(a, "h", 0, 0, 0);
    a->fn[1][2] = 0; /* same entry as function 0 */
    OP0(a, return);
}
static void e_dup_export(bc_asm *a) {
    bc_fn(a, "f", 0, 0, 1);
    OP0(a, return);
}
static void e_fn_reserved(bc_asm *a) { a->fn[0][4] = 4; }
static void e_fn_module(bc_asm *a) { a->fn[0][5] = 100000; }
static void e_fn_flags(bc_asm *a) { a->fn[0][4] = 3; }
static void e_fn_arity(bc_asm *a) { a->fn[0][1] = 256; }

static void test_sections(void **state) {
    (void)state;
    expect_prog(e_none, NULL);
    expect_prog(e_good_utf8, NULL);
    expect_prog(e_lit_small_ok, NULL);
    expect_prog(e_dup_atom, "duplicate atom");
    expect_prog(e_bad_utf8, "not a valid atom");
    expect_prog(e_surrogate, "not a valid atom");
    expect_prog(e_long_atom, "not a valid atom");
    expect_prog(e_empty_atom, NULL); /* '' is an atom like any other */
    expect_prog(e_huge_atom, "bad length");
    expect_prog(e_lit_tag, "unknown tag");
    expect_prog(e_lit_small_range, "small out of range");
    expect_prog(e_lit_big_small, "small range");
    expect_prog(e_lit_big_norm, "normalised");
    expect_prog(e_lit_big_sign, "bad bignum");
    expect_prog(e_lit_nan, "non-finite");
    expect_prog(e_lit_atom, "atom index");
    expect_prog(e_lit_tuple_short, "truncated");
    expect_prog(e_lit_tuple_huge, "count exceeds");
    expect_prog(e_lit_trailing, "trailing");
    expect_prog(e_lit_empty_list, "empty list");
    expect_prog(e_lit_bin_short, "truncated");
    expect_prog(e_lit_map_short, "truncated");
    expect_prog(e_line_mid, "not an instruction");
    expect_prog(e_line_order, "not increasing");
    expect_prog(e_second_entry, "entries not increasing");
    expect_prog(e_dup_export, "duplicate exported");
    expect_prog(e_fn_reserved, "reserved");
    expect_prog(e_fn_module, "module out of range");
    expect_prog(e_fn_flags, "reserved");
    expect_prog(e_fn_arity, "arity");
}

#ifdef HAVE_VM
#include "term/map.h"
/* Map literals: the loader builds them (nested maps, equal keys: the last
 * value wins), a map operand of get_map_elements reads them; a map larger
 * than the term layer supports is a load error, never a crash. */
static void map_lit(bc_asm *a, uint32_t n, uint32_t first_key) {
    uint32_t at = bc_lit_begin(a);
    bc_lit_u8(a, HL_BC_LIT_MAP);
    bc_lit_u32(a, n);
    for (uint32_t i = 0; i < n; i++) {
        bc_lit_u8(a, HL_BC_LIT_SMALL), bc_lit_u64(a, first_key + i % 40);
        bc_lit_u8(a, HL_BC_LIT_SMALL), bc_lit_u64(a, i);
    }
    bc_lit_end(a, at);
}
static void test_map_literals_load(void **state) {
    (void)state;
    bc_init(&A);
    uint32_t fa = bc_atom(&A, "f");
    /* literal 0: #{f => #{}, 7 => #{1 => [f]}, f => 2} */
    uint32_t at = bc_lit_begin(&A);
    bc_lit_u8(&A, HL_BC_LIT_MAP), bc_lit_u32(&A, 3);
    bc_lit_u8(&A, HL_BC_LIT_ATOM), bc_lit_u32(&A, fa);
    bc_lit_u8(&A, HL_BC_LIT_MAP), bc_lit_u32(&A, 0);
    bc_lit_u8(&A, HL_BC_LIT_SMALL), bc_lit_u64(&A, 7);
    bc_lit_u8(&A, HL_BC_LIT_MAP), bc_lit_u32(&A, 1);
    bc_lit_u8(&A, HL_BC_LIT_SMALL), bc_lit_u64(&A, 1);
    bc_lit_u8(&A, HL_BC_LIT_LIST), bc_lit_u32(&A, 1);
    bc_lit_u8(&A, HL_BC_LIT_ATOM), bc_lit_u32(&A, fa);
    bc_lit_u8(&A, HL_BC_LIT_NIL);
    bc_lit_u8(&A, HL_BC_LIT_ATOM), bc_lit_u32(&A, fa);
    bc_lit_u8(&A, HL_BC_LIT_SMALL), bc_lit_u64(&A, 2);
    bc_lit_end(&A, at);
    bc_fn(&A, "f", 0, 0, 1);
    uint32_t l = bc_label(&A);
    OP(&A, move, LIT(0), X(0));
    OP(&A, get_map_elements, LB(l), X(0), U(1), I(7), X(1));
    OP(&A, move, X(1), X(0));
    bc_bind(&A, l);
    OP0(&A, return);
    size_t size;
    uint8_t *img = bc_finish(&A, &size);
    bc_free(&A);
    hl_bc_image g;
    char err[200];
    assert_true(hl_gate_check(img, size, &g, err, sizeof err));
    hl_program *p = NULL;
    assert_true(hl_load(&g, &p, err, sizeof err));
    hl_term m = p->literals[0], v;
    assert_true(hl_is_map(m));
    assert_int_equal(hl_map_size(m), 2);
    assert_int_equal(hl_map_get(m, p->atoms[fa], &v), HL_TERM_OK);
    assert_true(v == hl_make_small(2));
    hl_vm_limits lim = {.max_reductions = 100, .max_heap_bytes = 64 * 1024, .deadline_ns = 0};
    hl_vm_proc *pr = hl_vm_proc_new(p, &lim);
    assert_true(hl_vm_start(pr, 0, NULL, 0));
    assert_int_equal(hl_vm_run(pr, 0), HL_VM_DONE);
    hl_term r = hl_vm_result(pr), w;
    assert_true(hl_is_map(r) && hl_map_size(r) == 1);
    assert_int_equal(hl_map_get(r, hl_make_small(1), &w), HL_TERM_OK);
    assert_true(hl_is_cons(w) && hl_car(w) == p->atoms[fa]);
    hl_vm_proc_free(pr);
    hl_program_free(p);
    hl_bc_image_free(&g);
    free(img);
    /* 40 distinct keys (HAMT size), and 64 pairs with repeated keys. */
    for (int k = 0; k < 2; k++) {
        bc_init(&A);
        map_lit(&A, k == 0 ? 40 : 64, 100);
        bc_fn(&A, "f", 0, 0, 1);
        OP(&A, move, LIT(0), X(0));
        OP0(&A, return);
        img = bc_finish(&A, &size);
        bc_free(&A);
        assert_true(hl_gate_check(img, size, &g, err, sizeof err));
        p = NULL;
        if (hl_load(&g, &p, err, sizeof err)) {
            assert_int_equal(hl_map_size(p->literals[0]), 40);
            hl_program_free(p);
        } else {
            assert_non_null(strstr(err, "not supported"));
        }
        hl_bc_image_free(&g);
        free(img);
    }
}
#endif

/* The compiled map seed (put_map_*, get_map_elements, map literals): every
 * code word replaced, and random bit flips; refused or run safely. */
static void test_map_image_mutations(void **state) {
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/fuzz/corpus/fuzz_gate/maps.hlbc", HL_SOURCE_DIR);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static uint8_t img[1 << 16], m[1 << 16];
    size_t size = fread(img, 1, sizeof img, f);
    fclose(f);
    assert_true(gate_and_run(img, size));
    uint32_t h[HL_BC_HEADER_WORDS];
    for (unsigned i = 0; i < HL_BC_HEADER_WORDS; i++) h[i] = get32le(img + 4 * i);
    size_t code = HL_BC_HEADER_BYTES + h[3] + h[5] + 24 * (size_t)h[6];
    unsigned refused = 0, accepted = 0;
    for (uint32_t i = 0; i < h[7]; i++) {
        uint8_t *p = img + code + 4 * (size_t)i;
        uint32_t orig = get32le(p);
        const uint32_t vals[] = {orig ^ 1, orig + 0x10, orig - 0x10, 0, HL_BC_WORD(HL_K_X, 255),
                                 HL_BC_WORD(HL_K_Y, 0), HL_BC_WORD(HL_K_U, 129), HL_BC_WORD(HL_K_INT, 1)};
        for (size_t k = 0; k < sizeof vals / sizeof vals[0]; k++) {
            if (vals[k] == orig) continue;
            put32le(p, vals[k]);
            if (gate_and_run(img, size)) accepted++;
            else refused++;
        }
        put32le(p, orig);
    }
    for (uint64_t seed = 1; seed <= 2000; seed++) {
        rng_state = seed * 0x9E3779B97F4A7C15ull;
        memcpy(m, img, size);
        int flips = 1 + (int)(rng() % 4);
        for (int k = 0; k < flips; k++) {
            size_t bit = rng() % (size * 8);
            m[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        if (gate_and_run(m, size)) accepted++;
        else refused++;
    }
    print_message("map image mutations: %u refused, %u accepted and run\n", refused, accepted);
    assert_true(refused > 0);
}

#ifdef HAVE_VM
/* The stdlib's build-time images (host/stdlib_images.h): each passes the
 * gate as built, and random bit flips of each are refused or gate, load
 * and link safely against an engine (what the engine does on first use). */
static void test_stdlib_image_mutations(void **state) {
    (void)state;
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    unsigned refused = 0, accepted = 0;
    for (size_t k = 0; k < hl_stdlib_image_count; k++) {
        size_t size = hl_stdlib_images[k].len;
        uint8_t *m = malloc(size);
        assert_non_null(m);
        for (uint64_t seed = 1; seed <= 40; seed++) {
            rng_state = (seed + 1000 * k) * 0x9E3779B97F4A7C15ull;
            memcpy(m, hl_stdlib_images[k].bytes, size);
            int flips = seed == 1 ? 0 : 1 + (int)(rng() % 3);
            for (int f = 0; f < flips; f++) {
                size_t bit = rng() % (size * 8);
                m[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            }
            hl_bc_image g;
            char err[200];
            if (!hl_gate_check(m, size, &g, err, sizeof err)) {
                assert_true(seed != 1); /* the image as built passes */
                refused++;
                continue;
            }
            accepted++;
            hl_program *p = NULL;
            if (hl_load(&g, &p, err, sizeof err)) {
                hl_error *lerr = NULL;
                (void)hl_host_link_program(e, &p, 1, err, sizeof err, &lerr);
                hl_error_free(lerr);
                hl_program_free(p);
            }
            hl_bc_image_free(&g);
        }
        free(m);
    }
    print_message("stdlib image mutations: %u refused, %u accepted\n", refused, accepted);
    assert_true(refused > 0);
    hl_engine_free(e);
}
#endif

#ifdef HAVE_VM
/* The lazy gate's verdict on an image (what an engine does with a stdlib
 * image: bc/gate.h hl_gate_check_tables at load, hl_gate_check_function
 * per function on first use) against the whole gate's: the tables refused
 * (then so is the image), or every function accepted exactly when the
 * whole image is, with the same code words and classes. Returns whether
 * it accepted. */
static bool lazy_gate_matches_whole(const uint8_t *bytes, size_t size) {
    hl_bc_image whole, tables;
    char err[200], err2[200];
    bool ok1 = hl_gate_check(bytes, size, &whole, err, sizeof err);
    bool ok2 = hl_gate_check_tables(bytes, size, &tables, err2, sizeof err2);
    if (!ok2) {
        assert_false(ok1); /* a table the whole gate refuses as well */
        return false;
    }
    assert_null(tables.code);
    bool all = true;
    for (uint32_t f = 0; f < tables.n_functions; f++) {
        const hl_bc_function *fn = &tables.funcs[f];
        uint32_t n = fn->end - fn->entry;
        uint32_t *code = malloc((size_t)n * 4);
        uint8_t *cls = malloc(n);
        assert_true(code && cls);
        bool okf = hl_gate_check_function(&tables, f, code, cls, err2, sizeof err2, NULL);
        if (okf && ok1) {
            assert_memory_equal(code, whole.code + fn->entry, (size_t)n * 4);
            assert_memory_equal(cls, whole.classes + fn->entry, n);
        }
        all = all && okf;
        free(code);
        free(cls);
    }
    assert_int_equal(ok1, all);
    if (ok1) {
        assert_int_equal(whole.n_functions, tables.n_functions);
        assert_memory_equal(whole.funcs, tables.funcs, (size_t)whole.n_functions * sizeof *whole.funcs);
        hl_bc_image_free(&whole);
    }
    hl_bc_image_free(&tables);
    return ok1;
}

/* The stdlib's images go through the gate on load like any program, one
 * function at a time: as built, each is accepted function by function with
 * the whole gate's view; corrupted, the lazy gate refuses exactly what the
 * whole gate refuses (a bit flipped in a function's code refuses that
 * function, the others load). */
static void test_stdlib_image_lazy_gate(void **state) {
    (void)state;
    unsigned refused = 0;
    for (size_t k = 0; k < hl_stdlib_image_count; k++) {
        const hl_stdlib_image *im = &hl_stdlib_images[k];
        assert_true(lazy_gate_matches_whole(im->bytes, im->len));
        uint8_t *m = malloc(im->len);
        assert_non_null(m);
        for (uint64_t seed = 1; seed <= 6; seed++) {
            rng_state = (seed + 7919 * k) * 0x9E3779B97F4A7C15ull;
            memcpy(m, im->bytes, im->len);
            size_t bit = rng() % (im->len * 8);
            m[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            if (!lazy_gate_matches_whole(m, im->len)) refused++;
        }
        free(m);
    }
    print_message("stdlib images, lazy gate: %u corrupted images refused\n", refused);
    assert_true(hl_stdlib_image_count == 0 || refused > 0);
}
#endif

#ifdef HAVE_VM
/* The exported function name/arity of a gated image's table, or -1. */
static int64_t image_fn(const hl_bc_image *img, const char *name, uint32_t arity) {
    for (uint32_t i = 0; i < img->n_functions; i++) {
        const hl_bc_function *f = &img->funcs[i];
        if ((f->flags & HL_BC_FN_EXPORTED) && f->arity == arity && img->atom_lens[f->name] == strlen(name) &&
            memcmp(img->atom_names[f->name], name, strlen(name)) == 0)
            return i;
    }
    return -1;
}

/* Runs function fn of p with args; the status and (DONE) result or
 * (EXCEPTION) reason. */
static hl_vm_status run_fn(hl_program *p, uint32_t fn, const hl_term *args, uint32_t n, hl_term *out,
                           hl_vm_proc **keep) {
    hl_vm_limits lim = {.max_reductions = 100000, .max_heap_bytes = 1 << 20, .deadline_ns = 0};
    hl_vm_proc *pr = hl_vm_proc_new(p, &lim);
    assert_non_null(pr);
    assert_true(hl_vm_start(pr, fn, args, n));
    hl_vm_status st = hl_vm_run(pr, 1000000);
    hl_term cls, stack;
    if (st == HL_VM_DONE) *out = hl_vm_result(pr);
    else if (st == HL_VM_EXCEPTION) hl_vm_exception(pr, &cls, out, &stack);
    *keep = pr; /* the terms live on its heap */
    return st;
}

/* A stdlib image whose one function's code is corrupted (its first word
 * no opcode): the whole gate refuses the image; loaded as an engine loads
 * the stdlib (tables now, each function on first call) it loads, its
 * other functions run, and a call of the corrupted one is refused at that
 * call, every time: error:{internal_error, {lists, sum, 1}}, never run. */
static void test_stdlib_corrupt_function(void **state) {
    (void)state;
    int k = hl_host_stdlib_index_name("lists", 5);
    if (k < 0) skip();
    const hl_stdlib_image *im = &hl_stdlib_images[k];
    uint8_t *m = malloc(im->len);
    assert_non_null(m);
    memcpy(m, im->bytes, im->len);
    hl_bc_image t;
    char err[200];
    assert_true(hl_gate_check_tables(m, im->len, &t, err, sizeof err));
    int64_t bad = image_fn(&t, "sum", 1), good = image_fn(&t, "seq", 2);
    assert_true(bad >= 0 && good >= 0);
    size_t at = (size_t)(t.code_bytes - m) + 4 * (size_t)t.funcs[bad].entry;
    hl_bc_image_free(&t);
    uint32_t w = HL_BC_WORD(HL_K_OP, HL_OP__COUNT);
    for (int i = 0; i < 4; i++) m[at + (size_t)i] = (uint8_t)(w >> (8 * i));
    assert_false(gate_ok(m, im->len, err, sizeof err));
    assert_true(hl_gate_check_tables(m, im->len, &t, err, sizeof err));
    hl_atom_table *atoms = hl_atom_table_new(HL_ATOM_TABLE_MAX);
    assert_non_null(atoms);
    hl_program *p = NULL;
    hl_atom_fault fault;
    assert_true(hl_load_lazy_in(atoms, HL_ATOM_POOL_MAX, &t, im->x_span, &p, &fault, err, sizeof err));
    hl_atom_table_release(atoms); /* the module's pool keeps it */
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    hl_error *lerr = NULL;
    assert_int_equal(hl_host_link_program(e, &p, 1, err, sizeof err, &lerr), HL_OK);
    for (int round = 0; round < 2; round++) {
        hl_vm_proc *pr;
        hl_term r, args[2] = {hl_make_small(1), hl_make_small(3)};
        assert_int_equal(run_fn(p, (uint32_t)good, args, 2, &r, &pr), HL_VM_DONE); /* [1,2,3] */
        assert_true(hl_is_cons(r) && hl_car(r) == hl_make_small(1));
        hl_vm_proc_free(pr);
        args[0] = r = HL_NIL;
        assert_int_equal(run_fn(p, (uint32_t)bad, args, 1, &r, &pr), HL_VM_EXCEPTION);
        assert_true(hl_is_tuple(r) && hl_tuple_arity(r) == 2);
        size_t l;
        const char *name = hl_atom_name(hl_tuple_get(r, 0), &l);
        assert_true(l == 14 && memcmp(name, "internal_error", 14) == 0);
        hl_term mfa = hl_tuple_get(r, 1);
        assert_true(hl_is_tuple(mfa) && hl_tuple_arity(mfa) == 3 && hl_tuple_get(mfa, 2) == hl_make_small(1));
        name = hl_atom_name(hl_tuple_get(mfa, 1), &l);
        assert_true(l == 3 && memcmp(name, "sum", 3) == 0);
        hl_vm_proc_free(pr);
    }
    hl_program_free(p);
    hl_engine_free(e);
    free(m);
}

/* Out of memory while a function of a lazily loaded stdlib image is first
 * gated and translated is not a verdict on it: the gate says nomem (the
 * corrupted function of test_stdlib_corrupt_function is refused without
 * it), and hl_program_fn_load answers HL_FN_NOMEM (a later call tries
 * again) at every allocation it can fail, never HL_FN_REFUSED, until it
 * loads. */
static void test_lazy_function_oom(void **state) {
    (void)state;
    int k = hl_host_stdlib_index_name("lists", 5);
    if (k < 0) skip();
    const hl_stdlib_image *im = &hl_stdlib_images[k];
    hl_bc_image t;
    char err[200];
    assert_true(hl_gate_check_tables(im->bytes, im->len, &t, err, sizeof err));
    int64_t good = image_fn(&t, "seq", 2);
    assert_true(good >= 0);
    uint32_t n = t.funcs[good].end - t.funcs[good].entry;
    uint32_t *code = malloc((size_t)n * 4);
    uint8_t *cls = malloc(n);
    assert_true(code && cls);
    bool nomem = true;
    assert_true(hl_gate_check_function(&t, (uint32_t)good, code, cls, err, sizeof err, &nomem));
    assert_false(nomem);
    unsigned failures = 0;
    for (long f = 0;; f++) {
        hl_mem_fail_after(f);
        bool ok = hl_gate_check_function(&t, (uint32_t)good, code, cls, err, sizeof err, &nomem);
        hl_mem_fail_after(-1);
        if (ok) break;
        assert_true(nomem);
        assert_string_equal(err, "out of memory");
        failures++;
    }
    assert_true(failures > 0);
    /* a refusal is no out-of-memory: seq/2's first word made no opcode */
    uint8_t *m = malloc(im->len);
    assert_non_null(m);
    memcpy(m, im->bytes, im->len);
    size_t at = (size_t)(t.code_bytes - im->bytes) + 4 * (size_t)t.funcs[good].entry;
    uint32_t w = HL_BC_WORD(HL_K_OP, HL_OP__COUNT);
    for (int i = 0; i < 4; i++) m[at + (size_t)i] = (uint8_t)(w >> (8 * i));
    hl_bc_image bad;
    assert_true(hl_gate_check_tables(m, im->len, &bad, err, sizeof err));
    assert_false(hl_gate_check_function(&bad, (uint32_t)good, code, cls, err, sizeof err, &nomem));
    assert_false(nomem);
    hl_bc_image_free(&bad);
    free(m);
    free(code);
    free(cls);

    hl_atom_table *atoms = hl_atom_table_new(HL_ATOM_TABLE_MAX);
    assert_non_null(atoms);
    hl_program *p = NULL;
    hl_atom_fault fault;
    assert_true(hl_load_lazy_in(atoms, HL_ATOM_POOL_MAX, &t, im->x_span, &p, &fault, err, sizeof err));
    hl_atom_table_release(atoms);
    failures = 0;
    for (long f = 0;; f++) {
        const hl_tword *entry = NULL;
        hl_mem_fail_after(f);
        hl_fn_load st = hl_program_fn_load(p, (uint32_t)good, &entry);
        hl_mem_fail_after(-1);
        assert_int_not_equal(st, HL_FN_REFUSED);
        if (st == HL_FN_OK) {
            assert_non_null(entry);
            break;
        }
        failures++;
    }
    assert_true(failures > 0);
    hl_program_free(p);
}

#endif

/* Out-of-memory at every allocation of the gate: refused, no leak. */
static void test_oom(void **state) {
    (void)state;
    size_t size;
    uint8_t *img = suite_image(&size);
    char err[200];
    for (long n = 0;; n++) {
        hl_mem_fail_after(n);
        bool ok = gate_ok(img, size, err, sizeof err);
        hl_mem_fail_after(-1);
        if (ok) break;
        assert_non_null(strstr(err, "out of memory"));
        assert_true(n < 10000);
    }
    free(img);
}

/* The fuzzer's seeds are valid programs (so fuzzing starts past the gate). */
static void test_fuzz_seeds(void **state) {
    (void)state;
    const char *names[] = {"suite", "tiny", "nested_try", "receive", "maps", "calls"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/fuzz/corpus/fuzz_gate/%s.hlbc", HL_SOURCE_DIR, names[i]);
        FILE *f = fopen(path, "rb");
        assert_non_null(f);
        static uint8_t buf[1 << 16];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        char err[200];
        bool ok = gate_ok(buf, n, err, sizeof err);
        if (!ok) fprintf(stderr, "%s: %s\n", names[i], err);
        assert_true(ok);
        assert_true(gate_and_run(buf, n));
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid_suite),      cmocka_unit_test(test_truncations_and_extension),
        cmocka_unit_test(test_header_fields),    cmocka_unit_test(test_function_fields),
        cmocka_unit_test(test_rules),            cmocka_unit_test(test_map_rules),
        cmocka_unit_test(test_sections),
        cmocka_unit_test(test_code_words),       cmocka_unit_test(test_bit_flips),
        cmocka_unit_test(test_oom),              cmocka_unit_test(test_fuzz_seeds),
        cmocka_unit_test(test_map_image_mutations),
#ifdef HAVE_VM
        cmocka_unit_test(test_map_literals_load),
#endif
        cmocka_unit_test(test_bs_rules),         cmocka_unit_test(test_bs_flips),
        cmocka_unit_test(test_import_rules),
#ifdef HAVE_VM
        cmocka_unit_test(test_import_link_and_run),
        cmocka_unit_test(test_stdlib_image_mutations),
        cmocka_unit_test(test_stdlib_image_lazy_gate),
        cmocka_unit_test(test_stdlib_corrupt_function),
        cmocka_unit_test(test_lazy_function_oom),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
