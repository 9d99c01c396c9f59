-module(records_basic).
-export([main/0]).
-record(person, {name, age = 0, tags = []}).
main() -> P = #person{name = "ann"}, P2 = P#person{age = 30}, {P, P2#person.age, P2#person.name, is_record(P2, person), #person.age}.
