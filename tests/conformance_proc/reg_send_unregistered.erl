%% Sending to an atom that names no process raises badarg (both ! and erlang:send/2).
-module(reg_send_unregistered).
-export([main/0]).

main() ->
    A = try nobody ! hello catch error:E1 -> E1 end,
    B = try erlang:send(nobody, hello) catch error:E2 -> E2 end,
    C = (catch ghost ! boo),
    {A, B, element(1, element(2, C))}.
