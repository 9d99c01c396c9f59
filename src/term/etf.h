/* etf.h — the External Term Format (term_to_binary/binary_to_term of OTP 25):
 * encoding every term type the layer has, with the tags OTP emits, and the
 * compressed form; decoding of hostile bytes with every size checked before
 * anything is allocated (invariants 4, 5, 6; design in docs/etf.md).
 *
 * Atoms and decoding: decoding never creates an atom. An atom in the input
 * resolves through the caller's policy: by default (no resolver) a name
 * resolves only if it is a static atom or in the given program pool
 * (hl_atom_pool_lookup: binary_to_term(B, [safe]) restricted to what that
 * program can name); anything else is refused (badarg, "unknown atom"). A
 * host that must accept arbitrary names collects them first with
 * hl_etf_scan_atoms, builds an hl_atom_pool of its own for the run, and
 * decodes with that pool — so every atom that appears is owned by a pool
 * that is released with the run, and the global table never grows. */
#ifndef HL_TERM_ETF_H
#define HL_TERM_ETF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "term/atom.h"
#include "term/heap.h"
#include "term/term.h"

/* Tags (erts external format). */
enum {
    HL_ETF_VERSION = 131,
    HL_ETF_COMPRESSED = 80,
    HL_ETF_NEW_FLOAT = 70,
    HL_ETF_BIT_BINARY = 77,
    HL_ETF_DIST_HEADER = 68,
    HL_ETF_ATOM_CACHE_REF = 82,
    HL_ETF_NEW_PID = 88,
    HL_ETF_NEW_PORT = 89,
    HL_ETF_NEWER_REFERENCE = 90,
    HL_ETF_SMALL_INTEGER = 97,
    HL_ETF_INTEGER = 98,
    HL_ETF_FLOAT = 99,
    HL_ETF_ATOM = 100,
    HL_ETF_REFERENCE = 101,
    HL_ETF_PORT = 102,
    HL_ETF_PID = 103,
    HL_ETF_SMALL_TUPLE = 104,
    HL_ETF_LARGE_TUPLE = 105,
    HL_ETF_NIL = 106,
    HL_ETF_STRING = 107,
    HL_ETF_LIST = 108,
    HL_ETF_BINARY = 109,
    HL_ETF_SMALL_BIG = 110,
    HL_ETF_LARGE_BIG = 111,
    HL_ETF_NEW_FUN = 112,
    HL_ETF_EXPORT = 113,
    HL_ETF_NEW_REFERENCE = 114,
    HL_ETF_SMALL_ATOM = 115,
    HL_ETF_MAP = 116,
    HL_ETF_FUN = 117,
    HL_ETF_ATOM_UTF8 = 118,
    HL_ETF_SMALL_ATOM_UTF8 = 119,
    HL_ETF_V4_PORT = 120,
    HL_ETF_LOCAL = 121,
};

/* Why an encode or decode failed: a static string for the host, and the
 * byte offset in the input where decoding stopped (0 for encode). */
typedef struct hl_etf_error {
    const char *reason;
    size_t offset;
} hl_etf_error;

/* An atom policy: resolve name (UTF-8, validated, ≤ 255 code points) to an
 * atom term, or return BADARG to refuse it. Must not create global atoms
 * that outlive the caller's pools. */
typedef hl_term_status (*hl_etf_atom_fn)(void *ctx, const char *name, size_t len, hl_term *out);

enum {
    HL_ETF_DEFAULT_MAX_WORDS = 1u << 24,         /* 128 MiB of decoded terms */
    HL_ETF_DEFAULT_MAX_UNCOMPRESSED = 64u << 20, /* declared size of a compressed body */
    HL_ETF_DEFAULT_MAX_DEPTH = 1u << 20,         /* open containers while decoding */
};

typedef struct hl_etf_decode_opts {
    const hl_atom_pool *pool; /* atoms: static ones and this pool's (NULL: static only) */
    hl_etf_atom_fn atom_fn;   /* when set, replaces the pool policy */
    void *atom_ctx;
    size_t max_words;        /* budget on the decoded size in heap words (0: default);
                                off-heap binary bytes count too (8 per word) */
    size_t max_uncompressed; /* cap on a compressed body's declared size (0: default) */
    size_t max_depth;        /* open containers (0: default); tail positions are free */
} hl_etf_decode_opts;

/* binary_to_term: decodes one term (version byte first) from buf into h.
 * *used (optional) gets the bytes consumed (trailing bytes are allowed, as
 * in OTP). Errors: BADARG (malformed input, an unknown atom, a refused type:
 * funs, pids, ports, references), SYSTEM_LIMIT (over a budget or a layer
 * limit: bignums above HL_BIG_MAX_BITS), HEAP_LIMIT,
 * NOMEM. err (optional) says why. Nothing is left referenced on failure. */
hl_term_status hl_etf_decode(hl_heap *h, const uint8_t *buf, size_t len,
                             const hl_etf_decode_opts *opts, hl_term *out, size_t *used,
                             hl_etf_error *err);

/* Calls fn for every distinct-or-not atom name in a valid encoding (after
 * the same validation as decoding, UTF-8 names), without decoding it: a
 * host builds a pool from these names and then decodes with it. fn may
 * return non-OK to stop (that status is returned). */
typedef hl_term_status (*hl_etf_name_fn)(void *ctx, const char *name, size_t len);
hl_term_status hl_etf_scan_atoms(const uint8_t *buf, size_t len, const hl_etf_decode_opts *opts,
                                 hl_etf_name_fn fn, void *ctx, hl_etf_error *err);

typedef struct hl_etf_encode_opts {
    int compress;    /* zlib level 0..9 ({compressed, N}); 0 = not compressed;
                        [compressed] is 6. Kept only when smaller, like OTP. */
    bool utf8_atoms; /* {minor_version, 2}: atoms always as ATOM_UTF8 tags */
    bool text_floats; /* {minor_version, 0}: floats as FLOAT_EXT ("%.20e" text) */
    bool deterministic; /* [deterministic]: pairs of maps above 32 keys in map-key order */
} hl_etf_encode_opts;

/* term_to_binary: appends the encoding of t (version byte first) to out,
 * whose limit bounds the output (SYSTEM_LIMIT past it). BADARG for funs,
 * pids, ports, references and other handles (they never cross, invariant
 * 5). On failure
 * out is restored to its previous length. opts may be NULL. */
hl_term_status hl_etf_encode(hl_term t, const hl_etf_encode_opts *opts, hl_buf *out,
                             hl_etf_error *err);

/* Encoding in steps (term_to_binary yields between them). The pending
 * work is a stack of term pairs the caller keeps where its collector sees
 * them (a guest's: the process's trap roots): the encoder reads and pops
 * (*items)[0 .. *n) in place and appends through push2 (which may move
 * *items, and may refuse: NOMEM, HEAP_LIMIT). Between steps a collection
 * may move every term; nothing else is kept but iterator positions. */
typedef struct hl_etf_roots {
    hl_term **items;
    size_t *n;
    hl_term_status (*push2)(void *ctx, hl_term a, hl_term b);
    void *ctx;
} hl_etf_roots;

typedef struct hl_etf_enc {
    hl_buf *out; /* appended to; its limit bounds the encoding (SYSTEM_LIMIT) */
    hl_etf_roots roots;
    bool utf8_atoms, text_floats, deterministic;
    uint64_t scan_n;  /* the list scan in progress (one at a time) */
    bool scan_bytes;
    struct hl_map_iter *iters; /* hashmaps being walked, innermost last */
    size_t niters, iters_cap;
    const char *why;          /* why a step failed */
    hl_term_status fail_st;
    bool over_limit;          /* it failed on out->limit */
} hl_etf_enc;

/* The options' compress field is ignored here (see hl_etf_deflate_*). */
void hl_etf_enc_init(hl_etf_enc *e, const hl_etf_encode_opts *opts, hl_buf *out, const hl_etf_roots *roots);
/* Writes the version byte and pushes t. */
hl_term_status hl_etf_enc_start(hl_etf_enc *e, hl_term t);
/* Goes on for about `budget` work units (an entry, a list cell scanned or a
 * byte written is one; the only larger steps: a STRING_EXT's bytes, at most
 * 65,535, and a [deterministic] map's sort, under the comparison budget);
 * *units gets what was done, *done whether the encoding is complete. Any
 * error ends the encoding (BADARG, SYSTEM_LIMIT, NOMEM, HEAP_LIMIT from
 * push2); e->why says why. */
hl_term_status hl_etf_enc_step(hl_etf_enc *e, uint64_t budget, uint64_t *units, bool *done);
void hl_etf_enc_release(hl_etf_enc *e);

/* Compression in steps (term_to_binary/2 yields between them): a stream
 * over body (the encoding after its version byte; not copied, it must stay
 * put until freed) at level 1..9. *out is NULL, and OK returned, when the
 * body is too short for compression to pay (under 5 bytes). NOMEM. */
typedef struct hl_etf_deflate hl_etf_deflate;
hl_term_status hl_etf_deflate_new(const uint8_t *body, size_t len, int level, hl_etf_deflate **out);
/* Feeds zlib at most max_in more bytes of the body; *done once the stream
 * has ended or cannot fit (OK), NOMEM when zlib fails. The bytes are the
 * same however the body is split. */
hl_term_status hl_etf_deflate_step(hl_etf_deflate *d, size_t max_in, bool *done);
/* After *done: the whole compressed encoding (131, 80, size, zlib's bytes),
 * valid until d is freed; false when it would not be smaller than the plain
 * one by the 5 header bytes (OTP then returns the plain encoding). */
bool hl_etf_deflate_result(hl_etf_deflate *d, const uint8_t **bytes, size_t *len);
void hl_etf_deflate_free(hl_etf_deflate *d);
/* Input bytes per step at a level: zlib's measured worst case keeps a step
 * to a fraction of a millisecond. */
size_t hl_etf_deflate_slice(int level);

#endif
