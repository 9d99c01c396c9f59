%% Timer functions refuse bad arguments with badarg: negative time, non-integer time, bad reference.
-module(timer_badarg).
-export([main/0]).

main() ->
    Try = fun(F) -> try F() of V -> {returned, V} catch error:E -> E end end,
    [Try(fun() -> erlang:send_after(-1, self(), x) end),
     Try(fun() -> erlang:send_after(1.5, self(), x) end),
     Try(fun() -> erlang:send_after(10, "not a pid", x) end),
     Try(fun() -> erlang:start_timer(a, self(), x) end),
     Try(fun() -> erlang:cancel_timer(not_a_ref) end),
     Try(fun() -> erlang:read_timer(17) end),
     Try(fun() -> erlang:cancel_timer(make_ref()) end),
     Try(fun() -> erlang:read_timer(make_ref()) end)].
