/* lex.c — the lexer's driver: the main dispatch over a first-byte class
 * table, white space and comments, names (atoms, variables, reserved
 * words), punctuation and operators, the dot rule, token and diagnostic
 * output, and the limits (source size, token count, memory).
 *
 * The behaviour follows OTP 25's erl_scan:string/2 with {1,1} start, and
 * after an error resumes where erl_scan:tokens/3 says scanning stopped (as
 * epp does), so one file can yield several errors. Literals live in
 * lex_number.c and lex_string.c.
 *
 * Known, deliberate differences from erl_scan:
 * - ^ \ ` ~ & @ DEL, U+00A1..U+00BF, U+00D7 and U+00F7 outside literals:
 *   erl_scan makes a token of each (that erl_parse then rejects); here each
 *   is an "illegal character" error at the same place.
 * - Invalid UTF-8 (which erl cannot read at all) is an "invalid UTF-8"
 *   error per bad sequence; inside a literal or comment the literal goes on.
 * - The limits (source size, token count, digits, string length, memory)
 *   are ours, with messages of their own; floats obey max_integer_digits.
 * - The head of an unterminated literal is cut after 16 grapheme clusters
 *   as string:slice/3 does, with clusters approximated (CR LF, controls,
 *   common combining marks, ZWJ, variation selectors, emoji modifiers).
 * - NUL is white space, as in erl_scan (erlc accepts it). '??' is two '?'
 *   tokens, as in erl_scan: HL_TOK_QUESTION2 is left to the parser. */
#include "front/lex.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "front/lex_internal.h"

enum {
    C_BAD,      /* bytes that never start valid UTF-8 */
    C_WS,       /* NUL .. space, except \n: erl_scan white space */
    C_NL,
    C_LOWER,    /* atom start */
    C_UPPER,    /* variable start (A-Z, _) */
    C_DIGIT,
    C_SINGLE,   /* one-character tokens that never combine */
    C_OP,       /* characters that may start a multi-character operator */
    C_DOT,
    C_DQUOTE,
    C_SQUOTE,
    C_DOLLAR,
    C_PERCENT,
    C_ODD,      /* ASCII punctuation erl_scan turns into a token of its own
                   (^ \ ` ~ & @ DEL) that no grammar rule uses */
    C_C2,       /* U+0080..U+00BF */
    C_C3,       /* U+00C0..U+00FF */
    C_UTF8,     /* lead byte of a code point >= U+0100 */
};

static uint8_t first_class[256];
static uint8_t single_kind[128];
/* Bit 0: name character (letters, digits, _ and @). */
static uint8_t name_char[256];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* Filled once, on first use, under pthread_once: engines lex on many
 * threads, and two first calls writing the tables at once would be a data
 * race even though they write the same bytes. */
static void fill_tables(void) {
    for (int c = 0; c < 256; c++) {
        uint8_t k = C_BAD;
        if (c <= ' ') k = C_WS;
        else if (c >= 'a' && c <= 'z') k = C_LOWER;
        else if ((c >= 'A' && c <= 'Z') || c == '_') k = C_UPPER;
        else if (c >= '0' && c <= '9') k = C_DIGIT;
        else if (c == 0xC2) k = C_C2;
        else if (c == 0xC3) k = C_C3;
        else if (c >= 0xC4 && c <= 0xF4) k = C_UTF8;
        else if (c >= 0x80) k = C_BAD;
        else if (strchr("()[]{},;*!#", c)) k = C_SINGLE;
        else if (strchr("?<>-+=/|:", c)) k = C_OP;
        else if (c == '.') k = C_DOT;
        else if (c == '"') k = C_DQUOTE;
        else if (c == '\'') k = C_SQUOTE;
        else if (c == '$') k = C_DOLLAR;
        else if (c == '%') k = C_PERCENT;
        else k = C_ODD;
        if (c == '\n') k = C_NL;
        first_class[c] = k;
        name_char[c] = (uint8_t)((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                                 (c >= '0' && c <= '9') || c == '_' || c == '@');
    }
    single_kind['('] = HL_TOK_LPAREN;
    single_kind[')'] = HL_TOK_RPAREN;
    single_kind['['] = HL_TOK_LBRACKET;
    single_kind[']'] = HL_TOK_RBRACKET;
    single_kind['{'] = HL_TOK_LBRACE;
    single_kind['}'] = HL_TOK_RBRACE;
    single_kind[','] = HL_TOK_COMMA;
    single_kind[';'] = HL_TOK_SEMI;
    single_kind['*'] = HL_TOK_STAR;
    single_kind['!'] = HL_TOK_BANG;
    single_kind['#'] = HL_TOK_HASH;
}

static void init_tables(void) { (void)pthread_once(&tables_once, fill_tables); }

/* ---- output -------------------------------------------------------------- */

void hl_lex_error(hl_lexer *lx, uint32_t line, uint32_t col, const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    hl_diags_add(lx->diags, line, col, "%s", msg);
    if (lx->diags->oom) lx->stop = lx->failed = true;
}

void hl_lex_oom(hl_lexer *lx) {
    if (!lx->stop) hl_diags_add(lx->diags, lx->line, lex_col(lx), "out of memory (or over the compile memory limit)");
    lx->stop = lx->failed = true;
}



static bool grow_tokens(hl_lexer *lx) {
    hl_token_vec *v = lx->out;
    size_t cap = v->cap ? v->cap : 0, want;
    if (cap == 0) {
        /* Erlang has a token every 3-6 bytes: start well above the final
         * size so that large files are not copied while they grow (pages
         * never touched cost nothing). */
        size_t guess = (size_t)(lx->end - lx->src) / 2 + 64;
        if (guess > lx->lim->max_tokens) guess = lx->lim->max_tokens + 1;
        want = guess < 64 ? 64 : guess;
    } else if (!hl_size_mul(cap, 2, &want)) {
        return false;
    }
    if (want <= v->count) want = v->count + 1;
    hl_token *items = hl_mem_realloc_array(v->items, want, sizeof *items);
    if (!items) return false;
    v->items = items;
    v->cap = want;
    /* Written once, front to back: most of the lexing time of a large file
     * went to faulting in the token array before it got huge pages. */
    hl_mem_advise_huge(items, want * sizeof *items);
    return true;
}

hl_token *hl_lex_push_slow(hl_lexer *lx, hl_token_kind kind, const uint8_t *start,
                           uint32_t line, uint32_t col) {
    if (lx->ntokens >= lx->max_tokens) {
        hl_lex_error(lx, line, col, "too many tokens (the limit is %zu)", lx->max_tokens);
        lx->stop = lx->failed = true;
        return NULL;
    }
    if (!grow_tokens(lx)) {
        hl_lex_oom(lx);
        return NULL;
    }
    return hl_lex_push(lx, kind, start, line, col);
}

bool hl_lex_reserve_cps(hl_lexer *lx, size_t n) {
    if (n <= lx->cps_cap) return true;
    size_t cap = lx->cps_cap ? lx->cps_cap : 256;
    while (cap < n) {
        if (!hl_size_mul(cap, 2, &cap)) {
            hl_lex_oom(lx);
            return false;
        }
    }
    uint32_t *p = hl_mem_realloc_array(lx->cps, cap, sizeof *p);
    if (!p) {
        hl_lex_oom(lx);
        return false;
    }
    lx->cps = p;
    lx->cps_cap = cap;
    return true;
}

bool hl_lex_reserve_bytes(hl_lexer *lx, size_t n) {
    if (n <= lx->bytes_cap) return true;
    size_t cap = lx->bytes_cap ? lx->bytes_cap : 256;
    while (cap < n) {
        if (!hl_size_mul(cap, 2, &cap)) {
            hl_lex_oom(lx);
            return false;
        }
    }
    char *p = hl_mem_realloc(lx->bytes, cap);
    if (!p) {
        hl_lex_oom(lx);
        return false;
    }
    lx->bytes = p;
    lx->bytes_cap = cap;
    return true;
}

/* ---- names --------------------------------------------------------------- */

/* The reserved word spelled by the `len` ASCII bytes at s, or HL_TOK_ATOM. */
static hl_token_kind reserved_word(const uint8_t *s, size_t len) {
#define KW(word, kind)                                                         \
    if (len == sizeof(word) - 1 && memcmp(s, word, sizeof(word) - 1) == 0) \
        return HL_TOK_##kind;
    if (len < 2 || len > 7) return HL_TOK_ATOM;
    switch (s[0]) {
    case 'a': KW("after", AFTER) KW("and", AND) KW("andalso", ANDALSO) break;
    case 'b':
        KW("band", BAND) KW("begin", BEGIN) KW("bnot", BNOT) KW("bor", BOR)
        KW("bsl", BSL) KW("bsr", BSR) KW("bxor", BXOR) break;
    case 'c': KW("case", CASE) KW("catch", CATCH) KW("cond", COND) break;
    case 'd': KW("div", DIV) break;
    case 'e': KW("end", END) break;
    case 'f': KW("fun", FUN) break;
    case 'i': KW("if", IF) break;
    case 'l': KW("let", LET) break;
    case 'n': KW("not", NOT) break;
    case 'o': KW("of", OF) KW("or", OR) KW("orelse", ORELSE) break;
    case 'r': KW("receive", RECEIVE) KW("rem", REM) break;
    case 't': KW("try", TRY) break;
    case 'w': KW("when", WHEN) break;
    case 'x': KW("xor", XOR) break;
    default: break;
    }
#undef KW
    return HL_TOK_ATOM;
}

/* Latin-1 letters U+00C0..U+00FF except × and ÷, as the second byte after
 * 0xC3: the name characters erl_scan admits beyond ASCII. */
static inline bool latin1_letter(uint8_t b1) {
    return b1 >= 0x80 && b1 <= 0xBF && b1 != 0x97 && b1 != 0xB7;
}

/* An atom (kind ATOM) or variable (VAR) name starting at lx->p, whose first
 * character the caller has classified. */
static void lex_name(hl_lexer *lx, hl_token_kind kind) {
    const uint8_t *start = lx->p, *p = start, *end = lx->end;
    uint32_t line = lx->line, col = lex_col(lx);
    size_t extra = 0;
    for (;;) {
        if (p < end && name_char[*p]) {
            p++;
        } else if (p + 1 < end && p[0] == 0xC3 && latin1_letter(p[1])) {
            p += 2;
            extra++;
        } else {
            break;
        }
    }
    lx->p = p;
    lx->col_adj += (int64_t)extra;
    size_t bytes = (size_t)(p - start);
    if (bytes - extra > 255) {
        hl_lex_error(lx, line, col, kind == HL_TOK_ATOM ? "illegal atom" : "illegal var");
        return;
    }
    if (kind == HL_TOK_ATOM && extra == 0) {
        hl_token_kind rw = reserved_word(start, bytes);
        if (rw != HL_TOK_ATOM) {
            hl_lex_push(lx, rw, start, line, col);
            return;
        }
    }
    /* Bump-allocate the copy inline when the arena's chunk has room (the
     * common case: one name per few tokens), else take the general path. */
    hl_arena *a = lx->arena;
    char *name;
    size_t need = (bytes + 16) & ~(size_t)15;
    if (a->cur && (size_t)(a->end - a->cur) >= need) {
        name = a->cur;
        a->cur += need;
        memcpy(name, start, bytes);
        name[bytes] = '\0';
    } else if (!(name = hl_arena_strndup(a, (const char *)start, bytes))) {
        hl_lex_oom(lx);
        return;
    }
    hl_token *t = hl_lex_push(lx, kind, start, line, col);
    if (!t) return;
    t->v.text.ptr = name;
    t->v.text.len = (uint32_t)bytes;
}

/* ---- comments ------------------------------------------------------------ */

/* '%' to end of line. The text must be valid UTF-8 (each bad sequence is an
 * error; the comment goes on) and hold no U+FFFE/U+FFFF, which erl_scan
 * reports at the comment's start before resuming right after the character. */
static void lex_comment(hl_lexer *lx) {
    const uint8_t *s = lx->p, *end = lx->end;
    const uint8_t *nl = memchr(s, '\n', (size_t)(end - s));
    const uint8_t *e = nl ? nl : end;
    const uint8_t *q = s + 1;
    while (q < e && *q < 0x80) q++;
    if (q == e) {
        lx->p = e;
        return;
    }
    uint32_t line = lx->line, col = lex_col_at(lx, s);
    while (q < e) {
        if (*q < 0x80) {
            q++;
            continue;
        }
        int n;
        int32_t c = lex_decode(q, e, &n);
        if (c < 0) {
            hl_lex_error(lx, line, lex_col_at(lx, q), "invalid UTF-8");
            if (lx->stop) return;
            q++;
            continue;
        }
        lx->col_adj += n - 1;
        q += n;
        if (!lex_is_unicode(c)) {
            hl_lex_error(lx, line, col, "illegal character");
            lx->p = q;
            return;
        }
    }
    lx->p = e;
}

/* ---- operators ----------------------------------------------------------- */

/* A token starting with one of ? < > - + = / | : (longest match, as
 * erl_scan's clause order gives). */
static void lex_op(hl_lexer *lx) {
    const uint8_t *s = lx->p, *end = lx->end;
    uint32_t line = lx->line, col = lex_col(lx);
    uint8_t c1 = s + 1 < end ? s[1] : 0, c2 = s + 2 < end ? s[2] : 0;
    hl_token_kind k;
    size_t n = 2;
    switch (s[0]) {
    case '?':
        if (c1 == '=') k = HL_TOK_QMATCH;
        else k = HL_TOK_QUESTION, n = 1;
        break;
    case '<':
        if (c1 == '<') k = HL_TOK_LTLT;
        else if (c1 == '-') k = HL_TOK_LARROW;
        else if (c1 == '=') k = HL_TOK_LARROW2;
        else k = HL_TOK_LT, n = 1;
        break;
    case '>':
        if (c1 == '>') k = HL_TOK_GTGT;
        else if (c1 == '=') k = HL_TOK_GE;
        else k = HL_TOK_GT, n = 1;
        break;
    case '-':
        if (c1 == '>') k = HL_TOK_ARROW;
        else if (c1 == '-') k = HL_TOK_MINUSMINUS;
        else k = HL_TOK_MINUS, n = 1;
        break;
    case '+':
        if (c1 == '+') k = HL_TOK_PLUSPLUS;
        else k = HL_TOK_PLUS, n = 1;
        break;
    case '=':
        if (c1 == ':' && c2 == '=') k = HL_TOK_EXACT_EQ, n = 3;
        else if (c1 == '/' && c2 == '=') k = HL_TOK_EXACT_NE, n = 3;
        else if (c1 == '<') k = HL_TOK_LE;
        else if (c1 == '>') k = HL_TOK_MAPSTO;
        else if (c1 == '=') k = HL_TOK_EQ;
        else k = HL_TOK_MATCH, n = 1;
        break;
    case '/':
        if (c1 == '=') k = HL_TOK_NE;
        else k = HL_TOK_SLASH, n = 1;
        break;
    case '|':
        if (c1 == '|') k = HL_TOK_BARBAR;
        else k = HL_TOK_BAR, n = 1;
        break;
    default: /* ':' */
        if (c1 == '=') k = HL_TOK_ASSOC;
        else if (c1 == ':') k = HL_TOK_COLONCOLON;
        else k = HL_TOK_COLON, n = 1;
        break;
    }
    lx->p = s + n;
    hl_lex_push(lx, k, s, line, col);
}

/* '.', '..', '...'. A lone '.' is the end of a form (DOT) when followed by
 * white space (which it consumes, as erl_scan does), '%' or end of input. */
static void lex_dot(hl_lexer *lx) {
    const uint8_t *s = lx->p, *end = lx->end, *q = s + 1;
    uint32_t line = lx->line, col = lex_col(lx);
    if (q < end && *q == '.') {
        bool three = q + 1 < end && q[1] == '.';
        lx->p = s + (three ? 3 : 2);
        hl_lex_push(lx, three ? HL_TOK_DOTDOTDOT : HL_TOK_DOTDOT, s, line, col);
        return;
    }
    lx->p = q;
    if (q == end || *q == '%') {
        hl_lex_push(lx, HL_TOK_DOT, s, line, col);
    } else if (*q == '\n') {
        hl_lex_push(lx, HL_TOK_DOT, s, line, col);
        lx->p = q + 1;
        lex_newline(lx, q + 1);
    } else if (*q <= ' ') {
        hl_lex_push(lx, HL_TOK_DOT, s, line, col);
        lx->p = q + 1;
    } else if (*q == 0xC2 && q + 1 < end && q[1] >= 0x80 && q[1] <= 0xA0) {
        hl_lex_push(lx, HL_TOK_DOT, s, line, col);
        lx->p = q + 2;
        lx->col_adj += 1;
    } else {
        hl_lex_push(lx, HL_TOK_PERIOD, s, line, col);
    }
}

/* ---- characters outside ASCII -------------------------------------------- */

static void illegal_char(hl_lexer *lx, int nbytes) {
    hl_lex_error(lx, lx->line, lex_col(lx), "illegal character");
    lx->p += nbytes;
    lx->col_adj += nbytes - 1;
}

/* An invalid UTF-8 sequence: one error for the bad byte and the
 * continuation bytes that follow it; each byte counts as a column. */
static void invalid_utf8(hl_lexer *lx) {
    hl_lex_error(lx, lx->line, lex_col(lx), "invalid UTF-8");
    const uint8_t *p = lx->p + 1;
    while (p < lx->end && (*p & 0xC0) == 0x80) p++;
    lx->p = p;
}

static void lex_nonascii(hl_lexer *lx, uint8_t cls) {
    const uint8_t *p = lx->p;
    uint8_t b1 = p + 1 < lx->end ? p[1] : 0;
    if (cls == C_C2 && b1 >= 0x80 && b1 <= 0xBF) {
        if (b1 <= 0xA0) { /* U+0080..U+00A0: white space to erl_scan */
            lx->p = p + 2;
            lx->col_adj += 1;
        } else {          /* Latin-1 punctuation: a token of its own there */
            illegal_char(lx, 2);
        }
        return;
    }
    if (cls == C_C3 && b1 >= 0x80 && b1 <= 0xBF) {
        if (b1 == 0x97 || b1 == 0xB7) illegal_char(lx, 2);   /* × ÷ */
        else if (b1 <= 0x9E) lex_name(lx, HL_TOK_VAR);        /* À..Þ */
        else lex_name(lx, HL_TOK_ATOM);                       /* ß..ÿ */
        return;
    }
    int n;
    if (lex_decode(p, lx->end, &n) < 0) invalid_utf8(lx);
    else illegal_char(lx, n);
}

/* ---- driver -------------------------------------------------------------- */

static void lex_all(hl_lexer *lx) {
    const uint8_t *end = lx->end;
    while (!lx->stop && lx->out->count < lx->pause_at) {
        const uint8_t *p = lx->p;
        /* Most tokens are followed by one or a few spaces: skip them
         * before dispatching, which saves a mispredicted jump per token. */
        while (p < end && *p == ' ') p++;
        if (p >= end) {
            lx->p = p;
            break;
        }
        lx->p = p;
        uint8_t c = *p;
        uint8_t cls = first_class[c];
        /* The most frequent classes first, as conditional branches: they
         * predict better than the switch's single indirect jump. */
        if (cls == C_LOWER) {
            lex_name(lx, HL_TOK_ATOM);
            continue;
        }
        if (cls == C_SINGLE) {
            uint32_t col = lex_col(lx);
            lx->p = p + 1;
            hl_lex_push(lx, (hl_token_kind)single_kind[c], p, lx->line, col);
            continue;
        }
        if (cls == C_NL) {
            lx->p = p + 1;
            lex_newline(lx, p + 1);
            continue;
        }
        if (cls == C_UPPER) {
            lex_name(lx, HL_TOK_VAR);
            continue;
        }
        switch (cls) {
        case C_WS:
            p++;
            while (p < end && first_class[*p] == C_WS) p++;
            lx->p = p;
            break;
        case C_NL:
            lx->p = p + 1;
            lex_newline(lx, p + 1);
            break;
        case C_LOWER: lex_name(lx, HL_TOK_ATOM); break;
        case C_UPPER: lex_name(lx, HL_TOK_VAR); break;
        case C_DIGIT: hl_lex_number(lx); break;
        case C_SINGLE: {
            uint32_t col = lex_col(lx);
            lx->p = p + 1;
            hl_lex_push(lx, (hl_token_kind)single_kind[c], p, lx->line, col);
            break;
        }
        case C_OP: lex_op(lx); break;
        case C_DOT: lex_dot(lx); break;
        case C_DQUOTE: hl_lex_string(lx); break;
        case C_SQUOTE: hl_lex_qatom(lx); break;
        case C_DOLLAR: hl_lex_char(lx); break;
        case C_PERCENT: lex_comment(lx); break;
        case C_ODD: illegal_char(lx, 1); break;
        case C_BAD: invalid_utf8(lx); break;
        default: lex_nonascii(lx, cls); break;
        }
    }
}

static bool lex_finish(hl_lexer *lx);

bool hl_lex(const char *src, size_t len, const hl_front_limits *lim, hl_arena *arena,
            hl_diags *diags, hl_token_vec *out) {
    init_tables();
    hl_lexer lx = {0};
    lx.pause_at = SIZE_MAX;
    if (!src) src = "";  /* no arithmetic on a null pointer */
    lx.src = (const uint8_t *)src;
    lx.p = lx.src;
    lx.end = lx.src + len;
    lx.lim = lim;
    lx.max_tokens = lim->max_tokens;
    lx.arena = arena;
    lx.diags = diags;
    lx.out = out;
    lx.line = 1;
    lx.line_start = lx.src;
    /* Offsets are 32-bit in tokens: sources past 4 GiB are refused too. */
    if (len > lim->max_source_bytes || len >= UINT32_MAX) {
        hl_lex_error(&lx, 1, 1, "source is larger than the limit of %zu bytes",
                     lim->max_source_bytes);
        lx.p = lx.src;
        lx.end = lx.src;  /* the EOF token sits at 1:1 */
        lx.failed = true;
    } else {
        lex_all(&lx);
    }
    return lex_finish(&lx);
}

/* Frees the scratch buffers and appends the closing EOF token. */
static bool lex_finish(hl_lexer *lx) {
    hl_token_vec *out = lx->out;
    hl_mem_free(lx->cps);
    hl_mem_free(lx->bytes);
    lx->cps = NULL, lx->bytes = NULL;
    /* The closing EOF token, exempt from the token limit. */
    if (out->count == out->cap && !grow_tokens(lx)) {
        hl_lex_oom(lx);
        return false;
    }
    hl_token *t = &out->items[out->count++];
    memset(t, 0, sizeof *t);
    t->kind = HL_TOK_EOF;
    t->line = lx->line;
    t->col = lex_col(lx);
    t->offset = (uint32_t)(lx->p - lx->src);
    return !lx->failed;
}

/* ---- lexing in steps (hl_lex_job, lex.h) ---------------------------------- */

struct hl_lex_job {
    hl_lexer lx;
    hl_front_limits lim;
    bool done, ok;
};

hl_lex_job *hl_lex_job_new(const char *src, size_t len, const hl_front_limits *lim, hl_arena *arena,
                           hl_diags *diags, hl_token_vec *out) {
    init_tables();
    hl_lex_job *j = hl_mem_calloc(1, sizeof *j);
    if (!j) return NULL;
    j->lim = *lim;
    hl_lexer *lx = &j->lx;
    if (!src) src = "";
    lx->src = (const uint8_t *)src;
    lx->p = lx->src;
    lx->end = lx->src + len;
    lx->lim = &j->lim;
    lx->max_tokens = lim->max_tokens;
    lx->arena = arena;
    lx->diags = diags;
    lx->out = out;
    lx->line = 1;
    lx->line_start = lx->src;
    if (len > lim->max_source_bytes || len >= UINT32_MAX) {
        hl_lex_error(lx, 1, 1, "source is larger than the limit of %zu bytes", lim->max_source_bytes);
        lx->p = lx->src;
        lx->end = lx->src;
        lx->failed = lx->stop = true;
    }
    return j;
}

bool hl_lex_job_step(hl_lex_job *j, size_t max_tokens, bool *ok) {
    if (!j->done) {
        hl_lexer *lx = &j->lx;
        lx->pause_at = lx->out->count + max_tokens;
        if (!lx->stop) lex_all(lx);
        if (lx->stop || lx->p >= lx->end) {
            j->ok = lex_finish(lx);
            j->done = true;
        }
    }
    *ok = j->ok;
    return j->done;
}

void hl_lex_job_free(hl_lex_job *j) {
    if (!j) return;
    hl_mem_free(j->lx.cps);
    hl_mem_free(j->lx.bytes);
    hl_mem_free(j);
}
