-module(lc_filters_many).
-export([main/0]).
main() -> [{X, Y, Z} || X <- lists:seq(1, 20), Y <- lists:seq(X, 20), Z <- lists:seq(Y, 20), X * X + Y * Y =:= Z * Z].
