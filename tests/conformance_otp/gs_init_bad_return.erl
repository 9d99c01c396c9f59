%% gen_server: init/1 returning something else: {error, {bad_return_value, Term}}.
-module(gs_init_bad_return).
-export([main/0, init/1]).

main() ->
    [gen_server:start(?MODULE, T, []) || T <- [foo, {ok}, {error, x}, {ok, s, t, u}]].

init(T) -> T.
