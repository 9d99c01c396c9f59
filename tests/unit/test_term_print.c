/* test_term_print.c — ~w, ~tw, ~p, ~tp against OTP 25, byte for byte, over
 * the corpus tests/data/print/terms.txt (+ terms_tpu.txt for ~tp under
 * +pc unicode) made by tests/oracle/print_terms.escript; plus the types OTP
 * cannot produce (funs, handles), output limits on hostile terms, deep
 * terms, allocation failures and the speed of ~p on a 10,000-element term.
 * Terms are rebuilt from their ETF bytes by a small decoder below (test
 * only; recursive, fed only the committed corpus). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/mem.h"
#include "term/arith.h"
#include "term/atom.h"
#include "test_atoms.h"
#include "term/bignum.h"
#include "term/etf.h"
#include "term/heap.h"
#include "term/map.h"
#include "term/print.h"

#define LIMIT (UINT64_C(1) << 34)

/* ---- atoms: one pool per new name ---- */

static hl_atom_pool **pools;
static size_t npools, cap_pools;

static hl_term atom_of(const char *name, size_t len) {
    hl_term t;
    if (hl_atom_find_static(name, len, &t) == HL_TERM_OK) return t;
    for (size_t i = 0; i < npools; i++)
        if (hl_atom_pool_lookup(pools[i], name, len, &t) == HL_TERM_OK) return t;
    if (npools == cap_pools) {
        cap_pools = cap_pools ? cap_pools * 2 : 256;
        pools = realloc(pools, cap_pools * sizeof *pools);
    }
    const char *names[1] = {name};
    size_t lens[1] = {len};
    if (hl_atom_pool_new(test_atoms(), names, lens, 1, &t, &pools[npools]) != HL_TERM_OK) abort();
    npools++;
    return t;
}

static void free_atoms(void) {
    while (npools) hl_atom_pool_free(pools[--npools]);
    free(pools);
    pools = NULL;
    cap_pools = 0;
}

/* ---- a minimal ETF decoder (test only) ---- */

typedef struct etf {
    const unsigned char *p, *end;
    hl_heap *h;
} etf;

static uint64_t be(etf *e, int n) {
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v = (v << 8) | *e->p++;
    return v;
}

static void ok(hl_term_status st) {
    if (st != HL_TERM_OK) abort();
}

static hl_term cons(hl_heap *h, hl_term hd, hl_term tl) {
    hl_term *c;
    ok(hl_heap_alloc(h, 2, &c));
    c[0] = hd;
    c[1] = tl;
    return hl_make_cons(c);
}

static hl_term bits_term(hl_heap *h, const unsigned char *bytes, size_t nbytes, uint64_t nbits) {
    hl_term bin;
    ok(hl_make_binary(h, bytes, nbytes, &bin));
    if (nbits == (uint64_t)nbytes * 8) return bin;
    hl_term *p;
    ok(hl_heap_alloc(h, HL_SUB_BIN_WORDS, &p));
    p[0] = hl_make_header(HL_SUB_SUB_BIN, 3);
    p[1] = bin;
    p[2] = 0;
    p[3] = nbits;
    return hl_make_boxed(p);
}

static hl_term decode(etf *e) {
    unsigned tag = *e->p++;
    hl_term t = HL_NONE;
    switch (tag) {
    case 97: return hl_make_small(*e->p++);
    case 98: return hl_make_small((int32_t)(uint32_t)be(e, 4));
    case 110:
    case 111: {
        size_t n = (size_t)be(e, tag == 110 ? 1 : 4);
        bool neg = *e->p++;
        size_t nl = (n + 7) / 8;
        mp_limb_t *l = calloc(nl ? nl : 1, sizeof *l);
        for (size_t i = 0; i < n; i++) l[i / 8] |= (mp_limb_t)e->p[i] << (8 * (i % 8));
        e->p += n;
        while (nl && l[nl - 1] == 0) nl--;
        ok(hl_int_make_mag(e->h, l, nl, neg, &t));
        free(l);
        return t;
    }
    case 70: {
        uint64_t b = be(e, 8);
        double d;
        memcpy(&d, &b, sizeof d);
        ok(hl_make_float(e->h, d, &t));
        return t;
    }
    case 118:
    case 119: {
        size_t n = (size_t)be(e, tag == 118 ? 2 : 1);
        t = atom_of((const char *)e->p, n);
        e->p += n;
        return t;
    }
    case 100:
    case 115: { /* latin-1 atom: to UTF-8 */
        size_t n = (size_t)be(e, tag == 100 ? 2 : 1);
        char buf[1024];
        size_t k = 0;
        for (size_t i = 0; i < n; i++) {
            unsigned char ch = e->p[i];
            if (ch < 0x80) buf[k++] = (char)ch;
            else {
                buf[k++] = (char)(0xC0 | (ch >> 6));
                buf[k++] = (char)(0x80 | (ch & 0x3F));
            }
        }
        e->p += n;
        return atom_of(buf, k);
    }
    case 104:
    case 105: {
        size_t n = (size_t)be(e, tag == 104 ? 1 : 4);
        hl_term *p;
        ok(hl_heap_alloc(e->h, 1 + n, &p));
        p[0] = hl_make_header(HL_SUB_TUPLE, n);
        for (size_t i = 0; i < n; i++) p[1 + i] = decode(e);
        return hl_make_boxed(p);
    }
    case 106: return HL_NIL;
    case 107: {
        size_t n = (size_t)be(e, 2);
        const unsigned char *s = e->p;
        e->p += n;
        t = HL_NIL;
        for (size_t i = n; i-- > 0;) t = cons(e->h, hl_make_small(s[i]), t);
        return t;
    }
    case 108: {
        size_t n = (size_t)be(e, 4);
        hl_term *items = malloc((n + 1) * sizeof *items);
        for (size_t i = 0; i < n; i++) items[i] = decode(e);
        t = decode(e);
        for (size_t i = n; i-- > 0;) t = cons(e->h, items[i], t);
        free(items);
        return t;
    }
    case 116: {
        size_t n = (size_t)be(e, 4);
        hl_term *k = malloc((n + 1) * sizeof *k), *v = malloc((n + 1) * sizeof *v);
        for (size_t i = 0; i < n; i++) {
            k[i] = decode(e);
            v[i] = decode(e);
        }
        ok(hl_map_new(e->h, k, v, n, &t));
        free(k);
        free(v);
        return t;
    }
    case 109: {
        size_t n = (size_t)be(e, 4);
        t = bits_term(e->h, e->p, n, (uint64_t)n * 8);
        e->p += n;
        return t;
    }
    case 77: {
        size_t n = (size_t)be(e, 4);
        unsigned last = *e->p++;
        t = bits_term(e->h, e->p, n, n ? (uint64_t)(n - 1) * 8 + last : 0);
        e->p += n;
        return t;
    }
    default: fprintf(stderr, "etf: tag %u\n", tag); abort();
    }
}

static hl_term_status etf_atom(void *ctx, const char *name, size_t len, hl_term *out) {
    (void)ctx;
    *out = atom_of(name, len);
    return HL_TERM_OK;
}

static int etf_agree, etf_total;

/* Builds the term with the decoder above, and cross-checks src/term/etf.c:
 * its decoding must print the same ~w text. */
static hl_term from_hex(hl_heap *h, const char *hex, size_t n) {
    unsigned char *b = malloc(n / 2 + 1);
    for (size_t i = 0; i < n / 2; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        b[i] = (unsigned char)v;
    }
    etf e = {b + 1, b + n / 2, h};
    if (b[0] != 131) abort();
    hl_term t = decode(&e);
    hl_etf_decode_opts o = {.atom_fn = etf_atom};
    hl_term t2;
    hl_etf_error err;
    etf_total++;
    if (hl_etf_decode(h, b, n / 2, &o, &t2, NULL, &err) == HL_TERM_OK) {
        hl_buf x, y;
        hl_buf_init(&x, 0);
        hl_buf_init(&y, 0);
        if (hl_print_w(&x, t, true, NULL) == HL_TERM_OK &&
            hl_print_w(&y, t2, true, NULL) == HL_TERM_OK && x.len == y.len &&
            memcmp(x.data, y.data, x.len) == 0)
            etf_agree++;
        hl_buf_free(&x);
        hl_buf_free(&y);
    }
    free(b);
    return t;
}

/* ---- the corpus ---- */

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (fread(s, 1, (size_t)n, f) != (size_t)n) abort();
    s[n] = 0;
    fclose(f);
    *len = (size_t)n;
    return s;
}

typedef struct field {
    char name[32];
    int col, ll;
    const char *text;
    size_t len;
} field;

/* Reads one record at *pos: the term (built on h) and up to 8 fields. */
static bool next_record(char *s, size_t n, size_t *pos, hl_heap *h, int *index, hl_term *t,
                        field *fs, size_t *nf) {
    size_t i = *pos;
    if (i >= n || strncmp(s + i, "term ", 5) != 0) return false;
    char *eol = strchr(s + i, '\n');
    char *sp = strchr(s + i + 5, ' ');
    *index = atoi(s + i + 5);
    *t = from_hex(h, sp + 1, (size_t)(eol - sp - 1));
    i = (size_t)(eol - s) + 1;
    *nf = 0;
    while (i < n && strncmp(s + i, "term ", 5) != 0) {
        field *f = &fs[(*nf)++];
        eol = strchr(s + i, '\n');
        char head[64];
        size_t hl = (size_t)(eol - (s + i));
        memcpy(head, s + i, hl);
        head[hl] = 0;
        f->col = f->ll = 0;
        size_t blen = 0;
        if (!strncmp(head, "pc ", 3)) {
            sscanf(head, "pc %d %d %zu", &f->col, &f->ll, &blen);
            strcpy(f->name, "pc");
        } else {
            sscanf(head, "%31s %zu", f->name, &blen);
        }
        f->text = eol + 1;
        f->len = blen;
        i = (size_t)(eol + 1 - s) + blen + 1;
    }
    *pos = i;
    return true;
}

static int shown;

static bool same(const char *what, int index, const hl_buf *b, hl_term_status st, const field *f) {
    if (st == HL_TERM_OK && b->len == f->len && memcmp(b->data, f->text, f->len) == 0) return true;
    if (shown++ < 12)
        fprintf(stderr, "MISMATCH term %d %s (st %d)\n--- expected\n%.*s\n--- got\n%.*s\n", index,
                what, (int)st, (int)f->len, f->text, (int)b->len, b->data ? b->data : "");
    return false;
}

static void test_corpus(void **state) {
    (void)state;
    size_t n;
    char *s = slurp(HL_SOURCE_DIR "/tests/data/print/terms.txt", &n);
    assert_non_null(s);
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    size_t pos = 0, nf;
    int index, terms = 0;
    int agree[5] = {0}, total[5] = {0};
    static const char *const names[5] = {"w", "tw", "p", "tp", "pc"};
    hl_term t;
    field fs[8];
    hl_buf b;
    hl_buf_init(&b, 0);
    while (next_record(s, n, &pos, &h, &index, &t, fs, &nf)) {
        terms++;
        for (size_t k = 0; k < nf; k++) {
            hl_buf_reset(&b);
            hl_term_status st;
            int which;
            if (!strcmp(fs[k].name, "w")) which = 0, st = hl_print_w(&b, t, false, NULL);
            else if (!strcmp(fs[k].name, "tw")) which = 1, st = hl_print_w(&b, t, true, NULL);
            else if (!strcmp(fs[k].name, "p")) which = 2, st = hl_print_p(&b, t, 1, 80, false, NULL);
            else if (!strcmp(fs[k].name, "tp")) which = 3, st = hl_print_p(&b, t, 1, 80, true, NULL);
            else which = 4, st = hl_print_p(&b, t, fs[k].col, fs[k].ll, false, NULL);
            total[which]++;
            agree[which] += same(names[which], index, &b, st, &fs[k]);
        }
    }
    fprintf(stderr, "print corpus: %d terms;", terms);
    for (int k = 0; k < 5; k++) fprintf(stderr, " ~%s %d/%d", names[k], agree[k], total[k]);
    fprintf(stderr, "\n");
    fprintf(stderr, "src/term/etf.c decodes the corpus to the same terms: %d/%d\n", etf_agree, etf_total);
    assert_int_equal(etf_agree, etf_total);
    assert_true(terms >= 500);
    for (int k = 0; k < 5; k++) {
        assert_int_equal(total[k], k == 4 ? 2 * terms : terms); /* two pc fields */
        assert_int_equal(agree[k], total[k]);
    }
    hl_buf_free(&b);
    hl_heap_free(&h);
    free(s);
    free_atoms();
}

static void test_corpus_printable_unicode(void **state) {
    (void)state;
    size_t n;
    char *s = slurp(HL_SOURCE_DIR "/tests/data/print/terms_tpu.txt", &n);
    assert_non_null(s);
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    size_t pos = 0, nf;
    int index, terms = 0, agree = 0;
    hl_term t;
    field fs[8];
    hl_buf b;
    hl_buf_init(&b, 0);
    hl_print_opts o = {.printable_unicode = true};
    while (next_record(s, n, &pos, &h, &index, &t, fs, &nf)) {
        terms++;
        assert_int_equal(nf, 1);
        hl_buf_reset(&b);
        hl_term_status st = hl_print_p(&b, t, 1, 80, true, &o);
        agree += same("tp +pc unicode", index, &b, st, &fs[0]);
    }
    fprintf(stderr, "print corpus (+pc unicode): ~tp %d/%d\n", agree, terms);
    assert_true(terms >= 500);
    assert_int_equal(agree, terms);
    hl_buf_free(&b);
    hl_heap_free(&h);
    free(s);
    free_atoms();
}

/* ---- what OTP cannot produce ---- */

static bool fun_info(void *ctx, const void *program, const char **module, size_t *len,
                     uint32_t *uniq) {
    (void)ctx;
    (void)program;
    *module = "mymod";
    *len = 5;
    *uniq = 12345;
    return true;
}

static bool fun_export(const void *program, uint64_t index, hl_term *module, hl_term *function, uint32_t *arity) {
    (void)program;
    if (index != 7) return false;
    *module = HL_AM(lists), *function = HL_AM(gen_call), *arity = 2;
    return true;
}

static void expect_w(hl_term t, const hl_print_opts *o, const char *want) {
    hl_buf b;
    hl_buf_init(&b, 0);
    assert_int_equal(hl_print_w(&b, t, false, o), HL_TERM_OK);
    assert_string_equal(b.data, want);
    hl_buf_reset(&b);
    assert_int_equal(hl_print_p(&b, t, 1, 80, false, o), HL_TERM_OK);
    assert_string_equal(b.data, want);
    hl_buf_free(&b);
}

static void test_funs_and_handles(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_term *p;
    assert_int_equal(hl_heap_alloc(&h, 4, &p), HL_TERM_OK);
    p[0] = hl_make_header(HL_SUB_FUN, 3);
    p[1] = 0; /* program pointer: opaque here */
    p[2] = 7;
    p[3] = hl_make_small(1);
    hl_term fun = hl_make_boxed(p);
    expect_w(fun, NULL, "#Fun<unknown.7.0>");
    hl_print_opts o = {.fun_info = fun_info};
    expect_w(fun, &o, "#Fun<mymod.7.12345>");
    /* an external fun (erlang:hl_export_fun/3's) prints as OTP's fun M:F/A,
     * its atoms as ~w writes them; without a fun_export it is a local one */
    p[2] = 7 | HL_FUN_EXPORT;
    hl_print_opts xo = {.fun_export = fun_export};
    expect_w(fun, &xo, "fun lists:'$gen_call'/2");
    expect_w(fun, NULL, "#Fun<unknown.7.0>");
    p[2] = 7;
    expect_w(fun, &xo, "#Fun<unknown.7.0>");
    expect_w(hl_make_handle_immed(HL_HANDLE_PID, 42), NULL, "<0.42.0>");
    expect_w(hl_make_handle_immed(HL_HANDLE_PORT, 3), NULL, "#Port<0.3>");
    expect_w(hl_make_handle_immed(HL_HANDLE_REF, 99), NULL, "#Ref<0.0.0.99>");
    expect_w(hl_make_handle_immed(9, 5), NULL, "#Handle<9.5>");
    expect_w(HL_NONE, NULL, "THE_NON_VALUE");
    hl_buf b;
    hl_buf_init(&b, 0);
    assert_int_equal(hl_print_w(&b, hl_make_header(HL_SUB_TUPLE, 1), false, NULL), HL_TERM_BADARG);
    hl_buf_free(&b);
    hl_heap_free(&h);
}

static hl_term sub_bin(hl_heap *h, hl_term bin, uint64_t off, uint64_t bits) {
    hl_term *p;
    ok(hl_heap_alloc(h, HL_SUB_BIN_WORDS, &p));
    p[0] = hl_make_header(HL_SUB_SUB_BIN, 3);
    p[1] = bin;
    p[2] = off;
    p[3] = bits;
    return hl_make_boxed(p);
}

static void expect_w_only(hl_term t, const char *want) {
    hl_buf b;
    hl_buf_init(&b, 0);
    assert_int_equal(hl_print_w(&b, t, false, NULL), HL_TERM_OK);
    assert_string_equal(b.data, want);
    hl_buf_free(&b);
}

static void expect_p(hl_term t, bool unicode, const char *want) {
    hl_buf b;
    hl_buf_init(&b, 0);
    assert_int_equal(hl_print_p(&b, t, 1, 80, unicode, NULL), HL_TERM_OK);
    assert_string_equal(b.data, want);
    hl_buf_free(&b);
}

/* Sub-binaries at any bit offset read like the bits they cover (the corpus
 * only holds offset 0). Expected texts are OTP's for the same bits. */
static void test_sub_binaries(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_term bin;
    ok(hl_make_binary(&h, "xabc\xC3\xA9", 6, &bin));
    expect_w_only(sub_bin(&h, bin, 8, 24), "<<97,98,99>>");
    expect_p(sub_bin(&h, bin, 8, 24), false, "<<\"abc\">>");
    expect_p(sub_bin(&h, bin, 32, 16), true, "<<\"\xC3\xA9\"/utf8>>");
    expect_p(sub_bin(&h, bin, 32, 16), false, "<<\"\xC3\x83\xC2\xA9\">>");
    /* <<16#0A,16#BC,16#D0>> from bit 4: <<16#AB,16#CD>>, then 3 more bits. */
    hl_term b2;
    ok(hl_make_binary(&h, "\x0A\xBC\xD0", 3, &b2));
    expect_w_only(sub_bin(&h, b2, 4, 16), "<<171,205>>");
    expect_w_only(sub_bin(&h, b2, 4, 19), "<<171,205,0:3>>");
    expect_w_only(sub_bin(&h, b2, 5, 3), "<<2:3>>");
    expect_w_only(sub_bin(&h, b2, 12, 0), "<<>>");
    hl_heap_free(&h);
}

/* ---- limits, depth, failures, speed ---- */

static hl_term long_list(hl_heap *h, size_t n) {
    hl_term t = HL_NIL;
    for (size_t i = 0; i < n; i++) t = cons(h, hl_make_small((int64_t)(i % 1000)), t);
    return t;
}

static hl_term deep_list(hl_heap *h, size_t depth) {
    hl_term t = HL_NIL;
    for (size_t i = 0; i < depth; i++) t = cons(h, t, HL_NIL);
    return t;
}

static void test_limits(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    /* A 2M-element list against a 100 KB limit: stops at the limit. */
    hl_term big = long_list(&h, 2000000);
    hl_buf b;
    hl_buf_init(&b, 100000);
    assert_int_equal(hl_print_w(&b, big, false, NULL), HL_TERM_SYSTEM_LIMIT);
    assert_true(b.failed);
    assert_true(b.len <= 100000);
    hl_buf_free(&b);
    hl_buf_init(&b, 100000);
    clock_t t0 = clock();
    assert_int_equal(hl_print_p(&b, big, 1, 80, false, NULL), HL_TERM_SYSTEM_LIMIT);
    double ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
    assert_true(ms < 2000);
    hl_buf_free(&b);
    /* A DAG whose tree is 2^60 leaves: bounded by the output limit. */
    hl_term dag = hl_make_small(1);
    for (int i = 0; i < 60; i++) {
        hl_term *p;
        assert_int_equal(hl_heap_alloc(&h, 3, &p), HL_TERM_OK);
        p[0] = hl_make_header(HL_SUB_TUPLE, 2);
        p[1] = p[2] = dag;
        dag = hl_make_boxed(p);
    }
    hl_buf_init(&b, 1 << 20);
    assert_int_equal(hl_print_w(&b, dag, false, NULL), HL_TERM_SYSTEM_LIMIT);
    hl_buf_reset(&b);
    assert_int_equal(hl_print_p(&b, dag, 1, 80, false, NULL), HL_TERM_SYSTEM_LIMIT);
    hl_buf_free(&b);
    /* 100,000-deep nesting: no recursion. [[[...]]] stays on one line
     * with ~p too (each list has one element), as in OTP. */
    hl_term deep = deep_list(&h, 100000);
    hl_buf_init(&b, 0);
    assert_int_equal(hl_print_w(&b, deep, false, NULL), HL_TERM_OK);
    assert_int_equal(b.len, 200002);
    hl_buf_reset(&b);
    assert_int_equal(hl_print_p(&b, deep, 1, 80, false, NULL), HL_TERM_OK);
    assert_int_equal(b.len, 200002);
    hl_buf_free(&b);
    /* {10000,{9999,...{1,leaf}}}: every level one more column of
     * indentation, 50,083,898 bytes in OTP 25 (which takes ~27 s). With a
     * 4 MB limit it stops there. */
    hl_term nest = HL_AM(ok);
    for (int i = 1; i <= 10000; i++) {
        hl_term *p;
        assert_int_equal(hl_heap_alloc(&h, 3, &p), HL_TERM_OK);
        p[0] = hl_make_header(HL_SUB_TUPLE, 2);
        p[1] = hl_make_small(i);
        p[2] = nest;
        nest = hl_make_boxed(p);
    }
    hl_buf_init(&b, 1 << 22);
    assert_int_equal(hl_print_p(&b, nest, 1, 80, false, NULL), HL_TERM_SYSTEM_LIMIT);
    assert_true(b.len <= 1 << 22);
    hl_buf_free(&b);
    hl_buf_init(&b, 0);
    t0 = clock();
    assert_int_equal(hl_print_p(&b, nest, 1, 80, false, NULL), HL_TERM_OK);
    ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
    fprintf(stderr, "~p of a 10,000-deep tuple nest: %zu bytes, %.1f ms\n", b.len, ms);
    assert_int_equal(b.len, 50083898 - 2); /* OTP's leaf atom is 'leaf', ours 'ok' */
    hl_buf_free(&b);
    hl_heap_free(&h);
}

static void test_alloc_failures(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_term deep = deep_list(&h, 300);
    hl_term t;
    hl_term items[3] = {deep, long_list(&h, 300), hl_make_small(5)};
    hl_term *p;
    assert_int_equal(hl_heap_alloc(&h, 4, &p), HL_TERM_OK);
    p[0] = hl_make_header(HL_SUB_TUPLE, 3);
    memcpy(p + 1, items, sizeof items);
    t = hl_make_boxed(p);
    hl_buf ref;
    hl_buf_init(&ref, 0);
    assert_int_equal(hl_print_p(&ref, t, 1, 80, false, NULL), HL_TERM_OK);
    int failures = 0;
    for (long k = 0; k < 200; k++) {
        hl_buf b;
        hl_buf_init(&b, 0);
        hl_mem_fail_after(k);
        hl_term_status st = hl_print_p(&b, t, 1, 80, false, NULL);
        hl_buf b2;
        hl_buf_init(&b2, 0);
        hl_mem_fail_after(k);
        hl_term_status st2 = hl_print_w(&b2, t, false, NULL);
        hl_mem_fail_after(-1);
        hl_buf_free(&b2);
        if (st == HL_TERM_OK) assert_memory_equal(b.data, ref.data, ref.len);
        else {
            assert_true(st == HL_TERM_NOMEM);
            failures++;
        }
        assert_true(st2 == HL_TERM_OK || st2 == HL_TERM_NOMEM);
        hl_buf_free(&b);
    }
    assert_true(failures > 0);
    hl_buf_free(&ref);
    hl_heap_free(&h);
}

static void test_speed(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    /* 10,000 elements: 1,000 {tag, N, "str", [a,b]} records in nested lists
     * of 10, plus a few maps. */
    hl_term outer = HL_NIL;
    for (int g = 0; g < 100; g++) {
        hl_term inner = HL_NIL;
        for (int i = 0; i < 10; i++) {
            hl_term *p;
            assert_int_equal(hl_heap_alloc(&h, 5, &p), HL_TERM_OK);
            p[0] = hl_make_header(HL_SUB_TUPLE, 4);
            p[1] = HL_AM(ok);
            p[2] = hl_make_small(g * 10 + i);
            p[3] = cons(&h, hl_make_small('s'), cons(&h, hl_make_small('t'), HL_NIL));
            p[4] = cons(&h, HL_AM(error), cons(&h, HL_AM(undefined), HL_NIL));
            inner = cons(&h, hl_make_boxed(p), inner);
        }
        outer = cons(&h, inner, outer);
    }
    hl_buf b;
    hl_buf_init(&b, 0);
    clock_t t0 = clock();
    int reps = 20;
    for (int r = 0; r < reps; r++) {
        hl_buf_reset(&b);
        assert_int_equal(hl_print_p(&b, outer, 1, 80, false, NULL), HL_TERM_OK);
    }
    double ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC / reps;
    fprintf(stderr, "~p of a 10,000-element nested term: %zu bytes, %.2f ms\n", b.len, ms);
    t0 = clock();
    for (int r = 0; r < reps; r++) {
        hl_buf_reset(&b);
        assert_int_equal(hl_print_w(&b, outer, false, NULL), HL_TERM_OK);
    }
    ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC / reps;
    fprintf(stderr, "~w of the same: %zu bytes, %.2f ms\n", b.len, ms);
    /* Hostile shapes from the brief, sizes checked against OTP 25. */
    hl_term ints = HL_NIL, tuples = HL_NIL;
    for (int i = 100000; i >= 1; i--) {
        ints = cons(&h, hl_make_small(i % 1000), ints);
        hl_term *p;
        assert_int_equal(hl_heap_alloc(&h, 4, &p), HL_TERM_OK);
        p[0] = hl_make_header(HL_SUB_TUPLE, 3);
        p[1] = atom_of("k", 1);
        p[2] = hl_make_small(i);
        p[3] = cons(&h, hl_make_small('s'), HL_NIL);
        tuples = cons(&h, hl_make_boxed(p), tuples);
    }
    struct {
        const char *what;
        hl_term t;
        size_t otp_bytes;
    } cases[] = {{"100,000 integers", ints, 399245},
                 {"100,000 {k,I,\"s\"}", tuples, 1588894},
                 {"10,000-deep list", deep_list(&h, 10000), 20002}};
    for (size_t k = 0; k < 3; k++) {
        t0 = clock();
        hl_buf_reset(&b);
        assert_int_equal(hl_print_p(&b, cases[k].t, 1, 80, false, NULL), HL_TERM_OK);
        ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
        assert_int_equal(b.len, cases[k].otp_bytes);
        fprintf(stderr, "~p of %s: %zu bytes, %.2f ms\n", cases[k].what, b.len, ms);
    }
    hl_buf_free(&b);
    hl_heap_free(&h);
    free_atoms();
}

static int teardown(void **state) {
    (void)state;
    free_atoms();
    test_atoms_release();
    return 0;
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),
        cmocka_unit_test(test_corpus_printable_unicode),
        cmocka_unit_test(test_funs_and_handles),
        cmocka_unit_test(test_sub_binaries),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_alloc_failures),
        cmocka_unit_test(test_speed),
    };
    return cmocka_run_group_tests(tests, NULL, teardown);
}
