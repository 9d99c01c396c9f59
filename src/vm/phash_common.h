/* phash_common.h — what erlang:phash/2 (bif_phash1.c) and phash2/1,2
 * (bif_phash.c) read terms with the same way: an atom's hashpjw over its
 * name, and the bytes of a bitstring at any bit offset. */
#ifndef HL_VM_PHASH_COMMON_H
#define HL_VM_PHASH_COMMON_H

#include <stdint.h>

#include "term/atom.h"
#include "term/term.h"

/* hashpjw over the atom's name, a two-byte UTF-8 Latin-1 character taken
 * as its code point (erts hashes atoms that way since names became UTF-8). */
static inline uint32_t hl_phash_atom_pjw(hl_term atom) {
    size_t len;
    const unsigned char *p = (const unsigned char *)hl_atom_name(hl_atom_index(atom), &len);
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

#endif
