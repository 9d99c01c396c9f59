%% A receive nested in a receive clause sees the messages the outer one skipped.
-module(selrecv_nested).
-export([main/0]).

main() ->
    self() ! {data, 1},
    self() ! {data, 2},
    self() ! start,
    receive
        start ->
            receive
                {data, X} ->
                    receive
                        {data, Y} -> {start, X, Y}
                    end
            end
    end.
