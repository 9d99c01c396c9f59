%% A registered server answering requests by name; clients never learn its pid.
-module(reg_server_by_name).
-export([main/0, start/0, loop/1]).

main() ->
    start(),
    [call({push, X}) || X <- [3, 1, 2]],
    A = call(pop),
    B = call(size),
    C = call(stop),
    {A, B, C, whereis(stack_server)}.

start() ->
    Parent = self(),
    spawn(fun() -> register(stack_server, self()), Parent ! started, loop([]) end),
    receive started -> ok end.

call(Req) ->
    Ref = make_ref(),
    stack_server ! {Req, self(), Ref},
    receive {Ref, R} -> R end.

loop(Stack) ->
    receive
        {{push, X}, From, Ref} -> From ! {Ref, ok}, loop([X | Stack]);
        {pop, From, Ref} -> [H | T] = Stack, From ! {Ref, H}, loop(T);
        {size, From, Ref} -> From ! {Ref, length(Stack)}, loop(Stack);
        {stop, From, Ref} -> unregister(stack_server), From ! {Ref, stopped}
    end.
