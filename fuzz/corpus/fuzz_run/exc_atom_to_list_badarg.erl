-module(exc_atom_to_list_badarg).
-export([main/0]).
main() -> try atom_to_list("x") catch error:R -> R end.
