-module(exc_nested_try_rethrow).
-export([main/0]).
main() -> try try error(inner) catch error:E -> error({wrapped, E}) end catch error:W -> W end.
