-module(erl_t2b_atoms).
-export([main/0]).
%% atoms: ATOM_EXT for latin-1 names, the UTF-8 tags otherwise or always
%% with {minor_version, 2}; 255-character names.
main() ->
    As = [a, '', 'Quoted Atom', 'ünï', 'ÿ', 'Ā', 'カタカナ', '😀',
          'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
          'ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé'],
    [[term_to_binary(A) || A <- As], [term_to_binary(A, [{minor_version, 2}]) || A <- As],
     [term_to_binary(A, [{minor_version, 0}]) || A <- As],
     [binary_to_term(term_to_binary(A, [{minor_version, V}])) =:= A || A <- As, V <- [0, 1, 2]]].
