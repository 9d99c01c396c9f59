-module(lists_basic).
-export([main/0]).
main() -> {length([1,2,3]), hd([a,b]), tl([a,b]), [1,2] ++ [3], [1,2,3,2] -- [2], lists:reverse([1,2,3]), lists:member(b, [a,b]), lists:keyfind(b, 1, [{a,1},{b,2}])}.
