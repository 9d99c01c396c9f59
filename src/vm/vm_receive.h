/* vm_receive.h — a process's mailbox (a queue with BEAM's save pointer) and
 * the out-of-line parts of receive: timeout values, waiting alone.
 * Internal to src/vm (and the unit tests); see docs/receive.md. */
#ifndef HL_VM_RECEIVE_H
#define HL_VM_RECEIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "term/term.h"

/* Messages in arrival order: msgs[0..n). `save` is the save pointer: the
 * index of the message loop_rec looks at next (n = past the last one).
 * Kept contiguous so the whole queue is one GC root array. Taking the
 * oldest message (what a server loop does) advances msgs instead of moving
 * the rest down, so a long queue drains in O(1) per message: msgs is
 * `head` words into the allocation, which has room for head + cap. */
typedef struct hl_vm_mailbox {
    hl_term *msgs;
    size_t n, cap;
    size_t head;
    size_t save;
    /* The running receive's timer (absolute hl_vm_now_ns time, 0 = none):
     * started by its first wait_timeout, kept when a message that does not
     * match wakes it (as BEAM: the timeout counts from the start of the
     * receive), cleared when the receive ends (remove_message / timeout). */
    uint64_t timer_ns;
    /* make_ref/0's marker: the queue length when mark_ref was made (kept
     * in step as older messages are removed); recv_mark_use starts a
     * receive matching on mark_ref there. mark_ref 0: none. */
    size_t mark;
    hl_term mark_ref;
} hl_vm_mailbox;

enum { HL_VM_MAILBOX_MAX = 1u << 20 }; /* messages one queue may hold */

void hl_vm_mailbox_free(hl_vm_mailbox *mb);
/* Appends a message (an immediate or a term on the owner's heap). False
 * when the queue is full or the allocator failed. */
bool hl_vm_mailbox_push(hl_vm_mailbox *mb, hl_term msg);
/* loop_rec: the message at the save pointer, or HL_NONE when none is left. */
static inline hl_term hl_vm_mailbox_current(const hl_vm_mailbox *mb) {
    return mb->save < mb->n ? mb->msgs[mb->save] : HL_NONE;
}
/* loop_rec_end: the current message did not match; look at the next one. */
static inline void hl_vm_mailbox_next(hl_vm_mailbox *mb) {
    if (mb->save < mb->n) mb->save++;
}
/* remove_message: takes the current message out and resets the save
 * pointer to the oldest message (as BEAM does). */
void hl_vm_mailbox_remove(hl_vm_mailbox *mb);
/* timeout: the receive ended without a message; reset the save pointer. */
static inline void hl_vm_mailbox_reset(hl_vm_mailbox *mb) {
    mb->save = 0;
    mb->timer_ns = 0;
}

/* The timeout of `receive ... after T`: true and *ms (-1 = infinity) when T
 * is `infinity` or an integer in 0 .. 2^32-1 (OTP's range); false for any
 * other term (error:timeout_value). */
bool hl_vm_timeout_ms(hl_term t, int64_t *ms);
/* wait_timeout: the absolute hl_vm_now_ns() time the running receive's
 * wait of `ms` ends (0 for ms < 0, infinity); the timer starts at the
 * receive's first wait and is kept across wake-ups. */
uint64_t hl_vm_wait_deadline_ns(hl_vm_mailbox *mb, int64_t ms);

#endif
