/* test_atoms.h — the atom table a term-level test interns into (as an
 * engine owns one): created on first use, released at the end. */
#ifndef HL_TEST_ATOMS_H
#define HL_TEST_ATOMS_H

#include <stdlib.h>

#include "term/atom.h"

static hl_atom_table *test_atom_table;

static inline hl_atom_table *test_atoms(void) {
    if (!test_atom_table && !(test_atom_table = hl_atom_table_new(HL_ATOM_TABLE_MAX))) abort();
    return test_atom_table;
}
static inline size_t test_atom_count(void) { return hl_atom_table_count(test_atoms()); }
static inline void test_atoms_release(void) {
    hl_atom_table_release(test_atom_table);
    test_atom_table = NULL;
}

#endif
