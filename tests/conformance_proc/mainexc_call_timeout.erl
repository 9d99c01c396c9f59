%% A call to a server that never answers times out after 50 ms: main exits with {timeout, Request}.
-module(mainexc_call_timeout).
-export([main/0]).

main() ->
    S = spawn(fun() -> receive _ -> receive never -> ok end end end),
    Ref = make_ref(),
    S ! {call, self(), Ref, ping},
    receive
        {Ref, Reply} -> Reply
    after 50 ->
        exit({timeout, ping})
    end.
