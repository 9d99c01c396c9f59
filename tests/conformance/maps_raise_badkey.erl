-module(maps_raise_badkey).
-export([main/0]).
main() -> maps:get(missing, maps:from_list([{I, I} || I <- lists:seq(1, 40)])).
