-module(exc_throw_atom).
-export([main/0]).
main() -> throw(done).
