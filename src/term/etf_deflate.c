/* etf_deflate.c — the compressed External Term Format in steps (etf.h,
 * docs/etf.md "Guest builtins"): a zlib stream over an encoded body fed a
 * bounded slice per step, so term_to_binary/2 can yield between steps
 * and still give OTP's bytes. */
#include <string.h>

#include "base/mem.h"
#include "term/etf.h"
#include "term/etf_internal.h"

/* The body is fed to zlib a slice at a time with Z_NO_FLUSH and the last
 * slice with Z_FINISH: zlib's output does not depend on how its input is
 * split (deflate waits for a full lookahead before it decides anything
 * while flushing is not asked for), so the bytes are those of one call
 * over the whole body, which are OTP's. The output buffer holds at most
 * body - 5 bytes (OTP's rule): once zlib fills it before the end, the
 * compressed form cannot be kept and the step says so at once. */
struct hl_etf_deflate {
    z_stream zs;
    const uint8_t *body; /* not owned */
    size_t len;
    uint8_t *out;        /* 131, 80, size (4 bytes), then zlib's bytes */
    bool done, fits;
};

/* Input bytes per step at each level, from zlib's worst case measured on
 * this machine (CPU time per call, 256 KiB of a random sequence of the
 * bytes 0 and 1: every hash chain full, every candidate matching for a
 * while; about 0.02 us/byte at level 1, 0.1 at 6, 0.9 at 8, 2.5-3 at 9 on
 * average, several times that in the slowest stretches): the slowest step
 * at each level took 0.3-0.45 ms. The last step (Z_FINISH) also processes
 * the 262 bytes zlib holds back as lookahead until it is told the input
 * has ended, whatever the slice: up to about 1 ms at level 9 on that input,
 * once per call of term_to_binary. */
static const uint32_t deflate_slice[10] = {8192, 8192, 8192, 4096, 4096, 4096, 2048, 1024, 128, 32};

size_t hl_etf_deflate_slice(int level) { return deflate_slice[level < 0 ? 0 : level > 9 ? 9 : level]; }

void hl_etf_deflate_free(hl_etf_deflate *d) {
    if (!d) return;
    deflateEnd(&d->zs);
    hl_mem_free(d->out);
    hl_mem_free(d);
}

hl_term_status hl_etf_deflate_new(const uint8_t *body, size_t len, int level, hl_etf_deflate **out) {
    *out = NULL;
    if (len < 5 || len > UINT32_MAX) return HL_TERM_OK; /* nothing can be saved */
    hl_etf_deflate *d = hl_mem_calloc(1, sizeof *d);
    if (!d) return HL_TERM_NOMEM;
    d->out = hl_mem_alloc(len + 1); /* 6 header bytes + body - 5 */
    if (!d->out) {
        hl_mem_free(d);
        return HL_TERM_NOMEM;
    }
    d->zs.zalloc = hl_etf_zalloc;
    d->zs.zfree = hl_etf_zfree;
    if (deflateInit(&d->zs, level < 1 ? 1 : level > 9 ? 9 : level) != Z_OK) {
        hl_mem_free(d->out);
        hl_mem_free(d);
        return HL_TERM_NOMEM;
    }
    d->body = body, d->len = len;
    d->zs.next_out = d->out + 6;
    d->zs.avail_out = (uInt)(len - 5);
    *out = d;
    return HL_TERM_OK;
}

hl_term_status hl_etf_deflate_step(hl_etf_deflate *d, size_t max_in, bool *done) {
    if (!d->done) {
        size_t at = (size_t)d->zs.total_in, n = d->len - at < max_in ? d->len - at : max_in;
        d->zs.next_in = (Bytef *)(d->body + at);
        d->zs.avail_in = (uInt)n;
        bool last = at + n == d->len;
        int r = deflate(&d->zs, last ? Z_FINISH : Z_NO_FLUSH);
        if (r == Z_STREAM_END) {
            d->done = d->fits = true;
        } else if (r == Z_MEM_ERROR || r == Z_STREAM_ERROR) {
            return HL_TERM_NOMEM;
        } else if (d->zs.avail_out == 0 || last) {
            d->done = true; /* zlib needs more than body - 5 bytes: keep the plain form */
        }
    }
    *done = d->done;
    return HL_TERM_OK;
}

bool hl_etf_deflate_result(hl_etf_deflate *d, const uint8_t **bytes, size_t *n) {
    if (!d->done || !d->fits) return false;
    d->out[0] = HL_ETF_VERSION;
    d->out[1] = HL_ETF_COMPRESSED;
    hl_etf_put32(d->out + 2, (uint32_t)d->len);
    *bytes = d->out;
    *n = 6 + (size_t)d->zs.total_out;
    return true;
}

