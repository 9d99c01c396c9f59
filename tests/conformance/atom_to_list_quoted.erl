-module(atom_to_list_quoted).
-export([main/0]).
main() -> [atom_to_list(A) || A <- [ok, 'Hello World', 'a\'b']].
