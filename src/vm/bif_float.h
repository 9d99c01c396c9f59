/* bif_float.h — the float text builtins (bif_float.c), registered in
 * bif.c's table: float_to_list/1,2, float_to_binary/1,2, list_to_float/1,
 * binary_to_float/1. */
#ifndef HL_VM_BIF_FLOAT_H
#define HL_VM_BIF_FLOAT_H

#include "vm/vm_internal.h"

hl_term_status hl_vm_bif_float_to_list1(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_float_to_list2(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_float_to_binary1(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_float_to_binary2(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_list_to_float(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_binary_to_float(hl_vm_proc *p, const hl_term *a, hl_term *out);

#endif
