-module(exc_throw_uncaught).
-export([main/0]).
main() -> throw({my, error}).
