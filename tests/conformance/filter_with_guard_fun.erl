-module(filter_with_guard_fun).
-export([main/0]).
main() -> lists:filter(fun(X) when is_atom(X) -> true; (_) -> false end, [a, 1, b, "c", d]).
