-module(bin_badmatch_tail).
-export([main/0]).
main() -> <<X:8>> = id(<<1, 2>>), X.
id(X) -> X.
