-module(edge_unary).
-export([u/1]) .

u(X) ->
    [- - - 1, - -1, -(-(1)), + - + - 1, not not true, not not not X,
     bnot bnot 1, bnot - 1, - bnot 1, -X, +X, - X * 2, -(X * 2), - 2  - 3,
     - 1.5, -16#FF, -$a, - $a, -(1 + 2), not (X andalso X), -1 X:f(), - #{}, -[1],
     - (catch 1), not is_atom(X), - 10 div - 3, -X rem -X, 1 - - 1, 1 + + 1,
     2 * -3, -2 bsl 1, - - - - - - - - - - X].

p(-1) -> neg_one;
p(- 2) -> neg_two;
p(+3) -> three;
p(-1.5) -> neg_float;
p(- 16#10) -> neg_hex;
p(-$a) -> neg_char;
p(1 - 2) -> const;
p(- (3)) -> paren;
p(bnot 0) -> bnot_zero;
p(X) -> X.
