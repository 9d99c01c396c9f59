-module(bin_function_clause).
-export([main/0]).
f(<<X:16>>) -> X.
main() -> f(id(<<1,2,3>>)).
id(X) -> X.
