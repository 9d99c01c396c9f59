/* atom.c — the global atom table (design in docs/terms.md §3).
 *
 * Entries live in fixed-size chunks reached through a static directory, so
 * an entry never moves and hl_atom_name can read a live atom without the
 * lock. Names map to indices through an open-addressing hash table (linear
 * probing, backward-shift deletion: no tombstones, so a table that saw
 * 10,000 programs come and go probes as fast as a fresh one). Freed indices
 * are reused first, keeping the index range dense. */
#include "term/atom.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"

enum { CHUNK_BITS = 12, CHUNK_SIZE = 1u << CHUNK_BITS,
       NCHUNKS = HL_ATOM_TABLE_MAX / CHUNK_SIZE };
#define REFC_STATIC UINT32_MAX

typedef struct entry {
    const char *name;
    uint32_t len;
    uint32_t hash;
    uint32_t refc; /* REFC_STATIC, or number of pools/retains holding it */
} entry;

struct hl_atom_pool {
    size_t n;
    uint32_t *idx; /* distinct non-static indices, sorted */
};

static const char *const static_names[HL_ATOM_STATIC_COUNT] = {
#define HL_ATOM_X_NAME(c, s) s,
    HL_ATOM_STATIC_LIST(HL_ATOM_X_NAME)
#undef HL_ATOM_X_NAME
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;
static entry *chunks[NCHUNKS];
static uint32_t next_fresh;     /* indices below this have been handed out */
static uint32_t *free_idx;      /* reusable indices (stack) */
static size_t nfree, free_cap;
static size_t live;             /* atoms in the table */
static size_t npools;           /* live pools (for shutdown) */
static uint32_t *slots;         /* index + 1, or 0 when empty */
static size_t slot_cap;         /* power of two */

static uint32_t name_hash(const char *s, size_t n) {
    uint32_t h = 2166136261u; /* FNV-1a, then a final avalanche */
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    return h;
}

static entry *ent(uint32_t i) { return &chunks[i >> CHUNK_BITS][i & (CHUNK_SIZE - 1)]; }

static const uint8_t static_lens[HL_ATOM_STATIC_COUNT] = {
#define HL_ATOM_X_LEN(c, s) sizeof(s) - 1,
    HL_ATOM_STATIC_LIST(HL_ATOM_X_LEN)
#undef HL_ATOM_X_LEN
};

const char *hl_atom_name(uint32_t index, size_t *len) {
    if (index < HL_ATOM_STATIC_COUNT) {
        *len = static_lens[index];
        return static_names[index];
    }
    entry *e = ent(index);
    *len = e->len;
    return e->name;
}

static uint32_t static_hashes[HL_ATOM_STATIC_COUNT];
static pthread_once_t static_hashes_once = PTHREAD_ONCE_INIT;

static void init_static_hashes(void) {
    for (uint32_t i = 0; i < HL_ATOM_STATIC_COUNT; i++)
        static_hashes[i] = name_hash(static_names[i], strlen(static_names[i]));
}

uint32_t hl_atom_hash(uint32_t index) {
    if (index >= HL_ATOM_STATIC_COUNT) return ent(index)->hash;
    pthread_once(&static_hashes_once, init_static_hashes);
    return static_hashes[index];
}

int hl_atom_compare(uint32_t a, uint32_t b) {
    if (a == b) return 0;
    size_t na, nb;
    const char *sa = hl_atom_name(a, &na), *sb = hl_atom_name(b, &nb);
    int c = memcmp(sa, sb, na < nb ? na : nb);
    if (c != 0) return c;
    return na < nb ? -1 : na > nb;
}

size_t hl_atom_count(void) {
    pthread_mutex_lock(&lock);
    size_t n = initialized ? live : HL_ATOM_STATIC_COUNT;
    pthread_mutex_unlock(&lock);
    return n;
}

/* ---- hash table (lock held) ---- */

static size_t find_slot(const char *s, size_t n, uint32_t h, bool *found) {
    size_t mask = slot_cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        uint32_t v = slots[i];
        if (v == 0) { *found = false; return i; }
        entry *e = ent(v - 1);
        if (e->hash == h && e->len == n && memcmp(e->name, s, n) == 0) {
            *found = true;
            return i;
        }
    }
}

static bool grow_slots(void) {
    size_t cap = slot_cap ? slot_cap * 2 : 1024;
    uint32_t *ns = hl_mem_calloc(cap, sizeof *ns);
    if (!ns) return false;
    for (size_t i = 0; i < slot_cap; i++) {
        uint32_t v = slots[i];
        if (!v) continue;
        size_t j = ent(v - 1)->hash & (cap - 1);
        while (ns[j]) j = (j + 1) & (cap - 1);
        ns[j] = v;
    }
    hl_mem_free(slots);
    slots = ns;
    slot_cap = cap;
    return true;
}

/* Backward-shift deletion of the slot holding index+1 == v. */
static void remove_slot(uint32_t v) {
    size_t mask = slot_cap - 1;
    size_t i = ent(v - 1)->hash & mask;
    while (slots[i] != v) i = (i + 1) & mask;
    for (size_t j = (i + 1) & mask; slots[j]; j = (j + 1) & mask) {
        size_t home = ent(slots[j] - 1)->hash & mask;
        /* Move slots[j] into the hole at i if its home is not in (i, j]. */
        bool between = i <= j ? (home > i && home <= j) : (home > i || home <= j);
        if (!between) {
            slots[i] = slots[j];
            i = j;
        }
    }
    slots[i] = 0;
}

/* Takes a fresh or recycled index and makes sure its chunk exists. */
static bool take_index(uint32_t *out) {
    if (nfree) { *out = free_idx[--nfree]; return true; }
    if (next_fresh >= HL_ATOM_TABLE_MAX) return false;
    uint32_t c = next_fresh >> CHUNK_BITS;
    if (!chunks[c] && !(chunks[c] = hl_mem_calloc(CHUNK_SIZE, sizeof(entry)))) return false;
    *out = next_fresh++;
    return true;
}

static bool ensure_init(void) {
    if (initialized) return true;
    if (!slot_cap && !grow_slots()) return false;
    for (uint32_t i = next_fresh; i < HL_ATOM_STATIC_COUNT; i++) {
        uint32_t idx;
        if (!take_index(&idx)) return false; /* retried on the next call */
        entry *e = ent(idx);
        e->name = static_names[i];
        e->len = (uint32_t)strlen(static_names[i]);
        e->hash = name_hash(e->name, e->len);
        e->refc = REFC_STATIC;
        bool found;
        slots[find_slot(e->name, e->len, e->hash, &found)] = idx + 1;
    }
    live = HL_ATOM_STATIC_COUNT;
    initialized = true;
    return true;
}

/* Frees a dynamic entry whose refcount reached zero. */
static void drop_entry(uint32_t idx) {
    remove_slot(idx + 1);
    entry *e = ent(idx);
    hl_mem_free((void *)(uintptr_t)e->name);
    e->name = NULL;
    e->len = 0;
    free_idx[nfree++] = idx; /* free_cap >= indices handed out: see reserve_free */
    live--;
}

/* The free stack can hold every dynamic index ever handed out, so drop_entry
 * never allocates (a release must not fail). */
static bool reserve_free(size_t extra) {
    size_t need = (size_t)next_fresh + extra;
    if (need <= free_cap) return true;
    size_t cap = free_cap ? free_cap : 256;
    while (cap < need) cap *= 2;
    uint32_t *nf = hl_mem_realloc_array(free_idx, cap, sizeof *nf);
    if (!nf) return false;
    free_idx = nf;
    free_cap = cap;
    return true;
}

static bool valid_name(const char *s, size_t n) {
    if (n > HL_ATOM_MAX_BYTES) return false;
    size_t chars = 0;
    for (size_t i = 0; i < n; i++) chars += ((unsigned char)s[i] & 0xC0) != 0x80;
    return chars <= HL_ATOM_MAX_CHARS;
}

hl_term_status hl_atom_find_static(const char *name, size_t len, hl_term *out) {
    for (uint32_t i = 0; i < HL_ATOM_STATIC_COUNT; i++)
        if (strlen(static_names[i]) == len && memcmp(static_names[i], name, len) == 0) {
            *out = hl_make_atom(i);
            return HL_TERM_OK;
        }
    return HL_TERM_BADARG;
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Undo of a failed pool creation: entries this call created still have
 * refcount 0 and are dropped. */
static void abandon(uint32_t *idx, size_t n) {
    for (size_t i = 0; i < n; i++) {
        entry *e = ent(idx[i]);
        if (e->name && e->refc == 0) drop_entry(idx[i]);
    }
}

hl_term_status hl_atom_pool_new(const char *const *names, const size_t *lens, size_t count,
                                hl_term *out, hl_atom_pool **pool_out) {
    *pool_out = NULL;
    if (count > HL_ATOM_POOL_MAX) return HL_TERM_SYSTEM_LIMIT;
    for (size_t i = 0; i < count; i++)
        if (!valid_name(names[i], lens[i])) return HL_TERM_SYSTEM_LIMIT;
    hl_atom_pool *pool = hl_mem_calloc(1, sizeof *pool);
    uint32_t *idx = count ? hl_mem_calloc(count, sizeof *idx) : NULL;
    if (!pool || (count && !idx)) {
        hl_mem_free(pool);
        hl_mem_free(idx);
        return HL_TERM_NOMEM;
    }
    hl_term_status st = HL_TERM_OK;
    size_t n = 0; /* non-static indices recorded */
    pthread_mutex_lock(&lock);
    if (!ensure_init()) { st = HL_TERM_NOMEM; goto fail; }
    for (size_t i = 0; i < count; i++) {
        const char *s = names[i];
        size_t len = lens[i];
        uint32_t h = name_hash(s, len);
        if ((live + 1) * 2 > slot_cap && !grow_slots()) { st = HL_TERM_NOMEM; goto fail; }
        bool found;
        size_t slot = find_slot(s, len, h, &found);
        uint32_t a;
        if (found) {
            a = slots[slot] - 1;
        } else {
            if (live >= HL_ATOM_TABLE_MAX) { st = HL_TERM_SYSTEM_LIMIT; goto fail; }
            if (!reserve_free(1)) { st = HL_TERM_NOMEM; goto fail; }
            char *copy = hl_mem_alloc(len + 1);
            if (!copy) { st = HL_TERM_NOMEM; goto fail; }
            if (!take_index(&a)) {
                hl_mem_free(copy);
                st = next_fresh >= HL_ATOM_TABLE_MAX ? HL_TERM_SYSTEM_LIMIT : HL_TERM_NOMEM;
                goto fail;
            }
            if (len) memcpy(copy, s, len);
            copy[len] = 0;
            entry *e = ent(a);
            e->name = copy;
            e->len = (uint32_t)len;
            e->hash = h;
            e->refc = 0;
            slots[slot] = a + 1;
            live++;
        }
        out[i] = hl_make_atom(a);
        if (ent(a)->refc != REFC_STATIC) idx[n++] = a;
    }
    qsort(idx, n, sizeof *idx, cmp_u32);
    size_t u = 0;
    for (size_t i = 0; i < n; i++)
        if (u == 0 || idx[u - 1] != idx[i]) idx[u++] = idx[i];
    for (size_t i = 0; i < u; i++) ent(idx[i])->refc++;
    npools++;
    pthread_mutex_unlock(&lock);
    pool->n = u;
    pool->idx = idx;
    *pool_out = pool;
    return HL_TERM_OK;
fail:
    abandon(idx, n);
    pthread_mutex_unlock(&lock);
    hl_mem_free(idx);
    hl_mem_free(pool);
    return st;
}

void hl_atom_pool_free(hl_atom_pool *pool) {
    if (!pool) return;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < pool->n; i++) {
        entry *e = ent(pool->idx[i]);
        if (--e->refc == 0) drop_entry(pool->idx[i]);
    }
    npools--;
    pthread_mutex_unlock(&lock);
    hl_mem_free(pool->idx);
    hl_mem_free(pool);
}

size_t hl_atom_pool_size(const hl_atom_pool *pool) { return pool->n; }

hl_term_status hl_atom_pool_lookup(const hl_atom_pool *pool, const char *name, size_t len,
                                   hl_term *out) {
    if (!valid_name(name, len)) return HL_TERM_BADARG;
    uint32_t a = 0;
    bool found = false;
    pthread_mutex_lock(&lock);
    if (initialized) {
        size_t slot = find_slot(name, len, name_hash(name, len), &found);
        if (found) a = slots[slot] - 1;
    }
    pthread_mutex_unlock(&lock);
    if (!found) return hl_atom_find_static(name, len, out); /* before first pool */
    if (a >= HL_ATOM_STATIC_COUNT &&
        !(pool && bsearch(&a, pool->idx, pool->n, sizeof a, cmp_u32)))
        return HL_TERM_BADARG;
    *out = hl_make_atom(a);
    return HL_TERM_OK;
}

hl_term_status hl_atom_retain(hl_term atom) {
    if (!hl_is_atom(atom)) return HL_TERM_BADARG;
    uint32_t a = hl_atom_index(atom);
    if (a < HL_ATOM_STATIC_COUNT) return HL_TERM_OK;
    hl_term_status st = HL_TERM_BADARG;
    pthread_mutex_lock(&lock);
    if (initialized && a < next_fresh && ent(a)->name && ent(a)->refc > 0 &&
        ent(a)->refc < REFC_STATIC - 1) {
        ent(a)->refc++;
        npools++; /* a retained atom keeps the table alive like a pool */
        st = HL_TERM_OK;
    }
    pthread_mutex_unlock(&lock);
    return st;
}

void hl_atom_release(hl_term atom) {
    if (!hl_is_atom(atom)) return;
    uint32_t a = hl_atom_index(atom);
    if (a < HL_ATOM_STATIC_COUNT) return;
    pthread_mutex_lock(&lock);
    if (initialized && a < next_fresh && ent(a)->name && ent(a)->refc > 0) {
        npools--;
        if (--ent(a)->refc == 0) drop_entry(a);
    }
    pthread_mutex_unlock(&lock);
}

bool hl_atom_table_shutdown(void) {
    pthread_mutex_lock(&lock);
    bool ok = npools == 0;
    if (ok) {
        for (size_t c = 0; c < NCHUNKS && chunks[c]; c++) {
            hl_mem_free(chunks[c]);
            chunks[c] = NULL;
        }
        hl_mem_free(slots);
        hl_mem_free(free_idx);
        slots = NULL;
        free_idx = NULL;
        slot_cap = free_cap = nfree = 0;
        next_fresh = 0;
        live = 0;
        initialized = false;
    }
    pthread_mutex_unlock(&lock);
    return ok;
}
