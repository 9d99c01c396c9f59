-module(strings).
-export([main/0]).
main() -> {"hello", "tab\there", "quote\"q", [104, 105], "", [$a, $b | "cd"], "ab" ++ "cd", length("hello")}.
