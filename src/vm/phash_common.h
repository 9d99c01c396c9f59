/* phash_common.h — what erlang:phash/2 (bif_phash1.c) and phash2/1,2
 * (bif_phash.c) share: an atom's hashpjw over its name, the bytes of a
 * bitstring at any bit offset, and phash2's yielding walk (phash/2 hashes a
 * map by phash2's value of it, as erts does). */
#ifndef HL_VM_PHASH_COMMON_H
#define HL_VM_PHASH_COMMON_H

#include <stdint.h>

#include "term/atom.h"
#include "term/term.h"
#include "vm/vm_internal.h"

/* hashpjw over the atom's name, a two-byte UTF-8 Latin-1 character taken
 * as its code point (erts hashes atoms that way since names became UTF-8). */
static inline uint32_t hl_phash_atom_pjw(hl_term atom) {
    size_t len;
    const unsigned char *p = (const unsigned char *)hl_atom_name(atom, &len);
    uint32_t h = 0;
    for (size_t i = 0; i < len; i++) {
        uint32_t v = p[i];
        if (i + 1 < len && (v & 0xFE) == 0xC2 && (p[i + 1] & 0xC0) == 0x80) v = ((v << 6) | (p[++i] & 0x3F)) & 0xFF;
        h = (h << 4) + v;
        uint32_t g = h & 0xf0000000u;
        if (g) h ^= g >> 24, h ^= g;
    }
    return h;
}

/* Byte i of a bitstring that starts `off` bits into b and ends at bit
 * `end`; bits past end read as 0 and the byte after the data is never
 * touched (a trailing partial byte may end exactly at the allocation). */
static inline uint32_t hl_phash_bit_byte(const unsigned char *b, uint64_t off, uint64_t end, uint64_t i) {
    uint64_t bit = off + 8 * i;
    unsigned s = (unsigned)(bit & 7);
    uint32_t hi = b[bit >> 3];
    if (!s) return hi;
    uint32_t lo = ((bit >> 3) + 1) * 8 < end ? b[(bit >> 3) + 1] : 0;
    return ((hi << s) | (lo >> (8 - s))) & 0xFF;
}

/* Where a phash2 walk stands between calls: the hash so far, the xor of
 * the done pairs of the innermost map being hashed, and the mixing
 * registers of a bitstring in progress. */
typedef struct {
    uint32_t h, x, a, b, c;
} hl_phash2_regs;
typedef enum { HL_PHASH2_DONE, HL_PHASH2_YIELD, HL_PHASH2_FAIL } hl_phash2_step;

/* The registers in p->trap.n[0..2] (n[3] is left to the caller). */
void hl_phash2_save(hl_vm_proc *p, const hl_phash2_regs *r);
void hl_phash2_load(const hl_vm_proc *p, hl_phash2_regs *r);
/* erts' make_hash2 of t (or, resume, of what is pending) and of every
 * frame on p->trap.roots above `base`, r->h the hash so far: DONE (r->h the
 * value, the stack back at base), YIELD after about a quantum of *units
 * (the pending work on the stack above base; the caller saves r), or FAIL
 * with *st (BADARG for a fun, HEAP_LIMIT or NOMEM for the stack). */
hl_phash2_step hl_phash2_walk(hl_vm_proc *p, hl_term t, bool resume, size_t base, hl_phash2_regs *r, uint64_t *units,
                              hl_term_status *st);

#endif
