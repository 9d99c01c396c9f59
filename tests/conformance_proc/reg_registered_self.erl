%% A process registers itself, sends to its own name and receives the message.
-module(reg_registered_self).
-export([main/0]).

main() ->
    true = register(myself, self()),
    myself ! {note, 1},
    erlang:send(myself, {note, 2}),
    A = [receive {note, N} -> N end || _ <- [1, 2]],
    unregister(myself),
    {A, whereis(myself)}.
