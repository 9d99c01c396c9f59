%% Binaries (small, large, sub-binaries) sent to another process and back compare equal.
-module(msg_binary).
-export([main/0]).

main() ->
    Small = <<"hello">>,
    Big = binary:copy(<<"0123456789">>, 10000),
    <<_:10/binary, Sub:20/binary, _/binary>> = Big,
    Echo = spawn(fun loop/0),
    R = [begin Echo ! {self(), B}, receive {echo, B2} -> {byte_size(B2), B2 =:= B} end end || B <- [Small, Big, Sub, <<>>]],
    Echo ! stop,
    R.

loop() ->
    receive
        {From, B} -> From ! {echo, B}, loop();
        stop -> ok
    end.
