-module(m).
-include("h.hrl").
-include_lib("a/include/h.hrl").
f() -> {?H(1), ?LINE}.

%%%HEADER
-ifndef(H_HRL).
-define(H_HRL, 1).
-define(H(X), {X, ??X}).
-include("h.hrl").
-endif.
