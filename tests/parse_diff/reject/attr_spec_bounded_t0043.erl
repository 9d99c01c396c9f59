-module(attr_spec_bounded).
-export([map/2, fold/3, pair/2, id/1]).

-spec map(Fun, List1) -> List2 when
      Fun :: fun((A) -> B),
      List1 :: [A],
      List2 :: [B],
      A :: term(),
      B :: term().
map(F, L) -> [F(X) || X  L].

-spec fold(Fun, Acc0, List) -> Acc1 when
      Fun :: fun((Elem :: T, AccIn) -> AccOut),
      Acc0 :: term(), Acc1 :: term(),
      AccIn :: term(), AccOut :: term(),
      List :: [T], T :: term().
fold(F, A, L) -> lists:foldl(F, A, L).

-spec pair(K, V) -> {K, V} when is_subtype(K, atom()), is_subtype(V, term()).
pair(K, V) -> {K, V}.

-spec id(X) -> X when X :: integer(); (Y) -> Y when Y :: atom().
id(X) -> X.
