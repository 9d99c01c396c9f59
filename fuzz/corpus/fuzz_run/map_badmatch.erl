-module(map_badmatch).
-export([main/0]).
%% A map pattern that does not match raises {badmatch, V}.
id(X) -> X.
main() ->
    #{a := 1} = id(#{a => 2}),
    ok.
