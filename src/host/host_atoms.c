/* host_atoms.c — the atoms a host brings into a call (docs/embedding.md,
 * "Atoms from the host"). The host is trusted: an argument may hold any
 * atom (hl_value_atom / hl_value_parse make one for a name the program does
 * not contain). Entering the process, every atom is re-interned by name
 * into the program's engine table: a name the program contains becomes the
 * program's atom, any other joins the call's own pool, which holds at most
 * the call's quota of names (HL_LIMIT_HOST_ATOMS) and is freed with the
 * call. So a guest term only ever holds atoms of its own engine, equal
 * names are equal words, and nothing a host passes outlives the call in
 * the engine's table. */
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "host/host_int.h"
#include "term/copy.h"

/* Names to re-intern: an open-addressing map by name (cap a power of two,
 * at most half full) from a name to the atom the process gets. */
typedef struct amap {
    hl_term *from; /* an atom with this name, as the host has it; 0: empty */
    hl_term *to;   /* the atom the process gets; 0 until interned */
    size_t n, cap;
    size_t nnew; /* names the program does not contain: what the quota counts */
    const hl_atom_pool *prog; /* the program's atoms stay as they are */
    uint64_t quota;
    bool over, nomem;
} amap;

static bool same_name(hl_term a, hl_term b) {
    size_t la, lb;
    const char *sa = hl_atom_name(a, &la), *sb = hl_atom_name(b, &lb);
    return la == lb && memcmp(sa, sb, la) == 0;
}

/* The slot of a's name: its entry, or the empty slot where it goes. */
static size_t slot_of(const amap *m, hl_term a) {
    size_t j = hl_atom_hash(a) & (m->cap - 1);
    while (m->from[j] && !same_name(m->from[j], a)) j = (j + 1) & (m->cap - 1);
    return j;
}

static bool grow(amap *m) {
    size_t cap = m->cap ? m->cap * 2 : 16;
    hl_term *from = hl_mem_calloc(cap, sizeof *from), *to = hl_mem_calloc(cap, sizeof *to);
    if (!from || !to) {
        hl_mem_free(from);
        hl_mem_free(to);
        return false;
    }
    amap old = *m;
    m->from = from, m->to = to, m->cap = cap;
    for (size_t i = 0; i < old.cap; i++)
        if (old.from[i]) {
            size_t j = slot_of(m, old.from[i]);
            m->from[j] = old.from[i], m->to[j] = old.to[i];
        }
    hl_mem_free(old.from);
    hl_mem_free(old.to);
    return true;
}

/* Visitor: records each atom the program does not hold, once per name,
 * with the program's atom of that name when it has one; stops past the
 * quota of names it has not. */
static bool collect(void *ctx, hl_term t) {
    amap *m = ctx;
    if (!hl_is_atom(t) || hl_atom_pool_holds(m->prog, t)) return true;
    if (m->cap && m->from[slot_of(m, t)]) return true;
    size_t len;
    const char *name = hl_atom_name(t, &len);
    hl_term mine = 0;
    hl_term_status ts = hl_atom_pool_lookup(m->prog, name, len, &mine);
    if (ts == HL_TERM_NOMEM) return !(m->nomem = true);
    if (ts != HL_TERM_OK) {
        mine = 0;
        if (m->nnew + 1 > m->quota) return !(m->over = true);
        m->nnew++;
    }
    if ((m->n + 1) * 2 > m->cap && !grow(m)) return !(m->nomem = true);
    size_t j = slot_of(m, t);
    m->from[j] = t, m->to[j] = mine;
    m->n++;
    return true;
}

/* The copy's atom map: every recorded name to its atom in the process. */
static hl_term map_atom(void *ctx, hl_term a) {
    const amap *m = ctx;
    if (hl_atom_pool_holds(m->prog, a)) return a;
    size_t j = slot_of(m, a);
    return m->from[j] ? m->to[j] : a; /* recorded by collect: always found */
}

static hl_status quota_error(hl_error **err, uint64_t quota) {
    char msg[320];
    snprintf(msg, sizeof msg,
             "the call's arguments name more than %llu atoms the program does not contain (the limit "
             "HL_LIMIT_HOST_ATOMS of the call; raise it with hl_limits_set, up to 1048576)",
             (unsigned long long)quota);
    hl_error *e = hl_host_error_new(HL_ELIMIT, msg);
    if (e != &hl_host_oom_error) e->limit = HL_LIMIT_KIND_ATOMS;
    return hl_host_set_error(err, e);
}

/* Gives every recorded name its atom: the program's when it has one,
 * else one of a new pool for the call (*pool). */
static hl_status intern(amap *m, hl_atom_table *table, hl_atom_pool **pool, hl_error **err) {
    size_t n = m->nnew;
    const char **names = hl_mem_calloc(n, sizeof *names);
    size_t *lens = hl_mem_calloc(n, sizeof *lens), *at = hl_mem_calloc(n, sizeof *at);
    hl_term *outs = hl_mem_calloc(n, sizeof *outs);
    hl_status st = HL_OK;
    if (!names || !lens || !at || !outs) st = hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    size_t k = 0;
    for (size_t i = 0; st == HL_OK && i < m->cap; i++)
        if (m->from[i] && !m->to[i]) {
            names[k] = hl_atom_name(m->from[i], &lens[k]);
            at[k++] = i;
        }
    if (st == HL_OK && k) {
        hl_atom_fault fault;
        hl_term_status ts = hl_atom_pool_new_quota(table, (size_t)m->quota, names, lens, k, outs, pool, &fault);
        if (ts == HL_TERM_OK) {
            for (size_t j = 0; j < k; j++) m->to[at[j]] = outs[j];
        } else if (ts == HL_TERM_SYSTEM_LIMIT && fault == HL_ATOM_FAULT_TABLE_FULL) {
            st = hl_host_atom_limit_error(err, "the call's arguments", fault, 0, table);
        } else if (ts == HL_TERM_SYSTEM_LIMIT && fault == HL_ATOM_FAULT_QUOTA) {
            st = quota_error(err, m->quota);
        } else { /* host atoms are valid names: only memory is left */
            st = hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
        }
    }
    hl_mem_free(names);
    hl_mem_free(lens);
    hl_mem_free(at);
    hl_mem_free(outs);
    return st;
}

hl_status hl_host_args_in(const hl_program *prog, hl_heap *dst, hl_value *const *args, size_t nargs, uint64_t quota,
                          hl_term *targs, hl_atom_pool **pool, hl_error **err) {
    *pool = NULL;
    /* the common case, immediates the program can hold as they are (small
     * integers, [], its own atoms): no walk, no copy, no atom map */
    size_t k = 0;
    while (k < nargs && hl_is_immed(hl_host_vterm(args[k])) && !hl_is_handle_immed(hl_host_vterm(args[k])) &&
           (!hl_is_atom(hl_host_vterm(args[k])) || hl_atom_pool_holds(prog->pool, hl_host_vterm(args[k]))))
        targs[k] = hl_host_vterm(args[k]), k++;
    if (k == nargs) return HL_OK;
    amap m = {NULL, NULL, 0, 0, 0, prog->pool, quota, false, false};
    hl_status st = HL_OK;
    for (size_t i = 0; st == HL_OK && i < nargs; i++) {
        st = hl_host_walk(hl_host_vterm(args[i]), collect, &m);
        if (m.over) st = quota_error(err, quota);
        else if (st != HL_OK) st = hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    }
    if (st == HL_OK && m.nnew) st = intern(&m, hl_atom_pool_table(prog->pool), pool, err);
    for (size_t i = 0; st == HL_OK && i < nargs; i++) {
        hl_term_status ts = hl_term_copy_map(dst, hl_host_vterm(args[i]), m.n ? map_atom : NULL, &m, &targs[i]);
        if (ts == HL_TERM_HEAP_LIMIT) st = hl_host_limit_error(err, HL_LIMIT_KIND_HEAP);
        else if (ts != HL_TERM_OK) st = hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    }
    hl_mem_free(m.from);
    hl_mem_free(m.to);
    if (st != HL_OK) {
        hl_atom_pool_free(*pool);
        *pool = NULL;
    }
    return st;
}
