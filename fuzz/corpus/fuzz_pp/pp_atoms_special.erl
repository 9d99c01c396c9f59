-module(pp_atoms_special).
-export([main/0]).
main() -> ['A', 'hello-world', 'x.y', '1abc', 'with space', '[]', '{}', 'é'].
