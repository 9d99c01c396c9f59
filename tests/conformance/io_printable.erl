-module(io_printable).
-export([main/0]).


main() ->
    [io_lib:printable_list("abc"), io_lib:printable_list([1]), io_lib:printable_list([]),
     io_lib:printable_list([255]), io_lib:printable_list([256]), io_lib:printable_latin1_list("é"),
     io_lib:printable_unicode_list([1049]), io_lib:printable_unicode_list([1]), io_lib:printable_unicode_list([]),
     io_lib:printable_list("a\nb\tc"), io_lib:printable_list([$a | b]), io_lib:printable_list(abc),
     io_lib:printable_unicode_list([16#D800]), io_lib:printable_unicode_list([16#FFFE])].
