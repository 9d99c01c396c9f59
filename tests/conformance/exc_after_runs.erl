-module(exc_after_runs).
-export([main/0]).
main() -> try t() catch throw:x -> caught end.
t() -> try throw(x) after io_free end.
