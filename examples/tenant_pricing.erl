%% tenant_pricing.erl — per-tenant pricing logic: each tenant of a SaaS shop
%% has its own price list, volume tiers and coupon rules, and the host runs
%% the same code for every tenant with that tenant's configuration as data.
%% Amounts are integer cents.
%%   hl run examples/tenant_pricing.erl quote '#{tiers => [{10, 5}], vat => 20, prices => #{pen => 150}, coupons => #{}}' '[{pen, 12}]' none
%%   hl run examples/tenant_pricing.erl main
-module(tenant_pricing).
-export([quote/3, main/0]).

%% quote(Tenant, Cart, Coupon) -> {ok, #{...}} | {error, Why}
quote(Tenant, Cart, Coupon) ->
    #{prices := Prices, tiers := Tiers, vat := Vat, coupons := Coupons} = Tenant,
    case lines(Cart, Prices, []) of
        {error, _} = E -> E;
        {ok, Lines} ->
            Units = lists:sum([Q || {_, Q, _} <- Lines]),
            Gross = lists:sum([Amount || {_, _, Amount} <- Lines]),
            Volume = Gross * tier_percent(Units, Tiers) div 100,
            CouponOff = coupon(Coupon, Coupons, Gross - Volume),
            Net = Gross - Volume - CouponOff,
            Tax = (Net * Vat + 50) div 100,
            {ok, #{lines => Lines, discount => Volume + CouponOff, net => Net, tax => Tax, total => Net + Tax}}
    end.

lines([], _Prices, Acc) -> {ok, lists:reverse(Acc)};
lines([{Sku, Qty} | Rest], Prices, Acc) when is_integer(Qty), Qty > 0 ->
    case maps:find(Sku, Prices) of
        {ok, Unit} -> lines(Rest, Prices, [{Sku, Qty, Unit * Qty} | Acc]);
        error -> {error, {unknown_sku, Sku}}
    end;
lines([Bad | _], _Prices, _Acc) -> {error, {bad_line, Bad}}.

%% The highest tier whose minimum the units reach: [{MinUnits, Percent}].
tier_percent(Units, Tiers) ->
    lists:foldl(fun({Min, Pct}, Best) when Units >= Min, Pct > Best -> Pct;
                   (_, Best) -> Best
                end, 0, Tiers).

coupon(none, _Coupons, _Amount) -> 0;
coupon(Code, Coupons, Amount) ->
    case maps:get(Code, Coupons, undefined) of
        {percent, P} -> Amount * P div 100;
        {fixed, Cents} -> min(Cents, Amount);
        undefined -> 0
    end.

main() ->
    Acme = #{prices => #{pen => 150, pad => 420}, tiers => [{10, 5}, {50, 12}], vat => 20,
             coupons => #{spring => {percent, 10}}},
    Umbrella = #{prices => #{pen => 99, pad => 399, ink => 250}, tiers => [{100, 8}], vat => 7,
                 coupons => #{welcome => {fixed, 500}}},
    Cart = [{pen, 40}, {pad, 15}],
    [{acme, quote(Acme, Cart, spring)},
     {umbrella, quote(Umbrella, Cart, welcome)},
     {umbrella_ink, quote(Umbrella, [{ink, 2}], none)},
     {acme_ink, quote(Acme, [{ink, 2}], none)}].
