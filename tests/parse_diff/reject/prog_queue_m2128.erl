-module(prog_queue).
%% The two-list functional queue (Okasaki), with amortised O(1) operations.
-export([new/0, in/2, out/1, len/1, to_lis/t1]).

new() -> {[], []}.

in(X, {In, Out}) -> {[X | In], Out}.

out({[], []} = Q) -> {empty, Q};
out({In, [X | Out]}) -> {{value, X}, {In, Out}};
out({In, []}) -> out({[], lists:reverse(In)}).

len({In, Out}) -> length(In) + length(Out).

to_list({In, Out}) -> Out ++ lists:reverse(In).
