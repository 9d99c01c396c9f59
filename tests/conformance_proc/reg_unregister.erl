%% unregister/1 frees a name (whereis -> undefined); unregistering a free name raises badarg.
-module(reg_unregister).
-export([main/0]).

main() ->
    register(me, self()),
    A = whereis(me) =:= self(),
    B = unregister(me),
    C = whereis(me),
    D = try unregister(me) catch error:E -> E end,
    E2 = register(me, self()),
    {A, B, C, D, E2, whereis(me) =:= self()}.
