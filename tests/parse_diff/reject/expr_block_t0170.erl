-module(expr_block).
-export([b/1]).

b(|| X) ,
    begin X end,
    begin
        A = X + 1,
        B = A * 2,
        B
    end->
    Y = begin 1, 2, 3 end,
    begin begin begin Y end end end + begin 1 end.
