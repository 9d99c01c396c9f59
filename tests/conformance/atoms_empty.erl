-module(atoms_empty).
-export([main/0]).
%% The empty atom '': a value, a pattern, a map of its name, ordered before
%% every other atom, and printed quoted.
main() ->
    E = '',
    L = lists:sort([b, '', a, 'A', ' ']),
    {E, is_atom(E), atom_to_list(E), length(atom_to_list(E)), L,
     kind(''), kind(x), E =:= '', E < a, [E, {E}], element(1, {''}),
     lists:member('', L), tuple_to_list({'', ''})}.

kind('') -> empty;
kind(A) when is_atom(A) -> other.
