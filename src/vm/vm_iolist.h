/* vm_iolist.h — the yielding I/O-list builtins (vm/bif_iolist.c), for
 * vm_bits_bif.c's table. */
#ifndef HL_VM_IOLIST_H
#define HL_VM_IOLIST_H

#include "vm/vm_internal.h"

hl_term_status hl_vm_bif_list_to_binary(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_list_to_bitstring(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_iolist_to_binary(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_iolist_size(hl_vm_proc *p, const hl_term *a, hl_term *out);

#endif
