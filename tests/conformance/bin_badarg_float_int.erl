-module(bin_badarg_float_int).
-export([main/0]).
main() -> V = id(1.5), <<V:8>>.
id(X) -> X.
