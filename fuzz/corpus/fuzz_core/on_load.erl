-module(on_load).
-on_load(init/0).
init() -> ok.
