-module(try_nested_after).
-export([main/0]).
main() -> try try throw(a) after b end catch throw:V -> {got, V} end.
