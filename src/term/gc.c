/* gc.c — the per-process generational copying collector (docs/terms.md §4).
 *
 * Both collections are Cheney's algorithm: roots are evacuated, then scan
 * pointers walk the destination regions linearly, evacuating what each
 * copied word points to. Nothing recurses and nothing but the destination
 * blocks is allocated, so the shape of guest data cannot exhaust the C
 * stack. Only pointers into the area being collected are followed; literal
 * areas (anything outside the heap) are never touched.
 *
 * Generations. Terms are immutable, so an object only ever points to
 * objects older than itself; and a collection copies an object together
 * with everything it reaches. Hence objects below the high-water mark `hwm`
 * (they survived the previous collection) only point to each other or to
 * the old generation, and the old generation never points into the young
 * block: a minor collection needs no remembered set. It copies young
 * objects below hwm into the old generation (promotion after surviving one
 * collection, as BEAM does) and the others into a new young block. A major
 * collection copies everything live into a fresh old generation and
 * empties the young block. (The VM must not mutate an object once a
 * collection may have run since it was built.) */
#include "term/heap.h"

#include "base/mem.h"

typedef struct gc_ctx {
    const hl_heap *h;
    bool major;
    hl_term *free;     /* minor: the new young block; major: the new old block */
    hl_term *old_free; /* minor: promotion area at the end of the old block */
    size_t skip_root, skip; /* minor: roots[skip_root]'s first skip slots are old-only */
} gc_ctx;

static inline bool in_from(const gc_ctx *c, const hl_term *p) {
    const hl_heap *h = c->h;
    if (p >= h->start && p < h->top) return true;
    if (c->major && p >= h->old_start && p < h->old_top) return true;
    for (const hl_heap_frag *f = h->frags; f; f = f->next)
        if (p >= f->data && p < f->data + f->used) return true;
    return false;
}

/* Where a copy of the object at p goes. */
static inline hl_term **dest(gc_ctx *c, const hl_term *p) {
    if (!c->major && p >= c->h->start && p < c->h->hwm) return &c->old_free;
    return &c->free;
}

static inline hl_term evacuate(gc_ctx *c, hl_term t) {
    switch (t & 3) {
    case HL_TAG_CONS: {
        hl_term *p = hl_cons_ptr(t);
        if (!in_from(c, p)) return t;
        if (hl_is_header(p[0])) return hl_make_cons((hl_term *)(uintptr_t)p[0]); /* moved */
        hl_term **d = dest(c, p), *n = *d;
        *d += 2;
        n[0] = p[0];
        n[1] = p[1];
        p[0] = (hl_term)(uintptr_t)n; /* primary tag 00: a head is never a header */
        return hl_make_cons(n);
    }
    case HL_TAG_BOXED: {
        hl_term *p = hl_boxed_ptr(t);
        if (!in_from(c, p)) return t;
        if (hl_is_boxed(p[0])) return p[0]; /* moved: the header is the new pointer */
        size_t words = hl_object_words(p[0]);
        hl_term **d = dest(c, p), *n = *d;
        *d += words;
        memcpy(n, p, words * sizeof(hl_term));
        p[0] = hl_make_boxed(n);
        return p[0];
    }
    default:
        return t;
    }
}

/* Words of an object (header h) that are terms: [first, first + count). */
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

/* Scans one object or cons word at p; returns the words consumed. */
static inline size_t scan_at(gc_ctx *c, hl_term *p) {
    hl_term w = *p;
    if (!hl_is_header(w)) {
        *p = evacuate(c, w);
        return 1;
    }
    size_t first, count;
    term_fields(w, &first, &count);
    for (size_t i = 0; i < count; i++) p[first + i] = evacuate(c, p[first + i]);
    return hl_object_words(w);
}

/* Evacuates the roots and scans every destination region to the end. */
static void trace(gc_ctx *c, hl_term *scan_young, hl_term *scan_old, hl_roots *roots, size_t nroots) {
    /* Roots are mostly immediates (a deep stack of small integers, return
     * addresses, []): skip those without a store. */
    for (size_t r = 0; r < nroots; r++) {
        hl_term *slots = roots[r].slots;
        for (size_t i = !c->major && r == c->skip_root ? c->skip : 0, n = roots[r].count; i < n; i++) {
            hl_term t = slots[i];
            if ((t & 3) == HL_TAG_IMMED) continue;
            slots[i] = evacuate(c, t);
        }
    }
    while (scan_young < c->free || (scan_old && scan_old < c->old_free)) {
        while (scan_young < c->free) scan_young += scan_at(c, scan_young);
        while (scan_old && scan_old < c->old_free) scan_old += scan_at(c, scan_old);
    }
}

/* Rebuilds the off-heap list after tracing: binaries whose REFC_BIN was in
 * the collected area survive if it was copied; the others are released.
 * REFC_BINs outside the collected area (old generation, minor) stay. */
static void sweep_offheap(gc_ctx *c, hl_heap *h) {
    hl_term *kept = NULL;
    uint64_t kept_bytes = 0;
    for (hl_term *p = h->offheap; p;) {
        hl_term *next = (hl_term *)(uintptr_t)p[3];
        hl_binary *b = (hl_binary *)(uintptr_t)p[2];
        hl_term *at = NULL;
        if (!in_from(c, p)) at = p;
        else if (hl_is_boxed(p[0])) at = hl_boxed_ptr(p[0]);
        if (at) {
            at[3] = (hl_term)(uintptr_t)kept;
            kept = at;
            kept_bytes += b->size;
        } else {
            hl_binary_decref(b);
        }
        p = next;
    }
    h->offheap = kept;
    h->offheap_bytes = kept_bytes;
}

/* The most block words the heap may hold after a collection: each is
 * charged twice (hl_heap_charged), so a collection's destination always
 * fits next to its source within the limit. */
static uint64_t limit_words(const hl_heap *h) {
    return h->limit_bytes > h->offheap_bytes
               ? (h->limit_bytes - h->offheap_bytes) / (2 * sizeof(hl_term))
               : 0;
}

static size_t frag_used(const hl_heap *h) {
    size_t n = 0;
    for (const hl_heap_frag *f = h->frags; f; f = f->next) n += f->used;
    return n;
}

/* The heap's peak while a collection holds `extra` words of new blocks
 * besides the ones it copies from. */
static void note_peak_with(hl_heap *h, size_t extra) {
    uint64_t b = hl_heap_bytes(h) + (uint64_t)extra * sizeof(hl_term);
    if (b > h->peak_bytes) h->peak_bytes = b;
}

/* Minor collection into a new young block of to_words words. promote:
 * objects below hwm go to the old generation (which the caller made sure
 * has room); otherwise everything young stays young (a resize). */
static void minor_into(hl_heap *h, hl_term *to, size_t to_words, bool promote, hl_roots *roots,
                       size_t nroots, size_t skip_root, size_t skip) {
    if (!promote) h->hwm = h->start; /* nothing counts as aged: all stays young */
    note_peak_with(h, to_words); /* both blocks are held while it copies */
    gc_ctx c = {h, false, to, h->old_top, skip_root, skip};
    hl_term *old_before = h->old_top;
    trace(&c, to, old_before ? old_before : NULL, roots, nroots);
    sweep_offheap(&c, h);
    h->gc_words_copied += (uint64_t)(c.free - to);
    if (old_before) h->gc_words_copied += (uint64_t)(c.old_free - old_before);
    hl_heap_free_frags(h->frags);
    hl_mem_free(h->start);
    h->frags = NULL;
    h->frag_words = 0;
    h->old_top = c.old_free;
    h->start = to;
    h->top = h->hwm = c.free;
    h->end = h->block_end = to + to_words;
}

/* Major collection into a new old block of old_words words; the young
 * block becomes young_block (young_words, empty): either the current one,
 * reused once everything left it, or a new one. */
static void major_into(hl_heap *h, hl_term *old, size_t old_words, hl_term *young_block,
                       size_t young_words, hl_roots *roots, size_t nroots) {
    note_peak_with(h, old_words + (young_block != h->start ? young_words : 0));
    gc_ctx c = {h, true, old, NULL, 0, 0};
    trace(&c, old, NULL, roots, nroots);
    sweep_offheap(&c, h);
    h->gc_words_copied += (uint64_t)(c.free - old);
    hl_heap_free_frags(h->frags);
    hl_mem_free(h->old_start);
    if (young_block != h->start) hl_mem_free(h->start);
    h->frags = NULL;
    h->frag_words = 0;
    h->old_start = old;
    h->old_top = c.free;
    h->old_end = old + old_words;
    h->start = h->top = h->hwm = young_block;
    h->end = h->block_end = young_block + young_words;
    h->minors_since_major = 0;
    h->gc_major_count++;
}

/* The young block size for `live + need` words: grow to twice that when it
 * would be more than 3/4 full, shrink to twice that (not below the initial
 * size) when under 1/4 full; within what the limit leaves. */
static size_t young_floor(const hl_heap *h) {
    /* At least a quarter of the old generation: minor collections then
     * come at most about once per quarter-heap of allocation, so a process
     * with much old data does not collect every few hundred words. */
    size_t q = (size_t)(h->old_top - h->old_start) / 4;
    return q > h->min_words ? q : h->min_words;
}

static size_t wanted_young(const hl_heap *h, size_t cur, size_t live, size_t need) {
    size_t want = live + need, target = cur, floor = young_floor(h);
    if (want > cur - cur / 4 || (want < cur / 4 && cur > floor) || cur < floor) {
        target = 2 * want;
        if (target < floor) target = floor;
    }
    uint64_t avail = limit_words(h), old = (uint64_t)(h->old_end - h->old_start);
    avail = avail > old ? avail - old : 0;
    if (target > avail) target = want > avail ? want : (size_t)avail;
    return target;
}

static hl_term *alloc_words(size_t words) {
    size_t bytes;
    if (words == 0) words = 1;
    if (!hl_size_mul(words, sizeof(hl_term), &bytes)) return NULL;
    return hl_mem_alloc(bytes);
}

/* Checks the result of a collection: live data + need within the limit,
 * and room for need in the young block. */
static hl_term_status settle(hl_heap *h, size_t need) {
    size_t live = (size_t)(h->top - h->start) + (size_t)(h->old_top - h->old_start);
    if ((uint64_t)(live + need) > limit_words(h)) return HL_TERM_HEAP_LIMIT;
    if ((size_t)(h->block_end - h->top) < need) return HL_TERM_HEAP_LIMIT;
    if (h->flags & HL_HEAP_GC_ALWAYS) h->end = h->top; /* the next need collects again */
    return HL_TERM_OK;
}

hl_term_status hl_heap_gc_major(hl_heap *h, size_t need, hl_roots *roots, size_t nroots) {
    if (need > limit_words(h)) return HL_TERM_HEAP_LIMIT;
    size_t total = (size_t)(h->top - h->start) + frag_used(h) + (size_t)(h->old_top - h->old_start);
    size_t cur = (size_t)(h->block_end - h->start);
    /* Young block afterwards: the current one (reused: all of it is dead
     * once copied out) unless need does not fit or it is small next to the
     * old generation. */
    size_t young_words = cur;
    if (young_words < need) young_words = need + h->min_words;
    if (young_words < total / 4 && young_words < limit_words(h) / 8) young_words = total / 4;
    uint64_t avail = limit_words(h);
    avail = avail > young_words ? avail - young_words : 0;
    /* Old block: everything that could be live, with room to promote into. */
    size_t old_words = 2 * total + 64;
    if (old_words > avail) old_words = total > avail ? total : (size_t)avail;
    hl_term *old = alloc_words(old_words);
    if (!old) return HL_TERM_NOMEM;
    hl_term *young = h->start;
    if (young_words != cur && !(young = alloc_words(young_words))) {
        hl_mem_free(old);
        return HL_TERM_NOMEM;
    }
    major_into(h, old, old_words, young, young_words, roots, nroots);
    h->gc_count++;
    /* Near the limit the blocks may have been sized for the worst case.
     * The young block is empty now, so it shrinks for free; then the old
     * one, by copying its (now known) live data once more. */
    avail = limit_words(h);
    size_t old_cap = (size_t)(h->old_end - h->old_start), live = (size_t)(h->old_top - h->old_start);
    if (old_cap + young_words > avail) {
        size_t y = avail > old_cap ? (size_t)(avail - old_cap) : 0;
        if (y < need + 1) y = need + 1;
        if (y < young_words) {
            hl_term *ny = alloc_words(y);
            if (ny) {
                hl_mem_free(h->start);
                h->start = h->top = h->hwm = ny;
                h->end = h->block_end = ny + y;
                young_words = y;
            }
        }
    }
    /* An old block sized for everything that could have been live (2 x
     * total) but holding little (the rest was garbage: a loop of big
     * bignum products leaves tens of MB of fragments) would stay charged
     * against the limit, so a later allocation of a few hundred KB failed
     * with live data of a few KB: it shrinks to twice its live data, by
     * copying that (small) data once more. */
    bool roomy = old_cap > 4 * live + 1024;
    if (old_cap + young_words > avail || roomy) {
        if (live < old_cap && (old_cap + young_words > avail || roomy)) {
            size_t fit = avail > young_words ? (size_t)(avail - young_words) : 0;
            if (roomy && fit > 2 * live + 64) fit = 2 * live + 64;
            if (fit < live) fit = live;
            hl_term *old2 = alloc_words(fit);
            if (old2) {
                major_into(h, old2, fit, h->start, young_words, roots, nroots);
                h->gc_major_count--;
            }
        }
    }
    if (h->old_top == h->old_start) { /* nothing old: give the block back */
        hl_mem_free(h->old_start);
        h->old_start = h->old_top = h->old_end = NULL;
    }
    h->grew = false;
    return settle(h, need);
}

hl_term_status hl_heap_gc(hl_heap *h, size_t need, hl_roots *roots, size_t nroots) {
    return hl_heap_gc_skip(h, need, roots, nroots, 0, 0);
}

hl_term_status hl_heap_gc_skip(hl_heap *h, size_t need, hl_roots *roots, size_t nroots, size_t skip_root,
                               size_t skip) {
    if (skip_root >= nroots || skip > roots[skip_root].count) skip = 0;
    if (need > limit_words(h)) return HL_TERM_HEAP_LIMIT;
    size_t aged = (size_t)(h->hwm - h->start);
    size_t old_room = (size_t)(h->old_end - h->old_top);
    bool stress = h->flags & HL_HEAP_GC_ALWAYS;
    size_t majors_every = 3;
    if (h->flags & HL_HEAP_GC_SPARSE_MAJORS) {
        size_t old_kib = (size_t)(h->old_top - h->old_start) * sizeof(hl_term) / 1024;
        if (old_kib > majors_every) majors_every = old_kib;
    }
    if (aged > old_room || (stress && h->minors_since_major >= majors_every))
        return hl_heap_gc_major(h, need, roots, nroots);
    size_t cur = (size_t)(h->block_end - h->start);
    size_t young_used = (size_t)(h->top - h->hwm) + frag_used(h); /* bound on what stays young */
    size_t first;
    if (!hl_size_add(young_used, need, &first)) return HL_TERM_HEAP_LIMIT;
    /* The sparse stress mode collects at every allocation anyway: a young
     * block just big enough (not a quarter of the old generation, fresh
     * pages at every allocation) keeps it linear, and an access past the
     * block's end is caught by the sanitizers at once. */
    bool tight = (h->flags & HL_HEAP_GC_SPARSE_MAJORS) && stress;
    if (tight) first += h->min_words;
    else if (first < cur) first = cur;
    /* After a collection that enlarged the block the process is probably
     * still growing: go straight to twice the size instead of copying twice
     * (a wrong guess costs one shrink copy of little live data). */
    if (!tight && h->grew && first < 2 * (young_used + need) && 2 * (young_used + need) <= limit_words(h))
        first = 2 * (young_used + need);
    hl_term *to = alloc_words(first);
    if (!to) return HL_TERM_NOMEM;
    minor_into(h, to, first, true, roots, nroots, skip_root, skip);
    h->gc_count++;
    h->minors_since_major++;
    size_t live = (size_t)(h->top - h->start);
    size_t target = tight ? first : wanted_young(h, first, live, need);
    if (target != first && target >= live + need) {
        hl_term *to2 = alloc_words(target); /* failure keeps the first copy */
        if (to2) minor_into(h, to2, target, false, roots, nroots, skip_root, skip);
        else if ((size_t)(h->block_end - h->top) < need) return HL_TERM_NOMEM;
    }
    h->grew = (size_t)(h->block_end - h->start) > cur;
    hl_term_status st = settle(h, need);
    /* Over the limit with garbage possibly left in the old generation:
     * a major collection decides. */
    if (st == HL_TERM_HEAP_LIMIT || hl_heap_charged(h) > h->limit_bytes)
        return hl_heap_gc_major(h, need, roots, nroots);
    return st;
}

/* Everything live, traced into `to` (a major collection's destination):
 * the words copied. Off-heap binaries no longer reached are released. */
static size_t trace_all(hl_heap *h, hl_term *to, hl_roots *roots, size_t nroots) {
    gc_ctx c = {h, true, to, NULL, 0, 0};
    trace(&c, to, NULL, roots, nroots);
    sweep_offheap(&c, h);
    return (size_t)(c.free - to);
}

/* Drops every block and fragment of h and makes `block` (words long, its
 * first `used` words live) the young block, with no old generation. */
static void adopt_block(hl_heap *h, hl_term *block, size_t words, size_t used) {
    hl_heap_free_frags(h->frags);
    hl_mem_free(h->old_start);
    hl_mem_free(h->start);
    h->frags = NULL;
    h->frag_words = 0;
    h->old_start = h->old_top = h->old_end = NULL;
    h->start = h->hwm = block;
    h->top = block + used;
    h->end = h->block_end = block + words;
}

hl_term_status hl_heap_compact(hl_heap *h, hl_roots *roots, size_t nroots, size_t *copied) {
    *copied = 0;
    size_t total = (size_t)(h->top - h->start) + frag_used(h) + (size_t)(h->old_top - h->old_start);
    /* The live size is known only once traced: first into a block that
     * holds everything, then once more into one of exactly that size. */
    hl_term *tmp = alloc_words(total);
    if (!tmp) return HL_TERM_NOMEM;
    note_peak_with(h, total);
    size_t live = trace_all(h, tmp, roots, nroots);
    adopt_block(h, tmp, total ? total : 1, live);
    *copied = live;
    hl_term *exact = alloc_words(live);
    if (exact) { /* (on failure the first copy stays: larger, still valid) */
        h->start = tmp; /* the area traced from */
        size_t again = trace_all(h, exact, roots, nroots);
        h->start = NULL; /* tmp is freed below, not by adopt_block */
        adopt_block(h, exact, live ? live : 1, again);
        hl_mem_free(tmp);
        *copied += again;
    }
    h->gc_count++;
    h->gc_major_count++;
    h->gc_words_copied += *copied;
    h->minors_since_major = 0;
    h->grew = false;
    /* The block is full: the next allocation collects into a block the
     * usual sizing picks (in the GC-always mode it would anyway). */
    h->end = h->top;
    return HL_TERM_OK;
}
