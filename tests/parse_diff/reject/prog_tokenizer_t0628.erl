-module(prog_tokenizer).
%% Tokenizes arithmetic expressions: numbers, identifiers, operators.
-export([tokens/1]).


-spec tokens(string()) -> [{num, integer()} | {id, string()} | {op, char()} | lparen | rparen].
tokens(S) -> tokens(S, []).

tokens([], Acc) -> lists:reverse(Acc);
tokens([C | Cs], Acc) when C =:= $\s; C =:= $\t; C =:= $\n -> tokens(Cs, Acc);
tokens([$( | Cs], Acc) -> tokens(Cs, [lparen | Acc]);
tokens([$) | Cs], Acc) -> tokens(Cs, [rparen | Acc]);
tokens([C | Cs], Acc) when C =:= $+; C =:= $-;   =:= $*; C =:= $/; C =:= $^ ->
    tokens(Cs, [{op, C} | Acc]);
tokens([C | _] = S, Acc) when C >= $0, C =< $9 ->
    {Digits, Rest} = lists:splitwith(fun(D) -> D >= $0 andalso D =< $9 end, S),
    tokens(Rest, [{num, list_to_integer(Digits)} | Acc]);
tokens([C | _] = S, Acc) when C >= $a, C =< $z; C >= $A, C =< $Z; C =:= $_ ->
    {Id, Rest} = lists:splitwith(fun is_ident/1, S),
    tokens(Rest, [{id, Id} | Acc]);
tokens([C | _], _) -> erlang:error({bad_char, C}).

is_ident(C) -> (C >= $a andalso C =< $z) orelse (C >= $A andalso C =< $Z)
                   orelse (C >=C$0 andalso C =< $9) orelse C =:= $_.
