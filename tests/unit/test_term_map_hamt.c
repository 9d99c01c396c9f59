/* test_term_map_hamt.c — maps above 32 keys (HAMT) through the generic
 * hl_map_* interface: random puts/updates/removes against a reference
 * model (flat exactly at ≤ 32 keys), equality/hash/order independent of
 * insertion order, term order against sorted keys, survival of collections
 * and deep copies, full 32-bit hash collisions (collision nodes), and
 * allocation failures at every point. OTP's iteration order itself is
 * checked byte for byte by the print and ETF corpora. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/mem.h"
#include "term/compare.h"
#include "term/copy.h"
#include "term/etf.h"
#include "term/hash.h"
#include "term/map.h"
#include "term/map_hash.h"
#include "test_term_util.h"

#define LIMIT (UINT64_C(1) << 32)

static uint64_t rs = 0x9E3779B97F4A7C15u;
static uint64_t rnd(void) {
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}

/* Key number id as a term: a small, a binary or a tuple, so all three
 * hash paths are exercised. */
static hl_term key_of(hl_heap *h, uint32_t id) {
    hl_term *p;
    switch (id % 3) {
    case 0: return hl_make_small((int64_t)id - 300);
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

static int cmp(hl_term a, hl_term b, bool exact) {
    int c;
    assert_int_equal(hl_term_compare(a, b, exact, NULL, &c), HL_TERM_OK);
    return c;
}

#define UNIVERSE 700
typedef struct model {
    int64_t val[UNIVERSE]; /* -1: absent */
    size_t n;
} model;

/* Every model pair is in the map and iteration yields exactly them once. */
static void check(hl_heap *h, hl_term map, const model *m) {
    assert_true(hl_is_map(map));
    assert_int_equal(hl_map_size(map), m->n);
    assert_int_equal(hl_is_flatmap(map), m->n <= HL_FLATMAP_MAX);
    for (uint32_t id = 0; id < UNIVERSE; id++) {
        hl_term v;
        bool found;
        assert_int_equal(hl_map_find(map, key_of(h, id), &v, &found), HL_TERM_OK);
        assert_int_equal(found, m->val[id] >= 0);
        if (found) assert_int_equal(v, hl_make_small(m->val[id]));
    }
    hl_map_iter it;
    hl_term k, v;
    size_t count = 0;
    for (int io = 0; io < 2; io++) {
        static unsigned char seen[UNIVERSE];
        memset(seen, 0, sizeof seen);
        if (io) hl_map_iter_init_io(&it, map);
        else hl_map_iter_init(&it, map);
        count = 0;
        while (hl_map_iter_next(&it, &k, &v)) {
            int64_t id = hl_is_small(k) ? hl_small_val(k) + 300
                         : hl_is_tuple(k) ? hl_small_val(hl_tuple_get(k, 0))
                                          : -1;
            if (id < 0) {
                const unsigned char *b;
                uint64_t off, bits;
                hl_bitstring_view(k, &b, &off, &bits);
                id = ((int64_t)b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3];
            }
            assert_true(id >= 0 && id < UNIVERSE);
            assert_false(seen[id]);
            seen[id] = 1;
            assert_int_equal(v, hl_make_small(m->val[id]));
            count++;
        }
        assert_int_equal(count, m->n);
    }
}

static void test_random_operations(void **state) {
    (void)state;
    hl_heap h;
    tu_ok(hl_heap_init(&h, 1024, LIMIT));
    model m;
    for (size_t i = 0; i < UNIVERSE; i++) m.val[i] = -1;
    m.n = 0;
    hl_term map;
    tu_ok(hl_map_new(&h, NULL, NULL, 0, &map));
    for (int step = 0; step < 6000; step++) {
        /* drift the target size up and down across the 32-key boundary */
        uint32_t span = step < 3000 ? 40 + (uint32_t)step / 6 : UNIVERSE;
        uint32_t id = (uint32_t)(rnd() % span);
        int op = (int)(rnd() % (step % 1000 < 500 ? 4 : 3));
        hl_term key = key_of(&h, id), out;
        int64_t val = (int64_t)(rnd() % 1000);
        if (op == 0 || op == 3) {
            tu_ok(hl_map_put(&h, map, key, hl_make_small(val), &out));
            if (m.val[id] < 0) m.n++;
            m.val[id] = val;
        } else if (op == 1) {
            hl_term_status st = hl_map_update(&h, map, key, hl_make_small(val), &out);
            if (m.val[id] < 0) {
                assert_int_equal(st, HL_TERM_BADARG);
                out = map;
            } else {
                tu_ok(st);
                m.val[id] = val;
            }
        } else {
            tu_ok(hl_map_remove(&h, map, key, &out));
            if (m.val[id] >= 0) m.n--;
            if (m.val[id] < 0) assert_int_equal(out, map); /* absent: the same map */
            m.val[id] = -1;
        }
        map = out;
        if (step % 97 == 0 || m.n == 32 || m.n == 33) check(&h, map, &m);
    }
    check(&h, map, &m);
    /* remove everything: hash down to flat down to empty */
    for (uint32_t id = 0; id < UNIVERSE; id++) {
        if (m.val[id] < 0) continue;
        tu_ok(hl_map_remove(&h, map, key_of(&h, id), &map));
        m.val[id] = -1;
        m.n--;
        if (m.n % 50 == 0 || m.n == 32) check(&h, map, &m);
    }
    assert_int_equal(hl_map_size(map), 0);
    hl_heap_free(&h);
}

/* The same pairs inserted in different orders (and built at once) give
 * =:= maps with equal hashes, equal iteration and equal encodings. */
static void test_insertion_order(void **state) {
    (void)state;
    hl_heap h;
    tu_ok(hl_heap_init(&h, 1024, LIMIT));
    enum { N = 300 };
    uint32_t ids[N];
    hl_term ks[N], vs[N];
    for (uint32_t i = 0; i < N; i++) {
        ids[i] = i * 3 % UNIVERSE; /* 3 is prime to UNIVERSE: all distinct */
        ks[i] = key_of(&h, ids[i]);
        vs[i] = hl_make_small(ids[i] * 3);
    }
    hl_term built;
    tu_ok(hl_map_new(&h, ks, vs, N, &built));
    hl_buf e0;
    hl_buf_init(&e0, 0);
    tu_ok(hl_etf_encode(built, NULL, &e0, NULL));
    uint64_t h0;
    tu_ok(hl_term_hash(built, 0, NULL, &h0));
    for (int round = 0; round < 4; round++) {
        for (size_t i = N; i > 1; i--) { /* shuffle */
            size_t j = (size_t)(rnd() % i);
            uint32_t t = ids[i - 1];
            ids[i - 1] = ids[j];
            ids[j] = t;
        }
        hl_term map;
        tu_ok(hl_map_new(&h, NULL, NULL, 0, &map));
        for (size_t i = 0; i < N; i++)
            tu_ok(hl_map_put(&h, map, key_of(&h, ids[i]), hl_make_small(ids[i] * 3), &map));
        /* and some churn that ends in the same set */
        for (size_t i = 0; i < 40; i++) tu_ok(hl_map_remove(&h, map, key_of(&h, ids[i]), &map));
        for (size_t i = 0; i < 40; i++)
            tu_ok(hl_map_put(&h, map, key_of(&h, ids[i]), hl_make_small(ids[i] * 3), &map));
        assert_int_equal(cmp(map, built, true), 0);
        assert_int_equal(cmp(built, map, false), 0);
        uint64_t h1;
        tu_ok(hl_term_hash(map, 0, NULL, &h1));
        assert_int_equal(h0, h1);
        hl_buf e1;
        hl_buf_init(&e1, 0);
        tu_ok(hl_etf_encode(map, NULL, &e1, NULL));
        assert_int_equal(e0.len, e1.len);
        assert_memory_equal(e0.data, e1.data, e0.len);
        hl_buf_free(&e1);
    }
    /* later pairs win in hl_map_new, as in #{K => 1, K => 2} */
    ks[N - 1] = key_of(&h, ids[0]);
    vs[N - 1] = hl_make_small(-5);
    hl_term dup;
    tu_ok(hl_map_new(&h, ks, vs, N, &dup));
    assert_int_equal(hl_map_size(dup), N - 1);
    hl_term v;
    tu_ok(hl_map_get(dup, ks[N - 1], &v));
    assert_int_equal(v, hl_make_small(-5));
    hl_buf_free(&e0);
    hl_heap_free(&h);
}

/* A map of ids as a tuple {SortedKeys, ValuesInKeyOrder}: term order of
 * maps of equal size is the order of these tuples. */
static hl_term as_tuple(hl_heap *h, hl_term map) {
    size_t n = hl_map_size(map);
    hl_term *ks = malloc(n * sizeof *ks), *vs = malloc(n * sizeof *vs);
    hl_map_iter it;
    hl_map_iter_init(&it, map);
    size_t i = 0;
    while (hl_map_iter_next(&it, &ks[i], &vs[i])) i++;
    for (size_t a = 1; a < n; a++) /* insertion sort by key */
        for (size_t b = a; b > 0 && cmp(ks[b - 1], ks[b], true) > 0; b--) {
            hl_term t = ks[b];
            ks[b] = ks[b - 1];
            ks[b - 1] = t;
            t = vs[b];
            vs[b] = vs[b - 1];
            vs[b - 1] = t;
        }
    hl_term *p;
    tu_ok(hl_heap_alloc(h, 3 + 2 * (1 + n), &p));
    hl_term kt = hl_tuple_init(p + 3, n), vt = hl_tuple_init(p + 4 + n, n);
    memcpy(p + 4, ks, n * sizeof *ks);
    memcpy(p + 5 + n, vs, n * sizeof *vs);
    hl_tuple_init(p, 2);
    p[1] = kt;
    p[2] = vt;
    free(ks);
    free(vs);
    return hl_make_boxed(p);
}

static int sign(int c) { return (c > 0) - (c < 0); }

static void test_compare(void **state) {
    (void)state;
    hl_heap h;
    tu_ok(hl_heap_init(&h, 1024, LIMIT));
    hl_term a[8];
    for (int i = 0; i < 8; i++) {
        hl_term map;
        tu_ok(hl_map_new(&h, NULL, NULL, 0, &map));
        size_t n = i < 2 ? 32 + (size_t)i : 40;
        for (size_t k = 0; k < n; k++) {
            uint32_t id = (uint32_t)(i < 4 ? k : k + (size_t)i * 3);
            /* float values so == and =:= differ */
            hl_term v = (i == 5 && k == 7) ? hl_make_small(1) : hl_make_small((int64_t)(k % 5));
            tu_ok(hl_map_put(&h, map, key_of(&h, id), v, &map));
        }
        a[i] = map;
    }
    /* size first: 32 (flat) < 33 (HAMT) < 40 */
    assert_true(cmp(a[0], a[1], true) < 0);
    assert_true(cmp(a[1], a[2], true) < 0);
    assert_true(cmp(a[2], a[0], false) > 0);
    for (int i = 2; i < 8; i++)
        for (int j = 2; j < 8; j++) {
            int c = cmp(a[i], a[j], true), t = cmp(as_tuple(&h, a[i]), as_tuple(&h, a[j]), true);
            assert_int_equal(sign(c), sign(t));
            assert_int_equal(sign(cmp(a[i], a[j], false)), sign(t));
        }
    /* a large map nested as a key of large maps compares and hashes */
    hl_term outer1, outer2;
    tu_ok(hl_map_put(&h, a[2], a[3], hl_make_small(1), &outer1));
    tu_ok(hl_map_put(&h, a[2], a[3], hl_make_small(1), &outer2));
    assert_int_equal(cmp(outer1, outer2, true), 0);
    hl_heap_free(&h);
}

static void test_gc_and_copy(void **state) {
    (void)state;
    hl_heap h, h2;
    tu_ok(hl_heap_init(&h, 128, LIMIT));
    tu_ok(hl_heap_init(&h2, 128, LIMIT));
    model m;
    for (size_t i = 0; i < UNIVERSE; i++) m.val[i] = -1;
    m.n = 0;
    hl_term roots[1];
    tu_ok(hl_map_new(&h, NULL, NULL, 0, &roots[0]));
    hl_roots r = {roots, 1};
    for (uint32_t id = 0; id < 500; id++) {
        tu_ok(hl_map_put(&h, roots[0], key_of(&h, id), hl_make_small(id), &roots[0]));
        m.val[id] = id;
        m.n++;
        if (id % 50 == 0) tu_ok(hl_heap_gc(&h, 0, &r, 1));
    }
    tu_ok(hl_heap_gc(&h, 0, &r, 1));
    tu_ok(hl_heap_gc_major(&h, 0, &r, 1));
    check(&h, roots[0], &m);
    hl_term copy;
    size_t words;
    tu_ok(hl_term_size(roots[0], SIZE_MAX, &words));
    tu_ok(hl_term_copy(&h2, roots[0], &copy));
    assert_int_equal(cmp(copy, roots[0], true), 0);
    check(&h2, copy, &m);
    hl_heap_free(&h);
    check(&h2, copy, &m);
    hl_heap_free(&h2);
}

static int by_hash(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Keys with the same full 32-bit hash (found by birthday search over
 * small integers) share a collision node below the 8th level. */
static void test_collisions(void **state) {
    (void)state;
    enum { SAMPLES = 400000 };
    uint64_t *hv = malloc(SAMPLES * sizeof *hv);
    for (uint32_t i = 0; i < SAMPLES; i++) {
        uint32_t x;
        tu_ok(hl_map_key_hash(hl_make_small(i), NULL, &x));
        hv[i] = ((uint64_t)x << 32) | i;
    }
    qsort(hv, SAMPLES, sizeof *hv, by_hash);
    hl_term keys[64];
    size_t nk = 0;
    for (size_t i = 1; i < SAMPLES && nk + 3 <= 40; i++) {
        if (hv[i] >> 32 != hv[i - 1] >> 32) continue;
        keys[nk++] = hl_make_small((int64_t)(uint32_t)hv[i - 1]);
        keys[nk++] = hl_make_small((int64_t)(uint32_t)hv[i]);
        if (i + 1 < SAMPLES && hv[i + 1] >> 32 == hv[i] >> 32) keys[nk++] = hl_make_small((int64_t)(uint32_t)hv[++i]);
    }
    free(hv);
    assert_true(nk >= 6);
    hl_heap h;
    tu_ok(hl_heap_init(&h, 1024, LIMIT));
    hl_term base[40], vals[80];
    for (int i = 0; i < 40; i++) base[i] = hl_make_small(1000000 + i);
    hl_term all[80];
    size_t n = 0;
    for (size_t i = 0; i < 40; i++) all[n++] = base[i];
    for (size_t i = 0; i < nk; i++) all[n++] = keys[i];
    for (size_t i = 0; i < n; i++) vals[i] = hl_make_small((int64_t)i);
    hl_term built, grown;
    tu_ok(hl_map_new(&h, all, vals, n, &built));
    tu_ok(hl_map_new(&h, NULL, NULL, 0, &grown));
    for (size_t i = n; i-- > 0;) tu_ok(hl_map_put(&h, grown, all[i], vals[i], &grown));
    assert_int_equal(hl_map_size(built), n);
    assert_int_equal(cmp(built, grown, true), 0);
    for (size_t i = 0; i < n; i++) {
        hl_term v;
        tu_ok(hl_map_get(built, all[i], &v));
        assert_int_equal(v, vals[i]);
    }
    /* remove the colliding keys one by one: collision nodes shrink into
     * leaves and chains collapse, ending =:= the map of the base keys */
    hl_term m = built;
    for (size_t i = 0; i < nk; i++) {
        tu_ok(hl_map_update(&h, m, keys[i], hl_make_small(-1), &m));
        tu_ok(hl_map_remove(&h, m, keys[i], &m));
        hl_term v;
        assert_int_equal(hl_map_get(m, keys[i], &v), HL_TERM_BADARG);
    }
    hl_term basemap;
    tu_ok(hl_map_new(&h, base, vals, 40, &basemap));
    assert_int_equal(cmp(m, basemap, true), 0);
    hl_heap_free(&h);
}

/* Every allocation (malloc and heap) failing in turn: a clean status, no
 * crash, no leak (ASan), the input map untouched. */
static void test_alloc_failures(void **state) {
    (void)state;
    enum { N = 120 };
    for (int phase = 0; phase < 2; phase++) {
        for (long k = 0; k < 400; k++) {
            hl_heap h;
            tu_ok(hl_heap_init(&h, 64, phase ? 4096 + (uint64_t)k * 64 : LIMIT));
            hl_term ks[N], vs[N];
            for (uint32_t i = 0; i < N; i++) {
                ks[i] = hl_make_small(i);
                vs[i] = hl_make_small(i);
            }
            hl_term base = HL_NIL;
            hl_term_status st0 = hl_map_new(&h, ks, vs, N, &base);
            if (!phase) hl_mem_fail_after(k);
            hl_term out = HL_NIL, out2 = HL_NIL;
            hl_term_status st = st0;
            if (st == HL_TERM_OK) st = hl_map_new(&h, ks, vs, N - 1, &out);
            if (st == HL_TERM_OK) st = hl_map_put(&h, base, hl_make_small(5000), HL_NIL, &out);
            if (st == HL_TERM_OK) st = hl_map_remove(&h, base, hl_make_small(3), &out2);
            int c = 0;
            if (st == HL_TERM_OK) st = hl_term_compare(out, out2, true, NULL, &c);
            hl_mem_fail_after(-1);
            assert_true(st == HL_TERM_OK || st == HL_TERM_NOMEM || st == HL_TERM_HEAP_LIMIT);
            if (st0 == HL_TERM_OK) assert_int_equal(hl_map_size(base), N);
            hl_heap_free(&h);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_operations), cmocka_unit_test(test_insertion_order),
        cmocka_unit_test(test_compare),           cmocka_unit_test(test_gc_and_copy),
        cmocka_unit_test(test_collisions),        cmocka_unit_test(test_alloc_failures),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    tu_free_atoms();
    return r;
}
