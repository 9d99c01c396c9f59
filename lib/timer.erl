%% timer.erl — OTP 25's `timer`, written for Hyperlang from its documented
%% behaviour: sleep/1, send_after/2,3, send_interval/2,3, cancel/1, tc/1,2,3
%% (these need the `clocks` capability) and the pure conversions.
%%
%% One-shot timers are the process timers of the VM (erlang:send_after/3,
%% docs/actors.md), so they cost no process. Interval timers live, as in
%% OTP, in one server process registered as `timer_server`, started by the
%% first send_interval or cancel of an interval: it monitors each interval's
%% destination (a pid or a registered name) and drops the interval when
%% that process dies, as OTP 25 does. The next tick is armed when the
%% previous one fires (relative timers: the stdlib has no clock without the
%% `clocks` capability), so ticks may drift by the server's latency, where
%% OTP's absolute timers do not.
%%
%% Not provided: apply_after/4, apply_interval/4, exit_after, kill_after
%% (they apply a guest-computed M:F/A, a dynamic call the sandbox refuses),
%% and destinations of the form {Name, Node} (one node only).
-module(timer).

-export([sleep/1, send_after/2, send_after/3, send_interval/2, send_interval/3,
         cancel/1, tc/1, tc/2, tc/3, now_diff/2,
         seconds/1, minutes/1, hours/1, hms/3]).

-define(MAX_RECEIVE_AFTER, 16#ffffffff).
%% the longest time the VM's timers take (docs/actors.md); longer is
%% {error, badarg} here, where OTP accepts it
-define(MAX_TIMER, 16#ffffffff).

%%% ------------------------------------------------------------------
%%% Pure
%%% ------------------------------------------------------------------

seconds(Seconds) -> 1000 * Seconds.

minutes(Minutes) -> 1000 * 60 * Minutes.

hours(Hours) -> 1000 * 60 * 60 * Hours.

hms(H, M, S) -> hours(H) + minutes(M) + seconds(S).

now_diff({A2, B2, C2}, {A1, B1, C1}) ->
    ((A2 - A1) * 1000000 + B2 - B1) * 1000000 + C2 - C1.

%%% ------------------------------------------------------------------
%%% Sleeping (no capability: a receive on the process's own mailbox)
%%% ------------------------------------------------------------------

sleep(T) when is_integer(T), T > ?MAX_RECEIVE_AFTER ->
    receive
    after ?MAX_RECEIVE_AFTER -> sleep(T - ?MAX_RECEIVE_AFTER)
    end;
sleep(T) ->
    receive
    after T -> ok
    end.

%%% ------------------------------------------------------------------
%%% One-shot timers
%%% ------------------------------------------------------------------

send_after(Time, Message) -> send_after(Time, self(), Message).

send_after(0, Dest, Message) when is_pid(Dest); is_atom(Dest) ->
    Dest ! Message,
    {ok, {instant, make_ref()}};
send_after(Time, Pid, Message)
  when is_integer(Time), Time >= 0, Time =< ?MAX_TIMER, is_pid(Pid) ->
    {ok, {send_local, erlang:send_after(Time, Pid, Message)}};
%% A name is looked up when the timer fires (a name not registered then:
%% nothing is sent), as OTP's timer server does.
send_after(Time, Name, Message)
  when is_integer(Time), Time >= 0, Time =< ?MAX_TIMER, is_atom(Name) ->
    {ok, {once, erlang:send_after(Time, Name, Message)}};
send_after(_Time, _Dest, _Message) ->
    {error, badarg}.

%%% ------------------------------------------------------------------
%%% Interval timers
%%% ------------------------------------------------------------------

send_interval(Time, Message) -> send_interval(Time, self(), Message).

send_interval(Time, Dest, Message)
  when is_integer(Time), Time >= 0, is_pid(Dest);
       is_integer(Time), Time >= 0, is_atom(Dest) ->
    req({interval, Time, Dest, Message});
send_interval(_Time, _Dest, _Message) ->
    {error, badarg}.

cancel({instant, Ref}) when is_reference(Ref) ->
    {ok, cancel};
cancel({send_local, Ref}) when is_reference(Ref) ->
    _ = erlang:cancel_timer(Ref),
    {ok, cancel};
cancel({once, Ref}) when is_reference(Ref) ->
    _ = erlang:cancel_timer(Ref),
    {ok, cancel};
cancel({interval, Ref} = TRef) when is_reference(Ref) ->
    req({cancel, TRef});
cancel(_TRef) ->
    {error, badarg}.

%% A request to the interval server, started on first use. Two processes
%% may both find it missing: the one whose register/2 fails stops its
%% spare server and uses the other.
req(Req) -> req(Req, 1).

req(Req, Retries) ->
    Server = case whereis(timer_server) of
                 undefined -> start_server();
                 P -> P
             end,
    MRef = erlang:monitor(process, Server),
    Server ! {timer_req, self(), MRef, Req},
    receive
        {MRef, Reply} ->
            erlang:demonitor(MRef, [flush]),
            Reply;
        {'DOWN', MRef, _, _, _} when Retries > 0 ->
            %% killed by the guest between whereis and the request
            req(Req, Retries - 1);
        {'DOWN', MRef, _, _, Reason} ->
            exit(Reason)
    end.

start_server() ->
    Pid = spawn(fun() -> server(#{}) end),
    try register(timer_server, Pid) of
        true -> Pid
    catch
        error:badarg ->
            exit(Pid, kill),
            case whereis(timer_server) of
                undefined -> start_server();
                Other -> Other
            end
    end.

%% Intervals: monitor reference (the timer's identity) =>
%% {PendingTimer, Time, Dest, Message}.
server(Intervals) ->
    receive
        {timer_req, From, Tag, {interval, Time, Dest, Msg}}
          when is_pid(From), is_integer(Time), Time >= 0, is_pid(Dest);
               is_pid(From), is_integer(Time), Time >= 0, is_atom(Dest) ->
            server(add(From, Tag, Time, Dest, Msg, Intervals));
        {timer_req, From, Tag, {cancel, {interval, Ref}}} when is_pid(From) ->
            From ! {Tag, {ok, cancel}},
            server(drop(Ref, Intervals));
        {timer_tick, Ref} ->
            case Intervals of
                #{Ref := {_, Time, Dest, Msg}} ->
                    T = erlang:send_after(Time, self(), {timer_tick, Ref}),
                    catch Dest ! Msg,
                    server(Intervals#{Ref := {T, Time, Dest, Msg}});
                _ ->
                    server(Intervals)
            end;
        {'DOWN', Ref, process, _, _} ->
            server(drop(Ref, Intervals));
        _ ->
            server(Intervals)
    end.

%% A time the VM's timers do not take is {error, badarg}, not a crash of
%% the server.
add(From, Tag, Time, Dest, Msg, Intervals) ->
    Ref = erlang:monitor(process, Dest),
    try erlang:send_after(Time, self(), {timer_tick, Ref}) of
        T ->
            From ! {Tag, {ok, {interval, Ref}}},
            Intervals#{Ref => {T, Time, Dest, Msg}}
    catch
        error:_ ->
            erlang:demonitor(Ref, [flush]),
            From ! {Tag, {error, badarg}},
            Intervals
    end.

drop(Ref, Intervals) ->
    case Intervals of
        #{Ref := {T, _, _, _}} ->
            _ = erlang:cancel_timer(T),
            erlang:demonitor(Ref, [flush]),
            maps:remove(Ref, Intervals);
        _ ->
            Intervals
    end.

%%% ------------------------------------------------------------------
%%% Timing a call (the `clocks` capability)
%%% ------------------------------------------------------------------

tc(F) ->
    T1 = erlang:monotonic_time(),
    Val = F(),
    T2 = erlang:monotonic_time(),
    {erlang:convert_time_unit(T2 - T1, native, microsecond), Val}.

tc(F, A) ->
    T1 = erlang:monotonic_time(),
    Val = gen:apply(F, A),
    T2 = erlang:monotonic_time(),
    {erlang:convert_time_unit(T2 - T1, native, microsecond), Val}.

%% M:F must be an exported function of the program's own modules (the
%% stdlib's functions are not reachable by a computed call): otherwise
%% error:undef, as OTP's apply/3 of a missing function.
tc(M, F, A) ->
    Fun = case is_atom(M) andalso is_atom(F) andalso is_list(A) of
              true -> erlang:hl_export_fun(M, F, length(A));
              false -> false
          end,
    case Fun of
        false -> erlang:error(undef, [M, F, A]);
        _ -> tc(Fun, A)
    end.
