-module(mm_errors).
-export([main/0]).

%% Exceptions raised in one module and caught in another; after clauses
%% run across modules.
main() ->
    R1 = try mm_errors_lib:fail(badarg) catch error:E1 -> {caught, E1} end,
    R2 = try mm_errors_lib:throw_it(ball) catch throw:T -> {thrown, T} end,
    R3 = catch mm_errors_lib:exit_it(done),
    R4 = try mm_errors_lib:nth(5, [1]) catch error:E4 -> {nth, E4} end,
    R5 = try mm_errors_lib:guarded(-1) catch error:E5 -> {clause, E5} end,
    R6 = try mm_errors_lib:with_after(x) after io:format("after~n") end,
    {R1, R2, R3, R4, R5, R6}.
