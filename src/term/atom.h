/* atom.h — the global atom table: a fixed static set plus per-program pools
 * that are released when the program is unloaded (invariant 1, see
 * docs/terms.md §3). Thread-safe: mutations and lookups take a mutex; names
 * of live atoms are read without it. */
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
    HL_ATOM_POOL_MAX = 1u << 20,           /* names per program */
    HL_ATOM_TABLE_MAX = 1u << 24,          /* global indices */
};

/* The text of atom `index` (not NUL-terminated) and its length. Valid while
 * the atom is alive (static, or held by a live pool). */
const char *hl_atom_name(uint32_t index, size_t *len);
/* A 32-bit hash of the atom's name: stable across runs and processes. */
uint32_t hl_atom_hash(uint32_t index);
/* Term order of two atoms (by UTF-8 bytes = code points): <0, 0, >0. */
int hl_atom_compare(uint32_t a, uint32_t b);

/* Number of atoms currently in the table (static + live pool names). */
size_t hl_atom_count(void);

/* Finds a static atom by name (for the runtime's own use; no pool). */
hl_term_status hl_atom_find_static(const char *name, size_t len, hl_term *out);

/* A program's pool. */
typedef struct hl_atom_pool hl_atom_pool;

/* Interns `count` names (names[i] of lens[i] bytes) as one pool. out[i] gets
 * the atom term of names[i] (duplicates in the input are fine). Errors:
 * SYSTEM_LIMIT (a name too long or not valid for an atom, too many names,
 * table full), NOMEM. On error nothing is retained. */
hl_term_status hl_atom_pool_new(const char *const *names, const size_t *lens, size_t count,
                                hl_term *out, hl_atom_pool **pool_out);
/* Releases a pool (NULL is fine): atoms no other pool holds leave the table. */
void hl_atom_pool_free(hl_atom_pool *pool);
/* list_to_existing_atom within a program: finds `name` only if it is a
 * static atom or in `pool`. BADARG otherwise. */
hl_term_status hl_atom_pool_lookup(const hl_atom_pool *pool, const char *name, size_t len,
                                   hl_term *out);
size_t hl_atom_pool_size(const hl_atom_pool *pool);

/* Extra references on one non-static atom (for terms that leave their
 * program); static atoms ignore these. Retain fails only when the atom is
 * not alive (BADARG). */
hl_term_status hl_atom_retain(hl_term atom);
void hl_atom_release(hl_term atom);

/* Frees the table's dynamic storage when no pool is alive (for leak-free
 * shutdown in tests and hosts); returns false (and does nothing) otherwise. */
bool hl_atom_table_shutdown(void);

#endif
