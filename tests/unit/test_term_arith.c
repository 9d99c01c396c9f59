/* test_term_arith.c — arithmetic, numeric BIFs and number comparison against
 * OTP 25 on the committed vectors in tests/data/term/arith.txt (made by
 * tests/oracle/term_arith.escript), plus hand-written edge cases: limits,
 * huge shifts, text conversion, heap-limit and out-of-memory paths. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"
#include "term/arith.h"
#include "term/bignum.h"
#include "term/compare.h"

#define LIMIT (UINT64_C(1) << 32)

static hl_term parse_num(hl_heap *h, const char *s) {
    hl_term t;
    if (strpbrk(s, ".e")) {
        assert_int_equal(hl_make_float(h, strtod(s, NULL), &t), HL_TERM_OK);
    } else {
        assert_int_equal(hl_int_from_text(h, (const unsigned char *)s, strlen(s), 10, &t), HL_TERM_OK);
    }
    return t;
}

static hl_term_status status_of(const char *s) {
    if (!strcmp(s, "badarith")) return HL_TERM_BADARITH;
    if (!strcmp(s, "badarg")) return HL_TERM_BADARG;
    if (!strcmp(s, "system_limit")) return HL_TERM_SYSTEM_LIMIT;
    return HL_TERM_OK;
}

/* Text of a numeric result the way ~w prints integers; floats compared by bits. */
static bool result_matches(hl_term_status st, hl_term r, const char *expect) {
    hl_term_status want = status_of(expect);
    if (want != HL_TERM_OK || st != HL_TERM_OK) return st == want;
    if (strpbrk(expect, ".e")) {
        if (!hl_is_float(r)) return false;
        double d = strtod(expect, NULL), got = hl_float_val(r);
        return memcmp(&d, &got, sizeof d) == 0;
    }
    if (!hl_is_integer(r)) return false;
    /* Normalisation: a bignum is never in small range. */
    if (hl_is_big(r)) {
        int64_t v;
        (void)v;
        if (hl_big_nlimbs(r) == 1 && hl_big_limbs(r)[0] <= (uint64_t)HL_SMALL_MAX) return false;
        if (hl_big_nlimbs(r) == 0 || hl_big_limbs(r)[hl_big_nlimbs(r) - 1] == 0) return false;
    }
    size_t max = hl_int_text_max(r, 10);
    char *buf = malloc(max + 1);
    size_t n = 0;
    if (hl_int_to_text(r, 10, buf, &n) != HL_TERM_OK) n = 0;
    buf[n] = 0;
    bool ok = strcmp(buf, expect) == 0;
    free(buf);
    return ok;
}

typedef hl_term_status (*binop)(hl_heap *, hl_term, hl_term, hl_term *);
typedef hl_term_status (*unop)(hl_heap *, hl_term, hl_term *);

static hl_term_status op_add(hl_heap *h, hl_term a, hl_term b, hl_term *o) { return hl_arith_add(h, a, b, o); }
static hl_term_status op_sub(hl_heap *h, hl_term a, hl_term b, hl_term *o) { return hl_arith_sub(h, a, b, o); }

static binop find_binop(const char *op) {
    static const struct { const char *name; binop fn; } t[] = {
        {"+", op_add}, {"-", op_sub}, {"*", hl_arith_mul}, {"/", hl_arith_fdiv},
        {"div", hl_arith_div}, {"rem", hl_arith_rem}, {"band", hl_arith_band},
        {"bor", hl_arith_bor}, {"bxor", hl_arith_bxor}, {"bsl", hl_arith_bsl},
        {"bsr", hl_arith_bsr}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (!strcmp(t[i].name, op)) return t[i].fn;
    return NULL;
}

static unop find_unop(const char *op) {
    static const struct { const char *name; unop fn; } t[] = {
        {"-", hl_arith_neg}, {"abs", hl_bif_abs}, {"float", hl_bif_float}, {"round", hl_bif_round},
        {"trunc", hl_bif_trunc}, {"floor", hl_bif_floor}, {"ceil", hl_bif_ceil},
        {"bnot", hl_arith_bnot}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (!strcmp(t[i].name, op)) return t[i].fn;
    return NULL;
}

static int run_vectors(const char *path, int *cmps_out);

static void test_otp_vectors(void **state) {
    (void)state;
    { /* the checker itself rejects wrong answers */
        hl_heap h;
        hl_term f;
        assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
        assert_false(result_matches(HL_TERM_OK, hl_make_small(3), "4"));
        assert_false(result_matches(HL_TERM_OK, hl_make_small(3), "badarith"));
        assert_false(result_matches(HL_TERM_BADARG, hl_make_small(3), "badarith"));
        assert_int_equal(hl_make_float(&h, 0.1, &f), HL_TERM_OK);
        assert_false(result_matches(HL_TERM_OK, f, "0.10000000000000002"));
        assert_false(result_matches(HL_TERM_OK, f, "0"));
        assert_true(result_matches(HL_TERM_OK, f, "0.1"));
        hl_heap_free(&h);
    }
    int cmps = 0;
    int checked = run_vectors(HL_SOURCE_DIR "/tests/data/term/arith.txt", &cmps);
    print_message("# %d OTP vectors (%d comparisons)\n", checked, cmps);
    assert_true(checked > 30000);
}

/* Integer/float mixing: random values around 2^53, 2^59, 2^64, 2^100. */
static void test_otp_mixed_vectors(void **state) {
    (void)state;
    int cmps = 0;
    int checked = run_vectors(HL_SOURCE_DIR "/tests/data/term/mixed.txt", &cmps);
    print_message("# %d OTP mixed vectors (%d comparisons)\n", checked, cmps);
    assert_true(checked > 10000);
}

/* Checks every line of a vector file; returns the count (fails on any
 * mismatch, printing the first 20). */
static int run_vectors(const char *path, int *cmps_out) {
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t cap = 1 << 16;
    char *line = malloc(cap);
    int checked = 0, wrong = 0, cmps = 0;
    while (fgets(line, (int)cap, f)) {
        line[strcspn(line, "\n")] = 0;
        char *fld[4] = {NULL, NULL, NULL, NULL};
        int nf = 0;
        for (char *p = strtok(line, "\t"); p && nf < 4; p = strtok(NULL, "\t")) fld[nf++] = p;
        assert_true(nf == 3 || nf == 4);
        hl_heap h;
        assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
        hl_term a = parse_num(&h, fld[1]), r = HL_NONE;
        const char *expect = fld[nf - 1];
        bool ok;
        if (nf == 3) {
            unop fn = find_unop(fld[0]);
            assert_non_null(fn);
            hl_term_status st = fn(&h, a, &r);
            ok = result_matches(st, r, expect);
        } else {
            hl_term b = parse_num(&h, fld[2]);
            binop fn = find_binop(fld[0]);
            if (fn) {
                hl_term_status st = fn(&h, a, b, &r); /* before reading r */
                ok = result_matches(st, r, expect);
            } else if (!strcmp(fld[0], "integer_to_list")) {
                hl_term_status st = hl_bif_integer_to_list(&h, a, b, &r);
                char buf[8192];
                size_t n = 0;
                for (hl_term l = r; st == HL_TERM_OK && hl_is_cons(l) && n < sizeof buf - 1; l = hl_cdr(l))
                    buf[n++] = (char)hl_small_val(hl_car(l));
                buf[n] = 0;
                ok = st == HL_TERM_OK && !strcmp(buf, expect);
                /* and back */
                hl_term back;
                ok = ok && hl_bif_list_to_integer(&h, r, b, &back) == HL_TERM_OK;
                int c = 1;
                ok = ok && hl_term_compare(a, back, true, NULL, &c) == HL_TERM_OK && c == 0;
            } else {
                int c;
                bool exact = !strcmp(fld[0], "=:=");
                assert_int_equal(hl_term_compare(a, b, exact, NULL, &c), HL_TERM_OK);
                bool v = !strcmp(fld[0], "<") ? c < 0 : c == 0;
                ok = !strcmp(expect, v ? "true" : "false");
                /* antisymmetry */
                int c2;
                assert_int_equal(hl_term_compare(b, a, exact, NULL, &c2), HL_TERM_OK);
                ok = ok && ((c < 0) == (c2 > 0)) && ((c == 0) == (c2 == 0));
                cmps++;
            }
        }
        if (!ok && wrong++ < 20)
            print_error("%s %.60s %.60s: expected %.80s, status %d\n", fld[0], fld[1],
                        nf == 4 ? fld[2] : "", expect, (int)HL_TERM_OK);
        checked++;
        hl_heap_free(&h);
    }
    free(line);
    fclose(f);
    assert_int_equal(wrong, 0);
    *cmps_out = cmps;
    return checked;
}

static hl_term I(hl_heap *h, const char *s) { return parse_num(h, s); }

static void expect_int(hl_term t, const char *text) {
    char buf[70000];
    assert_true(hl_is_integer(t));
    size_t n;
    assert_int_equal(hl_int_to_text(t, 10, buf, &n), HL_TERM_OK);
    buf[n] = 0;
    assert_string_equal(buf, text);
}

static void test_limits_and_shifts(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_term r, one = hl_make_small(1);
    /* OTP 25's limit (erl): 2^33554367 is the largest power of two;
     * 2^33554368 is system_limit, for either sign. */
    assert_int_equal(hl_arith_bsl(&h, one, hl_make_small(33554367), &r), HL_TERM_OK);
    assert_int_equal(hl_big_nlimbs(r), 524287);
    assert_int_equal(hl_arith_bsl(&h, hl_make_small(-1), hl_make_small(33554367), &r), HL_TERM_OK);
    assert_int_equal(hl_arith_bsl(&h, one, hl_make_small(33554368), &r), HL_TERM_SYSTEM_LIMIT);
    assert_int_equal(hl_arith_bsl(&h, hl_make_small(-1), hl_make_small(33554368), &r), HL_TERM_SYSTEM_LIMIT);
    /* Huge shifts never allocate. */
    size_t before = hl_heap_used_words(&h);
    assert_int_equal(hl_arith_bsl(&h, one, I(&h, "1180591620717411303424"), &r), HL_TERM_SYSTEM_LIMIT);
    assert_int_equal(hl_arith_bsl(&h, one, hl_make_small(HL_SMALL_MAX), &r), HL_TERM_SYSTEM_LIMIT);
    assert_true(hl_heap_used_words(&h) <= before + 4);
    assert_int_equal(hl_arith_bsl(&h, hl_make_small(0), I(&h, "1180591620717411303424"), &r), HL_TERM_OK);
    assert_true(r == hl_make_small(0));
    assert_int_equal(hl_arith_bsr(&h, hl_make_small(-5), I(&h, "1180591620717411303424"), &r), HL_TERM_OK);
    assert_true(r == hl_make_small(-1));
    assert_int_equal(hl_arith_bsl(&h, hl_make_small(-5), I(&h, "-1180591620717411303424"), &r), HL_TERM_OK);
    assert_true(r == hl_make_small(-1));
    assert_int_equal(hl_arith_bsr(&h, I(&h, "123456789012345678901234567890"), hl_make_small(HL_SMALL_MIN), &r),
                     HL_TERM_SYSTEM_LIMIT);
    /* Products past the limit are refused before any work. */
    hl_term big;
    assert_int_equal(hl_arith_bsl(&h, one, hl_make_small(20000000), &big), HL_TERM_OK);
    assert_int_equal(hl_arith_mul(&h, big, big, &r), HL_TERM_SYSTEM_LIMIT);
    /* ... and so are products, divisions and texts past the work cap
     * (HL_BIG_MAX_WORK limb pairs): 11,585 x 11,585 limbs is just under
     * 2^27 pairs, 11,585 x 11,586 is over */
    hl_term w1, w2;
    assert_int_equal(hl_arith_bsl(&h, one, hl_make_small((11585 * 64) - 1), &w1), HL_TERM_OK);
    assert_int_equal(hl_arith_bsl(&h, one, hl_make_small(11585 * 64), &w2), HL_TERM_OK);
    assert_int_equal(hl_arith_mul(&h, w1, w1, &r), HL_TERM_OK);
    assert_int_equal(hl_arith_mul(&h, w1, w2, &r), HL_TERM_SYSTEM_LIMIT);
    assert_int_equal(hl_arith_bsl(&h, one, hl_make_small(3000000), &w2), HL_TERM_OK);
    assert_int_equal(hl_bif_integer_to_list(&h, w2, hl_make_small(10), &r), HL_TERM_SYSTEM_LIMIT);
    assert_int_equal(hl_arith_bsl(&h, one, hl_make_small(20000000), &w2), HL_TERM_OK);
    assert_int_equal(hl_arith_div(&h, w2, w1, &r), HL_TERM_SYSTEM_LIMIT);
    assert_int_equal(hl_arith_div(&h, w2, hl_make_small(7), &r), HL_TERM_OK);
    hl_term max;
    assert_int_equal(hl_arith_bsl(&h, one, hl_make_small(33554367), &max), HL_TERM_OK);
    assert_int_equal(hl_arith_add(&h, max, max, &r), HL_TERM_SYSTEM_LIMIT);
    assert_int_equal(hl_arith_add(&h, max, hl_make_small(1), &r), HL_TERM_OK);
    assert_int_equal(hl_arith_sub(&h, r, max, &r), HL_TERM_OK);
    assert_true(r == hl_make_small(1));
    /* Normalisation at the small boundary, both directions. */
    hl_term m = hl_make_small(HL_SMALL_MAX);
    assert_int_equal(hl_arith_add(&h, m, one, &r), HL_TERM_OK);
    assert_true(hl_is_big(r));
    expect_int(r, "576460752303423488");
    assert_int_equal(hl_arith_sub(&h, r, one, &r), HL_TERM_OK);
    assert_true(r == m);
    assert_int_equal(hl_arith_neg(&h, hl_make_small(HL_SMALL_MIN), &r), HL_TERM_OK);
    assert_true(hl_is_big(r));
    assert_int_equal(hl_arith_neg(&h, r, &r), HL_TERM_OK);
    assert_true(r == hl_make_small(HL_SMALL_MIN));
    assert_int_equal(hl_arith_div(&h, hl_make_small(HL_SMALL_MIN), hl_make_small(-1), &r), HL_TERM_OK);
    expect_int(r, "576460752303423488");
    /* Type errors. */
    assert_int_equal(hl_arith_add(&h, HL_NIL, one, &r), HL_TERM_BADARITH);
    assert_int_equal(hl_arith_bnot(&h, HL_NIL, &r), HL_TERM_BADARITH);
    assert_int_equal(hl_arith_neg(&h, hl_make_atom(0), &r), HL_TERM_BADARITH);
    assert_int_equal(hl_arith_plus(&h, hl_make_atom(0), &r), HL_TERM_BADARITH);
    assert_int_equal(hl_arith_plus(&h, one, &r), HL_TERM_OK);
    assert_int_equal(hl_bif_abs(&h, HL_NIL, &r), HL_TERM_BADARG);
    assert_int_equal(hl_bif_round(&h, HL_NIL, &r), HL_TERM_BADARG);
    assert_int_equal(hl_bif_float(&h, HL_NIL, &r), HL_TERM_BADARG);
    hl_term fl;
    assert_int_equal(hl_make_float(&h, 1.5, &fl), HL_TERM_OK);
    assert_int_equal(hl_arith_band(&h, fl, one, &r), HL_TERM_BADARITH);
    assert_int_equal(hl_arith_bsl(&h, one, fl, &r), HL_TERM_BADARITH);
    assert_int_equal(hl_arith_rem(&h, fl, one, &r), HL_TERM_BADARITH);
    assert_int_equal(hl_make_float(&h, INFINITY, &r), HL_TERM_BADARITH);
    assert_int_equal(hl_make_float(&h, NAN, &r), HL_TERM_BADARITH);
    hl_heap_free(&h);
}

static void test_text(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_term r;
    struct { const char *s; unsigned base; const char *want; } ok[] = {
        {"-zz", 36, "-1295"}, {"+0012", 10, "12"}, {"000", 10, "0"}, {"-0", 10, "0"},
        {"ff", 16, "255"}, {"FF", 16, "255"}, {"11111111111111111111111111111111111111111111111111111111111111111", 2,
         "36893488147419103231"}, {"576460752303423487", 10, "576460752303423487"},
        {"-576460752303423488", 10, "-576460752303423488"}, {"18446744073709551616", 10, "18446744073709551616"},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        assert_int_equal(hl_int_from_text(&h, (const unsigned char *)ok[i].s, strlen(ok[i].s), ok[i].base, &r),
                         HL_TERM_OK);
        expect_int(r, ok[i].want);
    }
    const char *bad[] = {"", "-", "+", " 1", "1 ", "12a", "--1", "1.0", "0x10"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(hl_int_from_text(&h, (const unsigned char *)bad[i], strlen(bad[i]), 10, &r),
                         HL_TERM_BADARG);
    assert_int_equal(hl_int_from_text(&h, (const unsigned char *)"z", 1, 35, &r), HL_TERM_BADARG);
    assert_int_equal(hl_int_from_text(&h, (const unsigned char *)"1", 1, 37, &r), HL_TERM_BADARG);
    /* 30,000 digits (~100,000 bits) parse; 500,000 (1.66M bits: past the
     * work cap, HL_BIG_MAX_WORK) are system_limit without any parsing. */
    static char huge[500000];
    memset(huge, '9', 30000);
    assert_int_equal(hl_int_from_text(&h, (unsigned char *)huge, 30000, 10, &r), HL_TERM_OK);
    assert_true(hl_is_big(r));
    memset(huge, '9', sizeof huge);
    assert_int_equal(hl_int_from_text(&h, (unsigned char *)huge, sizeof huge, 10, &r), HL_TERM_SYSTEM_LIMIT);
    /* Leading zeros do not count. */
    memset(huge, '0', sizeof huge);
    huge[sizeof huge - 1] = '7';
    assert_int_equal(hl_int_from_text(&h, (unsigned char *)huge, sizeof huge, 10, &r), HL_TERM_OK);
    assert_true(r == hl_make_small(7));
    /* integer_to_binary round trip for a max-size bignum, base 2 and 36. */
    hl_term max, bin, back;
    assert_int_equal(hl_arith_bsl(&h, hl_make_small(-3), hl_make_small(65530), &max), HL_TERM_OK);
    for (int base = 2; base <= 36; base += 34) {
        assert_int_equal(hl_bif_integer_to_binary(&h, max, hl_make_small(base), &bin), HL_TERM_OK);
        assert_int_equal(hl_bif_binary_to_integer(&h, bin, hl_make_small(base), &back), HL_TERM_OK);
        int c;
        assert_int_equal(hl_term_compare(max, back, true, NULL, &c), HL_TERM_OK);
        assert_int_equal(c, 0);
    }
    assert_int_equal(hl_bif_integer_to_binary(&h, hl_make_small(-255), hl_make_small(16), &bin), HL_TERM_OK);
    const unsigned char *bytes;
    uint64_t off, bits;
    hl_bitstring_view(bin, &bytes, &off, &bits);
    assert_int_equal(bits, 24);
    assert_memory_equal(bytes, "-FF", 3);
    assert_int_equal(hl_bif_integer_to_list(&h, hl_make_small(5), hl_make_small(1), &r), HL_TERM_BADARG);
    assert_int_equal(hl_bif_integer_to_list(&h, HL_NIL, hl_make_small(10), &r), HL_TERM_BADARG);
    assert_int_equal(hl_bif_list_to_integer(&h, HL_NIL, hl_make_small(10), &r), HL_TERM_BADARG);
    assert_int_equal(hl_bif_binary_to_integer(&h, HL_NIL, hl_make_small(10), &r), HL_TERM_BADARG);
    hl_heap_free(&h);
}

/* Heap limit and out-of-memory: every failure is a status, never a crash,
 * and never a partial result. */
static void test_failures(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 16, 2048), HL_TERM_OK);
    hl_term big, r;
    assert_int_equal(hl_arith_bsl(&h, hl_make_small(1), hl_make_small(64 * 100), &big), HL_TERM_OK);
    assert_int_equal(hl_arith_mul(&h, big, big, &r), HL_TERM_HEAP_LIMIT);
    assert_int_equal(hl_arith_bsl(&h, hl_make_small(1), hl_make_small(64 * 300), &r), HL_TERM_HEAP_LIMIT);
    /* A binary past the limit is refused before its bytes are allocated. */
    static char bytes[4096];
    uint64_t count = hl_mem_alloc_count();
    assert_int_equal(hl_make_binary(&h, bytes, sizeof bytes, &r), HL_TERM_HEAP_LIMIT);
    assert_true(hl_mem_alloc_count() == count);
    hl_heap_free(&h);
    int nomem = 0;
    for (long n = 0; n < 100; n++) {
        assert_int_equal(hl_heap_init(&h, 4, LIMIT), HL_TERM_OK);
        hl_term a = hl_make_small(HL_SMALL_MAX), b;
        hl_mem_fail_after(n);
        hl_term_status st = hl_arith_mul(&h, a, a, &b);
        if (st == HL_TERM_OK) st = hl_arith_add(&h, b, b, &b);
        if (st == HL_TERM_OK) st = hl_make_float(&h, 2.5, &b);
        if (st == HL_TERM_OK) st = hl_bif_integer_to_list(&h, a, hl_make_small(2), &b);
        if (st == HL_TERM_OK) st = hl_int_from_text(&h, (const unsigned char *)"123456789012345678901234567890", 30, 10, &b);
        hl_mem_fail_after(-1);
        hl_heap_free(&h);
        if (st == HL_TERM_OK) break;
        assert_int_equal(st, HL_TERM_NOMEM);
        nomem++;
    }
    assert_true(nomem >= 3);
}

/* Factorials 1..300 and their running sums, every intermediate kept in a
 * root array, on a heap in GC-always mode (every need collects, every
 * builtin allocation is a fresh fragment): the results must equal those of
 * a quiet heap. */
static void test_gc_always_bignums(void **state) {
    (void)state;
    enum { N = 300 };
    hl_heap quiet, busy;
    assert_int_equal(hl_heap_init(&quiet, 0, LIMIT), HL_TERM_OK);
    assert_int_equal(hl_heap_init(&busy, 0, LIMIT), HL_TERM_OK);
    hl_heap_set_gc_always(&busy, true);
    hl_term qf[N], bf[N + 2]; /* bf[N], bf[N+1]: running sum and a float */
    hl_term f = hl_make_small(1);
    for (int i = 0; i < N; i++) {
        assert_int_equal(hl_arith_mul(&quiet, f, hl_make_small(i + 1), &f), HL_TERM_OK);
        qf[i] = f;
    }
    hl_roots roots = {bf, 0};
    bf[N] = hl_make_small(0);
    for (int i = 0; i < N; i++) {
        hl_term prev = i ? bf[i - 1] : hl_make_small(1), r;
        assert_int_equal(hl_arith_mul(&busy, prev, hl_make_small(i + 1), &r), HL_TERM_OK);
        bf[i] = r;
        roots.count = (size_t)i + 1;
        hl_roots all[2] = {roots, {bf + N, 1}};
        assert_int_equal(hl_heap_need(&busy, 1, all, 2), HL_TERM_OK); /* collect: r moves */
        assert_int_equal(hl_arith_add(&busy, bf[N], bf[i], &bf[N]), HL_TERM_OK);
        assert_int_equal(hl_heap_need(&busy, 1, all, 2), HL_TERM_OK);
    }
    assert_true(busy.gc_count >= 2 * N);
    hl_term qsum = hl_make_small(0);
    for (int i = 0; i < N; i++) {
        int c;
        assert_int_equal(hl_term_compare(qf[i], bf[i], true, NULL, &c), HL_TERM_OK);
        assert_int_equal(c, 0);
        assert_int_equal(hl_arith_add(&quiet, qsum, qf[i], &qsum), HL_TERM_OK);
    }
    int c;
    assert_int_equal(hl_term_compare(qsum, bf[N], true, NULL, &c), HL_TERM_OK);
    assert_int_equal(c, 0);
    /* 300! has 2,041 bits; with fragments merged, only live data remains. */
    assert_int_equal(hl_big_nlimbs(bf[N - 1]), 32);
    hl_heap_free(&quiet);
    hl_heap_free(&busy);
}

/* Random integers of 0..1,500 bits, both signs, near limb boundaries. */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t rnd(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}
static hl_term random_int(hl_heap *h) {
    static const unsigned sizes[] = {0, 1, 3, 59, 60, 61, 63, 64, 65, 127, 128, 129, 300, 1500};
    unsigned bits = sizes[rnd() % (sizeof sizes / sizeof sizes[0])];
    uint64_t limbs[32] = {0};
    size_t n = (bits + 63) / 64;
    for (size_t i = 0; i < n; i++) limbs[i] = rnd();
    if (bits % 64) limbs[n - 1] &= (UINT64_C(1) << (bits % 64)) - 1;
    if (rnd() % 4 == 0 && n) limbs[0] = rnd() % 2 ? 0 : ~UINT64_C(0); /* carries */
    hl_term t;
    assert_int_equal(hl_int_make_mag(h, limbs, n, rnd() % 2, &t), HL_TERM_OK);
    return t;
}

static void eq(hl_term a, hl_term b) {
    int c;
    assert_int_equal(hl_term_compare(a, b, true, NULL, &c), HL_TERM_OK);
    assert_int_equal(c, 0);
}

/* Algebraic identities over random integers: they exercise every carry,
 * borrow and two's-complement path of the bignum code. */
static void test_identities(void **state) {
    (void)state;
    hl_heap h;
    for (int iter = 0; iter < 3000; iter++) {
        assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
        hl_term a = random_int(&h), b = random_int(&h), r, s, t, u;
        /* (a + b) - b = a */
        assert_int_equal(hl_arith_add(&h, a, b, &r), HL_TERM_OK);
        assert_int_equal(hl_arith_sub(&h, r, b, &r), HL_TERM_OK);
        eq(r, a);
        /* a = (a div b) * b + a rem b, |a rem b| < |b|, sign of rem = sign of a */
        if (b != hl_make_small(0)) {
            assert_int_equal(hl_arith_div(&h, a, b, &r), HL_TERM_OK);
            assert_int_equal(hl_arith_rem(&h, a, b, &s), HL_TERM_OK);
            assert_int_equal(hl_arith_mul(&h, r, b, &t), HL_TERM_OK);
            assert_int_equal(hl_arith_add(&h, t, s, &t), HL_TERM_OK);
            eq(t, a);
            hl_term as, bs;
            assert_int_equal(hl_bif_abs(&h, s, &as), HL_TERM_OK);
            assert_int_equal(hl_bif_abs(&h, b, &bs), HL_TERM_OK);
            int c;
            assert_int_equal(hl_term_compare(as, bs, true, NULL, &c), HL_TERM_OK);
            assert_true(c < 0);
        }
        /* (a band b) + (a bor b) = a + b ; a bxor b = (a bor b) - (a band b) */
        assert_int_equal(hl_arith_band(&h, a, b, &r), HL_TERM_OK);
        assert_int_equal(hl_arith_bor(&h, a, b, &s), HL_TERM_OK);
        assert_int_equal(hl_arith_add(&h, r, s, &t), HL_TERM_OK);
        assert_int_equal(hl_arith_add(&h, a, b, &u), HL_TERM_OK);
        eq(t, u);
        assert_int_equal(hl_arith_bxor(&h, a, b, &t), HL_TERM_OK);
        assert_int_equal(hl_arith_sub(&h, s, r, &u), HL_TERM_OK);
        eq(t, u);
        /* bnot a = -a - 1 ; bnot bnot a = a */
        assert_int_equal(hl_arith_bnot(&h, a, &r), HL_TERM_OK);
        assert_int_equal(hl_arith_neg(&h, a, &s), HL_TERM_OK);
        assert_int_equal(hl_arith_sub(&h, s, hl_make_small(1), &s), HL_TERM_OK);
        eq(r, s);
        assert_int_equal(hl_arith_bnot(&h, r, &r), HL_TERM_OK);
        eq(r, a);
        /* (a bsl k) bsr k = a ; a bsr k = floor(a / 2^k) */
        int64_t k = (int64_t)(rnd() % 200);
        assert_int_equal(hl_arith_bsl(&h, a, hl_make_small(k), &r), HL_TERM_OK);
        assert_int_equal(hl_arith_bsr(&h, r, hl_make_small(k), &r), HL_TERM_OK);
        eq(r, a);
        assert_int_equal(hl_arith_bsl(&h, a, hl_make_small(-k), &r), HL_TERM_OK);
        assert_int_equal(hl_arith_bsl(&h, hl_make_small(1), hl_make_small(k), &s), HL_TERM_OK);
        assert_int_equal(hl_arith_div(&h, a, s, &t), HL_TERM_OK); /* truncates */
        assert_int_equal(hl_arith_rem(&h, a, s, &u), HL_TERM_OK);
        int c;
        assert_int_equal(hl_term_compare(u, hl_make_small(0), true, NULL, &c), HL_TERM_OK);
        if (c < 0) assert_int_equal(hl_arith_sub(&h, t, hl_make_small(1), &t), HL_TERM_OK);
        eq(r, t);
        /* text round trip in a random base */
        hl_term base = hl_make_small((int64_t)(2 + rnd() % 35)), l;
        assert_int_equal(hl_bif_integer_to_list(&h, a, base, &l), HL_TERM_OK);
        assert_int_equal(hl_bif_list_to_integer(&h, l, base, &r), HL_TERM_OK);
        eq(r, a);
        hl_heap_free(&h);
    }
}

/* GMP must never allocate for us (an allocation failure inside GMP
 * aborts): at the size cap its temporary space stays on the stack. The
 * counting hooks are installed by this test only. */
static int gmp_allocs;
static void *count_alloc(size_t n) { gmp_allocs++; return malloc(n); }
static void *count_realloc(void *p, size_t o, size_t n) { (void)o; gmp_allocs++; return realloc(p, n); }
static void count_free(void *p, size_t n) { (void)n; free(p); }

static void test_gmp_never_allocates(void **state) {
    (void)state;
    mp_set_memory_functions(count_alloc, count_realloc, count_free);
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_term a, b, r, q;
    /* a: 65,535 bits of ones-and-noise; b: 32,767 bits */
    assert_int_equal(hl_arith_bsl(&h, hl_make_small(3), hl_make_small(65533), &a), HL_TERM_OK);
    assert_int_equal(hl_arith_sub(&h, a, hl_make_small(12345), &a), HL_TERM_OK);
    assert_int_equal(hl_arith_bsl(&h, hl_make_small(-5), hl_make_small(32764), &b), HL_TERM_OK);
    assert_int_equal(hl_arith_add(&h, b, hl_make_small(987654321), &b), HL_TERM_OK);
    hl_term half;
    assert_int_equal(hl_arith_bsr(&h, a, hl_make_small(32768), &half), HL_TERM_OK);
    assert_int_equal(hl_arith_mul(&h, half, b, &r), HL_TERM_OK);
    assert_int_equal(hl_arith_mul(&h, half, half, &r), HL_TERM_OK);
    assert_int_equal(hl_arith_div(&h, a, b, &q), HL_TERM_OK);
    assert_int_equal(hl_arith_rem(&h, a, hl_make_small(7), &q), HL_TERM_OK);
    assert_int_equal(hl_arith_div(&h, a, half, &q), HL_TERM_OK);
    assert_int_equal(hl_arith_bxor(&h, a, b, &q), HL_TERM_OK);
    for (int base = 2; base <= 36; base++) {
        hl_term l, back;
        assert_int_equal(hl_bif_integer_to_list(&h, a, hl_make_small(base), &l), HL_TERM_OK);
        assert_int_equal(hl_bif_list_to_integer(&h, l, hl_make_small(base), &back), HL_TERM_OK);
        eq(back, a);
    }
    /* Past GMP's block size (the block algorithms): 700K-bit operands, near
     * the work cap, each division path, a 700K-bit text */
    hl_term m1, m2, m3, l, back;
    assert_int_equal(hl_arith_bsl(&h, hl_make_small(-3), hl_make_small(700000), &m1), HL_TERM_OK);
    assert_int_equal(hl_arith_add(&h, m1, a, &m1), HL_TERM_OK);
    assert_int_equal(hl_arith_bsl(&h, hl_make_small(5), hl_make_small(650000), &m2), HL_TERM_OK);
    assert_int_equal(hl_arith_sub(&h, m2, b, &m2), HL_TERM_OK);
    assert_int_equal(hl_arith_mul(&h, m1, m2, &r), HL_TERM_OK);
    assert_int_equal(hl_arith_mul(&h, m1, m1, &r), HL_TERM_OK);
    assert_int_equal(hl_arith_mul(&h, m1, a, &r), HL_TERM_OK);
    assert_int_equal(hl_arith_div(&h, r, a, &q), HL_TERM_OK);            /* divisor <= the block */
    assert_int_equal(hl_arith_rem(&h, r, hl_make_small(7), &q), HL_TERM_OK);
    assert_int_equal(hl_arith_bsr(&h, m2, hl_make_small(400000), &m3), HL_TERM_OK);
    assert_int_equal(hl_arith_div(&h, m1, m3, &q), HL_TERM_OK);          /* algorithm D */
    assert_int_equal(hl_arith_rem(&h, m1, m3, &q), HL_TERM_OK);
    assert_int_equal(hl_arith_bxor(&h, m1, m2, &q), HL_TERM_OK);
    assert_int_equal(hl_arith_bsl(&h, hl_make_small(-1), hl_make_small(33554367), &q), HL_TERM_OK);
    assert_int_equal(hl_arith_band(&h, q, m1, &q), HL_TERM_OK);
    assert_int_equal(hl_bif_integer_to_list(&h, m1, hl_make_small(10), &l), HL_TERM_OK);
    assert_int_equal(hl_bif_list_to_integer(&h, l, hl_make_small(10), &back), HL_TERM_OK);
    eq(back, m1);
    mp_set_memory_functions(NULL, NULL, NULL);
    hl_heap_free(&h);
    assert_int_equal(gmp_allocs, 0);
}

/* Integer text against GMP's own mpz_get_str (an independent oracle, used
 * only here) for sizes that take the divide-and-conquer path, every base. */
static void test_text_vs_gmp(void **state) {
    (void)state;
    static const size_t sizes[] = {1, 2, 23, 24, 25, 26, 31, 33, 64, 65, 100, 127, 129, 255, 257,
                                   300, 511, 513, 700, 1000, 1023, 1024};
    hl_heap h;
    static char ours[70000], theirs[70000];
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        for (int base = 2; base <= 36; base += (sizes[si] > 200 ? 5 : 1)) {
            assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
            uint64_t limbs[1024];
            size_t n = sizes[si];
            for (size_t i = 0; i < n; i++) limbs[i] = rnd();
            if (rnd() % 3 == 0) /* long runs of zero digits in the middle */
                for (size_t i = n / 4; i < n / 2; i++) limbs[i] = 0;
            if (limbs[n - 1] == 0) limbs[n - 1] = 1;
            bool neg = rnd() % 2;
            hl_term t;
            assert_int_equal(hl_int_make_mag(&h, limbs, n, neg, &t), HL_TERM_OK);
            size_t len;
            assert_int_equal(hl_int_to_text(t, (unsigned)base, ours, &len), HL_TERM_OK);
            assert_true(len <= hl_int_text_max(t, (unsigned)base));
            ours[len] = 0;
            mpz_t z;
            mpz_init(z);
            mpz_import(z, n, -1, sizeof limbs[0], 0, 0, limbs);
            if (neg) mpz_neg(z, z);
            mpz_get_str(theirs, -base, z);
            mpz_clear(z);
            if (hl_is_small(t)) { /* tiny values normalise to smalls: still compare */ }
            assert_string_equal(ours, theirs);
            hl_term back;
            assert_int_equal(hl_int_from_text(&h, (const unsigned char *)ours, len, (unsigned)base, &back),
                             HL_TERM_OK);
            eq(back, t);
            hl_heap_free(&h);
        }
    }
}

/* Random operands against GMP's mpz layer as an independent oracle (tests
 * only): + - * div rem band bor bxor bsl bsr bnot on 0..1,500-bit values. */
static void to_mpz(hl_term t, mpz_t z) {
    hl_intv v;
    hl_intv_of(t, &v);
    mpz_import(z, v.n, -1, sizeof(mp_limb_t), 0, 0, v.d);
    if (v.neg) mpz_neg(z, z);
}

static void same(hl_term t, const mpz_t want) {
    mpz_t got;
    mpz_init(got);
    to_mpz(t, got);
    assert_int_equal(mpz_cmp(got, want), 0);
    /* normalised: smalls when the value fits */
    assert_int_equal(hl_is_small(t), mpz_cmp_si(want, HL_SMALL_MIN) >= 0 && mpz_cmp_si(want, HL_SMALL_MAX) <= 0);
    mpz_clear(got);
}

/* The block algorithms (operands past HL_BIG_GMP_LIMBS) against mpz: every
 * division path (windows for divisors up to the block, algorithm D above
 * it, including divisors whose top limbs force the add-back), products of
 * unbalanced and balanced sizes, texts in a few bases. */
static hl_term rand_mag(hl_heap *h, size_t n, int shape, bool neg) {
    uint64_t *l = malloc(n * sizeof *l);
    for (size_t i = 0; i < n; i++)
        l[i] = shape == 1 ? ~UINT64_C(0) : shape == 2 ? (i == n - 1 ? UINT64_C(1) << 63 : 0) : rnd();
    if (l[n - 1] == 0) l[n - 1] = 1;
    hl_term t;
    assert_int_equal(hl_int_make_mag(h, l, n, neg, &t), HL_TERM_OK);
    free(l);
    return t;
}

static void test_block_kernels_vs_mpz(void **state) {
    (void)state;
    static const size_t sizes[][2] = {{1025, 1}, {3000, 2}, {2049, 1024}, {5000, 1023}, {4000, 600},
                                      {2050, 1025}, {3000, 1500}, {4097, 2048}, {2500, 2500}, {6000, 1100},
                                      {1100, 1030}, {1800, 1025}};
    hl_heap h;
    mpz_t a, b, w;
    mpz_inits(a, b, w, NULL);
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        for (int shape = 0; shape < 3; shape++) {
            assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
            hl_term x = rand_mag(&h, sizes[si][0], shape == 2 ? 0 : shape, rnd() % 2);
            hl_term y = rand_mag(&h, sizes[si][1], shape == 1 ? 0 : shape, rnd() % 2), r;
            to_mpz(x, a);
            to_mpz(y, b);
            assert_int_equal(hl_arith_mul(&h, x, y, &r), HL_TERM_OK);
            mpz_mul(w, a, b);
            same(r, w);
            assert_int_equal(hl_arith_div(&h, x, y, &r), HL_TERM_OK);
            mpz_tdiv_q(w, a, b);
            same(r, w);
            assert_int_equal(hl_arith_rem(&h, x, y, &r), HL_TERM_OK);
            mpz_tdiv_r(w, a, b);
            same(r, w);
            /* a product divided back: remainder 0, quotient exact */
            hl_term p, q;
            assert_int_equal(hl_arith_mul(&h, x, y, &p), HL_TERM_OK);
            assert_int_equal(hl_arith_add(&h, p, hl_make_small(12345), &p), HL_TERM_OK);
            assert_int_equal(hl_arith_div(&h, p, x, &q), HL_TERM_OK);
            mpz_mul(w, a, b);
            mpz_add_ui(w, w, 12345);
            mpz_tdiv_q(w, w, a);
            same(q, w);
            if (si % 3 == 0) {
                for (int base = 2; base <= 36; base += 17) {
                    hl_term l, back;
                    assert_int_equal(hl_bif_integer_to_list(&h, x, hl_make_small(base), &l), HL_TERM_OK);
                    assert_int_equal(hl_bif_list_to_integer(&h, l, hl_make_small(base), &back), HL_TERM_OK);
                    eq(back, x);
                    size_t max = hl_int_text_max(x, (unsigned)base), len;
                    char *ours = malloc(max + 1), *theirs = malloc(max + 2);
                    assert_int_equal(hl_int_to_text(x, (unsigned)base, ours, &len), HL_TERM_OK);
                    ours[len] = 0;
                    mpz_get_str(theirs, -base, a);
                    assert_string_equal(ours, theirs);
                    free(ours);
                    free(theirs);
                }
            }
            hl_heap_free(&h);
        }
    }
    mpz_clears(a, b, w, NULL);
}

static void test_vs_mpz(void **state) {
    (void)state;
    hl_heap h;
    mpz_t a, b, w;
    mpz_inits(a, b, w, NULL);
    for (int iter = 0; iter < 4000; iter++) {
        assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
        hl_term x = random_int(&h), y = random_int(&h), r;
        to_mpz(x, a);
        to_mpz(y, b);
        assert_int_equal(hl_arith_add(&h, x, y, &r), HL_TERM_OK);
        mpz_add(w, a, b);
        same(r, w);
        assert_int_equal(hl_arith_sub(&h, x, y, &r), HL_TERM_OK);
        mpz_sub(w, a, b);
        same(r, w);
        assert_int_equal(hl_arith_mul(&h, x, y, &r), HL_TERM_OK);
        mpz_mul(w, a, b);
        same(r, w);
        if (mpz_sgn(b)) {
            assert_int_equal(hl_arith_div(&h, x, y, &r), HL_TERM_OK);
            mpz_tdiv_q(w, a, b);
            same(r, w);
            assert_int_equal(hl_arith_rem(&h, x, y, &r), HL_TERM_OK);
            mpz_tdiv_r(w, a, b);
            same(r, w);
        } else {
            assert_int_equal(hl_arith_div(&h, x, y, &r), HL_TERM_BADARITH);
            assert_int_equal(hl_arith_rem(&h, x, y, &r), HL_TERM_BADARITH);
        }
        assert_int_equal(hl_arith_band(&h, x, y, &r), HL_TERM_OK);
        mpz_and(w, a, b);
        same(r, w);
        assert_int_equal(hl_arith_bor(&h, x, y, &r), HL_TERM_OK);
        mpz_ior(w, a, b);
        same(r, w);
        assert_int_equal(hl_arith_bxor(&h, x, y, &r), HL_TERM_OK);
        mpz_xor(w, a, b);
        same(r, w);
        assert_int_equal(hl_arith_bnot(&h, x, &r), HL_TERM_OK);
        mpz_com(w, a);
        same(r, w);
        unsigned long k = (unsigned long)(rnd() % 300);
        assert_int_equal(hl_arith_bsl(&h, x, hl_make_small((int64_t)k), &r), HL_TERM_OK);
        mpz_mul_2exp(w, a, k);
        same(r, w);
        assert_int_equal(hl_arith_bsr(&h, x, hl_make_small((int64_t)k), &r), HL_TERM_OK);
        mpz_fdiv_q_2exp(w, a, k); /* arithmetic shift = floor */
        same(r, w);
        int c = hl_int_cmp(x, y);
        assert_int_equal((c > 0) - (c < 0), mpz_cmp(a, b) > 0 ? 1 : mpz_cmp(a, b) < 0 ? -1 : 0);
        hl_heap_free(&h);
    }
    mpz_clears(a, b, w, NULL);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_otp_vectors), cmocka_unit_test(test_otp_mixed_vectors),
        cmocka_unit_test(test_limits_and_shifts),
        cmocka_unit_test(test_text), cmocka_unit_test(test_failures),
        cmocka_unit_test(test_gc_always_bignums), cmocka_unit_test(test_identities),
        cmocka_unit_test(test_gmp_never_allocates), cmocka_unit_test(test_text_vs_gmp),
        cmocka_unit_test(test_vs_mpz), cmocka_unit_test(test_block_kernels_vs_mpz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
