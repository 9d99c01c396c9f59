-module(pp_empty_things).
-export([main/0]).
main() -> {[], {}, "", [[]], [{}]}.
