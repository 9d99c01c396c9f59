/* test_vm_cpu_per_red.c — a reduction buys bounded CPU (docs/limits.md,
 * "CPU per reduction"; issue 13): the constructs the red team found doing
 * milliseconds of work for one or two reductions are now charged by the
 * work they do, checked with deterministic reduction counts (a run with
 * the construct minus the same run without it), plus, outside ASan, a
 * wall-clock check of the worst one (a map key of shared structure with
 * 2^28 leaves: 11 s before, refused after its capped walk now).
 *   - a map key's hash: charged per node; a key past the cap is refused
 *   - keys sharing one 32-bit map hash: a collision node holds at most 256
 *   - an exception's unwinding: charged per stack word scanned
 *   - straight-line code (a 60,000-statement function, a 65 KB literal
 *     binary pattern): a `reds` instruction every 64 words
 *   - bignum arithmetic and conversion: charged by limbs
 *   - binary:match with a 12 MB pattern: charged per byte, pattern included */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/buf.h"
#include "host/host_int.h"
#include "term/atom.h"
#include "term/hamt.h"
#include "term/map_hash.h"
#include "vm/vm.h"
#include "vm/vm_internal.h"
#include "vm/vm_support.h"

#include "test_clock.h"

/* ---- colliding keys: 12-byte binaries with one map hash (the inverse of
 * Jenkins' mix, as tests/oracle/gen_map_hash_collisions.py) ---- */

#define GOLDEN 0x9e3779b9u
static void unmix(uint32_t *a, uint32_t *b, uint32_t *c) {
    *c = (*c ^ (*b >> 15)) + *a + *b;
    *b = (*b ^ (*a << 10)) + *c + *a;
    *a = (*a ^ (*c >> 3)) + *b + *c;
    *c = (*c ^ (*b >> 5)) + *a + *b;
    *b = (*b ^ (*a << 16)) + *c + *a;
    *a = (*a ^ (*c >> 12)) + *b + *c;
    *c = (*c ^ (*b >> 13)) + *a + *b;
    *b = (*b ^ (*a << 8)) + *c + *a;
    *a = (*a ^ (*c >> 13)) + *b + *c;
}

static void collide_key(hl_buf *b, uint32_t i) {
    uint32_t con = 0x08d12e65u + 3432918353u, a = i * 2654435761u + 1, bb = i * 40503u + 7, c = 0x2545F491u;
    unmix(&a, &bb, &c);
    c -= 12;
    unmix(&a, &bb, &c);
    uint32_t w[3] = {a - GOLDEN, bb - GOLDEN, c - con};
    hl_buf_puts(b, "<<");
    for (int k = 0; k < 12; k++) hl_buf_printf(b, "%s%u", k ? "," : "", (w[k / 4] >> (8 * (k % 4))) & 0xFF);
    hl_buf_puts(b, ">>");
}

static const char fixed[] =
    "-module(cpr).\n"
    "-export([dag_get/1, dag_put/1, dag_match/1, dag_loop/1, throw_deep/1, ret_deep/1, long1/1, long0/1, lit/1, lit0/1,\n"
    "         coll/1, i2l/1, mul/1, bmatch/1]).\n"
    "dag(0) -> [1, 2, 3];\n"
    "dag(K) -> D = dag(K - 1), {D, D}.\n"
    "big() -> maps:from_list([{I, I} || I <- lists:seq(1, 40)]).\n"
    "dag_get(K) -> M = big(), D = dag(K), maps:get(D, M, none).\n"
    "dag_put(K) -> M = big(), D = dag(K), try M#{D => 1} of _ -> ok catch error:E -> E end.\n"
    "dag_match(K) -> M = big(), D = dag(K), case M of #{D := V} -> V; _ -> nokey end.\n"
    "dag_loop(K) -> M = big(), D = dag(K), dag_loop(1000, D, M).\n"
    "dag_loop(0, _, _) -> done;\n"
    "dag_loop(N, D, M) -> none = maps:get(D, M, none), dag_loop(N - 1, D, M).\n"
    "deep(0) -> throw(bottom);\n"
    "deep(N) -> [N | deep(N - 1)].\n"
    "flat(0) -> bottom;\n"
    "flat(N) -> [N | flat(N - 1)].\n"
    "throw_deep(N) -> catch deep(N).\n"
    "ret_deep(N) -> catch flat(N).\n"
    "long1(X) -> long(X).\n"
    "long0(X) -> X.\n"
    "subj() -> <<(list_to_binary([$a + I rem 26 || I <- lists:seq(0, 64999)]))/binary, \"xyz\">>.\n"
    "lit(_) -> litm(subj()).\n"
    "lit0(_) -> byte_size(subj()).\n"
    "coll(N) -> try lists:foldl(fun(K, A) -> A#{K => 1} end, #{}, lists:sublist(keys(), N)) of\n"
    "               M -> map_size(M) catch error:E -> E end.\n"
    "i2l(N) -> length(integer_to_list(1 bsl N)).\n"
    "mul(N) -> I = (1 bsl N) - 1, (I * I) rem 7.\n"
    "bmatch(N) -> P = <<(binary:copy(<<\"a\">>, N))/binary, \"b\">>, S = binary:copy(<<\"a\">>, N + 1000),\n"
    "             binary:match(S, P).\n";

static hl_engine *eng;
static hl_module *mod;

static int setup(void **state) {
    (void)state;
    hl_buf b;
    hl_buf_init(&b, 0);
    hl_buf_puts(&b, fixed);
    hl_buf_puts(&b, "long(X) ->\n");
    for (int i = 1; i <= 60000; i++) hl_buf_printf(&b, "    _ = X + %d,\n", i);
    hl_buf_puts(&b, "    X.\nlitm(<<\"");
    for (int i = 0; i < 65000; i++) hl_buf_putc(&b, (char)('a' + i % 26));
    hl_buf_puts(&b, "\", R/binary>>) -> byte_size(R);\nlitm(_) -> -1.\nkeys() -> [");
    for (uint32_t i = 0; i < 300; i++) {
        if (i) hl_buf_putc(&b, ',');
        collide_key(&b, i);
    }
    hl_buf_puts(&b, "].\n");
    if (b.failed || hl_engine_new(&eng) != HL_OK) return -1;
    hl_compile_options *opt = NULL;
    hl_error *err = NULL;
    if (hl_compile_options_new(&opt) != HL_OK || hl_compile_options_set_limit(opt, HL_LIMIT_WALL_MS, 120000) != HL_OK)
        return -1;
    hl_status st = hl_compile(eng, "cpr.erl", b.data, b.len, opt, &mod, &err);
    if (st != HL_OK) fprintf(stderr, "compile: %s\n", err ? hl_error_message(err) : "?");
    hl_compile_options_free(opt);
    hl_buf_free(&b);
    return st == HL_OK ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    hl_module_free(mod);
    hl_engine_free(eng);
    return 0;
}

typedef struct outcome {
    hl_vm_status st;
    hl_term result;
    uint64_t reds, max_cost;
    hl_vm_proc *p; /* freed by done() */
} outcome;

static outcome run(const char *fn, int64_t arg, uint64_t max_reds, uint64_t max_heap) {
    hl_vm_limits lim = {max_reds, max_heap, 0, 0};
    hl_vm_proc *p = hl_vm_proc_new(mod->prog, &lim);
    assert_non_null(p);
    int64_t f = hl_program_find(mod->prog, fn, strlen(fn), 1);
    assert_true(f >= 0);
    hl_term a = hl_make_small(arg);
    assert_true(hl_vm_start(p, (uint32_t)f, &a, 1));
    outcome o;
    o.st = hl_vm_run(p, 0);
    o.result = o.st == HL_VM_DONE ? hl_vm_result(p) : HL_NIL;
    o.reds = hl_vm_reductions(p);
    o.max_cost = p->probe.max_cost;
    o.p = p;
    return o;
}

static void done(outcome *o) { hl_vm_proc_free(o->p); }

static uint64_t reds_of(const char *fn, int64_t arg) {
    outcome o = run(fn, arg, UINT64_C(1) << 40, 256u << 20);
    assert_int_equal(o.st, HL_VM_DONE);
    uint64_t r = o.reds;
    done(&o);
    return r;
}

static bool is_atom(hl_term t, const char *name) {
    if (!hl_is_atom(t)) return false;
    size_t len;
    const char *s = hl_atom_name(t, &len);
    return len == strlen(name) && memcmp(s, name, len) == 0;
}

/* Hashing a key of shared structure is charged per node: 2^16 leaves of
 * [1,2,3] are ~330k units, ~20k reductions (it was one). */
static void test_map_key_hash_charged(void **state) {
    (void)state;
    uint64_t with = reds_of("dag_get", 16), without = reds_of("dag_get", 0);
    assert_true(with - without >= 10000);
}

/* Past HL_MAP_HASH_MAX_WORK a key is refused: a put raises system_limit,
 * a lookup finds nothing, whatever the tree's size (2^28 leaves here), and
 * fast. Before: 11 s in one call for one reduction. */
static void test_map_key_over_the_cap(void **state) {
    (void)state;
    double t0 = hl_test_cpu_ms();
    outcome o = run("dag_put", 28, 10000000, HL_RUN_DEFAULT_MAX_HEAP_BYTES);
    double ms = hl_test_cpu_ms() - t0;
    assert_int_equal(o.st, HL_VM_DONE);
    assert_true(is_atom(o.result, "system_limit"));
    assert_true(o.reds >= HL_MAP_HASH_MAX_WORK >> 4); /* the capped walk, charged */
    done(&o);
#ifndef HL_UNDER_ASAN
    assert_true(ms < 1000); /* ~10-30 ms of capped walk */
#else
    (void)ms;
#endif
    o = run("dag_get", 28, 10000000, HL_RUN_DEFAULT_MAX_HEAP_BYTES);
    assert_int_equal(o.st, HL_VM_DONE);
    assert_true(is_atom(o.result, "none"));
    done(&o);
    o = run("dag_match", 28, 10000000, HL_RUN_DEFAULT_MAX_HEAP_BYTES);
    assert_int_equal(o.st, HL_VM_DONE);
    assert_true(is_atom(o.result, "nokey"));
    done(&o);
    /* each refused lookup charges the capped walk: a limit stops a loop of them */
    o = run("dag_loop", 28, 500000, HL_RUN_DEFAULT_MAX_HEAP_BYTES);
    assert_int_equal(o.st, HL_VM_FAULT_REDUCTIONS);
    done(&o);
}

/* Keys sharing one whole 32-bit hash: a collision node holds at most
 * HL_HAMT_COLLISION_MAX of them; one more is system_limit. */
static void test_collision_node_capped(void **state) {
    (void)state;
    outcome o = run("coll", HL_HAMT_COLLISION_MAX, 100000000, HL_RUN_DEFAULT_MAX_HEAP_BYTES);
    assert_int_equal(o.st, HL_VM_DONE);
    assert_true(hl_is_small(o.result) && hl_small_val(o.result) == HL_HAMT_COLLISION_MAX);
    done(&o);
    o = run("coll", HL_HAMT_COLLISION_MAX + 1, 100000000, HL_RUN_DEFAULT_MAX_HEAP_BYTES);
    assert_int_equal(o.st, HL_VM_DONE);
    assert_true(is_atom(o.result, "system_limit"));
    done(&o);
}

/* A throw through 100,000 frames scans ~300,000 stack words: charged one
 * reduction per 4 (it was one in all). */
static void test_unwind_charged(void **state) {
    (void)state;
    uint64_t thrown = reds_of("throw_deep", 100000), returned = reds_of("ret_deep", 100000);
    assert_true(thrown > returned + 50000);
}

/* A 60,000-statement function: ~360,000 code words, a `reds` every 64. */
static void test_straight_line_code_charged(void **state) {
    (void)state;
    uint64_t with = reds_of("long1", 1), without = reds_of("long0", 1);
    assert_true(with - without >= 4000);
}

/* A 65,000-byte literal pattern: 65,000 bs_get of 8 words. */
static void test_literal_pattern_charged(void **state) {
    (void)state;
    outcome o = run("lit", 0, UINT64_C(1) << 40, 256u << 20);
    assert_int_equal(o.st, HL_VM_DONE);
    assert_true(hl_is_small(o.result) && hl_small_val(o.result) == 3);
    uint64_t with = o.reds;
    done(&o);
    assert_true(with - reds_of("lit0", 0) >= 4000);
}

/* Bignums: integer_to_list of 65,000 bits (1,016 limbs, ~0.7 ms) and a
 * 32,700-bit square are charged by their limbs. */
static void test_bignum_charged(void **state) {
    (void)state;
    assert_true(reds_of("i2l", 65000) - reds_of("i2l", 10) >= 3000);
    assert_true(reds_of("mul", 32700) - reds_of("mul", 10) >= 900);
}

/* binary:match with a 12 MB pattern: one call (Two-Way's set-up is linear
 * in the pattern; docs/builtins.md) charged by the bytes it examined, the
 * pattern's included: at least 12,000,000 / 64 reductions. */
static void test_huge_pattern_charged(void **state) {
    (void)state;
    outcome o = run("bmatch", 12000000, UINT64_C(1) << 40, 512u << 20);
    assert_int_equal(o.st, HL_VM_DONE);
    assert_true(is_atom(o.result, "nomatch"));
    uint64_t with = o.reds;
    done(&o);
    assert_true(with - reds_of("bmatch", 1000) >= 12000000 / 64);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_map_key_hash_charged),   cmocka_unit_test(test_map_key_over_the_cap),
        cmocka_unit_test(test_collision_node_capped),  cmocka_unit_test(test_unwind_charged),
        cmocka_unit_test(test_straight_line_code_charged), cmocka_unit_test(test_literal_pattern_charged),
        cmocka_unit_test(test_bignum_charged),         cmocka_unit_test(test_huge_pattern_charged),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
