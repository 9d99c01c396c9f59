-module(atoms_quoted).
-export([main/0]).
main() -> ['hello world', 'Cap', 'with\'quote', ok, 'end', 'a@b', '_x', true, 'if'].
