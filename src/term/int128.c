/* int128.c — building integer terms from 128-bit values (see int128.h). */
#include "term/int128.h"

hl_term_status hl_int_make_i128(hl_heap *h, hl_i128 v, hl_term *out) {
    if (v >= HL_SMALL_MIN && v <= HL_SMALL_MAX) {
        *out = hl_make_small((int64_t)v);
        return HL_TERM_OK;
    }
    bool neg = v < 0;
    __extension__ unsigned __int128 m = neg ? -(unsigned __int128)v : (unsigned __int128)v;
    uint64_t lo = (uint64_t)m, hi = (uint64_t)(m >> 64);
    size_t n = hi ? 2 : 1;
    hl_term *p;
    hl_term_status st = hl_heap_alloc(h, n + 1, &p);
    if (st != HL_TERM_OK) return st;
    p[0] = hl_make_header(neg ? HL_SUB_NEG_BIG : HL_SUB_POS_BIG, n);
    p[1] = lo;
    if (hi) p[2] = hi;
    *out = hl_make_boxed(p);
    return HL_TERM_OK;
}
