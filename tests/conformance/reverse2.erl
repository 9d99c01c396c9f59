-module(reverse2).
-export([main/0]).
main() -> {lists:reverse([1, 2, 3], [4, 5]), lists:reverse([], [a]), lists:reverse("abc")}.
