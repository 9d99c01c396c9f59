-module(bin_construct_int).
-export([main/0]).
main() ->
    {<<1,2,255>>, <<256:16>>, <<-1:16>>, <<-1:16/little>>, <<1:1,0:1,1:6>>, <<5:3>>,
     <<16#ABC:12/little>>, <<16#ABC:12/big>>, <<-2:12/little-signed>>, <<300:8>>, <<0:0>>,
     <<1:4/unit:2>>, <<7:3/unit:3>>, <<16#1234:16/native>>}.
