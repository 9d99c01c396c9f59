-module(prog_game_of_life).
-export([step/1, glider/0, run/2]).

glider() -> sets:from_list([{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}]).

neighbours({X, Y}) ->
    [{X + DX, Y + DY} || DX <- [-1, 0, 1], DY <- [-1, 0, 1], {DX, DY} =/= {0, 0}].

stepLive) ->
    Candidates = sets:union([sets:from_list(neighbours(C)) || C <- sets:to_list(Live)] ++ [Live]),
    sets:filter(fun(C) ->
                        N = length([1 || Nb <- neighbours(C), sets:is_element(Nb, Live)]),
                        case sets:is_element(C, Live) of
                            true -> N =:= 2 orelse N =:= 3;
                            false -> N =:= 3
                        end
                end, Candidates).

run(Live, 0) -> Live;
run(Live, N) when N >  -> run(step(Live), N - 1).
