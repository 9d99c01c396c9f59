/* test_parse.c — the parser, the AST and the canonical AST dump.
 *
 * Expected dumps come from OTP 25 (tests/oracle/ast_dump.escript): the
 * precedence table below was produced with it (locations stripped), and
 * tests/data/parse/cases.{erl,ast} is a whole file and OTP's dump of it.
 * Also: every rejection with its exact location, ?MODULE, error recovery,
 * depth bombs (100,000 levels of each nesting construct), fault injection,
 * and 100,000 distinct atoms (the front end has no global table at all:
 * grep for "static" in src/front shows only constant tables). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/mem.h"
#include "front/ast.h"
#include "front/front.h"

static hl_front_limits limits(void) {
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    return lim;
}

/* Parses src; returns the dump (or NULL on errors) and the rendered
 * diagnostics in *errs. Both malloc'ed by the buffer (free with hl_mem_free). */
static char *parse_with(const char *src, size_t len, const hl_front_limits *lim, char **errs) {
    hl_front_result *r = hl_front_parse(src, len, lim);
    assert_non_null(r);
    hl_buf e;
    hl_buf_init(&e, 0);
    hl_diags_render(&r->diags, "t.erl", &e);
    char *out = NULL;
    if (hl_diags_errors(&r->diags) == 0) {
        hl_buf b;
        hl_buf_init(&b, 0);
        assert_true(hl_front_dump(r, &b));
        out = b.data ? b.data : hl_mem_calloc(1, 1);
    }
    hl_front_free(r);
    if (errs) *errs = e.data ? e.data : hl_mem_calloc(1, 1);
    else hl_buf_free(&e);
    return out;
}

static char *parse(const char *src, char **errs) {
    hl_front_limits lim = limits();
    return parse_with(src, strlen(src), &lim, errs);
}

/* Drops every {Line,Col} location (and the comma after it) from a dump. */
static void strip_locations(char *s) {
    char *w = s;
    for (char *r = s; *r;) {
        if (r[0] == '{' && r[1] >= '0' && r[1] <= '9') {
            char *q = r + 1;
            while (*q >= '0' && *q <= '9') q++;
            if (*q == ',') {
                q++;
                while (*q >= '0' && *q <= '9') q++;
                if (*q == '}' && q[1] == ',') {
                    r = q + 2;
                    continue;
                }
            }
        }
        *w++ = *r++;
    }
    *w = '\0';
}

/* ---- precedence and associativity (expected: OTP 25) ------------------- */

static const struct { const char *expr, *want; } prec_cases[] = {
    {"1 + 2 * 3", "{op,'+',{integer,1},{op,'*',{integer,2},{integer,3}}}"},
    {"1 * 2 + 3", "{op,'+',{op,'*',{integer,1},{integer,2}},{integer,3}}"},
    {"1 - 2 - 3", "{op,'-',{op,'-',{integer,1},{integer,2}},{integer,3}}"},
    {"a ++ b ++ c", "{op,'++',{atom,a},{op,'++',{atom,b},{atom,c}}}"},
    {"a -- b -- c", "{op,'--',{atom,a},{op,'--',{atom,b},{atom,c}}}"},
    {"a = b = c", "{match,{atom,a},{match,{atom,b},{atom,c}}}"},
    {"a ! b ! c", "{op,'!',{atom,a},{op,'!',{atom,b},{atom,c}}}"},
    {"a = b ! c", "{match,{atom,a},{op,'!',{atom,b},{atom,c}}}"},
    {"a orelse b orelse c", "{op,'orelse',{atom,a},{op,'orelse',{atom,b},{atom,c}}}"},
    {"a andalso b andalso c", "{op,'andalso',{atom,a},{op,'andalso',{atom,b},{atom,c}}}"},
    {"a orelse b andalso c", "{op,'orelse',{atom,a},{op,'andalso',{atom,b},{atom,c}}}"},
    {"a andalso b orelse c", "{op,'orelse',{op,'andalso',{atom,a},{atom,b}},{atom,c}}"},
    {"a == b andalso c", "{op,'andalso',{op,'==',{atom,a},{atom,b}},{atom,c}}"},
    {"a < b + 1", "{op,'<',{atom,a},{op,'+',{atom,b},{integer,1}}}"},
    {"- a + b", "{op,'+',{op,'-',{atom,a}},{atom,b}}"},
    {"- a * b", "{op,'*',{op,'-',{atom,a}},{atom,b}}"},
    {"not a == b", "{op,'==',{op,'not',{atom,a}},{atom,b}}"},
    {"bnot 1 bsl 2", "{op,'bsl',{op,'bnot',{integer,1}},{integer,2}}"},
    {"a + b ++ c", "{op,'++',{op,'+',{atom,a},{atom,b}},{atom,c}}"},
    {"a ++ b == c", "{op,'==',{op,'++',{atom,a},{atom,b}},{atom,c}}"},
    {"catch a + b", "{'catch',{op,'+',{atom,a},{atom,b}}}"},
    {"catch a = b", "{'catch',{match,{atom,a},{atom,b}}}"},
    {"a = catch b", "{match,{atom,a},{'catch',{atom,b}}}"},
    {"a + catch b", "{op,'+',{atom,a},{'catch',{atom,b}}}"},
    {"- catch a", "{op,'-',{'catch',{atom,a}}}"},
    {"X#r.a + 1", "{op,'+',{record_field,{var,'X'},r,{atom,a}},{integer,1}}"},
    {"- X#r.a", "{op,'-',{record_field,{var,'X'},r,{atom,a}}}"},
    {"m:f(1) * 2", "{op,'*',{call,{remote,{atom,m},{atom,f}},[{integer,1}]},{integer,2}}"},
    {"a / b div c rem d", "{op,'rem',{op,'div',{op,'/',{atom,a},{atom,b}},{atom,c}},{atom,d}}"},
    {"a band b or c", "{op,'or',{op,'band',{atom,a},{atom,b}},{atom,c}}"},
    {"a bor b and c", "{op,'bor',{atom,a},{op,'and',{atom,b},{atom,c}}}"},
    {"a xor b and c", "{op,'xor',{atom,a},{op,'and',{atom,b},{atom,c}}}"},
    {"#{} # {}", "{map,{map,[]},[]}"},
};

static void test_precedence_matches_otp(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof prec_cases / sizeof prec_cases[0]; i++) {
        char src[256];
        snprintf(src, sizeof src, "-module(p).\nf() -> %s.\n", prec_cases[i].expr);
        char *errs;
        char *out = parse(src, &errs);
        if (!out) fail_msg("%s: %s", prec_cases[i].expr, errs);
        strip_locations(out);
        const char *body = strstr(out, "{function,f,0,[{clause,[],[],[");
        assert_non_null(body);
        body += strlen("{function,f,0,[{clause,[],[],[");
        size_t n = strlen(body);
        assert_true(n > 6);
        char got[512];
        snprintf(got, sizeof got, "%.*s", (int)(n - 6), body); /* drop "]}]}.\n" */
        if (strcmp(got, prec_cases[i].want) != 0)
            fail_msg("%s\n  got  %s\n  want %s", prec_cases[i].expr, got, prec_cases[i].want);
        hl_mem_free(out);
        hl_mem_free(errs);
    }
}

/* ---- a whole file against OTP's dump -------------------------------------- */

static char *read_file(const char *rel, size_t *len) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", HL_SOURCE_DIR, rel);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *d = malloc((size_t)n + 1);
    assert_non_null(d);
    assert_int_equal(fread(d, 1, (size_t)n, f), (size_t)n);
    d[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return d;
}

static void test_cases_file_matches_otp(void **state) {
    (void)state;
    size_t n, m;
    char *src = read_file("tests/data/parse/cases.erl", &n);
    char *want = read_file("tests/data/parse/cases.ast", &m);
    hl_front_limits lim = limits();
    char *errs;
    char *got = parse_with(src, n, &lim, &errs);
    if (!got) fail_msg("%s", errs);
    /* compare line by line for a readable failure */
    const char *g = got, *w = want;
    int line = 1;
    while (*g || *w) {
        const char *ge = strchr(g, '\n'), *we = strchr(w, '\n');
        size_t gl = ge ? (size_t)(ge - g) : strlen(g), wl = we ? (size_t)(we - w) : strlen(w);
        if (gl != wl || memcmp(g, w, gl) != 0)
            fail_msg("form %d differs:\n  got  %.*s\n  want %.*s", line, (int)gl, g, (int)wl, w);
        g += gl + (ge ? 1 : 0);
        w += wl + (we ? 1 : 0);
        line++;
    }
    assert_true(line > 80);
    hl_mem_free(got);
    hl_mem_free(errs);
    free(src);
    free(want);
}

/* ---- mutated forms: the first error is OTP's ------------------------------- */

static void test_mutants_first_error_matches_otp(void **state) {
    (void)state;
    size_t n;
    char *all = read_file("tests/data/parse/mutants.txt", &n);
    hl_front_limits lim = limits();
    const char *marker = "%%% EXPECT ";
    char *at = strstr(all, marker);
    int cases = 0;
    while (at) {
        char *want = at + strlen(marker);
        char *eol = strchr(want, '\n');
        assert_non_null(eol);
        *eol = '\0';
        char *src = eol + 1;
        char *next = strstr(src, marker);
        size_t len = next ? (size_t)(next - src) : strlen(src);
        hl_front_result *r = hl_front_parse(src, len, &lim);
        assert_non_null(r);
        char got[600];
        if (r->diags.count == 0) snprintf(got, sizeof got, "OK");
        else
            snprintf(got, sizeof got, "%u:%u: %s", (unsigned)r->diags.items[0].line,
                     (unsigned)r->diags.items[0].col, r->diags.items[0].message);
        if (strcmp(got, want) != 0) fail_msg("case %d:\n%.*s\n  got  %s\n  want %s", cases, (int)len, src, got, want);
        hl_front_free(r);
        cases++;
        at = next;
    }
    assert_true(cases > 600);
    free(all);
}

/* ---- rejections, each with its exact location ------------------------------ */

static const struct { const char *src, *want; } reject_cases[] = {
    /* syntax errors: messages and locations as erl_parse reports them */
    {"f() -> 1 + .", "t.erl:2:12: error: syntax error before: '.'\n"},
    {"f() -> a == b == c.", "t.erl:2:15: error: syntax error before: '=='\n"},
    {"f() -> f()().", "t.erl:2:11: error: syntax error before: '('\n"},
    {"f() -> [1, 2.", "t.erl:2:13: error: syntax error before: '.'\n"},
    {"j(X!Y) -> ok.", "t.erl:2:4: error: syntax error before: '!'\n"},
    {"j(catch X) -> ok.", "t.erl:2:3: error: syntax error before: 'catch'\n"},
    {"j(m:f) -> ok.", "t.erl:2:4: error: syntax error before: ':'\n"},
    {"k() -> case X of end.", "t.erl:2:18: error: syntax error before: 'end'\n"},
    {"l() -> ok\nm() -> ok.", "t.erl:3:1: error: syntax error before: m\n"},
    {"f() -> \"s\" 'a b'.", "t.erl:2:12: error: syntax error before: 'a b'\n"},
    {"f() -> 1 \"s\".", "t.erl:2:10: error: syntax error before: \"s\"\n"},
    {"f() -> ok", "t.erl:2:8: error: syntax error before: \n"},
    {".", "t.erl:2:1: error: syntax error before: '.'\n"},
    {"-spec F(x) -> ok.", "t.erl:2:7: error: syntax error before: F\n"},
    /* erl_parse's semantic errors */
    {"f(X) -> X;\ng(X) -> X.", "t.erl:3:1: error: head mismatch\n"},
    {"f(X) -> X;\nf(X, Y) -> Y.", "t.erl:3:1: error: head mismatch\n"},
    {"k() -> fun(X) -> X; (X, Y) -> Y end.", "t.erl:2:21: error: head mismatch\n"},
    {"-export(f/1).", "t.erl:2:9: error: bad Name/Arity\n"},
    {"-export([f]).", "t.erl:2:9: error: bad Name/Arity\n"},
    {"-export([1/2]).", "t.erl:2:10: error: bad function name\n"},
    {"-export([f/a]).", "t.erl:2:12: error: bad function arity\n"},
    {"-record(r, {a + 1}).", "t.erl:2:13: error: bad record field\n"},
    {"-record(1, {a}).", "t.erl:2:9: error: bad record declaration\n"},
    {"-behaviour(X).", "t.erl:2:12: error: bad attribute\n"},
    {"-vsn(f(1)).", "t.erl:2:6: error: bad attribute\n"},
    {"-doc a :: b.", "t.erl:2:2: error: bad attribute\n"},
    {"-spec f(X) -> X when foo(X).", "t.erl:2:22: error: unsupported constraint foo\n"},
    {"-spec f(X) -> X when _ :: integer().", "t.erl:2:22: error: bad type variable\n"},
    {"-spec f(<<_:8, Y:_*4>>) -> ok.", "t.erl:2:16: error: Bad binary type\n"},
    {"-spec f(x) -> ok; (x, y) -> ok.", "t.erl:2:19: error: spec has wrong arity\n"},
    /* erl_parse builds an attribute before it checks for the dot: a
     * missing dot turns into the attribute's own error */
    {"-export([f/1]) - spec f(x) -> y.", "t.erl:2:9: error: bad Name/Arity\n"},
    {"-doc \"x\" - spec g() -> a.", "t.erl:2:6: error: bad attribute\n"},
    {"-record(a + b, {f :: t, g}).", "t.erl:2:2: error: bad record declaration\n"},
    {"-record(a + b, {f, g}).", "t.erl:2:9: error: bad record declaration\n"},
    {"-export([f/1] :: ).", "t.erl:2:18: error: syntax error before: ')'\n"},
    {"-export([f/1] :: t).", "t.erl:2:2: error: bad attribute\n"},
    {"f() -> fun gen eval0.", "t.erl:2:16: error: syntax error before: eval0\n"},
    {"f() -> fun X eval0.", "t.erl:2:14: error: syntax error before: eval0\n"},
    {"-record(r).", "t.erl:2:9: error: bad record declaration\n"},
    {"-record(r, x).", "t.erl:2:12: error: bad record declaration\n"},
    {"-doc(a :: b).", "t.erl:2:2: error: bad attribute\n"},
    /* the sandbox's own rules */
    /* the preprocessor (epp's words and locations) */
    {"-include(\"x.hrl\").", "t.erl:2:10: error: can't find include file \"x.hrl\"\n"},
    {"-include_lib(\"x.hrl\").", "t.erl:2:14: error: can't find include lib \"x.hrl\"\n"},
    {"-ifdef(X).", "t.erl:3:1: error: unterminated '-ifdef'\n"},
    {"-ifndef(X).", "t.erl:3:1: error: unterminated '-ifndef'\n"},
    {"-if(true).", "t.erl:3:1: error: unterminated '-if'\n"},
    {"-else.", "t.erl:2:2: error: unbalanced '-else'\n"},
    {"-endif.", "t.erl:2:2: error: unbalanced '-endif'\n"},
    {"-elif(true).", "t.erl:2:2: error: unbalanced '-elif'\n"},
    {"-define(X, 1).\n-define(X, 2).", "t.erl:3:9: error: redefining macro 'X'\n"},
    {"-define(LINE, 1).", "t.erl:2:9: error: redefining predefined macro 'LINE'\n"},
    {"-define(F(X, X), X).", "t.erl:2:14: error: argument 'X' already used\n"},
    {"-define(X 1).", "t.erl:2:11: error: badly formed define: missing comma\n"},
    {"f() -> ?X(1).", "t.erl:2:9: error: undefined macro 'X/1'\n"},
    {"f() -> ??X.", "t.erl:2:9: error: illegal macro call '?'?''\n"},
    {"f() -> ?'a'.", "t.erl:2:9: error: undefined macro 'a'\n"},
    {"-define(F(X), X).\nf() -> ?F(1, 2).", "t.erl:3:9: error: argument mismatch for macro 'F'\n"},
    {"-define(F(X), X).\nf() -> ?F(1.", "t.erl:3:9: error: badly formed argument for macro 'F'\n"},
    {"-if(foo(1)).\n-endif.", "t.erl:2:2: error: badly formed 'if'\n"},
    {"-error(stop).", "t.erl:2:2: error: -error(stop).\n"},
    /* the sandbox's own rules */
    {"-module(again).", "t.erl:2:2: error: redefining module\n"},
    {"-on_load(f/0).", "t.erl:2:2: error: attribute -on_load is not allowed in a Hyperlang program\n"},
    {"-nifs([f/0]).", "t.erl:2:2: error: attribute -nifs is not allowed in a Hyperlang program\n"},
    {"-type t(_) :: atom().", "t.erl:2:9: error: bad type variable\n"},
    {"-type t(a) :: atom().", "t.erl:2:2: error: bad type declaration\n"},
    {"-import(l, [f]).", "t.erl:2:12: error: bad Name/Arity\n"},
    /* odd names are written as Erlang writes the atom: one line each */
    {"-'a\\nb c'(1).", "t.erl:2:2: error: attribute -'a\\nb c' is not allowed in a Hyperlang program\n"},
    {"f() -> ?'x y'.", "t.erl:2:9: error: undefined macro 'x y'\n"},
};

static void test_rejections_are_located(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof reject_cases / sizeof reject_cases[0]; i++) {
        char src[512];
        snprintf(src, sizeof src, "-module(m).\n%s\n", reject_cases[i].src);
        char *errs;
        char *out = parse(src, &errs);
        if (out) fail_msg("accepted: %s", reject_cases[i].src);
        if (strcmp(errs, reject_cases[i].want) != 0)
            fail_msg("%s\n  got  %s  want %s", reject_cases[i].src, errs, reject_cases[i].want);
        hl_mem_free(errs);
    }
}

static void test_module_first_and_module_macro(void **state) {
    (void)state;
    char *errs;
    char *out = parse("-export([f/0]).\n-module(m).\nf() -> ok.\n", &errs);
    assert_null(out);
    assert_string_equal(errs, "t.erl:1:1: error: no module definition\n"
                              "t.erl:2:2: error: -module must be the first form\n");
    hl_mem_free(errs);
    out = parse("f() -> ?MODULE.\n", &errs);
    assert_null(out);
    assert_string_equal(errs, "t.erl:1:1: error: no module definition\n"
                              "t.erl:1:9: error: undefined macro 'MODULE'\n");
    hl_mem_free(errs);
    out = parse("", &errs);
    assert_null(out);
    assert_string_equal(errs, "t.erl:1:1: error: no module definition\n");
    hl_mem_free(errs);
    /* ?MODULE is the module's atom, located at MODULE (as epp locates an
     * expansion at the macro's name), wherever an atom token may stand */
    out = parse("-module('my mod').\nf() -> {?MODULE, fun ?MODULE:f/0, ?MODULE:f()}.\n", &errs);
    assert_non_null(out);
    assert_non_null(strstr(out, "{tuple,{2,8},[{atom,{2,10},'my mod'},{'fun',{2,18},{function,"
                                "{atom,{2,23},'my mod'},{atom,{2,30},f},{integer,{2,32},0}}},"
                                "{call,{2,36},{remote,{2,42},{atom,{2,36},'my mod'},{atom,{2,43},f}},[]}]}"));
    hl_mem_free(out);
    hl_mem_free(errs);
}

static void test_error_recovery_reports_each_form(void **state) {
    (void)state;
    char *errs;
    char *out = parse("-module(m).\n"
                      "a() -> 1 + .\n"
                      "b() -> ok.\n"
                      "-include(\"x\").\n"
                      "c() -> ?LINE.\n"
                      "d(X) -> X;\ne(X) -> X.\n"
                      "f() -> ) .\n"
                      "g() -> ok.\n",
                      &errs);
    assert_null(out);
    assert_string_equal(errs, "t.erl:2:12: error: syntax error before: '.'\n"
                              "t.erl:4:10: error: can't find include file \"x\"\n"
                              "t.erl:7:1: error: head mismatch\n"
                              "t.erl:8:8: error: syntax error before: ')'\n");
    hl_mem_free(errs);
}

/* ---- depth bombs ----------------------------------------------------------- */

/* Builds "-module(m).\nf() -> " + open*n + middle + close*n + ".\n". */
static char *bomb(const char *open, const char *middle, const char *close, size_t n, size_t *len) {
    size_t lo = strlen(open), lm = strlen(middle), lc = strlen(close);
    size_t cap = 64 + n * (lo + lc) + lm;
    char *s = malloc(cap);
    assert_non_null(s);
    size_t k = (size_t)sprintf(s, "-module(m).\nf() -> ");
    for (size_t i = 0; i < n; i++) {
        memcpy(s + k, open, lo);
        k += lo;
    }
    memcpy(s + k, middle, lm);
    k += lm;
    for (size_t i = 0; i < n; i++) {
        memcpy(s + k, close, lc);
        k += lc;
    }
    k += (size_t)sprintf(s + k, ".\ng() -> ok.\n");
    *len = k;
    return s;
}

static void test_depth_bombs_give_one_diagnostic(void **state) {
    (void)state;
    static const struct { const char *open, *middle, *close; } bombs[] = {
        {"(", "1", ")"},
        {"[", "1", "]"},
        {"{", "1", "}"},
        {"begin ", "1", " end"},
        {"fun() -> ", "1", " end"},
        {"case 1 of _ -> ", "1", " end"},
        {"try ", "1", " after 2 end"},
        {"<<(", "1", ")>>"},
        {"#{1 => ", "1", "}"},
        {"1 + ", "1", ""},     /* a left-associative chain: node depth */
        {"", "1", " + 1"},
        {"X = ", "1", ""},     /* right-associative */
        {"a ++ ", "1", ""},
        {"- ", "1", ""},
        {"catch ", "1", ""},
        {"[1 | ", "[]", "]"},
        {"f(", "1", ")"},
        {"X#r{a = ", "1", "}"},
    };
    hl_front_limits lim = limits();
    for (size_t i = 0; i < sizeof bombs / sizeof bombs[0]; i++) {
        size_t len;
        char *src = bomb(bombs[i].open, bombs[i].middle, bombs[i].close, 100000, &len);
        hl_front_result *r = hl_front_parse(src, len, &lim);
        assert_non_null(r);
        if (r->diags.count != 1 || !strstr(r->diags.items[0].message, "nesting too deep"))
            fail_msg("bomb %zu (%s): %zu diagnostics, first: %s", i, bombs[i].open, r->diags.count,
                     r->diags.count ? r->diags.items[0].message : "-");
        assert_int_equal(r->diags.items[0].line, 2);
        hl_front_free(r);
        free(src);
    }
    /* the same constructs at a legal depth parse, and the AST depth stays
     * within max_depth plus a small constant */
    for (size_t i = 0; i < sizeof bombs / sizeof bombs[0]; i++) {
        size_t len;
        char *src = bomb(bombs[i].open, bombs[i].middle, bombs[i].close, 60, &len);
        hl_front_result *r = hl_front_parse(src, len, &lim);
        if (hl_diags_errors(&r->diags) != 0)
            fail_msg("depth 60 bomb %zu (%s): %s", i, bombs[i].open, r->diags.items[0].message);
        for (uint32_t f = 0; f < r->module->forms.count; f++)
            assert_true(r->module->forms.items[f]->depth <= lim.max_depth + 8);
        hl_buf b;
        hl_buf_init(&b, 0);
        assert_true(hl_front_dump(r, &b));
        hl_buf_free(&b);
        hl_front_free(r);
        free(src);
    }
}

static void test_type_depth_bomb(void **state) {
    (void)state;
    hl_front_limits lim = limits();
    size_t n = 100000;
    char *s = malloc(n * 12 + 64);
    size_t k = (size_t)sprintf(s, "-module(m).\n-spec f(");
    for (size_t i = 0; i < n; i++) k += (size_t)sprintf(s + k, "[");
    k += (size_t)sprintf(s + k, "a");
    for (size_t i = 0; i < n; i++) k += (size_t)sprintf(s + k, "]");
    k += (size_t)sprintf(s + k, ") -> ok.\n");
    hl_front_result *r = hl_front_parse(s, k, &lim);
    assert_int_equal(hl_diags_errors(&r->diags), 1);
    assert_non_null(strstr(r->diags.items[0].message, "nesting too deep"));
    hl_front_free(r);
    /* a long flat union is a loop, not nesting */
    k = (size_t)sprintf(s, "-module(m).\n-spec f(a");
    for (size_t i = 0; i < n; i++) k += (size_t)sprintf(s + k, " | a");
    k += (size_t)sprintf(s + k, ") -> ok.\n");
    r = hl_front_parse(s, k, &lim);
    assert_int_equal(hl_diags_errors(&r->diags), 0);
    hl_front_free(r);
    free(s);
}

/* Long flat sequences are arrays: no depth diagnostic at any length. */
static void test_flat_sequences_are_not_nesting(void **state) {
    (void)state;
    hl_front_limits lim = limits();
    size_t n = 200000;
    char *s = malloc(n * 4 + 64);
    static const char *const shapes[][2] = {{"[", "]"}, {"{", "}"}, {"begin ", " end"}, {"<<", ">>"}};
    for (size_t sh = 0; sh < 4; sh++) {
        size_t k = (size_t)sprintf(s, "-module(m).\nf() -> %s", shapes[sh][0]);
        for (size_t i = 0; i < n; i++) k += (size_t)sprintf(s + k, i ? ",1" : "1");
        k += (size_t)sprintf(s + k, "%s.\n", shapes[sh][1]);
        hl_front_result *r = hl_front_parse(s, k, &lim);
        if (hl_diags_errors(&r->diags) != 0) fail_msg("shape %zu: %s", sh, r->diags.items[0].message);
        hl_buf b;
        hl_buf_init(&b, 0);
        assert_true(hl_front_dump(r, &b));
        assert_true(b.len > n * 10);
        hl_buf_free(&b);
        hl_front_free(r);
    }
    free(s);
}

/* ---- hostile sizes and out of memory --------------------------------------- */

static const char mid_source[] =
    "-module(mid).\n"
    "-export([f/1, g/2]).\n"
    "-record(r, {a = 1 :: integer(), b = \"x\" :: string()}).\n"
    "-spec f(integer()) -> [integer()] | {error, term()}.\n"
    "f(N) when N > 0 -> [X * 2 || X <- lists:seq(1, N), X rem 2 =:= 0];\n"
    "f(_) -> {error, #{reason => bad, at => ?MODULE}}.\n"
    "g(A, B) -> try A + B of S -> <<S:32/little>> catch error:R:St -> {R, St} end.\n"
    "h() -> receive {x, Y} -> Y after 10 -> fun(Z) -> Z end end.\n"
    "i() -> case 1 of 1 -> ok; _ -> \"a\" \"b\" end, #r{a = 2}#r.a.\n"
    "j() -> 1 + .\n";

static void test_fault_injection_never_crashes_or_leaks(void **state) {
    (void)state;
    hl_front_limits lim = limits();
    size_t len = strlen(mid_source);
    uint64_t before = hl_mem_alloc_count();
    hl_front_result *r = hl_front_parse(mid_source, len, &lim);
    uint64_t needed = hl_mem_alloc_count() - before;
    assert_int_equal(hl_diags_errors(&r->diags), 1);
    hl_front_free(r);
    for (long n = 0; n <= (long)needed + 2; n++) {
        hl_mem_fail_after(n);
        r = hl_front_parse(mid_source, len, &lim);
        if (r) {
            assert_true(hl_diags_errors(&r->diags) >= 1); /* j/0 or out of memory */
            hl_buf b;
            hl_buf_init(&b, 0);
            hl_front_dump(r, &b);
            hl_buf_free(&b);
            hl_front_free(r);
        }
        hl_mem_fail_after(-1);
    }
    /* a memory cap (arena) gives a diagnostic, not a crash */
    lim.max_memory_bytes = 4096;
    r = hl_front_parse(mid_source, len, &lim);
    assert_non_null(r);
    assert_true(hl_diags_errors(&r->diags) >= 1);
    hl_front_free(r);
}

/* 100,000 distinct atoms parse without touching any global table: the front
 * end has no global mutable state (names are arena byte strings), so there
 * is nothing to count; this checks the parse is clean and leak-free (ASan). */
static void test_many_distinct_atoms(void **state) {
    (void)state;
    hl_front_limits lim = limits();
    size_t n = 100000;
    char *s = malloc(n * 16 + 64);
    size_t k = (size_t)sprintf(s, "-module(m).\nf() -> [");
    for (size_t i = 0; i < n; i++) k += (size_t)sprintf(s + k, "%sa%zu", i ? "," : "", i);
    k += (size_t)sprintf(s + k, "].\n");
    hl_front_result *r = hl_front_parse(s, k, &lim);
    assert_int_equal(hl_diags_errors(&r->diags), 0);
    const hl_ast *f = r->module->forms.items[1];
    const hl_ast *list = f->u.function.clauses.items[0]->u.clause.body.items[0];
    assert_int_equal(list->kind, HL_AST_CONS);
    assert_int_equal(list->u.cons.items.count, n);
    const hl_ast *last = list->u.cons.items.items[n - 1];
    assert_int_equal(last->kind, HL_AST_ATOM);
    assert_int_equal(last->u.name.len, 6);
    assert_memory_equal(last->u.name.ptr, "a99999", 6);
    hl_front_free(r);
    free(s);
}

static void test_string_concatenation_is_bounded(void **state) {
    (void)state;
    hl_front_limits lim = limits();
    lim.max_string_chars = 10;
    const char *src = "-module(m).\nf() -> \"abcdef\" \"ghijkl\".\ng() -> \"abcde\" \"fghij\".\n";
    char *errs;
    char *out = parse_with(src, strlen(src), &lim, &errs);
    assert_null(out);
    assert_string_equal(errs, "t.erl:2:8: error: string literal too long (limit 10 characters)\n");
    hl_mem_free(errs);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_precedence_matches_otp),
        cmocka_unit_test(test_cases_file_matches_otp),
        cmocka_unit_test(test_rejections_are_located),
        cmocka_unit_test(test_mutants_first_error_matches_otp),
        cmocka_unit_test(test_module_first_and_module_macro),
        cmocka_unit_test(test_error_recovery_reports_each_form),
        cmocka_unit_test(test_depth_bombs_give_one_diagnostic),
        cmocka_unit_test(test_type_depth_bomb),
        cmocka_unit_test(test_flat_sequences_are_not_nesting),
        cmocka_unit_test(test_fault_injection_never_crashes_or_leaks),
        cmocka_unit_test(test_many_distinct_atoms),
        cmocka_unit_test(test_string_concatenation_is_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
