/* vm_bits.h — the bit syntax instructions' out-of-line bodies (vm_bits.c)
 * and the binary builtins (vm_bits_bif.c). */
#ifndef HL_VM_VM_BITS_H
#define HL_VM_VM_BITS_H

#include <stdbool.h>
#include <stdint.h>

#include "term/term.h"
#include "vm/vm.h"
#include "vm/vm_internal.h"

/* Private status of bs_get: the segment does not match (take the fail label). */
#define HL_VM_BS_NOMATCH ((hl_term_status)101)

/* bs_create: K groups of threaded operands (desc, value, size) at segs;
 * base is the interpreter's operand base table. May return HEAP_LIMIT
 * (collect and retry), BADARG, SYSTEM_LIMIT, NOMEM. Sets p->bif_cost. */
hl_term_status hl_vm_bs_create(hl_vm_proc *p, hl_term *const *base, const hl_tword *segs, uint32_t k,
                               hl_term *out);
/* bs_get: one segment of bin at *pos; on OK *out (unless skipping) and
 * *pos advance; HL_VM_BS_NOMATCH; HEAP_LIMIT; BADARG (not a bitstring or a
 * bad position: only a hostile image gets there); SYSTEM_LIMIT. */
hl_term_status hl_vm_bs_get(hl_vm_proc *p, hl_term bin, hl_term *pos, uint32_t desc, hl_term size, hl_term *out);
bool hl_vm_bs_at_end(hl_term bin, hl_term pos);


#endif
