/* bif_maps.h — the maps module's C builtins (vm/bif_maps.c): maps:get/
 * find/is_key/put/update/remove/take/size and the chunked erlang:hl_maps_*
 * primitives lib/maps.erl loops over. bif.c's lookup falls back to it. */
#ifndef HL_VM_BIF_MAPS_H
#define HL_VM_BIF_MAPS_H

#include "vm/vm_internal.h"


#endif
