-module(records_nested).
-export([main/0]).
-record(addr, {city = "x", zip = 0}).
-record(person, {name, addr = #addr{}}).
main() -> P = #person{name = bob, addr = #addr{city = "paris"}}, {P#person.addr#addr.city, (P#person.addr)#addr.zip, P}.
