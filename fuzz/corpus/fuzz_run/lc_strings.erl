-module(lc_strings).
-export([main/0]).
main() -> [[C - 32] || C <- "abc"] ++ [[C || C <- "hello world", C =/= $o]].
