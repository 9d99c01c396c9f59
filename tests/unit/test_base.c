/* test_base.c — the base utilities: checked allocation with fault
 * injection, the arena, the capped buffer and the diagnostics list. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "base/mem.h"

static void test_mem_overflow_is_refused(void **state) {
    (void)state;
    assert_null(hl_mem_calloc(SIZE_MAX / 2, 4));
    assert_null(hl_mem_realloc_array(NULL, SIZE_MAX / 8, 16));
    assert_null(hl_mem_alloc(0));
}

static void test_mem_fault_injection(void **state) {
    (void)state;
    hl_mem_fail_after(1);
    void *a = hl_mem_alloc(8);
    void *b = hl_mem_alloc(8);
    hl_mem_fail_after(-1);
    assert_non_null(a);
    assert_null(b);
    hl_mem_free(a);
}

static void test_arena_alignment_and_cap(void **state) {
    (void)state;
    hl_arena a;
    hl_arena_init(&a, 200000);
    for (int i = 0; i < 100; i++) {
        char *p = hl_arena_alloc(&a, (size_t)i * 7 + 1);
        assert_non_null(p);
        assert_int_equal((uintptr_t)p % 16, 0);
        memset(p, 0xAB, (size_t)i * 7 + 1);
    }
    assert_null(hl_arena_alloc(&a, 300000));  /* over the cap */
    assert_null(hl_arena_alloc_array(&a, SIZE_MAX / 2, 3));
    assert_true(a.total <= 200000);
    char *s = hl_arena_strndup(&a, "hello", 3);
    assert_string_equal(s, "hel");
    hl_arena_free(&a);
}

static void test_arena_survives_allocation_failure(void **state) {
    (void)state;
    for (long n = 0; n < 4; n++) {
        hl_arena a;
        hl_arena_init(&a, 0);
        hl_mem_fail_after(n);
        for (int i = 0; i < 8; i++) hl_arena_alloc(&a, 50000);
        hl_mem_fail_after(-1);
        hl_arena_free(&a);
    }
}

static void test_buf_limit_marks_failed(void **state) {
    (void)state;
    hl_buf b;
    hl_buf_init(&b, 10);
    assert_true(hl_buf_puts(&b, "12345"));
    assert_true(hl_buf_put_i64(&b, -123));
    assert_string_equal(b.data, "12345-123");
    assert_false(hl_buf_puts(&b, "xy"));
    assert_true(b.failed);
    assert_false(hl_buf_putc(&b, 'z')); /* sticky */
    hl_buf_free(&b);
    hl_buf_init(&b, 0);
    hl_buf_put_utf8(&b, 0x1F600);
    hl_buf_put_i64(&b, INT64_MIN);
    assert_string_equal(b.data, "\xF0\x9F\x98\x80-9223372036854775808");
    hl_buf_free(&b);
}

static void test_diags_are_capped_and_rendered(void **state) {
    (void)state;
    hl_diags d;
    hl_diags_init(&d, 2);
    assert_true(hl_diags_add(&d, 3, 7, "bad %s", "thing"));
    assert_true(hl_diags_add(&d, 4, 1, "worse"));
    assert_false(hl_diags_add(&d, 5, 1, "dropped"));
    assert_int_equal(hl_diags_errors(&d), 3);
    hl_buf out;
    hl_buf_init(&out, 0);
    assert_true(hl_diags_render(&d, "m.erl", &out));
    assert_string_equal(out.data,
                        "m.erl:3:7: error: bad thing\n"
                        "m.erl:4:1: error: worse\n"
                        "m.erl: error: 1 more errors not shown\n");
    hl_buf_free(&out);
    hl_diags_free(&d);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mem_overflow_is_refused),
        cmocka_unit_test(test_mem_fault_injection),
        cmocka_unit_test(test_arena_alignment_and_cap),
        cmocka_unit_test(test_arena_survives_allocation_failure),
        cmocka_unit_test(test_buf_limit_marks_failed),
        cmocka_unit_test(test_diags_are_capped_and_rendered),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
