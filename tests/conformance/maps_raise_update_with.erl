-module(maps_raise_update_with).
-export([main/0]).
main() -> maps:update_with({k, 1}, fun(V) -> V + 1 end, #{{k, 2} => 1}).
