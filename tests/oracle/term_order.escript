#!/usr/bin/env escript
%% term_order.escript — term order and equality vectors from real OTP for
%% tests/unit/test_term_compare.c. Writes tests/data/term/order.txt, one pair
%% per line: A<TAB>B<TAB>ORDER<TAB>EQ<TAB>EXACT where ORDER is -1, 0 or 1
%% (A < B, neither, A > B), EQ is A == B and EXACT is A =:= B; terms are
%% printed with ~w. Then one line "sorted<TAB>[...]" with lists:sort/1 of
%% all terms, and one "keys<TAB>~w" per test map (OTP's map-key order).
%% Usage: escript term_order.escript OUTFILE
-mode(compile).

main([Out]) ->
    Terms = terms(),
    {ok, F} = file:open(Out, [write]),
    [io:format(F, "~w\t~w\t~w\t~w\t~w~n", [A, B, order(A, B), A == B, A =:= B])
     || A <- Terms, B <- Terms],
    io:format(F, "sorted\t~w~n", [lists:sort(Terms)]),
    [io:format(F, "keys\t~w\t~w~n", [M, maps:keys(M)]) || M <- maps()],
    file:close(F).

order(A, B) when A < B -> -1;
order(A, B) when A > B -> 1;
order(_, _) -> 0.

terms() ->
    [0, 1, -1, 1.0, -1.0, 0.0, 2, 2.5, 576460752303423488, -576460752303423489,
     18446744073709551616, 1.8446744073709552e19, 9007199254740993, 9007199254740992.0,
     a, b, ab, 'B', 'Z', '', aa, zzz, 'hello world', true, false,
     {}, {1}, {1.0}, {2}, {a}, {1, 2}, {1, a}, {0, 0, 0}, {{1}}, {[]}, {1, {2, {3}}},
     {1, {2, {3.0}}},
     #{}, #{a => 1}, #{a => 1.0}, #{b => 1}, #{1 => a}, #{1.0 => a}, #{2 => a},
     #{a => 1, b => 2}, #{a => 2, b => 1}, #{1 => a, 1.0 => b}, #{1 => b, 1.0 => a},
     #{a => #{b => 1}}, #{a => #{b => 1.0}}, #{{1} => x}, #{{1.0} => x},
     [], [1], [1.0], [1, 2], [1 | 2], [1 | 2.0], [2], [a], [[]], [[1]], [1, 2, 3],
     [1, 2 | 3], [{1}], [#{}],
     <<>>, <<0>>, <<1>>, <<1, 2>>, <<2>>, <<255>>, <<1:1>>, <<0:1>>, <<1, 2:3>>,
     <<1, 3:3>>, <<1:7>>, <<128:8, 0:1>>, <<"abc">>, <<"abd">>, <<"ab">>].

maps() ->
    [#{2 => a, 1.0 => b, 1 => c, a => d, {} => e, [] => f, <<>> => g, 0.5 => h,
       -1 => i, 18446744073709551616 => j, 1.0e20 => k, b => l, {1.0} => m, {1} => n,
       #{} => o, #{1 => 2} => p, #{1.0 => 2} => q}].
