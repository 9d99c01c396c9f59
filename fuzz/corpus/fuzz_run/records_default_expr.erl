-module(records_default_expr).
-export([main/0]).
-record(cfg, {size = 2 * 8, name = "default", list = [1, 2]}).
main() -> #cfg{}.
