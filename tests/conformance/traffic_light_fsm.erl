-module(traffic_light_fsm).
-export([main/0]).
main() -> lists:foldl(fun(Ev, {S, Log}) -> S2 = next(S, Ev), {S2, [S2 | Log]} end, {red, []}, [tick, tick, tick, emergency, tick, reset, tick]).
next(red, tick) -> green;
next(green, tick) -> yellow;
next(yellow, tick) -> red;
next(_, emergency) -> flashing;
next(flashing, reset) -> red;
next(S, _) -> S.
