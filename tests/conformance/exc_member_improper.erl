-module(exc_member_improper).
-export([main/0]).
main() -> try lists:member(z, [a | b]) catch error:R -> R end.
