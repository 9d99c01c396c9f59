-module(char_ranges).
-export([main/0]).
main() -> [class(C) || C <- "aZ5 _!"].
class(C) when C >= $a, C =< $z -> lower;
class(C) when C >= $A, C =< $Z -> upper;
class(C) when C >= $0, C =< $9 -> digit;
class($\s) -> space;
class($_) -> underscore;
class(_) -> other.
