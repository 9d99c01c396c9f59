-module(string_pattern_prefix).
-export([main/0]).
main() -> [f(S) || S <- ["GET /index", "POST /form", "PUT x", "DELETE"]].
f("GET " ++ Path) -> {get, Path};
f("POST " ++ Path) -> {post, Path};
f(Other) -> {unknown, Other}.
