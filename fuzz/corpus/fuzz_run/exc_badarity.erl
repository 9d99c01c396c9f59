-module(exc_badarity).
-export([main/0]).
main() -> F = fun(X) -> X end, G = id(F), try G(1, 2) catch error:{badarity, {Fun, Args}} -> {badarity, is_function(Fun), Args} end.
id(X) -> X.
