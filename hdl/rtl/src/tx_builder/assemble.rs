//! Stage P of `TxBuilder`: lengths and the IPv4 checksum into their
//! fields, the layers placed one after the other.

use super::*;

hdl_block! {
    /// Stage P of `TxBuilder` (combinational): the lengths and the IPv4
    /// checksum go into their fields, the pieces are placed one after the other
    /// (their offsets depend on the tag and the IP version), and the header is
    /// turned into three little-endian beats (frame byte j in bits 8j+7..8j).
    pub struct TxAssemble {
        /// L2 piece.
        pub l2: Signal<In, Bits<L2_BITS>>,
        /// L3 piece.
        pub l3: Signal<In, Bits<L3_BITS>>,
        /// UDP piece.
        pub udp: Signal<In, Bits<UDP_BITS>>,
        /// Braid piece.
        pub br: Signal<In, Bits<BR_BITS>>,
        /// 802.1Q tag present.
        pub vlan: Signal<In, Bit>,
        /// IPv6.
        pub ipv6: Signal<In, Bit>,
        /// IPv4 total length or IPv6 payload length.
        pub ip_len: Signal<In, Bits<16>>,
        /// UDP length.
        pub udp_len: Signal<In, Bits<16>>,
        /// IPv4 header checksum.
        pub csum: Signal<In, Bits<16>>,
        /// Header bytes 0..63.
        pub hdr0: Signal<Out, Bits<512>>,
        /// Header bytes 64..127.
        pub hdr1: Signal<Out, Bits<512>>,
        /// Header bytes 128..191.
        pub hdr2: Signal<Out, Bits<512>>,
        l3f: Signal<Local, Bits<L3_BITS>>,
        udpf: Signal<Local, Bits<UDP_BITS>>,
        be: Signal<Local, Bits<HDR_BITS>>,
        sh_v4_total: Constant<Bits<11>> = fsh(L3_BITS, 0, &ip::V4_TOTAL_LEN),
        sh_v4_csum: Constant<Bits<11>> = fsh(L3_BITS, 0, &ip::V4_CHECKSUM),
        sh_v6_plen: Constant<Bits<11>> = fsh(L3_BITS, 0, &ip::V6_PAYLOAD_LEN),
        sh_udp_len: Constant<Bits<11>> = fsh(UDP_BITS, 0, &udp::UDP_LENGTH),
        sh_l2: Constant<Bits<11>> = at(0, L2_BITS),
        sh_l3_0: Constant<Bits<11>> = at(l2len(false), L3_BITS),
        sh_l3_1: Constant<Bits<11>> = at(l2len(true), L3_BITS),
        sh_udp_00: Constant<Bits<11>> = udp_at(false, false),
        sh_udp_01: Constant<Bits<11>> = udp_at(false, true),
        sh_udp_10: Constant<Bits<11>> = udp_at(true, false),
        sh_udp_11: Constant<Bits<11>> = udp_at(true, true),
        sh_br_00: Constant<Bits<11>> = br_at(false, false),
        sh_br_01: Constant<Bits<11>> = br_at(false, true),
        sh_br_10: Constant<Bits<11>> = br_at(true, false),
        sh_br_11: Constant<Bits<11>> = br_at(true, true),
    }
    setup {
        let l2len = |vlan: bool| ETHERNET_LEN + if vlan { VLAN_TAG_LEN } else { 0 };
        let l3len = |v6: bool| if v6 { IPV6_LEN } else { IPV4_LEN };
        let at = |bytes: usize, piece: usize| kb::<11>((HDR_BITS - 8 * bytes - piece) as u64);
        let udp_at = |vlan, v6| at(l2len(vlan) + l3len(v6), UDP_BITS);
        let br_at = |vlan, v6| at(l2len(vlan) + l3len(v6) + UDP_LEN, BR_BITS);
    }
}

impl Logic for TxAssemble {
    #[hdl_gen]
    fn update(&mut self) {
        self.l3f.next = self.l3.val()
            | (bit_cast::<L3_BITS, 16>(self.ip_len.val()) << self.sh_v4_total.val())
            | (bit_cast::<L3_BITS, 16>(self.csum.val()) << self.sh_v4_csum.val());
        if self.ipv6.val() {
            self.l3f.next = self.l3.val()
                | (bit_cast::<L3_BITS, 16>(self.ip_len.val()) << self.sh_v6_plen.val());
        }
        self.udpf.next = self.udp.val()
            | (bit_cast::<UDP_BITS, 16>(self.udp_len.val()) << self.sh_udp_len.val());
        // the L2 piece's unused tag bytes are zero, so the L3 piece may overlap them
        if self.vlan.val() {
            if self.ipv6.val() {
                self.be.next = (bit_cast::<HDR_BITS, L2_BITS>(self.l2.val()) << self.sh_l2.val())
                    | (bit_cast::<HDR_BITS, L3_BITS>(self.l3f.val()) << self.sh_l3_1.val())
                    | (bit_cast::<HDR_BITS, UDP_BITS>(self.udpf.val()) << self.sh_udp_11.val())
                    | (bit_cast::<HDR_BITS, BR_BITS>(self.br.val()) << self.sh_br_11.val());
            } else {
                self.be.next = (bit_cast::<HDR_BITS, L2_BITS>(self.l2.val()) << self.sh_l2.val())
                    | (bit_cast::<HDR_BITS, L3_BITS>(self.l3f.val()) << self.sh_l3_1.val())
                    | (bit_cast::<HDR_BITS, UDP_BITS>(self.udpf.val()) << self.sh_udp_10.val())
                    | (bit_cast::<HDR_BITS, BR_BITS>(self.br.val()) << self.sh_br_10.val());
            }
        } else if self.ipv6.val() {
            self.be.next = (bit_cast::<HDR_BITS, L2_BITS>(self.l2.val()) << self.sh_l2.val())
                | (bit_cast::<HDR_BITS, L3_BITS>(self.l3f.val()) << self.sh_l3_0.val())
                | (bit_cast::<HDR_BITS, UDP_BITS>(self.udpf.val()) << self.sh_udp_01.val())
                | (bit_cast::<HDR_BITS, BR_BITS>(self.br.val()) << self.sh_br_01.val());
        } else {
            self.be.next = (bit_cast::<HDR_BITS, L2_BITS>(self.l2.val()) << self.sh_l2.val())
                | (bit_cast::<HDR_BITS, L3_BITS>(self.l3f.val()) << self.sh_l3_0.val())
                | (bit_cast::<HDR_BITS, UDP_BITS>(self.udpf.val()) << self.sh_udp_00.val())
                | (bit_cast::<HDR_BITS, BR_BITS>(self.br.val()) << self.sh_br_00.val());
        }
        // big-endian header -> little-endian beats (wiring)
        self.hdr0.next = (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1528)) << 0)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1520)) << 8)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1512)) << 16)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1504)) << 24)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1496)) << 32)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1488)) << 40)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1480)) << 48)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1472)) << 56)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1464)) << 64)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1456)) << 72)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1448)) << 80)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1440)) << 88)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1432)) << 96)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1424)) << 104)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1416)) << 112)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1408)) << 120)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1400)) << 128)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1392)) << 136)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1384)) << 144)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1376)) << 152)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1368)) << 160)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1360)) << 168)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1352)) << 176)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1344)) << 184)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1336)) << 192)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1328)) << 200)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1320)) << 208)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1312)) << 216)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1304)) << 224)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1296)) << 232)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1288)) << 240)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1280)) << 248)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1272)) << 256)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1264)) << 264)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1256)) << 272)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1248)) << 280)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1240)) << 288)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1232)) << 296)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1224)) << 304)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1216)) << 312)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1208)) << 320)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1200)) << 328)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1192)) << 336)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1184)) << 344)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1176)) << 352)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1168)) << 360)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1160)) << 368)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1152)) << 376)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1144)) << 384)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1136)) << 392)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1128)) << 400)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1120)) << 408)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1112)) << 416)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1104)) << 424)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1096)) << 432)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1088)) << 440)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1080)) << 448)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1072)) << 456)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1064)) << 464)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1056)) << 472)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1048)) << 480)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1040)) << 488)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1032)) << 496)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1024)) << 504);
        self.hdr1.next = (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1016)) << 0)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1008)) << 8)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(1000)) << 16)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(992)) << 24)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(984)) << 32)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(976)) << 40)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(968)) << 48)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(960)) << 56)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(952)) << 64)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(944)) << 72)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(936)) << 80)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(928)) << 88)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(920)) << 96)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(912)) << 104)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(904)) << 112)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(896)) << 120)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(888)) << 128)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(880)) << 136)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(872)) << 144)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(864)) << 152)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(856)) << 160)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(848)) << 168)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(840)) << 176)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(832)) << 184)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(824)) << 192)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(816)) << 200)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(808)) << 208)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(800)) << 216)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(792)) << 224)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(784)) << 232)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(776)) << 240)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(768)) << 248)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(760)) << 256)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(752)) << 264)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(744)) << 272)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(736)) << 280)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(728)) << 288)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(720)) << 296)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(712)) << 304)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(704)) << 312)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(696)) << 320)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(688)) << 328)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(680)) << 336)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(672)) << 344)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(664)) << 352)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(656)) << 360)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(648)) << 368)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(640)) << 376)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(632)) << 384)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(624)) << 392)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(616)) << 400)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(608)) << 408)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(600)) << 416)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(592)) << 424)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(584)) << 432)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(576)) << 440)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(568)) << 448)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(560)) << 456)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(552)) << 464)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(544)) << 472)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(536)) << 480)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(528)) << 488)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(520)) << 496)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(512)) << 504);
        self.hdr2.next = (bit_cast::<512, 8>(self.be.val().get_bits::<8>(504)) << 0)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(496)) << 8)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(488)) << 16)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(480)) << 24)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(472)) << 32)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(464)) << 40)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(456)) << 48)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(448)) << 56)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(440)) << 64)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(432)) << 72)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(424)) << 80)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(416)) << 88)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(408)) << 96)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(400)) << 104)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(392)) << 112)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(384)) << 120)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(376)) << 128)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(368)) << 136)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(360)) << 144)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(352)) << 152)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(344)) << 160)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(336)) << 168)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(328)) << 176)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(320)) << 184)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(312)) << 192)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(304)) << 200)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(296)) << 208)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(288)) << 216)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(280)) << 224)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(272)) << 232)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(264)) << 240)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(256)) << 248)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(248)) << 256)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(240)) << 264)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(232)) << 272)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(224)) << 280)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(216)) << 288)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(208)) << 296)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(200)) << 304)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(192)) << 312)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(184)) << 320)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(176)) << 328)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(168)) << 336)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(160)) << 344)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(152)) << 352)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(144)) << 360)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(136)) << 368)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(128)) << 376)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(120)) << 384)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(112)) << 392)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(104)) << 400)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(96)) << 408)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(88)) << 416)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(80)) << 424)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(72)) << 432)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(64)) << 440)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(56)) << 448)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(48)) << 456)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(40)) << 464)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(32)) << 472)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(24)) << 480)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(16)) << 488)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(8)) << 496)
            | (bit_cast::<512, 8>(self.be.val().get_bits::<8>(0)) << 504);
    }
}
