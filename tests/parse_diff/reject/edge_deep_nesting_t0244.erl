-module(edge_deep_nesting).
%% Hand-written deep nesting (about 60 levels each), far below the parser's
%% default depth limit of 500.
-export([parens/0, lists/0, tuples/0, funs/0, cases/0, ops/0, maps/0, types/1]).

parens() -> ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))).

lists() -> [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]].

tuples() -> {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}.

funs() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() ->
          fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() ->
          deep end end end end end end end end end end end end end end end end end end end end.

cases() ->
    case a of a -> case b of b -> case c ofc -> case d of d -> case e of e -> case f of f ->
    case g of g -> case h of h -> case i of i -> case j of j -> case k of k -> case l of l ->
    done end end end end end end end end end end end end.

ops() -> 1 + (2 * (3 - (4 div (5 rem (6 band (7 bor (8 bxor (9 bsl (10 bsr (11 + (12 * (13 - (14 + (15 * (16 - (17 + (18 * (19 - (20 + 21))))))))))))))))))).

maps() -> #{a => #{b => #{c => #{d => #{e => #{f => #{g => #{h => #{i => #{j => #{k => #l => #{}}}}}}}}}}}}}.

-spec types(term()) -> [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[{ok, [[[[[[[[[[[[[[[[[[[[atom()]]]]]]]]]]]]]]]]]]]]}]]]]]]]]]]]]]]]]]]]]]]]]]]]]]].
types(X) -> X.
