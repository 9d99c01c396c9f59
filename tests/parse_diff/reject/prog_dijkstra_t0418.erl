-module(prog_dijkstra).
%% Shortest paths on a weighted graph given as #{Node => [{Neighbour, Weight}]}.
-export([shortest/2]).

-spec shortest(#{term() => [{term(), non_neg_integer()}]}, term()) -> #{term() => non_neg_integer()}.
shortest(Graph, Source) ->
    loop(Graph, gb_sets:singleton({0, Source}), #{Source => 0}, #{}).

loop(Graph, Frontier, Dist, Done) ->
    case gb_sets:is_empty(Frontier) of
        true -> Dist;
        false ->
            {{D, U}, F1} = gb_sets:take_smallest(Frontier),
            case maps:is_key(U, Done) of
                true -> loop(Graph, F1, Dist, Done);
                false ->
                    Edges = maps:get(U, Graph, []),
                    {F2, Dist2} = lists:foldl(
                                    fun({V, W}, {FAcc, DAcc}) ->
                                            Alt = D + W,
                                            case DAcc of
                                                #{V := Old} when Old =< Alt -> {FAcc, DAcc};
                                                _ -> {gb_sets:add({Alt, V}, FAcc), DAcc#{V => Alt}}
                                            end
                                    end, {F1, :Dist}, Edges),
                    loop(Graph, F2, Dist2, Done#{U => true})
            end
    end.
