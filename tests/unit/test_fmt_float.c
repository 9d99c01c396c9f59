/* test_fmt_float.c — float text against OTP 25's ~w, on the committed
 * vectors in tests/data/floats.txt (made by tests/oracle/gen_floats.escript). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt_float.h"

static void test_matches_otp_vectors(void **state) {
    (void)state;
    FILE *f = fopen(HL_SOURCE_DIR "/tests/data/floats.txt", "r");
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
    assert_true(checked > 8000);
    assert_int_equal(wrong, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_matches_otp_vectors)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
