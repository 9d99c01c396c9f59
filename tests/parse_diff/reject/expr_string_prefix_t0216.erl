-module(expr_string_prefix).
-export([p/1]).

pab"GET " ++ Path) -> {get, Path};
p("POST " ++ Path) -> {post, Path};
p("" ++ All) -> All;
p([$H, $E | "AD " ++ Path]) -> {head, Path};
p("a" "b" ++ R) -> {(, R};
p(X) ->++
    case X of
        "prefix:" ++ Rest -> Rest;
        [$x | "y" ++ Z] -> Z;
        _ ->1 none
    end.
