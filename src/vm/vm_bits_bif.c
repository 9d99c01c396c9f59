/* vm_bits_bif.c — the binary builtins (core/builtins.def, "binaries"):
 * binary_part, split_binary, list_to_binary, list_to_bitstring,
 * iolist_to_binary, iolist_size, binary_to_list, bitstring_to_list,
 * atom_to_binary, integer_to_binary, binary_to_integer. Exceptions are
 * OTP's (badarg); work is charged in reductions per byte or element.
 * The I/O-list walks (list_to_binary, iolist_to_binary, iolist_size) and
 * the binary-to-list builders yield (bif_iolist.c, vm_trap.h). */
#include <string.h>

#include "term/arith.h"
#include "vm/vm_bigop.h"
#include "vm/bif_registry.h"
#include "term/atom.h"
#include "term/bignum.h"
#include "term/bits.h"
#include "vm/vm_bits.h"
#include "vm/vm_internal.h"
#include "vm/vm_support.h"
#include "vm/vm_iolist.h"
#include "vm/vm_trap.h"

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)
#define H (&p->heap)

enum {
    ELEMS_COST_SHIFT = 4, /* one reduction per 16 list elements */
};

/* ---- I/O lists: bif_iolist.c (they yield) ---- */

/* ---- binaries to lists ---- */

/* Bytes [from, from + n) of bitstring t as a list, then `tail`: built from
 * the last byte back, at most HL_VM_TRAP_BUILD_CELLS cells per call; a longer one
 * traps (vm_trap.h) with (t, list so far) in p->trap.t and (from, bytes
 * left) in p->trap.n. A resumed call reads only its saved state. */
static hl_term_status bytes_to_list(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term t, uint64_t from, uint64_t n, hl_term tail,
                                    hl_term *out) {
    if (hl_vm_trap_resuming(p, fn)) t = p->trap.t[0], tail = p->trap.t[1], from = p->trap.n[0], n = p->trap.n[1];
    uint64_t m = n < HL_VM_TRAP_BUILD_CELLS ? n : HL_VM_TRAP_BUILD_CELLS;
    if (m) {
        hl_term *c;
        hl_term_status st = hl_heap_alloc(H, 2 * (size_t)m, &c);
        if (st != HL_TERM_OK) return st; /* the interpreter collects and calls again */
        const unsigned char *b;
        uint64_t boff, bsz;
        hl_bitstring_view(t, &b, &boff, &bsz);
        for (uint64_t i = 0; i < m; i++)
            tail = hl_cons_init(c + 2 * i, hl_make_small(hl_bits_get8(b, boff + 8 * (from + n - 1 - i), 8)), tail);
    }
    if (n > m) {
        p->trap.t[0] = t, p->trap.t[1] = tail, p->trap.n[0] = from, p->trap.n[1] = n - m;
        return hl_vm_trap_yield(p, fn, m);
    }
    p->bif_cost += (m >> ELEMS_COST_SHIFT) + 1;
    *out = tail;
    return p->trap.fn ? hl_vm_trap_end(p, HL_TERM_OK) : HL_TERM_OK;
}

BIF(b_binary_to_list1) {
    if (hl_vm_trap_resuming(p, b_binary_to_list1)) return bytes_to_list(p, b_binary_to_list1, HL_NIL, 0, 0, HL_NIL, out);
    if (!hl_is_binary_obj(a[0]) || hl_bits_size(a[0]) % 8) return HL_TERM_BADARG;
    return bytes_to_list(p, b_binary_to_list1, a[0], 0, hl_bits_size(a[0]) / 8, HL_NIL, out);
}
BIF(b_binary_to_list3) {
    if (hl_vm_trap_resuming(p, b_binary_to_list3)) return bytes_to_list(p, b_binary_to_list3, HL_NIL, 0, 0, HL_NIL, out);
    /* OTP takes whole bytes of a bitstring here */
    if (!hl_is_binary_obj(a[0]) || !hl_is_small(a[1]) || !hl_is_small(a[2])) return HL_TERM_BADARG;
    int64_t size = (int64_t)(hl_bits_size(a[0]) / 8), from = hl_small_val(a[1]), to = hl_small_val(a[2]);
    if (from < 1 || from > size || to < from || to > size) return HL_TERM_BADARG;
    return bytes_to_list(p, b_binary_to_list3, a[0], (uint64_t)from - 1, (uint64_t)(to - from + 1), HL_NIL, out);
}
BIF(b_bitstring_to_list) {
    if (hl_vm_trap_resuming(p, b_bitstring_to_list)) return bytes_to_list(p, b_bitstring_to_list, HL_NIL, 0, 0, HL_NIL, out);
    if (!hl_is_binary_obj(a[0])) return HL_TERM_BADARG;
    uint64_t bits = hl_bits_size(a[0]);
    hl_term tail = HL_NIL;
    if (bits % 8) {
        /* the trailing bits as a bitstring: [.. | [Rest]] */
        hl_term rest, *cell;
        hl_term_status st = hl_bits_slice(H, a[0], bits & ~UINT64_C(7), bits % 8, &rest);
        if (st != HL_TERM_OK) return st;
        if ((st = hl_heap_alloc(H, 2, &cell)) != HL_TERM_OK) return st;
        tail = hl_cons_init(cell, rest, HL_NIL);
    }
    return bytes_to_list(p, b_bitstring_to_list, a[0], 0, bits / 8, tail, out);
}

/* ---- parts ---- */

/* binary_part(Bin, Start, Len): Len < 0 takes the bytes before Start. */
static hl_term_status part(hl_vm_proc *p, hl_term bin, hl_term start, hl_term len, hl_term *out) {
    /* as OTP: a bitstring's whole bytes may be taken */
    if (!hl_is_binary_obj(bin) || !hl_is_small(start) || !hl_is_small(len)) return HL_TERM_BADARG;
    int64_t size = (int64_t)(hl_bits_size(bin) / 8), s = hl_small_val(start), l = hl_small_val(len);
    if (l < 0) s += l, l = -l;
    if (s < 0 || s > size || l > size - s) return HL_TERM_BADARG;
    return hl_bits_slice(H, bin, 8 * (uint64_t)s, 8 * (uint64_t)l, out);
}
BIF(b_binary_part3) { return part(p, a[0], a[1], a[2], out); }
BIF(b_binary_part2) {
    if (!hl_is_tuple(a[1]) || hl_tuple_arity(a[1]) != 2) return HL_TERM_BADARG;
    return part(p, a[0], hl_tuple_get(a[1], 0), hl_tuple_get(a[1], 1), out);
}
BIF(b_split_binary) {
    if (!hl_is_binary_obj(a[0]) || !hl_is_small(a[1])) return HL_TERM_BADARG;
    uint64_t bits = hl_bits_size(a[0]);
    int64_t at = hl_small_val(a[1]);
    if (at < 0 || (uint64_t)at > bits / 8) return HL_TERM_BADARG;
    /* allocate everything first: 2 slices and the pair, one retry if full */
    hl_term *mem;
    hl_term_status st = hl_heap_alloc(H, 2 * HL_SUB_BIN_WORDS + 3, &mem);
    if (st != HL_TERM_OK) return st;
    const hl_term *bp = hl_boxed_ptr(a[0]);
    uint64_t base = 0;
    hl_term orig = a[0];
    if (hl_header_subtag(bp[0]) == HL_SUB_SUB_BIN) base = bp[2], orig = bp[1];
    uint64_t cut = 8 * (uint64_t)at;
    hl_term l = hl_sub_bin_init(mem, orig, base, cut);
    hl_term r = hl_sub_bin_init(mem + HL_SUB_BIN_WORDS, orig, base + cut, bits - cut);
    hl_term tp = hl_tuple_init(mem + 2 * HL_SUB_BIN_WORDS, 2);
    hl_tuple_elems(tp)[0] = l, hl_tuple_elems(tp)[1] = r;
    *out = tp;
    return HL_TERM_OK;
}

/* ---- conversions ---- */

static hl_term_status atom_to_bin(hl_vm_proc *p, hl_term atom, hl_term enc, hl_term *out) {
    if (!hl_is_atom(atom)) return HL_TERM_BADARG;
    size_t len;
    const unsigned char *s = (const unsigned char *)hl_atom_name(atom, &len);
    if (enc == HL_AM(utf8) || enc == HL_AM(unicode)) return hl_make_binary(H, s, len, out);
    if (enc != HL_AM(latin1)) return HL_TERM_BADARG;
    unsigned char buf[HL_BC_MAX_ATOM_BYTES];
    size_t n = 0;
    for (size_t i = 0; i < len && n < sizeof buf; i++) {
        unsigned c = s[i];
        if (c >= 0x80) {
            /* names are valid UTF-8: a 2-byte lead C2/C3 is a latin1 char */
            if ((c != 0xC2 && c != 0xC3) || i + 1 >= len) return HL_TERM_BADARG;
            c = ((c & 0x1F) << 6) | (s[++i] & 0x3F);
        }
        buf[n++] = (unsigned char)c;
    }
    return hl_make_binary(H, buf, n, out);
}
BIF(b_atom_to_binary1) { return atom_to_bin(p, a[0], HL_AM(utf8), out); }
BIF(b_atom_to_binary2) { return atom_to_bin(p, a[0], a[1], out); }
BIF(b_integer_to_binary1) {
    if (hl_vm_trap_resuming(p, b_integer_to_binary1) || hl_vm_big_text_long(a[0]))
        return hl_vm_big_to_text(p, b_integer_to_binary1, a[0], hl_make_small(10), true, out);
    p->bif_cost = hl_vm_big_cost(a[0], a[0], true);
    return hl_bif_integer_to_binary(H, a[0], hl_make_small(10), out);
}
BIF(b_integer_to_binary2) {
    if (hl_vm_trap_resuming(p, b_integer_to_binary2) || hl_vm_big_text_long(a[0]))
        return hl_vm_big_to_text(p, b_integer_to_binary2, a[0], a[1], true, out);
    p->bif_cost = hl_vm_big_cost(a[0], a[0], true);
    return hl_bif_integer_to_binary(H, a[0], a[1], out);
}
/* the digits scanned (one reduction per 16 bytes) and, for a bignum, the
 * quadratic conversion (as integer_to_binary) */
static hl_term_status bin_to_int(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term bin, hl_term base, hl_term *out) {
    if (hl_vm_trap_resuming(p, fn)) return hl_vm_big_from_text(p, fn, NULL, 0, 0, out);
    if (hl_is_binary_obj(bin) && hl_bits_size(bin) % 8 == 0 && hl_vm_big_digits_long(hl_bits_size(bin) / 8) &&
        hl_is_small(base) && hl_small_val(base) >= 2 && hl_small_val(base) <= 36) {
        /* long: parsed in steps (vm_bigop.h), from a copy of the bytes */
        const unsigned char *bytes;
        uint64_t off, bits;
        hl_bitstring_view(bin, &bytes, &off, &bits);
        size_t len = (size_t)(bits / 8);
        unsigned char *buf = hl_mem_alloc(len);
        if (!buf) return HL_TERM_NOMEM;
        const unsigned char *src = bytes + off / 8;
        unsigned sh = (unsigned)(off % 8);
        if (sh == 0) memcpy(buf, src, len);
        else for (size_t i = 0; i < len; i++) buf[i] = (unsigned char)((src[i] << sh) | (src[i + 1] >> (8 - sh)));
        p->bif_cost = bits >> 7;
        hl_term_status st = hl_vm_big_from_text(p, fn, buf, len, (unsigned)hl_small_val(base), out);
        hl_mem_free(buf);
        return st;
    }
    hl_term_status st = hl_bif_binary_to_integer(H, bin, base, out);
    if (hl_is_binary_obj(bin)) p->bif_cost = (hl_bits_size(bin) >> 7);
    if (st == HL_TERM_OK) p->bif_cost += hl_vm_big_cost(*out, *out, true);
    return st;
}
BIF(b_binary_to_integer1) { return bin_to_int(p, b_binary_to_integer1, a[0], hl_make_small(10), out); }
BIF(b_binary_to_integer2) { return bin_to_int(p, b_binary_to_integer2, a[0], a[1], out); }

const hl_vm_bif_reg hl_vm_bifs_bits[] = {
    {HL_BI_BINARY_PART2, b_binary_part2}, {HL_BI_BINARY_PART3, b_binary_part3},
    {HL_BI_SPLIT_BINARY, b_split_binary}, {HL_BI_LIST_TO_BINARY, hl_vm_bif_list_to_binary},
    {HL_BI_LIST_TO_BITSTRING, hl_vm_bif_list_to_bitstring}, {HL_BI_BINARY_TO_LIST1, b_binary_to_list1},
    {HL_BI_BINARY_TO_LIST3, b_binary_to_list3}, {HL_BI_IOLIST_TO_BINARY, hl_vm_bif_iolist_to_binary},
    {HL_BI_IOLIST_SIZE, hl_vm_bif_iolist_size}, {HL_BI_BITSTRING_TO_LIST, b_bitstring_to_list},
    {HL_BI_ATOM_TO_BINARY1, b_atom_to_binary1}, {HL_BI_ATOM_TO_BINARY2, b_atom_to_binary2},
    {HL_BI_INTEGER_TO_BINARY1, b_integer_to_binary1}, {HL_BI_INTEGER_TO_BINARY2, b_integer_to_binary2},
    {HL_BI_BINARY_TO_INTEGER1, b_binary_to_integer1}, {HL_BI_BINARY_TO_INTEGER2, b_binary_to_integer2},
};
const size_t hl_vm_bifs_bits_count = sizeof hl_vm_bifs_bits / sizeof hl_vm_bifs_bits[0];


