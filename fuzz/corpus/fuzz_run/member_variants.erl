-module(member_variants).
-export([main/0]).
main() -> {lists:member(1.0, [1]), lists:member(1, [1]), lists:member({a}, [b, {a}]), lists:member(x, [])}.
