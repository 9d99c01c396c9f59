/* vm_receive.c — the mailbox queue, receive timeouts, and waiting for a
 * timeout when nothing can ever arrive (a plain run has no senders). The
 * interpreter's receive instructions call these; see docs/receive.md. */
#define _POSIX_C_SOURCE 200809L
#include "vm/vm_receive.h"

#include <errno.h>
#include <string.h>
#include <stdatomic.h>
#include <time.h>

#include "base/mem.h"
#include "term/atom.h"
#include "vm/vm_support.h"

void hl_vm_mailbox_free(hl_vm_mailbox *mb) {
    if (mb->msgs) hl_mem_free(mb->msgs - mb->head);
    memset(mb, 0, sizeof *mb);
}

bool hl_vm_mailbox_push(hl_vm_mailbox *mb, hl_term msg) {
    if (mb->n >= HL_VM_MAILBOX_MAX) return false;
    if (mb->n == mb->cap) {
        if (mb->head && mb->head >= mb->n) {
            /* the taken messages' room at the front is at least the queue:
             * move the queue down (amortised O(1) per message) */
            hl_term *base = mb->msgs - mb->head;
            memmove(base, mb->msgs, mb->n * sizeof *base);
            mb->msgs = base;
            mb->cap += mb->head;
            mb->head = 0;
        } else {
            size_t total = mb->head + mb->cap;
            size_t ncap = total ? total * 2 : 8;
            hl_term *nm = hl_mem_realloc_array(mb->msgs ? mb->msgs - mb->head : NULL, ncap, sizeof *nm);
            if (!nm) return false;
            mb->msgs = nm + mb->head;
            mb->cap = ncap - mb->head;
        }
    }
    mb->msgs[mb->n++] = msg;
    return true;
}

void hl_vm_mailbox_remove(hl_vm_mailbox *mb) {
    if (mb->save < mb->n) {
        if (mb->save == 0) {
            /* the oldest: step past it */
            mb->msgs++;
            mb->head++;
            mb->cap--;
        } else {
            memmove(mb->msgs + mb->save, mb->msgs + mb->save + 1, (mb->n - mb->save - 1) * sizeof *mb->msgs);
        }
        mb->n--;
        if (mb->save < mb->mark) mb->mark--; /* the marker stays at the same message */
        if (mb->n == 0 && mb->head) {
            mb->msgs -= mb->head;
            mb->cap += mb->head;
            mb->head = 0;
        }
    }
    mb->save = 0;
    mb->timer_ns = 0;
}

bool hl_vm_timeout_ms(hl_term t, int64_t *ms) {
    if (t == HL_AM(infinity)) {
        *ms = -1;
        return true;
    }
    /* OTP accepts 0 .. 4294967295 ms; bignums are far outside it */
    if (!hl_is_small(t) || hl_small_val(t) < 0 || hl_small_val(t) > (int64_t)UINT32_MAX) return false;
    *ms = hl_small_val(t);
    return true;
}

uint64_t hl_vm_wait_deadline_ns(hl_vm_mailbox *mb, int64_t ms) {
    if (ms < 0) return 0;
    if (mb->timer_ns == 0) mb->timer_ns = hl_vm_now_ns() + (uint64_t)ms * 1000000u; /* ms < 2^32: no overflow */
    return mb->timer_ns;
}

static bool interrupted(const hl_vm_proc *p) {
    return p->interrupt && atomic_load_explicit(p->interrupt, memory_order_relaxed);
}

/* Sleeps to when_ns; with an interrupt flag, in steps of at most 1 ms, so
 * an interrupt ends the wait promptly. False when interrupted. */
static bool sleep_until(const hl_vm_proc *p, uint64_t when_ns) {
    for (;;) {
        if (interrupted(p)) return false;
        uint64_t step = when_ns;
        if (p->interrupt) {
            uint64_t now = hl_vm_now_ns();
            if (now >= when_ns) return true;
            if (when_ns - now > 1000000u) step = now + 1000000u;
        }
        struct timespec ts = {(time_t)(step / 1000000000u), (long)(step % 1000000000u)};
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
        }
        if (step == when_ns) return !interrupted(p);
    }
}

bool hl_vm_deliver(hl_vm_proc *p, hl_term msg) {
    if (!p || (p->state != HL_PS_READY && p->state != HL_PS_WAIT && p->state != HL_PS_NEW)) return false;
    if (!hl_vm_mailbox_push(&p->mbox, msg)) return false;
    /* A waiting process resumes at its loop_rec, which looks at the new
     * message (the save pointer stayed past the ones already examined). */
    if (p->state == HL_PS_WAIT) {
        p->timeout_pc = NULL;
        p->state = HL_PS_READY;
    }
    return true;
}

hl_vm_status hl_vm_wait_alone(hl_vm_proc *p) {
    if (!p || p->state != HL_PS_WAIT) return HL_VM_FAULT_STATE;
    hl_vm_arm_deadline(p); /* a wait in the first chunk: the deadline starts now */
    uint64_t until = p->timeout_pc ? p->wait_until_ns : 0;
    if (until == 0 && p->deadline_ns == 0) return HL_VM_WAIT; /* would wait forever */
    if (p->deadline_ns && (until == 0 || until > p->deadline_ns)) {
        /* The deadline comes first: sleep to it, then stop there. */
        bool slept = sleep_until(p, p->deadline_ns);
        p->state = HL_PS_FAULT;
        return slept ? HL_VM_FAULT_DEADLINE : HL_VM_FAULT_INTERRUPT;
    }
    if (!sleep_until(p, until)) {
        p->state = HL_PS_FAULT;
        return HL_VM_FAULT_INTERRUPT;
    }
    (void)hl_vm_timeout_fired(p);
    return HL_VM_YIELD; /* run again: it continues after the wait_timeout */
}
