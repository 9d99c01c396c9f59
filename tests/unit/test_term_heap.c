/* test_term_heap.c — process heaps: bump allocation, fragments, the copying
 * collector (roots, sharing, literals, deep and long structures), growth and
 * shrink, off-heap binary accounting, the heap limit, the GC-always test
 * mode and every allocation failure path. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <pthread.h>
#include <time.h>

#include "base/mem.h"
#include "term/heap.h"

#define LIMIT (UINT64_C(1) << 32)

/* Builds [0, 1, ..., n-1] with need/bump, keeping the partial list rooted. */
static hl_term build_list(hl_heap *h, long n, hl_term *extra_roots, size_t nextra) {
    hl_term acc = HL_NIL;
    hl_roots roots[2] = {{&acc, 1}, {extra_roots, nextra}};
    for (long i = n - 1; i >= 0; i--) {
        assert_int_equal(hl_heap_need(h, 2, roots, 2), HL_TERM_OK);
        hl_term *c = hl_heap_bump(h, 2);
        c[0] = hl_make_small(i);
        c[1] = acc;
        acc = hl_make_cons(c);
    }
    return acc;
}

static void check_list(hl_term l, long n) {
    for (long i = 0; i < n; i++) {
        assert_true(hl_is_cons(l));
        assert_int_equal(hl_small_val(hl_car(l)), i);
        l = hl_cdr(l);
    }
    assert_true(l == HL_NIL);
}

static void test_tags(void **state) {
    (void)state;
    assert_true(hl_is_small(hl_make_small(HL_SMALL_MAX)));
    assert_int_equal(hl_small_val(hl_make_small(HL_SMALL_MIN)), HL_SMALL_MIN);
    assert_int_equal(hl_small_val(hl_make_small(-1)), -1);
    assert_true(hl_small_fits((int64_t)1 << 58) && !hl_small_fits((int64_t)1 << 59));
    assert_true(hl_small_fits(-((int64_t)1 << 59)) && !hl_small_fits(-((int64_t)1 << 59) - 1));
    assert_true(hl_both_small(hl_make_small(1), hl_make_small(-5)));
    assert_false(hl_both_small(hl_make_small(1), hl_make_atom(3)));
    assert_false(hl_both_small(hl_make_atom(3), hl_make_atom(7))); /* 0x7 & 0xB trap */
    assert_false(hl_both_small(HL_NIL, hl_make_small(0)));
    assert_true(hl_is_atom(hl_make_atom(0)) && !hl_is_small(hl_make_atom(0)));
    assert_int_equal(hl_atom_index(hl_make_atom(123456)), 123456);
    assert_true(hl_is_nil(HL_NIL) && hl_is_list(HL_NIL) && !hl_is_cons(HL_NIL));
    assert_true(hl_is_immed(HL_NONE) && HL_NONE != HL_NIL);
    hl_term hd = hl_make_handle_immed(5, UINT64_C(0xABCDEF));
    assert_true(hl_is_handle_immed(hd));
    assert_int_equal(hl_handle_immed_subtag(hd), 5);
    assert_int_equal(hl_handle_immed_payload(hd), 0xABCDEF);
    hl_term words[4] = {0};
    hl_term f = hl_float_init(words, -2.5);
    assert_true(hl_is_float(f) && hl_is_number(f) && !hl_is_tuple(f) && !hl_is_big(f));
    assert_true(hl_float_val(f) == -2.5);
    words[2] = hl_make_header(HL_SUB_TUPLE, 1);
    words[3] = f;
    hl_term t = hl_make_boxed(words + 2);
    assert_true(hl_is_tuple(t) && hl_tuple_arity(t) == 1 && hl_tuple_get(t, 0) == f);
    assert_int_equal(hl_primary(t), HL_TAG_BOXED);
    hl_term c = hl_make_cons(words);
    assert_true(hl_is_cons(c) && hl_cons_ptr(c) == words);
    /* constructors */
    hl_term buf[24];
    hl_term l = hl_cons_init(buf, hl_make_small(1), HL_NIL);
    assert_true(hl_is_list(l) && hl_car(l) == hl_make_small(1) && hl_cdr(l) == HL_NIL);
    hl_term tup = hl_tuple_init(buf + 2, 2);
    hl_tuple_elems(tup)[0] = l;
    hl_tuple_elems(tup)[1] = HL_NIL;
    assert_true(hl_is_tuple(tup) && hl_tuple_arity(tup) == 2 && hl_tuple_get(tup, 0) == l);
    hl_term fn = hl_fun_init(buf + 5, buf, 9, 1);
    hl_fun_env(fn)[0] = tup;
    assert_true(hl_is_fun(fn) && hl_fun_env_size(fn) == 1 && hl_fun_index(fn) == 9 && hl_fun_program(fn) == buf);
    assert_int_equal(hl_heap_bin_words(9), 4);
    hl_term bin = hl_heap_bin_init(buf + 9, "abcdefghi", 9);
    hl_term sub = hl_sub_bin_init(buf + 13, bin, 4, 20);
    const unsigned char *bytes;
    uint64_t off, bits;
    hl_bitstring_view(sub, &bytes, &off, &bits);
    assert_true(hl_is_binary_obj(bin) && hl_is_binary_obj(sub) && off == 4 && bits == 20);
    assert_memory_equal(bytes, "abcdefghi", 9);
}

static void test_list_survives_gc(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_term l = build_list(&h, 10000, NULL, 0);
    assert_true(h.gc_count > 0);
    /* Growth is geometric: all collections together copy a small multiple
     * of the final live data (survivors are copied young, then promoted,
     * then moved by the majors that grow the old generation). */
    assert_true(h.gc_words_copied < 5 * 20000);
    assert_true(h.gc_major_count > 0 && h.gc_major_count < h.gc_count);
    check_list(l, 10000);
    /* Garbage is dropped: only the rooted half survives. */
    hl_term half = l;
    for (int i = 0; i < 5000; i++) half = hl_cdr(half);
    hl_roots r = {&half, 1};
    assert_int_equal(hl_heap_gc_major(&h, 0, &r, 1), HL_TERM_OK);
    assert_int_equal(hl_heap_used_words(&h), 10000);
    hl_term l2 = half;
    for (long i = 5000; i < 10000; i++, l2 = hl_cdr(l2)) assert_int_equal(hl_small_val(hl_car(l2)), i);
    /* Nothing rooted: a major collection empties the old generation and a
     * minor one shrinks the young block back to its initial size. */
    assert_int_equal(hl_heap_gc_major(&h, 0, NULL, 0), HL_TERM_OK);
    assert_int_equal(hl_heap_gc(&h, 0, NULL, 0), HL_TERM_OK);
    assert_int_equal(hl_heap_used_words(&h), 0);
    assert_int_equal(hl_heap_bytes(&h), HL_HEAP_DEFAULT_WORDS * 8);
    hl_heap_free(&h);
}

static void test_sharing_and_objects(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 16, LIMIT), HL_TERM_OK);
    hl_term *p;
    /* A float shared twice in a tuple, a bignum-shaped raw object, a fun. */
    assert_int_equal(hl_heap_alloc(&h, 2, &p), HL_TERM_OK);
    hl_term f = hl_float_init(p, 3.25);
    assert_int_equal(hl_heap_alloc(&h, 3, &p), HL_TERM_OK);
    p[0] = hl_make_header(HL_SUB_POS_BIG, 2);
    p[1] = 0x0123456789ABCDEFu; /* looks like a cons pointer: must not be followed */
    p[2] = 0x3;
    hl_term big = hl_make_boxed(p);
    assert_int_equal(hl_heap_alloc(&h, 4, &p), HL_TERM_OK);
    p[0] = hl_make_header(HL_SUB_FUN, 3);
    p[1] = (hl_term)(uintptr_t)&h; /* raw program pointer */
    p[2] = 77;
    p[3] = f;
    hl_term fun = hl_make_boxed(p);
    assert_int_equal(hl_heap_alloc(&h, 5, &p), HL_TERM_OK);
    p[0] = hl_make_header(HL_SUB_TUPLE, 4);
    p[1] = f;
    p[2] = f;
    p[3] = big;
    p[4] = fun;
    hl_term t = hl_make_boxed(p);
    /* A literal (outside the heap) referenced from the heap stays put. */
    static hl_term literal[3] = {0, 0, 0};
    literal[0] = hl_make_header(HL_SUB_TUPLE, 2);
    literal[1] = hl_make_small(1);
    literal[2] = HL_NIL;
    hl_term lit = hl_make_boxed(literal);
    assert_int_equal(hl_heap_alloc(&h, 2, &p), HL_TERM_OK);
    p[0] = lit;
    p[1] = t;
    hl_term root = hl_make_cons(p);
    hl_roots r = {&root, 1};
    for (int k = 0; k < 3; k++) {
        assert_int_equal(hl_heap_gc(&h, 0, &r, 1), HL_TERM_OK);
        assert_true(hl_car(root) == lit);
        assert_true(literal[0] == hl_make_header(HL_SUB_TUPLE, 2));
        hl_term tt = hl_cdr(root);
        assert_true(hl_is_tuple(tt) && hl_tuple_arity(tt) == 4);
        assert_true(hl_tuple_get(tt, 0) == hl_tuple_get(tt, 1)); /* sharing kept */
        assert_true(hl_float_val(hl_tuple_get(tt, 0)) == 3.25);
        hl_term b = hl_tuple_get(tt, 2);
        assert_true(hl_is_big(b) && hl_big_nlimbs(b) == 2 && hl_big_limbs(b)[0] == 0x0123456789ABCDEFu);
        hl_term fn = hl_tuple_get(tt, 3);
        assert_true(hl_is_fun(fn) && hl_fun_program(fn) == &h && hl_fun_index(fn) == 77);
        assert_true(hl_fun_env(fn)[0] == hl_tuple_get(tt, 0));
        assert_true(hl_heap_contains(&h, hl_boxed_ptr(tt)));
        assert_false(hl_heap_contains(&h, literal));
    }
    assert_int_equal(hl_heap_used_words(&h), 2 + 3 + 4 + 5 + 2);
    hl_heap_free(&h);
}

/* A 100,000-deep nest of tuples {{{...}}} and a list of lists: the
 * collector must not recurse. */
static void test_deep_structures(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_term acc = HL_NIL;
    hl_roots r = {&acc, 1};
    for (int i = 0; i < 100000; i++) {
        assert_int_equal(hl_heap_need(&h, 4, &r, 1), HL_TERM_OK);
        hl_term *p = hl_heap_bump(&h, 2);
        p[0] = hl_make_header(HL_SUB_TUPLE, 1);
        p[1] = acc;
        hl_term *c = hl_heap_bump(&h, 2);
        c[0] = hl_make_boxed(p); /* a list whose heads nest deeper and deeper */
        c[1] = HL_NIL;
        acc = hl_make_cons(c);
    }
    assert_int_equal(hl_heap_gc(&h, 0, &r, 1), HL_TERM_OK);
    int depth = 0;
    for (hl_term t = acc; t != HL_NIL; depth++) t = hl_tuple_get(hl_car(t), 0);
    assert_int_equal(depth, 100000);
    hl_heap_free(&h);
}

static void test_gc_always_mode(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_heap_set_gc_always(&h, true);
    hl_term keep[2] = {HL_NIL, HL_NIL};
    keep[0] = build_list(&h, 300, NULL, 0);
    uint64_t n0 = h.gc_count;
    assert_true(n0 >= 300);
    keep[1] = build_list(&h, 200, keep, 1);
    assert_true(h.gc_count >= n0 + 200);
    check_list(keep[0], 300);
    check_list(keep[1], 200);
    /* Non-collecting allocations land in fragments, merged by the next GC. */
    hl_term *p;
    for (int i = 0; i < 10; i++) {
        assert_int_equal(hl_heap_alloc(&h, 2, &p), HL_TERM_OK);
        p[0] = hl_make_small(i);
        p[1] = keep[0];
        keep[0] = hl_make_cons(p);
    }
    assert_non_null(h.frags);
    hl_roots r = {keep, 2};
    assert_int_equal(hl_heap_need(&h, 1, &r, 1), HL_TERM_OK);
    assert_null(h.frags);
    for (int i = 9; i >= 0; i--, keep[0] = hl_cdr(keep[0])) assert_int_equal(hl_small_val(hl_car(keep[0])), i);
    check_list(keep[0], 300);
    hl_heap_free(&h);
}

static void test_offheap_binaries(void **state) {
    (void)state;
    hl_heap h, h2;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    assert_int_equal(hl_heap_init(&h2, 0, LIMIT), HL_TERM_OK);
    hl_binary *b = hl_binary_new(100000);
    assert_non_null(b);
    memset(b->data, 7, b->size);
    hl_term t1, t2, t3;
    assert_int_equal(hl_heap_make_refc_bin(&h, b, &t1), HL_TERM_OK);
    assert_int_equal(hl_heap_make_refc_bin(&h, b, &t2), HL_TERM_OK);
    assert_int_equal(hl_heap_make_refc_bin(&h2, b, &t3), HL_TERM_OK);
    assert_int_equal(b->refc, 4);
    /* charged to every heap that references it */
    assert_int_equal(hl_heap_bytes(&h), HL_HEAP_DEFAULT_WORDS * 8 + 200000);
    assert_int_equal(hl_heap_bytes(&h2), HL_HEAP_DEFAULT_WORDS * 8 + 100000);
    const unsigned char *bytes;
    uint64_t off, bits;
    hl_bitstring_view(t1, &bytes, &off, &bits);
    assert_true(bytes == b->data && off == 0 && bits == 800000);
    /* A sub-binary keeps its REFC_BIN alive. */
    hl_term *p;
    assert_int_equal(hl_heap_alloc(&h, HL_SUB_BIN_WORDS, &p), HL_TERM_OK);
    p[0] = hl_make_header(HL_SUB_SUB_BIN, 3);
    p[1] = t2;
    p[2] = 12;
    p[3] = 40;
    hl_term sub = hl_make_boxed(p);
    hl_roots r = {&sub, 1};
    assert_int_equal(hl_heap_gc(&h, 0, &r, 1), HL_TERM_OK); /* minor: young, so swept */
    assert_int_equal(b->refc, 3); /* t1's REFC_BIN died */
    assert_int_equal(hl_heap_bytes(&h), HL_HEAP_DEFAULT_WORDS * 8 + 100000);
    hl_bitstring_view(sub, &bytes, &off, &bits);
    assert_true(bytes == b->data && off == 12 && bits == 40);
    hl_binary_decref(b); /* the creator's reference */
    assert_int_equal(hl_heap_gc_major(&h, 0, NULL, 0), HL_TERM_OK);
    assert_int_equal(hl_heap_gc(&h, 0, NULL, 0), HL_TERM_OK); /* shrink the young block */
    assert_int_equal(b->refc, 1);
    assert_int_equal(hl_heap_bytes(&h), HL_HEAP_DEFAULT_WORDS * 8);
    hl_heap_free(&h2); /* last reference: freed (ASan checks the leak) */
    hl_heap_free(&h);
}

static void test_heap_limit(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 1000, 4000), HL_TERM_HEAP_LIMIT);
    assert_int_equal(hl_heap_init(&h, 0, 16384), HL_TERM_OK);
    hl_term acc = HL_NIL;
    hl_roots r = {&acc, 1};
    hl_term_status st = HL_TERM_OK;
    long n = 0;
    while ((st = hl_heap_need(&h, 2, &r, 1)) == HL_TERM_OK) {
        hl_term *c = hl_heap_bump(&h, 2);
        c[0] = hl_make_small(n++);
        c[1] = acc;
        acc = hl_make_cons(c);
        assert_true(hl_heap_bytes(&h) <= 16384);
    }
    assert_int_equal(st, HL_TERM_HEAP_LIMIT);
    /* The limit bounds everything held at any moment, including the block a
     * collection copies into (docs/terms.md §4), so all-live data stops at
     * about half the limit (1,024 cells would be all of it). */
    fprintf(stderr, "# all-live cells under a 16 KiB limit: %ld\n", n);
    assert_true(n >= 400 && n <= 1024);
    /* The heap is still valid after the failure. */
    long k = n;
    for (hl_term l = acc; l != HL_NIL; l = hl_cdr(l)) assert_int_equal(hl_small_val(hl_car(l)), --k);
    /* Non-collecting allocation fails cleanly too. */
    hl_term *p;
    assert_int_equal(hl_heap_alloc(&h, 4096, &p), HL_TERM_HEAP_LIMIT);
    /* So does charging a large binary. */
    hl_binary *b = hl_binary_new(20000);
    hl_term bt;
    assert_int_equal(hl_heap_make_refc_bin(&h, b, &bt), HL_TERM_HEAP_LIMIT);
    hl_binary_decref(b);
    /* Dropping the data frees room again. */
    acc = HL_NIL;
    assert_int_equal(hl_heap_need(&h, 100, &r, 1), HL_TERM_OK);
    hl_heap_free(&h);
}

/* Every allocation failure inside init / need / alloc / binaries is reported
 * and leaves a usable heap; the loop covers each failure point in turn. */
static void test_alloc_failures(void **state) {
    (void)state;
    int nomem = 0;
    for (long fail = 0; fail < 400; fail++) {
        hl_heap h;
        hl_mem_fail_after(fail);
        hl_term_status st = hl_heap_init(&h, 8, LIMIT);
        if (st != HL_TERM_OK) {
            hl_mem_fail_after(-1);
            assert_int_equal(st, HL_TERM_NOMEM);
            nomem++;
            continue;
        }
        hl_term keep[2] = {HL_NIL, HL_NIL};
        hl_roots r = {keep, 2};
        bool failed = false;
        for (long i = 0; i < 200 && !failed; i++) {
            if ((st = hl_heap_need(&h, 3, &r, 1)) != HL_TERM_OK) break;
            hl_term *c = hl_heap_bump(&h, 2);
            c[0] = hl_make_small(i);
            c[1] = keep[0];
            keep[0] = hl_make_cons(c);
            hl_term *p;
            if (i % 16 == 0) {
                if ((st = hl_heap_alloc(&h, 40, &p)) != HL_TERM_OK) break;
                p[0] = hl_make_header(HL_SUB_TUPLE, 39);
                for (int j = 1; j < 40; j++) p[j] = keep[0];
                keep[1] = hl_make_boxed(p);
            }
            if (i % 37 == 0 && (st = hl_heap_gc_major(&h, 4, &r, 1)) != HL_TERM_OK) break;
            if (i % 50 == 0) {
                hl_binary *b = hl_binary_new(1000);
                if (!b) { st = HL_TERM_NOMEM; break; }
                hl_term bt;
                st = hl_heap_make_refc_bin(&h, b, &bt);
                hl_binary_decref(b);
                if (st != HL_TERM_OK) break;
                keep[1] = bt;
            }
        }
        hl_mem_fail_after(-1);
        if (st != HL_TERM_OK) {
            assert_int_equal(st, HL_TERM_NOMEM);
            nomem++;
        }
        /* Whatever happened, the rooted list is intact and collectable. */
        long k = 0;
        for (hl_term l = keep[0]; l != HL_NIL; l = hl_cdr(l)) k++;
        assert_int_equal(hl_heap_gc(&h, 0, &r, 1), HL_TERM_OK);
        long k2 = 0;
        for (hl_term l = keep[0]; l != HL_NIL; l = hl_cdr(l)) assert_int_equal(hl_small_val(hl_car(l)), k - 1 - k2++);
        hl_heap_free(&h);
        if (st == HL_TERM_OK) break; /* no failure point left */
    }
    assert_true(nomem > 10);
}

/* A literal area (here: another heap that is never collected, as a loader
 * may use) holding a tuple, a list and an off-heap binary. A process heap
 * referencing them never copies them, never charges the literal binary and
 * never touches its refcount. */
static void test_literal_area(void **state) {
    (void)state;
    hl_heap lit, h;
    assert_int_equal(hl_heap_init(&lit, 64, LIMIT), HL_TERM_OK);
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_binary *b = hl_binary_new(4096);
    hl_term lbin, *p;
    assert_int_equal(hl_heap_make_refc_bin(&lit, b, &lbin), HL_TERM_OK);
    hl_binary_decref(b); /* the literal area holds the only reference */
    assert_int_equal(hl_heap_alloc(&lit, 3, &p), HL_TERM_OK);
    p[0] = hl_make_header(HL_SUB_TUPLE, 2);
    p[1] = lbin;
    p[2] = hl_make_small(42);
    hl_term ltuple = hl_make_boxed(p);
    assert_int_equal(hl_heap_alloc(&lit, 2, &p), HL_TERM_OK);
    p[0] = ltuple;
    p[1] = HL_NIL;
    hl_term llist = hl_make_cons(p);
    hl_term snapshot[5];
    memcpy(snapshot, lit.start, sizeof snapshot);
    /* The process builds [Lit | {LitTuple, LitBin}] and collects many times. */
    hl_term root = HL_NIL;
    hl_roots r = {&root, 1};
    assert_int_equal(hl_heap_need(&h, 5, &r, 1), HL_TERM_OK);
    hl_term *t = hl_heap_bump(&h, 3);
    t[0] = hl_make_header(HL_SUB_TUPLE, 2);
    t[1] = ltuple;
    t[2] = lbin;
    hl_term *c = hl_heap_bump(&h, 2);
    c[0] = llist;
    c[1] = hl_make_boxed(t);
    root = hl_make_cons(c);
    for (int i = 0; i < 5; i++) assert_int_equal(hl_heap_gc(&h, 0, &r, 1), HL_TERM_OK);
    assert_true(hl_car(root) == llist);
    assert_true(hl_tuple_get(hl_cdr(root), 0) == ltuple && hl_tuple_get(hl_cdr(root), 1) == lbin);
    assert_memory_equal(snapshot, lit.start, sizeof snapshot); /* no forwarding marks */
    assert_int_equal(h.offheap_bytes, 0);
    assert_int_equal(b->refc, 1);
    assert_int_equal(hl_heap_used_words(&h), 5);
    hl_heap_free(&h);
    assert_int_equal(b->refc, 1);
    hl_heap_free(&lit); /* frees the binary (leak-checked) */
}

/* Generations: data that survived a collection is promoted and then left
 * alone by minor collections (same address, not copied); dead old data and
 * its off-heap binaries go at the next major collection. */
static void test_generations(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_term keep[3] = {HL_NIL, HL_NIL, HL_NIL};
    hl_roots r = {keep, 3};
    hl_binary *b = hl_binary_new(1000);
    assert_int_equal(hl_heap_make_refc_bin(&h, b, &keep[1]), HL_TERM_OK);
    keep[0] = build_list(&h, 1000, keep, 3);
    for (int i = 0; i < 3; i++) assert_int_equal(hl_heap_gc(&h, 0, &r, 1), HL_TERM_OK);
    assert_true(h.old_top > h.old_start);
    hl_term *old_cell = hl_cons_ptr(keep[0]);
    assert_true(old_cell >= h.old_start && old_cell < h.old_top);
    hl_term *old_bin = hl_boxed_ptr(keep[1]);
    uint64_t copied = h.gc_words_copied, majors = h.gc_major_count;
    /* Young garbage and a young survivor; minors never touch the old data. */
    for (int round = 0; round < 20; round++) {
        /* built without collecting (as builtins do), then one minor */
        hl_term l = HL_NIL, *c;
        for (int i = 0; i < 510; i++) {
            assert_int_equal(hl_heap_alloc(&h, 2, &c), HL_TERM_OK);
            c[0] = hl_make_small(i >= 500 ? 509 - i : i);
            c[1] = i == 500 ? HL_NIL : l;
            l = hl_make_cons(c);
        }
        keep[2] = l; /* the last 10 cells: 0..9 */
        assert_int_equal(hl_heap_gc(&h, 0, &r, 1), HL_TERM_OK);
    }
    assert_int_equal(h.gc_major_count, majors);
    assert_true(hl_cons_ptr(keep[0]) == old_cell && hl_boxed_ptr(keep[1]) == old_bin);
    assert_true(h.gc_words_copied - copied < 20 * 2 * 20 + 2000); /* only young survivors */
    check_list(keep[0], 1000);
    check_list(keep[2], 10);
    /* Drop the old list and the binary: minors keep them (they are old)... */
    keep[0] = keep[1] = HL_NIL;
    hl_binary_decref(b);
    assert_int_equal(hl_heap_gc(&h, 0, &r, 1), HL_TERM_OK);
    assert_int_equal(b->refc, 1);
    assert_true(h.offheap_bytes == 1000);
    /* ...a major releases them. */
    assert_int_equal(hl_heap_gc_major(&h, 0, &r, 1), HL_TERM_OK);
    assert_int_equal(h.offheap_bytes, 0); /* b freed (ASan checks) */
    assert_int_equal(hl_heap_used_words(&h), 20);
    check_list(keep[2], 10);
    hl_heap_free(&h);
}

/* One off-heap binary shared by heaps on four threads, each referencing,
 * collecting and dropping it many times: the atomic refcount ends where it
 * started and the last heap frees it (ASan/LSan check). */
static hl_binary *shared_bin;

static void *binary_thread(void *arg) {
    (void)arg;
    hl_heap h;
    if (hl_heap_init(&h, 0, LIMIT) != HL_TERM_OK) return (void *)1;
    hl_term keep[4] = {HL_NIL, HL_NIL, HL_NIL, HL_NIL};
    hl_roots r = {keep, 4};
    for (int i = 0; i < 3000; i++) {
        hl_term t;
        if (hl_heap_make_refc_bin(&h, shared_bin, &t) != HL_TERM_OK) return (void *)1;
        keep[i % 4] = t;
        if (i % 7 == 0 && hl_heap_gc(&h, 0, &r, 1) != HL_TERM_OK) return (void *)1;
        if (i % 101 == 0 && hl_heap_gc_major(&h, 0, &r, 1) != HL_TERM_OK) return (void *)1;
    }
    hl_heap_free(&h);
    return NULL;
}

static void test_shared_binary_threads(void **state) {
    (void)state;
    shared_bin = hl_binary_new(100);
    assert_non_null(shared_bin);
    pthread_t th[4];
    for (int i = 0; i < 4; i++) assert_int_equal(pthread_create(&th[i], NULL, binary_thread, NULL), 0);
    for (int i = 0; i < 4; i++) {
        void *ret;
        pthread_join(th[i], &ret);
        assert_null(ret);
    }
    assert_int_equal(shared_bin->refc, 1);
    hl_binary_decref(shared_bin);
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Measurement (printed, not asserted): a full GC of a 1M-cell list. */
static void test_gc_speed(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_term l = build_list(&h, 1000000, NULL, 0);
    hl_roots r = {&l, 1};
    double t0 = now_s();
    for (int i = 0; i < 5; i++) assert_int_equal(hl_heap_gc_major(&h, 0, &r, 1), HL_TERM_OK);
    double dt = (now_s() - t0) / 5;
    printf("# major gc of a 1M-cell list: %.2f ms (%.2f ns/cell)\n", dt * 1e3, dt * 1e9 / 1e6);
    t0 = now_s();
    for (int i = 0; i < 5; i++) assert_int_equal(hl_heap_gc(&h, 0, &r, 1), HL_TERM_OK);
    dt = (now_s() - t0) / 5;
    printf("# minor gc with that list old: %.3f ms\n", dt * 1e3);
    check_list(l, 1000000);
    hl_heap_free(&h);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tags),           cmocka_unit_test(test_list_survives_gc),
        cmocka_unit_test(test_sharing_and_objects), cmocka_unit_test(test_deep_structures),
        cmocka_unit_test(test_gc_always_mode), cmocka_unit_test(test_offheap_binaries),
        cmocka_unit_test(test_heap_limit),     cmocka_unit_test(test_alloc_failures),
        cmocka_unit_test(test_literal_area), cmocka_unit_test(test_generations),
        cmocka_unit_test(test_shared_binary_threads),
        cmocka_unit_test(test_gc_speed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
