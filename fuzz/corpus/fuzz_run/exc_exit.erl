-module(exc_exit).
-export([main/0]).
main() -> exit(shutdown).
