/* vm_std.h — the stdlib's C builtins kept out of bif.c (vm/bif_std.c):
 * erlang's tuple builders and conversions, raise/3, math (registered by id:
 * vm/bif_registry.h). */
#ifndef HL_VM_STD_H
#define HL_VM_STD_H

#include "vm/vm_internal.h"


/* Tuples above a quantum, built over several calls in a detached fragment
 * (vm/bif_tuple_build.c). kind says where element j comes from. */
enum {
    HL_TB_MAKE,       /* src repeated (make_tuple/2) */
    HL_TB_MAKE3,      /* src repeated, then extra's {Pos, Value} list applied (validated) */
    HL_TB_SETELEMENT, /* src's elements, extra at idx */
    HL_TB_APPEND,     /* src's elements, then extra */
    HL_TB_INSERT,     /* src's elements with extra inserted at idx */
    HL_TB_DELETE,     /* src's elements without the one at idx */
    HL_TB_LIST,       /* the elements of the proper list src (n of them) */
};
/* Starts building an n-tuple for builtin fn: a trap (the filling starts on
 * the next call), or HEAP_LIMIT / NOMEM with nothing saved. */
hl_term_status hl_vm_tuple_build(hl_vm_proc *p, hl_vm_bif_fn fn, unsigned kind, size_t n, hl_term src, hl_term extra,
                                 uint64_t idx);
/* The next quantum of a build that fn started: a trap, or OK with the tuple. */
hl_term_status hl_vm_tuple_build_resume(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term *out);

#endif
