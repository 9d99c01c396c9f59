-module(bin_badarg_neg_size).
-export([main/0]).
main() -> N = id(-1), <<1:N>>.
id(X) -> X.
