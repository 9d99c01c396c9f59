-module(catch_throw_value).
-export([main/0]).
main() -> {catch throw({a, b}), catch 1 + 1, (catch throw(x)) == x}.
