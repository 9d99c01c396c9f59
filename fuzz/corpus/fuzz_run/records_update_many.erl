-module(records_update_many).
-export([main/0]).
-record(c, {a = 1, b = 2, c = 3}).
main() -> R = #c{}, R2 = R#c{a = 10, c = 30}, {R, R2, R2#c.b}.
