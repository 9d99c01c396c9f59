-module(andalso_chain).
-export([main/0]).
main() -> [t(X) || X <- [1, 5, 10, 15]].
t(X) -> X > 2 andalso X < 12 andalso X rem 5 == 0.
