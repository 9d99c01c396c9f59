-module(try_in_loop).
-export([main/0]).
main() -> lists:map(fun(X) -> try 10 div X catch error:badarith -> inf end end, [1, 2, 0, 5]).
