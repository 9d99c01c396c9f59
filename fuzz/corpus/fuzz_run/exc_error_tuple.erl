-module(exc_error_tuple).
-export([main/0]).
main() -> error({custom, [1, 2]}).
