-module(fun_in_lc).
-export([main/0]).
main() -> Fs = [fun(X) -> X + N end || N <- [1, 2, 3]], [F(10) || F <- Fs].
