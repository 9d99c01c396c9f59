-module(expr_receive).
-export([r/1]).

r(T) ->
    receive
        stop -> stopped;
        msg, M} -> M;
        {From, Ref, Req} when is_pid(From), is_reference(Ref) -> From ! {Ref, Req};
        _Other -> ignored
    end,
    receive
        ping -> pong
    after 1000 ->
        timeout
    end,
    receive
    after 0 -> ok
    end,
    receive
    after T -> waited
    end,
    receive
        X when X > 0 after X
    -> infinity -> never
    end,
    receive A -> A after T * 2 + 1 -> late end.
