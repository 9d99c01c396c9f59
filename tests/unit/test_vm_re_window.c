/* test_vm_re_window.c — one start position of a regular expression may
 * scan at most RE_WIN_MAX (256 KiB) past itself (vm/bif_re.c): a single
 * pcre2_match call can neither be cut short nor resumed, so this is what
 * bounds the longest `re` call. A match within it is OTP's; a path past it
 * ends as OTP reports a match limit (nomatch, or {error, match_limit} with
 * report_errors) — a documented difference (docs/limits.md, "re") — and
 * no call charges more than a window's scan. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "host/host_int.h"
#include "term/atom.h"
#include "vm/vm.h"
#include "vm/vm_internal.h"
#include "vm/vm_support.h"

/* each returns true when it gives the value documented */
static const char src[] =
    "-module(rw).\n"
    "-export([within/1, past/1, past_neg/1, far_match/1]).\n"
    "a(N) -> binary:copy(<<\"a\">>, N).\n"
    "within(_) -> re:run(a(200000), \"a*\") =:= {match, [{0, 200000}]}.\n"
    "past(_) -> B = a(300000), {re:run(B, \"a*\"), re:run(B, \"a*\", [report_errors]), re:replace(B, \"a+\", \"x\")}\n"
    "    =:= {nomatch, {error, match_limit}, B}.\n"
    "past_neg(_) -> re:run(a(4 bsl 20), \"[^x]*b\", [report_errors]) =:= {error, match_limit}.\n"
    "far_match(_) -> re:run(<<(a(4 bsl 20))/binary, \"b\">>, \"b\") =:= {match, [{4 bsl 20, 1}]}.\n";

static void test_scan_window(void **state) {
    (void)state;
    hl_engine *eng;
    hl_module *m = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_engine_new(&eng), HL_OK);
    if (hl_compile(eng, "rw.erl", src, strlen(src), NULL, &m, &err) != HL_OK)
        fail_msg("compile: %s", err ? hl_error_message(err) : "?");
    static const char *const fns[] = {"within", "past", "past_neg", "far_match"};
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        hl_vm_limits lim = {UINT64_C(1) << 40, 256u << 20, 0, 0};
        hl_vm_proc *p = hl_vm_proc_new(m->prog, &lim);
        assert_non_null(p);
        int64_t f = hl_program_find(m->prog, fns[i], strlen(fns[i]), 1);
        assert_true(f >= 0);
        hl_term arg = hl_make_small(0);
        assert_true(hl_vm_start(p, (uint32_t)f, &arg, 1));
        hl_vm_status st;
        while ((st = hl_vm_run(p, 0)) == HL_VM_YIELD) {}
        if (st != HL_VM_DONE || hl_vm_result(p) != HL_AM(true)) fail_msg("%s: status %d, not the value documented", fns[i], (int)st);
        /* a call's charge: at most a window's scan (2 x 256 KiB / 512)
         * plus a few positions' limits, wherever the subject is 4 MiB */
        if (hl_vm_probe_enabled() && p->probe.max_cost > 4096)
            fail_msg("%s: a call charged %llu reductions", fns[i], (unsigned long long)p->probe.max_cost);
        hl_vm_proc_free(p);
    }
    hl_module_free(m);
    hl_engine_free(eng);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_scan_window)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
