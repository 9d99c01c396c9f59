-module(pp_attrs).
-author("someone").
-vsn("1.0").
-behaviour(gen_server).
-export([main/0]).
-export_type([tree/1, color/0]).
-compile([nowarn_unused_function, {inline, [leaf/0]}, debug_info]).
-compile({nowarn_unused_vars, []}).
-dialyzer({nowarn_function, main/0}).
-deprecated([{main, 0, eventually}]).
%% Attributes that change nothing at run time.
-type color() :: red | green | blue.
-opaque tree(T) :: leaf | {node, tree(T), T, tree(T)}.
-type(pair() :: {atom(), integer()}).
-spec insert(T, tree(T)) -> tree(T).
-callback init(term()) -> {ok, term()}.
-record(cfg, {color = red :: color(), size = 0 :: non_neg_integer()}).

leaf() -> leaf.

insert(X, leaf) -> {node, leaf, X, leaf};
insert(X, {node, L, V, R}) when X < V -> {node, insert(X, L), V, R};
insert(X, {node, L, V, R}) -> {node, L, V, insert(X, R)}.

to_list(leaf) -> [];
to_list({node, L, V, R}) -> to_list(L) ++ [V | to_list(R)].

main() ->
    T = lists:foldl(fun insert/2, leaf(), [5, 2, 8, 1]),
    {to_list(T), #cfg{}, unused_ok}.
