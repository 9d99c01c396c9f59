-module(expr_calls).
-export([c/2]).

c(F, M) ->
    local(),
    local(1),
    local(1, 2, 3),
    lists:reverse([1, 2]),
    erlang:element(1, {a}),
    ?MODULE:local(),
    ?MODULE:c(F, M),
    M:f(),
    M:F(1),
    lists:F(2),
    (lists):reverse([]),
    (M):(F)(),
    F(),
    F(1, 2),
    #{ (F)(3),
    (fun() -> ok end)(),
    fun(X) -> X end(1),
    fun local/0(),
    (fun lists:reverse/1)([1]),apply(M, F, []),
    erlang:apply(F, [1]),
    self(),
    element(1, {a, b}),
    'quoted fun'(),
    'lists':'reverse'([]),
    local(local(local(local()))),
    (element(1, {fun local/0}))(),
    ok.

local() -> ok.
local(_) -> ok.
local(_, _, _) -> ok.
'quoted fun'() -> ok.
