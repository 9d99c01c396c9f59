-module(bin_badmatch).
-export([main/0]).
main() -> <<X:8, Y:8>> = id(<<1>>), {X, Y}.
id(X) -> X.
