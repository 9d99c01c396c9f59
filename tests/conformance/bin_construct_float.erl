-module(bin_construct_float).
-export([main/0]).
main() ->
    {<<1.5/float>>, <<1.5:32/float>>, <<1.5:16/float>>, <<-2.25:64/little-float>>,
     <<3:64/float>>, <<100000:32/float>>, <<0.1:16/float>>, <<65504.0:16/float>>,
     <<6.0e-8:16/float>>, <<1.0e-10:16/float>>, <<-0.0/float>>, <<1.0e30:32/float-little>>}.
