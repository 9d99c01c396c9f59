-module(exc_class_exit_caught).
-export([main/0]).
main() -> try exit({shutdown, 1}) catch exit:R -> {exited, R} end.
