%% sys.erl — OTP 25's `sys` as a facade over the guest's own processes:
%% the system messages every behaviour loop of lib/ answers
%% ({system, From, Request} through gen:call, docs/behaviours.md), and
%% nothing else. Debugging (trace, log, statistics, install), code change
%% and the callback-module side (handle_system_msg and friends) are not
%% provided: the behaviours of lib/ handle their system messages in their
%% own loops, and there are no debug options to keep statistics in.
-module(sys).

-export([suspend/1, suspend/2, resume/1, resume/2,
         get_state/1, get_state/2, replace_state/2, replace_state/3,
         get_status/1, get_status/2, terminate/2, terminate/3]).

-define(DEFAULT_TIMEOUT, 5000).

suspend(Name) -> send(Name, suspend, [Name]).

suspend(Name, Timeout) -> send(Name, suspend, Timeout, [Name, Timeout]).

resume(Name) -> send(Name, resume, [Name]).

resume(Name, Timeout) -> send(Name, resume, Timeout, [Name, Timeout]).

get_status(Name) -> send(Name, get_status, [Name]).

get_status(Name, Timeout) -> send(Name, get_status, Timeout, [Name, Timeout]).

%% A process answering {error, Reason} (a callback that failed) raises
%% error:Reason in the caller, as OTP's sys does.
get_state(Name) -> check(send(Name, get_state, [Name])).

get_state(Name, Timeout) ->
    check(send(Name, get_state, Timeout, [Name, Timeout])).

replace_state(Name, StateFun) ->
    check(send(Name, {replace_state, StateFun}, [Name])).

replace_state(Name, StateFun, Timeout) ->
    check(send(Name, {replace_state, StateFun}, Timeout, [Name, Timeout])).

terminate(Name, Reason) ->
    send(Name, {terminate, Reason}, [Name, Reason]).

terminate(Name, Reason, Timeout) ->
    send(Name, {terminate, Reason}, Timeout, [Name, Reason, Timeout]).

check({error, Reason}) -> erlang:error(Reason);
check(State) -> State.

send(Name, Request, Args) -> send(Name, Request, ?DEFAULT_TIMEOUT, Args).

%% The exit of a failed call names the sys function as OTP's does: the
%% request itself for replace_state (OTP's mfa/2 falls through to it).
send(Name, Request, Timeout, Args) ->
    try gen:call(Name, system, Request, Timeout) of
        {ok, Res} -> Res
    catch
        exit:Reason -> exit({Reason, {sys, function(Request), Args}})
    end.

function({terminate, _}) -> terminate;
function(Request) -> Request.
