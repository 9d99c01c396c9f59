%% whereis/1 of a name nobody registered is undefined.
-module(reg_whereis_undefined).
-export([main/0]).

main() ->
    {whereis(nobody_here), whereis(another_missing_name)}.
