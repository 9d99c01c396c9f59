/* atom.h — atoms: a fixed static set shared by everything (an immutable
 * table), plus atom tables each owned by one engine (docs/design.md, shared
 * state): per-program pools intern names into their table and release them
 * when the program is unloaded (invariant 1, see docs/terms.md §3).
 *
 * An atom term is self-describing: its payload is a static index
 * (< HL_ATOM_STATIC_COUNT) or the address of its immutable table entry, so
 * names, hashes and term order need no table and no lock. A table's mutex
 * guards interning and reference counts only. Within one table a name has
 * one entry, so equal atoms are equal words. */
#ifndef HL_TERM_ATOM_H
#define HL_TERM_ATOM_H

#include <stddef.h>
#include <stdint.h>

#include "term/atom_static.h"
#include "term/term.h"

enum hl_atom_static_index {
#define HL_ATOM_X_ENUM(c, s) HL_ATOM_IDX_##c,
    HL_ATOM_STATIC_LIST(HL_ATOM_X_ENUM)
#undef HL_ATOM_X_ENUM
    HL_ATOM_STATIC_COUNT
};
/* Static atoms as terms: HL_AM(ok), HL_AM(true), ... */
#define HL_AM(c) (((hl_term)HL_ATOM_IDX_##c << HL_IMM_SHIFT) | HL_IMM_ATOM)

enum {
    HL_ATOM_MAX_CHARS = 255,               /* OTP's limit, in code points */
    HL_ATOM_MAX_BYTES = 4 * 255,           /* UTF-8 */
    HL_ATOM_POOL_MAX = 1u << 20,           /* names per pool */
    HL_ATOM_TABLE_MAX = 1u << 22,          /* default dynamic atoms per table
                                              (an engine's; hl_engine_set_limit) */
    HL_ATOM_TABLE_MAX_LIMIT = 1u << 28,    /* the most a table may be given */
};

/* Which bound refused a pool (with SYSTEM_LIMIT). */
typedef enum hl_atom_fault {
    HL_ATOM_FAULT_NONE = 0,
    HL_ATOM_FAULT_NAME,       /* a name too long, or too many names */
    HL_ATOM_FAULT_QUOTA,      /* the pool's own quota */
    HL_ATOM_FAULT_TABLE_FULL, /* the table's limit */
} hl_atom_fault;

/* The text of an atom (not NUL-terminated) and its length. Valid while the
 * atom is alive (static, or held by a live pool or retain). Lock-free. */
const char *hl_atom_name(hl_term atom, size_t *len);
/* A 32-bit hash of the atom's name: stable across runs, processes and
 * tables. */
uint32_t hl_atom_hash(hl_term atom);
/* Term order of two atoms (by UTF-8 bytes = code points): <0, 0, >0. */
int hl_atom_compare(hl_term a, hl_term b);
/* True for the static atoms (shared by every table). */
bool hl_atom_is_static(hl_term atom);

/* Finds a static atom by name (for the runtime's own use; no table). */
hl_term_status hl_atom_find_static(const char *name, size_t len, hl_term *out);

/* ---- tables ---- */

typedef struct hl_atom_table hl_atom_table;

/* A new table holding at most `max_atoms` dynamic atoms at once (the static
 * ones are always there and do not count). NULL when out of memory. The
 * caller holds one reference. */
hl_atom_table *hl_atom_table_new(size_t max_atoms);
/* Drops the creator's reference. The table's memory goes when no pool and
 * no retained atom holds it either. NULL is fine. */
void hl_atom_table_release(hl_atom_table *t);
/* One more reference (tests and tools that watch a table outlive its
 * owner); dropped with hl_atom_table_release. */
void hl_atom_table_retain(hl_atom_table *t);
/* Number of atoms currently in the table (static + live dynamic). */
size_t hl_atom_table_count(hl_atom_table *t);
/* The table's limit on dynamic atoms. */
size_t hl_atom_table_max(hl_atom_table *t);
/* Changes the limit (atoms already in stay; only new names are refused). */
void hl_atom_table_set_max(hl_atom_table *t, size_t max_atoms);

/* A pool: the atoms one program (or one run's host arguments) holds. */
typedef struct hl_atom_pool hl_atom_pool;

/* Interns `count` names (names[i] of lens[i] bytes) into `t` as one pool.
 * out[i] gets the atom term of names[i] (duplicates in the input are fine).
 * Errors: SYSTEM_LIMIT (a name too long or not valid for an atom, too many
 * names, table full), NOMEM. On error nothing is retained. */
hl_term_status hl_atom_pool_new(hl_atom_table *t, const char *const *names, const size_t *lens,
                                size_t count, hl_term *out, hl_atom_pool **pool_out);
/* hl_atom_pool_new where the pool may hold at most `quota` distinct
 * non-static atoms. On SYSTEM_LIMIT, *fault (may be NULL) says which bound
 * refused it. */
hl_term_status hl_atom_pool_new_quota(hl_atom_table *t, size_t quota, const char *const *names,
                                      const size_t *lens, size_t count, hl_term *out,
                                      hl_atom_pool **pool_out, hl_atom_fault *fault);
/* Releases a pool (NULL is fine): atoms no other holder keeps leave the
 * table. */
void hl_atom_pool_free(hl_atom_pool *pool);
/* list_to_existing_atom within a program: finds `name` only if it is a
 * static atom or in `pool` (NULL: static atoms only). BADARG otherwise. */
hl_term_status hl_atom_pool_lookup(const hl_atom_pool *pool, const char *name, size_t len,
                                   hl_term *out);
/* Distinct non-static atoms the pool holds. */
size_t hl_atom_pool_size(const hl_atom_pool *pool);
/* The table the pool interns into. */
hl_atom_table *hl_atom_pool_table(const hl_atom_pool *pool);

/* True when `atom` is static or one of `pool`'s (by identity; lock-free). */
bool hl_atom_pool_holds(const hl_atom_pool *pool, hl_term atom);

/* ---- host atoms ---- */

/* An atom the host names (hl_value_atom, hl_value_parse) that no program
 * need contain: an entry in no table, holding one reference for the caller
 * (hl_atom_release). The name must be strict UTF-8 of at most 255 code
 * points (BADARG otherwise); a static name gives the static atom. Such an
 * atom never enters a process: a call's arguments are re-interned by name
 * into the program's table (host/host_atoms.c). */
hl_term_status hl_atom_host_new(const char *name, size_t len, hl_term *out);

/* Extra references on one non-static atom (for terms that leave their
 * program: host values); static atoms ignore these. A retained atom keeps
 * its entry and its table's memory alive. Retain fails only when the atom
 * is not alive (BADARG) or its count would overflow. */
hl_term_status hl_atom_retain(hl_term atom);
void hl_atom_release(hl_term atom);

#endif
