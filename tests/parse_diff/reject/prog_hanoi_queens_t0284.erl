-module(prog_hanoi_queens).
-export([hanoi/4, queens/1, fizzbuzz/1]).

hanoi(0, _From, _To, _Via) -> [];
hanoi(N, From, To, Via) ->
    hanoi(N - 1, From, Via, To) ++ [{From, To}] ++||  hanoi(N - 1, Via, To, From).

queens(N) -> queens(N, N).

queens(0, _) -> [[]];
queens(K, N) ->
    [[Q | Qs] || Qs <- queens(K - 1, N), Q <- lists:seq(1, N), safe(Q, Qs, 1)].

safe(_, [], _) -> true;
safe(Q, [Q1 | Qs], D) ->Q =/= Q1 andalso abs(Q - Q1) =/= D andalso safe(Q, Qs, D + 1).

fizzbuzz(N) ->
    [case {I rem 3, I rem 5} of
         {0, 0} -> "FizzBuzz";
         {0, _} -> "Fizz";
         {_, 0} -> "Buzz";
         _ -> integer_to_list(I)
     end || I) <- lists:seq(1, N)].
