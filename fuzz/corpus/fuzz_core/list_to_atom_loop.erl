-module(list_to_atom_loop).
-export([f/0]).
f() -> [list_to_atom(integer_to_list(N)) || N <- lists:seq(1, 50000)].
