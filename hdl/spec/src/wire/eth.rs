//! Ethernet II header and the optional 802.1Q tag.

use super::{fld, header_view};
use crate::field::{table_len, Field};
use crate::{Error, Result};

/// EtherType of IPv4.
pub const ETHERTYPE_IPV4: u16 = 0x0800;
/// EtherType of IPv6.
pub const ETHERTYPE_IPV6: u16 = 0x86dd;
/// EtherType (TPID) announcing an 802.1Q tag.
pub const ETHERTYPE_VLAN: u16 = 0x8100;

/// Destination MAC address.
pub const ETH_DST: Field = fld("dst_mac", 0, 0, 48, "Destination MAC address");
/// Source MAC address.
pub const ETH_SRC: Field = fld("src_mac", 6, 0, 48, "Source MAC address");
/// EtherType (0x0800 IPv4, 0x86DD IPv6, 0x8100 = an 802.1Q tag follows).
pub const ETH_TYPE: Field = fld(
    "ethertype",
    12,
    0,
    16,
    "0x0800 IPv4, 0x86DD IPv6, 0x8100 802.1Q tag follows",
);
/// Ethernet II header (14 bytes, FCS not included).
pub const ETHERNET: &[Field] = &[ETH_DST, ETH_SRC, ETH_TYPE];
/// Ethernet II header length.
pub const ETHERNET_LEN: usize = table_len(ETHERNET);

/// Priority code point.
pub const VLAN_PCP: Field = fld("pcp", 0, 0, 3, "802.1p priority code point");
/// Drop eligible indicator.
pub const VLAN_DEI: Field = fld("dei", 0, 3, 1, "Drop eligible indicator");
/// VLAN identifier.
pub const VLAN_VID: Field = fld("vid", 0, 4, 12, "VLAN identifier");
/// Inner EtherType.
pub const VLAN_TYPE: Field = fld("ethertype", 2, 0, 16, "Inner EtherType (IPv4 or IPv6)");
/// The 4 bytes that follow an outer EtherType of 0x8100.
pub const VLAN_TAG: &[Field] = &[VLAN_PCP, VLAN_DEI, VLAN_VID, VLAN_TYPE];
/// 802.1Q tag length (after the TPID, which is the outer EtherType).
pub const VLAN_TAG_LEN: usize = table_len(VLAN_TAG);

header_view! {
    /// View of an Ethernet II header.
    EthernetPacket, layer = "ethernet", len = ETHERNET_LEN,
    { ethertype / set_ethertype: u16 = ETH_TYPE; }
}

impl<T: AsRef<[u8]>> EthernetPacket<T> {
    /// Destination MAC.
    pub fn dst_mac(&self) -> [u8; 6] {
        mac(ETH_DST.bytes(self.as_bytes()))
    }
    /// Source MAC.
    pub fn src_mac(&self) -> [u8; 6] {
        mac(ETH_SRC.bytes(self.as_bytes()))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> EthernetPacket<T> {
    /// Set the destination MAC.
    pub fn set_dst_mac(&mut self, m: [u8; 6]) {
        ETH_DST.write(self.buffer.as_mut(), mac_u64(m));
    }
    /// Set the source MAC.
    pub fn set_src_mac(&mut self, m: [u8; 6]) {
        ETH_SRC.write(self.buffer.as_mut(), mac_u64(m));
    }
}

fn mac(b: &[u8]) -> [u8; 6] {
    let mut m = [0u8; 6];
    for (d, s) in m.iter_mut().zip(b) {
        *d = *s;
    }
    m
}

fn mac_u64(m: [u8; 6]) -> u64 {
    m.iter().fold(0u64, |a, &b| (a << 8) | u64::from(b))
}

header_view! {
    /// View of an 802.1Q tag (TCI + inner EtherType).
    VlanPacket, layer = "802.1Q tag", len = VLAN_TAG_LEN,
    {
        pcp / set_pcp: u8 = VLAN_PCP;
        dei / set_dei: u8 = VLAN_DEI;
        vid / set_vid: u16 = VLAN_VID;
        ethertype / set_ethertype: u16 = VLAN_TYPE;
    }
}

/// An 802.1Q tag control information.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VlanTag {
    /// Priority code point (3 bits).
    pub pcp: u8,
    /// Drop eligible indicator.
    pub dei: bool,
    /// VLAN id (12 bits).
    pub vid: u16,
}

/// Parsed Ethernet header (with optional tag). The EtherType of the payload
/// is returned separately by [`EthernetRepr::parse`] and supplied to `emit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EthernetRepr {
    /// Destination MAC.
    pub dst: [u8; 6],
    /// Source MAC.
    pub src: [u8; 6],
    /// Optional single 802.1Q tag.
    pub vlan: Option<VlanTag>,
}

impl EthernetRepr {
    /// Parse from the start of a frame. Returns the repr, the payload
    /// EtherType and the header length (14 or 18).
    pub fn parse(buf: &[u8]) -> Result<(Self, u16, usize)> {
        let eth = EthernetPacket::new_checked(buf)?;
        let mut repr = EthernetRepr {
            dst: eth.dst_mac(),
            src: eth.src_mac(),
            vlan: None,
        };
        let et = eth.ethertype();
        if et != ETHERTYPE_VLAN {
            return Ok((repr, et, ETHERNET_LEN));
        }
        let tag = VlanPacket::new_checked(eth.rest())?;
        repr.vlan = Some(VlanTag {
            pcp: tag.pcp(),
            dei: tag.dei() != 0,
            vid: tag.vid(),
        });
        Ok((repr, tag.ethertype(), ETHERNET_LEN + VLAN_TAG_LEN))
    }

    /// Header length in bytes (14, or 18 with a tag).
    pub fn buffer_len(&self) -> usize {
        ETHERNET_LEN + if self.vlan.is_some() { VLAN_TAG_LEN } else { 0 }
    }

    /// Emit into `buf` (at least `buffer_len()` bytes) with payload `ethertype`.
    pub fn emit(&self, buf: &mut [u8], ethertype: u16) -> Result<()> {
        let have = buf.len();
        if have < self.buffer_len() {
            return Err(Error::BufferTooSmall {
                needed: self.buffer_len(),
                have,
            });
        }
        let mut eth = EthernetPacket::new_unchecked(&mut *buf);
        eth.set_dst_mac(self.dst);
        eth.set_src_mac(self.src);
        match self.vlan {
            None => eth.set_ethertype(ethertype),
            Some(t) => {
                eth.set_ethertype(ETHERTYPE_VLAN);
                let mut tag = VlanPacket::new_unchecked(eth.rest_mut());
                tag.set_pcp(t.pcp);
                tag.set_dei(u8::from(t.dei));
                tag.set_vid(t.vid);
                tag.set_ethertype(ethertype);
            }
        }
        Ok(())
    }
}
