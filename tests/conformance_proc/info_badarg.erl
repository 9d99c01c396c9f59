%% process_info/2 with a non-pid or an unknown item raises badarg.
-module(info_badarg).
-export([main/0]).

main() ->
    Try = fun(F) -> try F() of V -> {returned, V} catch error:E -> E end end,
    [Try(fun() -> process_info(not_a_pid, status) end),
     Try(fun() -> process_info(self(), no_such_item) end),
     Try(fun() -> process_info(self(), 42) end)].
