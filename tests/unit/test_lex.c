/* test_lex.c — the Erlang lexer (src/front/lex*.c): agreement with OTP 25's
 * erl_scan on the committed samples (each tests/data/lex/NAME.erl against
 * the NAME.tokens that tests/oracle/lex_dump.escript made), every token kind and
 * escape, values, positions and spans, error locations and resumption,
 * invalid UTF-8, the limits, and allocation failure at every point. */
#define _POSIX_C_SOURCE 200809L  /* strdup, clock_gettime */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "base/mem.h"
#include "front/lex.h"
#include "lex_dump.h"

/* ---- helpers ------------------------------------------------------------- */

typedef struct lexed {
    hl_arena arena;
    hl_diags diags;
    hl_token_vec toks;
    bool ok;
} lexed;

static void lex_n(lexed *r, const char *src, size_t len, const hl_front_limits *lim) {
    hl_front_limits def;
    if (!lim) {
        hl_front_limits_default(&def);
        lim = &def;
    }
    hl_arena_init(&r->arena, lim->max_memory_bytes);
    hl_diags_init(&r->diags, lim->max_diagnostics);
    r->toks = (hl_token_vec){0};
    r->ok = hl_lex(src, len, lim, &r->arena, &r->diags, &r->toks);
}

static void lex_s(lexed *r, const char *src) { lex_n(r, src, strlen(src), NULL); }

static void done(lexed *r) {
    hl_token_vec_free(&r->toks);
    hl_diags_free(&r->diags);
    hl_arena_free(&r->arena);
}

/* The canonical dump of `src` (see lex_dump.h), caller frees. */
static char *dump_of(const char *src, size_t len) {
    lexed r;
    lex_n(&r, src, len, NULL);
    hl_buf b;
    hl_buf_init(&b, 0);
    lex_dump(&b, &r.toks, &r.diags);
    done(&r);
    assert_false(b.failed);
    hl_buf_putc(&b, '\0');
    return b.data;
}

static void expect_dump(const char *src, const char *want) {
    char *got = dump_of(src, strlen(src));
    if (strcmp(got, want) != 0) {
        print_error("source: %s\nwant:\n%s\ngot:\n%s\n", src, want, got);
        hl_mem_free(got);
        fail();
    }
    hl_mem_free(got);
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    hl_buf b;
    hl_buf_init(&b, 0);
    char tmp[65536];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) hl_buf_append(&b, tmp, n);
    fclose(f);
    *len = b.len;
    hl_buf_putc(&b, '\0');
    return b.data;
}

/* ---- oracle agreement ---------------------------------------------------- */

static int cmp_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void test_oracle_samples(void **state) {
    (void)state;
    const char *dir = HL_SOURCE_DIR "/tests/data/lex";
    DIR *d = opendir(dir);
    assert_non_null(d);
    char *names[512];
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < 512) {
        size_t l = strlen(e->d_name);
        if (l > 4 && strcmp(e->d_name + l - 4, ".erl") == 0) names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_names);
    assert_true(n >= 40);
    int failures = 0;
    for (size_t i = 0; i < n; i++) {
        char path[1024];
        size_t slen, tlen;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        char *src = read_file(path, &slen);
        assert_non_null(src);
        snprintf(path, sizeof path, "%s/%.*s.tokens", dir, (int)(strlen(names[i]) - 4), names[i]);
        char *want = read_file(path, &tlen);
        if (!want) {
            print_error("missing %s\n", path);
            failures++;
            hl_mem_free(src);
            continue;
        }
        char *got = dump_of(src, slen);
        if (strcmp(got, want) != 0) {
            /* Show the first differing line. */
            const char *g = got, *w = want;
            int line = 1;
            while (*g && *g == *w) {
                if (*g == '\n') line++;
                g++, w++;
            }
            print_error("%s: differs from erl_scan at dump line %d\n", names[i], line);
            failures++;
        }
        hl_mem_free(got);
        hl_mem_free(want);
        hl_mem_free(src);
        free(names[i]);
    }
    assert_int_equal(failures, 0);
}

/* ---- every kind ---------------------------------------------------------- */

static void test_every_token_kind(void **state) {
    (void)state;
    static const struct {
        const char *src;
        hl_token_kind kind;
    } cases[] = {
        {"abc", HL_TOK_ATOM}, {"'a b'", HL_TOK_ATOM}, {"X", HL_TOK_VAR}, {"_", HL_TOK_VAR},
        {"12", HL_TOK_INTEGER}, {"1.5", HL_TOK_FLOAT}, {"$a", HL_TOK_CHAR}, {"\"s\"", HL_TOK_STRING},
        {"after", HL_TOK_AFTER}, {"and", HL_TOK_AND}, {"andalso", HL_TOK_ANDALSO},
        {"band", HL_TOK_BAND}, {"begin", HL_TOK_BEGIN}, {"bnot", HL_TOK_BNOT}, {"bor", HL_TOK_BOR},
        {"bsl", HL_TOK_BSL}, {"bsr", HL_TOK_BSR}, {"bxor", HL_TOK_BXOR}, {"case", HL_TOK_CASE},
        {"catch", HL_TOK_CATCH}, {"cond", HL_TOK_COND}, {"div", HL_TOK_DIV}, {"end", HL_TOK_END},
        {"fun", HL_TOK_FUN}, {"if", HL_TOK_IF}, {"let", HL_TOK_LET}, {"not", HL_TOK_NOT},
        {"of", HL_TOK_OF}, {"or", HL_TOK_OR}, {"orelse", HL_TOK_ORELSE},
        {"receive", HL_TOK_RECEIVE}, {"rem", HL_TOK_REM}, {"try", HL_TOK_TRY},
        {"when", HL_TOK_WHEN}, {"xor", HL_TOK_XOR},
        {"(", HL_TOK_LPAREN}, {")", HL_TOK_RPAREN}, {"[", HL_TOK_LBRACKET}, {"]", HL_TOK_RBRACKET},
        {"{", HL_TOK_LBRACE}, {"}", HL_TOK_RBRACE}, {",", HL_TOK_COMMA}, {";", HL_TOK_SEMI},
        {".", HL_TOK_DOT}, {". ", HL_TOK_DOT}, {".\n", HL_TOK_DOT}, {".%", HL_TOK_DOT},
{"..", HL_TOK_DOTDOT}, {"...", HL_TOK_DOTDOTDOT},
        {":", HL_TOK_COLON}, {"::", HL_TOK_COLONCOLON}, {"|", HL_TOK_BAR}, {"||", HL_TOK_BARBAR},
        {"->", HL_TOK_ARROW}, {"#", HL_TOK_HASH}, {"?", HL_TOK_QUESTION}, {"<<", HL_TOK_LTLT},
        {">>", HL_TOK_GTGT}, {"<-", HL_TOK_LARROW}, {"<=", HL_TOK_LARROW2}, {"=>", HL_TOK_MAPSTO},
        {":=", HL_TOK_ASSOC}, {"!", HL_TOK_BANG}, {"=", HL_TOK_MATCH}, {"?=", HL_TOK_QMATCH},
        {"+", HL_TOK_PLUS}, {"-", HL_TOK_MINUS}, {"*", HL_TOK_STAR}, {"/", HL_TOK_SLASH},
        {"++", HL_TOK_PLUSPLUS}, {"--", HL_TOK_MINUSMINUS}, {"==", HL_TOK_EQ}, {"/=", HL_TOK_NE},
        {"=<", HL_TOK_LE}, {"<", HL_TOK_LT}, {">=", HL_TOK_GE}, {">", HL_TOK_GT},
        {"=:=", HL_TOK_EXACT_EQ}, {"=/=", HL_TOK_EXACT_NE},
    };
    bool seen[HL_TOK__COUNT] = {false};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lexed r;
        lex_s(&r, cases[i].src);
        assert_true(r.ok);
        assert_int_equal(r.diags.count, 0);
        if (r.toks.count != 2 || r.toks.items[0].kind != cases[i].kind)
            print_error("%s: got %s\n", cases[i].src, hl_token_kind_name(r.toks.items[0].kind));
        assert_int_equal(r.toks.count, 2);
        assert_int_equal(r.toks.items[0].kind, cases[i].kind);
        assert_int_equal(r.toks.items[0].line, 1);
        assert_int_equal(r.toks.items[0].col, 1);
        assert_int_equal(r.toks.items[0].offset, 0);
        assert_int_equal(r.toks.items[1].kind, HL_TOK_EOF);
        seen[cases[i].kind] = true;
        done(&r);
    }
    expect_dump("X.a", "1:1 var \"X\"\n1:2 .\n1:3 atom \"a\"\n1:4 eof\n");
    seen[HL_TOK_PERIOD] = true;
    /* Every kind but "??" (erl_scan makes two '?' tokens) and EOF appears. */
    for (int k = 0; k < HL_TOK__COUNT; k++)
        if (k != HL_TOK_QUESTION2 && k != HL_TOK_EOF && !seen[k])
            print_error("kind %s not covered\n", hl_token_kind_name((hl_token_kind)k)), fail();
    expect_dump("??", "1:1 ?\n1:2 ?\n1:3 eof\n");
    /* maybe/else are plain atoms in OTP 25's default. */
    expect_dump("maybe else", "1:1 atom \"maybe\"\n1:7 atom \"else\"\n1:11 eof\n");
}

/* ---- values -------------------------------------------------------------- */

static void test_names_are_arena_strings(void **state) {
    (void)state;
    lexed r;
    lex_s(&r, "abc 'x\\0y' Var _ 'ü' ÿö");
    assert_true(r.ok);
    assert_int_equal(r.toks.count, 7);
    const hl_token *t = r.toks.items;
    assert_string_equal(t[0].v.text.ptr, "abc");
    assert_int_equal(t[0].v.text.len, 3);
    assert_int_equal(t[1].v.text.len, 3);
    assert_memory_equal(t[1].v.text.ptr, "x\0y", 4); /* NUL inside, NUL after */
    assert_string_equal(t[2].v.text.ptr, "Var");
    assert_string_equal(t[3].v.text.ptr, "_");
    assert_string_equal(t[4].v.text.ptr, "\xc3\xbc");
    assert_int_equal(t[5].kind, HL_TOK_ATOM);
    assert_string_equal(t[5].v.text.ptr, "\xc3\xbf\xc3\xb6");
    assert_int_equal(t[5].col, 22);
    assert_int_equal(t[5].offset, 22);
    assert_int_equal(t[5].length, 4);
    done(&r);
    /* A name is a copy, not a pointer into the source. */
    char src[] = "name";
    lex_s(&r, src);
    const char *p = r.toks.items[0].v.text.ptr;
    assert_true(p < src || p >= src + sizeof src);
    done(&r);
}

static void test_integer_values(void **state) {
    (void)state;
    lexed r;
    lex_s(&r, "0 9223372036854775807 9223372036854775808 1_000 16#7fffffffffffffff "
              "16#8000000000000000 36#zz 2#1111 0000000000000000000000000000042 "
              "100000000000000000000000000000000000000 16#FFFFFFFFFFFFFFFFFFFFFFFF");
    assert_true(r.ok);
    const hl_token *t = r.toks.items;
    assert_int_equal(r.toks.count, 12);
    assert_int_equal(t[0].v.i, 0);
    assert_int_equal(t[1].big, 0);
    assert_int_equal(t[1].v.i, INT64_MAX);
    assert_int_equal(t[2].big, 1);
    assert_int_equal(t[2].v.text.len, 19);
    assert_memory_equal(t[2].v.text.ptr, "9223372036854775808", 19);
    assert_int_equal(t[3].v.i, 1000);
    assert_int_equal(t[4].v.i, INT64_MAX);
    assert_int_equal(t[5].big, 1);
    assert_memory_equal(t[5].v.text.ptr, "9223372036854775808", 19);
    assert_int_equal(t[6].v.i, 35 * 36 + 35);
    assert_int_equal(t[7].v.i, 15);
    assert_int_equal(t[8].big, 0);
    assert_int_equal(t[8].v.i, 42);
    assert_int_equal(t[9].big, 1);
    assert_int_equal(t[9].v.text.len, 39);
    assert_int_equal(t[10].big, 1);
    assert_string_equal(t[10].v.text.ptr, "79228162514264337593543950335");
    assert_int_equal(t[10].length, strlen("16#FFFFFFFFFFFFFFFFFFFFFFFF"));
    done(&r);
}

static void test_float_values(void **state) {
    (void)state;
    lexed r;
    lex_s(&r, "1.5 1.0e10 1.0E-3 2.5e+3 1_0.0_1e1_0 0.1 4.9e-324 1.0e-400 "
              "1.7976931348623157e308");
    assert_true(r.ok);
    const hl_token *t = r.toks.items;
    assert_int_equal(r.toks.count, 10);
    assert_true(t[0].v.f == 1.5);
    assert_true(t[1].v.f == 1.0e10);
    assert_true(t[2].v.f == 1.0e-3);
    assert_true(t[3].v.f == 2.5e3);
    assert_true(t[4].v.f == 10.01e10);
    assert_true(t[5].v.f == 0.1);
    assert_true(t[6].v.f == 4.9e-324);
    assert_true(t[7].v.f == 0.0);
    assert_true(t[8].v.f == 1.7976931348623157e308);
    done(&r);
    expect_dump("1.0e309", "1:1 error illegal float\n1:8 eof\n");
}

static void test_float_ignores_locale(void **state) {
    (void)state;
    static const char *const comma_locales[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8",
                                                "ru_RU.UTF-8", "nl_NL.UTF-8"};
    const char *set = NULL;
    for (size_t i = 0; i < sizeof comma_locales / sizeof comma_locales[0] && !set; i++)
        set = setlocale(LC_NUMERIC, comma_locales[i]);
    lexed r;
    lex_s(&r, "3.25 1.5e3");
    assert_true(r.ok);
    assert_true(r.toks.items[0].v.f == 3.25);
    assert_true(r.toks.items[1].v.f == 1500.0);
    done(&r);
    setlocale(LC_NUMERIC, "C");
    if (!set) print_message("(no decimal-comma locale installed: checked in C only)\n");
}

static void test_char_and_string_values(void **state) {
    (void)state;
    lexed r;
    lex_s(&r, "$a $\\n $\\x{1F600} $\\^A $\\101 $  $\\s $\\d $\\e $\\^? $😀 "
              "\"a\\x{41}\\101\\^Z\\t\\\\\\z😀\"");
    assert_true(r.ok);
    static const int64_t chars[] = {'a', 10, 0x1F600, 1, 65, ' ', ' ', 127, 27, 31, 0x1F600};
    for (size_t i = 0; i < 11; i++) {
        assert_int_equal(r.toks.items[i].kind, HL_TOK_CHAR);
        assert_int_equal(r.toks.items[i].v.i, chars[i]);
    }
    const hl_token *s = &r.toks.items[11];
    assert_int_equal(s->kind, HL_TOK_STRING);
    static const uint32_t want[] = {'a', 'A', 'A', 26, 9, '\\', 'z', 0x1F600};
    assert_int_equal(s->v.text.len, 8);
    assert_memory_equal(s->v.text.ptr, want, sizeof want);
    done(&r);
}

/* Every escape, in strings, quoted atoms and char literals alike. */
static void test_every_escape(void **state) {
    (void)state;
    static const struct {
        const char *esc;
        uint32_t value;
    } cases[] = {
        {"b", 8}, {"d", 127}, {"e", 27}, {"f", 12}, {"n", 10}, {"r", 13}, {"s", 32},
        {"t", 9}, {"v", 11}, {"'", '\''}, {"\"", '"'}, {"\\", '\\'}, {"q", 'q'}, {"0", 0},
        {"7", 7}, {"17", 15}, {"177", 127}, {"777", 511}, {"x41", 0x41}, {"xfF", 255},
        {"x{0}", 0}, {"x{10FFFF}", 0x10FFFF}, {"x{00000041}", 0x41}, {"^@", 0}, {"^a", 1},
        {"^Z", 26}, {"^[", 27}, {"^?", 31}, {"^1", 17}, {"\xc3\xa9", 0xE9},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char src[64];
        lexed r;
        snprintf(src, sizeof src, "$\\%s", cases[i].esc);
        lex_s(&r, src);
        assert_true(r.ok);
        assert_int_equal(r.toks.count, 2);
        assert_int_equal(r.toks.items[0].v.i, cases[i].value);
        done(&r);
        snprintf(src, sizeof src, "\"\\%s\"", cases[i].esc);
        lex_s(&r, src);
        assert_true(r.ok);
        assert_int_equal(r.toks.items[0].kind, HL_TOK_STRING);
        assert_int_equal(r.toks.items[0].v.text.len, 1);
        assert_int_equal(((const uint32_t *)r.toks.items[0].v.text.ptr)[0], cases[i].value);
        done(&r);
    }
    /* "\1011" is \101 then '1'. */
    lexed r;
    lex_s(&r, "\"\\1011\"");
    assert_int_equal(r.toks.items[0].v.text.len, 2);
    done(&r);
}

/* ---- positions ----------------------------------------------------------- */

static void test_positions_and_spans(void **state) {
    (void)state;
    const char *src = "a\tb\r\n  ñé = \"é\nx\" % c\n$\n .";
    lexed r;
    lex_s(&r, src);
    assert_true(r.ok);
    static const struct { uint32_t line, col, off, len; } want[] = {
        {1, 1, 0, 1}, {1, 3, 2, 1}, {2, 3, 7, 4}, {2, 6, 12, 1}, {2, 8, 14, 6},
        {4, 1, 25, 2}, {5, 2, 28, 1}, {5, 3, 29, 0},
    };
    assert_int_equal(r.toks.count, 8);
    for (size_t i = 0; i < 8; i++) {
        const hl_token *t = &r.toks.items[i];
        if (t->line != want[i].line || t->col != want[i].col || t->offset != want[i].off ||
            t->length != want[i].len)
            print_error("token %zu: %u:%u @%u+%u\n", i, t->line, t->col, t->offset, t->length),
                fail();
    }
    done(&r);
}

/* ---- errors -------------------------------------------------------------- */

static void test_error_locations(void **state) {
    (void)state;
    expect_dump("a\n  \"abc", "1:1 atom \"a\"\n2:3 error unterminated string starting with "
                             "\"abc\"\n2:7 eof\n");
    expect_dump("x 'ab", "1:1 atom \"x\"\n1:3 error unterminated atom starting with 'ab'\n1:6 eof\n");
    expect_dump("$", "1:1 error unterminated character\n1:2 eof\n");
    expect_dump("16#", "1:1 error illegal integer\n1:4 eof\n");
    expect_dump("37#1", "1:1 error illegal base '37'\n1:3 #\n1:4 integer 1\n1:5 eof\n");
    expect_dump("1.0e", "1:1 error illegal float\n1:5 eof\n");
    expect_dump("\"a\\x{zz}\"", "1:3 error illegal character\n1:6 atom \"zz\"\n1:8 }\n"
                                "1:9 error unterminated string starting with \"\"\n1:10 eof\n");
    expect_dump("f() -> \xc4\x80.\n", "1:1 atom \"f\"\n1:2 (\n1:3 )\n1:5 ->\n"
                                      "1:8 error illegal character\n1:9 dot\n2:1 eof\n");
    /* Several errors in one file. */
    expect_dump("\xc4\x80 16# 1.0e \xe2\x82\xac",
                "1:1 error illegal character\n1:3 error illegal integer\n"
                "1:7 error illegal float\n1:12 error illegal character\n1:13 eof\n");
}

/* Characters erl_scan turns into tokens no grammar rule accepts: rejected
 * here as illegal characters (same location, different wording). */
static void test_odd_punctuation(void **state) {
    (void)state;
    static const char *const odd[] = {"^", "\\", "`", "~", "&", "@", "\x7f", "\xc2\xa1",
                                      "\xc2\xbf", "\xc3\x97", "\xc3\xb7"};
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        char src[32];
        snprintf(src, sizeof src, "a %s b", odd[i]);
        expect_dump(src, "1:1 atom \"a\"\n1:3 error illegal character\n1:5 atom \"b\"\n1:6 eof\n");
    }
    /* NUL is white space to erl_scan (and erlc accepts it). */
    lexed r;
    lex_n(&r, "a\0b", 3, NULL);
    assert_true(r.ok);
    assert_int_equal(r.toks.count, 3);
    assert_int_equal(r.toks.items[1].col, 3);
    done(&r);
}

static void test_invalid_utf8(void **state) {
    (void)state;
    /* Stray continuation, overlong, encoded surrogate, truncated sequence,
     * bytes over F4: each an error at its place; lexing goes on. */
    expect_dump("a \x80 b", "1:1 atom \"a\"\n1:3 error invalid UTF-8\n1:5 atom \"b\"\n1:6 eof\n");
    expect_dump("a \xc0\xaf b", "1:1 atom \"a\"\n1:3 error invalid UTF-8\n1:6 atom \"b\"\n1:7 eof\n");
    expect_dump("\xed\xa0\x80 b", "1:1 error invalid UTF-8\n1:5 atom \"b\"\n1:6 eof\n");
    expect_dump("\xff\xfe b", "1:1 error invalid UTF-8\n1:2 error invalid UTF-8\n1:4 atom \"b\"\n1:5 eof\n");
    expect_dump("b \xe6\x97", "1:1 atom \"b\"\n1:3 error invalid UTF-8\n1:5 eof\n");
    expect_dump("\"a\xffz\" x", "1:1 string \"az\"\n1:3 error invalid UTF-8\n1:7 atom \"x\"\n1:8 eof\n");
    expect_dump("% \xff\nb", "1:3 error invalid UTF-8\n2:1 atom \"b\"\n2:2 eof\n");
    expect_dump("$\xff b", "1:2 error invalid UTF-8\n1:4 atom \"b\"\n1:5 eof\n");
    expect_dump("\"\\\xff\" b", "1:2 error illegal character\n1:3 error invalid UTF-8\n"
                                "1:4 error unterminated string starting with \" b\"\n1:7 eof\n");
    expect_dump("'\\^\xff' b", "1:2 error illegal character\n1:4 error invalid UTF-8\n"
                               "1:5 error unterminated atom starting with ' b'\n1:8 eof\n");
    expect_dump("\xc3", "1:1 error invalid UTF-8\n1:2 eof\n");
    expect_dump("\xc2", "1:1 error invalid UTF-8\n1:2 eof\n");
}

/* ---- limits -------------------------------------------------------------- */

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void test_million_digit_integer(void **state) {
    (void)state;
    size_t n = 1000000;
    char *src = hl_mem_alloc(n + 16);
    assert_non_null(src);
    memset(src, '7', n);
    memcpy(src + n, " x", 3);
    double t0 = now_s();
    lexed r;
    lex_n(&r, src, n + 2, NULL);
    double dt = now_s() - t0;
    assert_true(r.ok);               /* an error in the text, not a stop */
    assert_int_equal(r.diags.count, 1);
    assert_int_equal(r.diags.items[0].line, 1);
    assert_int_equal(r.diags.items[0].col, 1);
    assert_string_equal(r.diags.items[0].message,
                        "integer literal longer than the limit of 10000 digits");
    assert_int_equal(r.toks.count, 2);  /* x, EOF */
    assert_int_equal(r.toks.items[0].col, n + 2);
    done(&r);
    /* Same in base 16 and as a float. */
    memcpy(src, "16#", 3);
    lex_n(&r, src, n, NULL);
    assert_int_equal(r.diags.count, 1);
    done(&r);
    memcpy(src, "1.7", 3);
    lex_n(&r, src, n, NULL);
    assert_int_equal(r.diags.count, 1);
    assert_string_equal(r.diags.items[0].message,
                        "float literal longer than the limit of 10000 digits");
    done(&r);
    /* Exactly at the limit is accepted and converted. */
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    lim.max_integer_digits = 5000;
    memset(src, '1', 5001);
    lex_n(&r, src, 5000, &lim);
    assert_int_equal(r.diags.count, 0);
    assert_int_equal(r.toks.items[0].big, 1);
    assert_int_equal(r.toks.items[0].v.text.len, 5000);
    done(&r);
    lex_n(&r, src, 5001, &lim);
    assert_int_equal(r.diags.count, 1);
    done(&r);
    memcpy(src, "2#", 2);
    memset(src + 2, '1', 5000);
    lex_n(&r, src, 5002, &lim);
    assert_int_equal(r.diags.count, 0);
    assert_int_equal(r.toks.items[0].big, 1);
    assert_int_equal(r.toks.items[0].v.text.len, 1506); /* 2^5000 - 1 */
    done(&r);
    hl_mem_free(src);
    assert_true(dt < 2.0);
}

static void test_ten_megabyte_string(void **state) {
    (void)state;
    size_t n = 10u << 20;
    char *src = hl_mem_alloc(n + 8);
    assert_non_null(src);
    src[0] = '"';
    memset(src + 1, 'a', n);
    memcpy(src + n, "\" b", 4);
    double t0 = now_s();
    lexed r;
    lex_n(&r, src, n + 3, NULL);
    double dt = now_s() - t0;
    assert_true(r.ok);
    assert_int_equal(r.diags.count, 1);
    assert_int_equal(r.diags.items[0].col, 1);
    assert_string_equal(r.diags.items[0].message,
                        "string literal longer than the limit of 1048576 characters");
    assert_int_equal(r.toks.count, 2);
    assert_int_equal(r.toks.items[0].kind, HL_TOK_ATOM);
    done(&r);
    /* Unterminated: one clean error too. */
    lex_n(&r, src, n, NULL);
    assert_int_equal(r.diags.count, 1);
    assert_string_equal(r.diags.items[0].message,
                        "unterminated string starting with \"aaaaaaaaaaaaaaaa\"");
    done(&r);
    /* A string exactly at a small limit passes; one more fails. */
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    lim.max_string_chars = 3;
    lex_n(&r, "\"abc\" \"abcd\"", 12, &lim);
    assert_int_equal(r.toks.count, 2);
    assert_int_equal(r.diags.count, 1);
    assert_int_equal(r.diags.items[0].col, 7);
    done(&r);
    hl_mem_free(src);
    assert_true(dt < 3.0);
}

static void test_many_distinct_atoms(void **state) {
    (void)state;
    size_t count = 100000;
    hl_buf b;
    hl_buf_init(&b, 0);
    for (size_t i = 0; i < count; i++) hl_buf_printf(&b, "a%zu ", i);
    lexed r;
    lex_n(&r, b.data, b.len, NULL);
    assert_true(r.ok);
    assert_int_equal(r.toks.count, count + 1);
    char name[32];
    for (size_t i = 0; i < count; i += 9973) {
        snprintf(name, sizeof name, "a%zu", i);
        assert_string_equal(r.toks.items[i].v.text.ptr, name);
    }
    done(&r);
    hl_buf_free(&b);
}

static void test_token_and_source_limits(void **state) {
    (void)state;
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    lim.max_tokens = 3;
    lexed r;
    lex_n(&r, "a b c d e f", 11, &lim);
    assert_false(r.ok);
    assert_int_equal(r.diags.count, 1);
    assert_int_equal(r.diags.items[0].col, 7);
    assert_string_equal(r.diags.items[0].message, "too many tokens (the limit is 3)");
    assert_int_equal(r.toks.count, 4);
    assert_int_equal(r.toks.items[3].kind, HL_TOK_EOF);
    done(&r);
    lex_n(&r, "a b c", 5, &lim);  /* exactly at the limit */
    assert_true(r.ok);
    done(&r);

    hl_front_limits_default(&lim);
    lim.max_source_bytes = 4;
    lex_n(&r, "a b c", 5, &lim);
    assert_false(r.ok);
    assert_int_equal(r.diags.count, 1);
    assert_int_equal(r.toks.count, 1);
    assert_int_equal(r.toks.items[0].kind, HL_TOK_EOF);
    done(&r);

    /* Arena cap: the names do not fit. */
    hl_front_limits_default(&lim);
    lim.max_memory_bytes = 1000;
    hl_buf names;
    hl_buf_init(&names, 0);
    for (int i = 0; i < 200; i++) hl_buf_printf(&names, "x%d ", i);
    lex_n(&r, names.data, names.len, &lim);
    hl_buf_free(&names);
    assert_false(r.ok);
    assert_int_equal(r.diags.count, 1);
    assert_string_equal(r.diags.items[0].message, "out of memory (or over the compile memory limit)");
    assert_int_equal(r.toks.items[r.toks.count - 1].kind, HL_TOK_EOF);
    done(&r);

    /* Appends after existing tokens. */
    hl_front_limits_default(&lim);
    hl_arena a;
    hl_arena_init(&a, 0);
    hl_diags d;
    hl_diags_init(&d, 10);
    hl_token_vec v = {0};
    assert_true(hl_lex("x", 1, &lim, &a, &d, &v));
    assert_true(hl_lex("y z", 3, &lim, &a, &d, &v));
    assert_int_equal(v.count, 5);
    assert_string_equal(v.items[2].v.text.ptr, "y");
    hl_token_vec_free(&v);
    hl_diags_free(&d);
    hl_arena_free(&a);

    /* Many errors: kept up to the cap, the rest counted; still linear. */
    size_t n = 1000000;
    char *src = hl_mem_alloc(n);
    memset(src, '~', n);
    lex_n(&r, src, n, NULL);
    assert_true(r.ok);
    assert_int_equal(r.diags.count, 100);
    assert_int_equal(hl_diags_errors(&r.diags), n);
    done(&r);
    hl_mem_free(src);
}

/* ---- allocation failure -------------------------------------------------- */

static void test_fault_injection(void **state) {
    (void)state;
    const char *src = "-module(m).\nf(X) -> \"str\\x{41}ing\" ++ 'atom' ++ [$c, 1.5e3, "
                      "123456789012345678901234567890, 16#FFFFFFFFFFFFFFFFFFFF, Var].\n"
                      "g() -> \"unterminated";
    size_t len = strlen(src);
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    /* Count allocations of a clean run to bound the loop. */
    uint64_t before = hl_mem_alloc_count();
    lexed r;
    lex_n(&r, src, len, &lim);
    uint64_t total = hl_mem_alloc_count() - before;
    size_t clean_tokens = r.toks.count;
    done(&r);
    assert_true(total > 3);
    for (long k = 0; k <= (long)total + 2; k++) {
        hl_arena_init(&r.arena, 0);
        hl_diags_init(&r.diags, 100);
        r.toks = (hl_token_vec){0};
        hl_mem_fail_after(k);
        r.ok = hl_lex(src, len, &lim, &r.arena, &r.diags, &r.toks);
        hl_mem_fail_after(-1);
        if (k > (long)total) {
            assert_true(r.ok == false || r.toks.count == clean_tokens);
        } else if (!r.ok) {
            /* Failure is reported (or the report itself failed). */
            assert_true(r.diags.oom || r.diags.count > 0);
        }
        if (r.toks.count) assert_int_equal(r.toks.items[r.toks.count - 1].kind, HL_TOK_EOF);
        done(&r);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_oracle_samples),
        cmocka_unit_test(test_every_token_kind),
        cmocka_unit_test(test_names_are_arena_strings),
        cmocka_unit_test(test_integer_values),
        cmocka_unit_test(test_float_values),
        cmocka_unit_test(test_float_ignores_locale),
        cmocka_unit_test(test_char_and_string_values),
        cmocka_unit_test(test_every_escape),
        cmocka_unit_test(test_positions_and_spans),
        cmocka_unit_test(test_error_locations),
        cmocka_unit_test(test_odd_punctuation),
        cmocka_unit_test(test_invalid_utf8),
        cmocka_unit_test(test_million_digit_integer),
        cmocka_unit_test(test_ten_megabyte_string),
        cmocka_unit_test(test_many_distinct_atoms),
        cmocka_unit_test(test_token_and_source_limits),
        cmocka_unit_test(test_fault_injection),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
