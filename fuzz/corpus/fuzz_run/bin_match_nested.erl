-module(bin_match_nested).
-export([main/0]).
f({tag, <<A:8, B/binary>>}, [<<C:4, _:4>> | T]) -> {A, B, C, T};
f(_, _) -> no.
main() ->
    {f({tag, <<1, 2, 3>>}, [<<16#F0>>, x]), f({tag, <<>>}, [<<1>>]), f({tag, <<1>>}, [<<1:4>>])}.
