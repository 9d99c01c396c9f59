-module(catch_values).
-export([main/0]).
main() -> [shape(catch f(X)) || X <- [1, 2, 3, 4]].
shape({'EXIT', {Reason, Stack}}) when is_list(Stack) -> {error_exit, Reason};
shape(Other) -> Other.
f(1) -> ok;
f(2) -> throw(thrown);
f(3) -> exit(exited);
f(4) -> error(failed).
