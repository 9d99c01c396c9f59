-module(permutations).
-export([main/0]).
main() -> perms([1, 2, 3]).
perms([]) -> [[]];
perms(L) -> [[H | T] || H <- L, T <- perms(L -- [H])].
