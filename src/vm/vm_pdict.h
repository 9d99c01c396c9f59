/* vm_pdict.h — what process_info (bif_proc.c) asks of the process
 * dictionary (bif_pdict.c). Internal to src/vm. */
#ifndef HL_VM_PDICT_H
#define HL_VM_PDICT_H

#include "vm/vm_internal.h"

/* Pairs process_info(P, dictionary) lists in one call (a builtin call stays
 * bounded); a larger dictionary gives error:system_limit there (get/0 in
 * the process itself has no bound: it yields). */
#define HL_VM_PDICT_INFO_MAX 4096

/* The pairs of a dictionary map (p->dict's shape, HL_NIL when empty) as
 * the list get/0 returns, built on p's heap: OK, SYSTEM_LIMIT past
 * HL_VM_PDICT_INFO_MAX pairs, or the allocation's status. Charged to p. */
hl_term_status hl_vm_pdict_list(hl_vm_proc *p, hl_term map, hl_term *out);

#endif
