-module(try_nested).
-export([main/0]).
main() -> try try throw(inner) catch throw:inner -> throw(outer) end catch throw:W -> {caught, W} end.
