/* vm_std.h — the stdlib's C builtins kept out of bif.c (vm/bif_std.c):
 * erlang's tuple builders and conversions, raise/3, math. bif.c's lookup
 * falls back to this table. */
#ifndef HL_VM_STD_H
#define HL_VM_STD_H

#include "vm/vm_internal.h"

typedef struct hl_vm_bif_def {
    const char *module, *name;
    uint32_t arity;
    hl_vm_bif_fn fn;
} hl_vm_bif_def;

hl_vm_bif_fn hl_vm_bif_std_lookup(const char *module, const char *name, uint32_t arity);
/* erlang:phash2/1,2 (vm/bif_phash.c). */
hl_vm_bif_fn hl_vm_bif_phash_lookup(const char *module, const char *name, uint32_t arity);
/* erlang:phash/2, the old hash dict and sets order by (vm/bif_phash1.c). */
hl_vm_bif_fn hl_vm_bif_phash1_lookup(const char *module, const char *name, uint32_t arity);
/* term_to_binary, binary_to_term, binary_to_existing_atom (vm/bif_etf.c). */
hl_vm_bif_fn hl_vm_bif_etf_lookup(const char *module, const char *name, uint32_t arity);
/* string/unicode cores (vm/bif_unicode.c). */
hl_vm_bif_fn hl_vm_bif_unicode_lookup(const char *module, const char *name, uint32_t arity);

#endif
