/* test_usage.c — what a run used (hl_usage from hl_run_policy and
 * hl_error_usage: reductions, peak heap, wall and CPU time, output bytes,
 * binding calls), bindings bounded by the run's deadline and by their own
 * maximum duration, the engine's audit records (compile, run, binding), and
 * term sanitization at the boundary in both directions: funs never leave
 * the guest (results, binding arguments, exception parts) and the host has
 * no way to make one (nor a pid or a reference) to send in. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "hyperlang.h"

static const char src[] =
    "-module(u).\n"
    "-export([big/1, say/1, loop/0, slow/1, fast/0, fun_result/0, fun_arg/0, fun_in_list/0, fun_reason/0]).\n"
    "big(N) -> length(lists:seq(1, N)).\n"
    "say(N) -> io:format(\"~p~n\", [N]), N.\n"
    "loop() -> loop().\n"
    "slow(Ms) -> host:sleep(Ms).\n"
    "fast() -> host:sleep(0).\n"
    "fun_result() -> fun() -> ok end.\n"
    "fun_in_list() -> [1, #{k => [fun erlang:abs/1]}].\n"
    "fun_arg() -> try host:sleep(fun() -> ok end) catch error:badarg -> refused end.\n"
    "fun_reason() -> error({bad, fun() -> ok end}).\n";

static hl_status b_sleep(void *data, const hl_module *m, hl_value *const *args, uint32_t n, hl_value **out) {
    (void)data, (void)m, (void)n;
    int64_t ms = 0;
    if (hl_value_get_int(args[0], &ms) != HL_OK) return HL_EMISUSE;
    struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
    return hl_value_int(ms, out);
}

typedef struct audit_log {
    const void *last_tenant;
    int n[3];
    hl_status last_status[3];
    hl_limit_kind last_limit[3];
    char last_name[3][64];
    uint64_t run_reductions;
} audit_log;

static void on_audit(void *data, const hl_audit_record *r) {
    audit_log *a = data;
    a->n[r->kind]++;
    a->last_status[r->kind] = r->status;
    a->last_limit[r->kind] = r->limit;
    snprintf(a->last_name[r->kind], sizeof a->last_name[r->kind], "%s", r->name);
    if (r->kind == HL_AUDIT_RUN) a->run_reductions = r->usage->reductions, a->last_tenant = r->tenant;
}

static hl_engine *engine;
static hl_module *mod;
static audit_log log_;

static int setup(void **state) {
    (void)state;
    if (hl_engine_new(&engine) != HL_OK) return -1;
    if (hl_engine_register_binding(engine, "host", "sleep", 1, b_sleep, NULL, NULL) != HL_OK) return -1;
    hl_engine_set_audit(engine, on_audit, &log_);
    hl_compile_options *o = NULL;
    hl_compile_options_new(&o);
    hl_compile_options_grant_binding(o, "host", "sleep", 1);
    hl_status s = hl_compile(engine, "u.erl", src, sizeof src - 1, o, &mod, NULL);
    hl_compile_options_free(o);
    return s == HL_OK ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    hl_module_free(mod);
    hl_engine_free(engine);
    return 0;
}

static hl_status call(const char *fn, int64_t arg, bool has_arg, const hl_run_limits *lim, hl_usage *u,
                      hl_error **err) {
    hl_value *a = NULL, *r = NULL;
    if (has_arg) hl_value_int(arg, &a);
    char *out = NULL;
    hl_status s = hl_run_policy(mod, NULL, fn, has_arg ? &a : NULL, has_arg ? 1 : 0, lim, &r, &out, NULL, u, err);
    hl_value_free(a), hl_value_free(r), hl_free(out);
    return s;
}

static void usage_of_a_run(void **state) {
    (void)state;
    hl_usage small, large;
    assert_int_equal(call("big", 10, true, NULL, &small, NULL), HL_OK);
    assert_int_equal(call("big", 200000, true, NULL, &large, NULL), HL_OK);
    /* 200,000 cons cells are 3.2 MB; the process held at least that */
    assert_true(large.peak_heap_bytes >= 3200000);
    assert_true(small.peak_heap_bytes < 64 * 1024);
    /* never more than the limit the run held it to */
    hl_run_limits cap = {.max_heap_bytes = 8u << 20};
    hl_usage capped;
    assert_int_equal(call("big", 200000, true, &cap, &capped, NULL), HL_OK);
    assert_true(capped.peak_heap_bytes >= 3200000 && capped.peak_heap_bytes <= cap.max_heap_bytes);
    assert_true(large.reductions > small.reductions);
    assert_true(large.reductions >= 200000); /* lists:seq and length, one per element at least */
    assert_true(large.wall_ns > 0 && large.cpu_ns > 0);
    assert_int_equal(large.output_bytes, 0);
    assert_int_equal(large.binding_calls, 0);
    hl_usage u;
    assert_int_equal(call("say", 12345, true, NULL, &u, NULL), HL_OK);
    assert_int_equal(u.output_bytes, 6); /* "12345\n" */
    /* a limit: the usage is on the error too */
    hl_error *err = NULL;
    hl_run_limits lim = {.max_reductions = 20000};
    assert_int_equal(call("loop", 0, false, &lim, &u, &err), HL_ELIMIT);
    assert_int_equal(u.reductions, 20000);
    hl_usage eu;
    assert_int_equal(hl_error_usage(err, &eu), HL_OK);
    assert_int_equal(eu.reductions, 20000);
    assert_int_equal(eu.peak_heap_bytes, u.peak_heap_bytes);
    hl_error_free(err);
    /* hl_run's errors carry it too; errors of other calls do not */
    hl_value *r = NULL;
    assert_int_equal(hl_run(mod, "loop", NULL, 0, &lim, &r, &err), HL_ELIMIT);
    assert_int_equal(hl_error_usage(err, &eu), HL_OK);
    assert_int_equal(eu.reductions, 20000);
    hl_error_free(err);
    hl_module *bad = NULL;
    assert_int_equal(hl_compile(engine, "b.erl", "-module(", 8, NULL, &bad, &err), HL_ECOMPILE);
    assert_int_equal(hl_error_usage(err, &eu), HL_EMISUSE);
    hl_error_free(err);
}

static void bindings_and_deadlines(void **state) {
    (void)state;
    hl_usage u;
    hl_error *err = NULL;
    /* a binding that blocks past the run's deadline: the run faults when it returns */
    hl_run_limits lim = {.timeout_ms = 50};
    assert_int_equal(call("slow", 300, true, &lim, &u, &err), HL_ELIMIT);
    assert_int_equal(hl_error_limit(err), HL_LIMIT_KIND_DEADLINE);
    assert_int_equal(u.binding_calls, 1);
    assert_true(u.binding_ns >= 300000000u);
    assert_true(u.wall_ns >= u.binding_ns);
    hl_error_free(err);
    /* within the deadline it is fine */
    assert_int_equal(call("slow", 5, true, NULL, &u, NULL), HL_OK);
    assert_int_equal(u.binding_calls, 1);
    /* a binding's own maximum: faults the run even well within its deadline */
    assert_int_equal(hl_engine_set_binding_timeout(engine, "host", "sleep", 1, 20), HL_OK);
    assert_int_equal(call("slow", 100, true, NULL, &u, &err), HL_ELIMIT);
    assert_int_equal(hl_error_limit(err), HL_LIMIT_KIND_DEADLINE);
    assert_non_null(strstr(hl_error_message(err), "the binding host:sleep/1 ran"));
    assert_non_null(strstr(hl_error_message(err), "past its maximum of 20 ms"));
    hl_error_free(err);
    assert_int_equal(call("fast", 0, false, NULL, &u, NULL), HL_OK);
    assert_int_equal(hl_engine_set_binding_timeout(engine, "host", "sleep", 1, 0), HL_OK);
    assert_int_equal(hl_engine_set_binding_timeout(engine, "host", "nope", 1, 5), HL_EMISUSE);
}

static void audit_records(void **state) {
    (void)state;
    memset(&log_, 0, sizeof log_);
    static const char s2[] = "-module(a2).\n-export([f/0]).\nf() -> host:sleep(1).\n";
    hl_compile_options *o = NULL;
    hl_compile_options_new(&o);
    hl_compile_options_grant_binding(o, "host", "sleep", 1);
    hl_module *m = NULL;
    assert_int_equal(hl_compile(engine, "a2.erl", s2, sizeof s2 - 1, o, &m, NULL), HL_OK);
    hl_compile_options_free(o);
    assert_int_equal(log_.n[HL_AUDIT_COMPILE], 1);
    assert_string_equal(log_.last_name[HL_AUDIT_COMPILE], "a2.erl");
    assert_int_equal(log_.last_status[HL_AUDIT_COMPILE], HL_OK);
    hl_value *r = NULL;
    assert_int_equal(hl_run(m, "f", NULL, 0, NULL, &r, NULL), HL_OK);
    hl_value_free(r);
    assert_int_equal(log_.n[HL_AUDIT_BINDING], 1);
    assert_string_equal(log_.last_name[HL_AUDIT_BINDING], "host:sleep/1");
    assert_int_equal(log_.n[HL_AUDIT_RUN], 1);
    assert_string_equal(log_.last_name[HL_AUDIT_RUN], "f");
    assert_true(log_.run_reductions > 0);
    hl_module_free(m);
    /* a limit is recorded with its kind; a rejected compile with its status */
    hl_run_limits lim = {.max_reductions = 1000};
    assert_int_equal(call("loop", 0, false, &lim, NULL, NULL), HL_ELIMIT);
    assert_int_equal(log_.last_status[HL_AUDIT_RUN], HL_ELIMIT);
    assert_int_equal(log_.last_limit[HL_AUDIT_RUN], HL_LIMIT_KIND_REDUCTIONS);
    assert_int_equal(log_.run_reductions, 1000);
    assert_int_equal(hl_compile(engine, "bad.erl", "-module(", 8, NULL, &m, NULL), HL_ECOMPILE);
    assert_int_equal(log_.last_status[HL_AUDIT_COMPILE], HL_ECOMPILE);
    /* removed: nothing more is recorded */
    assert_int_equal(hl_engine_set_audit(engine, NULL, NULL), HL_OK);
    int runs = log_.n[HL_AUDIT_RUN];
    assert_int_equal(call("fast", 0, false, NULL, NULL, NULL), HL_OK);
    assert_int_equal(log_.n[HL_AUDIT_RUN], runs);
    hl_engine_set_audit(engine, on_audit, &log_);
}

/* guest -> host: a fun never leaves, whatever holds it */
static void sanitized_leaving(void **state) {
    (void)state;
    static const char *const fns[] = {"fun_result", "fun_in_list"};
    for (int i = 0; i < 2; i++) {
        hl_value *r = NULL;
        hl_error *err = NULL;
        assert_int_equal(hl_run(mod, fns[i], NULL, 0, NULL, &r, &err), HL_EREJECTED);
        assert_null(r);
        assert_non_null(strstr(hl_error_message(err), "fun or an internal handle"));
        hl_error_free(err);
    }
    /* to a binding: the guest gets badarg, the callback is never entered */
    hl_value *r = NULL;
    assert_int_equal(hl_run(mod, "fun_arg", NULL, 0, NULL, &r, NULL), HL_OK);
    const char *name = NULL;
    size_t len = 0;
    assert_int_equal(hl_value_get_atom(r, &name, &len), HL_OK);
    assert_int_equal(len, 7);
    assert_memory_equal(name, "refused", 7);
    hl_value_free(r);
    /* in an exception's reason: the part is refused, its text kept */
    hl_error *err = NULL;
    assert_int_equal(hl_run(mod, "fun_reason", NULL, 0, NULL, &r, &err), HL_EEXCEPTION);
    hl_value *part = NULL;
    assert_int_equal(hl_error_exception_value(err, HL_EXCEPTION_REASON, &part), HL_EREJECTED);
    assert_null(part);
    const char *reason = NULL;
    assert_int_equal(hl_error_exception(err, NULL, &reason, NULL), HL_OK);
    assert_non_null(strstr(reason, "#Fun<"));
    hl_error_free(err);
}

/* host -> guest: no constructor makes a fun, a pid, a reference or a port */
static void sanitized_entering(void **state) {
    (void)state;
    static const char *const texts[] = {"fun() -> ok end", "fun lists:map/2", "<0.1.0>", "#Ref<0.1.2.3>",
                                        "#Port<0.5>", "#Fun<erl_eval.1.2>", "[1, fun() -> ok end]"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        hl_value *v = NULL;
        hl_error *err = NULL;
        assert_int_equal(hl_value_parse(mod, texts[i], strlen(texts[i]), &v, &err), HL_EREJECTED);
        assert_null(v);
        hl_error_free(err);
    }
    /* JSON has no such terms at all: a JSON document is always data */
    hl_value *v = NULL;
    assert_int_equal(hl_value_from_json("\"#Fun<m.1.2>\"", 13, &v, NULL), HL_OK);
    assert_int_equal(hl_value_kind_of(v), HL_VALUE_BINARY);
    hl_value_free(v);
}

/* Host atoms: a call may pass atoms the program never names (hl run FILE f hello). */
static void host_atoms_enter(void **state) {
    (void)state;
    static const char s3[] = "-module(h).\n-export([f/1]).\nf(X) -> {got, X}.\n";
    hl_module *m = NULL;
    assert_int_equal(hl_compile(engine, "h.erl", s3, sizeof s3 - 1, NULL, &m, NULL), HL_OK);
    hl_value *a = NULL, *r = NULL;
    assert_int_equal(hl_value_atom(m, "hello_from_the_host", 19, &a), HL_OK);
    assert_int_equal(hl_run(m, "f", &a, 1, NULL, &r, NULL), HL_OK);
    char *t = NULL;
    hl_value_to_text(r, 0, &t, NULL);
    assert_string_equal(t, "{got,hello_from_the_host}");
    hl_free(t);
    hl_value_free(a), hl_value_free(r);
    hl_module_free(m);
}

/* A tenant's calls report their usage too, and are audited with the tenant. */
static void tenant_usage(void **state) {
    (void)state;
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(mod, NULL, &t), HL_OK);
    uint32_t big = 0, slow = 0;
    assert_int_equal(hl_module_function(mod, "big", 1, &big, NULL), HL_OK);
    assert_int_equal(hl_module_function(mod, "slow", 1, &slow, NULL), HL_OK);
    hl_value *n = NULL, *r = NULL;
    hl_value_int(100000, &n);
    memset(&log_, 0, sizeof log_);
    assert_int_equal(hl_tenant_call(t, big, &n, 1, &r, NULL), HL_OK);
    hl_value_free(r);
    hl_usage u;
    assert_int_equal(hl_tenant_usage(t, &u), HL_OK);
    assert_int_equal(u.reductions, hl_tenant_reductions(t));
    assert_true(u.peak_heap_bytes >= 1600000); /* 100,000 cons cells */
    assert_true(u.wall_ns > 0);
    assert_int_equal(log_.n[HL_AUDIT_RUN], 1);
    assert_ptr_equal(log_.last_tenant, t);
    assert_int_equal(log_.run_reductions, u.reductions);
    /* a warm call starts its own count */
    hl_value_free(n);
    hl_value_int(1, &n);
    assert_int_equal(hl_tenant_call(t, slow, &n, 1, &r, NULL), HL_OK);
    hl_value_free(r);
    assert_int_equal(hl_tenant_usage(t, &u), HL_OK);
    assert_true(u.peak_heap_bytes < 1600000);
    assert_int_equal(u.binding_calls, 1);
    hl_value_free(n);
    hl_tenant_free(t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(usage_of_a_run),    cmocka_unit_test(bindings_and_deadlines),
        cmocka_unit_test(audit_records),     cmocka_unit_test(sanitized_leaving),
        cmocka_unit_test(sanitized_entering), cmocka_unit_test(host_atoms_enter),
        cmocka_unit_test(tenant_usage),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
