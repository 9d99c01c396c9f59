-module(try_after_order).
-export([main/0]).
main() -> try f() catch throw:X -> X end.
f() -> try throw(a) after ok end.
