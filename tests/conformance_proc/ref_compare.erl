%% References compare equal only to themselves, survive a round trip through a message, and work as map keys.
-module(ref_compare).
-export([main/0]).

main() ->
    R1 = make_ref(),
    R2 = make_ref(),
    P = spawn(fun() -> receive {From, R} -> From ! {back, R} end end),
    P ! {self(), R1},
    Back = receive {back, X} -> X end,
    M = #{R1 => one, R2 => two},
    {R1 =:= R1, R1 =:= R2, R1 == Back, R1 =:= Back, maps:get(Back, M), maps:get(R2, M),
     is_reference(R1), is_pid(R1), R1 < self() orelse R1 > self()}.
