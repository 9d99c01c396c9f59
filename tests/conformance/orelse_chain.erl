-module(orelse_chain).
-export([main/0]).
main() -> [t(X) || X <- [1, 5, 10, 20]].
t(X) -> X == 1 orelse X == 10 orelse X > 15.
