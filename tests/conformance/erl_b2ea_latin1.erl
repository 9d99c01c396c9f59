-module(erl_b2ea_latin1).
-export([main/0]).
%% binary_to_existing_atom/2 latin1 vs utf8 of the same name, atom_to_binary
%% round trips.
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    As = [plain, 'éàü', 'ÿ_end', 'ĀĒ', 'カ'],
    [[t(fun() -> binary_to_existing_atom(atom_to_binary(A, utf8), utf8) end) || A <- As],
     [t(fun() -> binary_to_existing_atom(atom_to_binary(A, latin1), latin1) end) || A <- As],
     [t(fun() -> binary_to_existing_atom(atom_to_binary(A, utf8), latin1) end) || A <- As],
     [t(fun() -> binary_to_existing_atom(atom_to_binary(A), unicode) end) || A <- As]].
