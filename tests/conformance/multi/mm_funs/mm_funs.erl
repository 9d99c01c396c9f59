-module(mm_funs).
-export([main/0]).

%% Funs made in one module, called in another and by the stdlib.
main() ->
    Add = mm_funs_lib:adder(10),
    Twice = mm_funs_lib:twice(fun(X) -> X * 3 end),
    Composed = mm_funs_lib:compose(Add, Twice),
    L = lists:map(Composed, [1, 2, 3]),
    F = lists:foldl(mm_funs_lib:summer(), 0, L),
    Sorted = lists:sort(mm_funs_lib:by_second(), [{a, 3}, {b, 1}, {c, 2}]),
    {L, F, Sorted, is_function(Add, 1), is_function(Add, 2), Add =:= Add,
     mm_funs_lib:apply_all([Add, Twice], 1)}.
