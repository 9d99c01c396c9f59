-module(io_write_print).
-export([main/0]).


main() ->
    [lists:flatten(io_lib:write(foo)), lists:flatten(io_lib:write([1, {a, "b"}])), lists:flatten(io_lib:write(<<"ab">>)),
     lists:flatten(io_lib:write([1,2,3,4], 3)), lists:flatten(io_lib:print({a, "b"})), io_lib:nl(),
     lists:flatten(io_lib:print(lists:seq(1, 40)))].
