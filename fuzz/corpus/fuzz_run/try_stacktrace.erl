-module(try_stacktrace).
-export([main/0]).
main() -> try error(oops) catch error:R:St -> {R, is_list(St)} end.
