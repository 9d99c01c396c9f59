-module(exc_error_string).
-export([main/0]).
main() -> error("message").
