-module(io_pad_chars).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~10.3.-w|", [a]), f("~-10.3.-w|", [a]), f("~10..xs|", ["ab"]), f("~10. s|", ["ab"]),
     f("~10.*w|", [2, a]), f("~10..*w|", [$@, a]), f("~10.3.*s|", [$#, "abcdef"]), f("~-10..~s|", ["ab"]),
     f("~10..éts|", ["ab"])].
