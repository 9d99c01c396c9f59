/* vm_map.h — out-of-line bodies of the map instructions (put_map_assoc,
 * put_map_exact, get_map_elements; docs/bytecode.md §3), kept out of the
 * interpreter's hot loop. They work only through the generic map interface
 * (term/map.h), so large (HAMT) maps need no change here. */
#ifndef HL_VM_MAP_H
#define HL_VM_MAP_H

#include <stdbool.h>

#include "term/map.h"
#include "vm/vm_internal.h"

/* What the interpreter does next. */
enum {
    HL_VM_MAP_DONE,   /* destination(s) written: next instruction */
    HL_VM_MAP_FAIL,   /* jump to the instruction's fail label */
    HL_VM_MAP_RAISED, /* *st is what hl_vm_raise* returned (after_raise) */
    HL_VM_MAP_FAULT,  /* *st is a fault: leave the interpreter */
    HL_VM_MAP_TRAP,   /* a piece of a key's hash done: a preemption point, then the instruction again */
    HL_VM_MAP_GC,     /* no room for the hashing state: collect, then the instruction again */
};

/* The work of hashing (and comparing) `key` in a map operation, charged
 * before the operation: one reduction per 16 units of hl_map_key_hash
 * (term/map_hash.h: a node, or 16 bytes of binary), added to *units. O(1)
 * for immediates, small flat tuples and binaries (their units are their
 * size); any other key is walked once here (the map layer then walks it
 * again: the charge covers both within a factor of two). SYSTEM_LIMIT for a key over HL_MAP_HASH_MAX_WORK units (shared
 * structure whose tree has millions of leaves): such a key is never hashed.
 * Without this charge a key of K+1 heap objects and 2^K leaves hashed for
 * seconds for one reduction. */
hl_term_status hl_vm_map_key_work(hl_term key, uint64_t *units);
/* Charges `units` of key work to p->bif_cost. */
static inline void hl_vm_map_key_charge(hl_vm_proc *p, uint64_t units) { p->bif_cost += units >> 4; }

/* Reductions one operation on `map` costs beyond its instruction or
 * builtin call, by the map's size: nothing on a flat map; on a hash map a
 * lookup walks log16(n) nodes scattered over a large heap (cache misses)
 * and a store also copies them and leaves them as garbage for the
 * collector. Measured on this machine: a put into a 300k-key map ~3 µs, a
 * 1M-key map ~4.7 µs, which was one reduction. */
enum { HL_VM_MAP_LOOKUP, HL_VM_MAP_STORE };
static inline uint64_t hl_vm_map_op_cost(hl_term map, int op) {
    if (hl_is_flatmap(map)) return 0;
    uint64_t bits = 64 - (uint64_t)__builtin_clzll((unsigned long long)hl_hashmap_size(map) | 1);
    return op == HL_VM_MAP_LOOKUP ? bits >> 2 : 2 + (bits >> 1);
}

/* ---- keys hashed in pieces (vm_map.c) ----
 * A map operation first makes sure every key it was given that is not
 * O(1) to hash has its hash: computed in the call when it takes at most
 * HL_VM_MAP_KEY_INLINE units, otherwise by a walk (term/map_hash.h) that
 * advances HL_VM_MAP_KEY_PIECE units per call, yielding between pieces
 * like a trapping builtin (vm_trap.h: trap.fn is the builtin or
 * hl_vm_map_instr_marker; the pairs (key, hash) and the walk's stack are
 * on the trap's root stack, the walk's numbers in trap.buf). The
 * operation then runs under a context holding those hashes (term/map.h);
 * if it needs the hash of a key already in the map (a split of a HAMT
 * leaf, a flat map becoming a HAMT) that is as large, it stops and that
 * key is hashed the same way. So no call hashes more than about a piece
 * (8,192 units: ~0.1 ms of a tree, ~0.25 ms of a 128 KiB binary stretch), and every piece is charged (1 reduction per 16 units). */
#define HL_VM_MAP_KEY_INLINE (UINT64_C(1) << 12)
/* Comparison work (term/compare.h units) one map operation may do on its
 * keys in the call; a comparison that needs more (a key equal to a stored
 * huge key built apart) is done by the comparison walk of bif_compare.c,
 * a quarter quantum per call, and the operation runs again with its
 * answer (vm_map.c). */
#define HL_VM_MAP_CMP_INLINE (UINT64_C(1) << 14)
#define HL_VM_MAP_KEY_PIECE (UINT64_C(1) << 13)
/* The trap state's counters (vm_map.c; tests look at them): a key's hash
 * walk runs while trap.n[HL_VM_MAP_N_WALKING] is set, a key comparison's
 * walk while trap.n[HL_VM_MAP_N_CMP] is HL_VM_MAP_CMP_WALKING. */
enum { HL_VM_MAP_N_HINTS = 2, HL_VM_MAP_N_WALKING = 3, HL_VM_MAP_N_CMP = 5, HL_VM_MAP_CMP_WALKING = 1 };
/* The trap marker of the map instructions (they have no builtin). */
hl_term_status hl_vm_map_instr_marker(hl_vm_proc *p, const hl_term *a, hl_term *out);
/* Before an operation of fn on `map` (op: HL_VM_MAP_LOOKUP / STORE) with
 * keys[0..k): OK with *cx ready (and hl_vm_map_op_cost charged), or
 * HL_VM_BIF_TRAP (a piece done: call again with the same arguments),
 * HEAP_LIMIT, NOMEM (nothing kept). */
hl_term_status hl_vm_map_begin(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term map, const hl_term *keys, size_t k, int op,
                               hl_map_ctx *cx);
/* After the operation, st its status: when it stopped for a key's hash
 * (cx->need) that key's walk starts and HL_VM_BIF_TRAP is returned;
 * otherwise the hashing is charged, the state dropped and st returned. */
hl_term_status hl_vm_map_end(hl_vm_proc *p, hl_vm_bif_fn fn, hl_map_ctx *cx, hl_term_status st);
/* A key of the operation whose hash passed HL_MAP_HASH_MAX_WORK: for a
 * put SYSTEM_LIMIT; otherwise *absent when the map hashes (no put let
 * such a key in a hash map; a flat map compares). OK, *absent false, for
 * any other key. */
hl_term_status hl_vm_map_key_over(const hl_map_ctx *cx, hl_term map, hl_term key, bool put, bool *absent);

/* One operation on `map` with `key`: charges hl_vm_map_key_work and
 * hl_vm_map_op_cost to p->bif_cost. A key too large to hash: for a lookup
 * (and update and remove: put = false) *absent on a hash map (no put let
 * it in) and on a flat map the operation goes on (a flat map compares
 * rather than hashes); for a put, SYSTEM_LIMIT. NOMEM if the walk's stack
 * cannot grow. */
hl_term_status hl_vm_map_key_check(hl_vm_proc *p, hl_term map, hl_term key, int op, bool put, bool *absent);

/* put_map_assoc (exact = false) / put_map_exact at pc. The interpreter's
 * state must be saved (it may collect, with the instruction's live x
 * registers as roots, and raise); base is its operand table (x, frame,
 * constants). Adds the reductions the work costs to p->bif_cost. */
int hl_vm_map_put(hl_vm_proc *p, hl_term *const *base, const hl_tword *pc, bool exact, hl_vm_status *st);

/* get_map_elements at pc: DONE, FAIL, or FAULT (out of memory while
 * comparing keys). Never allocates on the heap, never collects. */
int hl_vm_map_get(hl_vm_proc *p, hl_term *const *base, const hl_tword *pc, hl_vm_status *st);

#endif
