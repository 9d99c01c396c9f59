-module(io_fwrite).
-export([main/0]).

main() ->
    [lists:flatten(io_lib:fwrite("~w-~s", [a, "b"])),
     try io_lib:fwrite("~w", []) catch C:R -> {C, R} end,
     lists:flatten(io_lib:fwrite(<<"x~p">>, [[1]])),
     try io:fwrite("~w~w", [x]) catch C2:R2 -> {C2, R2} end,
     io:fwrite("ok~n"), io:fwrite("~w~n", [ok])].
