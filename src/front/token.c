/* token.c — token kind names and the token array (see token.h). */
#include "front/token.h"

#include "base/mem.h"

static const char *const kind_names[HL_TOK__COUNT] = {
#define HL_TOKEN_NAME(name, spelling) spelling,
    HL_TOKEN_KINDS(HL_TOKEN_NAME)
#undef HL_TOKEN_NAME
};

const char *hl_token_kind_name(hl_token_kind kind) {
    return (unsigned)kind < HL_TOK__COUNT ? kind_names[kind] : "?";
}

void hl_token_vec_free(hl_token_vec *v) {
    hl_mem_free(v->items);
    v->items = NULL;
    v->count = v->cap = 0;
}
