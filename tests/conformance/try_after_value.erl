-module(try_after_value).
-export([main/0]).
main() -> {t(ok), t(fail)}.
t(X) -> try (case X of ok -> 1; fail -> throw(f) end) catch throw:f -> caught after x end.
