/* test_policy.c — policy documents (include/hyperlang.h, docs/policy.md):
 * every limit read and applied, a per-call setting that may only lower
 * what the policy allows (compile options and run limits), located errors
 * (syntax: line and column; schema: path, line and column, the nearest key
 * as a hint), capabilities granted or refused, mounts validated and refused
 * at use, bindings granted by the policy and no others, and every example
 * of docs/policy.md loading, and docs/examples/policy.c running. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hyperlang.h"

/* The documented example, compiled here so it cannot rot. */
int example_main(void);
#define main example_main
#include "../../docs/examples/policy.c"
#undef main

static hl_policy *load_ok(const char *text) {
    hl_policy *p = NULL;
    hl_error *err = NULL;
    hl_status s = hl_policy_from_json("p.json", text, strlen(text), &p, &err);
    if (s != HL_OK) fprintf(stderr, "unexpected: %s\n", err ? hl_error_message(err) : hl_status_name(s));
    assert_int_equal(s, HL_OK);
    assert_null(err);
    return p;
}

/* Loading fails; the one diagnostic is at line:col and its message holds want. */
static void load_bad(const char *text, uint32_t line, uint32_t col, const char *want) {
    hl_policy *p = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_policy_from_json("p.json", text, strlen(text), &p, &err), HL_EMISUSE);
    assert_null(p);
    assert_non_null(err);
    assert_int_equal(hl_error_diagnostic_count(err), 1);
    uint32_t l = 0, c = 0;
    const char *msg = NULL;
    assert_int_equal(hl_error_diagnostic(err, 0, &l, &c, &msg), HL_OK);
    if (!strstr(msg, want) || l != line || c != col)
        fprintf(stderr, "got %u:%u %s\nmessage: %s\n", l, c, msg, hl_error_message(err));
    assert_non_null(strstr(msg, want));
    assert_int_equal(l, line);
    assert_int_equal(c, col);
    assert_non_null(strstr(hl_error_message(err), "p.json:"));
    hl_error_free(err);
}

static void every_limit_applied(void **state) {
    (void)state;
    hl_policy *p = load_ok("{\"version\": 1,\n"
                           " \"limits\": {\"compile\": {\"source_bytes\": 1000, \"tokens\": 2000, \"depth\": 50,\n"
                           "   \"string_chars\": 300, \"integer_digits\": 40, \"memory_bytes\": 5000000,\n"
                           "   \"diagnostics\": 7, \"stack_bytes\": 200000, \"work\": 90000, \"wall_ms\": 800,\n"
                           "   \"atoms\": 600},\n"
                           "  \"run\": {\"max_reductions\": 1234, \"max_heap_bytes\": 1048576, \"timeout_ms\": 900,\n"
                           "   \"max_host_atoms\": 16}},\n"
                           " \"output\": {\"max_bytes\": 77}}");
    hl_compile_options *o = NULL;
    assert_int_equal(hl_policy_compile_options(p, &o, NULL), HL_OK);
    static const uint64_t want[] = {1000, 2000, 50, 300, 40, 5000000, 7, 200000, 90000, 800, 600};
    for (unsigned w = 0; w <= HL_LIMIT_ATOMS; w++) {
        uint64_t v = 0;
        assert_int_equal(hl_compile_options_get_limit(o, (hl_compile_limit)w, &v), HL_OK);
        assert_int_equal(v, want[w]);
    }
    hl_compile_options_free(o);
    hl_run_limits lim;
    assert_int_equal(hl_policy_run_limits(p, NULL, &lim, NULL), HL_OK);
    assert_int_equal(lim.max_reductions, 1234);
    assert_int_equal(lim.max_heap_bytes, 1048576);
    assert_int_equal(lim.timeout_ms, 900);
    assert_int_equal(lim.max_output_bytes, 77);
    hl_policy_free(p);
    /* an empty document is the default policy */
    p = load_ok("{}");
    assert_int_equal(hl_policy_run_limits(p, NULL, &lim, NULL), HL_OK);
    assert_int_equal(lim.max_reductions, HL_RUN_DEFAULT_MAX_REDUCTIONS);
    assert_int_equal(lim.max_output_bytes, HL_RUN_DEFAULT_MAX_OUTPUT_BYTES);
    hl_policy_free(p);
}

static void per_call_may_only_lower(void **state) {
    (void)state;
    hl_policy *p = load_ok("{\"limits\": {\"compile\": {\"work\": 90000},"
                           " \"run\": {\"max_reductions\": 5000, \"timeout_ms\": 900}}}");
    /* run limits: lower is taken, higher refused naming the limit */
    hl_run_limits req = {100, 0, 0, 0}, lim;
    assert_int_equal(hl_policy_run_limits(p, &req, &lim, NULL), HL_OK);
    assert_int_equal(lim.max_reductions, 100);
    assert_int_equal(lim.timeout_ms, 900);
    req = (hl_run_limits){0, 0, 901, 0};
    hl_error *err = NULL;
    assert_int_equal(hl_policy_run_limits(p, &req, &lim, &err), HL_EMISUSE);
    assert_non_null(strstr(hl_error_message(err), "timeout_ms 901 is above the policy's 900"));
    hl_error_free(err);
    /* compile options from the policy: lower is fine, higher refused */
    hl_compile_options *o = NULL;
    assert_int_equal(hl_policy_compile_options(p, &o, NULL), HL_OK);
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_WORK, 80000), HL_OK);
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_WORK, 90000), HL_OK);
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_WORK, 90001), HL_EMISUSE);
    /* a limit the policy leaves at its default is capped at the default */
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_DEPTH, 1000), HL_EMISUSE);
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_DEPTH, 100), HL_OK);
    /* no binding the policy does not grant */
    assert_int_equal(hl_compile_options_grant_binding(o, "host", "add", 2), HL_EMISUSE);
    hl_compile_options_free(o);

    /* a tenant's limits from the policy: the same rule */
    hl_limits *tl = NULL;
    assert_int_equal(hl_policy_limits(p, &tl), HL_OK);
    uint64_t v = 0;
    assert_int_equal(hl_limits_get(tl, HL_LIMIT_REDUCTIONS, &v), HL_OK);
    assert_int_equal(v, 5000);
    assert_int_equal(hl_limits_get(tl, HL_LIMIT_HOST_ATOMS, &v), HL_OK);
    assert_int_equal(v, HL_RUN_DEFAULT_MAX_HOST_ATOMS);
    assert_int_equal(hl_limits_set(tl, HL_LIMIT_REDUCTIONS, 4000), HL_OK);
    assert_int_equal(hl_limits_set(tl, HL_LIMIT_REDUCTIONS, 5001), HL_EMISUSE);
    assert_int_equal(hl_limits_set(tl, HL_LIMIT_TIMEOUT_MS, 901), HL_EMISUSE);
    assert_int_equal(hl_limits_set(tl, HL_LIMIT_HOST_ATOMS, HL_RUN_DEFAULT_MAX_HOST_ATOMS + 1), HL_EMISUSE);
    hl_limits_free(tl);

    /* and the run really stops at the policy's reductions, not the call's wish */
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    static const char src[] = "-module(m).\n-export([loop/0]).\nloop() -> loop().\n";
    hl_module *m = NULL;
    assert_int_equal(hl_compile(e, "m.erl", src, sizeof src - 1, NULL, &m, NULL), HL_OK);
    hl_value *r = NULL;
    hl_usage u;
    assert_int_equal(hl_run_policy(m, p, "loop", NULL, 0, NULL, &r, NULL, NULL, &u, &err), HL_ELIMIT);
    assert_int_equal(hl_error_limit(err), HL_LIMIT_KIND_REDUCTIONS);
    assert_int_equal(u.reductions, 5000);
    hl_error_free(err);
    req = (hl_run_limits){50000, 0, 0, 0};
    assert_int_equal(hl_run_policy(m, p, "loop", NULL, 0, &req, &r, NULL, NULL, &u, &err), HL_EMISUSE);
    assert_int_equal(u.reductions, 0); /* refused before it ran */
    hl_error_free(err);
    hl_module_free(m);
    hl_engine_free(e);
    hl_policy_free(p);
}

static void errors_are_located(void **state) {
    (void)state;
    /* syntax: Jansson's position */
    load_bad("{\n  \"limits\": {\"run\": {\"max_reductions\": 5,}}\n}", 2, 42, "'}' expected");
    /* an unknown key: its path, its position, the nearest known key */
    load_bad("{\n  \"limits\": {\n    \"run\": {\"max_reductionz\": 5}\n  }\n}", 3, 13,
             "$.limits.run.max_reductionz: unknown key (did you mean \"max_reductions\"?)");
    load_bad("{\"colour\": 1}", 1, 2, "$.colour: unknown key (known here: version limits output");
    /* values */
    load_bad("{\"limits\": {\"run\": {\"timeout_ms\": 0}}}", 1, 21, "$.limits.run.timeout_ms: must be a positive integer");
    load_bad("{\"limits\": {\"run\": {\"timeout_ms\": 1.5}}}", 1, 21, "must be a positive integer");
    load_bad("{\"limits\": {\"compile\": {\"depth\": 5000}}}", 1, 25, "$.limits.compile.depth: out of range");
    load_bad("{\"limits\": {\"run\": {\"timeout_ms\": 99999999999}}}", 1, 21, "out of range");
    load_bad("{\"version\": 2}", 1, 2, "$.version: this version reads policy documents of version 1");
    load_bad("{\"bindings\": [\"host:add/2\", \"nocolon\"]}", 1, 2, "$.bindings[1]: a binding is a string");
    load_bad("{\"bindings\": [\"lists:map/2\"]}", 1, 2, "lists:map/2 cannot be a binding");
    load_bad("[1, 2]", 1, 1, "$: must be an object");
    /* a limit given twice is a mistake, not "the last wins" */
    load_bad("{\"output\": {\"max_bytes\": 5, \"max_bytes\": 6}}", 1, 39, "duplicate object key");
    load_bad("", 1, 1, "'[' or '{' expected");
}

static void capabilities(void **state) {
    (void)state;
    hl_policy *p = load_ok("{\"capabilities\": [\"processes\"]}");
    assert_int_equal(hl_policy_has_capability(p, "processes"), 1);
    assert_int_equal(hl_policy_has_capability(p, "clocks"), 0);
    hl_error *err = NULL;
    /* clocks and random are granted through the policy too */
    assert_int_equal(hl_policy_grant(p, "clocks", &err), HL_OK);
    assert_int_equal(hl_policy_has_capability(p, "clocks"), 1);
    assert_int_equal(hl_policy_grant(p, "random", &err), HL_OK);
    assert_int_equal(hl_policy_has_capability(p, "random"), 1);
    assert_int_equal(hl_policy_has_capability(p, "files"), 0);
    assert_int_equal(hl_policy_grant(p, "files", &err), HL_OK);
    assert_int_equal(hl_policy_has_capability(p, "files"), 1);
    assert_int_equal(hl_policy_grant(p, "telepathy", &err), HL_EMISUSE);
    assert_non_null(strstr(hl_error_message(err), "unknown capability"));
    hl_error_free(err);
    hl_policy_free(p);
    load_bad("{\"capabilities\": [\"disks\"]}", 1, 2, "$.capabilities[0]: unknown capability \"disks\"");
    hl_policy *q = NULL;
    assert_int_equal(hl_policy_new(&q), HL_OK);
    assert_int_equal(hl_policy_grant(q, "processes", NULL), HL_OK);
    assert_int_equal(hl_policy_has_capability(q, "processes"), 1);
    hl_policy_free(q);
}

/* Mounts are checked when read, grant "files", and are opened by each run
 * and by hl_policy_limits: a host directory that cannot be opened is
 * refused there, naming the mount (tests/unit/test_files.c runs guests
 * over real ones). */
static void mounts_validated(void **state) {
    (void)state;
    hl_policy *p = load_ok("{\"mounts\": [{\"host\": \"/nonexistent/hl-data\", \"guest\": \"/data\", \"mode\": \"ro\",\n"
                           "  \"quota\": {\"bytes_written\": 1000, \"files\": 10, \"largest_file\": 100}}]}");
    assert_int_equal(hl_policy_has_capability(p, "files"), 1);
    hl_compile_options *o = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_policy_compile_options(p, &o, &err), HL_OK);
    hl_limits *l = NULL;
    assert_int_equal(hl_policy_limits(p, &l), HL_EMISUSE);
    assert_null(l);
    static const char src[] = "-module(m).\n-export([f/0]).\nf() -> file:read_file(\"/data/x\").\n";
    hl_module *m = NULL;
    hl_engine *eng = NULL;
    assert_int_equal(hl_engine_new(&eng), HL_OK);
    assert_int_equal(hl_compile(eng, "m.erl", src, strlen(src), o, &m, &err), HL_OK);
    hl_value *r = NULL;
    assert_int_equal(hl_run_policy(m, p, "f", NULL, 0, NULL, &r, NULL, NULL, NULL, &err), HL_EMISUSE);
    assert_non_null(strstr(hl_error_message(err), "mount /data: cannot open the host directory /nonexistent/hl-data"));
    hl_error_free(err);
    hl_module_free(m);
    hl_engine_free(eng);
    hl_compile_options_free(o);
    hl_policy_free(p);
    load_bad("{\"mounts\": [{\"host\": \"/srv\", \"guest\": \"/d\", \"mode\": \"rwx\"}]}", 1, 45, "$.mounts[0].mode: must be \"ro\" or \"rw\"");
    load_bad("{\"mounts\": [{\"host\": \"srv\", \"guest\": \"/d\"}]}", 1, 14, "$.mounts[0].host: must be an absolute host directory");
    load_bad("{\"mounts\": [{\"host\": \"/srv\", \"guest\": \"/d/../e\"}]}", 1, 30, "must not contain . or ..");
    load_bad("{\"mounts\": [{\"host\": \"/srv\", \"guest\": \"/d\", \"quota\": {\"files\": -1}}]}", 1, 55,
             "$.mounts[0].quota.files: must be a positive integer");
    load_bad("{\"mounts\": [{\"host\": \"/srv\", \"guest\": \"/d\", \"quota\": {\"bytes\": 1}}]}", 1, 55,
             "$.mounts[0].quota.bytes: unknown key");
}

static hl_status b_add(void *data, const hl_module *m, hl_value *const *args, uint32_t n, hl_value **out) {
    (void)data, (void)m, (void)n;
    int64_t a = 0, b = 0;
    hl_value_get_int(args[0], &a);
    hl_value_get_int(args[1], &b);
    return hl_value_int(a + b, out);
}

static void bindings_granted_by_the_policy(void **state) {
    (void)state;
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    assert_int_equal(hl_engine_register_binding(e, "host", "add", 2, b_add, NULL, NULL), HL_OK);
    assert_int_equal(hl_engine_register_binding(e, "host", "sub", 2, b_add, NULL, NULL), HL_OK);
    hl_policy *p = load_ok("{\"bindings\": [\"host:add/2\"]}");
    hl_compile_options *o = NULL;
    assert_int_equal(hl_policy_compile_options(p, &o, NULL), HL_OK);
    static const char ok_src[] = "-module(m).\n-export([f/0]).\nf() -> host:add(2, 3).\n";
    static const char bad_src[] = "-module(m).\n-export([f/0]).\nf() -> host:sub(2, 3).\n";
    hl_module *m = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_compile(e, "m.erl", ok_src, sizeof ok_src - 1, o, &m, NULL), HL_OK);
    hl_value *r = NULL;
    assert_int_equal(hl_run_policy(m, p, "f", NULL, 0, NULL, &r, NULL, NULL, NULL, NULL), HL_OK);
    int64_t v = 0;
    assert_int_equal(hl_value_get_int(r, &v), HL_OK);
    assert_int_equal(v, 5);
    hl_value_free(r);
    hl_module_free(m);
    assert_int_equal(hl_compile(e, "m.erl", bad_src, sizeof bad_src - 1, o, &m, &err), HL_ECOMPILE);
    assert_non_null(strstr(hl_error_message(err), "host:sub/2"));
    hl_error_free(err);
    hl_compile_options_free(o);
    hl_policy_free(p);
    hl_engine_free(e);
}

/* Every ```json block of docs/policy.md loads (the bad examples there are
 * in ```text blocks). */
static void documented_examples_load(void **state) {
    (void)state;
    FILE *f = fopen(HL_SOURCE_DIR "/docs/policy.md", "rb");
    assert_non_null(f);
    static char doc[1 << 16];
    size_t n = fread(doc, 1, sizeof doc - 1, f);
    fclose(f);
    doc[n] = '\0';
    int blocks = 0;
    for (char *s = strstr(doc, "```json\n"); s; s = strstr(s, "```json\n")) {
        s += 8;
        char *end = strstr(s, "```");
        assert_non_null(end);
        hl_policy *p = NULL;
        hl_error *err = NULL;
        hl_status st = hl_policy_from_json("docs/policy.md", s, (size_t)(end - s), &p, &err);
        if (st != HL_OK) fprintf(stderr, "example %d: %s\n", blocks + 1, hl_error_message(err));
        assert_int_equal(st, HL_OK);
        hl_error_free(err);
        hl_policy_free(p);
        blocks++;
        s = end + 3;
    }
    assert_true(blocks >= 3);
}

static void documented_program_runs(void **state) {
    (void)state;
    assert_int_equal(example_main(), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(documented_program_runs),
        cmocka_unit_test(every_limit_applied),
        cmocka_unit_test(per_call_may_only_lower),
        cmocka_unit_test(errors_are_located),
        cmocka_unit_test(capabilities),
        cmocka_unit_test(mounts_validated),
        cmocka_unit_test(bindings_granted_by_the_policy),
        cmocka_unit_test(documented_examples_load),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
