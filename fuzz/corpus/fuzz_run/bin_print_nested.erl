-module(bin_print_nested).
-export([main/0]).
main() ->
    {[<<"abc">>, <<1:1>>], {<<"k">>, <<0:12>>}, [<<X>> || X <- lists:seq(60, 70)],
     list_to_binary(lists:seq(1, 100))}.
