-module(map_key_exprs).
-export([main/0]).
%% Keys in map patterns are guard expressions: arithmetic, nested constructions, strings.
id(X) -> X.
f(K, M) -> case M of #{K + 1 := V} -> {plus, V}; #{{K, [K]} := V} -> {tup, V}; #{"ab" := V} -> {str, V}; _ -> none end.
main() -> [f(1, id(#{2 => a})), f(1, id(#{{1, [1]} => b})), f(x, id(#{"ab" => c})), f(x, id(#{2 => a})),
  f(1.0, id(#{2.0 => d, 2 => e})), (fun(#{a := A}) -> A end)(id(#{a => q}))].
