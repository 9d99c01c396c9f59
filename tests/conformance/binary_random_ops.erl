%% binary_random_ops.erl -- property cases: match, matches, split and replace
%% on pseudo-random subjects and patterns over a small alphabet (so matches
%% are frequent and overlap), with random options; the expected output is
%% erl's.
-module(binary_random_ops).
-export([main/0]).

main() ->
    {Cases, _} = lists:mapfoldl(fun(_, S) -> one(S) end, 12345, lists:seq(1, 80)),
    Cases.

rand(S, N) -> S1 = (S * 1103515245 + 12345) rem 2147483648, {(S1 bsr 16) rem N, S1}.

str(S, 0, Acc) -> {list_to_binary(Acc), S};
str(S, N, Acc) -> {C, S1} = rand(S, 3), str(S1, N - 1, [element(C + 1, {$a, $b, $,}) | Acc]).

pats(S, 0, Acc) -> {Acc, S};
pats(S, N, Acc) -> {L, S1} = rand(S, 3), {P, S2} = str(S1, L + 1, []), pats(S2, N - 1, [P | Acc]).

one(S0) ->
    {Len, S1} = rand(S0, 30),
    {Subj, S2} = str(S1, Len, []),
    {NP, S3} = rand(S2, 3),
    {Ps, S4} = pats(S3, NP + 1, []),
    Pat = case Ps of [One] -> One; _ -> Ps end,
    {Op, S5} = rand(S4, 6),
    {Opt, S6} = rand(S5, 6),
    {Sc, S7} = rand(S6, Len + 1),
    Scope = [{scope, {Sc, Len - Sc}} || Opt =:= 5],
    Flags = element(Opt + 1, {[], [global], [global, trim], [global, trim_all], [trim], [global]}),
    R = try
            case Op of
                0 -> binary:match(Subj, Pat, Scope);
                1 -> binary:matches(Subj, Pat, Scope);
                2 -> binary:split(Subj, Pat, Flags ++ Scope);
                3 -> binary:replace(Subj, Pat, <<"<>">>, [G || G <- Flags, G =:= global] ++ Scope);
                4 -> binary:replace(Subj, Pat, <<"[]">>, [global, {insert_replaced, 1} | Scope]);
                5 -> binary:split(Subj, binary:compile_pattern(Pat), [global | Scope])
            end
        catch C:E -> {C, E}
        end,
    {{Op, Subj, Pat, Flags, Scope, R}, S7}.
