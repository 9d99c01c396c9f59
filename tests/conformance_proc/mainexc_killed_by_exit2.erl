%% A child calls exit(Main, stop): main/0, not trapping, is ended by the signal.
-module(mainexc_killed_by_exit2).
-export([main/0]).

main() ->
    Main = self(),
    io:format("before~n"),
    spawn(fun() -> exit(Main, stop) end),
    receive never -> ok end.
