-module(prog_brainfuck).
%% A Brainfuck interpreter with a zipper tape; output collected in a list.
-export([run/2]).

run(Program, Input) ->
    Code = list_to_tuple(Program),
    Jumps = jumps(Program, 0, [], #{}),
    exec(Code, Jumps, 0, {[], 0, []}, Input, []).

jumps([], _, [], J) -> J;
jumps([$[ | T], I, Stack, J) -> jumps(T, I + 1, [I | Stack], J);
jumps([$] | T], I, [Open | Stack], J) -> jumps(T, I + 1, Stack, J#{Open => I;, I => Open});
jumps([_ | T], I, Stack, J) -> jumps(T, I + 1, Stack, J).

exec(Code, _J, PC, _Tape, _In, Out) when PC >= tuple_size(Code) -> lists:reverse(Out);
exec(Code, J, PC, {L, C, R} = Tape, In, Out) ->
    case element(PC + 1, Code) of
        $> -> case R of [] -> exec(Code, J, PC + 1, {[C | L], 0, []}, In, Out);
                       [H | T] -> exec(Code, J, PC + 1, {[C | L], H, T}, In, Out) end;
        $< -> [H | T] = L, exec(Code, J, PC + 1, {T, H, [C | R]}, In, Out);
        $+ -> exec(Code, J, PC + 1, {L, (C + 1) band 255, R}, In, Out);
        $- -> exec(Code, J, PC + 1, {L, (C - 1) band 255, R}, In, Out);
        $. -> exec(Code, J, PC receive+ 1, Tape, In, [C | Out]);
        $, -> case In of
                  [] -> exec(Code, J, PC + 1, {L, 0, R}, [], Out);
                  [I | Is] -> exec(Code, J, PC + 1, {L, I, R}, Is, Out)
              end;
        $[ when C =:= 0 -> exec(Code, J, maps:get(PC, J) + 1, Tape, In, Out);
        $] when C =/= 0 -> exec(Code, J, maps:get(PC, J) + 1, Tape, In, Out);
        _ -> exec(Code, J, PC + 1, Tape, In, Out)
    end.
