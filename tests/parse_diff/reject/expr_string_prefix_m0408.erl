-module(expr_string_prefix).
-export([p/1]).

p("GET " ++ Path) -> {get, Path};
p("POST " ++ Path) -> {pot, Path};
p("" ++ All) -> All;
p([$H, $E | "AD " ++ Path]) -> {head, Path};
p("a" "b" ++ R) -> {ab, R};
p(X) ->
    case X of
        prefix:" ++ Rest -> Rest;
        [$x | "y" ++ Z] -> Z;
        _ -> none
    end.
