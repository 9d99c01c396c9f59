/* test_term_gc.c — collector stress: the same random term graph (tuples,
 * lists, floats, bignums, heap/off-heap/sub binaries, maps, funs, shared
 * subterms) is built in a quiet heap and in a GC-always heap; after every
 * step the busy heap collects, and the two must stay =:= slot by slot.
 * Now and then the busy heap is compacted as hibernation does
 * (hl_heap_compact): one block of exactly the live words, nothing old, no
 * fragments, the slots still equal. Also: accounting returns to zero and
 * nothing leaks (ASan). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "term/arith.h"
#include "term/bignum.h"
#include "term/compare.h"
#include "term/heap.h"
#include "term/map.h"

#define LIMIT (UINT64_C(1) << 32)
enum { SLOTS = 48 };

static uint64_t rs = 0x2545F4914F6CDD1Du;
static uint64_t rnd(void) {
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}

static int fake_program; /* funs point here */

/* One step, applied to one heap with its slots; `choice` and `seed` make
 * both heaps do the same thing. The busy heap has collected just before. */
static void step(hl_heap *h, hl_term *s, uint64_t choice, uint64_t seed) {
    uint64_t saved = rs;
    rs = seed;
    size_t dst = rnd() % SLOTS;
    hl_term a = s[rnd() % SLOTS], b = s[rnd() % SLOTS], out = HL_NIL, *p;
    switch (choice % 9) {
    case 0: { /* tuple */
        size_t n = rnd() % 6;
        assert_int_equal(hl_heap_alloc(h, 1 + n, &p), HL_TERM_OK);
        p[0] = hl_make_header(HL_SUB_TUPLE, n);
        for (size_t i = 0; i < n; i++) p[1 + i] = s[rnd() % SLOTS];
        out = hl_make_boxed(p);
        break;
    }
    case 1: /* cons */
        assert_int_equal(hl_heap_alloc(h, 2, &p), HL_TERM_OK);
        p[0] = a;
        p[1] = b;
        out = hl_make_cons(p);
        break;
    case 2:
        assert_int_equal(hl_make_float(h, (double)(int64_t)rnd() / 3.0, &out), HL_TERM_OK);
        break;
    case 3: { /* bignum */
        uint64_t limbs[6];
        size_t n = 1 + rnd() % 6;
        for (size_t i = 0; i < n; i++) limbs[i] = rnd();
        assert_int_equal(hl_int_make_mag(h, limbs, n, rnd() % 2, &out), HL_TERM_OK);
        break;
    }
    case 4: { /* binary, heap or off-heap */
        unsigned char bytes[300];
        size_t n = rnd() % 2 ? rnd() % 64 : 65 + rnd() % 200;
        for (size_t i = 0; i < n; i++) bytes[i] = (unsigned char)rnd();
        assert_int_equal(hl_make_binary(h, bytes, n, &out), HL_TERM_OK);
        break;
    }
    case 5: /* sub-binary of a binary slot */
        if (hl_is_binary_obj(a) && !hl_is_boxed_sub(a, HL_SUB_SUB_BIN)) {
            const unsigned char *bytes;
            uint64_t off, bits;
            hl_bitstring_view(a, &bytes, &off, &bits);
            uint64_t o = bits ? rnd() % bits : 0, len = bits - o ? rnd() % (bits - o) : 0;
            assert_int_equal(hl_heap_alloc(h, HL_SUB_BIN_WORDS, &p), HL_TERM_OK);
            p[0] = hl_make_header(HL_SUB_SUB_BIN, 3);
            p[1] = a;
            p[2] = o;
            p[3] = len;
            out = hl_make_boxed(p);
        } else {
            out = hl_make_small((int64_t)(rnd() % 100));
        }
        break;
    case 6: /* map put */
        if (hl_is_flatmap(a)) {
            hl_term_status st = hl_flatmap_put(h, a, b, s[rnd() % SLOTS], &out);
            assert_true(st == HL_TERM_OK || st == HL_TERM_SYSTEM_LIMIT);
            if (st != HL_TERM_OK) out = a;
        } else {
            assert_int_equal(hl_flatmap_new(h, &b, &a, 1, &out), HL_TERM_OK);
        }
        break;
    case 7: { /* fun with an environment */
        size_t n = rnd() % 4;
        assert_int_equal(hl_heap_alloc(h, 3 + n, &p), HL_TERM_OK);
        p[0] = hl_make_header(HL_SUB_FUN, 2 + n);
        p[1] = (hl_term)(uintptr_t)&fake_program;
        p[2] = rnd() % 5;
        for (size_t i = 0; i < n; i++) p[3 + i] = s[rnd() % SLOTS];
        out = hl_make_boxed(p);
        break;
    }
    default: /* arithmetic on whatever is there */
        if (hl_arith_add(h, a, b, &out) != HL_TERM_OK) out = HL_NIL;
        break;
    }
    s[dst] = out;
    rs = saved;
}

static void stress(bool always, int iterations) {
    hl_heap q, b;
    assert_int_equal(hl_heap_init(&q, 0, LIMIT), HL_TERM_OK);
    assert_int_equal(hl_heap_init(&b, 0, LIMIT), HL_TERM_OK);
    if (always) hl_heap_set_gc_always(&b, true);
    hl_term sq[SLOTS], sb[SLOTS];
    for (int i = 0; i < SLOTS; i++) sq[i] = sb[i] = hl_make_small(i);
    hl_roots r = {sb, SLOTS};
    int checked = 0, over = 0, compactions = 0;
    for (int it = 0; it < iterations; it++) {
        uint64_t choice = rnd(), seed = rnd();
        step(&q, sq, choice, seed);
        step(&b, sb, choice, seed);
        /* GC-always: collects every time; otherwise when the block is full
         * or a builtin made a fragment, and now and then on demand. */
        assert_int_equal(hl_heap_need(&b, 1 + rnd() % 64, &r, 1), HL_TERM_OK);
        if (!always && rnd() % 500 == 0) assert_int_equal(hl_heap_gc_major(&b, 0, &r, 1), HL_TERM_OK);
        if (always) assert_null(b.frags);
        if (rnd() % 400 == 0) {
            size_t copied = 0;
            assert_int_equal(hl_heap_compact(&b, &r, 1, &copied), HL_TERM_OK);
            size_t live = (size_t)(b.top - b.start);
            assert_int_equal((size_t)(b.block_end - b.start), live ? live : 1);
            assert_null(b.old_start);
            assert_null(b.frags);
            assert_int_equal(hl_heap_bytes(&b), (live ? live : 1) * sizeof(hl_term) + b.offheap_bytes);
            assert_true(copied >= live);
            compactions++;
        }
        if (it % 50 == 0 || it > iterations - 100)
            for (int i = 0; i < SLOTS; i++) {
                int c;
                uint64_t budget = 1u << 24;
                hl_term_status st = hl_term_compare(sq[i], sb[i], true, &budget, &c);
                assert_true(st == HL_TERM_OK || st == HL_TERM_BUDGET);
                if (st == HL_TERM_OK) assert_int_equal(c, 0);
                checked += st == HL_TERM_OK;
                over += st == HL_TERM_BUDGET;
            }
    }
    if (always) {
        assert_true(b.gc_count >= (uint64_t)iterations);
        assert_true(b.gc_major_count >= 1000 && b.gc_major_count < 3000); /* both kinds ran */
    } else {
        assert_true(b.gc_count > 100 && b.gc_major_count > 10 && b.gc_major_count < b.gc_count);
    }
    print_message("# %d slot comparisons, %d over budget, %llu words copied\n", checked, over,
                  (unsigned long long)b.gc_words_copied);
    assert_true(checked > over * 4);
    assert_true(compactions > 5);
    /* Live data is what the slots reach; dropping them empties the heap and
     * releases every off-heap binary. */
    for (int i = 0; i < SLOTS; i++) sb[i] = HL_NIL;
    assert_int_equal(hl_heap_gc_major(&b, 0, &r, 1), HL_TERM_OK);
    assert_int_equal(hl_heap_used_words(&b), 0);
    assert_int_equal(b.offheap_bytes, 0);
    assert_null(b.offheap);
    hl_heap_free(&q);
    hl_heap_free(&b);
}

static void test_stress_gc_always(void **state) {
    (void)state;
    stress(true, 6000);
}

/* Natural collections: block sizing, growth prediction, fragments merged
 * by the next collection, explicit majors. */
static void test_stress_natural(void **state) {
    (void)state;
    stress(false, 40000);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_stress_gc_always),
                                       cmocka_unit_test(test_stress_natural)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
