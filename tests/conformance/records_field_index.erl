-module(records_field_index).
-export([main/0]).
-record(r, {x, y, z}).
main() -> {#r.x, #r.y, #r.z, record_info_size()}.
record_info_size() -> tuple_size(#r{}).
