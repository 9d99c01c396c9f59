-module(mm_errors_lib).
-export([fail/1, throw_it/1, exit_it/1, nth/2, guarded/1, with_after/1]).

fail(R) -> erlang:error(R).
throw_it(X) -> throw(X).
exit_it(X) -> exit(X).
nth(N, L) -> lists:nth(N, L).
guarded(X) when X > 0 -> X.
with_after(_) ->
    try 1 + 1 after io:format("inner after~n") end.
