/* test_fmt_float.c — float text against OTP 25's ~w, on the committed
 * vectors in tests/data/floats.txt (made by tests/oracle/gen_floats.escript)
 * and the 100,000 doubles of tests/data/floats_sample.txt (powers of two and
 * their neighbours, short decimals, subnormals, random bits; made by
 * tests/oracle/gen_floats_sample.escript). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt_float.h"

static void check_file(const char *path, int min_lines) {
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[128], expect[64];
    uint64_t bits;
    int checked = 0, wrong = 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "%" SCNx64 " %63s", &bits, expect) != 2) continue;
        double v;
        memcpy(&v, &bits, sizeof v);
        char got[HL_FLOAT_SHORT_MAX];
        size_t n = hl_fmt_float_short(v, got);
        assert_int_equal(n, strlen(got));
        if (strcmp(got, expect) != 0 && wrong++ < 10)
            print_error("%016" PRIx64 ": got %s, OTP prints %s\n", bits, got, expect);
        checked++;
    }
    fclose(f);
    assert_true(checked >= min_lines);
    assert_int_equal(wrong, 0);
}

static void test_matches_otp_vectors(void **state) {
    (void)state;
    check_file(HL_SOURCE_DIR "/tests/data/floats.txt", 8000);
}

static void test_matches_otp_sample(void **state) {
    (void)state;
    check_file(HL_SOURCE_DIR "/tests/data/floats_sample.txt", 100000);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_matches_otp_vectors), cmocka_unit_test(test_matches_otp_sample)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
