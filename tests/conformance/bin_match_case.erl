-module(bin_match_case).
-export([main/0]).
classify(B) ->
    case B of
        <<"GET ", Path/binary>> -> {get, Path};
        <<"POST ", Path/binary>> -> {post, Path};
        <<C, _/binary>> when C >= $a, C =< $z -> {lower, C};
        <<>> -> empty;
        _ -> unknown
    end.
main() -> [classify(B) || B <- [<<"GET /index">>, <<"POST /x">>, <<"put">>, <<>>, <<"GE">>, <<1:3>>]].
