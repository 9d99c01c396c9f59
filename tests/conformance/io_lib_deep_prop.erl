-module(io_lib_deep_prop).
-export([main/0]).
%% io_lib:format's nesting of ~w ~W ~p ~P (nine forms) on 150 seeded random terms
%% (an LCG: the same terms in erl and here), compared by the phash2 of each
%% result (equal nesting, equal hash), with the flat texts' phash2 too.
%% (each term is made, printed and dropped in turn: little live data, so
%% the collect-at-every-allocation test mode stays within its deadline)
main() ->
    Forms = ["~w", "~p", "~P", "~40p", "x ~p", "~tp", "~lp", "~W", "~120p"],
    {Rows, _} = lists:foldl(fun(_, {Acc, S}) ->
                                    {T, S1} = term(S, 3),
                                    Row = [{erlang:phash2(R), erlang:phash2(lists:flatten(R))}
                                           || F <- Forms, R <- [fmt(F, T)]],
                                    {[Row | Acc], S1}
                            end, {[], 12345}, lists:seq(1, 150)),
    Hashes = lists:reverse(Rows),
    {erlang:phash2(Hashes), lists:sublist(Hashes, 20)}.

fmt(F, T) when F =:= "~P"; F =:= "~W" -> io_lib:format(F, [T, 4]);
fmt(F, T) -> io_lib:format(F, [T]).

next(S) -> (S * 1103515245 + 12345) rem 2147483648.

pick(S, N) -> S1 = next(S), {(S1 bsr 8) rem N, S1}.

term(S, 0) -> leaf(S);
term(S0, D) ->
    {K, S} = pick(S0, 10),
    if
        K < 4 -> leaf(S);
        K < 6 -> {N, S1} = pick(S, 12), seq(S1, D, N, list);
        K < 8 -> {N, S1} = pick(S, 6), seq(S1, D, N, tuple);
        true -> {N, S1} = pick(S, 5), seq(S1, D, N, map)
    end.

seq(S, D, N, Kind) ->
    {Es, S1} = lists:foldl(fun(_, {Acc, Si}) -> {E, Sj} = term(Si, D - 1), {[E | Acc], Sj} end,
                           {[], S}, lists:seq(1, N)),
    case Kind of
        list -> {Es, S1};
        tuple ->
            {Tag, S2} = pick(S1, 3),
            case Tag of
                0 -> {list_to_tuple([record_tag | Es]), S2};
                _ -> {list_to_tuple(Es), S2}
            end;
        map -> {maps:from_list([{E, [E]} || E <- Es]), S1}
    end.

leaf(S0) ->
    {K, S} = pick(S0, 9),
    {V, S1} = pick(S, 100000),
    T = case K of
            0 -> V;
            1 -> -V * 1000000000000;
            2 -> lists:nth(V rem 5 + 1, [a, 'B c', ok, 'hello_world', []]);
            3 -> "str" ++ integer_to_list(V);
            4 -> <<"bin", (V rem 256)>>;
            5 -> <<V:20>>;
            6 -> V / 7;
            7 -> [V rem 300, V rem 7 | tail];
            8 -> {}
        end,
    {T, S1}.
