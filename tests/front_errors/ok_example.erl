%% An accepted file: every admitted attribute, ?MODULE, types.
-module(ok_example).
-behaviour(gen_server).
-export([init/1, handle_call/3, f/1]).
-vsn("1.0").
-moduledoc "An example.".
-record(state, {count = 0 :: non_neg_integer(), name :: atom()}).
-callback extra(term()) -> ok.
-optional_callbacks([extra/1]).
-doc "init".
-spec init(term()) -> {ok, #state{}}.
init(_) -> {ok, #state{name = ?MODULE}}.
-spec handle_call(term(), term(), #state{}) -> {reply, term(), #state{}}.
handle_call(get, _From, #state{count = C} = S) -> {reply, C, S#state{count = C + 1}};
handle_call(_, _, S) -> {reply, error, S}.
f(X) when is_integer(X), X > 0 -> [Y * 2 || Y <- lists:seq(1, X)];
f(_) -> try f(1) catch error:R:St -> {R, St} after ok end.
