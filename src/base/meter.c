/* meter.c — the compilation work meter (see meter.h). */
#define _POSIX_C_SOURCE 200809L
#include "base/meter.h"

#include <stdio.h>
#include <time.h>

_Thread_local hl_meter *hl_meter_current;

/* The clock is read once per this many units: cheap, and frequent enough
 * (a unit is well under a microsecond) for a millisecond-scale backstop. */
enum { CLOCK_EVERY = 4096 };

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void schedule(hl_meter *m) {
    uint64_t next = m->used + CLOCK_EVERY;
    /* the budget is exact: the charge that makes used exceed max trips */
    m->next_check = next < m->max_work + 1 ? next : m->max_work + 1;
}

void hl_meter_begin(hl_meter *m, uint64_t max_work, uint64_t max_ms) {
    m->used = 0;
    m->max_work = max_work;
    m->max_ms = max_ms;
    uint64_t ms = max_ms > UINT64_MAX / 2000000u ? UINT64_MAX / 2000000u : max_ms;
    m->deadline_ns = now_ns() + ms * 1000000u;
    m->mem_used = 0;
    m->max_mem = UINT64_MAX;
    m->state = HL_METER_OK;
    m->prev = hl_meter_current;
    schedule(m);
    hl_meter_current = m;
}

void hl_meter_end(hl_meter *m) {
    if (hl_meter_current == m) hl_meter_current = m->prev;
}

void hl_meter_set_memory(hl_meter *m, uint64_t max_bytes) { m->max_mem = max_bytes; }

bool hl_meter_charge_mem(uint64_t bytes) {
    hl_meter *m = hl_meter_current;
    if (!m) return true;
    if (m->state != HL_METER_OK) return false;
    m->mem_used = bytes > UINT64_MAX - m->mem_used ? UINT64_MAX : m->mem_used + bytes;
    if (m->mem_used <= m->max_mem) return true;
    m->state = HL_METER_MEMORY;
    m->next_check = 0; /* every later charge fails too */
    return false;
}

uint64_t hl_meter_mem_used(void) { return hl_meter_current ? hl_meter_current->mem_used : 0; }

void hl_meter_mem_reset(uint64_t used) {
    if (hl_meter_current) hl_meter_current->mem_used = used;
}

bool hl_meter_charge_slow(hl_meter *m) {
    if (m->state != HL_METER_OK) return false;
    if (m->used > m->max_work) m->state = HL_METER_WORK;
    else if (now_ns() >= m->deadline_ns) m->state = HL_METER_WALL;
    if (m->state != HL_METER_OK) {
        m->next_check = 0; /* every later charge takes the slow path and fails */
        return false;
    }
    schedule(m);
    return true;
}

void hl_meter_message(const hl_meter *m, char *buf, size_t size) {
    if (m->state == HL_METER_MEMORY)
        snprintf(buf, size,
                 "compilation exceeded the compile memory limit (the limit HL_LIMIT_MEMORY_BYTES is %llu bytes; "
                 "the program's expanded size counts: record defaults and macros at every use)",
                 (unsigned long long)m->max_mem);
    else if (m->state == HL_METER_WALL)
        snprintf(buf, size, "compilation took too long (the wall-clock limit HL_LIMIT_WALL_MS is %llu ms)",
                 (unsigned long long)m->max_ms);
    else
        snprintf(buf, size, "compilation work budget exceeded (the limit HL_LIMIT_WORK is %llu units)",
                 (unsigned long long)m->max_work);
}
