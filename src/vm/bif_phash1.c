/* bif_phash1.c — erlang:phash/2, the OLD portable hash, with OTP's values.
 * dict and sets (version 1) place their elements by it, so their to_list and
 * fold order (which guests print) follows it: it must be exact. The
 * algorithm (erts' make_hash: H = H*P + X mod 2^32 with a few large primes,
 * integers byte-wise on |N| in 32-bit words then a sign prime, strings byte
 * by byte, a closing prime per list and per tuple) is reimplemented here
 * from its description and checked against erl by the ds_phash* conformance
 * programs. Iterative (its pending work on the trap's root stack), charged
 * per node visited, yielding after a quantum (vm/vm_trap.h). A map mixes in
 * its phash2 value (erts calls make_hash2 there): phash2's walk runs on the
 * same stack above a marker frame. Funs are not hashed (badarg): OTP hashes
 * a fun by its code identity, which this VM does not share. */
#include <string.h>

#include "base/mem.h"
#include "vm/bif_registry.h"
#include "term/bignum.h"
#include "vm/vm_internal.h"
#include "vm/phash_common.h"
#include "vm/vm_std.h"
#include "vm/vm_trap.h"

/* Primes just above 2^28. */
#define P1 268440163u
#define P2 268439161u
#define P3 268435459u
#define P4 268436141u
#define P6 268437017u
#define P8 268437511u
#define P9 268439627u
#define P12 268440581u
#define P13 268440593u
#define P14 268440611u

static inline uint32_t word_step(uint32_t h, uint32_t x) {
    h = h * P2 + (x & 0xFF);
    h = h * P2 + ((x >> 8) & 0xFF);
    h = h * P2 + ((x >> 16) & 0xFF);
    return h * P2 + (x >> 24);
}

/* |N| byte-wise, least significant first, over the 32-bit words it needs
 * (at least one), then a prime for the sign. */
static uint32_t hash_integer(uint32_t h, hl_term t, uint64_t *nodes) {
    if (hl_is_small(t)) {
        int64_t v = hl_small_val(t);
        uint64_t m = v < 0 ? -(uint64_t)v : (uint64_t)v;
        h = word_step(h, (uint32_t)m);
        if (m >> 32) h = word_step(h, (uint32_t)(m >> 32));
        return h * (v < 0 ? P4 : P3);
    }
    size_t n = hl_big_nlimbs(t);
    const uint64_t *d = hl_big_limbs(t);
    while (n > 1 && d[n - 1] == 0) n--;
    *nodes += n / 8;
    for (size_t i = 0; i < n; i++) {
        h = word_step(h, (uint32_t)d[i]);
        if (i + 1 < n || (d[i] >> 32)) h = word_step(h, (uint32_t)(d[i] >> 32));
    }
    return h * (hl_big_is_neg(t) ? P4 : P3);
}

/* Bytes of a bitstring from *i, then its closing primes, until done (true)
 * or the quantum is used up (false: *i holds the place). */
static bool hash_bitstring_from(uint32_t *hp, hl_term t, uint64_t *i, uint64_t *units) {
    const unsigned char *b;
    uint64_t off, bits;
    hl_bitstring_view(t, &b, &off, &bits);
    uint64_t end = off + bits, sz = bits / 8, rest = bits % 8;
    uint32_t h = *hp;
    for (uint64_t j = *i; j < sz; j++) {
        if ((j & 1023) == 0 && *units >= HL_VM_TRAP_QUANTUM) {
            *i = j, *hp = h;
            return false;
        }
        if ((j & 1) == 0) ++*units;
        h = h * P1 + hl_phash_bit_byte(b, off, end, j);
    }
    if (rest) h = (h * P1 + (hl_phash_bit_byte(b, off, end, sz) >> (8 - rest))) * P12 + (uint32_t)rest;
    *hp = h * P4 + (uint32_t)sz; /* erts mixes the size truncated to 32 bits */
    return true;
}

/* Work items on the trap's root stack (vm/vm_trap.c), two terms each: the
 * term and a small of kind | n << 3. One item per nesting level of a list
 * or tuple (never one per element), so the stack grows with depth only. */
enum {
    W_TERM,       /* hash the term */
    W_LIST_REST,  /* the rest of a list */
    W_LIST_END,   /* the list's closing prime */
    W_TUPLE_NEXT, /* the tuple's elements from index n */
    W_RUN,        /* a run of byte elements that stopped at a quantum's end (a cons) */
    W_BITS,       /* a bitstring's bytes from n on */
    W_MAP,        /* a map's phash2 walk runs above this marker: n = the hash before it */
};

static inline hl_term_status push(hl_vm_proc *p, unsigned kind, uint64_t n, hl_term t) {
    return hl_vm_trap_push2(p, t, hl_make_small((int64_t)(kind | n << 3)));
}

/* erts' make_hash of t, at most a quantum of it per call: OK with *out, a
 * trap (state in p->trap), BADARG for a fun, a map or another term this VM
 * cannot hash as OTP does, HEAP_LIMIT or NOMEM when the stack cannot grow. */
static hl_term_status make_hash1(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term t, uint32_t *out) {
    hl_term_status st = HL_TERM_OK;
    uint32_t h = 0;
    uint64_t units = 0;
    hl_phash2_regs r2 = {0, 0, 0, 0, 0};
    size_t base2 = 0; /* a map's phash2 walk: the stack above this (after its W_MAP marker) */
    bool resume2 = false;
    if (hl_vm_trap_resuming(p, fn)) {
        h = (uint32_t)p->trap.n[0];
        if ((base2 = (size_t)p->trap.n[3]) != 0) {
            hl_phash2_load(p, &r2);
            resume2 = true;
            goto map2;
        }
    } else {
        p->trap.nroots = 0;
        if ((st = push(p, W_TERM, 0, t)) != HL_TERM_OK) goto fail;
    }
    while (p->trap.nroots > 0) {
        if (units >= HL_VM_TRAP_QUANTUM) {
            p->trap.n[0] = h, p->trap.n[3] = 0;
            return hl_vm_trap_yield(p, fn, units);
        }
        units++;
        p->trap.nroots -= 2;
        t = p->trap.roots[p->trap.nroots];
        uint64_t tag = (uint64_t)hl_small_val(p->trap.roots[p->trap.nroots + 1]);
        unsigned kind = (unsigned)(tag & 7);
        uint64_t wn = tag >> 3;
        if (kind == W_LIST_END) {
            h *= P8;
            continue;
        }
        if (kind == W_TUPLE_NEXT) {
            /* elements in order, then the tuple's closing prime and arity */
            size_t n = hl_tuple_arity(t);
            if (wn >= n) h = h * P9 + (uint32_t)n;
            else if ((st = push(p, W_TUPLE_NEXT, wn + 1, t)) != HL_TERM_OK || (st = push(p, W_TERM, 0, hl_tuple_get(t, wn))) != HL_TERM_OK)
                goto fail;
            continue;
        }
        if (kind == W_BITS) {
            if (!hash_bitstring_from(&h, t, &wn, &units) && (st = push(p, W_BITS, wn, t)) != HL_TERM_OK) goto fail;
            continue;
        }
        if (kind == W_LIST_REST && !hl_is_cons(t)) {
            /* the improper or [] tail, then the list's closing prime */
            if ((st = push(p, W_LIST_END, 0, HL_NIL)) != HL_TERM_OK || (st = push(p, W_TERM, 0, t)) != HL_TERM_OK) goto fail;
            continue;
        }
        if (hl_is_cons(t)) {
            /* bytes inline (a run: W_RUN goes on with it); the first other
             * element is hashed with the rest of the list queued after it */
            while (hl_is_cons(t) && hl_is_small(hl_car(t)) && hl_small_val(hl_car(t)) >= 0 &&
                   hl_small_val(hl_car(t)) <= 255) {
                if (units >= HL_VM_TRAP_QUANTUM) break;
                h = h * P2 + (uint32_t)hl_small_val(hl_car(t));
                t = hl_cdr(t);
                units++;
            }
            if (units >= HL_VM_TRAP_QUANTUM && hl_is_cons(t)) {
                st = push(p, W_RUN, 0, t);
            } else {
                hl_term first = hl_is_cons(t) ? hl_car(t) : t;
                st = hl_is_cons(t) ? push(p, W_LIST_REST, 0, hl_cdr(t)) : push(p, W_LIST_END, 0, HL_NIL);
                if (st == HL_TERM_OK) st = push(p, W_TERM, 0, first);
            }
            if (st != HL_TERM_OK) goto fail;
        } else if (t == HL_NIL) {
            h = h * P3 + 1;
        } else if (hl_is_atom(t)) {
            h = h * P1 + hl_phash_atom_pjw(t);
        } else if (hl_is_integer(t)) {
            h = hash_integer(h, t, &units);
        } else if (hl_is_float(t)) {
            double d = hl_float_val(t);
            if (d == 0.0) d = 0.0; /* -0.0 hashes as 0.0 */
            uint64_t bits;
            memcpy(&bits, &d, sizeof bits);
            h = h * P6 + ((uint32_t)bits ^ (uint32_t)(bits >> 32));
        } else if (hl_is_tuple(t)) {
            if ((st = push(p, W_TUPLE_NEXT, 0, t)) != HL_TERM_OK) goto fail;
        } else if (hl_is_binary_obj(t)) {
            uint64_t i = 0;
            if (!hash_bitstring_from(&h, t, &i, &units) && (st = push(p, W_BITS, i, t)) != HL_TERM_OK) goto fail;
        } else if (hl_is_map(t)) {
            if ((st = push(p, W_MAP, h, HL_NIL)) != HL_TERM_OK) goto fail;
            base2 = p->trap.nroots, resume2 = false;
            r2 = (hl_phash2_regs){0, 0, 0, 0, 0};
        map2:
            switch (hl_phash2_walk(p, t, resume2, base2, &r2, &units, &st)) {
            case HL_PHASH2_DONE: {
                p->trap.nroots -= 2; /* the marker */
                uint32_t before = (uint32_t)((uint64_t)hl_small_val(p->trap.roots[p->trap.nroots + 1]) >> 3);
                h = before * P13 + P14 + r2.h;
                break;
            }
            case HL_PHASH2_YIELD:
                hl_phash2_save(p, &r2);
                p->trap.n[3] = base2;
                return hl_vm_trap_yield(p, fn, units);
            case HL_PHASH2_FAIL:
                goto fail;
            }
        } else {
            st = HL_TERM_BADARG; /* funs */
            goto fail;
        }
    }
    *out = h;
fail:
    p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
    return hl_vm_trap_end(p, st);
}

/* erlang:phash(Term, Range): 1..Range, Range in 1..2^32. */
static hl_term_status b_phash_2(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    if (!hl_is_small(a[1]) || hl_small_val(a[1]) < 1 || hl_small_val(a[1]) > (int64_t)1 << 32) return HL_TERM_BADARG;
    uint64_t range = (uint64_t)hl_small_val(a[1]);
    uint32_t h = 0;
    hl_term_status st = make_hash1(p, b_phash_2, a[0], &h);
    if (st != HL_TERM_OK) return st;
    *out = hl_make_small((int64_t)(h % range) + 1);
    return HL_TERM_OK;
}

const hl_vm_bif_reg hl_vm_bifs_phash1[] = {{HL_BI_PHASH_2, b_phash_2}};
const size_t hl_vm_bifs_phash1_count = sizeof hl_vm_bifs_phash1 / sizeof hl_vm_bifs_phash1[0];
