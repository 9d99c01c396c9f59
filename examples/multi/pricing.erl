%% pricing.erl — the second module of the shop program: prices in cents,
%% a volume discount, and formatting. Only what it exports is callable from
%% shop.erl (a call of unit_price/1 there would be a compile error).
-module(pricing).
-export([price/2, total/1, format/1]).

unit_price(apple) -> 40;
unit_price(pear) -> 65;
unit_price(melon) -> 250.

%% 10% off from three of an item on.
price(Item, Qty) when Qty >= 3 -> unit_price(Item) * Qty * 9 div 10;
price(Item, Qty) -> unit_price(Item) * Qty.

total(Cents) -> lists:sum(Cents).

format(Cents) -> io_lib:format("~b.~2..0b", [Cents div 100, Cents rem 100]).
