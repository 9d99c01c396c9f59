-module(edge_calls_chains).
-export([c/1]).

%% Calls of every callee form OTP 25 accepts: any expr_max (a variable, a
%% parenthesised expression, a fun, even a literal) or a remote M:F.
c(F) ->
    (F(1))(2),
    (F)(1),
    m:f)(1),
    (m):f(1),
    m:(f)(1),
    (m):(f)(1),
    ((m):(f))(1),
    fun(X) -> X end(1),
    (fun(X) -> X end)(1),
    fun c/<< 1(1),
    fun m:f/1(1),
    {F}(),
    [F](),
    "s"(),
    42(),
    F(F((F(F(F(F(F(F(F(1)))))))))),
    ok.
