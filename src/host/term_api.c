/* term_api.c — host-owned terms (hl_value): building, inspecting, copying
 * results out of a guest heap (with the boundary check: no funs, no
 * handles), printing (term/print.h) and reading literals (host/reader.h).
 *
 * A value is a term plus a reference-counted store (a heap that owns what
 * the term points to); immediates need no store. Every walk over a term is
 * iterative (explicit stack), so no C recursion depends on term depth. */
#include <stdio.h>
#include <string.h>

#include "base/buf.h"
#include "base/mem.h"
#include "host/host_int.h"
#include "vm/vm.h"
#include "term/atom.h"
#include "term/bits.h"
#include "term/copy.h"
#include "term/map.h"
#include "term/print.h"
#include "host/reader.h"

enum { STORE_LIMIT = 1u << 30 };

/* ---- iterative walk ------------------------------------------------------- */

typedef struct walk_stack {
    hl_term *items;
    size_t n, cap;
} walk_stack;

static bool push(walk_stack *s, hl_term t) {
    if (s->n == s->cap) {
        size_t ncap = s->cap ? s->cap * 2 : 64;
        hl_term *p = hl_mem_realloc_array(s->items, ncap, sizeof *p);
        if (!p) return false;
        s->items = p, s->cap = ncap;
    }
    s->items[s->n++] = t;
    return true;
}

/* Pushes t's direct subterms (elements, keys and values; a list's head
 * last so it is visited first). false when the stack could not grow. */
static bool push_children(walk_stack *s, hl_term t) {
    if (hl_is_cons(t)) return push(s, hl_cdr(t)) && push(s, hl_car(t));
    if (hl_is_tuple(t)) {
        for (size_t i = hl_tuple_arity(t); i-- > 0;)
            if (!push(s, hl_tuple_get(t, i))) return false;
    } else if (hl_is_flatmap(t)) {
        size_t n = hl_flatmap_size(t);
        if (!push(s, hl_flatmap_keys(t))) return false;
        for (size_t i = 0; i < n; i++)
            if (!push(s, hl_flatmap_values(t)[i])) return false;
    } else if (hl_is_hashmap(t)) {
        hl_map_iter it;
        hl_map_iter_init(&it, t);
        hl_term k, v;
        while (hl_map_iter_next(&it, &k, &v))
            if (!push(s, v) || !push(s, k)) return false;
    }
    return true;
}

hl_status hl_host_walk(hl_term root, bool (*visit)(void *ctx, hl_term t), void *ctx) {
    if (hl_is_immed(root)) return visit(ctx, root) ? HL_OK : HL_EREJECTED; /* no stack needed */
    walk_stack s = {0};
    hl_status st = HL_OK;
    if (!push(&s, root)) return HL_ENOMEM;
    while (s.n && st == HL_OK) {
        hl_term t = s.items[--s.n];
        if (!visit(ctx, t)) {
            st = HL_EREJECTED;
            break;
        }
        if (!push_children(&s, t)) st = HL_ENOMEM;
    }
    hl_mem_free(s.items);
    return st;
}

typedef struct plain_visitor {
    bool (*fn)(hl_term t);
} plain_visitor;

static bool plain_visit(void *ctx, hl_term t) { return ((const plain_visitor *)ctx)->fn(t); }

/* hl_host_walk with a visitor that needs no context. */
static hl_status walk(hl_term root, bool (*visit)(hl_term t)) {
    plain_visitor v = {visit};
    return hl_host_walk(root, plain_visit, &v);
}

static bool may_leave(hl_term t) {
    if (hl_is_immed(t)) return !hl_is_handle_immed(t) && t != HL_NONE;
    if (hl_is_cons(t)) return true;
    if (!hl_is_boxed(t)) return false;
    switch (hl_header_subtag(hl_boxed_header(t))) {
    case HL_SUB_TUPLE:
    case HL_SUB_POS_BIG:
    case HL_SUB_NEG_BIG:
    case HL_SUB_FLOAT:
    case HL_SUB_HEAP_BIN:
    case HL_SUB_REFC_BIN:
    case HL_SUB_SUB_BIN:
    case HL_SUB_FLATMAP:
    case HL_SUB_HASHMAP: return true;
    default: return false;
    }
}

/* The pool atom_known checks against: walk's visitors take no context, and
 * a check runs start to end on one thread. */
static _Thread_local const hl_atom_pool *known_pool;

static bool atom_known(hl_term t) {
    if (!hl_is_atom(t)) return true;
    size_t len;
    const char *name = hl_atom_name(t, &len);
    hl_term found;
    return hl_atom_pool_lookup(known_pool, name, len, &found) == HL_TERM_OK && found == t;
}

hl_status hl_host_term_atoms_known(hl_term t, const hl_atom_pool *pool) {
    known_pool = pool;
    hl_status st = walk(t, atom_known);
    known_pool = NULL;
    return st;
}

/* ---- stores and values ------------------------------------------------------ */

static hl_vstore *store_new(size_t words) {
    hl_vstore *s = hl_mem_calloc(1, sizeof *s);
    if (!s) return NULL;
    if (hl_heap_init(&s->heap, words < 16 ? 16 : words, STORE_LIMIT) != HL_TERM_OK) {
        hl_mem_free(s);
        return NULL;
    }
    atomic_init(&s->refs, 1);
    return s;
}

static hl_value *value_new(hl_vstore *s, hl_term t) {
    if (!s && hl_host_term_inlines(t)) return hl_host_value_of_immed(t); /* host_int.h */
    hl_value *v = hl_mem_alloc(sizeof *v);
    if (!v) return NULL;
    v->store = s;
    v->t = t;
    atomic_init(&v->index, NULL);
    if (s) atomic_fetch_add(&s->refs, 1);
    return v;
}

static void store_release(hl_vstore *s) {
    if (!s || atomic_fetch_sub(&s->refs, 1) != 1) return;
    for (size_t i = 0; i < s->natoms; i++) hl_atom_release(s->atoms[i]);
    hl_mem_free(s->atoms);
    hl_heap_free(&s->heap);
    hl_mem_free(s);
}

void hl_value_free(hl_value *v) {
    if (!v || hl_host_value_inline(v)) return;
    /* a store's atoms go with the store; an immediate atom is the handle's */
    if (!v->store && hl_is_atom(v->t)) hl_atom_release(v->t);
    if (v->store) store_release(v->store);
    hl_value_index *ix = atomic_load_explicit(&v->index, memory_order_acquire);
    if (ix) hl_mem_free(ix);
    hl_mem_free(v);
}

/* The distinct non-static atoms of a term: an open-addressing set (cap a
 * power of two, at most half full). */
typedef struct atom_set {
    hl_term *slots; /* 0: empty */
    size_t n, cap;
    bool nomem;
} atom_set;

static bool collect_atom(void *ctx, hl_term t) {
    atom_set *a = ctx;
    if (!hl_is_atom(t) || hl_atom_is_static(t)) return true;
    if ((a->n + 1) * 2 > a->cap) {
        size_t cap = a->cap ? a->cap * 2 : 16;
        hl_term *ns = hl_mem_calloc(cap, sizeof *ns);
        if (!ns) return !(a->nomem = true);
        for (size_t i = 0; i < a->cap; i++) {
            if (!a->slots[i]) continue;
            size_t j = (size_t)(a->slots[i] >> 4) * 0x9E3779B97F4A7C15u >> 7 & (cap - 1);
            while (ns[j]) j = (j + 1) & (cap - 1);
            ns[j] = a->slots[i];
        }
        hl_mem_free(a->slots);
        a->slots = ns, a->cap = cap;
    }
    size_t j = (size_t)(t >> 4) * 0x9E3779B97F4A7C15u >> 7 & (a->cap - 1);
    for (; a->slots[j]; j = (j + 1) & (a->cap - 1))
        if (a->slots[j] == t) return true;
    a->slots[j] = t;
    a->n++;
    return true;
}

/* Retains each distinct atom of the store's root term t once, for the
 * store's life: all of them, or none (HL_ENOMEM). */
static hl_status store_hold_atoms(hl_vstore *s, hl_term t) {
    atom_set a = {NULL, 0, 0, false};
    hl_status st = hl_host_walk(t, collect_atom, &a);
    hl_term *held = st == HL_OK && a.n ? hl_mem_alloc(a.n * sizeof *held) : NULL;
    if (st == HL_OK && a.n && !held) st = HL_ENOMEM;
    size_t n = 0;
    for (size_t i = 0; st == HL_OK && i < a.cap; i++) {
        if (!a.slots[i]) continue;
        if (hl_atom_retain(a.slots[i]) != HL_TERM_OK) { /* a count at its maximum */
            st = HL_ENOMEM;
            break;
        }
        held[n++] = a.slots[i];
    }
    hl_mem_free(a.slots);
    if (st != HL_OK) {
        while (n) hl_atom_release(held[--n]);
        hl_mem_free(held);
        return st == HL_EREJECTED ? HL_ENOMEM : st;
    }
    s->atoms = held;
    s->natoms = n;
    s->atoms_held = true;
    return HL_OK;
}

/* A new handle on t in store s. The store's root value holds the atoms of
 * all its terms (a handle on a subterm shares them through the store); an
 * immediate atom outside any store is retained by its handle. */
static hl_status value_with_atoms(hl_vstore *s, hl_term t, hl_value **out) {
    if (s && !s->atoms_held && store_hold_atoms(s, t) != HL_OK) return HL_ENOMEM;
    if (!s && hl_is_atom(t) && hl_atom_retain(t) != HL_TERM_OK) return HL_ENOMEM;
    hl_value *v = value_new(s, t);
    if (!v) {
        if (!s && hl_is_atom(t)) hl_atom_release(t);
        return HL_ENOMEM;
    }
    *out = v;
    return HL_OK;
}

/* Gives every binary of a fresh copy a byte-aligned start (a sub-binary
 * from a bit-offset match gets its own aligned copy in the store), so
 * hl_value_get_binary can hand out a pointer for every binary. The copy is
 * private to this thread until it is returned, so rewriting it is safe. */
static hl_status align_binaries(hl_heap *h, hl_term root) {
    walk_stack s = {0};
    hl_status st = HL_OK;
    if (!hl_is_immed(root) && !push(&s, root)) return HL_ENOMEM;
    while (s.n && st == HL_OK) {
        hl_term t = s.items[--s.n];
        if (!push_children(&s, t)) {
            st = HL_ENOMEM;
        } else if (hl_is_boxed_sub(t, HL_SUB_SUB_BIN)) {
            hl_term *p = hl_boxed_ptr(t);
            if (p[2] % 8 == 0 || p[3] % 8 != 0) continue;
            const unsigned char *bytes;
            uint64_t off, bits;
            hl_bitstring_view(t, &bytes, &off, &bits);
            hl_bin_builder b;
            if (hl_bin_build_begin(h, bits, &b) != HL_TERM_OK) {
                st = HL_ENOMEM;
                break;
            }
            hl_bits_copy(b.data, 0, bytes, off, bits);
            p[1] = hl_bin_build_finish(&b);
            p[2] = 0;
        }
    }
    hl_mem_free(s.items);
    return st;
}

hl_status hl_host_value_from_term(hl_term t, size_t max_words, size_t *words_out, hl_value **out) {
    /* Size first, capped: a term that shares subterms can be tiny on the
     * guest heap yet expand exponentially when copied out, and the walks
     * below visit shared subterms once per path. */
    size_t words = 0;
    if (max_words > STORE_LIMIT / 8) max_words = STORE_LIMIT / 8;
    if (!hl_is_immed(t)) {
        hl_term_status ts = hl_term_size(t, max_words, &words);
        if (ts == HL_TERM_HEAP_LIMIT || ts == HL_TERM_SYSTEM_LIMIT || ts == HL_TERM_BUDGET) return HL_ELIMIT;
        if (ts != HL_TERM_OK) return HL_ENOMEM;
    }
    if (words_out) *words_out = words;
    if (hl_is_immed(t)) { /* an immediate needs no walk and no store */
        if (!may_leave(t)) return HL_EREJECTED;
        return value_with_atoms(NULL, t, out);
    }
    hl_status st = walk(t, may_leave);
    if (st != HL_OK) return st;
    hl_vstore *s = store_new(words);
    if (!s) return HL_ENOMEM;
    hl_term c;
    if (hl_term_copy(&s->heap, t, &c) != HL_TERM_OK || align_binaries(&s->heap, c) != HL_OK) {
        store_release(s);
        return HL_ENOMEM;
    }
    st = value_with_atoms(s, c, out);
    store_release(s);
    return st;
}

hl_status hl_value_int(int64_t v, hl_value **out) {
    if (!out) return HL_EMISUSE;
    *out = NULL;
    if (hl_small_fits(v)) {
        *out = value_new(NULL, hl_make_small(v));
        return *out ? HL_OK : HL_ENOMEM;
    }
    hl_vstore *s = store_new(4);
    if (!s) return HL_ENOMEM;
    hl_term *p;
    hl_status st = HL_ENOMEM;
    if (hl_heap_alloc(&s->heap, 2, &p) == HL_TERM_OK) {
        uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
        p[0] = hl_make_header(v < 0 ? HL_SUB_NEG_BIG : HL_SUB_POS_BIG, 1);
        p[1] = mag;
        *out = value_new(s, hl_make_boxed(p));
        st = *out ? HL_OK : HL_ENOMEM;
    }
    store_release(s);
    return st;
}

hl_status hl_value_float(double d, hl_value **out) {
    if (!out) return HL_EMISUSE;
    *out = NULL;
    if (d != d || d > 1.7976931348623157e308 || d < -1.7976931348623157e308) return HL_EMISUSE;
    hl_vstore *s = store_new(HL_FLOAT_WORDS);
    if (!s) return HL_ENOMEM;
    hl_term *p;
    hl_status st = HL_ENOMEM;
    if (hl_heap_alloc(&s->heap, HL_FLOAT_WORDS, &p) == HL_TERM_OK) {
        *out = value_new(s, hl_float_init(p, d));
        st = *out ? HL_OK : HL_ENOMEM;
    }
    store_release(s);
    return st;
}

/* The atom `name` as the host names it: static, the module's own, or else
 * a host atom (term/atom.h) holding one reference the caller releases. */
static hl_term_status host_atom(const hl_atom_pool *pool, const char *name, size_t len, hl_term *out,
                                bool *fresh) {
    *fresh = false;
    hl_term_status ts = hl_atom_pool_lookup(pool, name, len, out);
    if (ts != HL_TERM_BADARG) return ts;
    ts = hl_atom_host_new(name, len, out);
    *fresh = ts == HL_TERM_OK && !hl_atom_is_static(*out);
    return ts;
}

hl_status hl_value_atom(const hl_module *module, const char *name, size_t len, hl_value **out) {
    if (!out || (!name && len)) return HL_EMISUSE;
    *out = NULL;
    hl_term a;
    bool fresh;
    hl_term_status ts = host_atom(module ? module->prog->pool : NULL, name ? name : "", len, &a, &fresh);
    if (ts == HL_TERM_NOMEM) return HL_ENOMEM;
    if (ts != HL_TERM_OK) return HL_EREJECTED; /* not strict UTF-8, or over 255 characters */
    hl_status st = value_with_atoms(NULL, a, out);
    if (fresh) hl_atom_release(a); /* the value holds its own reference */
    return st;
}

hl_status hl_value_binary(const void *bytes, size_t len, hl_value **out) {
    if (!out || (!bytes && len)) return HL_EMISUSE;
    *out = NULL;
    if (len > HL_HEAP_BIN_MAX) {
        hl_binary *b = hl_binary_new(len);
        if (!b) return HL_ENOMEM;
        memcpy(b->data, bytes, len);
        hl_vstore *s = store_new(HL_REFC_BIN_WORDS);
        hl_term t;
        hl_status st = HL_ENOMEM;
        if (s && hl_heap_make_refc_bin(&s->heap, b, &t) == HL_TERM_OK) {
            *out = value_new(s, t);
            st = *out ? HL_OK : HL_ENOMEM;
        }
        hl_binary_decref(b);
        store_release(s);
        return st;
    }
    hl_vstore *s = store_new(hl_heap_bin_words(len));
    if (!s) return HL_ENOMEM;
    hl_term *p;
    hl_status st = HL_ENOMEM;
    if (hl_heap_alloc(&s->heap, hl_heap_bin_words(len), &p) == HL_TERM_OK) {
        *out = value_new(s, hl_heap_bin_init(p, bytes, len));
        st = *out ? HL_OK : HL_ENOMEM;
    }
    store_release(s);
    return st;
}

static hl_status compound(hl_value *const *items, size_t n, bool tuple, hl_value **out) {
    if (!out || (n && !items)) return HL_EMISUSE;
    *out = NULL;
    size_t words = tuple ? n + 1 : 2 * n;
    for (size_t i = 0; i < n; i++) {
        if (!items[i]) return HL_EMISUSE;
        size_t w;
        if (hl_term_size(hl_host_vterm(items[i]), STORE_LIMIT / 8, &w) != HL_TERM_OK) return HL_ENOMEM;
        if (!hl_size_add(words, w, &words)) return HL_ENOMEM;
    }
    if (!tuple && n == 0) return value_with_atoms(NULL, HL_NIL, out);
    hl_vstore *s = store_new(words);
    if (!s) return HL_ENOMEM;
    hl_status st = HL_ENOMEM;
    hl_term *p;
    if (hl_heap_alloc(&s->heap, tuple ? n + 1 : 2 * n, &p) == HL_TERM_OK) {
        hl_term t = tuple ? hl_tuple_init(p, n) : hl_make_cons(p);
        bool ok = true;
        for (size_t i = 0; ok && i < n; i++) {
            hl_term e;
            ok = hl_term_copy(&s->heap, hl_host_vterm(items[i]), &e) == HL_TERM_OK;
            if (tuple) p[1 + i] = ok ? e : HL_NIL;
            else {
                p[2 * i] = ok ? e : HL_NIL;
                p[2 * i + 1] = i + 1 < n ? hl_make_cons(p + 2 * i + 2) : HL_NIL;
            }
        }
        if (ok) st = value_with_atoms(s, t, out);
    }
    store_release(s);
    return st;
}

hl_status hl_value_list(hl_value *const *items, size_t n, hl_value **out) { return compound(items, n, false, out); }
hl_status hl_value_tuple(hl_value *const *items, size_t n, hl_value **out) { return compound(items, n, true, out); }

hl_status hl_value_map(hl_value *const *keys, hl_value *const *values, size_t n, hl_value **out) {
    if (!out || (n && (!keys || !values))) return HL_EMISUSE;
    *out = NULL;
    size_t words = 2 * n + 3; /* a flat map's keys tuple and body */
    for (size_t i = 0; i < 2 * n; i++) {
        const hl_value *e = i < n ? keys[i] : values[i - n];
        if (!e) return HL_EMISUSE;
        size_t w;
        if (hl_term_size(hl_host_vterm(e), STORE_LIMIT / 8, &w) != HL_TERM_OK) return HL_ENOMEM;
        if (!hl_size_add(words, w, &words)) return HL_ENOMEM;
    }
    hl_term *kv = n ? hl_mem_realloc_array(NULL, 2 * n, sizeof *kv) : NULL;
    if (n && !kv) return HL_ENOMEM;
    hl_vstore *s = store_new(words);
    hl_status st = HL_ENOMEM;
    if (s) {
        bool ok = true;
        for (size_t i = 0; ok && i < 2 * n; i++)
            ok = hl_term_copy(&s->heap, i < n ? hl_host_vterm(keys[i]) : hl_host_vterm(values[i - n]), &kv[i]) == HL_TERM_OK;
        hl_term m;
        hl_term_status ts = ok ? hl_map_new(&s->heap, kv, kv ? kv + n : NULL, n, &m) : HL_TERM_NOMEM;
        if (ts == HL_TERM_OK) st = value_with_atoms(s, m, out);
        /* a size this version cannot build, or keys too costly to order
         * (the comparator's budget): not an allocator failure */
        else if (ts == HL_TERM_SYSTEM_LIMIT || ts == HL_TERM_BUDGET) st = HL_EREJECTED;
        store_release(s);
    }
    hl_mem_free(kv);
    return st;
}

hl_value_kind hl_value_kind_of(const hl_value *v) {
    if (!v) return HL_VALUE_OTHER;
    hl_term t = hl_host_vterm(v);
    if (hl_is_integer(t)) return HL_VALUE_INTEGER;
    if (hl_is_float(t)) return HL_VALUE_FLOAT;
    if (hl_is_atom(t)) return HL_VALUE_ATOM;
    if (t == HL_NIL) return HL_VALUE_NIL;
    if (hl_is_cons(t)) return HL_VALUE_LIST;
    if (hl_is_tuple(t)) return HL_VALUE_TUPLE;
    if (hl_is_map(t)) return HL_VALUE_MAP;
    if (hl_is_binary_obj(t)) return HL_VALUE_BINARY;
    return HL_VALUE_OTHER;
}

hl_status hl_value_get_int(const hl_value *v, int64_t *out) {
    if (!v || !out) return HL_EMISUSE;
    if (hl_is_small(hl_host_vterm(v))) {
        *out = hl_small_val(hl_host_vterm(v));
        return HL_OK;
    }
    if (hl_is_big(hl_host_vterm(v)) && hl_big_nlimbs(hl_host_vterm(v)) == 1) {
        uint64_t m = hl_big_limbs(hl_host_vterm(v))[0];
        bool neg = hl_big_is_neg(hl_host_vterm(v));
        if (!neg && m <= (uint64_t)INT64_MAX) {
            *out = (int64_t)m;
            return HL_OK;
        }
        if (neg && m <= (uint64_t)INT64_MAX + 1) {
            *out = (int64_t)(0 - m);
            return HL_OK;
        }
    }
    return HL_EMISUSE;
}

hl_status hl_value_get_float(const hl_value *v, double *out) {
    if (!v || !out || !hl_is_float(hl_host_vterm(v))) return HL_EMISUSE;
    *out = hl_float_val(hl_host_vterm(v));
    return HL_OK;
}

hl_status hl_value_get_atom(const hl_value *v, const char **name, size_t *len) {
    if (!v || !hl_is_atom(hl_host_vterm(v))) return HL_EMISUSE;
    size_t l;
    const char *n = hl_atom_name(hl_host_vterm(v), &l);
    if (name) *name = n;
    if (len) *len = l;
    return HL_OK;
}

hl_status hl_value_get_binary(const hl_value *v, const void **bytes, size_t *len) {
    if (!v || !hl_is_binary_obj(hl_host_vterm(v))) return HL_EMISUSE;
    const unsigned char *b;
    uint64_t off, bits;
    hl_bitstring_view(hl_host_vterm(v), &b, &off, &bits);
    if (off % 8 || bits % 8) return HL_EMISUSE;
    if (bytes) *bytes = b + off / 8;
    if (len) *len = (size_t)(bits / 8);
    return HL_OK;
}

/* ---- positional access ------------------------------------------------------ */

/* v's index (host_int.h), built now if it has none. NULL when v is neither
 * a list nor a map, or the index could not be allocated: callers then walk
 * the term (the same answers, only slower). The index is a cache of an
 * immutable term, so building it through a const handle is sound (every
 * hl_value is allocated writable by value_new); two threads building it at
 * once both succeed and one copy is dropped. */
static const hl_value_index *value_index(const hl_value *cv) {
    if (hl_host_value_inline(cv)) return NULL; /* an immediate: neither a list nor a map */
    hl_value *v = (hl_value *)cv;
    hl_value_index *ix = atomic_load_explicit(&v->index, memory_order_acquire);
    if (ix) return ix;
    hl_term t = v->t, l = t;
    size_t n = 0, slots;
    if (hl_is_cons(t)) {
        for (; hl_is_cons(l); l = hl_cdr(l)) n++;
        slots = n;
    } else if (hl_is_map(t)) {
        n = hl_map_size(t);
        if (!hl_size_mul(n, 2, &slots)) return NULL;
    } else {
        return NULL;
    }
    size_t bytes;
    if (!hl_size_mul(slots, sizeof(hl_term), &bytes) || !hl_size_add(bytes, sizeof *ix, &bytes)) return NULL;
    ix = hl_mem_alloc(bytes);
    if (!ix) return NULL;
    ix->n = n;
    ix->tail = l;
    if (hl_is_cons(t)) {
        size_t i = 0;
        for (l = t; hl_is_cons(l); l = hl_cdr(l)) ix->items[i++] = hl_car(l);
    } else {
        hl_map_iter it;
        hl_map_iter_init(&it, t);
        size_t i = 0;
        while (i < n && hl_map_iter_next(&it, &ix->items[2 * i], &ix->items[2 * i + 1])) i++;
        if (i != n) {
            hl_mem_free(ix);
            return NULL;
        }
    }
    hl_value_index *none = NULL;
    if (!atomic_compare_exchange_strong_explicit(&v->index, &none, ix, memory_order_acq_rel, memory_order_acquire)) {
        hl_mem_free(ix); /* another thread published first: use its copy */
        return none;
    }
    return ix;
}

hl_status hl_value_count(const hl_value *v, size_t *n) {
    if (!v || !n) return HL_EMISUSE;
    if (hl_is_tuple(hl_host_vterm(v))) {
        *n = hl_tuple_arity(hl_host_vterm(v));
        return HL_OK;
    }
    if (hl_is_map(hl_host_vterm(v))) {
        *n = hl_map_size(hl_host_vterm(v));
        return HL_OK;
    }
    /* an index already built answers at once; counting alone builds none */
    const hl_value_index *ix =
        hl_host_value_inline(v) ? NULL : atomic_load_explicit(&((hl_value *)v)->index, memory_order_acquire);
    if (ix) {
        if (ix->tail != HL_NIL) return HL_EMISUSE;
        *n = ix->n;
        return HL_OK;
    }
    size_t k = 0;
    hl_term l = hl_host_vterm(v);
    while (hl_is_cons(l)) k++, l = hl_cdr(l);
    if (l != HL_NIL) return HL_EMISUSE;
    *n = k;
    return HL_OK;
}

hl_status hl_value_element(const hl_value *v, size_t i, hl_value **out) {
    if (!v || !out) return HL_EMISUSE;
    *out = NULL;
    hl_term e;
    if (hl_is_tuple(hl_host_vterm(v))) {
        if (i >= hl_tuple_arity(hl_host_vterm(v))) return HL_EMISUSE;
        e = hl_tuple_get(hl_host_vterm(v), i);
    } else if (!hl_is_cons(hl_host_vterm(v))) {
        return HL_EMISUSE;
    } else {
        const hl_value_index *ix = value_index(v);
        if (ix) {
            if (i >= ix->n) return HL_EMISUSE;
            e = ix->items[i];
        } else {
            hl_term l = hl_host_vterm(v);
            while (i && hl_is_cons(l)) i--, l = hl_cdr(l);
            if (!hl_is_cons(l)) return HL_EMISUSE;
            e = hl_car(l);
        }
    }
    return value_with_atoms(hl_host_vstore(v), e, out);
}

hl_status hl_value_map_pair(const hl_value *v, size_t i, hl_value **key, hl_value **value) {
    if (!v || !key || !value) return HL_EMISUSE;
    *key = *value = NULL;
    if (!hl_is_map(hl_host_vterm(v)) || i >= hl_map_size(hl_host_vterm(v))) return HL_EMISUSE;
    hl_term k = HL_NIL, val = HL_NIL;
    const hl_value_index *ix = value_index(v);
    if (ix) {
        k = ix->items[2 * i], val = ix->items[2 * i + 1];
    } else {
        hl_map_iter it;
        hl_map_iter_init(&it, hl_host_vterm(v));
        for (size_t j = 0; j <= i; j++)
            if (!hl_map_iter_next(&it, &k, &val)) return HL_EMISUSE;
    }
    hl_status st = value_with_atoms(hl_host_vstore(v), k, key);
    if (st == HL_OK && (st = value_with_atoms(hl_host_vstore(v), val, value)) != HL_OK) {
        hl_value_free(*key);
        *key = NULL;
    }
    return st;
}

hl_status hl_host_value_dup(const hl_value *v, hl_value **out) {
    if (!v || !out) return HL_EMISUSE;
    *out = NULL;
    return value_with_atoms(hl_host_vstore(v), hl_host_vterm(v), out);
}

/* ---- exceptions as values ----------------------------------------------------- */

static hl_status part_value(hl_term t, size_t max_words, hl_value **out) {
    *out = NULL;
    hl_status st = hl_host_value_from_term(t, max_words, NULL, out);
    if (st != HL_OK) *out = NULL;
    return st;
}

/* The stack trace, with every entry's argument list that cannot leave the
 * guest (it holds a fun or a handle: function_clause of a fun argument)
 * replaced by its length, as an arity. The replaced entries and the list's
 * cells are built on a scratch heap; they point into the guest's heap until
 * the whole is copied out. */
static hl_status stack_value(hl_term stack, size_t max_words, hl_value **out) {
    *out = NULL;
    size_t n = 0;
    hl_term l = stack;
    for (; hl_is_cons(l); l = hl_cdr(l)) n++;
    if (n == 0) return part_value(stack, max_words, out);
    size_t words;
    if (!hl_size_mul(n, 7, &words)) return HL_ENOMEM; /* 2 per cell, 5 per replaced entry */
    hl_heap h;
    if (hl_heap_init(&h, words, STORE_LIMIT) != HL_TERM_OK) return HL_ENOMEM;
    hl_status st = HL_OK;
    hl_term *cells;
    if (hl_heap_alloc(&h, 2 * n, &cells) != HL_TERM_OK) st = HL_ENOMEM;
    size_t i = 0;
    for (hl_term s = stack; st == HL_OK && hl_is_cons(s); s = hl_cdr(s), i++) {
        hl_term e = hl_car(s);
        if (hl_is_tuple(e) && hl_tuple_arity(e) == 4 && hl_is_cons(hl_tuple_get(e, 2))) {
            hl_term args = hl_tuple_get(e, 2);
            hl_status ws = walk(args, may_leave);
            if (ws == HL_EREJECTED) {
                size_t k = 0;
                for (hl_term a = args; hl_is_cons(a); a = hl_cdr(a)) k++;
                hl_term *p;
                if (hl_heap_alloc(&h, 5, &p) != HL_TERM_OK) {
                    st = HL_ENOMEM;
                    break;
                }
                hl_term r = hl_tuple_init(p, 4);
                p[1] = hl_tuple_get(e, 0), p[2] = hl_tuple_get(e, 1), p[3] = hl_make_small((int64_t)k);
                p[4] = hl_tuple_get(e, 3);
                e = r;
            } else if (ws != HL_OK) {
                st = ws;
                break;
            }
        }
        cells[2 * i] = e;
        cells[2 * i + 1] = i + 1 < n ? hl_make_cons(cells + 2 * i + 2) : l;
    }
    if (st == HL_OK) st = part_value(hl_make_cons(cells), max_words, out);
    hl_heap_free(&h);
    return st;
}

void hl_host_exception_values(hl_error *e, hl_term cls, hl_term reason, hl_term stack, size_t max_words) {
    e->exc_value_status[HL_EXCEPTION_CLASS] = part_value(cls, max_words, &e->exc_value[HL_EXCEPTION_CLASS]);
    e->exc_value_status[HL_EXCEPTION_REASON] = part_value(reason, max_words, &e->exc_value[HL_EXCEPTION_REASON]);
    e->exc_value_status[HL_EXCEPTION_STACK] = stack_value(stack, max_words, &e->exc_value[HL_EXCEPTION_STACK]);
}

/* ---- printing and reading ---------------------------------------------------- */

bool hl_host_term_text(hl_buf *b, hl_term t, bool pretty) {
    const hl_print_opts po = {.fun_export = hl_vm_fun_export_info};
    hl_term_status st = pretty ? hl_print_p(b, t, 1, 80, false, &po) : hl_print_w(b, t, false, &po);
    return st == HL_TERM_OK && !b->failed;
}

/* The host atoms one hl_value_parse made, each holding one reference: an
 * open-addressing set by name (cap a power of two, at most half full), so
 * a name the text repeats is one atom. */
typedef struct parse_atoms {
    const hl_atom_pool *pool;
    hl_term *atoms; /* 0: empty slot */
    size_t n, cap;
    bool nomem;
} parse_atoms;

static bool same_name(hl_term a, const char *name, size_t len) {
    size_t l;
    const char *s = hl_atom_name(a, &l);
    return l == len && memcmp(s, name, len) == 0;
}

static bool parse_atoms_grow(parse_atoms *m) {
    size_t cap = m->cap ? m->cap * 2 : 16;
    hl_term *a = hl_mem_calloc(cap, sizeof *a);
    if (!a) return false;
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->atoms[i]) continue;
        size_t j = hl_atom_hash(m->atoms[i]) & (cap - 1);
        while (a[j]) j = (j + 1) & (cap - 1);
        a[j] = m->atoms[i];
    }
    hl_mem_free(m->atoms);
    m->atoms = a, m->cap = cap;
    return true;
}

static hl_term_status parse_atom(void *ctx, const char *name, size_t len, hl_term *out) {
    parse_atoms *m = ctx;
    hl_term_status ts = hl_atom_pool_lookup(m->pool, name, len, out);
    if (ts != HL_TERM_BADARG) return ts;
    if ((m->n + 1) * 2 > m->cap && !parse_atoms_grow(m)) return m->nomem = true, HL_TERM_NOMEM;
    hl_term a;
    if ((ts = hl_atom_host_new(name, len, &a)) != HL_TERM_OK) {
        if (ts == HL_TERM_NOMEM) m->nomem = true;
        return ts;
    }
    size_t j = hl_atom_hash(a) & (m->cap - 1);
    for (; m->atoms[j]; j = (j + 1) & (m->cap - 1))
        if (same_name(m->atoms[j], name, len)) { /* made before: use that one */
            hl_atom_release(a);
            *out = m->atoms[j];
            return HL_TERM_OK;
        }
    m->atoms[j] = *out = a;
    m->n++;
    return HL_TERM_OK;
}

hl_status hl_value_parse(const hl_module *module, const char *text, size_t len, hl_value **out, hl_error **err) {
    if (err) *err = NULL;
    if (!out || (!text && len)) return HL_EMISUSE;
    *out = NULL;
    hl_vstore *s = store_new(0);
    if (!s) return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    /* atoms the module does not contain become host atoms (the host is
     * trusted; docs/embedding.md), kept alive by `made` until the value
     * holds them */
    parse_atoms made = {module ? module->prog->pool : NULL, NULL, 0, 0, false};
    hl_reader_opts ro = {0};
    ro.pool = made.pool;
    ro.atom_fn = parse_atom;
    ro.atom_ctx = &made;
    hl_reader_error re;
    memset(&re, 0, sizeof re);
    hl_term t;
    hl_term_status ts = hl_read_term(&s->heap, text ? text : "", len, &ro, &t, &re);
    hl_status st;
    if (ts == HL_TERM_OK) {
        st = value_with_atoms(s, t, out);
        if (st != HL_OK) st = hl_host_set_error(err, hl_host_error_new(st, "out of memory"));
    } else if (ts == HL_TERM_NOMEM) {
        st = hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    } else {
        char msg[260];
        if (re.line) snprintf(msg, sizeof msg, "%u:%u: %s", re.line, re.col, re.message);
        else snprintf(msg, sizeof msg, "%s", re.message[0] ? re.message : "not a term literal");
        st = hl_host_set_error(err, hl_host_error_new(made.nomem ? HL_ENOMEM : HL_EREJECTED,
                                                      made.nomem ? "out of memory" : msg));
    }
    for (size_t i = 0; i < made.cap; i++)
        if (made.atoms[i]) hl_atom_release(made.atoms[i]);
    hl_mem_free(made.atoms);
    store_release(s);
    return st;
}

hl_status hl_value_to_text(const hl_value *v, int pretty, char **text, size_t *len) {
    if (!v || !text) return HL_EMISUSE;
    *text = NULL;
    hl_buf b;
    hl_buf_init(&b, 0);
    if (!hl_host_term_text(&b, hl_host_vterm(v), pretty != 0) || b.failed) {
        hl_buf_free(&b);
        return HL_ENOMEM;
    }
    if (!b.data) {
        b.data = hl_mem_calloc(1, 1);
        if (!b.data) return HL_ENOMEM;
    }
    *text = b.data;
    if (len) *len = b.len;
    return HL_OK;
}
