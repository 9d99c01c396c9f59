-module(mm_records_geo).
-export([make/2, move/3, dist2/1]).

-record(point, {x = 0, y = 0}).

make(X, Y) -> #point{x = X, y = Y}.
move(#point{x = X, y = Y} = P, DX, DY) -> P#point{x = X + DX, y = Y + DY}.
dist2(#point{x = X, y = Y}) -> X * X + Y * Y.
