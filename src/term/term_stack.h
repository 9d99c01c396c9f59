/* term_stack.h — the explicit work stack of pending terms that every
 * iterative term walk (copy, hash, the map key hash) uses instead of C
 * recursion: 32 slots inline, then doubling on the host allocator. Growth
 * failure is reported, never fatal. */
#ifndef HL_TERM_TERM_STACK_H
#define HL_TERM_TERM_STACK_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "base/mem.h"
#include "term/term.h"

typedef struct hl_term_stack {
    hl_term *v;
    size_t n, cap;
    hl_term local[32];
} hl_term_stack;

static inline void hl_term_stack_init(hl_term_stack *s) {
    s->v = s->local;
    s->n = 0;
    s->cap = sizeof s->local / sizeof s->local[0];
}

/* false when the stack could not grow (nothing is lost: t is not pushed). */
static inline bool hl_term_stack_push(hl_term_stack *s, hl_term t) {
    if (s->n == s->cap) {
        size_t cap = s->cap * 2;
        hl_term *nv = hl_mem_realloc_array(s->v == s->local ? NULL : s->v, cap, sizeof *nv);
        if (!nv) return false;
        if (s->v == s->local) memcpy(nv, s->local, sizeof s->local);
        s->v = nv;
        s->cap = cap;
    }
    s->v[s->n++] = t;
    return true;
}

static inline void hl_term_stack_free(hl_term_stack *s) {
    if (s->v != s->local) hl_mem_free(s->v);
}

#endif
