-module(exc_badarg_hd).
-export([main/0]).
main() -> hd(id([])).
id(X) -> X.
