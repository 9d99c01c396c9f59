/* token.h — the tokens the lexer hands to the parser.
 *
 * Names stay byte strings (docs/design.md §4 (invariant 1)): an atom token carries its UTF-8
 * name, never an index into any atom table. Token text lives in the
 * compilation's arena, so a token array is plain data that dies with it. */
#ifndef HL_FRONT_TOKEN_H
#define HL_FRONT_TOKEN_H

#include <stddef.h>
#include <stdint.h>

/* X-macro: kind, spelling (for diagnostics and dumps, as erl_scan names it). */
#define HL_TOKEN_KINDS(X)                                                    \
    /* literals and names */                                                 \
    X(ATOM, "atom") X(VAR, "var") X(INTEGER, "integer") X(FLOAT, "float")    \
    X(CHAR, "char") X(STRING, "string")                                      \
    /* reserved words (erl_scan:reserved_word/1, OTP 25 defaults) */         \
    X(AFTER, "after") X(AND, "and") X(ANDALSO, "andalso") X(BAND, "band")    \
    X(BEGIN, "begin") X(BNOT, "bnot") X(BOR, "bor") X(BSL, "bsl")            \
    X(BSR, "bsr") X(BXOR, "bxor") X(CASE, "case") X(CATCH, "catch")          \
    X(COND, "cond") X(DIV, "div") X(END, "end") X(FUN, "fun") X(IF, "if")    \
    X(LET, "let") X(NOT, "not") X(OF, "of") X(OR, "or")                      \
    X(ORELSE, "orelse") X(RECEIVE, "receive") X(REM, "rem") X(TRY, "try")    \
    X(WHEN, "when") X(XOR, "xor")                                            \
    /* punctuation */                                                        \
    X(LPAREN, "(") X(RPAREN, ")") X(LBRACKET, "[") X(RBRACKET, "]")          \
    X(LBRACE, "{") X(RBRACE, "}") X(COMMA, ",") X(SEMI, ";")                 \
    X(DOT, "dot")          /* '.' that ends a form: followed by white space,  \
                              '%' or end of input */                         \
    X(PERIOD, ".")         /* any other '.', e.g. record field access */     \
    X(DOTDOT, "..") X(DOTDOTDOT, "...")                                      \
    X(COLON, ":") X(COLONCOLON, "::") X(BAR, "|") X(BARBAR, "||")            \
    X(ARROW, "->") X(HASH, "#") X(QUESTION, "?") X(QUESTION2, "??")          \
    X(LTLT, "<<") X(GTGT, ">>") X(LARROW, "<-") X(LARROW2, "<=")             \
    X(MAPSTO, "=>") X(ASSOC, ":=") X(BANG, "!") X(MATCH, "=")                \
    X(QMATCH, "?=")                                                          \
    /* operators */                                                          \
    X(PLUS, "+") X(MINUS, "-") X(STAR, "*") X(SLASH, "/")                    \
    X(PLUSPLUS, "++") X(MINUSMINUS, "--")                                    \
    X(EQ, "==") X(NE, "/=") X(LE, "=<") X(LT, "<") X(GE, ">=") X(GT, ">")    \
    X(EXACT_EQ, "=:=") X(EXACT_NE, "=/=")                                    \
    X(EOF, "end of file")

typedef enum hl_token_kind {
#define HL_TOKEN_ENUM(name, spelling) HL_TOK_##name,
    HL_TOKEN_KINDS(HL_TOKEN_ENUM)
#undef HL_TOKEN_ENUM
    HL_TOK__COUNT
} hl_token_kind;

/* The spelling above, e.g. "->" or "atom". */
const char *hl_token_kind_name(hl_token_kind kind);

typedef struct hl_token {
    uint16_t kind;          /* hl_token_kind */
    uint8_t big;            /* INTEGER only: 1 when the value does not fit
                               int64; then text holds its decimal digits */
    uint8_t pad_;
    uint32_t line, col;     /* 1-based; col counts code points, like erl_scan */
    uint32_t offset;        /* byte offset of the first source byte */
    uint32_t length;        /* source bytes spanned */
    union {
        int64_t i;          /* INTEGER (when !big), CHAR (the code point) */
        double f;           /* FLOAT */
        struct {
            const void *ptr; /* ATOM, VAR: UTF-8 name bytes (NUL-terminated).
                                STRING: uint32_t code points, one per char.
                                INTEGER (big): ASCII decimal digits, no sign.
                                All arena-owned. */
            uint32_t len;   /* bytes for names and digits; code points for
                               STRING */
        } text;
    } v;
} hl_token;

/* A growable token array, owned by the lexer's caller. */
typedef struct hl_token_vec {
    hl_token *items;
    size_t count, cap;
} hl_token_vec;

void hl_token_vec_free(hl_token_vec *v);

#endif
