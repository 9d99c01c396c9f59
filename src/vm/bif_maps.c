/* bif_maps.c — the maps module's C builtins (lib/maps.erl has the rest):
 * the O(log n) ones a guest calls directly (maps:get/find/is_key/put/
 * remove/take/update/size), and the internal erlang:hl_maps_* primitives
 * (guest = 0 in core/builtins.def) that lib/maps.erl loops over for the
 * first-order functions whose work grows with a map or a list (to_list,
 * keys, values, from_list, from_keys, merge, with, without, next).
 *
 * Bounded per call: a primitive does at most a fixed number of steps
 * (MAPS_PUT_CHUNK puts or MAPS_WALK_CHUNK iteration steps, each O(log n))
 * and then answers {Continuation, Acc}, so no call runs much past a
 * millisecond whatever the input and the Erlang loop stays preemptible.
 * Work is charged in reductions (p->bif_cost). Same contract as bif.c:
 * never collect; HEAP_LIMIT makes the interpreter collect and call again
 * with the same arguments, so nothing here has effects but allocation.
 *
 * Iteration positions are cursors (term/map.h, hl_map_iter_seek_io): a
 * resumed walk costs O(depth) to seek, then O(1) amortised per pair. */
#include "vm/bif_maps.h"
#include "vm/bif_registry.h"

#include <string.h>

#include "base/mem.h"
#include "term/bits.h"
#include "term/map.h"
#include "term/map_hash.h"
#include "vm/vm_internal.h"
#include "vm/vm_map.h"
#include "vm/vm_trap.h"

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)
#define H (&p->heap)

enum {
    MAPS_PUT_CHUNK = 512,   /* puts / removes / lookups per call: their garbage (path copies)
                               stays small next to a small heap limit; 1,024 puts into a
                               100k-key map were a 1.0-1.3 ms call (cache misses) */
    MAPS_WALK_CHUNK = 4096, /* pairs visited per call when only reading: 8,192 of a 100k-key
                               map, 5 words built each, were a 1.4 ms call */
    MAPS_NEXT_BATCH = 32,   /* pairs one maps:next/1 step hands out at once */
    WALK_COST_SHIFT = 2,    /* pairs visited per reduction: 16 (as list builtins) was ~1 µs per
                               reduction for maps:to_list/1 of a 100k-key map (cache misses,
                               5 words built per pair); 4 is ~0.25 µs */
    PUT_COST_SHIFT = 1,     /* puts per reduction (as put_map_assoc) */
};

static hl_term_status raise(hl_vm_proc *p, hl_term cls, hl_term reason) {
    p->bif_class = cls, p->bif_reason = reason;
    return HL_VM_BIF_RAISE;
}

static hl_term_status tuple2(hl_vm_proc *p, hl_term a, hl_term b, hl_term *out) {
    hl_term *t;
    hl_term_status st = hl_heap_alloc(H, 3, &t);
    if (st != HL_TERM_OK) return st;
    t[1] = a, t[2] = b;
    *out = hl_tuple_init(t, 2);
    return HL_TERM_OK;
}

/* error:{Tag, V} */
static hl_term_status raise_tagged(hl_vm_proc *p, hl_term tag, hl_term v) {
    hl_term r;
    hl_term_status st = tuple2(p, tag, v, &r);
    if (st != HL_TERM_OK) return st;
    return raise(p, HL_AM(error), r);
}

static hl_term_status badmap(hl_vm_proc *p, hl_term v) { return raise_tagged(p, HL_AM(badmap), v); }

/* A key comparison that runs out of its budget (keys of more than 2^22
 * subterms, or holding huge nested maps) has no answer: its BUDGET status
 * goes back to the interpreter as it is, which stops the run with a
 * reductions fault (never a badarg or a wrong result). */

/* Key hashing (vm_map.h units) a chunked call may do before it answers
 * with a continuation, whatever the number of pairs: a piece's worth, as a
 * map operation hashes per call (~0.3 ms of binary). It was a quantum:
 * 16 keys of 64 KiB were ~2.5 ms a call. */
#define KEY_WORK_MAX HL_VM_MAP_KEY_PIECE

/* ---- maps:get/find/is_key/put/remove/take/update/size (OTP 25's errors:
 * {badmap, M} for a non-map, {badkey, K} for a missing key) ---- */

/* Each runs its map operation between hl_vm_map_begin and hl_vm_map_end
 * (vm_map.h): a large key is hashed in pieces across calls. */
#define MAP_BEGIN(self, map, op, put)                                                        \
    hl_map_ctx cx;                                                                            \
    bool absent;                                                                              \
    hl_term_status st = hl_vm_map_begin(p, self, (map), &a[0], 1, (op), &cx);                 \
    if (st != HL_TERM_OK) return st;                                                          \
    st = hl_vm_map_key_over(&cx, (map), a[0], (put), &absent)
#define MAP_END(self)                                                                        \
    do {                                                                                      \
        if ((st = hl_vm_map_end(p, self, &cx, st)) != HL_TERM_OK) return st;                  \
    } while (0)

BIF(b_get2) {
    if (!hl_is_map(a[1])) return badmap(p, a[1]);
    hl_term v;
    bool found = false;
    MAP_BEGIN(b_get2, a[1], HL_VM_MAP_LOOKUP, false);
    if (st == HL_TERM_OK && !absent) st = hl_map_find_cx(&cx, a[1], a[0], &v, &found);
    MAP_END(b_get2);
    if (!found) return raise_tagged(p, HL_AM(badkey), a[0]);
    *out = v;
    return HL_TERM_OK;
}

BIF(b_get3) {
    if (!hl_is_map(a[1])) return badmap(p, a[1]);
    bool found = false;
    MAP_BEGIN(b_get3, a[1], HL_VM_MAP_LOOKUP, false);
    if (st == HL_TERM_OK && !absent) st = hl_map_find_cx(&cx, a[1], a[0], out, &found);
    MAP_END(b_get3);
    if (!found) *out = a[2];
    return HL_TERM_OK;
}

BIF(b_find) {
    if (!hl_is_map(a[1])) return badmap(p, a[1]);
    hl_term v;
    bool found = false;
    MAP_BEGIN(b_find, a[1], HL_VM_MAP_LOOKUP, false);
    if (st == HL_TERM_OK && !absent) st = hl_map_find_cx(&cx, a[1], a[0], &v, &found);
    MAP_END(b_find);
    if (!found) {
        *out = HL_AM(error);
        return HL_TERM_OK;
    }
    return tuple2(p, HL_AM(ok), v, out);
}

BIF(b_is_key) {
    if (!hl_is_map(a[1])) return badmap(p, a[1]);
    hl_term v;
    bool found = false;
    MAP_BEGIN(b_is_key, a[1], HL_VM_MAP_LOOKUP, false);
    if (st == HL_TERM_OK && !absent) st = hl_map_find_cx(&cx, a[1], a[0], &v, &found);
    MAP_END(b_is_key);
    *out = found ? HL_AM(true) : HL_AM(false);
    return HL_TERM_OK;
}

BIF(b_put) {
    if (!hl_is_map(a[2])) return badmap(p, a[2]);
    MAP_BEGIN(b_put, a[2], HL_VM_MAP_STORE, true);
    (void)absent;
    if (st == HL_TERM_OK) st = hl_map_put_cx(&cx, H, a[2], a[0], a[1], out);
    return hl_vm_map_end(p, b_put, &cx, st);
}

BIF(b_update) {
    if (!hl_is_map(a[2])) return badmap(p, a[2]);
    MAP_BEGIN(b_update, a[2], HL_VM_MAP_STORE, false);
    if (st == HL_TERM_OK) st = absent ? HL_TERM_BADARG : hl_map_update_cx(&cx, H, a[2], a[0], a[1], out);
    st = hl_vm_map_end(p, b_update, &cx, st);
    if (st == HL_TERM_BADARG) return raise_tagged(p, HL_AM(badkey), a[0]);
    return st;
}

BIF(b_remove) {
    if (!hl_is_map(a[1])) return badmap(p, a[1]);
    MAP_BEGIN(b_remove, a[1], HL_VM_MAP_STORE, false);
    if (st == HL_TERM_OK) {
        if (absent) *out = a[1];
        else st = hl_map_remove_cx(&cx, H, a[1], a[0], out);
    }
    return hl_vm_map_end(p, b_remove, &cx, st);
}

BIF(b_take) {
    if (!hl_is_map(a[1])) return badmap(p, a[1]);
    hl_term v, rest = HL_NIL;
    bool found = false;
    MAP_BEGIN(b_take, a[1], HL_VM_MAP_STORE, false);
    if (st == HL_TERM_OK && !absent) st = hl_map_find_cx(&cx, a[1], a[0], &v, &found);
    if (st == HL_TERM_OK && found) st = hl_map_remove_cx(&cx, H, a[1], a[0], &rest);
    MAP_END(b_take);
    if (!found) {
        *out = HL_AM(error);
        return HL_TERM_OK;
    }
    return tuple2(p, v, rest, out);
}

BIF(b_size) {
    if (!hl_is_map(a[0])) return badmap(p, a[0]);
    *out = hl_make_small((int64_t)hl_map_size(a[0]));
    return HL_TERM_OK;
}

/* ---- iteration ---- */

/* A cursor argument: a non-negative small integer. */
static bool cursor_arg(hl_term t, uint64_t *c) {
    if (!hl_is_small(t) || hl_small_val(t) < 0) return false;
    *c = (uint64_t)hl_small_val(t);
    return true;
}

/* erlang:hl_maps_next(Cursor, Map): maps:next/1 on the iterator
 * [Cursor | Map]. Like OTP, hands out several pairs at once as a chain
 * {K1, V1, {K2, V2, ... Tail}} whose Tail is none or the next
 * [Cursor | Map]; maps:next/1 on a {K, V, I} returns it as is. badarg
 * when Cursor is not a position in Map. */
BIF(b_hl_next) {
    uint64_t cur;
    if (!hl_is_map(a[1]) || !cursor_arg(a[0], &cur)) return HL_TERM_BADARG;
    hl_map_iter it;
    if (!hl_map_iter_seek_io(&it, a[1], cur)) return HL_TERM_BADARG;
    /* a flat map goes in one chain (at most 32 pairs), as OTP's */
    size_t batch = hl_is_flatmap(a[1]) ? HL_FLATMAP_MAX : MAPS_NEXT_BATCH;
    size_t words = 4 * batch + 2;
    hl_term *w;
    hl_term_status st = hl_heap_alloc(H, words, &w);
    if (st != HL_TERM_OK) return st;
    hl_term k, v, head = HL_AM(none), *hole = &head;
    size_t n = 0;
    hl_map_iter save = it;
    while (n < batch && hl_map_iter_next(&it, &k, &v)) {
        hl_term *t = w + 4 * n++;
        t[1] = k, t[2] = v, t[3] = HL_AM(none);
        *hole = hl_tuple_init(t, 3);
        hole = &t[3];
        save = it;
    }
    size_t used = 4 * n;
    /* More pairs after the batch: the tail is the iterator that resumes
     * there (peeked with a copy, so the end gives none, not a cursor). */
    if (n == batch && hl_map_iter_next(&it, &k, &v)) {
        uint64_t next;
        if (!hl_map_iter_cursor(&save, &next)) {
            hl_heap_trim(H, w, words, 0);
            return HL_TERM_SYSTEM_LIMIT;
        }
        *hole = hl_cons_init(w + used, hl_make_small((int64_t)next), a[1]);
        used += 2;
    }
    hl_heap_trim(H, w, words, used);
    p->bif_cost = n >> WALK_COST_SHIFT;
    *out = head;
    return HL_TERM_OK;
}

/* The pairs in to_list order (what maps:to_list/keys/values show): for a
 * flat map, key order; for a HAMT, the reverse of the io order, which is
 * how the walk below builds it (prepending to Acc). */
enum { COLLECT_PAIRS = 0, COLLECT_KEYS = 1, COLLECT_VALUES = 2 };

/* [{K, V} | Acc] (5 words at c), [K | Acc] or [V | Acc] (2 words). */
static hl_term prepend(hl_term *c, int64_t what, hl_term k, hl_term v, hl_term acc) {
    if (what != COLLECT_PAIRS) return hl_cons_init(c, what == COLLECT_KEYS ? k : v, acc);
    hl_term e = hl_tuple_init(c, 2);
    c[1] = k, c[2] = v;
    return hl_cons_init(c + 3, e, acc);
}

/* erlang:hl_maps_collect(Map, Cursor, Acc, What): up to MAPS_WALK_CHUNK
 * pairs from Cursor on, prepended to Acc as {K, V} (What 0), K (1) or V
 * (2). Answers the finished list, or {Cursor2, Acc2} to call again. */
BIF(b_hl_collect) {
    uint64_t cur;
    if (!hl_is_map(a[0]) || !cursor_arg(a[1], &cur) || !hl_is_small(a[3])) return HL_TERM_BADARG;
    int64_t what = hl_small_val(a[3]);
    if (what < COLLECT_PAIRS || what > COLLECT_VALUES) return HL_TERM_BADARG;
    hl_term map = a[0];
    size_t size = hl_map_size(map), per = what == COLLECT_PAIRS ? 5 : 2;
    hl_map_iter it;
    if (!hl_map_iter_seek_io(&it, map, cur)) return HL_TERM_BADARG;
    size_t chunk = size < MAPS_WALK_CHUNK ? size : MAPS_WALK_CHUNK;
    size_t words = per * chunk + 3;
    hl_term *w;
    hl_term_status st = hl_heap_alloc(H, words, &w);
    if (st != HL_TERM_OK) return st;
    hl_term acc = a[2], k, v;
    size_t n = 0, used = 0;
    if (hl_is_flatmap(map)) {
        /* key order: build from the last key back */
        if (cur != 0) {
            hl_heap_trim(H, w, words, 0);
            return HL_TERM_BADARG;
        }
        for (size_t i = size; i-- > 0;) {
            k = hl_tuple_get(hl_flatmap_keys(map), i);
            v = hl_flatmap_values(map)[i];
            acc = prepend(w + used, what, k, v, acc);
            used += per;
        }
        hl_heap_trim(H, w, words, used);
        p->bif_cost = size >> WALK_COST_SHIFT;
        *out = acc;
        return HL_TERM_OK;
    }
    while (n < chunk && hl_map_iter_next(&it, &k, &v)) {
        acc = prepend(w + used, what, k, v, acc);
        used += per;
        n++;
    }
    p->bif_cost = n >> WALK_COST_SHIFT;
    if (n == chunk) {
        uint64_t next;
        hl_map_iter peek = it;
        if (hl_map_iter_next(&peek, &k, &v)) {
            if (!hl_map_iter_cursor(&it, &next)) {
                hl_heap_trim(H, w, words, 0);
                return HL_TERM_SYSTEM_LIMIT;
            }
            hl_term *t = w + used;
            t[1] = hl_make_small((int64_t)next), t[2] = acc;
            *out = hl_tuple_init(t, 2);
            hl_heap_trim(H, w, words, used + 3);
            return HL_TERM_OK;
        }
    }
    hl_heap_trim(H, w, words, used);
    *out = acc;
    return HL_TERM_OK;
}

/* ---- building: from_list, from_keys, with, without, merge ----
 * A call takes a chunk of the input: at most MAPS_PUT_CHUNK operations,
 * KEY_WORK_MAX units of key hashing (term/map_hash.h) and what its
 * context allows for the operations themselves (chunk_cx: a stored key
 * rehashed, a key compared at length). The chunk ends before a key that
 * is not cheap to hash (more than HL_VM_MAP_KEY_INLINE units) and before
 * an operation its context stops; a chunk that would end before its first
 * element does that element alone (build_one): its key hashed and compared
 * in pieces across calls as maps:put/3 does (vm_map.h). Before, every key
 * of these builders but maps:from_list/1's was hashed whole in one call
 * (a 16 MiB binary or a 2^16-leaf DAG: ~3-45 ms), and a chunk's keys could
 * take a quantum of hashing (64 KiB binary keys: ~2.5 ms a call). */

/* Keys' hashes one chunk keeps as hints (those of HINT_MIN_UNITS or more:
 * the operations then do not hash them again; cheaper ones they do). */
enum { CHUNK_HINTS = 64, HINT_MIN_UNITS = 16 };

typedef struct chunk {
    hl_term *k, *v, *at; /* the pairs, and the list cell each came from */
    size_t n;
    uint64_t units; /* hashing done by chunk_key */
    size_t nh;
    hl_term hints[2 * CHUNK_HINTS];
    hl_map_ctx cx; /* the operations' */
} chunk;

static hl_term_status chunk_new(chunk *c) {
    c->k = hl_mem_realloc_array(NULL, 3 * (size_t)MAPS_PUT_CHUNK, sizeof *c->k);
    if (!c->k) return HL_TERM_NOMEM;
    c->v = c->k + MAPS_PUT_CHUNK, c->at = c->v + MAPS_PUT_CHUNK;
    c->n = 0, c->units = 0, c->nh = 0;
    c->cx = (hl_map_ctx){.hints = c->hints, .nhints = 0, .budget = KEY_WORK_MAX, .units = 0, .need = HL_NONE,
                         .answers = HL_NIL, .cmp_budget = HL_VM_MAP_CMP_INLINE, .cmp_a = HL_NONE, .cmp_b = HL_NONE};
    return HL_TERM_OK;
}

/* True when an operation under the chunk's context stopped for a key to
 * hash or a comparison at length (its status is then BUDGET). */
static bool chunk_stopped(const chunk *c, hl_term_status st) {
    return st == HL_TERM_BUDGET && (c->cx.need != HL_NONE || c->cx.cmp_a != HL_NONE);
}

/* Charges the chunk's hashing and comparing; frees its arrays. */
static void chunk_free(hl_vm_proc *p, chunk *c) {
    hl_vm_map_key_charge(p, c->units + c->cx.units);
    hl_mem_free(c->k);
}

/* Whether key is cheap enough for the chunk: OK (its hash a hint when it
 * cost HINT_MIN_UNITS or more), BUDGET (more than HL_VM_MAP_KEY_INLINE
 * units, or the hints are full: the chunk ends before it), NOMEM. */
static hl_term_status chunk_key(chunk *c, hl_term key) {
    if (hl_is_immed(key)) return HL_TERM_OK;
    if (hl_is_binary_obj(key) && 1 + ((hl_bits_size(key) / 8) >> HL_MAP_HASH_BIN_SHIFT) > HL_VM_MAP_KEY_INLINE)
        return HL_TERM_BUDGET; /* its units are its size: no walk */
    uint64_t budget = HL_VM_MAP_KEY_INLINE;
    uint32_t hx;
    hl_term_status st = hl_map_key_hash(key, &budget, &hx);
    uint64_t u = HL_VM_MAP_KEY_INLINE - budget;
    c->units += u;
    if (st != HL_TERM_OK || u < HINT_MIN_UNITS) return st;
    if (c->nh == CHUNK_HINTS) return HL_TERM_BUDGET;
    c->hints[2 * c->nh] = key, c->hints[2 * c->nh + 1] = hl_make_small(hx);
    c->cx.nhints = ++c->nh;
    return HL_TERM_OK;
}

/* Acc with the chunk's pairs put in order (later pairs win): one build
 * when Acc is empty, else a put per pair. *done: the pairs put, all of
 * them or those before the one whose operation its context stopped.
 * Charges the puts. */
static hl_term_status chunk_into(hl_vm_proc *p, chunk *c, hl_term acc, hl_term *out, size_t *done) {
    hl_term_status st = HL_TERM_OK;
    size_t i = 0;
    *out = acc;
    if (c->n > 0 && hl_map_size(acc) == 0) {
        st = hl_map_new_cx(&c->cx, H, c->k, c->v, c->n, out);
        if (st == HL_TERM_OK) i = c->n;
        else if (chunk_stopped(c, st)) st = HL_TERM_OK, *out = acc; /* pair by pair, to where it stops */
    }
    for (; i < c->n && st == HL_TERM_OK; i++) {
        hl_term m;
        st = hl_map_put_cx(&c->cx, H, *out, c->k[i], c->v[i], &m);
        if (chunk_stopped(c, st)) {
            st = HL_TERM_OK;
            break;
        }
        if (st == HL_TERM_OK) *out = m;
    }
    *done = i;
    p->bif_cost += i >> PUT_COST_SHIFT;
    if (st == HL_TERM_OK) p->bif_cost += i * hl_vm_map_op_cost(*out, HL_VM_MAP_STORE);
    return st;
}

/* The answer of a chunked call: the finished map when rest is [], else
 * {Rest, Map}. An improper tail: improper (badarg, or function_clause
 * raised as lists:foldl/3 and OTP's with_1 would). */
static hl_term_status finish(hl_vm_proc *p, hl_term rest, hl_term map, hl_term improper, hl_term *out) {
    if (rest == HL_NIL) {
        *out = map;
        return HL_TERM_OK;
    }
    if (hl_is_cons(rest)) return tuple2(p, rest, map, out);
    if (improper == HL_AM(badarg)) return HL_TERM_BADARG;
    return raise(p, HL_AM(error), improper);
}

/* What build_one does with its key. */
enum { ONE_PUT, ONE_WITH, ONE_WITHOUT, ONE_MERGE, ONE_MERGE_KEEP };

/* One element alone, its key hashed and compared in pieces across calls
 * (vm_map.h), as maps:put/3 does: ONE_PUT key => val into `into`;
 * ONE_WITH key's pair in `from` (if any) into `into`; ONE_WITHOUT key out
 * of `into`; ONE_MERGE(_KEEP) key => val into `into` (_KEEP: unless it is
 * a key of `into`). OK with *m, a trap (the builtin is called again with
 * the same arguments and comes back here), or the failure. */
static hl_term_status build_one(hl_vm_proc *p, hl_vm_bif_fn self, int what, hl_term key, hl_term val, hl_term from,
                                hl_term into, hl_term *m) {
    hl_map_ctx cx;
    bool absent, found = false;
    hl_term look = what == ONE_WITH ? from : into, v;
    int op = what == ONE_WITH ? HL_VM_MAP_LOOKUP : HL_VM_MAP_STORE;
    hl_term_status st = hl_vm_map_begin(p, self, look, &key, 1, op, &cx);
    if (st != HL_TERM_OK) return st;
    st = hl_vm_map_key_over(&cx, look, key, what == ONE_PUT || what == ONE_MERGE || what == ONE_MERGE_KEEP, &absent);
    *m = into;
    if (st == HL_TERM_OK && !absent) {
        switch (what) {
        case ONE_WITH:
            st = hl_map_find_cx(&cx, from, key, &v, &found);
            if (st == HL_TERM_OK && found) st = hl_map_put_cx(&cx, H, into, key, v, m);
            break;
        case ONE_WITHOUT: st = hl_map_remove_cx(&cx, H, into, key, m); break;
        case ONE_MERGE_KEEP:
            st = hl_map_find_cx(&cx, into, key, &v, &found);
            if (st != HL_TERM_OK || found) break;
            /* fall through */
        default: st = hl_map_put_cx(&cx, H, into, key, val, m); break;
        }
    }
    if ((st = hl_vm_map_end(p, self, &cx, st)) != HL_TERM_OK) return st;
    p->bif_cost += 1;
    return HL_TERM_OK;
}

/* erlang:hl_maps_from_list(List, Acc): Acc with a chunk of List's {K, V}
 * pairs put in order; badarg for anything else. */
BIF(b_hl_from_list) {
    if (!hl_is_map(a[1])) return HL_TERM_BADARG;
    hl_term l = a[0], m;
    if (hl_vm_trap_resuming(p, b_hl_from_list)) goto one;
    if (l != HL_NIL && !hl_is_cons(l)) return HL_TERM_BADARG;
    chunk c;
    hl_term_status st = chunk_new(&c);
    if (st != HL_TERM_OK) return st;
    for (; hl_is_cons(l) && c.n < MAPS_PUT_CHUNK && c.units < KEY_WORK_MAX; l = hl_cdr(l)) {
        hl_term e = hl_car(l);
        if (!hl_is_tuple(e) || hl_tuple_arity(e) != 2) {
            chunk_free(p, &c);
            return HL_TERM_BADARG;
        }
        if ((st = chunk_key(&c, hl_tuple_get(e, 0))) == HL_TERM_BUDGET) break; /* the next chunk starts with it */
        if (st != HL_TERM_OK) break;
        c.k[c.n] = hl_tuple_get(e, 0), c.v[c.n] = hl_tuple_get(e, 1), c.at[c.n++] = l;
    }
    size_t done = 0;
    if (st == HL_TERM_OK || st == HL_TERM_BUDGET) st = chunk_into(p, &c, a[1], &m, &done);
    if (done < c.n) l = c.at[done];
    chunk_free(p, &c);
    if (st != HL_TERM_OK) return st;
    if (l != a[0] || !hl_is_cons(l)) return finish(p, l, m, HL_AM(badarg), out);
one:; /* no progress: the first pair alone */
    hl_term e = hl_car(l);
    if (!hl_is_tuple(e) || hl_tuple_arity(e) != 2) return HL_TERM_BADARG;
    hl_term_status s1 = build_one(p, b_hl_from_list, ONE_PUT, hl_tuple_get(e, 0), hl_tuple_get(e, 1), HL_NIL, a[1], &m);
    if (s1 != HL_TERM_OK) return s1;
    return finish(p, hl_cdr(l), m, HL_AM(badarg), out);
}

/* erlang:hl_maps_from_keys(Keys, Value, Acc): Acc with a chunk of Keys
 * mapped to Value. */
BIF(b_hl_from_keys) {
    if (!hl_is_map(a[2])) return HL_TERM_BADARG;
    hl_term l = a[0], m;
    if (hl_vm_trap_resuming(p, b_hl_from_keys)) goto one;
    if (l != HL_NIL && !hl_is_cons(l)) return HL_TERM_BADARG;
    chunk c;
    hl_term_status st = chunk_new(&c);
    if (st != HL_TERM_OK) return st;
    for (; hl_is_cons(l) && c.n < MAPS_PUT_CHUNK && c.units < KEY_WORK_MAX; l = hl_cdr(l)) {
        if ((st = chunk_key(&c, hl_car(l))) != HL_TERM_OK) break;
        c.k[c.n] = hl_car(l), c.v[c.n] = a[1], c.at[c.n++] = l;
    }
    size_t done = 0;
    if (st == HL_TERM_OK || st == HL_TERM_BUDGET) st = chunk_into(p, &c, a[2], &m, &done);
    if (done < c.n) l = c.at[done];
    chunk_free(p, &c);
    if (st != HL_TERM_OK) return st;
    if (l != a[0] || !hl_is_cons(l)) return finish(p, l, m, HL_AM(badarg), out);
one:;
    hl_term_status s1 = build_one(p, b_hl_from_keys, ONE_PUT, hl_car(l), a[1], HL_NIL, a[2], &m);
    if (s1 != HL_TERM_OK) return s1;
    return finish(p, hl_cdr(l), m, HL_AM(badarg), out);
}

/* erlang:hl_maps_with(Keys, Map, Acc): Acc with Map's pairs for a chunk
 * of Keys (absent keys skipped). */
BIF(b_hl_with) {
    if (!hl_is_map(a[1]) || !hl_is_map(a[2])) return HL_TERM_BADARG;
    hl_term l = a[0], m;
    if (hl_vm_trap_resuming(p, b_hl_with)) goto one;
    chunk c;
    hl_term_status st = chunk_new(&c);
    if (st != HL_TERM_OK) return st;
    size_t steps = 0;
    for (; hl_is_cons(l) && steps < MAPS_PUT_CHUNK && c.units < KEY_WORK_MAX; l = hl_cdr(l), steps++) {
        hl_term key = hl_car(l), v;
        bool found = false;
        if ((st = chunk_key(&c, key)) != HL_TERM_OK) break;
        st = hl_map_find_cx(&c.cx, a[1], key, &v, &found);
        if (st != HL_TERM_OK) break;
        if (found) c.k[c.n] = key, c.v[c.n] = v, c.at[c.n++] = l;
    }
    p->bif_cost += steps >> PUT_COST_SHIFT;
    if (chunk_stopped(&c, st)) st = HL_TERM_BUDGET;
    size_t done = 0;
    if (st == HL_TERM_OK || st == HL_TERM_BUDGET) st = chunk_into(p, &c, a[2], &m, &done);
    if (done < c.n) l = c.at[done];
    chunk_free(p, &c);
    if (st != HL_TERM_OK) return st;
    if (l != a[0] || !hl_is_cons(l)) return finish(p, l, m, HL_AM(function_clause), out);
one:;
    hl_term_status s1 = build_one(p, b_hl_with, ONE_WITH, hl_car(l), HL_NIL, a[1], a[2], &m);
    if (s1 != HL_TERM_OK) return s1;
    return finish(p, hl_cdr(l), m, HL_AM(function_clause), out);
}

/* erlang:hl_maps_without(Keys, Map): Map without a chunk of Keys. */
BIF(b_hl_without) {
    if (!hl_is_map(a[1])) return HL_TERM_BADARG;
    hl_term l = a[0], m = a[1];
    if (hl_vm_trap_resuming(p, b_hl_without)) goto one;
    chunk c;
    hl_term_status st = chunk_new(&c);
    if (st != HL_TERM_OK) return st;
    size_t steps = 0;
    for (; hl_is_cons(l) && steps < MAPS_PUT_CHUNK && c.units < KEY_WORK_MAX; l = hl_cdr(l), steps++) {
        hl_term m2;
        if ((st = chunk_key(&c, hl_car(l))) != HL_TERM_OK) break;
        if ((st = hl_map_remove_cx(&c.cx, H, m, hl_car(l), &m2)) != HL_TERM_OK) break;
        m = m2;
    }
    p->bif_cost += (steps >> PUT_COST_SHIFT) + steps * hl_vm_map_op_cost(m, HL_VM_MAP_STORE);
    if (chunk_stopped(&c, st)) st = HL_TERM_OK;
    chunk_free(p, &c);
    if (st == HL_TERM_BUDGET) st = HL_TERM_OK; /* a key too large for the chunk: it ends before it */
    if (st != HL_TERM_OK) return st;
    if (l != a[0] || !hl_is_cons(l)) return finish(p, l, m, HL_AM(function_clause), out);
one:;
    hl_term_status s1 = build_one(p, b_hl_without, ONE_WITHOUT, hl_car(l), HL_NIL, HL_NIL, a[1], &m);
    if (s1 != HL_TERM_OK) return s1;
    return finish(p, hl_cdr(l), m, HL_AM(function_clause), out);
}

/* erlang:hl_maps_merge(Into, From, Cursor, Keep): Into with a chunk of
 * From's pairs (io order from Cursor on) put in; Keep = true keeps Into's
 * value for a key both have. The merged map, or {Cursor2, Into2}. */
BIF(b_hl_merge) {
    uint64_t cur;
    if (!hl_is_map(a[0]) || !hl_is_map(a[1]) || !cursor_arg(a[2], &cur)) return HL_TERM_BADARG;
    if (a[3] != HL_AM(true) && a[3] != HL_AM(false)) return HL_TERM_BADARG;
    bool keep = a[3] == HL_AM(true);
    hl_map_iter it;
    if (!hl_map_iter_seek_io(&it, a[1], cur)) return HL_TERM_BADARG;
    hl_term m = a[0], k, v;
    hl_map_iter at = it;
    hl_term_status st = HL_TERM_OK;
    size_t n = 0;
    if (!hl_vm_trap_resuming(p, b_hl_merge)) {
        chunk c;
        if ((st = chunk_new(&c)) != HL_TERM_OK) return st;
        while (n < MAPS_PUT_CHUNK && c.units < KEY_WORK_MAX && hl_map_iter_next(&it, &k, &v)) {
            if ((st = chunk_key(&c, k)) != HL_TERM_OK) break;
            if (keep) {
                bool found = false;
                hl_term old;
                if ((st = hl_map_find_cx(&c.cx, m, k, &old, &found)) != HL_TERM_OK) break;
                if (found) {
                    at = it, n++;
                    continue;
                }
            }
            hl_term m2;
            if ((st = hl_map_put_cx(&c.cx, H, m, k, v, &m2)) != HL_TERM_OK) break;
            m = m2, at = it, n++;
        }
        p->bif_cost += (n >> PUT_COST_SHIFT) + n * hl_vm_map_op_cost(m, HL_VM_MAP_STORE);
        if (chunk_stopped(&c, st)) st = HL_TERM_OK;
        chunk_free(p, &c);
        if (st == HL_TERM_BUDGET) st = HL_TERM_OK; /* a key too large for the chunk: it ends before it */
        if (st != HL_TERM_OK) return st;
    }
    if (n == 0) { /* no progress (or resumed): the pair at the cursor alone */
        it = at;
        if (!hl_map_iter_next(&it, &k, &v)) {
            *out = m;
            return HL_TERM_OK;
        }
        st = build_one(p, b_hl_merge, keep ? ONE_MERGE_KEEP : ONE_MERGE, k, v, HL_NIL, a[0], &m);
        if (st != HL_TERM_OK) return st;
        at = it;
    }
    hl_map_iter peek = at;
    if (hl_map_iter_next(&peek, &k, &v)) {
        uint64_t next;
        if (!hl_map_iter_cursor(&at, &next)) return HL_TERM_SYSTEM_LIMIT;
        return tuple2(p, hl_make_small((int64_t)next), m, out);
    }
    *out = m;
    return HL_TERM_OK;
}

const hl_vm_bif_reg hl_vm_bifs_maps[] = {
    {HL_BI_MAPS_GET2, b_get2},
    {HL_BI_MAPS_GET3, b_get3},
    {HL_BI_MAPS_FIND2, b_find},
    {HL_BI_MAPS_IS_KEY2, b_is_key},
    {HL_BI_MAPS_PUT3, b_put},
    {HL_BI_MAPS_UPDATE3, b_update},
    {HL_BI_MAPS_REMOVE2, b_remove},
    {HL_BI_MAPS_TAKE2, b_take},
    {HL_BI_MAPS_SIZE1, b_size},
    {HL_BI_HL_MAPS_NEXT, b_hl_next},
    {HL_BI_HL_MAPS_COLLECT, b_hl_collect},
    {HL_BI_HL_MAPS_FROM_LIST, b_hl_from_list},
    {HL_BI_HL_MAPS_FROM_KEYS, b_hl_from_keys},
    {HL_BI_HL_MAPS_WITH, b_hl_with},
    {HL_BI_HL_MAPS_WITHOUT, b_hl_without},
    {HL_BI_HL_MAPS_MERGE, b_hl_merge},
};
const size_t hl_vm_bifs_maps_count = sizeof hl_vm_bifs_maps / sizeof hl_vm_bifs_maps[0];


