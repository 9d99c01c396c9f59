%% lib/proc_lib.erl — the parts of OTP 25's proc_lib the behaviours and
%% guests need: spawn_link/1,3, start/3,4, start_link/3,4, init_ack/1,2,
%% built on gen:start/4 and gen:init_ack/2 (the synchronous start protocol
%% of gen). Written for Hyperlang from OTP's documented behaviour, not
%% copied. M:F(Args) calls resolve F/length(Args) among the exports of the
%% guest's own modules (erlang:hl_export_fun/3); a function that is not
%% exported fails with undef in the new process, as in OTP.
-module(proc_lib).
-export([spawn_link/1, spawn_link/3, start/3, start/4, start_link/3, start_link/4,
         init_ack/1, init_ack/2, hibernate/3]).

spawn_link(Fun) when is_function(Fun, 0) ->
    erlang:spawn_link(Fun);
spawn_link(Fun) ->
    erlang:error(badarg, [Fun]).

spawn_link(M, F, A) when is_atom(M), is_atom(F), is_list(A) ->
    Fun = resolve(M, F, A),
    erlang:spawn_link(fun() -> apply_fun(Fun, M, F, A) end);
spawn_link(M, F, A) ->
    erlang:error(badarg, [M, F, A]).

start(M, F, A) -> start(M, F, A, infinity).
start(M, F, A, Timeout) when is_atom(M), is_atom(F), is_list(A) ->
    sync(nolink, M, F, A, Timeout);
start(M, F, A, Timeout) ->
    erlang:error(badarg, [M, F, A, Timeout]).

start_link(M, F, A) -> start_link(M, F, A, infinity).
start_link(M, F, A, Timeout) when is_atom(M), is_atom(F), is_list(A) ->
    sync(link, M, F, A, Timeout);
start_link(M, F, A, Timeout) ->
    erlang:error(badarg, [M, F, A, Timeout]).

%% The new process runs M:F(A); whatever it passes to init_ack is what the
%% starter gets back. The starter is kept where init_ack/1 finds it.
sync(LinkP, M, F, A, Timeout) ->
    Fun = resolve(M, F, A),
    gen:start(LinkP, nameless,
              fun(Starter, _Parent) ->
                  erlang:hl_proc_set_starter(Starter),
                  apply_fun(Fun, M, F, A)
              end,
              [{timeout, Timeout}]).

init_ack(Return) ->
    case erlang:hl_proc_starter() of
        undefined -> ok;
        Starter -> init_ack(Starter, Return)
    end.

init_ack(Starter, Return) ->
    gen:init_ack(Starter, Return),
    ok.

%% OTP's erlang:hibernate/3 (what proc_lib:hibernate/3 calls): the call
%% stack is dropped, the process compacted into the least memory that holds
%% its live data (vm/vm_hibernate.c) and, when a message arrives (at once if
%% one is queued), M:F(A) runs with an empty stack: its return ends the
%% process (normal). A function M does not export fails with undef then;
%% arguments of the wrong types fail with function_clause, as OTP 25's.
hibernate(M, F, A) when is_atom(M), is_atom(F), is_list(A) ->
    case resolve(M, F, A) of
        false -> erlang:hl_hibernate(fun apply_fun/4, [false, M, F, A]);
        Fun -> erlang:hl_hibernate(Fun, A)
    end.

resolve(M, F, A) ->
    erlang:hl_export_fun(M, F, length(A)).

apply_fun(false, M, F, A) ->
    erlang:raise(error, undef, [{M, F, A, []}]);
apply_fun(Fun, _M, _F, A) ->
    gen:apply(Fun, A).
