-module(map_try_of).
-export([main/0]).
%% Map patterns in try ... of and catch clauses.
id(X) -> X.
run(F) ->
    try F() of
        #{result := R} -> {ok, R};
        Other -> {other, Other}
    catch
        throw:#{code := C} -> {thrown, C};
        error:{badkey, K} -> {badkey, K}
    end.
main() ->
    M = id(#{}),
    [run(fun() -> #{result => 1} end), run(fun() -> 2 end), run(fun() -> throw(#{code => 7}) end),
     run(fun() -> M#{nope := 1} end)].
