-module(io_char_list).
-export([main/0]).


main() ->
    [io_lib:char_list("abc"), io_lib:char_list([1049]), io_lib:char_list([-1]), io_lib:char_list([a]),
     io_lib:char_list([]), io_lib:char_list(abc), io_lib:char_list([$a | b]), io_lib:deep_char_list(["ab", [$c]]),
     io_lib:deep_char_list([<<"a">>]), io_lib:deep_char_list([[[]]]), io_lib:char_list([16#D800]),
     io_lib:char_list([16#10FFFF]), io_lib:char_list([16#110000])].
