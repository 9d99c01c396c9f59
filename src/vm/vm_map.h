/* vm_map.h — out-of-line bodies of the map instructions (put_map_assoc,
 * put_map_exact, get_map_elements; docs/bytecode.md §3), kept out of the
 * interpreter's hot loop. They work only through the generic map interface
 * (term/map.h), so large (HAMT) maps need no change here. */
#ifndef HL_VM_MAP_H
#define HL_VM_MAP_H

#include <stdbool.h>

#include "vm/vm_internal.h"

/* What the interpreter does next. */
enum {
    HL_VM_MAP_DONE,   /* destination(s) written: next instruction */
    HL_VM_MAP_FAIL,   /* jump to the instruction's fail label */
    HL_VM_MAP_RAISED, /* *st is what hl_vm_raise* returned (after_raise) */
    HL_VM_MAP_FAULT,  /* *st is a fault: leave the interpreter */
};

/* put_map_assoc (exact = false) / put_map_exact at pc. The interpreter's
 * state must be saved (it may collect, with the instruction's live x
 * registers as roots, and raise); base is its operand table (x, frame,
 * constants). Adds the reductions the work costs to p->bif_cost. */
int hl_vm_map_put(hl_vm_proc *p, hl_term *const *base, const hl_tword *pc, bool exact, hl_vm_status *st);

/* get_map_elements at pc: DONE, FAIL, or FAULT (out of memory while
 * comparing keys). Never allocates on the heap, never collects. */
int hl_vm_map_get(hl_vm_proc *p, hl_term *const *base, const hl_tword *pc, hl_vm_status *st);

#endif
