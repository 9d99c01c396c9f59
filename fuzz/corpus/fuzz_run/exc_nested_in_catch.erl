-module(exc_nested_in_catch).
-export([main/0]).
main() -> try f() catch error:function_clause -> caught end.
f() -> g(x).
g(1) -> ok.
