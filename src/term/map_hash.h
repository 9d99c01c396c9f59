/* map_hash.h — the key hash that places keys in HAMT maps (OTP 25's
 * internal hash, so large maps iterate in OTP's order), in one call or as
 * a walk resumable between bounded pieces (for keys too large to hash in
 * one VM call: vm/vm_map.c). */
#ifndef HL_TERM_MAP_HASH_H
#define HL_TERM_MAP_HASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "term/term.h"

/* Work units of one key hash: one per node (a list cell, a tuple, an
 * immediate, ...), one per 16 bytes of a bitstring and one per 4 limbs of
 * a bignum (what each costs to hash, within a factor of two). A key that needs more than HL_MAP_HASH_MAX_WORK (2M units; a
 * 16 MiB binary fits) is refused: HL_TERM_BUDGET, which the VM raises as
 * system_limit (vm_map.h; docs/limits.md). Only a key made of shared
 * structure (a DAG whose tree has millions of leaves) can reach it under
 * the default heap. */
#define HL_MAP_HASH_MAX_WORK (UINT64_C(1) << 21)
#define HL_MAP_HASH_BIN_SHIFT 4

/* 32-bit hash of a map key; equal (=:=) keys hash equal. budget: work
 * units left, decremented as it goes (optional: NULL means
 * HL_MAP_HASH_MAX_WORK); HL_TERM_BUDGET when it runs out. NOMEM if the
 * walk stack cannot grow. */
hl_term_status hl_map_key_hash(hl_term key, uint64_t *budget, uint32_t *out);

/* The same hash as a walk that stops after about `budget` units and goes
 * on later. Between steps the walk holds no term outside its stack, a
 * run of (term, tag) pairs at (*v)[base .. *n) that the owner keeps as
 * collection roots (a collection may move every term between steps); the
 * rest of its state is plain numbers. grow(ctx) makes room for 2 more
 * words at *v (OK, or HEAP_LIMIT / NOMEM, the walk then stops). */
typedef struct hl_map_hash_walk {
    hl_term **v;
    size_t *n, *cap, base;
    hl_term_status (*grow)(void *ctx);
    void *ctx;
    uint32_t h;
    uint32_t ja, jb, jc; /* Jenkins' block state inside a binary */
    uint32_t sh, cnt;    /* the bytes of a list run not yet mixed in */
    uint64_t pos;        /* bytes of a binary / limbs of a bignum done */
    uint64_t units;      /* work done so far */
    uint64_t max;        /* work allowed in all (0 before start: HL_MAP_HASH_MAX_WORK) */
} hl_map_hash_walk;

/* Starts the walk over key (pushed at *n, which becomes the base); the
 * caller sets v, n, cap, grow, ctx and max. */
hl_term_status hl_map_hash_walk_start(hl_map_hash_walk *w, hl_term key);
/* Goes on for about `budget` more units (a piece ends at the first node,
 * 12-byte round or limb past it); *done when the hash is w->h. BUDGET once
 * the total passes HL_MAP_HASH_MAX_WORK, HEAP_LIMIT / NOMEM from grow. */
hl_term_status hl_map_hash_walk_step(hl_map_hash_walk *w, uint64_t budget, bool *done);

#endif
