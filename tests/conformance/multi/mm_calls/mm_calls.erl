-module(mm_calls).
-export([main/0, down/2]).

%% Calls between modules, including tail calls that bounce between two
%% modules a million times (no stack growth) and a module calling itself
%% through a qualified name.
main() ->
    A = mm_calls_util:double(21),
    B = mm_calls_util:sum([1, 2, 3, 4]),
    C = down(1000000, 0),
    D = mm_calls:down(10, 0),
    {A, B, C, D, mm_calls_util:name()}.

down(0, Acc) -> Acc;
down(N, Acc) -> mm_calls_util:step(N, Acc).
