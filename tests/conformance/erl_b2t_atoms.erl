-module(erl_b2t_atoms).
-export([main/0]).
%% binary_to_term with atoms: the program's own atoms decode; with [safe] a
%% name no one has created is badarg. (binary_to_term/1 behaves as [safe]
%% in the sandbox, which never creates atoms, where OTP would create one:
%% not comparable with erl, so not here.)
t(F) -> try F() catch C:R -> {C, R} end.
enc(Name) -> <<131, 100, (byte_size(Name)):16, Name/binary>>.
enc8(Name) -> <<131, 119, (byte_size(Name)), Name/binary>>.
main() ->
    Known = [own_atom_one, 'Own Atom Two', 'ü_known', ok, error, true],
    [[t(fun() -> binary_to_term(enc(atom_to_binary(A, latin1))) end) || A <- Known],
     [t(fun() -> binary_to_term(enc8(atom_to_binary(A, utf8)), [safe]) end) || A <- Known],
     t(fun() -> binary_to_term(enc(<<"zq_never_made_atom_2">>), [safe]) end),
     t(fun() -> binary_to_term(enc8(<<"zq_never_made_ü"/utf8>>), [safe]) end),
     t(fun() -> binary_to_term(<<131, 104, 2, 100, 0, 1, 120, 100, 0, 19, "zq_never_made_atom3">>, [safe]) end),
     t(fun() -> binary_to_term(<<131, 104, 2, 100, 0, 12, "own_atom_one", 97, 7>>) end)].
