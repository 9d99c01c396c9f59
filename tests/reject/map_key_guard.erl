-module(map_key_guard).
-export([f/1, h/1]).
%% Keys of map patterns are guard expressions: no local calls, no case.
f(#{g() := 1}) -> ok;
f(M) -> #{(case M of _ -> 1 end) := 1} = M.
h(M) -> case M of {#{a := #{g() := X}}} -> X end.
g() -> a.
