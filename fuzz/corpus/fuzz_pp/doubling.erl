-module(m).
-define(A0, x).
-define(A1, {?A0, ?A0}).
-define(A2, {?A1, ?A1}).
-define(A3, {?A2, ?A2}).
-define(D(X), {X, X}).
f() -> {?A3, ?D(?D(?D(1)))}.
