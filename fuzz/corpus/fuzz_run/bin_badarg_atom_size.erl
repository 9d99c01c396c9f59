-module(bin_badarg_atom_size).
-export([main/0]).
main() -> N = id(foo), <<1:N>>.
id(X) -> X.
