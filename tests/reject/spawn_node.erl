-module(spawn_node).
-export([f/1]).
f(N) ->
    [spawn(N, fun() -> ok end),
     spawn(N, m, f, []),
     spawn_link(N, fun() -> ok end),
     spawn_monitor(N, m, f, []),
     spawn_opt(N, fun() -> ok end, []),
     spawn_opt(N, m, f, [], []),
     erlang:spawn_request(N, fun() -> ok end, []),
     spawn_opt(fun() -> ok end, [])].
