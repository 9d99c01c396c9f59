/* stack.h — a guard on how much C stack a recursive pass has used.
 *
 * Passes over hostile input recurse only to a depth the input cannot raise
 * past a limit (docs/design.md §4 (invariant 4)). The depth limit alone does not bound stack
 * bytes, though: a frame's size depends on the compiler, its flags and
 * sanitizers, and the host may call us on a thread with a small stack. So
 * the recursive passes also measure the stack they have used against a byte
 * budget and stop with a diagnostic before it runs out. */
#ifndef HL_BASE_STACK_H
#define HL_BASE_STACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The current frame's address, as an integer. */
static inline uintptr_t hl_stack_here(void) { return (uintptr_t)__builtin_frame_address(0); }

/* True while the stack used since `base` (an hl_stack_here() taken at the
 * pass's entry) is below `budget` bytes. Works for either growth direction. */
static inline bool hl_stack_within(uintptr_t base, size_t budget) {
    uintptr_t here = hl_stack_here();
    size_t used = base > here ? base - here : here - base;
    return used < budget;
}

#endif
