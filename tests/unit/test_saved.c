/* test_saved.c — saved programs (hl_module_save / hl_module_load,
 * hl_engine_set_program_store; docs/bytecode.md §9): a round trip gives
 * the same results and the same bytes; bytes cut at every length, every
 * byte flipped, and flips the checksum is recomputed over (so they reach
 * the gate) are refused or load a program that runs within its limits; a
 * load grants only what its options grant (capabilities, bindings, atom
 * quota, work budget); the engine's program store answers a compile
 * without the compiler and a refused entry is compiled over. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "host/host_int.h"
#include "hyperlang.h"

static const char main_src[] =
    "-module(sv).\n-export([f/1, g/0]).\n"
    "f(N) -> L = lists:seq(1, N), {sv_helper:sum(L), maps:from_list([{K, K * K} || K <- L]), <<\"bin\", N>>}.\n"
    "g() -> sv_helper:boom(3).\n";
static const char helper_src[] =
    "-module(sv_helper).\n-export([sum/1, boom/1]).\n"
    "sum(L) -> lists:foldl(fun(X, A) -> X + A end, 0, L).\n"
    "boom(X) -> erlang:error({boom, X}).\n";

static hl_module *compile2(hl_engine *e, const hl_compile_options *o) {
    const char *names[2] = {"sv.erl", "sv_helper.erl"};
    const char *srcs[2] = {main_src, helper_src};
    size_t lens[2] = {sizeof main_src - 1, sizeof helper_src - 1};
    hl_module *m = NULL;
    hl_error *err = NULL;
    hl_status st = hl_compile_program(e, 2, names, srcs, lens, o, &m, &err);
    if (st != HL_OK) fprintf(stderr, "%s\n", err ? hl_error_message(err) : hl_status_name(st));
    hl_error_free(err);
    assert_int_equal(st, HL_OK);
    return m;
}

/* f(N)'s result as text, or the error's message. */
static char *run_text(const hl_module *m, const char *fn, int64_t n, size_t nargs) {
    hl_value *arg = NULL, *res = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_value_int(n, &arg), HL_OK);
    hl_run_limits lim = {.max_reductions = 100000, .max_heap_bytes = 1 << 20, .timeout_ms = 2000};
    hl_status st = hl_run(m, fn, &arg, nargs, &lim, &res, &err);
    char *text = NULL;
    size_t len = 0;
    if (st == HL_OK) {
        assert_int_equal(hl_value_to_text(res, 0, &text, &len), HL_OK);
    } else {
        text = strdup(err ? hl_error_message(err) : hl_status_name(st));
    }
    hl_value_free(arg);
    hl_value_free(res);
    hl_error_free(err);
    return text;
}

static void test_round_trip(void **state) {
    (void)state;
    hl_engine *e1 = NULL, *e2 = NULL;
    assert_int_equal(hl_engine_new(&e1), HL_OK);
    assert_int_equal(hl_engine_new(&e2), HL_OK);
    hl_module *m = compile2(e1, NULL);
    void *bytes = NULL;
    size_t len = 0;
    assert_int_equal(hl_module_save(m, &bytes, &len), HL_OK);
    hl_module *back = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_module_load(e2, bytes, len, NULL, &back, &err), HL_OK);
    assert_null(err);
    char *a = run_text(m, "f", 7, 1), *b = run_text(back, "f", 7, 1);
    assert_string_equal(a, b);
    assert_non_null(strstr(a, "{28,#{"));
    free(a), free(b);
    a = run_text(m, "g", 0, 0), b = run_text(back, "g", 0, 0);
    assert_string_equal(a, b); /* the exception, its stack naming both modules */
    free(a), free(b);
    /* saved again: the same bytes */
    void *again = NULL;
    size_t alen = 0;
    assert_int_equal(hl_module_save(back, &again, &alen), HL_OK);
    assert_int_equal(alen, len);
    assert_memory_equal(again, bytes, len);
    hl_free(again);
    hl_free(bytes);
    hl_module_free(back);
    hl_module_free(m);
    hl_engine_free(e1);
    hl_engine_free(e2);
}

/* Runs every exported function of a loaded program under tiny limits:
 * whatever it does, it must end (no crash, no sanitizer report). */
static void run_all(const hl_module *m) {
    const hl_program *p = m->prog;
    for (uint32_t f = 0; f < p->n_functions && f < 16; f++) {
        if (!(p->funcs[f].flags & HL_BC_FN_EXPORTED)) continue;
        size_t nl = 0;
        const char *name = hl_atom_name(p->fn_names[f], &nl);
        char fn[300];
        snprintf(fn, sizeof fn, "%.*s", (int)nl, name);
        hl_value *args[8] = {0};
        uint32_t ar = p->funcs[f].arity < 8 ? p->funcs[f].arity : 8;
        for (uint32_t i = 0; i < ar; i++) hl_value_int(i + 3, &args[i]);
        hl_run_limits lim = {.max_reductions = 20000, .max_heap_bytes = 256 << 10, .timeout_ms = 50};
        hl_value *res = NULL;
        hl_error *err = NULL;
        hl_run(m, fn, args, ar, &lim, &res, &err);
        hl_value_free(res);
        hl_error_free(err);
        for (uint32_t i = 0; i < ar; i++) hl_value_free(args[i]);
    }
}

static void reseal(uint8_t *b, size_t len) {
    hl_sha256 s;
    hl_sha256_init(&s);
    hl_sha256_update(&s, b, len - 32);
    hl_sha256_final(&s, b + len - 32);
}

static void test_hostile_bytes(void **state) {
    (void)state;
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    hl_module *m = compile2(e, NULL);
    uint8_t *bytes = NULL;
    size_t len = 0;
    assert_int_equal(hl_module_save(m, (void **)&bytes, &len), HL_OK);
    hl_module_free(m);
    uint8_t *copy = malloc(len);
    assert_non_null(copy);
    /* cut at every length: refused */
    for (size_t cut = 0; cut < len; cut++) {
        hl_module *out = NULL;
        hl_error *err = NULL;
        assert_int_equal(hl_module_load(e, bytes, cut, NULL, &out, &err), HL_EREJECTED);
        assert_null(out);
        assert_non_null(strstr(hl_error_message(err), "saved program refused"));
        hl_error_free(err);
    }
    /* every byte flipped: refused by the checksum */
    for (size_t i = 0; i < len; i++) {
        memcpy(copy, bytes, len);
        copy[i] ^= (uint8_t)(1u << (i % 8));
        hl_module *out = NULL;
        hl_error *err = NULL;
        assert_int_equal(hl_module_load(e, copy, len, NULL, &out, &err), HL_EREJECTED);
        hl_error_free(err);
    }
    /* flipped with the checksum made right again (a tamperer): the gate
     * and the checks after it decide; what loads runs within its limits */
    size_t loaded = 0, refused = 0;
    for (size_t i = 0; i + 32 < len; i++) {
        for (int k = 0; k < 2; k++) {
            if (k == 1 && i % 5) continue;
            memcpy(copy, bytes, len);
            copy[i] ^= k ? 0x80 : (uint8_t)(1u << (i % 7));
            reseal(copy, len);
            hl_module *out = NULL;
            hl_error *err = NULL;
            hl_status st = hl_module_load(e, copy, len, NULL, &out, &err);
            if (st == HL_OK) {
                loaded++;
                run_all(out);
                hl_module_free(out);
            } else {
                refused++;
                assert_true(st == HL_EREJECTED || st == HL_ELIMIT);
                assert_null(out);
            }
            hl_error_free(err);
        }
    }
    fprintf(stderr, "tampered images: %zu loaded and ran, %zu refused\n", loaded, refused);
    assert_true(refused > 0 && loaded > 0);
    /* garbage of a plausible size */
    for (size_t i = 0; i < len; i++) copy[i] = (uint8_t)(i * 131u + 7u);
    reseal(copy, len);
    hl_module *out = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_module_load(e, copy, len, NULL, &out, &err), HL_EREJECTED);
    hl_error_free(err);
    free(copy);
    hl_free(bytes);
    hl_engine_free(e);
}

static void test_options_bound_the_load(void **state) {
    (void)state;
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    static const char src[] = "-module(clk).\n-export([t/0]).\nt() -> is_integer(erlang:system_time()).\n";
    hl_compile_options *clocks = NULL, *plain = NULL;
    assert_int_equal(hl_compile_options_new(&clocks), HL_OK);
    assert_int_equal(hl_compile_options_new(&plain), HL_OK);
    assert_int_equal(hl_compile_options_grant_capability(clocks, "clocks"), HL_OK);
    hl_module *m = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_compile(e, "clk.erl", src, sizeof src - 1, clocks, &m, &err), HL_OK);
    void *bytes = NULL;
    size_t len = 0;
    assert_int_equal(hl_module_save(m, &bytes, &len), HL_OK);
    hl_module *out = NULL;
    /* without the capability: refused, naming it */
    assert_int_equal(hl_module_load(e, bytes, len, plain, &out, &err), HL_EREJECTED);
    assert_non_null(strstr(hl_error_message(err), "clocks"));
    hl_error_free(err);
    assert_int_equal(hl_module_load(e, bytes, len, clocks, &out, &err), HL_OK);
    char *t = run_text(out, "t", 0, 0);
    assert_string_equal(t, "true");
    free(t);
    hl_module_free(out);
    /* the load's work budget and atom quota bound it */
    hl_compile_options *tiny = NULL;
    assert_int_equal(hl_compile_options_new(&tiny), HL_OK);
    assert_int_equal(hl_compile_options_grant_capability(tiny, "clocks"), HL_OK);
    assert_int_equal(hl_compile_options_set_limit(tiny, HL_LIMIT_ATOMS, 1), HL_OK);
    assert_int_equal(hl_module_load(e, bytes, len, tiny, &out, &err), HL_ELIMIT);
    assert_int_equal(hl_error_limit(err), HL_LIMIT_KIND_ATOMS);
    hl_error_free(err);
    assert_int_equal(hl_compile_options_set_limit(tiny, HL_LIMIT_ATOMS, 1000), HL_OK);
    assert_int_equal(hl_compile_options_set_limit(tiny, HL_LIMIT_WORK, 2), HL_OK);
    assert_int_equal(hl_module_load(e, bytes, len, tiny, &out, &err), HL_ECOMPILE);
    assert_non_null(strstr(hl_error_message(err), "work"));
    hl_error_free(err);
    /* bindings: the table must be the options' grants */
    hl_compile_options *bound = NULL;
    assert_int_equal(hl_compile_options_new(&bound), HL_OK);
    assert_int_equal(hl_compile_options_grant_capability(bound, "clocks"), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(bound, "host", "x", 0), HL_OK);
    assert_int_equal(hl_module_load(e, bytes, len, bound, &out, &err), HL_EMISUSE); /* not registered */
    hl_error_free(err);
    hl_compile_options_free(bound);
    hl_compile_options_free(tiny);
    hl_compile_options_free(clocks);
    hl_compile_options_free(plain);
    hl_free(bytes);
    hl_module_free(m);
    hl_engine_free(e);
}

/* A program store in memory: one entry. */
typedef struct mem_store {
    uint8_t key[32];
    void *bytes;
    size_t len;
    int gets, hits, puts, refused;
    int corrupt; /* give corrupted bytes */
} mem_store;

static int st_get(void *data, const uint8_t key[32], void **bytes, size_t *len) {
    mem_store *s = data;
    s->gets++;
    if (!s->bytes || memcmp(key, s->key, 32) != 0) return 0;
    s->hits++;
    *bytes = malloc(s->len);
    memcpy(*bytes, s->bytes, s->len);
    if (s->corrupt) ((uint8_t *)*bytes)[s->len / 2] ^= 4;
    *len = s->len;
    return 1;
}

static void st_put(void *data, const uint8_t key[32], const void *bytes, size_t len) {
    mem_store *s = data;
    s->puts++;
    free(s->bytes);
    s->bytes = malloc(len);
    memcpy(s->bytes, bytes, len);
    s->len = len;
    memcpy(s->key, key, 32);
}

static void st_refused(void *data, const uint8_t key[32], const hl_error *why) {
    (void)key;
    mem_store *s = data;
    s->refused++;
    assert_non_null(strstr(hl_error_message(why), "checksum"));
}

static void test_program_store(void **state) {
    (void)state;
    mem_store ms = {0};
    hl_program_store store = {st_get, st_put, st_refused, &ms};
    hl_engine *e1 = NULL, *e2 = NULL, *e3 = NULL;
    assert_int_equal(hl_engine_new(&e1), HL_OK);
    assert_int_equal(hl_engine_set_program_store(e1, &store), HL_OK);
    hl_module *m = compile2(e1, NULL);
    assert_int_equal(ms.puts, 1);
    hl_module_free(m);
    m = compile2(e1, NULL); /* the memory cache: the store is not asked */
    assert_int_equal(ms.gets, 1);
    hl_module_free(m);
    /* a new engine (a restart): the store answers, the compiler never runs */
    assert_int_equal(hl_engine_new(&e2), HL_OK);
    assert_int_equal(hl_engine_set_program_store(e2, &store), HL_OK);
    m = compile2(e2, NULL);
    hl_cache_stats cs;
    assert_int_equal(hl_engine_cache_stats(e2, &cs), HL_OK);
    assert_int_equal(cs.misses, 0);
    assert_int_equal(cs.entries, 1);
    assert_int_equal(ms.hits, 1);
    char *t = run_text(m, "f", 3, 1);
    assert_non_null(strstr(t, "{6,#{"));
    free(t);
    hl_module_free(m);
    m = compile2(e2, NULL); /* now in memory */
    assert_int_equal(ms.hits, 1);
    hl_module_free(m);
    /* other options: another key */
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_DEPTH, 400), HL_OK);
    m = compile2(e2, o);
    assert_int_equal(ms.hits, 1);
    assert_int_equal(ms.puts, 2);
    hl_module_free(m);
    /* corrupted entry: refused, reported, compiled over */
    ms.corrupt = 1;
    assert_int_equal(hl_engine_new(&e3), HL_OK);
    assert_int_equal(hl_engine_set_program_store(e3, &store), HL_OK);
    m = compile2(e3, o);
    hl_compile_options_free(o);
    assert_int_equal(ms.refused, 1);
    assert_int_equal(hl_engine_cache_stats(e3, &cs), HL_OK);
    assert_int_equal(cs.misses, 1);
    hl_module_free(m);
    hl_engine_free(e1);
    hl_engine_free(e2);
    hl_engine_free(e3);
    free(ms.bytes);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_hostile_bytes),
        cmocka_unit_test(test_options_bound_the_load),
        cmocka_unit_test(test_program_store),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
