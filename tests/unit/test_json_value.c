/* test_json_value.c — JSON at the boundary (hl_value_from_json,
 * hl_value_to_json; docs/embedding.md "JSON"): the documented mapping both
 * ways, what is refused (with the path), the depth and size bounds, and
 * hostile text (random bytes, deep nesting, huge numbers) ending in a clean
 * error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/mem.h"
#include "hyperlang.h"

static hl_value *from(const char *json) {
    hl_value *v = NULL;
    hl_error *err = NULL;
    hl_status s = hl_value_from_json(json, strlen(json), &v, &err);
    if (s != HL_OK) fprintf(stderr, "%s: %s\n", json, err ? hl_error_message(err) : hl_status_name(s));
    assert_int_equal(s, HL_OK);
    return v;
}

static void text_is(const hl_value *v, const char *want) {
    char *t = NULL;
    assert_int_equal(hl_value_to_text(v, 0, &t, NULL), HL_OK);
    if (strcmp(t, want) != 0) fprintf(stderr, "got  %s\nwant %s\n", t, want);
    assert_string_equal(t, want);
    hl_free(t);
}

static void json_is(const hl_value *v, const char *want) {
    char *t = NULL;
    size_t n = 0;
    hl_error *err = NULL;
    hl_status s = hl_value_to_json(v, &t, &n, &err);
    if (s != HL_OK) fprintf(stderr, "%s\n", hl_error_message(err));
    assert_int_equal(s, HL_OK);
    if (strcmp(t, want) != 0) fprintf(stderr, "got  %s\nwant %s\n", t, want);
    assert_string_equal(t, want);
    assert_int_equal(n, strlen(want));
    hl_free(t);
}

static void mapping_from_json(void **state) {
    (void)state;
    static const struct {
        const char *json, *erlang;
    } cases[] = {
        {"{\"a\": [1, -2, 2.5, true, false, null, \"x\"]}", "#{<<97>> => [1,-2,2.5,true,false,null,<<120>>]}"},
        {"[]", "[]"},
        {"{}", "#{}"},
        {"\"h\\u00e9\\n\"", "<<104,195,169,10>>"},
        {"\"a\\u0000b\"", "<<97,0,98>>"},
        {"9223372036854775807", "9223372036854775807"},
        {"-9223372036854775808", "-9223372036854775808"},
        {"1e3", "1.0e3"},
        {"0.1", "0.1"},
        {"[[[]]]", "[[[]]]"},
        {"{\"k\": 1, \"k\": 2}", "#{<<107>> => 2}"}, /* the last wins, as OTP 27's json:decode */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hl_value *v = from(cases[i].json);
        text_is(v, cases[i].erlang);
        hl_value_free(v);
    }
}

static void mapping_to_json(void **state) {
    (void)state;
    static const struct {
        const char *erlang, *json;
    } cases[] = {
        {"[1, -2, 2.5, true, false, null, undefined]", "[1,-2,2.5,true,false,null,\"undefined\"]"},
        {"123456789012345678901234567890", "123456789012345678901234567890"},
        {"-123456789012345678901234567890", "-123456789012345678901234567890"},
        {"1.0e20", "1.0e20"},
        {"\"abc\"", "[97,98,99]"}, /* a charlist is a list of integers, as in OTP 27's json */
        {"[]", "[]"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hl_value *v = NULL;
        assert_int_equal(hl_value_parse(NULL, cases[i].erlang, strlen(cases[i].erlang), &v, NULL), HL_OK);
        json_is(v, cases[i].json);
        hl_value_free(v);
    }
    /* map keys: binaries, atoms and integers; strings escaped */
    hl_value *k[3], *vals[3];
    hl_value_binary("q\"\\\n\x01", 5, &k[0]);
    hl_value_atom(NULL, "name", 4, &k[1]);
    hl_value_int(7, &k[2]);
    for (int i = 0; i < 3; i++) hl_value_int(i, &vals[i]);
    hl_value *m = NULL;
    assert_int_equal(hl_value_map(k, vals, 3, &m), HL_OK);
    char *t = NULL;
    assert_int_equal(hl_value_to_json(m, &t, NULL, NULL), HL_OK);
    assert_non_null(strstr(t, "\"q\\\"\\\\\\n\\u0001\":0"));
    assert_non_null(strstr(t, "\"name\":1"));
    assert_non_null(strstr(t, "\"7\":2"));
    hl_free(t);
    hl_value_free(m);
    for (int i = 0; i < 3; i++) hl_value_free(k[i]), hl_value_free(vals[i]);
    /* a round trip keeps the value */
    hl_value *v = from("{\"list\": [1, 2.5, \"s\", {\"deep\": [true, null]}], \"n\": -1}");
    assert_int_equal(hl_value_to_json(v, &t, NULL, NULL), HL_OK);
    hl_value *back = from(t);
    char *t1 = NULL, *t2 = NULL;
    hl_value_to_text(v, 0, &t1, NULL);
    hl_value_to_text(back, 0, &t2, NULL);
    assert_string_equal(t1, t2);
    hl_free(t), hl_free(t1), hl_free(t2);
    hl_value_free(v), hl_value_free(back);
}

static void refused_with_path(void **state) {
    (void)state;
    static const struct {
        const char *erlang, *why;
    } cases[] = {
        {"{a, 1}", "a tuple (JSON has no tuples) at $"},
        {"[1, [2, {x}]]", "a tuple (JSON has no tuples) at $[1][1]"},
        {"[1 | 2]", "an improper list at $"},
        {"<<255, 0>>", "a binary that is not UTF-8 text at $"},
        {"[<<\"ok\">>, <<192>>]", "not UTF-8 text at $[1]"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hl_value *v = NULL;
        assert_int_equal(hl_value_parse(NULL, cases[i].erlang, strlen(cases[i].erlang), &v, NULL), HL_OK);
        char *t = NULL;
        hl_error *err = NULL;
        assert_int_equal(hl_value_to_json(v, &t, NULL, &err), HL_EREJECTED);
        assert_null(t);
        if (!strstr(hl_error_message(err), cases[i].why)) fprintf(stderr, "%s\n", hl_error_message(err));
        assert_non_null(strstr(hl_error_message(err), cases[i].why));
        hl_error_free(err);
        hl_value_free(v);
    }
    /* a map key that is not a binary, atom or integer; a value under a key */
    hl_value *v = from("{\"a\": {\"b\": [0]}}");
    hl_value_free(v);
    hl_value *k = NULL, *val = NULL, *m = NULL;
    hl_value_parse(NULL, "{1}", 3, &k, NULL);
    hl_value_int(1, &val);
    hl_value_map(&k, &val, 1, &m);
    hl_error *err = NULL;
    char *t = NULL;
    assert_int_equal(hl_value_to_json(m, &t, NULL, &err), HL_EREJECTED);
    assert_non_null(strstr(hl_error_message(err), "a map key that is not a binary, an atom or an integer"));
    hl_error_free(err);
    hl_value_free(k), hl_value_free(val), hl_value_free(m);
}

static hl_status bad_json(const char *text, size_t len, const char *want) {
    hl_value *v = NULL;
    hl_error *err = NULL;
    hl_status s = hl_value_from_json(text, len, &v, &err);
    assert_null(v);
    assert_non_null(err);
    if (want && !strstr(hl_error_message(err), want)) fprintf(stderr, "%s\n", hl_error_message(err));
    if (want) assert_non_null(strstr(hl_error_message(err), want));
    hl_error_free(err);
    return s;
}

static char *nested(size_t depth, char open, char close) {
    char *s = malloc(2 * depth + 1);
    memset(s, open, depth);
    memset(s + depth, close, depth);
    s[2 * depth] = '\0';
    return s;
}

static void bounds(void **state) {
    (void)state;
    /* depth: 512 levels are fine, 513 are not, and 100,000 are refused by
     * the parser (no deep recursion anywhere) */
    char *ok = nested(HL_JSON_MAX_DEPTH, '[', ']');
    hl_value *v = from(ok);
    char *t = NULL;
    assert_int_equal(hl_value_to_json(v, &t, NULL, NULL), HL_OK);
    assert_string_equal(t, ok);
    hl_free(t);
    hl_value_free(v);
    free(ok);
    char *deep = nested(HL_JSON_MAX_DEPTH + 1, '[', ']');
    assert_int_equal(bad_json(deep, strlen(deep), "HL_JSON_MAX_DEPTH"), HL_EREJECTED);
    free(deep);
    deep = nested(100000, '[', ']');
    assert_int_equal(bad_json(deep, strlen(deep), "JSON:1:"), HL_EREJECTED);
    free(deep);
    /* a guest-made term deeper than the bound is refused on the way out */
    static const char src[] =
        "-module(m).\n-export([deep/1]).\ndeep(0) -> [];\ndeep(N) -> [deep(N - 1)].\n";
    hl_engine *e = NULL;
    hl_module *m = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    assert_int_equal(hl_compile(e, "m.erl", src, sizeof src - 1, NULL, &m, NULL), HL_OK);
    hl_value *n = NULL, *r = NULL;
    hl_value_int(100000, &n);
    assert_int_equal(hl_run(m, "deep", &n, 1, NULL, &r, NULL), HL_OK);
    hl_error *err = NULL;
    assert_int_equal(hl_value_to_json(r, &t, NULL, &err), HL_EREJECTED);
    assert_non_null(strstr(hl_error_message(err), "HL_JSON_MAX_DEPTH"));
    hl_error_free(err);
    hl_value_free(r), hl_value_free(n);
    hl_module_free(m);
    hl_engine_free(e);
    /* size: text over HL_JSON_MAX_BYTES is refused before it is parsed */
    size_t big = HL_JSON_MAX_BYTES + 1;
    char *huge = malloc(big);
    memset(huge, ' ', big);
    huge[0] = '1';
    assert_int_equal(bad_json(huge, big, "HL_JSON_MAX_BYTES"), HL_EREJECTED);
    free(huge);
    /* and a value whose JSON would pass it is refused on the way out */
    size_t blen = (size_t)6 << 20;
    char *bytes = malloc(blen);
    memset(bytes, 1, blen); /* each byte becomes \u0001: six bytes of JSON */
    hl_value *b = NULL;
    assert_int_equal(hl_value_binary(bytes, blen, &b), HL_OK);
    free(bytes);
    assert_int_equal(hl_value_to_json(b, &t, NULL, &err), HL_EREJECTED);
    assert_non_null(strstr(hl_error_message(err), "HL_JSON_MAX_BYTES"));
    hl_error_free(err);
    hl_value_free(b);
}

static void hostile_text(void **state) {
    (void)state;
    assert_int_equal(bad_json("{\"a\": }", 7, "JSON:1:7:"), HL_EREJECTED);
    assert_int_equal(bad_json("[1, 2", 5, "JSON:1:"), HL_EREJECTED);
    assert_int_equal(bad_json("", 0, "JSON:"), HL_EREJECTED);
    /* beyond int64: Jansson refuses it; never a wrong number */
    assert_int_equal(bad_json("123456789012345678901234567890", 30, "too big"), HL_EREJECTED);
    assert_int_equal(bad_json("1e999", 5, "overflow"), HL_EREJECTED);
    assert_int_equal(bad_json("\"\\ud800\"", 8, "JSON:"), HL_EREJECTED); /* a lone surrogate */
    assert_int_equal(bad_json("\"\xff\"", 3, "JSON:"), HL_EREJECTED);     /* not UTF-8 */
    assert_int_equal(bad_json("NaN", 3, "JSON:"), HL_EREJECTED);
    /* random bytes: a value or a clean refusal, never a crash */
    uint32_t x = 12345;
    char buf[64];
    for (int round = 0; round < 2000; round++) {
        size_t n = (size_t)(round % 63);
        for (size_t i = 0; i < n; i++) {
            x = x * 1103515245u + 12345u;
            buf[i] = "[]{}\",:0123456789.eE-+tfnrulsa \\u"[(x >> 16) % 34];
        }
        hl_value *v = NULL;
        hl_error *err = NULL;
        hl_status s = hl_value_from_json(buf, n, &v, &err);
        assert_true(s == HL_OK || s == HL_EREJECTED);
        if (s == HL_OK) {
            char *t = NULL;
            assert_int_equal(hl_value_to_json(v, &t, NULL, NULL), HL_OK);
            hl_free(t);
        }
        hl_value_free(v);
        hl_error_free(err);
    }
    assert_int_equal(hl_value_from_json(NULL, 3, NULL, NULL), HL_EMISUSE);
}

/* JSON values go into a run and back: the guest sees maps with binary keys. */
static void through_a_run(void **state) {
    (void)state;
    static const char src[] = "-module(m).\n-export([price/1]).\n"
                              "price(#{<<\"qty\">> := Q, <<\"unit\">> := U}) ->\n"
                              "    #{<<\"total\">> => Q * U, <<\"ok\">> => true, <<\"note\">> => null}.\n";
    hl_engine *e = NULL;
    hl_module *m = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    assert_int_equal(hl_compile(e, "m.erl", src, sizeof src - 1, NULL, &m, NULL), HL_OK);
    hl_value *arg = from("{\"qty\": 3, \"unit\": 2.5}"), *r = NULL;
    assert_int_equal(hl_run(m, "price", &arg, 1, NULL, &r, NULL), HL_OK);
    json_is(r, "{\"note\":null,\"ok\":true,\"total\":7.5}");
    hl_value_free(r), hl_value_free(arg);
    hl_module_free(m);
    hl_engine_free(e);
}

/* Every allocation failure on the way in and out (and in a policy's
 * loading) ends in HL_ENOMEM, nothing leaked (the sanitizer build checks). */
static void out_of_memory(void **state) {
    (void)state;
    static const char doc[] = "{\"a\": [1, 2.5, \"a long string of more than sixty-four bytes, so off the heap....\","
                              " null, {\"b\": -9223372036854775808}], \"c\": true}";
    static const char pol[] = "{\"limits\": {\"run\": {\"max_reductions\": 5}, \"compile\": {\"work\": 9}},"
                              " \"bindings\": [\"kv:get/1\"], \"capabilities\": [\"processes\"],"
                              " \"mounts\": [{\"host\": \"/a\", \"guest\": \"/b\"}]}";
    bool in_done = false, out_done = false, pol_done = false;
    for (long n = 0; n < 100000 && !(in_done && out_done && pol_done); n++) {
        hl_value *v = NULL;
        hl_error *err = NULL;
        char *t = NULL;
        hl_mem_fail_after(n);
        hl_status s = hl_value_from_json(doc, sizeof doc - 1, &v, &err);
        hl_mem_fail_after(-1);
        assert_true(s == HL_OK || s == HL_ENOMEM);
        hl_error_free(err);
        err = NULL;
        if (s == HL_OK) {
            in_done = true;
            hl_mem_fail_after(n);
            s = hl_value_to_json(v, &t, NULL, &err);
            hl_mem_fail_after(-1);
            assert_true(s == HL_OK || s == HL_ENOMEM);
            if (s == HL_OK) out_done = true;
            hl_free(t);
            hl_error_free(err);
            err = NULL;
        }
        hl_value_free(v);
        hl_policy *p = NULL;
        hl_mem_fail_after(n);
        s = hl_policy_from_json("p", pol, sizeof pol - 1, &p, &err);
        hl_mem_fail_after(-1);
        assert_true(s == HL_OK || s == HL_ENOMEM);
        if (s == HL_OK) pol_done = true;
        hl_policy_free(p);
        hl_error_free(err);
    }
    assert_true(in_done && out_done && pol_done);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mapping_from_json), cmocka_unit_test(mapping_to_json), cmocka_unit_test(refused_with_path),
        cmocka_unit_test(bounds),            cmocka_unit_test(hostile_text),    cmocka_unit_test(through_a_run),
        cmocka_unit_test(out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
