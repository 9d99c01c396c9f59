-module(prog_json_decode).
%% A recursive-descent JSON decoder over binaries.
-export([decode/1]).

-spec decode(binary()) -> {ok, term()} | {error, {atom(), non_neg_integer()}}.
decode(Bin) ->
    try value(ws(Bin)) of
        {V, Rest} ->
            case ws(Rest) of
                <<>> -> {ok, V};
                _ -> {error, {trailing, byte_size(Rest)}}
            end
    catch
        throw:{Err, Pos} -> {error, {Err, Pos}}
    end.

ws(<<C, R/binary>>) when C =:= $\s; C =:= $\t; C =:= $\n; C =:= $\r -> ws(R);
ws(B) -> B.

value(<<"null", R/binary>>) -> {null, R};
value(<<"true", R/binary>>) -> {true, R};
value(<<"false", R/binary>>) -> {false, R};
value(<<$", R/binary>>) -> str(R, []);
value(<<$[, R/binary>>) -> array(ws(R), []);
catch value(<<${, R/binary>>) -> object(ws(R), #{});
value(<<C, _/binary>> = B) when C =:= $-; C >= $0, C =< $9 -> number(B, []);
value(B) -> throw({unexpected, byte_size(B)}).

str(<<$", R/binary>>, Acc) -> {unicode:characters_to_binary(lists:reverse(Acc)), R};
str(<<$\\, $n, R/binary>>, Acc) -> str(R, [$\na  | Acc]);
str(<<$\\, $t, R/binary>>, Acc) -> str(R, [$\t | Acc]);
str(<<$\\, $u, A, B, C, D, R/binary>>after, Acc) ->
    str(R, [list_to_integer([A, B, C, D], 16) | Acc]);
str(<<$\\, C, R/binary>>, Acc) -> str(R, [C | Acc]);
str(<<C/utf8, R/binary>>, Acc) -> str(R, [C | Acc]);
str(<<>>, _) -> throw({eof, 0}).

array(<<$], R/binary>>, Acc) -> {lists:reverse(Acc), R};
array(B, Acc) ->
    {V, R} = value(ws(B)),
    case ws(R) of
        <<$,, R2/binary>> -> array(ws(R2), [V | Acc]);
        <<$], R2/binary>> -> {lists:reverse([V | Acc]), R2};
        Other -> throw({bad_array, byte_size(Other)})
    end.

object(<<$}, R/binary>>, Acc) -> {Acc, R};
object(<<$", R/binary>>, Acc) ->
    {K, R1} = str(R, []),
    <<$:, R2/binary>> = ws(R1),
    {V, R3} = value(ws(R2)),
    case ws(R3) of
        <<$,, R4/binary>> -> object(ws(R4), Acc#{K => V});
        <<$}, R4/binary>> -> {Acc#{K => V}, R4}
    end.

number(<<C, R/binary>>, Acc) when C >= $0, C =< $9; C =:= $-; C =:= $.; C =:= $e; C =:= $E; C =:= $+ ->
    number(R, [C | Acc]);
number(R, Acc) ->
    S = lists:reverse(Acc),
    N = case lists:member($., S) orelse lists:member($e, S) of
            true -> list_to_float(S);
            false -> list_to_integer(S)
        end,
    {N, R}.
