-module(pp_funs).
-compile([export_all, nowarn_export_all]).
-import(lists, [foldl/3, seq/2]).
-import(string, [uppercase/1]).
%% Funs that name functions, -import and -compile(export_all).

double(X) -> 2 * X.

main() ->
    Rev = fun lists:reverse/1,
    Map = fun lists:map/2,
    Hd = fun hd/1,
    Len = fun length/1,
    IsInt = fun is_integer/1,
    Abs = fun erlang:abs/1,
    Dbl = fun ?MODULE:double/1,
    Max = fun erlang:max/2,
    [
     Rev([1, 2, 3]), Map(Dbl, [1, 2]), Hd([a, b]), Len("abc"),
     lists:filter(IsInt, [1, a, 2.0, 3]), lists:map(Abs, [-1, 2, -3]),
     foldl(Max, 0, [3, 9, 2]), seq(1, 4), uppercase("abc"),
     is_function(Rev, 1), is_function(Map, 2), is_function(Hd),
     lists:map(fun erlang:tuple_to_list/1, [{a}, {b, c}]),
     lists:sort(fun erlang:'>='/2, [2, 3, 1]),
     ?MODULE:double(21), apply_twice(fun ?MODULE:double/1, 3),
     try Hd([]) catch error:badarg -> caught end
    ].

apply_twice(F, X) -> F(F(X)).
