/* test_term_map.c — flat maps: construction, put/update/remove/get against
 * a reference model, key order (checked against OTP in test_term_compare),
 * the 32-key limit, sharing, and maps surviving collections. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "term/compare.h"
#include "term/map.h"
#include "test_term_util.h"

#define LIMIT (UINT64_C(1) << 32)

static uint64_t rs = 88172645463325252u;
static uint64_t rnd(void) {
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}

/* Keys drawn from a small universe so collisions (updates) are common,
 * including 1 vs 1.0 (distinct keys) and equal tuples built separately. */
static hl_term random_key(hl_heap *h) {
    static const char *txt[] = {"1", "1.0", "2", "-1", "0.0", "a", "b", "zz", "{}", "{1}", "{1.0}",
                                "[]", "[1]", "<<>>", "<<1>>", "#{}", "#{1 => 2}", "18446744073709551616",
                                "{a,b}", "[a|b]", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12",
                                "13", "14", "15", "16", "17", "18", "19", "20", "c", "d"};
    return tu_parse(h, txt[rnd() % (sizeof txt / sizeof txt[0])]);
}

typedef struct model {
    hl_term k[64], v[64];
    size_t n;
} model;

static int mfind(const model *m, hl_term key) {
    for (size_t i = 0; i < m->n; i++) {
        int c;
        assert_int_equal(hl_term_compare(m->k[i], key, true, NULL, &c), HL_TERM_OK);
        if (c == 0) return (int)i;
    }
    return -1;
}

static void check(hl_term map, const model *m) {
    assert_true(hl_is_flatmap(map));
    assert_int_equal(hl_flatmap_size(map), m->n);
    hl_term keys = hl_flatmap_keys(map);
    assert_int_equal(hl_tuple_arity(keys), m->n);
    for (size_t i = 1; i < m->n; i++) { /* strictly increasing in key order */
        int c;
        assert_int_equal(hl_term_compare(hl_tuple_get(keys, i - 1), hl_tuple_get(keys, i), true, NULL, &c),
                         HL_TERM_OK);
        assert_true(c < 0);
    }
    for (size_t i = 0; i < m->n; i++) {
        hl_term v;
        assert_int_equal(hl_flatmap_get(map, m->k[i], &v), HL_TERM_OK);
        assert_true(v == m->v[i]);
    }
}

static void test_random_operations(void **state) {
    (void)state;
    hl_heap h;
    for (int round = 0; round < 200; round++) {
        assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
        hl_term map;
        assert_int_equal(hl_flatmap_new(&h, NULL, NULL, 0, &map), HL_TERM_OK);
        model m = {.n = 0};
        for (int op = 0; op < 200; op++) {
            hl_term key = random_key(&h), val = hl_make_small((int64_t)(rnd() % 1000)), out;
            int at = mfind(&m, key);
            switch (rnd() % 4) {
            case 0:
            case 1: {
                hl_term_status st = hl_flatmap_put(&h, map, key, val, &out);
                if (at < 0 && m.n == HL_FLATMAP_MAX) {
                    assert_int_equal(st, HL_TERM_SYSTEM_LIMIT);
                    continue;
                }
                assert_int_equal(st, HL_TERM_OK);
                if (at >= 0) {
                    assert_true(hl_flatmap_keys(out) == hl_flatmap_keys(map)); /* shared */
                    m.v[at] = val;
                } else {
                    m.k[m.n] = key;
                    m.v[m.n++] = val;
                }
                break;
            }
            case 2: {
                hl_term_status st = hl_flatmap_update(&h, map, key, val, &out);
                if (at < 0) {
                    assert_int_equal(st, HL_TERM_BADARG);
                    continue;
                }
                assert_int_equal(st, HL_TERM_OK);
                m.v[at] = val;
                break;
            }
            default:
                assert_int_equal(hl_flatmap_remove(&h, map, key, &out), HL_TERM_OK);
                if (at < 0) {
                    assert_true(out == map);
                } else {
                    m.k[at] = m.k[m.n - 1];
                    m.v[at] = m.v[m.n - 1];
                    m.n--;
                }
                break;
            }
            hl_term old = map;
            map = out;
            check(map, &m);
            (void)old;
        }
        /* Building the same pairs in one go gives an =:= map. */
        hl_term again;
        assert_int_equal(hl_flatmap_new(&h, m.k, m.v, m.n, &again), HL_TERM_OK);
        int c;
        assert_int_equal(hl_term_compare(map, again, true, NULL, &c), HL_TERM_OK);
        assert_int_equal(c, 0);
        /* The map survives a collection with itself as the only root. */
        hl_roots r = {&map, 1};
        assert_int_equal(hl_heap_gc(&h, 0, &r, 1), HL_TERM_OK);
        assert_int_equal(hl_flatmap_size(map), m.n);
        hl_heap_free(&h);
    }
    tu_free_atoms();
}

static void test_edges(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_term keys[40], vals[40], map, out, v;
    for (int i = 0; i < 40; i++) {
        keys[i] = hl_make_small(39 - i);
        vals[i] = hl_make_small(i);
    }
    assert_int_equal(hl_flatmap_new(&h, keys, vals, 33, &map), HL_TERM_SYSTEM_LIMIT);
    assert_int_equal(hl_flatmap_new(&h, keys, vals, 32, &map), HL_TERM_OK);
    assert_int_equal(hl_tuple_get(hl_flatmap_keys(map), 0), hl_make_small(8));
    assert_int_equal(hl_flatmap_put(&h, map, hl_make_small(100), HL_NIL, &out), HL_TERM_SYSTEM_LIMIT);
    assert_int_equal(hl_flatmap_put(&h, map, hl_make_small(8), vals[31], &out), HL_TERM_OK);
    assert_true(out == map); /* same value: same map */
    /* duplicates in construction: the later value wins */
    hl_term dk[3] = {hl_make_small(1), hl_make_small(2), hl_make_small(1)};
    hl_term dv[3] = {hl_make_small(10), hl_make_small(20), hl_make_small(30)};
    assert_int_equal(hl_flatmap_new(&h, dk, dv, 3, &map), HL_TERM_OK);
    assert_int_equal(hl_flatmap_size(map), 2);
    assert_int_equal(hl_flatmap_get(map, hl_make_small(1), &v), HL_TERM_OK);
    assert_true(v == hl_make_small(30));
    /* 1 and 1.0 are different keys, 0.0 and -0.0 the same (OTP 25) */
    hl_term one_f, zero, negzero;
    assert_int_equal(hl_make_float(&h, 1.0, &one_f), HL_TERM_OK);
    assert_int_equal(hl_make_float(&h, 0.0, &zero), HL_TERM_OK);
    assert_int_equal(hl_make_float(&h, -0.0, &negzero), HL_TERM_OK);
    assert_int_equal(hl_flatmap_put(&h, map, one_f, HL_NIL, &map), HL_TERM_OK);
    assert_int_equal(hl_flatmap_size(map), 3);
    assert_int_equal(hl_flatmap_put(&h, map, zero, HL_NIL, &map), HL_TERM_OK);
    assert_int_equal(hl_flatmap_put(&h, map, negzero, hl_make_small(5), &map), HL_TERM_OK);
    assert_int_equal(hl_flatmap_size(map), 4);
    assert_int_equal(hl_flatmap_get(map, zero, &v), HL_TERM_OK);
    assert_true(v == hl_make_small(5));
    /* remove everything */
    hl_term all[4];
    memcpy(all, hl_tuple_elems(hl_flatmap_keys(map)), sizeof all);
    for (int i = 0; i < 4; i++) assert_int_equal(hl_flatmap_remove(&h, map, all[i], &map), HL_TERM_OK);
    assert_int_equal(hl_flatmap_size(map), 0);
    assert_int_equal(hl_flatmap_get(map, zero, &v), HL_TERM_BADARG);
    hl_heap_free(&h);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_operations),
        cmocka_unit_test(test_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
