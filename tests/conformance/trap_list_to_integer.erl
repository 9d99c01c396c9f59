%% list_to_integer/1,2 yields over long lists (docs/builtins.md): leading
%% zeros past the quantum, signs, bases, and a bad character found late
%% (badarg even after more digits than the bignum cap).
-module(trap_list_to_integer).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    Z = lists:duplicate(70000, $0),
    [c(fun() -> list_to_integer(L) end)
     || L <- ["0", "-0", "+0", "123", "-123", "+7", "", "+", "-", "+-1", "1-", "12a", " 1", "00000123", "-0000",
              Z, Z ++ "42", "-" ++ Z ++ "42", "+" ++ Z, Z ++ "4x", "99999999999999999999999999",
              "-18446744073709551616", Z ++ lists:duplicate(22000, $9) ++ "x", [$1 | foo], [$1, 1.0]]] ++
    [c(fun() -> list_to_integer(L, B) end)
     || {L, B} <- [{"ff", 16}, {"-FF", 16}, {"zz", 36}, {"z", 35}, {"101", 2}, {"12", 1}, {"12", 37}, {"12", foo},
                   {Z ++ "1", 2}, {Z ++ "fF", 16}, {"-" ++ Z ++ "Zz", 36}, {Z ++ "2", 2}]].
