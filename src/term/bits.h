/* bits.h — bit-level building blocks for bitstrings, shared by the bit
 * syntax (vm/vm_bits.c) and the binary builtins: reading and writing bit
 * fields at any bit offset (Erlang's order: the most significant bit of the
 * first byte comes first), bit copies, and a builder that allocates a
 * bitstring of a known size (heap or refcounted, docs/terms.md §1) before
 * it is filled, so filling can never fail. */
#ifndef HL_TERM_BITS_H
#define HL_TERM_BITS_H

#include <stdint.h>

#include "term/heap.h"
#include "term/term.h"

/* The largest bitstring one construction or builtin makes (16 MiB: copying
 * it stays around a millisecond); beyond it, system_limit. */
#define HL_BIN_MAX_BYTES (UINT64_C(16) << 20)
#define HL_BIN_MAX_BITS (HL_BIN_MAX_BYTES * 8)

/* Reads n (1..8) bits at bit offset off. */
static inline unsigned hl_bits_get8(const uint8_t *s, uint64_t off, unsigned n) {
    const uint8_t *b = s + (off >> 3);
    unsigned sh = (unsigned)(off & 7);
    unsigned w = (unsigned)b[0] << 8;
    if (sh + n > 8) w |= b[1]; /* only when the field really spans two bytes */
    return (w >> (16 - sh - n)) & ((1u << n) - 1);
}

/* ORs the low n (1..8) bits of v in at bit offset off (the destination
 * bits must be zero: builders start zeroed). */
static inline void hl_bits_put8(uint8_t *d, uint64_t off, unsigned v, unsigned n) {
    uint8_t *b = d + (off >> 3);
    unsigned sh = (unsigned)(off & 7);
    unsigned w = (v & ((1u << n) - 1)) << (16 - sh - n);
    b[0] |= (uint8_t)(w >> 8);
    if (sh + n > 8) b[1] |= (uint8_t)w;
}

/* Copies n bits from s at soff to the zeroed destination d at doff. */
void hl_bits_copy(uint8_t *d, uint64_t doff, const uint8_t *s, uint64_t soff, uint64_t n);
/* Sets n bits at off to 1 (a zeroed destination's runs of ones). */
void hl_bits_fill_ones(uint8_t *d, uint64_t off, uint64_t n);

/* Bit size of a bitstring term. */
static inline uint64_t hl_bits_size(hl_term t) {
    const hl_term *p = hl_boxed_ptr(t);
    return hl_header_subtag(p[0]) == HL_SUB_SUB_BIN ? p[3] : p[1] * 8;
}

/* A bitstring being built: hl_bin_build_begin allocates everything (zeroed
 * bytes), the caller writes data[0 .. bits), hl_bin_build_finish returns the
 * term and cannot fail. */
typedef struct hl_bin_builder {
    uint8_t *data;
    uint64_t bits;
    hl_term bin;     /* the HEAP_BIN or REFC_BIN */
    hl_term *sub;    /* 4 words for the SUB_BIN when bits % 8 != 0, else NULL */
} hl_bin_builder;

/* HEAP_LIMIT (checked before the host allocation, so a huge binary never
 * reaches malloc past the limit), NOMEM, SYSTEM_LIMIT above HL_BIN_MAX_BITS. */
hl_term_status hl_bin_build_begin(hl_heap *h, uint64_t bits, hl_bin_builder *b);
hl_term hl_bin_build_finish(const hl_bin_builder *b);

/* Appending in place (OTP's writable binaries): `<<Acc/binary, ...>>` where
 * Acc is a refcounted binary whose view ends where its buffer's claimed part
 * ends may write the new bytes into the buffer's spare room and return a new,
 * longer view of the same buffer; every older view still sees only its own
 * bytes, so terms stay immutable. The claim is an atomic compare-and-swap on
 * the buffer's `used` mark, so views shared between processes are safe.
 * On success b is ready for bits [left_bits, left_bits + add_bits) and
 * finishes to the new view; false when it does not apply (b untouched). */
hl_term_status hl_bin_append_begin(hl_heap *h, hl_term left, uint64_t add_bits, hl_bin_builder *b, bool *done);
/* As hl_bin_build_begin, with room to grow in place when the result is a
 * refcounted binary (about half its size again, within the heap limit). */
hl_term_status hl_bin_build_begin_growable(hl_heap *h, uint64_t bits, hl_bin_builder *b);

/* A sub-binary of t (a bitstring) from bit `off` (relative to t), `bits`
 * long; never copies; returns t itself when the slice is all of it. */
hl_term_status hl_bits_slice(hl_heap *h, hl_term t, uint64_t off, uint64_t bits, hl_term *out);

#endif
