%% A relay process forwards what it receives: order is kept along the chain sender -> relay -> main.
-module(order_relay).
-export([main/0]).

main() ->
    Main = self(),
    Relay = spawn(fun() -> relay(Main) end),
    spawn(fun() -> [Relay ! {item, I} || I <- lists:seq(1, 50)], Relay ! eof end),
    collect([]).

relay(To) ->
    receive
        eof -> To ! eof;
        M -> To ! M, relay(To)
    end.

collect(Acc) ->
    receive
        {item, I} -> collect([I | Acc]);
        eof -> L = lists:reverse(Acc), {length(L), L =:= lists:seq(1, 50)}
    end.
