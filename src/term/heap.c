/* heap.c — process heaps and the copying collector (docs/terms.md §4).
 *
 * The collector is Cheney's: roots are evacuated into to-space, then a scan
 * pointer walks to-space linearly, evacuating what each copied word points
 * to. Nothing recurses and nothing but to-space is allocated, so the depth
 * or shape of guest data cannot exhaust the C stack. Only pointers into the
 * block or fragments being collected are followed; literal areas (and
 * anything else outside the heap) are left untouched. */
#include "term/heap.h"

#include <stdatomic.h>

#include "base/mem.h"

static size_t frag_used_total(const hl_heap *h) {
    size_t n = 0;
    for (const hl_heap_frag *f = h->frags; f; f = f->next) n += f->used;
    return n;
}

size_t hl_heap_used_words(const hl_heap *h) {
    return (size_t)(h->top - h->start) + frag_used_total(h);
}

uint64_t hl_heap_bytes(const hl_heap *h) {
    return ((uint64_t)(h->block_end - h->start) + h->frag_words) * sizeof(hl_term) +
           h->offheap_bytes;
}

hl_term_status hl_heap_init(hl_heap *h, size_t initial_words, uint64_t limit_bytes) {
    memset(h, 0, sizeof *h);
    if (initial_words == 0) initial_words = HL_HEAP_DEFAULT_WORDS;
    if (initial_words > limit_bytes / sizeof(hl_term)) return HL_TERM_HEAP_LIMIT;
    h->start = hl_mem_alloc(initial_words * sizeof(hl_term));
    if (!h->start) return HL_TERM_NOMEM;
    h->top = h->start;
    h->end = h->block_end = h->start + initial_words;
    h->min_words = initial_words;
    h->limit_bytes = limit_bytes;
    return HL_TERM_OK;
}

static void free_frags(hl_heap_frag *f) {
    while (f) {
        hl_heap_frag *next = f->next;
        hl_mem_free(f);
        f = next;
    }
}

void hl_heap_free(hl_heap *h) {
    for (hl_term *p = h->offheap; p; p = (hl_term *)(uintptr_t)p[3])
        hl_binary_decref((hl_binary *)(uintptr_t)p[2]);
    free_frags(h->frags);
    hl_mem_free(h->start);
    memset(h, 0, sizeof *h);
}

bool hl_heap_contains(const hl_heap *h, const hl_term *p) {
    if (p >= h->start && p < h->top) return true;
    for (const hl_heap_frag *f = h->frags; f; f = f->next)
        if (p >= f->data && p < f->data + f->used) return true;
    return false;
}

/* ---- binaries ---- */

hl_binary *hl_binary_new(size_t size) {
    size_t total;
    if (!hl_size_add(sizeof(hl_binary), size, &total)) return NULL;
    hl_binary *b = hl_mem_alloc(total);
    if (!b) return NULL;
    atomic_init(&b->refc, 1);
    b->size = size;
    return b;
}

void hl_binary_incref(hl_binary *b) { atomic_fetch_add_explicit(&b->refc, 1, memory_order_relaxed); }

void hl_binary_decref(hl_binary *b) {
    if (atomic_fetch_sub_explicit(&b->refc, 1, memory_order_acq_rel) == 1) hl_mem_free(b);
}

void hl_heap_link_refc(hl_heap *h, hl_term *p) {
    p[3] = (hl_term)(uintptr_t)h->offheap;
    h->offheap = p;
    h->offheap_bytes += ((const hl_binary *)(uintptr_t)p[2])->size;
}

hl_term_status hl_heap_make_refc_bin(hl_heap *h, hl_binary *b, hl_term *out) {
    if (hl_heap_bytes(h) + b->size > h->limit_bytes) return HL_TERM_HEAP_LIMIT;
    hl_term *p;
    hl_term_status st = hl_heap_alloc(h, HL_REFC_BIN_WORDS, &p);
    if (st != HL_TERM_OK) return st;
    p[0] = hl_make_header(HL_SUB_REFC_BIN, HL_REFC_BIN_WORDS - 1);
    p[1] = b->size;
    p[2] = (hl_term)(uintptr_t)b;
    hl_binary_incref(b);
    hl_heap_link_refc(h, p);
    *out = hl_make_boxed(p);
    return HL_TERM_OK;
}

/* ---- non-collecting allocation ---- */

hl_term_status hl_heap_alloc(hl_heap *h, size_t words, hl_term **out) {
    bool stress = h->flags & HL_HEAP_GC_ALWAYS;
    if (!stress && h->top <= h->end && (size_t)(h->end - h->top) >= words) {
        *out = h->top;
        h->top += words;
        return HL_TERM_OK;
    }
    hl_heap_frag *f = h->frags;
    if (!stress && f && f->size - f->used >= words) {
        *out = f->data + f->used;
        f->used += words;
        return HL_TERM_OK;
    }
    size_t fw = words, block = (size_t)(h->block_end - h->start);
    if (!stress && fw < block / 4) fw = block / 4; /* amortise small requests */
    if (fw < 16 && !stress) fw = 16;
    size_t bytes;
    if (!hl_size_mul(fw, sizeof(hl_term), &bytes) ||
        !hl_size_add(bytes, sizeof(hl_heap_frag), &bytes))
        return HL_TERM_HEAP_LIMIT;
    if (hl_heap_bytes(h) + (uint64_t)fw * sizeof(hl_term) > h->limit_bytes) {
        fw = words; /* retry with the exact size before giving up */
        if (hl_heap_bytes(h) + (uint64_t)fw * sizeof(hl_term) > h->limit_bytes)
            return HL_TERM_HEAP_LIMIT;
        bytes = sizeof(hl_heap_frag) + fw * sizeof(hl_term);
    }
    f = hl_mem_alloc(bytes);
    if (!f) return HL_TERM_NOMEM;
    f->size = fw;
    f->used = words;
    f->next = h->frags;
    h->frags = f;
    h->frag_words += fw;
    h->end = h->top; /* the next hl_heap_need collects and merges fragments */
    *out = f->data;
    return HL_TERM_OK;
}

void hl_heap_trim(hl_heap *h, hl_term *p, size_t old_words, size_t new_words) {
    if (p + old_words == h->top) {
        h->top = p + new_words;
        return;
    }
    hl_heap_frag *f = h->frags;
    if (f && p + old_words == f->data + f->used) f->used -= old_words - new_words;
}

/* ---- the collector ---- */

typedef struct gc_ctx {
    const hl_heap *from; /* block [start, top) and fragments */
    hl_term *free;       /* next word of to-space */
} gc_ctx;

static inline bool in_from(const gc_ctx *c, const hl_term *p) {
    const hl_heap *h = c->from;
    if (p >= h->start && p < h->top) return true;
    for (const hl_heap_frag *f = h->frags; f; f = f->next)
        if (p >= f->data && p < f->data + f->used) return true;
    return false;
}

static inline hl_term evacuate(gc_ctx *c, hl_term t) {
    switch (t & 3) {
    case HL_TAG_CONS: {
        hl_term *p = hl_cons_ptr(t);
        if (!in_from(c, p)) return t;
        if (hl_is_header(p[0])) return hl_make_cons((hl_term *)(uintptr_t)p[0]); /* moved */
        hl_term *n = c->free;
        c->free += 2;
        n[0] = p[0];
        n[1] = p[1];
        p[0] = (hl_term)(uintptr_t)n; /* primary tag 00: forwarding mark */
        return hl_make_cons(n);
    }
    case HL_TAG_BOXED: {
        hl_term *p = hl_boxed_ptr(t);
        if (!in_from(c, p)) return t;
        if (hl_is_boxed(p[0])) return p[0]; /* moved: header is the new pointer */
        size_t words = hl_object_words(p[0]);
        hl_term *n = c->free;
        c->free += words;
        memcpy(n, p, words * sizeof(hl_term));
        p[0] = hl_make_boxed(n);
        return p[0];
    }
    default:
        return t;
    }
}

/* Words of object at p (a header) that are terms: [first, first + count). */
static inline void term_fields(hl_term header, size_t *first, size_t *count) {
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
    default: /* bignums, floats, binaries, handles: raw words */
        *first = 1, *count = 0;
        return;
    }
}

/* Copies the live data of h into the block `to` of to_words words and
 * installs it. Cannot fail. */
static void copy_into(hl_heap *h, hl_term *to, size_t to_words, hl_roots *roots, size_t nroots) {
    gc_ctx c = {h, to};
    for (size_t r = 0; r < nroots; r++)
        for (size_t i = 0; i < roots[r].count; i++)
            roots[r].slots[i] = evacuate(&c, roots[r].slots[i]);
    for (hl_term *scan = to; scan < c.free;) {
        hl_term w = *scan;
        if (hl_is_header(w)) {
            size_t first, count;
            term_fields(w, &first, &count);
            for (size_t i = 0; i < count; i++) scan[first + i] = evacuate(&c, scan[first + i]);
            scan += hl_object_words(w);
        } else {
            *scan = evacuate(&c, w);
            scan++;
        }
    }
    /* Off-heap list: keep the binaries whose REFC_BIN was copied. */
    hl_term *kept = NULL;
    uint64_t kept_bytes = 0;
    for (hl_term *p = h->offheap; p;) {
        hl_term *next = (hl_term *)(uintptr_t)p[3];
        hl_binary *b = (hl_binary *)(uintptr_t)p[2];
        if (hl_is_boxed(p[0])) {
            hl_term *n = hl_boxed_ptr(p[0]);
            n[3] = (hl_term)(uintptr_t)kept;
            kept = n;
            kept_bytes += b->size;
        } else {
            hl_binary_decref(b);
        }
        p = next;
    }
    h->gc_words_copied += (uint64_t)(c.free - to);
    h->gc_count++;
    free_frags(h->frags);
    hl_mem_free(h->start);
    h->frags = NULL;
    h->frag_words = 0;
    h->offheap = kept;
    h->offheap_bytes = kept_bytes;
    h->start = to;
    h->top = c.free;
    h->end = h->block_end = to + to_words;
}

/* The size the block should have for `live + need` words: grow to twice
 * that when it would be more than 3/4 full, shrink to twice that (not below
 * the initial size) when under 1/4 full. Capped by the limit. */
static size_t wanted_size(const hl_heap *h, size_t cur, size_t live, size_t need) {
    size_t want = live + need, target = cur;
    if (want > cur - cur / 4 || (want < cur / 4 && cur > h->min_words)) {
        target = want + want / 2 + want / 2; /* 2x, overflow-safe for any realistic size */
        if (target < h->min_words) target = h->min_words;
    }
    uint64_t avail = h->limit_bytes > h->offheap_bytes ? (h->limit_bytes - h->offheap_bytes) /
                                                              sizeof(hl_term)
                                                        : 0;
    if (target > avail) target = want > avail ? want : (size_t)avail;
    return target;
}

void hl_heap_set_gc_always(hl_heap *h, bool on) {
    if (on) {
        h->flags |= HL_HEAP_GC_ALWAYS;
        h->end = h->top;
    } else {
        h->flags &= ~(unsigned)HL_HEAP_GC_ALWAYS;
        if (!h->frags) h->end = h->block_end;
    }
}

hl_term_status hl_heap_gc(hl_heap *h, size_t need, hl_roots *roots, size_t nroots) {
    size_t used = hl_heap_used_words(h), cur = (size_t)(h->block_end - h->start);
    size_t first;
    if (!hl_size_add(used, need, &first)) return HL_TERM_HEAP_LIMIT;
    if (need > h->limit_bytes / sizeof(hl_term)) return HL_TERM_HEAP_LIMIT;
    /* First copy: the current size when everything that could be live fits,
     * else exactly used + need (a temporary size fixed below). When the
     * previous collection enlarged the block, the process is probably still
     * growing: copy straight into a block twice as large instead of copying
     * twice (a wrong guess costs one shrink copy of little live data). */
    if (first < cur) first = cur;
    if (h->grew && first < 2 * (used + need)) {
        size_t grown = 2 * (used + need);
        uint64_t avail = h->limit_bytes / sizeof(hl_term);
        if (grown <= avail) first = grown;
    }
    size_t bytes;
    if (!hl_size_mul(first, sizeof(hl_term), &bytes)) return HL_TERM_HEAP_LIMIT;
    hl_term *to = hl_mem_alloc(bytes);
    if (!to) return HL_TERM_NOMEM;
    copy_into(h, to, first, roots, nroots);
    size_t live = (size_t)(h->top - h->start);
    size_t target = wanted_size(h, first, live, need);
    if (target != first && target >= live + need) {
        /* Resize by a second copy: live data is small (shrink) or the heap
         * grows geometrically (amortised). Failure keeps the first copy. */
        hl_term *to2 = hl_mem_alloc(target * sizeof(hl_term));
        if (to2) {
            copy_into(h, to2, target, roots, nroots);
            h->gc_count--; /* one collection */
        } else if ((size_t)(h->block_end - h->top) < need) {
            return HL_TERM_NOMEM;
        }
    }
    h->grew = (size_t)(h->block_end - h->start) > cur;
    if ((uint64_t)(live + need) * sizeof(hl_term) + h->offheap_bytes > h->limit_bytes)
        return HL_TERM_HEAP_LIMIT;
    if ((size_t)(h->block_end - h->top) < need) return HL_TERM_HEAP_LIMIT;
    if (h->flags & HL_HEAP_GC_ALWAYS) h->end = h->top; /* the next need collects again */
    return HL_TERM_OK;
}
