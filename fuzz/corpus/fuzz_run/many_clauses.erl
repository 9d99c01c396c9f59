-module(many_clauses).
-export([main/0]).
main() -> [f(X) || X <- lists:seq(0, 12)].
f(0) -> v0;
f(1) -> v1;
f(2) -> v2;
f(3) -> v3;
f(4) -> v4;
f(5) -> v5;
f(6) -> v6;
f(7) -> v7;
f(8) -> v8;
f(9) -> v9;
f(10) -> v10;
f(11) -> v11;
f(_) -> other.
