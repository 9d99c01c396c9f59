%% A mutex process serialises three clients; the log shows each critical section whole, never interleaved.
-module(app_mutex).
-export([main/0]).

main() ->
    Main = self(),
    Mutex = spawn(fun free/0),
    Log = spawn(fun() -> log([], Main) end),
    Clients = [spawn(fun() -> client(Mutex, Log, C, Main) end) || C <- [a, b, c]],
    [receive {done, P} -> ok end || P <- Clients],
    Log ! {dump, self()},
    Entries = receive {log, L} -> L end,
    {length(Entries), whole_sections(Entries)}.

free() ->
    receive {acquire, P} -> P ! granted, busy(P) end.
busy(P) ->
    receive {release, P} -> free() end.

client(Mutex, Log, Name, Main) ->
    Mutex ! {acquire, self()},
    receive granted -> ok end,
    [begin Log ! {entry, self(), {Name, I}}, receive logged -> ok end end || I <- [1, 2, 3]],
    Mutex ! {release, self()},
    Main ! {done, self()}.

log(Acc, Main) ->
    receive
        {entry, From, E} -> From ! logged, log([E | Acc], Main);
        {dump, To} -> To ! {log, lists:reverse(Acc)}
    end.

%% every run of three entries belongs to one client, numbered 1, 2, 3
whole_sections([]) -> true;
whole_sections([{N, 1}, {N, 2}, {N, 3} | Rest]) -> whole_sections(Rest);
whole_sections(_) -> false.
