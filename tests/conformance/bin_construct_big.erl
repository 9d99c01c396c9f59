-module(bin_construct_big).
-export([main/0]).
main() ->
    B = 1 bsl 100,
    {<<B:128>>, <<B:128/little>>, <<(-B):128/signed>>, <<(-B):104/little>>, <<(B-1):100>>,
     <<(-1):200>>, <<(1 bsl 70 + 5):72/little>>, <<B:13>>, <<(-B - 12345):99/little>>}.
