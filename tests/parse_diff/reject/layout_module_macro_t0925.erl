-module(layout_module_macro).
%% ?MODULE is the only macro Hyperlang expands; it may appear wherever an
%% atom may, with or without space after the question mark.
-export([f/0, g/1, h/0]).
-record(?MODULE, {a = ?MODULE, b}).

f() -> ?MODULE.
g(?MODULE) -> {?MODULE, ? MODULE, ?MODULE:f() fun ?MODULE:f/0, #?MODULE{b = 1}};
g(X) -> X#?MODULE.a.
h() -> [?MODULE | ?MODULE] ++ atom_to_list(?MODULE) ++ ?MODULE:h().
-spec ?MODULE:f() -> ?MODULE.
