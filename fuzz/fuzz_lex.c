/* fuzz_lex.c — libFuzzer target over hl_lex with small limits. Besides
 * the sanitizers it checks the lexer's output invariants: the array ends
 * with one EOF token, tokens come in source order inside the input, names
 * are NUL-terminated, and a false return is always explained by a
 * diagnostic. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/diag.h"
#include "front/lex.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    lim.max_source_bytes = 32768;
    lim.max_tokens = 4096;
    lim.max_string_chars = 512;
    lim.max_integer_digits = 300;
    lim.max_memory_bytes = 1 << 20;
    lim.max_diagnostics = 20;
    hl_arena arena;
    hl_arena_init(&arena, lim.max_memory_bytes);
    hl_diags diags;
    hl_diags_init(&diags, lim.max_diagnostics);
    hl_token_vec toks = {0};
    bool ok = hl_lex((const char *)data, size, &lim, &arena, &diags, &toks);
    if (!ok && hl_diags_errors(&diags) == 0) abort();
    if (toks.count == 0 || toks.items[toks.count - 1].kind != HL_TOK_EOF) abort();
    uint32_t prev = 0;
    for (size_t i = 0; i < toks.count; i++) {
        const hl_token *t = &toks.items[i];
        if (t->offset < prev || (size_t)t->offset + t->length > size) abort();
        if (t->kind == HL_TOK_EOF && i + 1 != toks.count) abort();
        if ((t->kind == HL_TOK_ATOM || t->kind == HL_TOK_VAR) &&
            ((const char *)t->v.text.ptr)[t->v.text.len] != '\0')
            abort();
        if (t->kind == HL_TOK_STRING && t->v.text.len > lim.max_string_chars) abort();
        prev = t->offset;
    }
    hl_token_vec_free(&toks);
    hl_diags_free(&diags);
    hl_arena_free(&arena);
    return 0;
}
