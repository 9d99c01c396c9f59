%% hgen.erl — stands in for lib/gen.erl under real erl (tests/oracle/behaviours_on_erl/run.sh): the start/init_ack/call/reply protocol of the behaviours contract, with OTP 25 aliases for the call.
-module(hgen).
-export([start/4, init_ack/2, call/4, reply/2, apply/2, where/1, unregister_name/1]).
start(LinkP, Name, Init, Opts) ->
    T = proplists:get_value(timeout, Opts, infinity),
    case Name of
        {local, A} -> case whereis(A) of undefined -> go(LinkP, Name, Init, T); P -> {error, {already_started, P}} end;
        nameless -> go(LinkP, Name, Init, T)
    end.
go(LinkP, Name, Init, T) ->
    Self = self(),
    F = fun() ->
        case Name of
            {local, A} -> try register(A, self()) catch _:_ -> init_ack(Self, {error, {already_started, whereis(A)}}), exit(normal) end;
            _ -> ok
        end,
        Init(Self, case LinkP of nolink -> self; _ -> Self end)
    end,
    case LinkP of
        link -> Pid = spawn_link(F), sync_link(Pid, T);
        nolink -> {Pid, Ref} = spawn_monitor(F), sync(Pid, Ref, T);
        monitor -> {Pid, Ref} = spawn_monitor(F), 
            case syncm(Pid, Ref, T) of
                {ok, P} -> {ok, {P, Ref}};
                E -> receive {'DOWN', Ref, _, _, _} -> ok end, E
            end
    end.
sync(Pid, Ref, T) ->
    receive {ack, Pid, R} -> demonitor(Ref, [flush]), R;
            {'DOWN', Ref, process, Pid, Why} -> {error, Why}
    after T -> demonitor(Ref, [flush]), kill(Pid), {error, timeout} end.
syncm(Pid, Ref, T) ->
    receive {ack, Pid, R} -> R;
            {'DOWN', Ref, process, Pid, Why} = D -> self() ! D, {error, Why}
    after T -> kill(Pid), {error, timeout} end.
sync_link(Pid, T) ->
    receive {ack, Pid, R} -> R;
            {'EXIT', Pid, Why} -> {error, Why}
    after T -> kill(Pid), {error, timeout} end.
kill(Pid) -> unlink(Pid), exit(Pid, kill), receive {'EXIT', Pid, _} -> ok after 0 -> ok end.
init_ack(S, R) -> S ! {ack, self(), R}, ok.
call(P, _L, _R, _T) when P =:= self() -> exit(calling_self);
call(P, L, R, T) when is_atom(P) -> case whereis(P) of undefined -> exit(noproc); Pid -> call(Pid, L, R, T) end;
call(P, L, R, T) ->
    Ref = erlang:monitor(process, P, [{alias, demonitor}]),
    P ! {L, {self(), [alias|Ref]}, R},
    receive {[alias|Ref], Reply} -> erlang:demonitor(Ref, [flush]), {ok, Reply};
            {'DOWN', Ref, _, _, Why} -> exit(Why)
    after T -> erlang:demonitor(Ref, [flush]), exit(timeout) end.
%% to the alias, as OTP 25: a reply after the caller gave up is dropped
reply({_Pid, [alias|Ref] = Tag}, R) -> Ref ! {Tag, R}, ok;
reply({Pid, Tag}, R) -> Pid ! {Tag, R}, ok.
apply(F, A) -> erlang:apply(F, A).
where({local, A}) -> whereis(A).
unregister_name({local, A}) -> catch unregister(A), ok;
unregister_name(_) -> ok.
