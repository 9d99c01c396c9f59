/* atom.c — the static atoms and the engine-owned atom tables (design in
 * docs/terms.md §3 and docs/design.md, shared state).
 *
 * A dynamic atom is one heap entry that never moves or changes while it is
 * alive; the atom term carries its address, so hl_atom_name/hash/compare
 * read it without any table or lock. Each table maps names to entries
 * through an open-addressing hash table (linear probing, backward-shift
 * deletion: no tombstones, so a table that saw 10,000 programs come and go
 * probes as fast as a fresh one) under the table's own mutex: two engines
 * never contend and never see each other's atoms. Static atoms live in
 * const arrays (their hashes are computed once, under pthread_once). */
#include "term/atom.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"
#include "base/utf8.h"

typedef struct entry {
    hl_atom_table *owner; /* NULL: a host atom (hl_atom_host_new), in no table */
    uint32_t hash;
    uint32_t len;
    /* pools + retains holding it: changed under the owner's lock, or (host
     * atoms, which have no lock) atomically */
    _Atomic uint32_t refc;
    char name[]; /* len bytes, then NUL */
} entry;

/* A slot: 0 empty, 1..HL_ATOM_STATIC_COUNT a static index + 1, otherwise an
 * entry's address. */
typedef uintptr_t slot;

struct hl_atom_table {
    pthread_mutex_t lock;
    size_t refs;  /* the creator's, one per pool, one per retain */
    size_t live;  /* dynamic entries */
    size_t max;   /* limit on live */
    slot *slots;
    size_t slot_cap; /* power of two */
};

struct hl_atom_pool {
    hl_atom_table *t;
    size_t n;
    entry **e; /* distinct entries, sorted by address */
};

static const char *const static_names[HL_ATOM_STATIC_COUNT] = {
#define HL_ATOM_X_NAME(c, s) s,
    HL_ATOM_STATIC_LIST(HL_ATOM_X_NAME)
#undef HL_ATOM_X_NAME
};

static const uint8_t static_lens[HL_ATOM_STATIC_COUNT] = {
#define HL_ATOM_X_LEN(c, s) sizeof(s) - 1,
    HL_ATOM_STATIC_LIST(HL_ATOM_X_LEN)
#undef HL_ATOM_X_LEN
};

static uint32_t name_hash(const char *s, size_t n) {
    uint32_t h = 2166136261u; /* FNV-1a, then a final avalanche */
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    return h;
}

/* Immutable once initialised: shared by every table and thread. */
static uint32_t static_hashes[HL_ATOM_STATIC_COUNT];
static pthread_once_t static_hashes_once = PTHREAD_ONCE_INIT;

static void init_static_hashes(void) {
    for (uint32_t i = 0; i < HL_ATOM_STATIC_COUNT; i++) static_hashes[i] = name_hash(static_names[i], static_lens[i]);
}

static uint64_t payload(hl_term t) { return t >> HL_IMM_SHIFT; }
static entry *ent_of(hl_term t) { return (entry *)(uintptr_t)payload(t); }
static hl_term term_of(const entry *e) { return ((hl_term)(uintptr_t)e << HL_IMM_SHIFT) | HL_IMM_ATOM; }

bool hl_atom_is_static(hl_term atom) { return payload(atom) < HL_ATOM_STATIC_COUNT; }

const char *hl_atom_name(hl_term atom, size_t *len) {
    uint64_t i = payload(atom);
    if (i < HL_ATOM_STATIC_COUNT) {
        *len = static_lens[i];
        return static_names[i];
    }
    const entry *e = (const entry *)(uintptr_t)i;
    *len = e->len;
    return e->name;
}

uint32_t hl_atom_hash(hl_term atom) {
    uint64_t i = payload(atom);
    if (i >= HL_ATOM_STATIC_COUNT) return ((const entry *)(uintptr_t)i)->hash;
    pthread_once(&static_hashes_once, init_static_hashes);
    return static_hashes[i];
}

int hl_atom_compare(hl_term a, hl_term b) {
    if (a == b) return 0;
    size_t na, nb;
    const char *sa = hl_atom_name(a, &na), *sb = hl_atom_name(b, &nb);
    int c = memcmp(sa, sb, na < nb ? na : nb);
    if (c != 0) return c;
    return na < nb ? -1 : na > nb;
}

hl_term_status hl_atom_find_static(const char *name, size_t len, hl_term *out) {
    for (uint32_t i = 0; i < HL_ATOM_STATIC_COUNT; i++)
        if (static_lens[i] == len && memcmp(static_names[i], name, len) == 0) {
            *out = hl_make_atom(i);
            return HL_TERM_OK;
        }
    return HL_TERM_BADARG;
}

/* ---- the name -> slot hash table (lock held) ---- */

static bool slot_is_static(slot v) { return v <= HL_ATOM_STATIC_COUNT; }

static uint32_t slot_hash(slot v) {
    if (slot_is_static(v)) return static_hashes[v - 1];
    return ((const entry *)v)->hash;
}

static bool slot_is(slot v, const char *s, size_t n, uint32_t h) {
    if (slot_is_static(v)) return static_lens[v - 1] == n && memcmp(static_names[v - 1], s, n) == 0;
    const entry *e = (const entry *)v;
    return e->hash == h && e->len == n && memcmp(e->name, s, n) == 0;
}

static size_t find_slot(const hl_atom_table *t, const char *s, size_t n, uint32_t h, bool *found) {
    size_t mask = t->slot_cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        slot v = t->slots[i];
        if (v == 0) { *found = false; return i; }
        if (slot_is(v, s, n, h)) { *found = true; return i; }
    }
}

static bool grow_slots(hl_atom_table *t) {
    size_t cap = t->slot_cap ? t->slot_cap * 2 : 1024;
    slot *ns = hl_mem_calloc(cap, sizeof *ns);
    if (!ns) return false;
    for (size_t i = 0; i < t->slot_cap; i++) {
        slot v = t->slots[i];
        if (!v) continue;
        size_t j = slot_hash(v) & (cap - 1);
        while (ns[j]) j = (j + 1) & (cap - 1);
        ns[j] = v;
    }
    hl_mem_free(t->slots);
    t->slots = ns;
    t->slot_cap = cap;
    return true;
}

/* Backward-shift deletion of the slot holding v. */
static void remove_slot(hl_atom_table *t, slot v) {
    size_t mask = t->slot_cap - 1;
    size_t i = slot_hash(v) & mask;
    while (t->slots[i] != v) i = (i + 1) & mask;
    for (size_t j = (i + 1) & mask; t->slots[j]; j = (j + 1) & mask) {
        size_t home = slot_hash(t->slots[j]) & mask;
        /* Move slots[j] into the hole at i if its home is not in (i, j]. */
        bool between = i <= j ? (home > i && home <= j) : (home > i || home <= j);
        if (!between) {
            t->slots[i] = t->slots[j];
            i = j;
        }
    }
    t->slots[i] = 0;
}

/* Frees a dynamic entry whose refcount reached zero. */
static void drop_entry(hl_atom_table *t, entry *e) {
    remove_slot(t, (slot)e);
    hl_mem_free(e);
    t->live--;
}

static void table_destroy(hl_atom_table *t) {
    pthread_mutex_destroy(&t->lock);
    hl_mem_free(t->slots);
    hl_mem_free(t);
}

/* Drops `n` references (lock held); true when the table must be destroyed
 * (after unlocking: nothing else can reach it then). */
static bool unref_locked(hl_atom_table *t, size_t n) {
    t->refs -= n;
    return t->refs == 0;
}

hl_atom_table *hl_atom_table_new(size_t max_atoms) {
    pthread_once(&static_hashes_once, init_static_hashes);
    hl_atom_table *t = hl_mem_calloc(1, sizeof *t);
    if (!t) return NULL;
    if (pthread_mutex_init(&t->lock, NULL) != 0) {
        hl_mem_free(t);
        return NULL;
    }
    t->refs = 1;
    t->max = max_atoms;
    if (!grow_slots(t)) {
        table_destroy(t);
        return NULL;
    }
    for (uint32_t i = 0; i < HL_ATOM_STATIC_COUNT; i++) {
        bool found;
        size_t s = find_slot(t, static_names[i], static_lens[i], static_hashes[i], &found);
        t->slots[s] = (slot)i + 1;
    }
    return t;
}

void hl_atom_table_release(hl_atom_table *t) {
    if (!t) return;
    pthread_mutex_lock(&t->lock);
    bool dead = unref_locked(t, 1);
    pthread_mutex_unlock(&t->lock);
    if (dead) table_destroy(t);
}

void hl_atom_table_retain(hl_atom_table *t) {
    pthread_mutex_lock(&t->lock);
    t->refs++;
    pthread_mutex_unlock(&t->lock);
}

size_t hl_atom_table_count(hl_atom_table *t) {
    pthread_mutex_lock(&t->lock);
    size_t n = HL_ATOM_STATIC_COUNT + t->live;
    pthread_mutex_unlock(&t->lock);
    return n;
}

size_t hl_atom_table_max(hl_atom_table *t) {
    pthread_mutex_lock(&t->lock);
    size_t m = t->max;
    pthread_mutex_unlock(&t->lock);
    return m;
}

void hl_atom_table_set_max(hl_atom_table *t, size_t max_atoms) {
    pthread_mutex_lock(&t->lock);
    t->max = max_atoms;
    pthread_mutex_unlock(&t->lock);
}

static bool valid_name(const char *s, size_t n) {
    if (n > HL_ATOM_MAX_BYTES) return false;
    size_t chars = 0;
    for (size_t i = 0; i < n; i++) chars += ((unsigned char)s[i] & 0xC0) != 0x80;
    return chars <= HL_ATOM_MAX_CHARS;
}

static int cmp_ptr(const void *a, const void *b) {
    uintptr_t x = (uintptr_t)*(entry *const *)a, y = (uintptr_t)*(entry *const *)b;
    return x < y ? -1 : x > y;
}

/* Undo of a failed pool creation: entries this call created still have
 * refcount 0 and are dropped (duplicates in e[] are skipped: the first
 * occurrence dropped the entry, so compare against what is still live). */
static void abandon(hl_atom_table *t, entry **e, size_t n) {
    qsort(e, n, sizeof *e, cmp_ptr);
    for (size_t i = 0; i < n; i++)
        if ((i == 0 || e[i] != e[i - 1]) && e[i]->refc == 0) drop_entry(t, e[i]);
}

hl_term_status hl_atom_pool_new(hl_atom_table *t, const char *const *names, const size_t *lens,
                                size_t count, hl_term *out, hl_atom_pool **pool_out) {
    return hl_atom_pool_new_quota(t, HL_ATOM_POOL_MAX, names, lens, count, out, pool_out, NULL);
}

hl_term_status hl_atom_pool_new_quota(hl_atom_table *t, size_t quota, const char *const *names,
                                      const size_t *lens, size_t count, hl_term *out,
                                      hl_atom_pool **pool_out, hl_atom_fault *fault) {
    hl_atom_fault dummy;
    if (!fault) fault = &dummy;
    *fault = HL_ATOM_FAULT_NONE;
    *pool_out = NULL;
    *fault = HL_ATOM_FAULT_NAME;
    if (count > HL_ATOM_POOL_MAX) return HL_TERM_SYSTEM_LIMIT;
    for (size_t i = 0; i < count; i++)
        if (!valid_name(names[i], lens[i])) return HL_TERM_SYSTEM_LIMIT;
    *fault = HL_ATOM_FAULT_NONE;
    hl_atom_pool *pool = hl_mem_calloc(1, sizeof *pool);
    entry **es = count ? hl_mem_calloc(count, sizeof *es) : NULL;
    if (!pool || (count && !es)) {
        hl_mem_free(pool);
        hl_mem_free(es);
        return HL_TERM_NOMEM;
    }
    hl_term_status st = HL_TERM_OK;
    size_t n = 0; /* entries recorded */
    pthread_mutex_lock(&t->lock);
    for (size_t i = 0; i < count; i++) {
        const char *s = names[i];
        size_t len = lens[i];
        uint32_t h = name_hash(s, len);
        if ((HL_ATOM_STATIC_COUNT + t->live + 1) * 2 > t->slot_cap && !grow_slots(t)) {
            st = HL_TERM_NOMEM;
            goto fail;
        }
        bool found;
        size_t at = find_slot(t, s, len, h, &found);
        if (found && slot_is_static(t->slots[at])) {
            out[i] = hl_make_atom((uint32_t)(t->slots[at] - 1));
            continue;
        }
        entry *e;
        if (found) {
            e = (entry *)t->slots[at];
        } else {
            if (t->live >= t->max) {
                *fault = HL_ATOM_FAULT_TABLE_FULL;
                st = HL_TERM_SYSTEM_LIMIT;
                goto fail;
            }
            e = hl_mem_alloc(sizeof *e + len + 1);
            if (!e) { st = HL_TERM_NOMEM; goto fail; }
            /* The term keeps the address above the 4 tag bits. */
            if ((uintptr_t)e >> (64 - HL_IMM_SHIFT)) {
                hl_mem_free(e);
                st = HL_TERM_NOMEM;
                goto fail;
            }
            e->owner = t;
            e->hash = h;
            e->len = (uint32_t)len;
            e->refc = 0;
            if (len) memcpy(e->name, s, len);
            e->name[len] = 0;
            t->slots[at] = (slot)e;
            t->live++;
        }
        out[i] = term_of(e);
        es[n++] = e;
    }
    qsort(es, n, sizeof *es, cmp_ptr);
    size_t u = 0;
    for (size_t i = 0; i < n; i++)
        if (u == 0 || es[u - 1] != es[i]) es[u++] = es[i];
    if (u > quota) { /* es[0..u) are distinct: abandon() sees each once */
        *fault = HL_ATOM_FAULT_QUOTA;
        st = HL_TERM_SYSTEM_LIMIT;
        n = u;
        goto fail;
    }
    for (size_t i = 0; i < u; i++) es[i]->refc++;
    t->refs++;
    pthread_mutex_unlock(&t->lock);
    pool->t = t;
    pool->n = u;
    pool->e = es;
    *pool_out = pool;
    return HL_TERM_OK;
fail:
    abandon(t, es, n);
    pthread_mutex_unlock(&t->lock);
    hl_mem_free(es);
    hl_mem_free(pool);
    return st;
}

void hl_atom_pool_free(hl_atom_pool *pool) {
    if (!pool) return;
    hl_atom_table *t = pool->t;
    pthread_mutex_lock(&t->lock);
    for (size_t i = 0; i < pool->n; i++)
        if (--pool->e[i]->refc == 0) drop_entry(t, pool->e[i]);
    bool dead = unref_locked(t, 1);
    pthread_mutex_unlock(&t->lock);
    if (dead) table_destroy(t);
    hl_mem_free(pool->e);
    hl_mem_free(pool);
}

size_t hl_atom_pool_size(const hl_atom_pool *pool) { return pool->n; }

hl_atom_table *hl_atom_pool_table(const hl_atom_pool *pool) { return pool->t; }

hl_term_status hl_atom_pool_lookup(const hl_atom_pool *pool, const char *name, size_t len,
                                   hl_term *out) {
    if (!valid_name(name, len)) return HL_TERM_BADARG;
    if (!pool) return hl_atom_find_static(name, len, out);
    hl_atom_table *t = pool->t;
    slot v = 0;
    pthread_mutex_lock(&t->lock);
    bool found;
    size_t at = find_slot(t, name, len, name_hash(name, len), &found);
    if (found) v = t->slots[at];
    pthread_mutex_unlock(&t->lock);
    if (!found) return HL_TERM_BADARG;
    if (slot_is_static(v)) {
        *out = hl_make_atom((uint32_t)(v - 1));
        return HL_TERM_OK;
    }
    /* The entry is in the table; it is this pool's (and so stays alive)
     * only if the pool holds it, which is all we compare against. */
    entry *e = (entry *)v;
    if (!bsearch(&e, pool->e, pool->n, sizeof e, cmp_ptr)) return HL_TERM_BADARG;
    *out = term_of(e);
    return HL_TERM_OK;
}

bool hl_atom_pool_holds(const hl_atom_pool *pool, hl_term atom) {
    if (hl_atom_is_static(atom)) return true;
    entry *e = ent_of(atom);
    return pool && e->owner == pool->t && bsearch(&e, pool->e, pool->n, sizeof e, cmp_ptr);
}

/* Strict UTF-8 (no overlongs, surrogates or code points past U+10FFFF),
 * at most HL_ATOM_MAX_CHARS code points: what a host atom's name must be. */
static bool utf8_name(const char *s, size_t n) {
    size_t cps;
    return hl_utf8_valid((const uint8_t *)s, n, &cps) && cps <= HL_ATOM_MAX_CHARS;
}

hl_term_status hl_atom_host_new(const char *name, size_t len, hl_term *out) {
    if (len > HL_ATOM_MAX_BYTES || !utf8_name(name, len)) return HL_TERM_BADARG;
    if (hl_atom_find_static(name, len, out) == HL_TERM_OK) return HL_TERM_OK;
    entry *e = hl_mem_alloc(sizeof *e + len + 1);
    if (!e) return HL_TERM_NOMEM;
    if ((uintptr_t)e >> (64 - HL_IMM_SHIFT)) { /* the term keeps the address above the tag */
        hl_mem_free(e);
        return HL_TERM_NOMEM;
    }
    e->owner = NULL;
    e->hash = name_hash(name, len);
    e->len = (uint32_t)len;
    atomic_init(&e->refc, 1);
    if (len) memcpy(e->name, name, len);
    e->name[len] = 0;
    *out = term_of(e);
    return HL_TERM_OK;
}

hl_term_status hl_atom_retain(hl_term atom) {
    if (!hl_is_atom(atom)) return HL_TERM_BADARG;
    if (hl_atom_is_static(atom)) return HL_TERM_OK;
    entry *e = ent_of(atom);
    hl_atom_table *t = e->owner;
    if (!t) { /* a host atom: alive while a holder has it, so refc > 0 here */
        uint32_t r = atomic_load_explicit(&e->refc, memory_order_relaxed);
        do {
            if (r == 0 || r == UINT32_MAX) return HL_TERM_BADARG;
        } while (!atomic_compare_exchange_weak_explicit(&e->refc, &r, r + 1, memory_order_relaxed,
                                                        memory_order_relaxed));
        return HL_TERM_OK;
    }
    hl_term_status st = HL_TERM_BADARG;
    pthread_mutex_lock(&t->lock);
    if (e->refc > 0 && e->refc < UINT32_MAX) {
        e->refc++;
        t->refs++; /* a retained atom keeps the table's memory like a pool */
        st = HL_TERM_OK;
    }
    pthread_mutex_unlock(&t->lock);
    return st;
}

void hl_atom_release(hl_term atom) {
    if (!hl_is_atom(atom) || hl_atom_is_static(atom)) return;
    entry *e = ent_of(atom);
    hl_atom_table *t = e->owner;
    if (!t) { /* a host atom: the last holder frees it */
        if (atomic_fetch_sub_explicit(&e->refc, 1, memory_order_acq_rel) == 1) hl_mem_free(e);
        return;
    }
    pthread_mutex_lock(&t->lock);
    if (--e->refc == 0) drop_entry(t, e);
    bool dead = unref_locked(t, 1);
    pthread_mutex_unlock(&t->lock);
    if (dead) table_destroy(t);
}
