/* heap.h — a process heap: bump allocation, heap fragments for builtins,
 * off-heap binary references with accounting, a heap limit, and the
 * iterative generational copying collector (gc.c; docs/terms.md §4). */
#ifndef HL_TERM_HEAP_H
#define HL_TERM_HEAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "term/term.h"

typedef struct hl_heap_frag {
    struct hl_heap_frag *next;
    size_t size, used; /* words */
    hl_term data[];
} hl_heap_frag;

enum {
    HL_HEAP_GC_ALWAYS = 1u << 0, /* test mode: every hl_heap_need(n > 0) collects and every
                                    hl_heap_alloc makes a fresh fragment */
    HL_HEAP_GC_SPARSE_MAJORS = 1u << 1, /* with GC_ALWAYS: a major only after as many minors
                                           as the old generation has KiB (at least 3), and
                                           hl_heap_alloc fills fragments as usual, so big
                                           live data costs linear time, not quadratic */
};

enum { HL_HEAP_DEFAULT_WORDS = 128 }; /* 1 KiB: an idle process stays ~1.5 KiB */

typedef struct hl_heap {
    hl_term *top;       /* next free word of the young block */
    hl_term *end;       /* bump limit of the fast path (may sit below block_end to
                           make the next hl_heap_need collect) */
    hl_term *start;     /* the young block */
    hl_term *block_end;
    hl_term *hwm;       /* young objects below this survived one collection */
    hl_term *old_start, *old_top, *old_end; /* old generation (NULL when none) */
    hl_heap_frag *frags;   /* newest first */
    size_t frag_words;     /* total capacity of fragments */
    hl_term *offheap;      /* first REFC_BIN object of this heap (its header), or NULL */
    uint64_t offheap_bytes; /* bytes of the off-heap binaries referenced */
    uint64_t limit_bytes;
    size_t min_words;
    unsigned flags;
    uint64_t gc_count;        /* collections, minor and major */
    uint64_t gc_major_count;
    uint64_t gc_words_copied;
    unsigned minors_since_major;
    bool grew;          /* the previous collection enlarged the young block */
    uint64_t peak_bytes; /* the most hl_heap_bytes seen where it grows (usage reports) */
} hl_heap;

/* A run of root slots (x registers, stack, ...): updated in place by a collection. */
typedef struct hl_roots {
    hl_term *slots;
    size_t count;
} hl_roots;

/* initial_words 0 means HL_HEAP_DEFAULT_WORDS. The block itself must fit the
 * limit (HEAP_LIMIT otherwise). */
hl_term_status hl_heap_init(hl_heap *h, size_t initial_words, uint64_t limit_bytes);
/* Frees everything the heap holds, including its off-heap references. */
void hl_heap_free(hl_heap *h);
/* Drops every term of the heap (off-heap binaries released, fragments and
 * the old generation freed) and keeps the young block for reuse: a warm
 * tenant's next call starts on memory already touched. */
void hl_heap_reset(hl_heap *h);

/* Turns the GC-always test mode on or off. */
void hl_heap_set_gc_always(hl_heap *h, bool on);
void hl_heap_set_gc_sparse_majors(hl_heap *h, bool on); /* with gc_always: see HL_HEAP_GC_SPARSE_MAJORS */

/* Bytes the heap holds: blocks + fragments + referenced off-heap binaries. */
uint64_t hl_heap_bytes(const hl_heap *h);
/* Bytes charged against the limit: every block word twice (once for
 * itself, once for the space a collection copies it into) plus the off-heap
 * binaries. Keeping this within limit_bytes means the process never holds
 * more than its limit, even in the middle of a collection (BEAM's
 * max_heap_size likewise counts the heap being collected into). */
uint64_t hl_heap_charged(const hl_heap *h);
/* Records hl_heap_bytes as the peak when it is the largest yet: called
 * wherever the heap grows (fragments, off-heap binaries, collections). */
static inline void hl_heap_note_peak(hl_heap *h) {
    uint64_t b = hl_heap_bytes(h);
    if (b > h->peak_bytes) h->peak_bytes = b;
}
/* Whether `words` more block words and `offheap` more off-heap bytes fit the limit. */
bool hl_heap_fits(const hl_heap *h, uint64_t words, uint64_t offheap);
/* Words in use (block + fragments). */
size_t hl_heap_used_words(const hl_heap *h);

/* Collects, then makes sure `need` words can be bumped. Roots are updated.
 * Usually a minor collection (young data only; objects that survived one
 * collection move to the old generation), a major one when the old
 * generation is full or the limit is near. HEAP_LIMIT when live data + need
 * would exceed the limit (the heap stays valid and collected), NOMEM when
 * the host allocator fails (heap intact). */
hl_term_status hl_heap_gc(hl_heap *h, size_t need, hl_roots *roots, size_t nroots);
/* hl_heap_gc, where a minor collection does not scan the first `skip` slots
 * of roots[skip_root]: the caller knows they point only into the old
 * generation or outside the heap, which a minor collection never moves. A
 * major collection scans them all. */
hl_term_status hl_heap_gc_skip(hl_heap *h, size_t need, hl_roots *roots, size_t nroots, size_t skip_root,
                               size_t skip);
/* A major collection: everything live moves to a fresh old generation and
 * every dead off-heap binary is released (erlang:garbage_collect/0). */
hl_term_status hl_heap_gc_major(hl_heap *h, size_t need, hl_roots *roots, size_t nroots);

/* Hibernation (erlang:hibernate/3): everything live reached from the roots
 * is copied into one young block of exactly its size; the old generation,
 * fragments and dead off-heap binaries are released. *copied: the words
 * copied (for the caller's charge). NOMEM with the heap intact. */
hl_term_status hl_heap_compact(hl_heap *h, hl_roots *roots, size_t nroots, size_t *copied);

/* The VM's test_heap: guarantees `need` words for hl_heap_bump, collecting
 * with the given roots when the block is full. */
static inline hl_term_status hl_heap_need(hl_heap *h, size_t need, hl_roots *roots,
                                          size_t nroots) {
    /* top may pass end in GC-always mode (end is pulled down to force the
     * next collection), so compare before subtracting. */
    if (h->top <= h->end && (size_t)(h->end - h->top) >= need) return HL_TERM_OK;
    return hl_heap_gc(h, need, roots, nroots);
}
/* Unchecked bump, valid only within what hl_heap_need granted. */
static inline hl_term *hl_heap_bump(hl_heap *h, size_t words) {
    hl_term *p = h->top;
    h->top += words;
    return p;
}

/* Allocation for builtins and term operations: never collects (operands
 * need not be roots). Uses the block, else a fragment. HEAP_LIMIT when a
 * fragment would pass the limit (the VM collects and retries once), NOMEM. */
hl_term_status hl_heap_alloc(hl_heap *h, size_t words, hl_term **out);
/* True when a collection is due at the next point that can collect: the
 * fragments hl_heap_alloc made since the last collection hold more than
 * the young block (the VM checks after builtins, map updates, binary
 * construction and matching, and bignum arithmetic, none of which reach
 * test_heap). Off-heap binaries do not count: an append to a writable
 * binary makes a new reference charged the whole binary's size, so
 * counting them made a loop of appends collect every few appends (+42%
 * instructions); the heap limit collects them. */
static inline bool hl_heap_collect_due(const hl_heap *h) {
    return h->frag_words > (size_t)(h->block_end - h->start);
}
/* A fragment of `words` words outside the heap, for one large object a
 * builtin fills over several calls (vm/bif_tuple_build.c): the collector
 * never sees it, so it may be half-filled, until hl_heap_adopt_frag links it
 * in complete. HEAP_LIMIT when it would not fit the limit now, NOMEM. While
 * detached it is the caller's to account for and to free (hl_mem_free). */
hl_term_status hl_heap_frag_new_detached(hl_heap *h, size_t words, hl_heap_frag **out);
/* Links a detached fragment, every word of it a valid term, into the heap. */
void hl_heap_adopt_frag(hl_heap *h, hl_heap_frag *f);
/* Gives back the tail of the most recent allocation p (old_words long) so it
 * is new_words long; a no-op when p is not the latest allocation. */
void hl_heap_trim(hl_heap *h, hl_term *p, size_t old_words, size_t new_words);

/* Off-heap binaries. */
hl_binary *hl_binary_new(size_t size); /* refcount 1, NULL on NOMEM */
/* The same, its bytes zero: calloc's, which for a large block (fresh pages
 * from the kernel) writes nothing, so the pages are first touched by
 * whoever fills them, a step at a time (a 16 MiB memset was a 4 ms call) */
hl_binary *hl_binary_new_zeroed(size_t size);
void hl_binary_incref(hl_binary *b);
void hl_binary_decref(hl_binary *b);
/* Makes a REFC_BIN on the heap referring to b (takes a new reference; the
 * caller keeps its own) and charges b's bytes to the heap. */
hl_term_status hl_heap_make_refc_bin(hl_heap *h, hl_binary *b, hl_term *out);
/* Links a REFC_BIN object already written at p (4 words) into the heap's
 * off-heap list and charges it; the reference it holds is the caller's. */
void hl_heap_link_refc(hl_heap *h, hl_term *p);

/* True when p points into this heap's blocks or fragments (not a literal). */
bool hl_heap_contains(const hl_heap *h, const hl_term *p);
/* Frees a fragment chain (heap.c, used by the collector). */
void hl_heap_free_frags(hl_heap_frag *f);

#endif
