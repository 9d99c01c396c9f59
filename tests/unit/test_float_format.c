/* test_float_format.c — float_to_list/1,2 text against OTP 25, byte for
 * byte, on the committed corpus tests/data/float_format.txt (made by
 * tests/oracle/float_format.escript); and the parser's bounds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "base/mem.h"
#include "term/float_format.h"

/* "default", "short", "dN", "dcN", "sN" -> the format float_to_list/2 reads
 * from the corresponding option list (N wrapped to a C int, as OTP). */
static hl_float_fmt fmt_of(const char *tag) {
    hl_float_fmt f = hl_float_fmt_default();
    if (strcmp(tag, "default") == 0) return f;
    if (strcmp(tag, "short") == 0) {
        f.kind = HL_FLOAT_FMT_SHORT;
        return f;
    }
    const char *num = tag + 1;
    if (tag[0] == 'd') {
        f.kind = HL_FLOAT_FMT_DECIMALS;
        if (tag[1] == 'c') f.compact = true, num++;
    } else {
        assert_int_equal(tag[0], 's');
        f.kind = HL_FLOAT_FMT_SCIENTIFIC;
    }
    f.digits = (int32_t)(uint32_t)(uint64_t)strtoll(num, NULL, 10);
    return f;
}

static void test_matches_otp_corpus(void **state) {
    (void)state;
    FILE *f = fopen(HL_SOURCE_DIR "/tests/data/float_format.txt", "r");
    assert_non_null(f);
    static char line[1024];
    char tag[32], expect[512];
    uint64_t bits;
    int checked = 0, wrong = 0, badargs = 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "%" SCNx64 " %31s %511s", &bits, tag, expect) != 3) continue;
        double v;
        memcpy(&v, &bits, sizeof v);
        hl_float_fmt fmt = fmt_of(tag);
        char got[HL_FLOAT_TEXT_MAX];
        int n = hl_float_format(v, &fmt, got);
        const char *g = n < 0 ? "badarg" : got;
        if (n >= 0) assert_int_equal((size_t)n, strlen(got));
        badargs += n < 0;
        if (strcmp(g, expect) != 0 && wrong++ < 20)
            print_error("%016" PRIx64 " %s: got %s, OTP gives %s\n", bits, tag, g, expect);
        checked++;
    }
    fclose(f);
    assert_true(checked > 40000);
    assert_true(badargs > 1000);
    assert_int_equal(wrong, 0);
}

static int hexval(int c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }

static void test_parse_matches_otp_corpus(void **state) {
    (void)state;
    FILE *f = fopen(HL_SOURCE_DIR "/tests/data/float_parse.txt", "r");
    assert_non_null(f);
    static char line[8192];
    static unsigned char text[4096];
    char hex[8000], expect[32];
    int checked = 0, wrong = 0, ok = 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "%7999s %31s", hex, expect) != 2) continue;
        size_t n = 0;
        if (strcmp(hex, "-") != 0)
            for (size_t i = 0; hex[i] && hex[i + 1] && n < sizeof text; i += 2)
                text[n++] = (unsigned char)(hexval(hex[i]) << 4 | hexval(hex[i + 1]));
        double d;
        char got[32];
        if (hl_float_parse(text, n, &d) == HL_TERM_OK) {
            uint64_t bits;
            memcpy(&bits, &d, sizeof bits);
            snprintf(got, sizeof got, "%016" PRIX64, bits);
            ok++;
        } else {
            snprintf(got, sizeof got, "badarg");
        }
        if (strcmp(got, expect) != 0 && wrong++ < 20)
            print_error("%.*s: got %s, OTP gives %s\n", (int)n, (const char *)text, got, expect);
        checked++;
    }
    fclose(f);
    assert_true(checked > 10000);
    assert_true(ok > 4000);
    assert_int_equal(wrong, 0);
}

/* A text too long for the stack buffer is copied to the heap: its
 * allocation failing is NOMEM, never a crash or a wrong value. */
static void test_parse_nomem(void **state) {
    (void)state;
    char s[1000];
    memset(s, '0', sizeof s);
    s[1] = '.', s[sizeof s - 1] = '7'; /* 0.000...7: underflows to 0.0, no badarg */
    double d;
    hl_mem_fail_after(0);
    hl_term_status st = hl_float_parse((const unsigned char *)s, sizeof s, &d);
    hl_mem_fail_after(-1);
    assert_int_equal(st, HL_TERM_NOMEM);
    assert_int_equal(hl_float_parse((const unsigned char *)s, sizeof s, &d), HL_TERM_OK);
}

static void test_parse_edges(void **state) {
    (void)state;
    double d;
    const char *bad[] = {"1", "1.e5", ".5", "1.5e", "1.5e+", " 1.5", "1.5 ", "1.0e400", "--1.0", "1..5", "inf", "", "1.0_0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(hl_float_parse((const unsigned char *)bad[i], strlen(bad[i]), &d), HL_TERM_BADARG);
    assert_int_equal(hl_float_parse((const unsigned char *)"1,5", 3, &d), HL_TERM_OK);
    assert_true(d == 1.5);
    assert_int_equal(hl_float_parse((const unsigned char *)"1.0\0xyz", 7, &d), HL_TERM_OK);
    assert_true(d == 1.0);
    assert_int_equal(hl_float_parse((const unsigned char *)"-1.0e-400", 9, &d), HL_TERM_OK);
    assert_true(d == 0.0 && signbit(d));
    /* A long text (heap copy) still parses exactly. */
    size_t n = 100000;
    char *s = malloc(n);
    assert_non_null(s);
    memset(s, '0', n);
    s[0] = '2', s[1] = '.', s[n - 1] = '5';
    assert_int_equal(hl_float_parse((const unsigned char *)s, n, &d), HL_TERM_OK);
    assert_true(d == 2.0);
    free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matches_otp_corpus),
        cmocka_unit_test(test_parse_matches_otp_corpus),
        cmocka_unit_test(test_parse_nomem),
        cmocka_unit_test(test_parse_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
