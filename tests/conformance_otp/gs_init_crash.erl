%% gen_server: init/1 raising: error -> {error, {Reason, Stack}}, exit -> {error, Reason},
%% throw -> the thrown value is the return.
-module(gs_init_crash).
-export([main/0, init/1, handle_call/3]).

main() ->
    {error, {badarith, St}} = gen_server:start(?MODULE, error, []),
    A = is_list(St),
    B = gen_server:start(?MODULE, exit, []),
    {ok, P} = gen_server:start(?MODULE, throw_ok, []),
    C = gen_server:call(P, get),
    D = gen_server:start(?MODULE, throw_stop, []),
    {error, {{badmatch, 2}, _}} = gen_server:start(?MODULE, badmatch, []),
    {A, B, C, D}.

init(error) -> 1 / zero();
init(exit) -> exit(bye);
init(throw_ok) -> throw({ok, thrown});
init(throw_stop) -> throw({stop, thrown_stop});
init(badmatch) -> 1 = two().
zero() -> 0.
two() -> 2.
handle_call(get, _, S) -> {reply, S, S}.
