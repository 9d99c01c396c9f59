/* test_codegen.c — properties of the code the codegen emits, beyond the
 * conformance suite's behaviour checks: every image passes the gate;
 * tail calls run in constant stack (a 1,000,000-deep tail loop under a
 * 256 KiB heap+stack limit); + and - use the specialised add/sub
 * instructions and tail calls become call_last (call_only in a function
 * without a frame); unsupported constructs are
 * located errors; each embedded stdlib text equals its lib/NAME.erl. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/diag.h"
#include "base/mem.h"
#include "core/builtins.h"
#include "core/core.h"
#include "front/front.h"
#include "gen/codegen.h"
#include "bc/gate.h"
#include "host/host_int.h"
#include "host/stdlib_images.h"
#include "term/atom.h"
#include "hyperlang.h"

/* Source -> image bytes (NULL on rejection, diagnostics rendered in *msg). */
static uint8_t *compile_image(const char *src, size_t *len, char *msg, size_t msglen) {
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    hl_front_result *r = hl_front_parse(src, strlen(src), &lim);
    assert_non_null(r);
    assert_int_equal(hl_diags_errors(&r->diags), 0);
    hl_core_options o;
    hl_core_options_default(&o);
    hl_diags d;
    hl_diags_init(&d, 10);
    hl_core_module *m = hl_core_compile(r->module, &o, &d);
    uint8_t *img = NULL;
    if (m && !hl_codegen(m, &d, &img, len, NULL)) img = NULL;
    if (msg && msglen) {
        hl_buf b;
        hl_buf_init(&b, 0);
        hl_diags_render(&d, "t.erl", &b);
        snprintf(msg, msglen, "%s", b.data ? b.data : "");
        hl_buf_free(&b);
    }
    hl_core_free(m);
    hl_front_free(r);
    hl_diags_free(&d);
    return img;
}

/* src compiled and passed through the gate into *g; the image, to free
 * with hl_mem_free once g is freed. */
static uint8_t *gated_image(const char *src, hl_bc_image *g) {
    size_t len;
    uint8_t *img = compile_image(src, &len, NULL, 0);
    assert_non_null(img);
    char why[200];
    if (!hl_gate_check(img, len, g, why, sizeof why)) fail_msg("gate: %s", why);
    return img;
}

static unsigned count_op(const hl_bc_image *g, hl_opcode op) {
    unsigned n = 0;
    for (uint32_t pc = 0; pc < g->n_code; pc += hl_bc_insn_len(g->code, pc))
        if (HL_BC_VALUE(g->code[pc]) == (uint32_t)op) n++;
    return n;
}

/* The code of function Name/Arity as text, one instruction a line:
 * opcode name, then each operand as x3, y1, 7 (small integer), a5 (atom
 * index), L12 (label: offset from the function's entry), #n (other). The
 * shape tests compare it whole. Returns a malloc'd string. */
static char *fn_text(const hl_bc_image *g, const char *name, uint32_t arity) {
    const hl_bc_function *f = NULL;
    for (uint32_t i = 0; i < g->n_functions && !f; i++)
        if (g->funcs[i].arity == arity && g->atom_lens[g->funcs[i].name] == strlen(name) &&
            memcmp(g->atom_names[g->funcs[i].name], name, strlen(name)) == 0)
            f = &g->funcs[i];
    assert_non_null(f);
    hl_buf b;
    hl_buf_init(&b, 0);
    for (uint32_t pc = f->entry; pc < f->end; pc += hl_bc_insn_len(g->code, pc)) {
        hl_buf_printf(&b, "%s", hl_bc_ops[HL_BC_VALUE(g->code[pc])].name);
        uint32_t len = hl_bc_insn_len(g->code, pc);
        for (uint32_t k = 1; k < len; k++) {
            uint32_t w = g->code[pc + k];
            switch (HL_BC_KIND(w)) {
            case HL_K_X: hl_buf_printf(&b, " x%u", HL_BC_VALUE(w)); break;
            case HL_K_Y: hl_buf_printf(&b, " y%u", HL_BC_VALUE(w)); break;
            case HL_K_INT: hl_buf_printf(&b, " %d", (int)HL_BC_INTVAL(w)); break;
            case HL_K_ATOM: hl_buf_printf(&b, " a%u", HL_BC_VALUE(w)); break;
            case HL_K_LABEL: hl_buf_printf(&b, " L%u", HL_BC_VALUE(w) - f->entry); break;
            default: hl_buf_printf(&b, " #%u", HL_BC_VALUE(w)); break;
            }
        }
        hl_buf_printf(&b, "\n");
    }
    assert_false(b.failed);
    char *s = malloc(b.len + 1);
    assert_non_null(s);
    memcpy(s, b.data ? b.data : "", b.len);
    s[b.len] = 0;
    hl_buf_free(&b);
    return s;
}

static void test_instruction_selection(void **state) {
    (void)state;
    const char *src = "-module(t).\n-export([loop/2, fib/1]).\n"
                      "loop(0, A) -> A;\nloop(N, A) -> loop(N - 1, A + N).\n"
                      "fib(N) when N < 2 -> N;\nfib(N) -> fib(N - 1) + fib(N - 2).\n";
    hl_bc_image g;
    uint8_t *img = gated_image(src, &g);
    assert_true(count_op(&g, HL_OP_add) >= 2);
    assert_true(count_op(&g, HL_OP_sub) >= 3);
    assert_int_equal(count_op(&g, HL_OP_bif), 0); /* no generic builtin call for + - < */
    /* loop/2 makes no non-tail call: no frame, its tail call is call_only;
     * fib/1 has the only frame (its two calls are not in tail position) */
    assert_int_equal(count_op(&g, HL_OP_call_last), 0);
    assert_int_equal(count_op(&g, HL_OP_call_only), 1);
    assert_int_equal(count_op(&g, HL_OP_allocate), 1);
    assert_int_equal(count_op(&g, HL_OP_call), 2);
    assert_true(count_op(&g, HL_OP_is_lt) >= 1);
    hl_bc_image_free(&g);
    hl_mem_free(img);
}

/* Maps: construction with non-literal parts and updates are put_map_*
 * instructions (one per run of => or := pairs), literal maps are literals,
 * map patterns are get_map_elements; all of it passes the gate. */
static void test_map_instructions(void **state) {
    (void)state;
    const char *src = "-module(t).\n-export([f/2, g/1, h/0]).\n"
                      "f(M, V) -> M#{a => V, b => 2, c := 3}.\n"
                      "g(#{a := A, {k, 1} := _}) -> #{x => A};\ng(_) -> none.\n"
                      "h() -> #{a => 1, b => #{c => [1.0]}}.\n";
    size_t len;
    char msg[512];
    uint8_t *img = compile_image(src, &len, msg, sizeof msg);
    assert_non_null(img);
    hl_bc_image g;
    char why[200];
    assert_true(hl_gate_check(img, len, &g, why, sizeof why));
    assert_int_equal(count_op(&g, HL_OP_put_map_assoc), 2);
    assert_int_equal(count_op(&g, HL_OP_put_map_exact), 1);
    assert_int_equal(count_op(&g, HL_OP_get_map_elements), 1);
    hl_bc_image_free(&g);
    hl_mem_free(img);
}

static void test_tail_calls_constant_space(void **state) {
    (void)state;
    const char *src = "-module(t).\n-export([loop/2, apply_loop/1]).\n"
                      "loop(0, A) -> A;\nloop(N, A) -> case N rem 2 of 0 -> loop(N - 1, A + 1); _ -> loop(N - 1, A) end.\n"
                      "apply_loop(N) -> F = fun G(0) -> done; G(K) -> G(K - 1) end, F(N).\n";
    hl_engine *e;
    hl_module *m;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    assert_int_equal(hl_compile(e, "t.erl", src, strlen(src), NULL, &m, NULL), HL_OK);
    hl_value *a[2], *r = NULL;
    /* Constant space is what is tested, not time: a generous deadline keeps
     * a sanitizer build on a loaded machine from stopping on the clock. */
    hl_run_limits lim = {100000000, 256 << 10, 120000, 0};
    assert_int_equal(hl_value_int(1000000, &a[0]), HL_OK);
    assert_int_equal(hl_value_int(0, &a[1]), HL_OK);
    assert_int_equal(hl_run(m, "loop", a, 2, &lim, &r, NULL), HL_OK);
    int64_t v;
    assert_int_equal(hl_value_get_int(r, &v), HL_OK);
    assert_int_equal(v, 500000);
    hl_value_free(r);
    assert_int_equal(hl_run(m, "apply_loop", a, 1, &lim, &r, NULL), HL_OK);
    hl_value_free(r);
    hl_value_free(a[0]);
    hl_value_free(a[1]);
    hl_module_free(m);
    hl_engine_free(e);
}

/* A function whose frame needs 3,500 y slots (OTP's unicode_util needs
 * 3,204; the frame limit was 1,024): 3,500 values each live across the
 * calls that follow. It compiles, the gate accepts the frame, and it runs
 * (twice deep, so the second frame sits above the first). */
static void test_big_frame(void **state) {
    (void)state;
    enum { NV = 3500 };
    hl_buf b;
    hl_buf_init(&b, 0);
    hl_buf_printf(&b, "-module(t).\n-export([f/1, g/1]).\ng(X) -> X.\nf(X) ->\n");
    for (int i = 0; i < NV; i++) hl_buf_printf(&b, "    V%d = g(X + %d),\n", i, i);
    hl_buf_printf(&b, "    S = g(0),\n    lists:sum([S");
    for (int i = 0; i < NV; i++) hl_buf_printf(&b, ", V%d", i);
    hl_buf_printf(&b, "]) + case X of 0 -> f(1); _ -> 0 end.\n");
    assert_false(b.failed);
    size_t len;
    char msg[300];
    uint8_t *img = compile_image(b.data, &len, msg, sizeof msg);
    if (!img) fprintf(stderr, "%s\n", msg);
    assert_non_null(img);
    hl_bc_image g;
    char why[200];
    assert_true(hl_gate_check(img, len, &g, why, sizeof why));
    uint32_t most = 0;
    for (uint32_t i = 0; i < g.n_functions; i++)
        if (g.funcs[i].frame_size > most) most = g.funcs[i].frame_size;
    assert_true(most > 3000);
    hl_bc_image_free(&g);
    hl_mem_free(img);

    hl_engine *e;
    hl_module *m;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    assert_int_equal(hl_compile(e, "t.erl", b.data, b.len, NULL, &m, NULL), HL_OK);
    hl_value *a, *r = NULL;
    hl_run_limits lim = {100000000, 64 << 20, 120000, 0};
    assert_int_equal(hl_value_int(0, &a), HL_OK);
    assert_int_equal(hl_run(m, "f", &a, 1, &lim, &r, NULL), HL_OK);
    int64_t v;
    assert_int_equal(hl_value_get_int(r, &v), HL_OK);
    /* f(0) = sum(0..NV-1) + f(1), f(1) = sum(1..NV) */
    assert_int_equal(v, (int64_t)NV * (NV - 1) / 2 + (int64_t)NV * (NV + 1) / 2);
    hl_value_free(r);
    hl_value_free(a);
    hl_module_free(m);
    hl_engine_free(e);
    hl_buf_free(&b);
}

/* A function that makes no non-tail call but needs more x registers than
 * there are (300 variables) keeps a frame (codegen generates it again) and
 * computes the same value. */
static void test_frameless_fallback(void **state) {
    (void)state;
    char *src = malloc(64 * 1024);
    assert_non_null(src);
    size_t n = (size_t)sprintf(src, "-module(t).\n-export([big/1]).\nbig(X) ->\n");
    for (int i = 0; i < 300; i++) n += (size_t)sprintf(src + n, "    V%d = X + %d,\n", i, i);
    n += (size_t)sprintf(src + n, "    {V0");
    for (int i = 1; i < 300; i++) n += (size_t)sprintf(src + n, ", V%d", i);
    n += (size_t)sprintf(src + n, "}.\n");
    size_t len;
    char msg[512];
    uint8_t *img = compile_image(src, &len, msg, sizeof msg);
    assert_non_null(img);
    hl_bc_image g;
    char why[200];
    assert_true(hl_gate_check(img, len, &g, why, sizeof why));
    assert_int_equal(count_op(&g, HL_OP_allocate), 1);
    hl_bc_image_free(&g);
    hl_mem_free(img);
    hl_engine *e;
    hl_module *m;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    assert_int_equal(hl_compile(e, "t.erl", src, n, NULL, &m, NULL), HL_OK);
    hl_value *a, *r = NULL;
    assert_int_equal(hl_value_int(1000, &a), HL_OK);
    assert_int_equal(hl_run(m, "big", &a, 1, NULL, &r, NULL), HL_OK);
    hl_value *last = NULL;
    assert_int_equal(hl_value_element(r, 299, &last), HL_OK);
    int64_t v;
    assert_int_equal(hl_value_get_int(last, &v), HL_OK);
    assert_int_equal(v, 1299);
    hl_value_free(last);
    hl_value_free(r);
    hl_value_free(a);
    hl_module_free(m);
    hl_engine_free(e);
    free(src);
}

static void test_unsupported_located(void **state) {
    (void)state;
    static const struct {
        const char *body, *msg;
    } cases[] = {
        {"f(X) -> X ! ok.", "t.erl:3:11: error: message send is not available: it "
         "needs the processes capability (grant it: hl run --grant processes; in the API, hl_compile_options_grant_capability)\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char src[512], msg[512];
        snprintf(src, sizeof src, "-module(t).\n-export([f/1]).\n%s\n", cases[i].body);
        size_t len;
        assert_null(compile_image(src, &len, msg, sizeof msg));
        assert_string_equal(msg, cases[i].msg);
    }
}

/* Every lib/NAME.erl was compiled at build time into an image named NAME,
 * and every image passes the gate and loads into an engine (with what it
 * links). */
static void test_stdlib_images(void **state) {
    (void)state;
    assert_true(hl_stdlib_image_count >= 1);
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    for (size_t i = 0; i < hl_stdlib_image_count; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/lib/%s.erl", HL_SOURCE_DIR, hl_stdlib_images[i].name);
        FILE *f = fopen(path, "rb");
        assert_non_null(f);
        fclose(f);
        hl_bc_image bc;
        char why[256];
        assert_true(hl_gate_check(hl_stdlib_images[i].bytes, hl_stdlib_images[i].len, &bc, why, sizeof why));
        hl_bc_image_free(&bc);
        hl_error *err = NULL;
        assert_int_equal(hl_host_stdlib_ensure(e, (int)i, &err), HL_OK);
        const hl_program *m = hl_host_stdlib_get(e, (int)i);
        assert_non_null(m);
        size_t l;
        const char *n = hl_atom_name(m->am_module, &l);
        assert_int_equal(l, strlen(hl_stdlib_images[i].name));
        assert_memory_equal(n, hl_stdlib_images[i].name, l);
    }
    hl_engine_free(e);
}

/* Every ERL entry of the allowlist is an exported function of its loaded
 * stdlib module (what call_ext links to). */
static void test_stdlib_modules_cover_allowlist(void **state) {
    (void)state;
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    for (int id = 0; id < HL_BI__COUNT; id++) {
        if (hl_builtins[id].kind != HL_BK_ERL) continue;
        int k = hl_host_stdlib_index_name(hl_builtins[id].module, strlen(hl_builtins[id].module));
        if (k < 0) fprintf(stderr, "no lib/%s.erl\n", hl_builtins[id].module);
        assert_true(k >= 0);
        hl_error *err = NULL;
        assert_int_equal(hl_host_stdlib_ensure(e, k, &err), HL_OK);
        const hl_program *m = hl_host_stdlib_get(e, k);
        int64_t fn = hl_program_find(m, hl_builtins[id].function, strlen(hl_builtins[id].function),
                                     hl_builtins[id].arity);
        if (fn < 0)
            fprintf(stderr, "%s:%s/%u not exported\n", hl_builtins[id].module, hl_builtins[id].function,
                    hl_builtins[id].arity);
        assert_true(fn >= 0);
    }
    hl_engine_free(e);
}

/* A frameless function keeps argument 0 in x0 (no entry move) when
 * nothing writes x0 before its last read on any path: loop/1 decrements
 * x0 in place; strict/1's guards compute elsewhere and its
 * function_clause reads x0 as it came. Where x0 is written before a later
 * read (pair/1: N + 1 into x0, then N; nested/1: the first cons into x0,
 * then N again) the entry move stays, and every function computes what
 * it should. */
static void test_arg0_in_x0(void **state) {
    (void)state;
    const char *src = "-module(t).\n-export([loop/1, pair/1, nested/1, strict/1]).\n"
                      "loop(0) -> 0;\nloop(N) -> loop(N - 1).\n"
                      "pair(N) -> {N + 1, N, N - 1}.\n"
                      "nested(N) -> case N of {K, V} -> {V, K, N}; _ -> [N, N] end.\n"
                      "strict(N) when N * 2 > 10 -> N;\nstrict(N) when N - 1 > 100 -> N.\n";
    hl_bc_image g;
    uint8_t *img = gated_image(src, &g);
    char *t = fn_text(&g, "loop", 1);
    /* (the loop layout: test_loop_layout) */
    assert_string_equal(t, "is_ne_exact L13 x0 0\n"
                           "sub #0 #2 x0 1 x0\n"
                           "call_only #1 #0\n"
                           "move 0 x0\n"
                           "return\n"
                           "func_info\n");
    free(t);
    t = fn_text(&g, "strict", 1);
    assert_true(strncmp(t, "mul ", 4) == 0);
    assert_null(strstr(t, "move"));
    free(t);
    t = fn_text(&g, "pair", 1);
    assert_true(strncmp(t, "move x0 x", 9) == 0);
    free(t);
    t = fn_text(&g, "nested", 1);
    assert_true(strncmp(t, "move x0 x", 9) == 0);
    free(t);
    hl_bc_image_free(&g);
    hl_mem_free(img);

    hl_engine *e;
    hl_module *m;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    assert_int_equal(hl_compile(e, "t.erl", src, strlen(src), NULL, &m, NULL), HL_OK);
    static const struct {
        const char *fn;
        int64_t arg;
        const char *want; /* the result as ~w prints it, or NULL: error:function_clause */
    } runs[] = {
        {"loop", 100000, "0"}, {"pair", 5, "{6,5,4}"}, {"nested", 3, "[3,3]"},
        {"strict", 7, "7"},    {"strict", 101, "101"}, {"strict", 3, NULL},
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        hl_value *a, *r = NULL;
        hl_error *err = NULL;
        assert_int_equal(hl_value_int(runs[i].arg, &a), HL_OK);
        hl_status st = hl_run(m, runs[i].fn, &a, 1, NULL, &r, &err);
        if (!runs[i].want) {
            assert_int_equal(st, HL_EEXCEPTION);
            assert_non_null(strstr(hl_error_message(err), "function_clause"));
            hl_error_free(err);
        } else {
            assert_int_equal(st, HL_OK);
            char *text = NULL;
            assert_int_equal(hl_value_to_text(r, 0, &text, NULL), HL_OK);
            assert_string_equal(text, runs[i].want);
            hl_free(text);
            hl_value_free(r);
        }
        hl_value_free(a);
    }
    hl_module_free(m);
    hl_engine_free(e);
}

/* The loop layout (docs/codegen.md): a recursive function whose clauses
 * before the last are each chosen by one literal argument, and whose last
 * clause recurses (its head and guards may test: guarded/1, len/2),
 * starts with the inverted tests and the recursive clause; the other
 * shapes (two literals in one head, no recursion) keep the clause order. The results
 * of every shape, against OTP's, are tests/conformance/loop_layout.erl. */
static void test_loop_layout(void **state) {
    (void)state;
    const char *src = "-module(t).\n-export([sum/2, fib/1, walk/2, shift/2, guarded/1, len/2, twice/2, flat/1]).\n"
                      "sum(0, Acc) -> Acc;\nsum(N, Acc) -> sum(N - 1, Acc + N).\n"
                      "fib(0) -> 0;\nfib(1) -> 1;\nfib(N) -> fib(N - 1) + fib(N - 2).\n"
                      "walk([], K) -> K;\nwalk(L, K) -> walk(tl(L), K + 1).\n"
                      "shift(X, 0) -> X;\nshift(X, N) -> shift(X * 2, N - 1).\n"
                      "guarded(0) -> 0;\nguarded(N) when N > 0 -> guarded(N - 1).\n"
                      "len([], N) -> N;\nlen([_ | T], N) -> len(T, N + 1).\n"
                      "twice(0, 0) -> 0;\ntwice(N, M) -> twice(N - 1, M).\n"
                      "flat(0) -> zero;\nflat(N) -> {N}.\n";
    hl_bc_image g;
    uint8_t *img = gated_image(src, &g);
    static const struct {
        const char *name;
        uint32_t arity;
        const char *starts; /* the function's first instruction, its label left out */
        unsigned inverted;  /* is_ne_exact instructions in it */
    } fns[] = {
        {"sum", 2, "is_ne_exact L", 1},     {"fib", 1, "is_ne_exact L", 2},    {"walk", 2, "is_ne_exact L", 1},
        {"shift", 2, "is_ne_exact L", 1},   {"guarded", 1, "is_ne_exact L", 1}, {"twice", 2, "is_eq_exact L", 0},
        {"flat", 1, "is_eq_exact L", 0},   {"len", 2, "is_ne_exact L", 1},
    };
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        char *t = fn_text(&g, fns[i].name, fns[i].arity);
        assert_true(strncmp(t, fns[i].starts, strlen(fns[i].starts)) == 0);
        unsigned n = 0;
        for (const char *q = t; (q = strstr(q, "is_ne_exact")) != NULL; q++) n++;
        assert_int_equal(n, fns[i].inverted);
        free(t);
    }
    hl_bc_image_free(&g);
    hl_mem_free(img);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arg0_in_x0),
        cmocka_unit_test(test_loop_layout),
        cmocka_unit_test(test_instruction_selection),
        cmocka_unit_test(test_tail_calls_constant_space),
        cmocka_unit_test(test_big_frame),
        cmocka_unit_test(test_unsupported_located),
        cmocka_unit_test(test_frameless_fallback),
        cmocka_unit_test(test_map_instructions),
        cmocka_unit_test(test_stdlib_images),
        cmocka_unit_test(test_stdlib_modules_cover_allowlist),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
