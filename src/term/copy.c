/* copy.c — term size and deep copy (see copy.h).
 *
 * The copy is Cheney's algorithm without forwarding: the size is computed
 * first, one block of exactly that size is allocated in the destination,
 * the root object is copied to its start, and a scan pointer then walks the
 * block replacing every field that still points at the source with a fresh
 * copy appended at the end. Source memory is only read (it may be shared or
 * read-only), and nothing recurses. */
#include "term/term_stack.h"
#include "term/copy.h"

#include <string.h>

#include "base/mem.h"

/* Term fields of an object: [first, first + count) after its header. */
static void fields(hl_term header, size_t *first, size_t *count) {
    size_t arity = (size_t)hl_header_arity(header);
    switch (hl_header_subtag(header)) {
    case HL_SUB_TUPLE:
    case HL_SUB_FLATMAP:
    case HL_SUB_HASHMAP:
        *first = 1, *count = arity;
        return;
    case HL_SUB_FUN:
        *first = 3, *count = arity - 2;
        return;
    case HL_SUB_SUB_BIN:
        *first = 1, *count = 1;
        return;
    default:
        *first = 1, *count = 0;
        return;
    }
}

/* Size walk; also totals the bytes of off-heap binaries reached. */
static hl_term_status size_walk(hl_term t, size_t max_words, size_t *words, uint64_t *offheap) {
    hl_term_stack s;
    hl_term_stack_init(&s);
    size_t total = 0;
    hl_term_status st = HL_TERM_OK;
    for (;;) {
        if (hl_is_cons(t)) { /* walk the tail in place; only compound heads wait */
            total += 2;
            if (total > max_words) { st = HL_TERM_HEAP_LIMIT; break; }
            hl_term hd = hl_car(t);
            if (!hl_is_immed(hd) && !hl_term_stack_push(&s, hd)) { st = HL_TERM_NOMEM; break; }
            t = hl_cdr(t);
            continue;
        }
        if (hl_is_boxed(t)) {
            const hl_term *p = hl_boxed_ptr(t);
            size_t first, count;
            total += hl_object_words(p[0]);
            if (total > max_words) { st = HL_TERM_HEAP_LIMIT; break; }
            if (hl_header_subtag(p[0]) == HL_SUB_REFC_BIN) *offheap += p[1];
            fields(p[0], &first, &count);
            for (size_t i = 0; i < count; i++) {
                hl_term f = p[first + i];
                if (!hl_is_immed(f) && !hl_term_stack_push(&s, f)) { st = HL_TERM_NOMEM; break; }
            }
            if (st != HL_TERM_OK) break;
        }
        if (s.n == 0) break;
        t = s.v[--s.n];
    }
    hl_term_stack_free(&s);
    *words = total;
    return st;
}

hl_term_status hl_term_size(hl_term t, size_t max_words, size_t *words) {
    uint64_t offheap = 0;
    return size_walk(t, max_words, words, &offheap);
}

/* Appends a shallow copy of the object t points to at *free. */
static inline __attribute__((always_inline)) hl_term shallow(hl_term t, hl_term **free) {
    hl_term *n = *free;
    if (hl_is_cons(t)) {
        const hl_term *p = hl_cons_ptr(t);
        n[0] = p[0];
        n[1] = p[1];
        *free += 2;
        return hl_make_cons(n);
    }
    if (hl_is_boxed(t)) {
        const hl_term *p = hl_boxed_ptr(t);
        size_t w = hl_object_words(p[0]);
        memcpy(n, p, w * sizeof *n);
        *free += w;
        return hl_make_boxed(n);
    }
    return t;
}

hl_term_status hl_term_copy(hl_heap *dst, hl_term t, hl_term *out) {
    return hl_term_copy_map(dst, t, NULL, NULL, out);
}

/* An immediate field of the copy, its atoms mapped. */
static inline hl_term immed(hl_term w, hl_atom_map_fn map, void *ctx) {
    return map && hl_is_atom(w) ? map(ctx, w) : w;
}

static hl_term_status copy_map(hl_heap *dst, hl_term t, hl_atom_map_fn map, void *ctx, hl_term *out,
                               size_t *copied);

hl_term_status hl_term_copy_map(hl_heap *dst, hl_term t, hl_atom_map_fn map, void *ctx, hl_term *out) {
    size_t copied;
    return copy_map(dst, t, map, ctx, out, &copied);
}

hl_term_status hl_term_copy_words(hl_heap *dst, hl_term t, hl_term *out, size_t *words) {
    return copy_map(dst, t, NULL, NULL, out, words);
}

static hl_term_status copy_map(hl_heap *dst, hl_term t, hl_atom_map_fn map, void *ctx, hl_term *out,
                               size_t *copied) {
    *copied = 0;
    if (hl_is_immed(t)) {
        *out = immed(t, map, ctx);
        return HL_TERM_OK;
    }
    uint64_t room = dst->limit_bytes / (2 * sizeof(hl_term));
    size_t words;
    uint64_t offheap = 0;
    hl_term_status st = size_walk(t, room > SIZE_MAX ? SIZE_MAX : (size_t)room, &words, &offheap);
    if (st != HL_TERM_OK) return st;
    hl_term *block;
    if ((st = hl_heap_alloc(dst, words, &block)) != HL_TERM_OK) return st;
    /* Off-heap binaries are charged to dst as they are linked: check the
     * total before writing anything so a copy never half-succeeds. */
    if (!hl_heap_fits(dst, 0, offheap)) {
        hl_heap_trim(dst, block, words, 0);
        return HL_TERM_HEAP_LIMIT;
    }
    hl_term *free = block;
    *out = shallow(t, &free);
    for (hl_term *scan = block; scan < free;) {
        hl_term w = *scan;
        if (!hl_is_header(w)) { /* a word of a cons cell */
            *scan = hl_is_immed(w) ? immed(w, map, ctx) : shallow(w, &free);
            scan++;
            continue;
        }
        size_t first, count;
        fields(w, &first, &count);
        for (size_t i = 0; i < count; i++) {
            hl_term f = scan[first + i];
            scan[first + i] = hl_is_immed(f) ? immed(f, map, ctx) : shallow(f, &free);
        }
        if (hl_header_subtag(w) == HL_SUB_REFC_BIN) {
            hl_binary_incref((hl_binary *)(uintptr_t)scan[2]);
            hl_heap_link_refc(dst, scan);
        }
        scan += hl_object_words(w);
    }
    *copied = words;
    return HL_TERM_OK;
}
