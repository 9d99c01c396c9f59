/* vm_world_ops.h — what the process builtins (bif_proc.c) ask of a world
 * (vm_world.c): sends, spawns, links, monitors, exit signals, names,
 * timers and the process_info facts. Each takes the running process and
 * charges it for the work (p->bif_cost). Internal to src/vm. */
#ifndef HL_VM_WORLD_OPS_H
#define HL_VM_WORLD_OPS_H

#include "vm/vm_internal.h"
#include "vm/vm_world.h"

/* link/1 to a process that does not exist, not trapping exits: error:noproc. */
#define HL_VM_WORLD_NOPROC ((hl_term_status)120)

hl_vm_world *hl_vm_proc_world(const hl_vm_proc *p);
hl_term hl_vm_pid_term(const hl_vm_proc *p);
/* The live process of pid (a term), or NULL. */
hl_vm_proc *hl_vm_world_proc(hl_vm_world *w, hl_term pid);
hl_vm_proc *hl_vm_world_alive(hl_vm_proc *p, hl_term pid);
/* True when an exit signal killed the running process: its builtin must
 * end the slice now (the process dies at the yield). */
bool hl_vm_world_must_yield(const hl_vm_proc *p);
/* Makes the interpreter end the slice at the builtin's trap. */
void hl_vm_world_yield(hl_vm_proc *p);

/* dest: a pid (dead: dropped) or a registered name (none: BADARG). */
hl_term_status hl_vm_world_send(hl_vm_proc *p, hl_term dest, hl_term msg);
/* A new process running fun (fn < 0) or mprog's function fn with the
 * elements of args; with undef_reason (non-zero) it starts dying with
 * that reason. *out: the pid, or {Pid, Ref} with monitor. SYSTEM_LIMIT
 * past the world's live processes. */
hl_term_status hl_vm_world_spawn(hl_vm_proc *p, hl_term fun, const hl_program *mprog, int64_t fn, hl_term args,
                                 hl_term undef_reason, bool link, bool monitor, hl_term *out);
/* The module of the program named m (an atom), or NULL. */
const hl_program *hl_vm_world_module(const hl_vm_proc *p, hl_term m);
/* The index of function name/arity that module mod of the world's program
 * exports (*m: the module), or -1 (no such module, or not exported). The
 * answers are remembered for the world's life; the first is charged. */
int64_t hl_vm_world_export(hl_vm_proc *p, hl_term mod, hl_term name, uint32_t arity, const hl_program **m);
/* Whether m is one of the program's modules or a module one of them links
 * (where a fun of a callback module, erlang:hl_export_fun/3, may run in a
 * process whose own module does not link it); false without a world. */
bool hl_vm_world_reaches(const hl_vm_proc *p, const hl_program *m);
/* The module of the world's program (or one it links) holding code address
 * ptr, or NULL: a stack trace's frames in a process whose own program is a
 * stdlib module (a behaviour's) running the program's callbacks. */
const hl_program *hl_vm_world_code(const hl_vm_proc *p, const hl_tword *ptr);
hl_term_status hl_vm_world_link(hl_vm_proc *p, hl_term pid, bool unlink);
hl_term_status hl_vm_world_exit(hl_vm_proc *p, hl_term pid, hl_term reason);
hl_term hl_vm_world_make_ref(hl_vm_proc *p);
hl_term_status hl_vm_world_monitor(hl_vm_proc *p, hl_term target, hl_term *out);
/* monitor/3 with {tag, Tag} (an immediate; 0: none): the DOWN message is
 * {Tag, Ref, process, Object, Reason}. */
hl_term_status hl_vm_world_monitor_tagged(hl_vm_proc *p, hl_term target, hl_term tag, hl_term *out);
hl_term_status hl_vm_world_demonitor(hl_vm_proc *p, hl_term ref, bool flush, bool *found);
void hl_vm_world_trap_exit(hl_vm_proc *p, bool on);
bool hl_vm_world_trapping(const hl_vm_proc *p);
hl_term_status hl_vm_world_register(hl_vm_proc *p, hl_term name, hl_term pid);
hl_term_status hl_vm_world_unregister(hl_vm_proc *p, hl_term name);
hl_term hl_vm_world_whereis(hl_vm_proc *p, hl_term name);
hl_term_status hl_vm_world_timer(hl_vm_proc *p, hl_term time, hl_term dest, hl_term msg, bool timeout,
                                 hl_term *out);
hl_term_status hl_vm_world_timer_left(hl_vm_proc *p, hl_term ref, bool cancel, int64_t *ms);
uint32_t hl_vm_world_links(const hl_vm_proc *t, const uint64_t **pids);
uint32_t hl_vm_world_monitors(const hl_vm_proc *t, const hl_vm_mon **mons);
hl_term hl_vm_world_status(const hl_vm_proc *self, const hl_vm_proc *t);

/* vm_support.c: hl_vm_start for a function of any module the process's
 * program links (a fun's, spawn/3's). */
bool hl_vm_start_at(hl_vm_proc *p, const hl_program *prog, uint32_t fn, const hl_term *args, uint32_t nargs);

#endif
