-module(edge_empty).
-export([e/0]).
-record(nothing, {}).

e() ->
    {{}, [], <<>>, #{}, "", '', #nothing{}, fun() -> ok end,
     receive after 0 -> ok end, [[]], {{}}, [{}], <<<<>>/binary>>, [<<>>],
     << <<>> || _ <- [] >>, [ok || _ <- []] , #{#{} => #{}}, {[], [], []},
     begin ok end, try ok after ok end, "" "" "", [], [[]], [[[]]]]}.

f({}) -> 0;
f([]) -> 1;
f(<<>>) -> 2;
f(#{}) -> 3;
f("") -> 4;
f(#nothing{}) -> 5.
