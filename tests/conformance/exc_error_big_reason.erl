-module(exc_error_big_reason).
-export([main/0]).
main() -> error({1 bsl 70, [a, "str", {t}], 2.5}).
