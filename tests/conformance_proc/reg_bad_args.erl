%% register/2 refuses `undefined` as a name, a non-atom name, a non-pid and a dead process (badarg).
-module(reg_bad_args).
-export([main/0]).

main() ->
    Dead = spawn(fun() -> ok end),
    Ref = monitor(process, Dead),
    receive {'DOWN', Ref, process, Dead, _} -> ok end,
    Try = fun(F) -> try F() catch error:E -> E end end,
    [Try(fun() -> register(undefined, self()) end),
     Try(fun() -> register("name", self()) end),
     Try(fun() -> register(name, not_a_pid) end),
     Try(fun() -> register(name, Dead) end),
     Try(fun() -> whereis("name") end),
     Try(fun() -> unregister(42) end),
     whereis(name)].
