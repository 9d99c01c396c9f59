-module(exc_badarg_element0).
-export([main/0]).
main() -> try element(0, {a}) catch error:R -> R end.
