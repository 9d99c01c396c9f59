/* bif_etf.c — term_to_binary/1,2, binary_to_term/1,2 and
 * binary_to_existing_atom/1,2 over the external term format codec
 * (term/etf.h). Same contract as bif.c: never collect, charge p->bif_cost
 * for the work, OTP 25's exceptions.
 *
 * Sandbox rules (docs/terms.md, "External term format"):
 * - decoding never creates an atom: an atom in the input must be a static
 *   atom or one of the program's own pool, else badarg. binary_to_term/1
 *   therefore behaves as binary_to_term(B, [safe]) always does;
 * - funs, pids, ports and references never cross: encoding one is badarg,
 *   and so is decoding one;
 * - bounded per call: term_to_binary yields (vm/vm_trap.h): a quantum of
 *   encoding per call, its pending terms on the trap's root stack, the
 *   output in p->trap.buf (counted against the heap limit; past 16 MiB,
 *   the largest binary, system_limit), then, compressed, one zlib slice per
 *   call, sized by level from zlib's measured worst case
 *   (hl_etf_deflate_slice). binary_to_term is capped: an input (a
 *   compressed one: its declared size) over HL_ETF_BIF_MAX_BYTES is
 *   system_limit, a fraction of a millisecond of decoding. */
#include <string.h>

#include "base/buf.h"
#include "vm/bif_registry.h"
#include "base/mem.h"
#include "vm/load.h"
#include "term/arith.h"
#include "term/atom.h"
#include "term/bits.h"
#include "term/etf.h"
#include "vm/vm_internal.h"
#include "vm/vm_std.h"
#include "vm/vm_support.h"
#include "vm/vm_trap.h"

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)
#define H (&p->heap)

enum {
    HL_ETF_BIF_MAX_BYTES = 1u << 18, /* decoding: see the header comment */
    ETF_COST_SHIFT = 4,              /* bytes per reduction */
};

/* Is x the atom named name? (Option atoms are not static: they come from
 * the program's own pool, compared by name.) */
static bool atom_is(hl_term x, const char *name) {
    if (!hl_is_atom(x)) return false;
    size_t n;
    const char *s = hl_atom_name(x, &n);
    return n == strlen(name) && memcmp(s, name, n) == 0;
}

static hl_term_status raise_error(hl_vm_proc *p, hl_term reason) {
    p->bif_class = HL_AM(error), p->bif_reason = reason;
    return HL_VM_BIF_RAISE;
}

/* Parses term_to_binary/2's options (a proper list; later ones override
 * earlier ones, as OTP). false: not a valid option list (badarg). */
static bool t2b_options(hl_term l, hl_etf_encode_opts *o) {
    for (; hl_is_cons(l); l = hl_cdr(l)) {
        hl_term x = hl_car(l);
        if (atom_is(x, "compressed")) {
            o->compress = 6;
        } else if (atom_is(x, "deterministic")) {
            o->deterministic = true;
        } else if (hl_is_tuple(x) && hl_tuple_arity(x) == 2 && hl_is_small(hl_tuple_get(x, 1))) {
            hl_term k = hl_tuple_get(x, 0);
            int64_t v = hl_small_val(hl_tuple_get(x, 1));
            if (atom_is(k, "compressed") && v >= 0 && v <= 9) {
                o->compress = (int)v;
            } else if (atom_is(k, "minor_version") && v >= 0 && v <= 2) {
                o->text_floats = v == 0;
                o->utf8_atoms = v == 2;
            } else {
                return false;
            }
        } else {
            return false;
        }
    }
    return l == HL_NIL;
}

/* A term_to_binary between its calls (p->trap.buf): the encoder (its
 * pending work on the trap's root stack, p->trap.roots), the output so far,
 * then the deflate stream over it and how far it has been fed. Freed by
 * t2b_state_free when the call ends or the process is freed mid-call. */
enum { T2B_ENCODING, T2B_DEFLATING, T2B_FINISHING, T2B_DEAD };
typedef struct t2b_state {
    hl_buf plain;
    hl_etf_enc enc;
    hl_etf_deflate *z;
    size_t fed;
    int level, phase;
} t2b_state;

static void t2b_state_free(void *v) {
    t2b_state *s = v;
    hl_etf_deflate_free(s->z);
    hl_etf_enc_release(&s->enc);
    hl_buf_free(&s->plain);
    hl_mem_free(s);
}

static hl_term_status t2b_push2(void *ctx, hl_term a, hl_term b) { return hl_vm_trap_push2(ctx, a, b); }

/* The binary: the compressed form if zlib fitted it, else the plain one.
 * HEAP_LIMIT keeps the state: the retry after the collection comes back
 * here. */
static hl_term_status t2b_finish(hl_vm_proc *p, hl_vm_bif_fn self, t2b_state *s, hl_term *out) {
    const uint8_t *bytes;
    size_t len;
    if (!s->z || !hl_etf_deflate_result(s->z, &bytes, &len)) bytes = (const uint8_t *)s->plain.data, len = s->plain.len;
    hl_term_status st = hl_make_binary(H, bytes, len, out);
    if (st == HL_TERM_HEAP_LIMIT) {
        s->phase = T2B_FINISHING;
        p->trap.fn = self;
        return st;
    }
    return hl_vm_trap_end(p, st);
}

/* Feeds one slice and, once zlib is done, makes the binary. A slice is
 * charged by zlib's worst case, not by its bytes: slices are sized so the
 * slowest input takes about a quantum's time (hl_etf_deflate_slice), so a
 * whole slice is charged a quantum (level 9: 128 reductions a byte, level 6:
 * 2) and the reduction limit bounds the CPU time a guest can spend in zlib
 * whatever it feeds it. */
static hl_term_status t2b_deflate_step(hl_vm_proc *p, hl_vm_bif_fn self, t2b_state *s, hl_term *out) {
    size_t body = s->plain.len - 1, slice = hl_etf_deflate_slice(s->level);
    size_t n = body - s->fed < slice ? body - s->fed : slice;
    bool done;
    hl_term_status st = hl_etf_deflate_step(s->z, slice, &done);
    if (st != HL_TERM_OK) return hl_vm_trap_end(p, st);
    s->fed += n;
    uint64_t units = (uint64_t)HL_VM_TRAP_QUANTUM * n / slice;
    if (!done) return hl_vm_trap_yield(p, self, units);
    p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
    return t2b_finish(p, self, s, out);
}

/* At most a quantum of encoding. The output counts against the heap
 * limit: near what the heap has left it asks for a collection first (the
 * retry comes back here), and past it after one the run stops with the
 * heap fault; past HL_BIN_MAX_BYTES (the largest binary) it is
 * system_limit. A failed step leaves the encoder in no state to go on. */
static hl_term_status t2b_encode_step(hl_vm_proc *p, hl_vm_bif_fn self, t2b_state *s, hl_term *out) {
    uint64_t charged = hl_heap_charged(H), allowed = H->limit_bytes > charged ? H->limit_bytes - charged : 0;
    uint64_t limit = allowed < HL_BIN_MAX_BYTES ? allowed : HL_BIN_MAX_BYTES;
    if (limit < s->plain.len + 4096 && limit < HL_BIN_MAX_BYTES) {
        p->trap.fn = self; /* the retry resumes here */
        return HL_TERM_HEAP_LIMIT;
    }
    s->plain.limit = (size_t)limit;
    /* near the limit, smaller steps: a step writes at most its budget plus
     * one bounded piece (a STRING_EXT: 64 KiB) */
    uint64_t room = limit - s->plain.len, budget = room / 2 < HL_VM_TRAP_QUANTUM ? room / 2 + 1 : HL_VM_TRAP_QUANTUM;
    uint64_t units;
    bool done;
    hl_term_status st = hl_etf_enc_step(&s->enc, budget, &units, &done);
    if (st != HL_TERM_OK) {
        p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
        if ((st == HL_TERM_SYSTEM_LIMIT && s->enc.over_limit && limit < HL_BIN_MAX_BYTES) || st == HL_TERM_HEAP_LIMIT) {
            s->phase = T2B_DEAD; /* the retry after the collection fails too */
            p->trap.fn = self;
            return HL_TERM_HEAP_LIMIT;
        }
        hl_vm_trap_end(p, st);
        return st == HL_TERM_SYSTEM_LIMIT ? raise_error(p, HL_AM(system_limit)) : st;
    }
    if (!done) return hl_vm_trap_yield(p, self, units);
    hl_etf_enc_release(&s->enc);
    p->bif_cost += 1; /* as before the encoder yielded: a short term costs (bytes >> 4) + 1 */
    if (s->level > 0) {
        st = hl_etf_deflate_new((const uint8_t *)s->plain.data + 1, s->plain.len - 1, s->level, &s->z);
        if (st != HL_TERM_OK) return hl_vm_trap_end(p, st);
    }
    if (!s->z) {
        p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
        return t2b_finish(p, self, s, out);
    }
    s->phase = T2B_DEFLATING;
    /* a body within one slice is compressed in this call, with no trap */
    if (s->plain.len - 1 <= hl_etf_deflate_slice(s->level)) {
        p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
        return t2b_deflate_step(p, self, s, out);
    }
    return hl_vm_trap_yield(p, self, units);
}

/* term_to_binary: encode a quantum per call, then, compressed, deflate a
 * slice per call; short terms finish in the first call. */
static hl_term_status t2b(hl_vm_proc *p, hl_vm_bif_fn self, hl_term t, const hl_etf_encode_opts *o, hl_term *out) {
    t2b_state *s;
    if (hl_vm_trap_resuming(p, self)) {
        s = p->trap.buf;
    } else {
        s = hl_mem_calloc(1, sizeof *s);
        if (!s) return HL_TERM_NOMEM;
        hl_buf_init(&s->plain, 1);
        hl_etf_roots roots = {&p->trap.roots, &p->trap.nroots, t2b_push2, p};
        hl_etf_enc_init(&s->enc, o, &s->plain, &roots);
        s->level = o->compress > 9 ? 9 : o->compress;
        p->trap.buf = s, p->trap.buf_free = t2b_state_free;
        hl_term_status st = hl_etf_enc_start(&s->enc, t);
        if (st != HL_TERM_OK) return hl_vm_trap_end(p, st == HL_TERM_HEAP_LIMIT ? st : HL_TERM_NOMEM);
    }
    switch (s->phase) {
    case T2B_ENCODING: return t2b_encode_step(p, self, s, out);
    case T2B_DEFLATING: return t2b_deflate_step(p, self, s, out);
    case T2B_FINISHING: return t2b_finish(p, self, s, out);
    default: return HL_TERM_HEAP_LIMIT; /* the interpreter stops the run */
    }
}

BIF(b_term_to_binary1) {
    hl_etf_encode_opts o = {0};
    return t2b(p, b_term_to_binary1, a[0], &o, out);
}

BIF(b_term_to_binary2) {
    hl_etf_encode_opts o = {0};
    if (!hl_vm_trap_resuming(p, b_term_to_binary2) && !t2b_options(a[1], &o)) return HL_TERM_BADARG;
    return t2b(p, b_term_to_binary2, a[0], &o, out);
}

/* The bytes of a binary (byte-aligned view, or a copy in *copy to free). */
static bool binary_bytes(hl_term b, const uint8_t **bytes, size_t *len, uint8_t **copy) {
    *copy = NULL;
    if (!hl_vm_is_binary(b)) return false;
    const unsigned char *base;
    uint64_t off, bits;
    hl_bitstring_view(b, &base, &off, &bits);
    *len = (size_t)(bits / 8);
    if (off % 8 == 0) {
        *bytes = base + off / 8;
        return true;
    }
    uint8_t *c = hl_mem_alloc(*len ? *len : 1);
    if (!c) return false;
    for (size_t i = 0; i < *len; i++) {
        uint64_t bit = off + 8 * i;
        unsigned sh = (unsigned)(bit % 8);
        c[i] = (uint8_t)(base[bit / 8] << sh | base[bit / 8 + 1] >> (8 - sh));
    }
    *bytes = *copy = c;
    return true;
}

static hl_term_status etf_existing_atom(void *ctx, const char *name, size_t len, hl_term *out) {
    return hl_vm_existing_atom(ctx, name, len, out);
}

static hl_term_status b2t(hl_vm_proc *p, hl_term bin, bool want_used, hl_term *out) {
    const uint8_t *bytes;
    size_t len;
    uint8_t *copy;
    if (!binary_bytes(bin, &bytes, &len, &copy)) return HL_TERM_BADARG;
    p->bif_cost = (len >> ETF_COST_SHIFT) + 1;
    if (len > HL_ETF_BIF_MAX_BYTES) {
        hl_mem_free(copy);
        return raise_error(p, HL_AM(system_limit));
    }
    hl_etf_decode_opts o = {0};
    o.pool = p->prog->pool;
    if (p->host_atoms) { /* the call's host atoms exist too */
        o.atom_fn = etf_existing_atom;
        o.atom_ctx = p;
    }
    o.max_uncompressed = HL_ETF_BIF_MAX_BYTES;
    /* a decoded term takes at most a few words per input byte */
    o.max_words = (size_t)HL_ETF_BIF_MAX_BYTES * 4;
    size_t used = 0;
    hl_term t;
    hl_term_status st = hl_etf_decode(H, bytes, len, &o, &t, &used, NULL);
    hl_mem_free(copy);
    if (st == HL_TERM_OK && len > 1 && bytes[1] == HL_ETF_COMPRESSED)
        p->bif_cost += (HL_ETF_BIF_MAX_BYTES >> ETF_COST_SHIFT) / 4; /* inflate */
    /* over a cap (the inflated size, the decoded words, a bignum's bits) */
    if (st == HL_TERM_SYSTEM_LIMIT) return raise_error(p, HL_AM(system_limit));
    if (st != HL_TERM_OK) return st;
    if (!want_used) {
        *out = t;
        return HL_TERM_OK;
    }
    hl_term *tp;
    if ((st = hl_heap_alloc(H, 3, &tp)) != HL_TERM_OK) return st;
    hl_term r = hl_tuple_init(tp, 2);
    hl_tuple_elems(r)[0] = t, hl_tuple_elems(r)[1] = hl_make_small((int64_t)used);
    *out = r;
    return HL_TERM_OK;
}

BIF(b_binary_to_term1) { return b2t(p, a[0], false, out); }

BIF(b_binary_to_term2) {
    bool used = false;
    hl_term l = a[1];
    for (; hl_is_cons(l); l = hl_cdr(l)) {
        hl_term x = hl_car(l);
        if (atom_is(x, "used")) used = true;
        else if (!atom_is(x, "safe")) return HL_TERM_BADARG;
    }
    if (l != HL_NIL) return HL_TERM_BADARG;
    return b2t(p, a[0], used, out);
}

/* binary_to_existing_atom: the name in UTF-8 (latin1 input converted),
 * looked up in the program's own pool and the static atoms only. */
static hl_term_status bin_to_existing_atom(hl_vm_proc *p, hl_term bin, hl_term enc, hl_term *out) {
    bool latin1 = enc == HL_AM(latin1);
    if (!latin1 && enc != HL_AM(utf8) && enc != HL_AM(unicode)) return HL_TERM_BADARG;
    const uint8_t *bytes;
    size_t len;
    uint8_t *copy;
    if (!binary_bytes(bin, &bytes, &len, &copy)) return HL_TERM_BADARG;
    p->bif_cost = (len >> ETF_COST_SHIFT) + 1;
    char name[4 * 255];
    size_t n = 0;
    hl_term_status st = HL_TERM_BADARG; /* longer than any atom: none exists */
    if (len <= sizeof name / (latin1 ? 2 : 1)) {
        for (size_t i = 0; i < len; i++) {
            if (latin1 && bytes[i] >= 0x80) {
                name[n++] = (char)(0xC0 | bytes[i] >> 6);
                name[n++] = (char)(0x80 | (bytes[i] & 0x3F));
            } else {
                name[n++] = (char)bytes[i];
            }
        }
        st = hl_vm_existing_atom(p, name, n, out);
    }
    hl_mem_free(copy);
    return st;
}

BIF(b_binary_to_existing_atom1) { return bin_to_existing_atom(p, a[0], HL_AM(utf8), out); }
BIF(b_binary_to_existing_atom2) { return bin_to_existing_atom(p, a[0], a[1], out); }

const hl_vm_bif_reg hl_vm_bifs_etf[] = {
    {HL_BI_TERM_TO_BINARY1, b_term_to_binary1},
    {HL_BI_TERM_TO_BINARY2, b_term_to_binary2},
    {HL_BI_BINARY_TO_TERM1, b_binary_to_term1},
    {HL_BI_BINARY_TO_TERM2, b_binary_to_term2},
    {HL_BI_BINARY_TO_EXISTING_ATOM1, b_binary_to_existing_atom1},
    {HL_BI_BINARY_TO_EXISTING_ATOM2, b_binary_to_existing_atom2},
};
const size_t hl_vm_bifs_etf_count = sizeof hl_vm_bifs_etf / sizeof hl_vm_bifs_etf[0];


