/* etf_internal.h — helpers shared by the ETF encoder and decoder: zlib
 * allocation through hl_mem (fault injection, no hidden allocator) and
 * big-endian byte access. Private to src/term/etf_*.c. */
#ifndef HL_TERM_ETF_INTERNAL_H
#define HL_TERM_ETF_INTERNAL_H

#include <stdint.h>
#include <zlib.h>

#include "base/mem.h"

static inline voidpf hl_etf_zalloc(voidpf opaque, uInt items, uInt size) {
    (void)opaque;
    return hl_mem_calloc(items, size);
}
static inline void hl_etf_zfree(voidpf opaque, voidpf p) {
    (void)opaque;
    hl_mem_free(p);
}

static inline uint32_t hl_etf_get16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }
static inline uint32_t hl_etf_get32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static inline void hl_etf_put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

#endif
