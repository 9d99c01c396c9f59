/* test_term_map_iter.c — resumable map iteration (term/map.h:
 * hl_map_iter_seek_io / hl_map_iter_cursor), what maps:next/1 and the
 * chunked maps:to_list/keys/values/merge rely on: resuming from the cursor
 * taken after every pair gives exactly the io order, for flat maps, HAMTs
 * of many sizes and collision nodes; and cursors a guest forges either
 * are refused or walk inside the map (the sanitizers watch the walk). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "term/map.h"
#include "term/map_hash.h"
#include "test_term_util.h"

#define LIMIT (UINT64_C(1) << 32)

static uint64_t rs = 0x2545F4914F6CDD1Du;
static uint64_t rnd(void) {
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}

/* Key number id: a small, a binary or a tuple (three hash paths). */
static hl_term key_of(hl_heap *h, uint32_t id) {
    hl_term *p;
    switch (id % 3) {
    case 0: return hl_make_small((int64_t)id);
    case 1: {
        unsigned char b[4] = {(unsigned char)(id >> 24), (unsigned char)(id >> 16), (unsigned char)(id >> 8),
                              (unsigned char)id};
        tu_ok(hl_heap_alloc(h, hl_heap_bin_words(4), &p));
        return hl_heap_bin_init(p, b, 4);
    }
    default:
        tu_ok(hl_heap_alloc(h, 3, &p));
        hl_tuple_init(p, 2);
        p[1] = hl_make_small(id);
        p[2] = HL_NIL;
        return hl_make_boxed(p);
    }
}

/* Resuming after every pair reproduces the plain io-order walk. */
static void check_resumable(hl_term map) {
    size_t n = hl_map_size(map);
    hl_term *ks = malloc((n + 1) * sizeof *ks);
    assert_non_null(ks);
    hl_map_iter it;
    hl_map_iter_init_io(&it, map);
    hl_term k, v;
    size_t m = 0;
    while (hl_map_iter_next(&it, &k, &v)) ks[m++] = k;
    assert_int_equal(m, n);
    uint64_t cur = 0;
    for (size_t i = 0; i < n; i++) {
        hl_map_iter r;
        assert_true(hl_map_iter_seek_io(&r, map, cur));
        assert_true(hl_map_iter_next(&r, &k, &v));
        assert_true(k == ks[i]);
        assert_true(hl_map_iter_cursor(&r, &cur));
        assert_true(cur < (UINT64_C(1) << 59)); /* a small integer */
    }
    hl_map_iter r;
    assert_true(hl_map_iter_seek_io(&r, map, cur));
    assert_false(hl_map_iter_next(&r, &k, &v));
    free(ks);
}

static void test_resume_sizes(void **state) {
    (void)state;
    static const size_t sizes[] = {0, 1, 5, 32, 33, 34, 100, 1000, 5000};
    hl_heap h;
    tu_ok(hl_heap_init(&h, 1024, LIMIT));
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        hl_term *ks = malloc((n + 1) * sizeof *ks), *vs = malloc((n + 1) * sizeof *vs);
        for (size_t i = 0; i < n; i++) ks[i] = key_of(&h, (uint32_t)(i * 7 + 1)), vs[i] = hl_make_small((int64_t)i);
        hl_term map;
        tu_ok(hl_map_new(&h, ks, vs, n, &map));
        assert_int_equal(hl_map_size(map), n);
        check_resumable(map);
        free(ks);
        free(vs);
    }
    hl_heap_free(&h);
}

static int by_hash(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Collision nodes (keys with one whole 32-bit hash, by birthday search):
 * the cursor's last field counts inside the collision node. */
static void test_resume_collisions(void **state) {
    (void)state;
    enum { SAMPLES = 400000 };
    uint64_t *hv = malloc(SAMPLES * sizeof *hv);
    for (uint32_t i = 0; i < SAMPLES; i++) {
        uint32_t x;
        tu_ok(hl_map_key_hash(hl_make_small(i), NULL, &x));
        hv[i] = ((uint64_t)x << 32) | i;
    }
    qsort(hv, SAMPLES, sizeof *hv, by_hash);
    hl_term all[100], vals[100];
    size_t n = 0;
    for (int i = 0; i < 40; i++) all[n++] = hl_make_small(1000000 + i);
    size_t colliding = 0;
    for (size_t i = 1; i < SAMPLES && n + 3 <= 100; i++) {
        if (hv[i] >> 32 != hv[i - 1] >> 32) continue;
        all[n++] = hl_make_small((int64_t)(uint32_t)hv[i - 1]);
        all[n++] = hl_make_small((int64_t)(uint32_t)hv[i]);
        colliding += 2;
    }
    free(hv);
    assert_true(colliding >= 6);
    for (size_t i = 0; i < n; i++) vals[i] = hl_make_small((int64_t)i);
    hl_heap h;
    tu_ok(hl_heap_init(&h, 1024, LIMIT));
    hl_term map;
    tu_ok(hl_map_new(&h, all, vals, n, &map));
    check_resumable(map);
    hl_heap_free(&h);
}

/* Forged cursors: refused, or a walk (its first 100 pairs checked) that
 * stays inside the map. */
static void test_forged_cursors(void **state) {
    (void)state;
    hl_heap h;
    tu_ok(hl_heap_init(&h, 1024, LIMIT));
    enum { N = 3000 };
    hl_term ks[N], vs[N];
    for (size_t i = 0; i < N; i++) ks[i] = key_of(&h, (uint32_t)i), vs[i] = hl_make_small((int64_t)i);
    hl_term big, flat;
    tu_ok(hl_map_new(&h, ks, vs, N, &big));
    tu_ok(hl_map_new(&h, ks, vs, 20, &flat));
    const hl_term maps[2] = {big, flat};
    size_t accepted = 0;
    for (int mi = 0; mi < 2; mi++) {
        for (uint64_t t = 0; t < 60000; t++) {
            uint64_t c = t < 30000 ? t : rnd() >> (5 + rnd() % 59);
            hl_map_iter it;
            if (!hl_map_iter_seek_io(&it, maps[mi], c)) continue;
            accepted++;
            size_t steps = 0;
            hl_term k, v;
            while (steps < 100 && hl_map_iter_next(&it, &k, &v)) {
                steps++;
                hl_term got;
                tu_ok(hl_map_get(maps[mi], k, &got));
                assert_true(got == v);
            }
        }
    }
    assert_true(accepted > 0);
    hl_heap_free(&h);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_resume_sizes),
        cmocka_unit_test(test_resume_collisions),
        cmocka_unit_test(test_forged_cursors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
