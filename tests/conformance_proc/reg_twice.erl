%% Registering a taken name, or a second name for a registered process, raises badarg.
-module(reg_twice).
-export([main/0]).

main() ->
    P = spawn(fun() -> receive stop -> ok end end),
    Q = spawn(fun() -> receive stop -> ok end end),
    true = register(first_name, P),
    A = try register(first_name, Q) catch error:E1 -> E1 end,
    B = try register(second_name, P) catch error:E2 -> E2 end,
    C = try register(first_name, P) catch error:E3 -> E3 end,
    D = whereis(second_name),
    P ! stop, Q ! stop,
    {A, B, C, D}.
