-module(map_pattern_case).
-export([main/0]).
%% Map patterns in case, with literal values, nested patterns and guards.
id(X) -> X.
classify(M) ->
    case M of
        #{status := ok, value := V} when V > 10 -> {big, V};
        #{status := ok, value := V} -> {small, V};
        #{status := error, reason := {Code, _}} -> {error, Code};
        #{status := S} -> {unknown, S};
        _ -> none
    end.
main() ->
    [classify(id(#{status => ok, value => 42})), classify(id(#{status => ok, value => 1})),
     classify(id(#{status => error, reason => {404, "nf"}})), classify(id(#{status => pending})),
     classify(id(#{})), classify(id(atom))].
