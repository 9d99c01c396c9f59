/* bif_sort.h — the C core of lists:sort/1 (see bif_sort.c). */
#ifndef HL_VM_BIF_SORT_H
#define HL_VM_BIF_SORT_H

#include "vm/load.h"

/* Longest list erlang:hl_sort_run/1 sorts in one call (lib/lists.erl splits
 * longer ones and merges the sorted runs in Erlang). */
enum { HL_SORT_RUN_MAX = 8192 };

/* erlang:hl_sort_otp/1, hl_sort_run/1, hl_sort_take/1, hl_sort_merge/2, hl_sort_prep/3
 * (core/builtins.def, callable only by the stdlib; see bif_sort.c). */
hl_term_status hl_vm_bif_sort_run(struct hl_vm_proc *p, const hl_term *args, hl_term *out);
hl_term_status hl_vm_bif_sort_take(struct hl_vm_proc *p, const hl_term *args, hl_term *out);
hl_term_status hl_vm_bif_sort_merge(struct hl_vm_proc *p, const hl_term *args, hl_term *out);
hl_term_status hl_vm_bif_sort_prep(struct hl_vm_proc *p, const hl_term *args, hl_term *out);
hl_term_status hl_vm_bif_sort_otp(struct hl_vm_proc *p, const hl_term *args, hl_term *out);

#endif
