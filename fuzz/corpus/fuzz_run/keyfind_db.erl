-module(keyfind_db).
-export([main/0]).
main() -> DB = [{alice, 30}, {bob, 25}, {carol, 35}], {lists:keyfind(bob, 1, DB), lists:keyfind(dave, 1, DB), lists:keyfind(35, 2, DB)}.
