/* vm_lists.h — the yielding list builtins (vm/bif_lists.c), for bif.c's
 * table. */
#ifndef HL_VM_LISTS_H
#define HL_VM_LISTS_H

#include "vm/vm_internal.h"

hl_term_status hl_vm_bif_length(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_append(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_reverse1(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_reverse2(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_member(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_keyfind(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_tuple_to_list(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_subtract(hl_vm_proc *p, const hl_term *a, hl_term *out); /* bif_subtract.c */
hl_term_status hl_vm_bif_list_to_tuple(hl_vm_proc *p, const hl_term *a, hl_term *out);

#endif
