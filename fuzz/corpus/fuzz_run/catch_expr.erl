-module(catch_expr).
-export([main/0]).
main() -> {catch 1, catch throw(t), element(1, catch error(e)), catch exit(x)}.
