/* test_actors.c — guest processes (the `processes` capability,
 * docs/actors.md): the grant and its absence, the host boundary closed to
 * pids, references and funs both ways, exit-signal edge cases against
 * OTP 25's answers (each expected value below is what erl printed for the
 * same program), the limits of a whole tree of processes (live processes,
 * summed reductions, a flooded mailbox, one deadline), deep link chains
 * without C recursion, and allocation failures on the spawn, send, link,
 * monitor and timer paths. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/mem.h"
#include "host/host_int.h"
#include "hyperlang.h"
#include "term/print.h"
#include "vm/vm_internal.h"

static hl_engine *eng;

static int setup(void **state) {
    (void)state;
    return hl_engine_new(&eng) == HL_OK ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    hl_engine_free(eng);
    return 0;
}

/* The module of src compiled with the processes capability (or without). */
static hl_module *compile(const char *src, bool grant) {
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    if (grant) assert_int_equal(hl_compile_options_grant_capability(o, "processes"), HL_OK);
    hl_module *m = NULL;
    hl_error *e = NULL;
    hl_status st = hl_compile(eng, "a.erl", src, strlen(src), o, &m, &e);
    if (st != HL_OK) fprintf(stderr, "%s\n", hl_error_message(e));
    assert_int_equal(st, HL_OK);
    hl_error_free(e);
    hl_compile_options_free(o);
    return m;
}

/* Runs fn/0 and compares the result's ~w text with want. */
static void expect(hl_module *m, const char *fn, const hl_run_limits *lim, const char *want) {
    hl_value *r = NULL;
    hl_error *e = NULL;
    hl_status st = hl_run(m, fn, NULL, 0, lim, &r, &e);
    if (st != HL_OK) fprintf(stderr, "%s: %s\n", fn, hl_error_message(e));
    assert_int_equal(st, HL_OK);
    char *text = NULL;
    size_t len = 0;
    assert_int_equal(hl_value_to_text(r, 0, &text, &len), HL_OK);
    if (strcmp(text, want) != 0) fprintf(stderr, "%s: got %s, want %s\n", fn, text, want);
    assert_string_equal(text, want);
    hl_free(text);
    hl_value_free(r);
}

/* Runs fn/0 and expects a run error of status st (and limit kind lk when
 * st is HL_ELIMIT). */
static void expect_error(hl_module *m, const char *fn, const hl_run_limits *lim, hl_status want, hl_limit_kind lk) {
    hl_value *r = NULL;
    hl_error *e = NULL;
    hl_status st = hl_run(m, fn, NULL, 0, lim, &r, &e);
    if (st != want) fprintf(stderr, "%s: status %d: %s\n", fn, (int)st, e ? hl_error_message(e) : "");
    assert_int_equal(st, want);
    assert_null(r);
    if (want == HL_ELIMIT) assert_int_equal(hl_error_limit(e), lk);
    hl_error_free(e);
}

/* ---- the grant ------------------------------------------------------------ */

static void test_grant(void **state) {
    (void)state;
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    assert_int_equal(hl_compile_options_grant_capability(o, "nonsense"), HL_EMISUSE);
    assert_int_equal(hl_compile_options_grant_capability(NULL, "processes"), HL_EMISUSE);
    assert_string_equal(hl_capability_name(0), "processes");
    assert_string_equal(hl_capability_name(1), "clocks");
    assert_string_equal(hl_capability_name(2), "random");
    assert_string_equal(hl_capability_name(3), "files");
    assert_null(hl_capability_name(4));
    static const char src[] = "-module(a).\n-export([f/0]).\nf() -> self().\n";
    /* without the grant: refused as an undeclared call, with how to grant it */
    hl_module *m = NULL;
    hl_error *e = NULL;
    assert_int_equal(hl_compile(eng, "a.erl", src, sizeof src - 1, o, &m, &e), HL_ECOMPILE);
    assert_string_equal(hl_error_message(e), "a.erl:3:8: error: call to erlang:self/0 is not declared: needs the "
                                             "processes capability (grant it: hl run --grant processes; in the "
                                             "API, hl_compile_options_grant_capability)\n");
    hl_error_free(e);
    e = NULL;
    /* with it the same source compiles: the grant is part of the cache key */
    assert_int_equal(hl_compile_options_grant_capability(o, "processes"), HL_OK);
    assert_int_equal(hl_compile(eng, "a.erl", src, sizeof src - 1, o, &m, &e), HL_OK);
    hl_module_free(m);
    /* spawn/3 needs a literal module of the program */
    static const char bad[] = "-module(a).\n-export([f/1]).\nf(M) -> spawn(M, g, []).\n";
    assert_int_equal(hl_compile(eng, "a.erl", bad, sizeof bad - 1, o, &m, &e), HL_ECOMPILE);
    assert_non_null(strstr(hl_error_message(e), "its module must be a literal module of the program"));
    hl_error_free(e);
    static const char lists[] = "-module(a).\n-export([f/0]).\nf() -> spawn(lists, seq, [1, 2]).\n";
    assert_int_equal(hl_compile(eng, "a.erl", lists, sizeof lists - 1, o, &m, &e), HL_ECOMPILE);
    hl_error_free(e);
    hl_compile_options_free(o);
}

/* ---- the host boundary ------------------------------------------------------ */

static hl_status echo_binding(void *data, const hl_module *module, hl_value *const *args, uint32_t nargs,
                              hl_value **result) {
    (void)data, (void)module, (void)args;
    assert_int_equal(nargs, 1);
    return hl_value_int(1, result); /* reached only with an argument that may cross */
}

static void test_boundary(void **state) {
    (void)state;
    hl_module *m = compile("-module(a).\n-export([pid/0, ref/0, fn/0, in_tuple/0, exc/0, bind/0]).\n"
                           "pid() -> self().\n"
                           "ref() -> make_ref().\n"
                           "fn() -> fun() -> ok end.\n"
                           "in_tuple() -> {ok, [spawn(fun() -> ok end)]}.\n"
                           "exc() -> exit({self(), make_ref()}).\n"
                           "bind() -> ok.\n",
                           true);
    /* guest -> host: results */
    expect_error(m, "pid", NULL, HL_EREJECTED, HL_LIMIT_KIND_NONE);
    expect_error(m, "ref", NULL, HL_EREJECTED, HL_LIMIT_KIND_NONE);
    expect_error(m, "fn", NULL, HL_EREJECTED, HL_LIMIT_KIND_NONE);
    expect_error(m, "in_tuple", NULL, HL_EREJECTED, HL_LIMIT_KIND_NONE);
    /* an exception's reason holding them: the text only, never the term */
    hl_value *r = NULL, *v = NULL;
    hl_error *e = NULL;
    assert_int_equal(hl_run(m, "exc", NULL, 0, NULL, &r, &e), HL_EEXCEPTION);
    assert_int_equal(hl_error_exception_value(e, HL_EXCEPTION_REASON, &v), HL_EREJECTED);
    assert_null(v);
    hl_error_free(e);
    hl_module_free(m);
    /* host -> guest: a pid or reference literal is no argument */
    m = compile("-module(a).\n-export([id/1]).\nid(X) -> X.\n", true);
    assert_int_not_equal(hl_value_parse(m, "<0.1.0>", 7, &v, NULL), HL_OK);
    assert_null(v);
    assert_int_not_equal(hl_value_parse(m, "#Ref<0.0.0.1>", 13, &v, NULL), HL_OK);
    assert_null(v);
    hl_module_free(m);
    /* guest -> host binding: a pid argument is refused (error:badarg in the guest) */
    assert_int_equal(hl_engine_register_binding(eng, "host", "echo", 1, echo_binding, NULL, NULL), HL_OK);
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    assert_int_equal(hl_compile_options_grant_capability(o, "processes"), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o, "host", "echo", 1), HL_OK);
    static const char src[] = "-module(a).\n-export([f/0]).\n"
                              "f() -> {host:echo(1), catch host:echo(self()), catch host:echo([make_ref()])}.\n";
    assert_int_equal(hl_compile(eng, "a.erl", src, sizeof src - 1, o, &m, NULL), HL_OK);
    hl_compile_options_free(o);
    assert_int_equal(hl_run(m, "f", NULL, 0, NULL, &r, &e), HL_OK);
    char *text = NULL;
    assert_int_equal(hl_value_to_text(r, 0, &text, NULL), HL_OK);
    assert_non_null(strstr(text, "{1,{'EXIT',{badarg,"));
    assert_non_null(strstr(text, "},{'EXIT',{badarg,"));
    hl_free(text);
    hl_value_free(r);
    hl_module_free(m);
    hl_engine_unregister_binding(eng, "host", "echo", 1);
}

/* ---- exit signals: OTP 25's answers ----------------------------------------- */

static const char SIGNALS[] =
    "-module(s).\n"
    "-export([kill_trapping/0, normal_to_other/0, normal_to_self_trapping/0, kill_via_link/0,\n"
    "         exit_kill_reason/0, trap_normal/0, unlink_dead/0, chain/0, monitor_self/0,\n"
    "         demonitor_flush/0, exit_self_kill_caught/0, noproc_link/0, name_monitor/0,\n"
    "         badarity_spawn/0]).\n"
    "wait() -> receive stop -> ok end.\n"
    /* kill cannot be trapped: the target dies with killed even when trapping */
    "kill_trapping() ->\n"
    "    P = spawn(fun() -> process_flag(trap_exit, true), wait() end),\n"
    "    R = monitor(process, P), exit(P, kill),\n"
    "    receive {'DOWN', R, process, P, W} -> W end.\n"
    /* exit(P, normal) from another process is ignored when P does not trap */
    "normal_to_other() ->\n"
    "    P = spawn(fun wait/0), exit(P, normal), A = is_process_alive(P), P ! stop,\n"
    "    R = monitor(process, P), receive {'DOWN', R, process, P, W} -> {A, W} end.\n"
    /* exit(self(), normal) while trapping: a message, not a death */
    "normal_to_self_trapping() ->\n"
    "    process_flag(trap_exit, true), exit(self(), normal), Me = self(),\n"
    "    receive {'EXIT', Me, R} -> R end.\n"
    /* a process killed by exit/2 with kill: its links see killed */
    "kill_via_link() ->\n"
    "    process_flag(trap_exit, true),\n"
    "    P = spawn_link(fun wait/0), exit(P, kill),\n"
    "    receive {'EXIT', P, W} -> W end.\n"
    /* exit(kill) as a process's own reason reaches links as kill, which
     * kills a non-trapping linked process with reason kill */
    "exit_kill_reason() ->\n"
    "    Me = self(),\n"
    "    Q = spawn(fun() -> process_flag(trap_exit, false),\n"
    "                       spawn_link(fun() -> Me ! ready, receive go -> exit(kill) end end),\n"
    "                       wait() end),\n"
    "    R = monitor(process, Q),\n"
    "    receive ready -> ok end,\n"
    "    [{links, [C]}] = [process_info(Q, links)], C ! go,\n"
    "    receive {'DOWN', R, process, Q, W} -> W end.\n"
    /* a trapping process gets {'EXIT', P, normal} from a linked normal exit */
    "trap_normal() ->\n"
    "    process_flag(trap_exit, true), P = spawn_link(fun() -> ok end),\n"
    "    receive {'EXIT', P, W} -> W end.\n"
    /* unlink after the partner died: the EXIT already queued stays */
    "unlink_dead() ->\n"
    "    process_flag(trap_exit, true), P = spawn_link(fun() -> exit(bye) end),\n"
    "    R = monitor(process, P), receive {'DOWN', R, _, _, _} -> ok end,\n"
    "    unlink(P), receive {'EXIT', P, W} -> W after 0 -> none end.\n"
    /* a chain of 20,000 linked processes dies from one end (the deaths are
     * a worklist: no C recursion) */
    "chain() ->\n"
    "    process_flag(trap_exit, true), Me = self(),\n"
    "    First = spawn_link(fun() -> link_chain(20000, Me) end),\n"
    "    Last = receive {last, L} -> L end,\n"
    "    exit(Last, boom),\n"
    "    receive {'EXIT', First, W} -> W end.\n"
    "link_chain(0, Me) -> Me ! {last, self()}, wait();\n"
    "link_chain(N, Me) -> spawn_link(fun() -> link_chain(N - 1, Me) end), wait().\n"
    /* monitoring oneself never fires while alive */
    "monitor_self() ->\n"
    "    R = monitor(process, self()), receive {'DOWN', R, _, _, _} -> fired after 20 -> quiet end.\n"
    /* demonitor(R, [flush]) drops the DOWN already queued; info says whether it was active */
    "demonitor_flush() ->\n"
    "    {P, R} = spawn_monitor(fun() -> ok end),\n"
    "    R2 = monitor(process, P),\n"
    "    receive {'DOWN', R2, _, _, _} -> ok end,\n"
    "    A = demonitor(R, [flush, info]),\n"
    "    B = receive {'DOWN', R, _, _, _} -> left after 0 -> flushed end,\n"
    "    {A, B, demonitor(R, [info])}.\n"
    /* exit(self(), kill) is no exception: catch does not stop it */
    "exit_self_kill_caught() ->\n"
    "    {P, R} = spawn_monitor(fun() -> catch exit(self(), kill), exit(not_here) end),\n"
    "    receive {'DOWN', R, process, P, W} -> W end.\n"
    /* link to a dead process: error noproc when not trapping */
    "noproc_link() ->\n"
    "    {P, R} = spawn_monitor(fun() -> ok end),\n"
    "    receive {'DOWN', R, _, _, _} -> ok end,\n"
    "    try link(P) catch error:E -> E end.\n"
    /* a monitor by name reports {Name, Node} */
    "name_monitor() ->\n"
    "    P = spawn(fun wait/0), register(srv, P), R = monitor(process, srv), exit(P, stop),\n"
    "    A = receive {'DOWN', R, process, Obj, W} -> {Obj, W} end,\n"
    "    R2 = monitor(process, srv),\n"
    "    B = receive {'DOWN', R2, process, Obj2, W2} -> {Obj2, W2} end,\n"
    "    {A, B}.\n"
    /* a fun of the wrong arity: spawn_link starts a process that dies with
     * badarity in erlang:apply/2; spawn_monitor raises badarg (OTP 25's
     * runtime, checked with erl -eval: its compiler drops the code after a
     * spawn_link of a fun it sees has the wrong arity) */
    "badarity_spawn() ->\n"
    "    process_flag(trap_exit, true), P = spawn_link(fun(X) -> X end),\n"
    "    A = receive {'EXIT', P, {{badarity, {F, Args}}, St}} -> {is_function(F, 1), Args, St} end,\n"
    "    B = try spawn_monitor(fun(X) -> X end) catch error:E -> E end,\n"
    "    {A, B}.\n";

static void test_exit_signals(void **state) {
    (void)state;
    hl_module *m = compile(SIGNALS, true);
    expect(m, "kill_trapping", NULL, "killed");
    expect(m, "normal_to_other", NULL, "{true,normal}");
    expect(m, "normal_to_self_trapping", NULL, "normal");
    expect(m, "kill_via_link", NULL, "killed");
    expect(m, "exit_kill_reason", NULL, "kill");
    expect(m, "trap_normal", NULL, "normal");
    expect(m, "unlink_dead", NULL, "bye");
    expect(m, "chain", NULL, "boom");
    expect(m, "monitor_self", NULL, "quiet");
    expect(m, "demonitor_flush", NULL, "{false,flushed,false}");
    expect(m, "exit_self_kill_caught", NULL, "killed");
    expect(m, "noproc_link", NULL, "noproc");
    expect(m, "name_monitor", NULL, "{{{srv,nonode@nohost},stop},{{srv,nonode@nohost},noproc}}");
    expect(m, "badarity_spawn", NULL, "{{true,[],[{erlang,apply,2,[]}]},badarg}");
    hl_module_free(m);
}

/* ---- limits of the whole tree ------------------------------------------------ */

static const char LIMITS[] =
    "-module(l).\n"
    "-export([spawn_many/0, spin_child/0, flood/0, all_wait/0, timers/0, self_flood/0]).\n"
    /* the first process flooding its own mailbox: the run's heap fault */
    "self_flood() -> self() ! lists:seq(1, 100), self_flood().\n"
    "wait() -> receive stop -> ok end.\n"
    /* spawns until system_limit; returns how many it held */
    "spawn_many() -> spawn_many(0).\n"
    "spawn_many(N) -> try spawn(fun wait/0) of _ -> spawn_many(N + 1) catch error:system_limit -> N end.\n"
    /* the child's reductions count against the run's */
    "spin_child() -> spawn(fun spin/0), wait().\n"
    "spin() -> spin().\n"
    /* a process whose mailbox floods past the heap limit dies (killed); the run goes on */
    "flood() ->\n"
    "    V = spawn(fun wait/0), R = monitor(process, V),\n"
    "    spawn(fun() -> blast(V, lists:seq(1, 100)) end),\n"
    "    receive {'DOWN', R, process, V, W} -> W end.\n"
    "blast(V, M) -> V ! M, blast(V, M).\n"
    /* everyone waits, nothing can wake them: the deadline */
    "all_wait() -> spawn(fun wait/0), wait().\n"
    /* timers fire in time order across processes */
    "timers() ->\n"
    "    Me = self(),\n"
    "    spawn(fun() -> erlang:send_after(40, Me, c) end),\n"
    "    erlang:send_after(20, self(), b), erlang:start_timer(60, self(), d),\n"
    "    T = erlang:send_after(10000, self(), never),\n"
    "    Left = erlang:read_timer(T), erlang:cancel_timer(T),\n"
    "    L = [receive X -> X end || _ <- [1, 2, 3]],\n"
    "    {[element(1, hd(L)) || is_tuple(hd(L))] ++ [X || X <- L, is_atom(X)],\n"
    "     Left > 9000, erlang:read_timer(T)}.\n";

/* ---- hibernation (docs/behaviours.md §1) ----------------------------------- */

/* A gen_server's process_info(P, memory) when idle after a call, then
 * hibernated ({reply, R, S, hibernate}); then the same after it made 20,000
 * words of garbage (its heap grew; hibernation gives it back). settle/1
 * waits until the server is waiting (hibernated), not for a time. Each
 * server answers after waking with its state kept. */
static const char *HIB =
    "-module(a).\n"
    "-export([main/0, init/1, handle_call/3, handle_cast/2]).\n"
    "main() ->\n"
    "    {ok, P} = gen_server:start(?MODULE, 0, []),\n"
    "    0 = gen_server:call(P, get), settle(P),\n"
    "    {memory, Idle} = process_info(P, memory),\n"
    "    ok = gen_server:call(P, hib), settle(P),\n"
    "    {memory, Hib} = process_info(P, memory),\n"
    "    1 = gen_server:call(P, get),\n"
    "    ok = gen_server:call(P, garbage), settle(P),\n"
    "    {memory, Big} = process_info(P, memory),\n"
    "    ok = gen_server:call(P, hib), settle(P),\n"
    "    {memory, Hib2} = process_info(P, memory),\n"
    "    2 = gen_server:call(P, get),\n"
    "    {Hib =< Idle, Hib =< 1136, Big > 4 * Idle, Hib2 =:= Hib}.\n"
    "settle(P) ->\n"
    "    case process_info(P, status) of\n"
    "        {status, waiting} -> ok;\n"
    "        _ -> erlang:yield(), settle(P)\n"
    "    end.\n"
    "init(N) -> {ok, N}.\n"
    "handle_call(get, _, N) -> {reply, N, N};\n"
    "handle_call(hib, _, N) -> {reply, ok, N + 1, hibernate};\n"
    "handle_call(garbage, _, N) -> L = lists:seq(1, 10000), {reply, ok, N + length(L) - 10000}.\n"
    "handle_cast(_, N) -> {noreply, N}.\n";

static void test_hibernate_memory(void **state) {
    (void)state;
    hl_module *m = compile(HIB, true);
    hl_run_limits lim = {HL_RUN_DEFAULT_MAX_REDUCTIONS, HL_RUN_DEFAULT_MAX_HEAP_BYTES, 10000, 1u << 20};
    expect(m, "main", &lim, "{true,true,true,true}");
    hl_module_free(m);
}

static void test_process_limit(void **state) {
    (void)state;
    hl_module *m = compile(LIMITS, true);
    /* a world of at most 50 live processes: the first and 49 more */
    hl_run_limits lim = {HL_RUN_DEFAULT_MAX_REDUCTIONS, HL_RUN_DEFAULT_MAX_HEAP_BYTES, 5000, 1u << 20};
    int64_t fn = hl_program_find(m->prog, "spawn_many", 10, 0);
    assert_true(fn >= 0);
    hl_vm_limits vl = {lim.max_reductions, lim.max_heap_bytes, 0, lim.timeout_ms * 1000000u};
    hl_vm_proc *p = hl_vm_proc_new(m->prog, &vl);
    assert_non_null(p);
    assert_true(hl_vm_start(p, (uint32_t)fn, NULL, 0));
    uint64_t reds = 0;
    assert_int_equal(hl_host_run_world(m, p, &lim, 50, &reds), HL_VM_DONE);
    assert_true(hl_is_small(hl_vm_result(p)));
    assert_int_equal(hl_small_val(hl_vm_result(p)), 49);
    assert_true(reds > 49);
    hl_vm_proc_free(p);
    hl_module_free(m);
}

static void test_tree_limits(void **state) {
    (void)state;
    hl_module *m = compile(LIMITS, true);
    /* reductions are summed over the tree: a spinning child uses them up */
    hl_run_limits few = {200000, 0, 5000, 0};
    expect_error(m, "spin_child", &few, HL_ELIMIT, HL_LIMIT_KIND_REDUCTIONS);
    /* a flooded mailbox kills its process with `killed`, not the run */
    hl_run_limits small = {0, 2u << 20, 10000, 0};
    expect(m, "flood", &small, "killed");
    expect_error(m, "self_flood", &small, HL_ELIMIT, HL_LIMIT_KIND_HEAP);
    /* everyone waiting: the run stops at its deadline */
    hl_run_limits quick = {0, 0, 50, 0};
    expect_error(m, "all_wait", &quick, HL_ELIMIT, HL_LIMIT_KIND_DEADLINE);
    expect(m, "timers", NULL, "{[b,c],true,false}");
    hl_module_free(m);
}

/* ---- allocation failures ------------------------------------------------------ */

static void test_alloc_failures(void **state) {
    (void)state;
    hl_module *m = compile("-module(f).\n-export([f/0, g/1]).\n"
                           "f() ->\n"
                           "    process_flag(trap_exit, true), Me = self(),\n"
                           "    P = spawn_link(fun() -> receive {X, From} -> From ! {X, lists:seq(1, 20)} end end),\n"
                           "    {Q, R} = spawn_monitor(f, g, [Me]), register(me, self()),\n"
                           "    T = erlang:send_after(5, me, {tick, [1, 2, 3]}),\n"
                           "    P ! {hello, Me},\n"
                           "    A = receive {hello, L} -> length(L) end,\n"
                           "    B = receive {'DOWN', R, process, Q, W} -> W end,\n"
                           "    C = receive {tick, _} -> erlang:cancel_timer(T) end,\n"
                           "    D = receive {'EXIT', P, N} -> N end,\n"
                           "    {A, B, C, D}.\n"
                           "g(Me) -> Me ! x, exit({done, [1]}).\n",
                           true);
    expect(m, "f", NULL, "{20,{done,[1]},false,normal}");
    /* twice: the second time (test-hook builds) with a collection at every
     * allocation, which moves the failure points (it found a process lost
     * when a death's DOWN message could not be allocated) */
    for (int pass = 0; pass < 2; pass++) {
    if (pass == 1) setenv("HL_TEST_GC_ALWAYS", "1", 1);
    bool ok = false;
    for (long k = 0; k < 5000 && !ok; k++) {
        hl_value *r = NULL;
        hl_error *e = NULL;
        hl_mem_fail_after(k);
        hl_status st = hl_run(m, "f", NULL, 0, NULL, &r, &e);
        hl_mem_fail_after(-1);
        if (st != HL_OK && st != HL_ENOMEM) fprintf(stderr, "k=%ld: status %d %s\n", k, (int)st, e ? hl_error_message(e) : "");
        assert_true(st == HL_OK || st == HL_ENOMEM);
        ok = st == HL_OK;
        hl_value_free(r);
        hl_error_free(e);
    }
    assert_true(ok);
    }
    unsetenv("HL_TEST_GC_ALWAYS");
    hl_module_free(m);
}

/* A tenant of a program granted processes: each call is a world of its
 * own (nothing of the previous call's processes survives); slicing is
 * refused for now (docs/actors.md). */
static void test_tenant(void **state) {
    (void)state;
    hl_module *m = compile("-module(t).\n-export([f/1]).\n"
                           "f(N) -> Me = self(), [spawn(fun() -> Me ! I * I end) || I <- lists:seq(1, N)],\n"
                           "        lists:sum([receive X -> X end || _ <- lists:seq(1, N)]).\n",
                           true);
    uint32_t fn;
    assert_int_equal(hl_module_function(m, "f", 1, &fn, NULL), HL_OK);
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(m, NULL, &t), HL_OK);
    for (int round = 0; round < 3; round++) {
        hl_value *n = NULL, *r = NULL;
        assert_int_equal(hl_value_int(10, &n), HL_OK);
        assert_int_equal(hl_tenant_call(t, fn, &n, 1, &r, NULL), HL_OK);
        int64_t v = 0;
        assert_int_equal(hl_value_get_int(r, &v), HL_OK);
        assert_int_equal(v, 385);
        assert_true(hl_tenant_reductions(t) > 10);
        hl_value_free(r);
        hl_value_free(n);
    }
    hl_value *n = NULL, *r = NULL;
    hl_error *e = NULL;
    assert_int_equal(hl_value_int(10, &n), HL_OK);
    assert_int_equal(hl_tenant_start(t, fn, &n, 1, NULL), HL_OK);
    assert_int_equal(hl_tenant_resume(t, 100, &r, &e), HL_EMISUSE);
    hl_error_free(e);
    hl_value_free(n);
    hl_tenant_free(t);
    hl_module_free(m);
}

/* What stays refused of OTP's process options, with a reason a guest can
 * tell from a malformed option (error:{notsup, Option}; docs/actors.md
 * §1): aliases, a boxed monitor tag, the runtime's own priority. The
 * dictionary needs no grant, and a new call (a tenant's, a parked run
 * process) starts with an empty one. */
static void test_refused_options(void **state) {
    (void)state;
    hl_module *m = compile("-module(r).\n-export([alias/0, tag/0, prio/0, flag/0, info/0]).\n"
                           "why(F) -> {'EXIT', {R, _}} = (catch F()), R.\n"
                           "alias() -> why(fun() -> erlang:monitor(process, self(), [{alias, demonitor}]) end).\n"
                           "tag() -> why(fun() -> erlang:monitor(process, self(), [{tag, {t}}]) end).\n"
                           "prio() -> why(fun() -> spawn_opt(fun() -> ok end, [{priority, max}]) end).\n"
                           "flag() -> why(fun() -> process_flag(priority, max) end).\n"
                           "info() -> [put(K, K) || K <- lists:seq(1, 5000)], Me = self(),\n"
                           "    P = spawn(fun() -> Me ! why(fun() -> process_info(Me, dictionary) end) end),\n"
                           "    {why(fun() -> process_info(self(), dictionary) end), receive X -> X end, is_pid(P)}.\n",
                           true);
    expect(m, "alias", NULL, "{notsup,{alias,demonitor}}");
    expect(m, "tag", NULL, "{notsup,{tag,{t}}}");
    expect(m, "prio", NULL, "{notsup,{priority,max}}");
    expect(m, "flag", NULL, "{notsup,{priority,max}}");
    /* process_info's dictionary item is bounded per call (HL_VM_PDICT_INFO_MAX) */
    expect(m, "info", NULL, "{system_limit,system_limit,true}");
    hl_module_free(m);
    hl_value *r = NULL;
    m = compile("-module(d).\n-export([f/0, g/1]).\nf() -> {put(k, 1), put(k, 2), get(k)}.\n"
                "g(V) -> {put(k, V), get()}.\n",
                false);
    expect(m, "f", NULL, "{undefined,1,2}");
    expect(m, "f", NULL, "{undefined,1,2}"); /* the parked process's dictionary was dropped */
    uint32_t fn;
    assert_int_equal(hl_module_function(m, "g", 1, &fn, NULL), HL_OK);
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(m, NULL, &t), HL_OK);
    for (int round = 0; round < 2; round++) {
        hl_value *v = NULL;
        r = NULL;
        assert_int_equal(hl_value_int(round, &v), HL_OK);
        assert_int_equal(hl_tenant_call(t, fn, &v, 1, &r, NULL), HL_OK);
        char *text = NULL;
        size_t len = 0;
        assert_int_equal(hl_value_to_text(r, 0, &text, &len), HL_OK);
        assert_string_equal(text, round == 0 ? "{undefined,[{k,0}]}" : "{undefined,[{k,1}]}");
        hl_free(text);
        hl_value_free(r);
        hl_value_free(v);
    }
    hl_tenant_free(t);
    hl_module_free(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grant),
        cmocka_unit_test(test_boundary),
        cmocka_unit_test(test_exit_signals),
        cmocka_unit_test(test_process_limit),
        cmocka_unit_test(test_tree_limits),
        cmocka_unit_test(test_hibernate_memory),
        cmocka_unit_test(test_alloc_failures),
        cmocka_unit_test(test_tenant),
        cmocka_unit_test(test_refused_options),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
