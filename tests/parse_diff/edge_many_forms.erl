-module(edge_many_forms).
-export([f0/0]).
-spec f0(integer()) -> integer().
f0(X) -> X + 0.
-spec f1(integer()) -> integer().
f1(X) -> X + 1.
-spec f2(integer()) -> integer().
f2(X) -> X + 2.
-spec f3(integer()) -> integer().
f3(X) -> X + 3.
-spec f4(integer()) -> integer().
f4(X) -> X + 4.
-spec f5(integer()) -> integer().
f5(X) -> X + 5.
-spec f6(integer()) -> integer().
f6(X) -> X + 6.
-spec f7(integer()) -> integer().
f7(X) -> X + 7.
-spec f8(integer()) -> integer().
f8(X) -> X + 8.
-spec f9(integer()) -> integer().
f9(X) -> X + 9.
-spec f10(integer()) -> integer().
f10(X) -> X + 10.
-spec f11(integer()) -> integer().
f11(X) -> X + 11.
-spec f12(integer()) -> integer().
f12(X) -> X + 12.
-spec f13(integer()) -> integer().
f13(X) -> X + 13.
-spec f14(integer()) -> integer().
f14(X) -> X + 14.
-spec f15(integer()) -> integer().
f15(X) -> X + 15.
-spec f16(integer()) -> integer().
f16(X) -> X + 16.
-spec f17(integer()) -> integer().
f17(X) -> X + 17.
-spec f18(integer()) -> integer().
f18(X) -> X + 18.
-spec f19(integer()) -> integer().
f19(X) -> X + 19.
-spec f20(integer()) -> integer().
f20(X) -> X + 20.
-spec f21(integer()) -> integer().
f21(X) -> X + 21.
-spec f22(integer()) -> integer().
f22(X) -> X + 22.
-spec f23(integer()) -> integer().
f23(X) -> X + 23.
-spec f24(integer()) -> integer().
f24(X) -> X + 24.
-spec f25(integer()) -> integer().
f25(X) -> X + 25.
-spec f26(integer()) -> integer().
f26(X) -> X + 26.
-spec f27(integer()) -> integer().
f27(X) -> X + 27.
-spec f28(integer()) -> integer().
f28(X) -> X + 28.
-spec f29(integer()) -> integer().
f29(X) -> X + 29.
-spec f30(integer()) -> integer().
f30(X) -> X + 30.
-spec f31(integer()) -> integer().
f31(X) -> X + 31.
-spec f32(integer()) -> integer().
f32(X) -> X + 32.
-spec f33(integer()) -> integer().
f33(X) -> X + 33.
-spec f34(integer()) -> integer().
f34(X) -> X + 34.
-spec f35(integer()) -> integer().
f35(X) -> X + 35.
-spec f36(integer()) -> integer().
f36(X) -> X + 36.
-spec f37(integer()) -> integer().
f37(X) -> X + 37.
-spec f38(integer()) -> integer().
f38(X) -> X + 38.
-spec f39(integer()) -> integer().
f39(X) -> X + 39.
-spec f40(integer()) -> integer().
f40(X) -> X + 40.
-spec f41(integer()) -> integer().
f41(X) -> X + 41.
-spec f42(integer()) -> integer().
f42(X) -> X + 42.
-spec f43(integer()) -> integer().
f43(X) -> X + 43.
-spec f44(integer()) -> integer().
f44(X) -> X + 44.
-spec f45(integer()) -> integer().
f45(X) -> X + 45.
-spec f46(integer()) -> integer().
f46(X) -> X + 46.
-spec f47(integer()) -> integer().
f47(X) -> X + 47.
-spec f48(integer()) -> integer().
f48(X) -> X + 48.
-spec f49(integer()) -> integer().
f49(X) -> X + 49.
-spec f50(integer()) -> integer().
f50(X) -> X + 50.
-spec f51(integer()) -> integer().
f51(X) -> X + 51.
-spec f52(integer()) -> integer().
f52(X) -> X + 52.
-spec f53(integer()) -> integer().
f53(X) -> X + 53.
-spec f54(integer()) -> integer().
f54(X) -> X + 54.
-spec f55(integer()) -> integer().
f55(X) -> X + 55.
-spec f56(integer()) -> integer().
f56(X) -> X + 56.
-spec f57(integer()) -> integer().
f57(X) -> X + 57.
-spec f58(integer()) -> integer().
f58(X) -> X + 58.
-spec f59(integer()) -> integer().
f59(X) -> X + 59.
-spec f60(integer()) -> integer().
f60(X) -> X + 60.
-spec f61(integer()) -> integer().
f61(X) -> X + 61.
-spec f62(integer()) -> integer().
f62(X) -> X + 62.
-spec f63(integer()) -> integer().
f63(X) -> X + 63.
-spec f64(integer()) -> integer().
f64(X) -> X + 64.
-spec f65(integer()) -> integer().
f65(X) -> X + 65.
-spec f66(integer()) -> integer().
f66(X) -> X + 66.
-spec f67(integer()) -> integer().
f67(X) -> X + 67.
-spec f68(integer()) -> integer().
f68(X) -> X + 68.
-spec f69(integer()) -> integer().
f69(X) -> X + 69.
-spec f70(integer()) -> integer().
f70(X) -> X + 70.
-spec f71(integer()) -> integer().
f71(X) -> X + 71.
-spec f72(integer()) -> integer().
f72(X) -> X + 72.
-spec f73(integer()) -> integer().
f73(X) -> X + 73.
-spec f74(integer()) -> integer().
f74(X) -> X + 74.
-spec f75(integer()) -> integer().
f75(X) -> X + 75.
-spec f76(integer()) -> integer().
f76(X) -> X + 76.
-spec f77(integer()) -> integer().
f77(X) -> X + 77.
-spec f78(integer()) -> integer().
f78(X) -> X + 78.
-spec f79(integer()) -> integer().
f79(X) -> X + 79.
-spec f80(integer()) -> integer().
f80(X) -> X + 80.
-spec f81(integer()) -> integer().
f81(X) -> X + 81.
-spec f82(integer()) -> integer().
f82(X) -> X + 82.
-spec f83(integer()) -> integer().
f83(X) -> X + 83.
-spec f84(integer()) -> integer().
f84(X) -> X + 84.
-spec f85(integer()) -> integer().
f85(X) -> X + 85.
-spec f86(integer()) -> integer().
f86(X) -> X + 86.
-spec f87(integer()) -> integer().
f87(X) -> X + 87.
-spec f88(integer()) -> integer().
f88(X) -> X + 88.
-spec f89(integer()) -> integer().
f89(X) -> X + 89.
-spec f90(integer()) -> integer().
f90(X) -> X + 90.
-spec f91(integer()) -> integer().
f91(X) -> X + 91.
-spec f92(integer()) -> integer().
f92(X) -> X + 92.
-spec f93(integer()) -> integer().
f93(X) -> X + 93.
-spec f94(integer()) -> integer().
f94(X) -> X + 94.
-spec f95(integer()) -> integer().
f95(X) -> X + 95.
-spec f96(integer()) -> integer().
f96(X) -> X + 96.
-spec f97(integer()) -> integer().
f97(X) -> X + 97.
-spec f98(integer()) -> integer().
f98(X) -> X + 98.
-spec f99(integer()) -> integer().
f99(X) -> X + 99.
-spec f100(integer()) -> integer().
f100(X) -> X + 100.
-spec f101(integer()) -> integer().
f101(X) -> X + 101.
-spec f102(integer()) -> integer().
f102(X) -> X + 102.
-spec f103(integer()) -> integer().
f103(X) -> X + 103.
-spec f104(integer()) -> integer().
f104(X) -> X + 104.
-spec f105(integer()) -> integer().
f105(X) -> X + 105.
-spec f106(integer()) -> integer().
f106(X) -> X + 106.
-spec f107(integer()) -> integer().
f107(X) -> X + 107.
-spec f108(integer()) -> integer().
f108(X) -> X + 108.
-spec f109(integer()) -> integer().
f109(X) -> X + 109.
-spec f110(integer()) -> integer().
f110(X) -> X + 110.
-spec f111(integer()) -> integer().
f111(X) -> X + 111.
-spec f112(integer()) -> integer().
f112(X) -> X + 112.
-spec f113(integer()) -> integer().
f113(X) -> X + 113.
-spec f114(integer()) -> integer().
f114(X) -> X + 114.
-spec f115(integer()) -> integer().
f115(X) -> X + 115.
-spec f116(integer()) -> integer().
f116(X) -> X + 116.
-spec f117(integer()) -> integer().
f117(X) -> X + 117.
-spec f118(integer()) -> integer().
f118(X) -> X + 118.
-spec f119(integer()) -> integer().
f119(X) -> X + 119.
-spec f120(integer()) -> integer().
f120(X) -> X + 120.
-spec f121(integer()) -> integer().
f121(X) -> X + 121.
-spec f122(integer()) -> integer().
f122(X) -> X + 122.
-spec f123(integer()) -> integer().
f123(X) -> X + 123.
-spec f124(integer()) -> integer().
f124(X) -> X + 124.
-spec f125(integer()) -> integer().
f125(X) -> X + 125.
-spec f126(integer()) -> integer().
f126(X) -> X + 126.
-spec f127(integer()) -> integer().
f127(X) -> X + 127.
-spec f128(integer()) -> integer().
f128(X) -> X + 128.
-spec f129(integer()) -> integer().
f129(X) -> X + 129.
-spec f130(integer()) -> integer().
f130(X) -> X + 130.
-spec f131(integer()) -> integer().
f131(X) -> X + 131.
-spec f132(integer()) -> integer().
f132(X) -> X + 132.
-spec f133(integer()) -> integer().
f133(X) -> X + 133.
-spec f134(integer()) -> integer().
f134(X) -> X + 134.
-spec f135(integer()) -> integer().
f135(X) -> X + 135.
-spec f136(integer()) -> integer().
f136(X) -> X + 136.
-spec f137(integer()) -> integer().
f137(X) -> X + 137.
-spec f138(integer()) -> integer().
f138(X) -> X + 138.
-spec f139(integer()) -> integer().
f139(X) -> X + 139.
-spec f140(integer()) -> integer().
f140(X) -> X + 140.
-spec f141(integer()) -> integer().
f141(X) -> X + 141.
-spec f142(integer()) -> integer().
f142(X) -> X + 142.
-spec f143(integer()) -> integer().
f143(X) -> X + 143.
-spec f144(integer()) -> integer().
f144(X) -> X + 144.
-spec f145(integer()) -> integer().
f145(X) -> X + 145.
-spec f146(integer()) -> integer().
f146(X) -> X + 146.
-spec f147(integer()) -> integer().
f147(X) -> X + 147.
-spec f148(integer()) -> integer().
f148(X) -> X + 148.
-spec f149(integer()) -> integer().
f149(X) -> X + 149.
-spec f150(integer()) -> integer().
f150(X) -> X + 150.
-spec f151(integer()) -> integer().
f151(X) -> X + 151.
-spec f152(integer()) -> integer().
f152(X) -> X + 152.
-spec f153(integer()) -> integer().
f153(X) -> X + 153.
-spec f154(integer()) -> integer().
f154(X) -> X + 154.
-spec f155(integer()) -> integer().
f155(X) -> X + 155.
-spec f156(integer()) -> integer().
f156(X) -> X + 156.
-spec f157(integer()) -> integer().
f157(X) -> X + 157.
-spec f158(integer()) -> integer().
f158(X) -> X + 158.
-spec f159(integer()) -> integer().
f159(X) -> X + 159.
-spec f160(integer()) -> integer().
f160(X) -> X + 160.
-spec f161(integer()) -> integer().
f161(X) -> X + 161.
-spec f162(integer()) -> integer().
f162(X) -> X + 162.
-spec f163(integer()) -> integer().
f163(X) -> X + 163.
-spec f164(integer()) -> integer().
f164(X) -> X + 164.
-spec f165(integer()) -> integer().
f165(X) -> X + 165.
-spec f166(integer()) -> integer().
f166(X) -> X + 166.
-spec f167(integer()) -> integer().
f167(X) -> X + 167.
-spec f168(integer()) -> integer().
f168(X) -> X + 168.
-spec f169(integer()) -> integer().
f169(X) -> X + 169.
-spec f170(integer()) -> integer().
f170(X) -> X + 170.
-spec f171(integer()) -> integer().
f171(X) -> X + 171.
-spec f172(integer()) -> integer().
f172(X) -> X + 172.
-spec f173(integer()) -> integer().
f173(X) -> X + 173.
-spec f174(integer()) -> integer().
f174(X) -> X + 174.
-spec f175(integer()) -> integer().
f175(X) -> X + 175.
-spec f176(integer()) -> integer().
f176(X) -> X + 176.
-spec f177(integer()) -> integer().
f177(X) -> X + 177.
-spec f178(integer()) -> integer().
f178(X) -> X + 178.
-spec f179(integer()) -> integer().
f179(X) -> X + 179.
-spec f180(integer()) -> integer().
f180(X) -> X + 180.
-spec f181(integer()) -> integer().
f181(X) -> X + 181.
-spec f182(integer()) -> integer().
f182(X) -> X + 182.
-spec f183(integer()) -> integer().
f183(X) -> X + 183.
-spec f184(integer()) -> integer().
f184(X) -> X + 184.
-spec f185(integer()) -> integer().
f185(X) -> X + 185.
-spec f186(integer()) -> integer().
f186(X) -> X + 186.
-spec f187(integer()) -> integer().
f187(X) -> X + 187.
-spec f188(integer()) -> integer().
f188(X) -> X + 188.
-spec f189(integer()) -> integer().
f189(X) -> X + 189.
-spec f190(integer()) -> integer().
f190(X) -> X + 190.
-spec f191(integer()) -> integer().
f191(X) -> X + 191.
-spec f192(integer()) -> integer().
f192(X) -> X + 192.
-spec f193(integer()) -> integer().
f193(X) -> X + 193.
-spec f194(integer()) -> integer().
f194(X) -> X + 194.
-spec f195(integer()) -> integer().
f195(X) -> X + 195.
-spec f196(integer()) -> integer().
f196(X) -> X + 196.
-spec f197(integer()) -> integer().
f197(X) -> X + 197.
-spec f198(integer()) -> integer().
f198(X) -> X + 198.
-spec f199(integer()) -> integer().
f199(X) -> X + 199.
-spec f200(integer()) -> integer().
f200(X) -> X + 200.
-spec f201(integer()) -> integer().
f201(X) -> X + 201.
-spec f202(integer()) -> integer().
f202(X) -> X + 202.
-spec f203(integer()) -> integer().
f203(X) -> X + 203.
-spec f204(integer()) -> integer().
f204(X) -> X + 204.
-spec f205(integer()) -> integer().
f205(X) -> X + 205.
-spec f206(integer()) -> integer().
f206(X) -> X + 206.
-spec f207(integer()) -> integer().
f207(X) -> X + 207.
-spec f208(integer()) -> integer().
f208(X) -> X + 208.
-spec f209(integer()) -> integer().
f209(X) -> X + 209.
-spec f210(integer()) -> integer().
f210(X) -> X + 210.
-spec f211(integer()) -> integer().
f211(X) -> X + 211.
-spec f212(integer()) -> integer().
f212(X) -> X + 212.
-spec f213(integer()) -> integer().
f213(X) -> X + 213.
-spec f214(integer()) -> integer().
f214(X) -> X + 214.
-spec f215(integer()) -> integer().
f215(X) -> X + 215.
-spec f216(integer()) -> integer().
f216(X) -> X + 216.
-spec f217(integer()) -> integer().
f217(X) -> X + 217.
-spec f218(integer()) -> integer().
f218(X) -> X + 218.
-spec f219(integer()) -> integer().
f219(X) -> X + 219.
-spec f220(integer()) -> integer().
f220(X) -> X + 220.
-spec f221(integer()) -> integer().
f221(X) -> X + 221.
-spec f222(integer()) -> integer().
f222(X) -> X + 222.
-spec f223(integer()) -> integer().
f223(X) -> X + 223.
-spec f224(integer()) -> integer().
f224(X) -> X + 224.
-spec f225(integer()) -> integer().
f225(X) -> X + 225.
-spec f226(integer()) -> integer().
f226(X) -> X + 226.
-spec f227(integer()) -> integer().
f227(X) -> X + 227.
-spec f228(integer()) -> integer().
f228(X) -> X + 228.
-spec f229(integer()) -> integer().
f229(X) -> X + 229.
-spec f230(integer()) -> integer().
f230(X) -> X + 230.
-spec f231(integer()) -> integer().
f231(X) -> X + 231.
-spec f232(integer()) -> integer().
f232(X) -> X + 232.
-spec f233(integer()) -> integer().
f233(X) -> X + 233.
-spec f234(integer()) -> integer().
f234(X) -> X + 234.
-spec f235(integer()) -> integer().
f235(X) -> X + 235.
-spec f236(integer()) -> integer().
f236(X) -> X + 236.
-spec f237(integer()) -> integer().
f237(X) -> X + 237.
-spec f238(integer()) -> integer().
f238(X) -> X + 238.
-spec f239(integer()) -> integer().
f239(X) -> X + 239.
-spec f240(integer()) -> integer().
f240(X) -> X + 240.
-spec f241(integer()) -> integer().
f241(X) -> X + 241.
-spec f242(integer()) -> integer().
f242(X) -> X + 242.
-spec f243(integer()) -> integer().
f243(X) -> X + 243.
-spec f244(integer()) -> integer().
f244(X) -> X + 244.
-spec f245(integer()) -> integer().
f245(X) -> X + 245.
-spec f246(integer()) -> integer().
f246(X) -> X + 246.
-spec f247(integer()) -> integer().
f247(X) -> X + 247.
-spec f248(integer()) -> integer().
f248(X) -> X + 248.
-spec f249(integer()) -> integer().
f249(X) -> X + 249.
-spec f250(integer()) -> integer().
f250(X) -> X + 250.
-spec f251(integer()) -> integer().
f251(X) -> X + 251.
-spec f252(integer()) -> integer().
f252(X) -> X + 252.
-spec f253(integer()) -> integer().
f253(X) -> X + 253.
-spec f254(integer()) -> integer().
f254(X) -> X + 254.
-spec f255(integer()) -> integer().
f255(X) -> X + 255.
-spec f256(integer()) -> integer().
f256(X) -> X + 256.
-spec f257(integer()) -> integer().
f257(X) -> X + 257.
-spec f258(integer()) -> integer().
f258(X) -> X + 258.
-spec f259(integer()) -> integer().
f259(X) -> X + 259.
-spec f260(integer()) -> integer().
f260(X) -> X + 260.
-spec f261(integer()) -> integer().
f261(X) -> X + 261.
-spec f262(integer()) -> integer().
f262(X) -> X + 262.
-spec f263(integer()) -> integer().
f263(X) -> X + 263.
-spec f264(integer()) -> integer().
f264(X) -> X + 264.
-spec f265(integer()) -> integer().
f265(X) -> X + 265.
-spec f266(integer()) -> integer().
f266(X) -> X + 266.
-spec f267(integer()) -> integer().
f267(X) -> X + 267.
-spec f268(integer()) -> integer().
f268(X) -> X + 268.
-spec f269(integer()) -> integer().
f269(X) -> X + 269.
-spec f270(integer()) -> integer().
f270(X) -> X + 270.
-spec f271(integer()) -> integer().
f271(X) -> X + 271.
-spec f272(integer()) -> integer().
f272(X) -> X + 272.
-spec f273(integer()) -> integer().
f273(X) -> X + 273.
-spec f274(integer()) -> integer().
f274(X) -> X + 274.
-spec f275(integer()) -> integer().
f275(X) -> X + 275.
-spec f276(integer()) -> integer().
f276(X) -> X + 276.
-spec f277(integer()) -> integer().
f277(X) -> X + 277.
-spec f278(integer()) -> integer().
f278(X) -> X + 278.
-spec f279(integer()) -> integer().
f279(X) -> X + 279.
-spec f280(integer()) -> integer().
f280(X) -> X + 280.
-spec f281(integer()) -> integer().
f281(X) -> X + 281.
-spec f282(integer()) -> integer().
f282(X) -> X + 282.
-spec f283(integer()) -> integer().
f283(X) -> X + 283.
-spec f284(integer()) -> integer().
f284(X) -> X + 284.
-spec f285(integer()) -> integer().
f285(X) -> X + 285.
-spec f286(integer()) -> integer().
f286(X) -> X + 286.
-spec f287(integer()) -> integer().
f287(X) -> X + 287.
-spec f288(integer()) -> integer().
f288(X) -> X + 288.
-spec f289(integer()) -> integer().
f289(X) -> X + 289.
-spec f290(integer()) -> integer().
f290(X) -> X + 290.
-spec f291(integer()) -> integer().
f291(X) -> X + 291.
-spec f292(integer()) -> integer().
f292(X) -> X + 292.
-spec f293(integer()) -> integer().
f293(X) -> X + 293.
-spec f294(integer()) -> integer().
f294(X) -> X + 294.
-spec f295(integer()) -> integer().
f295(X) -> X + 295.
-spec f296(integer()) -> integer().
f296(X) -> X + 296.
-spec f297(integer()) -> integer().
f297(X) -> X + 297.
-spec f298(integer()) -> integer().
f298(X) -> X + 298.
-spec f299(integer()) -> integer().
f299(X) -> X + 299.
