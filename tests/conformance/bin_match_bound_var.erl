-module(bin_match_bound_var).
-export([main/0]).
same(X, <<X:8, Y:8>>) -> {yes, Y};
same(_, _) -> no.
dup(<<A:8, A:8, Rest/binary>>) -> {dup, A, Rest};
dup(_) -> nodup.
main() -> {same(1, <<1,2>>), same(2, <<1,2>>), dup(<<5,5,6>>), dup(<<5,6,6>>)}.
