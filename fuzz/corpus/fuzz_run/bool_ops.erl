-module(bool_ops).
-export([main/0]).
main() -> {true and false, true or false, true xor true, not true, not false}.
