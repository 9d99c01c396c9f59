-module(try_basic).
-export([main/0]).
main() -> {safe(fun() -> 1 div 0 end), safe(fun() -> throw(x) end), safe(fun() -> exit(bye) end), safe(fun() -> ok end)}.
safe(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
