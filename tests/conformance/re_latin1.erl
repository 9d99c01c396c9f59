-module(re_latin1).
-export([main/0]).

%% Every byte against the character classes and caseless matching, in
%% latin1 and in unicode mode (PCRE's tables decide both below 256).
m(C, P, O) -> case re:run([C], P, O) of nomatch -> 0; _ -> 1 end.

main() ->
    Cls = ["\\s", "\\d", "\\w", "[[:upper:]]", "[[:lower:]]", "[[:alpha:]]", "[[:xdigit:]]",
           "[[:graph:]]", "[[:print:]]", "[[:punct:]]", "[[:cntrl:]]", "[[:alnum:]]", "\\W", "\\S"],
    Rows = [[C, [m(C, P, O) || P <- Cls, O <- [[], [unicode]]],
             [D || [{D, 1}] <- partners(C), D =/= C]]
            || C <- lists:seq(0, 255)],
    [io:format("~w~n", [R]) || R <- Rows],
    ok.

%% The bytes that match byte C caseless (one search over all 256 bytes).
partners(C) ->
    All = list_to_binary(lists:seq(0, 255)),
    case re:run(All, "\\x{" ++ integer_to_list(C, 16) ++ "}", [caseless, global]) of
        {match, Ms} -> Ms;
        nomatch -> []
    end.
