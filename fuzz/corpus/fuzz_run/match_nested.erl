-module(match_nested).
-export([main/0]).
main() -> Data = {user, "bob", [{age, 42}, {tags, [a, b]}]},
    {user, Name, [{age, Age} | Rest]} = Data,
    [{tags, [First | _]}] = Rest,
    {Name, Age, First}.
