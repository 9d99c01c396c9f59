/* heap.c — process heaps (docs/terms.md §4): blocks, bump allocation,
 * fragments for builtins, off-heap binary references and accounting. The
 * collector is in gc.c. */
#include "term/heap.h"

#include <stdatomic.h>

#include "base/mem.h"

static size_t frag_used_total(const hl_heap *h) {
    size_t n = 0;
    for (const hl_heap_frag *f = h->frags; f; f = f->next) n += f->used;
    return n;
}

size_t hl_heap_used_words(const hl_heap *h) {
    return (size_t)(h->top - h->start) + frag_used_total(h) + (size_t)(h->old_top - h->old_start);
}

uint64_t hl_heap_bytes(const hl_heap *h) {
    return ((uint64_t)(h->block_end - h->start) + h->frag_words +
            (uint64_t)(h->old_end - h->old_start)) * sizeof(hl_term) +
           h->offheap_bytes;
}

uint64_t hl_heap_charged(const hl_heap *h) {
    return 2 * (hl_heap_bytes(h) - h->offheap_bytes) + h->offheap_bytes;
}

bool hl_heap_fits(const hl_heap *h, uint64_t words, uint64_t offheap) {
    uint64_t charged = hl_heap_charged(h);
    if (charged > h->limit_bytes) return false;
    uint64_t room = h->limit_bytes - charged;
    if (offheap > room) return false;
    return words <= (room - offheap) / (2 * sizeof(hl_term));
}

hl_term_status hl_heap_init(hl_heap *h, size_t initial_words, uint64_t limit_bytes) {
    memset(h, 0, sizeof *h);
    if (initial_words == 0) initial_words = HL_HEAP_DEFAULT_WORDS;
    if (initial_words > limit_bytes / (2 * sizeof(hl_term))) return HL_TERM_HEAP_LIMIT;
    h->start = hl_mem_alloc(initial_words * sizeof(hl_term));
    if (!h->start) return HL_TERM_NOMEM;
    h->top = h->hwm = h->start;
    h->end = h->block_end = h->start + initial_words;
    h->min_words = initial_words;
    h->limit_bytes = limit_bytes;
    return HL_TERM_OK;
}

void hl_heap_free_frags(hl_heap_frag *f) {
    while (f) {
        hl_heap_frag *next = f->next;
        hl_mem_free(f);
        f = next;
    }
}

void hl_heap_free(hl_heap *h) {
    for (hl_term *p = h->offheap; p; p = (hl_term *)(uintptr_t)p[3])
        hl_binary_decref((hl_binary *)(uintptr_t)p[2]);
    hl_heap_free_frags(h->frags);
    hl_mem_free(h->start);
    hl_mem_free(h->old_start);
    memset(h, 0, sizeof *h);
}

void hl_heap_reset(hl_heap *h) {
    for (hl_term *p = h->offheap; p; p = (hl_term *)(uintptr_t)p[3])
        hl_binary_decref((hl_binary *)(uintptr_t)p[2]);
    hl_heap_free_frags(h->frags);
    if (h->old_start) hl_mem_free(h->old_start);
    h->frags = NULL;
    h->frag_words = 0;
    h->offheap = NULL;
    h->offheap_bytes = 0;
    h->old_start = h->old_top = h->old_end = NULL;
    h->top = h->hwm = h->start;
    h->end = h->block_end;
    h->minors_since_major = 0;
    h->grew = false;
}

bool hl_heap_contains(const hl_heap *h, const hl_term *p) {
    if (p >= h->start && p < h->top) return true;
    if (p >= h->old_start && p < h->old_top) return true;
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
    atomic_init(&b->used, size);
    return b;
}

hl_binary *hl_binary_new_zeroed(size_t size) {
    size_t total;
    if (!hl_size_add(sizeof(hl_binary), size, &total)) return NULL;
    hl_binary *b = hl_mem_calloc(1, total);
    if (!b) return NULL;
    atomic_init(&b->refc, 1);
    b->size = size;
    atomic_init(&b->used, size);
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
    hl_heap_note_peak(h);
}

hl_term_status hl_heap_make_refc_bin(hl_heap *h, hl_binary *b, hl_term *out) {
    if (!hl_heap_fits(h, 0, b->size)) return HL_TERM_HEAP_LIMIT;
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
    /* A fresh fragment per allocation in the strict stress mode only. In
     * the sparse one a builtin's loop of 65,536 allocations between two
     * collections would make the collector scan that many fragments per
     * pointer (it is there to stay linear): its fragments are filled and
     * grow geometrically up to 64 Ki words, so few, and little capacity is
     * charged beyond what is used (the normal sizing, a quarter of the young
     * block and the total so far, would double the charge of a heap of
     * multi-megabyte bignums past its limit). */
    bool sparse = (h->flags & HL_HEAP_GC_ALWAYS) && (h->flags & HL_HEAP_GC_SPARSE_MAJORS);
    bool stress = (h->flags & HL_HEAP_GC_ALWAYS) && !sparse;
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
    if (sparse) {
        size_t grow = f ? 2 * f->size : 16;
        if (grow > 65536) grow = 65536;
        if (fw < grow) fw = grow;
        block = 0, stress = true; /* none of the sizing below */
    }
    if (!stress && fw < block / 4) fw = block / 4; /* amortise small requests */
    /* Geometric growth: a loop of builtins that allocate but never reach a
     * collection point (puts into a big map) makes O(log n) fragments, not
     * O(n) — the collector scans the fragment list for every pointer. */
    if (!stress && fw < h->frag_words) fw = h->frag_words;
    if (fw < 16 && !stress) fw = 16;
    size_t bytes;
    if (!hl_size_mul(fw, sizeof(hl_term), &bytes) ||
        !hl_size_add(bytes, sizeof(hl_heap_frag), &bytes))
        return HL_TERM_HEAP_LIMIT;
    if (!hl_heap_fits(h, fw, 0)) {
        /* Near the limit: all the room left, if words fit in it (so the
         * fragments stay few, and the next request past it is the limit,
         * where the VM collects). */
        uint64_t charged = hl_heap_charged(h);
        uint64_t room = charged < h->limit_bytes ? (h->limit_bytes - charged) / (2 * sizeof(hl_term)) : 0;
        if (room < words) return HL_TERM_HEAP_LIMIT;
        fw = room < fw ? (size_t)room : fw;
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
    hl_heap_note_peak(h);
    *out = f->data;
    return HL_TERM_OK;
}

hl_term_status hl_heap_frag_new_detached(hl_heap *h, size_t words, hl_heap_frag **out) {
    size_t bytes;
    if (!hl_size_mul(words, sizeof(hl_term), &bytes) || !hl_size_add(bytes, sizeof(hl_heap_frag), &bytes) ||
        !hl_heap_fits(h, words, 0))
        return HL_TERM_HEAP_LIMIT;
    hl_heap_frag *f = hl_mem_alloc(bytes);
    if (!f) return HL_TERM_NOMEM;
    f->next = NULL;
    f->size = f->used = words;
    *out = f;
    return HL_TERM_OK;
}

void hl_heap_adopt_frag(hl_heap *h, hl_heap_frag *f) {
    f->next = h->frags;
    h->frags = f;
    h->frag_words += f->size;
    h->end = h->top; /* the next hl_heap_need collects and merges fragments */
    hl_heap_note_peak(h);
}

void hl_heap_trim(hl_heap *h, hl_term *p, size_t old_words, size_t new_words) {
    if (p + old_words == h->top) {
        h->top = p + new_words;
        return;
    }
    hl_heap_frag *f = h->frags;
    if (f && p + old_words == f->data + f->used) f->used -= old_words - new_words;
}

void hl_heap_set_gc_sparse_majors(hl_heap *h, bool on) {
    if (on) h->flags |= HL_HEAP_GC_SPARSE_MAJORS;
    else h->flags &= ~(unsigned)HL_HEAP_GC_SPARSE_MAJORS;
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
