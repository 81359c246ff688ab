//! The records the top's glue passes through its FIFOs and register
//! slices (send path, receive path, ACK and NACK intake), as named field
//! tables.
//!
//! `#[hdl_gen]` code cannot read a named constant, so the RTL packs and
//! unpacks these records with literal bit positions
//! (`bit_cast::<400, 24>(x) << 10`, `r.get_bits::<24>(10)`). The tables
//! below name every field; a compile-time check keeps each table inside
//! its record's width without overlaps, and the tests
//! (`hdl/rtl/tests/blocks.rs`, `braid_engine_records`) read the sub-blocks'
//! source and check that every literal position used on a record's
//! signals starts at a field and ends on a field boundary (or reads the
//! low bits of one field), and that every packed term is one field or a
//! run of them. A shifted or mistyped offset fails the tests.

/// One field: `bits` at `lsb` (`generic`: the width is that generic of the
/// top, at most `bits`).
#[derive(Debug, Clone, Copy)]
pub struct Field {
    /// Name (the comments' name).
    pub name: &'static str,
    /// First bit.
    pub lsb: usize,
    /// Width in bits (the largest, for a generic width).
    pub bits: usize,
    /// The generic that gives the width, if any.
    pub generic: Option<&'static str>,
}

/// A record: its width (the FIFO's or register's) and fields.
#[derive(Debug, Clone, Copy)]
pub struct Record {
    /// The comments' letter for it.
    pub name: &'static str,
    /// Width in bits.
    pub width: usize,
    /// Fields, in increasing `lsb`.
    pub fields: &'static [Field],
    /// `(file, signal)`: where the record is unpacked (`self.<signal>.val()`).
    pub gets: &'static [(&'static str, &'static str)],
    /// `(file, signal)`: where it is packed (`self.<signal>.next = ...`).
    pub puts: &'static [(&'static str, &'static str)],
}

const fn f(name: &'static str, lsb: usize, bits: usize) -> Field {
    Field {
        name,
        lsb,
        bits,
        generic: None,
    }
}

const fn g(name: &'static str, lsb: usize, generic: &'static str, max: usize) -> Field {
    Field {
        name,
        lsb,
        bits: max,
        generic: Some(generic),
    }
}

/// Fields in increasing order, none overlapping the next, all inside the
/// width.
pub const fn fits(r: &Record) -> bool {
    let mut i = 0;
    while i < r.fields.len() {
        let end = r.fields[i].lsb + r.fields[i].bits;
        if end > r.width || r.fields[i].bits == 0 {
            return false;
        }
        if i + 1 < r.fields.len() && end > r.fields[i + 1].lsb {
            return false;
        }
        i += 1;
    }
    true
}

const R_FIELDS: [Field; 24] = [
    f("ok", 0, 1),
    f("has_payload", 1, 1),
    f("opcode", 2, 8),
    f("dst_conn", 10, 24),
    f("rkey", 34, 32), // a SEND's RSN (24 bits)
    f("va", 66, 64),   // a SEND's offset, then its buffer address
    f("len", 130, 16),
    f("verdict", 146, 1),
    f("path_id", 147, 8),
    f("psn", 155, 32),
    f("csn", 187, 32),
    f("timestamp", 219, 32),
    f("floor_delta", 251, 16),
    f("sport", 267, 16),
    f("ce", 283, 1),
    f("ack_req", 284, 1),
    f("stream", 288, 8),
    f("msn", 296, 32),
    f("msg_len", 328, 32),
    f("imm", 360, 32),
    f("solicited", 392, 1),
    f("stream_ok", 393, 1),
    f("m_ok", 394, 1),
    f("m_code", 395, 4),
];

const fn join<const A: usize, const B: usize, const N: usize>(
    a: [Field; A],
    b: [Field; B],
) -> [Field; N] {
    let mut out = [f("", 0, 0); N];
    let mut i = 0;
    while i < A {
        out[i] = a[i];
        i += 1;
    }
    while i < N {
        out[i] = b[i - A];
        i += 1;
    }
    out
}

const T_FIELDS: [Field; 25] = join(R_FIELDS, [f("pd", 400, 16)]);
const X_FIELDS: [Field; 29] = join(
    R_FIELDS,
    [
        f("accepted", 400, 1),
        f("nack", 401, 1),
        f("data", 402, 1),
        f("reason", 403, 8),
        f("late", 411, 1),
    ],
);

const D_FIELDS: [Field; 20] = [
    f("csn", 0, 32),
    f("msn", 32, 32),
    f("offset", 64, 32),
    f("len", 96, 16),
    f("addr", 112, 64),
    f("lkey", 176, 32),
    f("raddr", 208, 64),
    f("rkey", 272, 32),
    f("imm", 304, 32),
    f("msg_len", 336, 32),
    f("rsn", 368, 24),
    f("wqe_idx", 392, 16),
    f("opcode", 408, 8),
    f("flags (bits 0-3)", 416, 4),
    f("flags.RETX", 420, 1),
    f("flags (bits 5-7)", 421, 3),
    f("stream", 424, 2),
    g("conn", 426, "CB", 12),
    f("path", 438, 4),
    f("retry mark", 442, 1),
];
const _: () = assert!(braid_spec::wire::braid::Flags::RETX == 1 << (420 - 416));
const H_FIELDS: [Field; 23] = join(
    D_FIELDS,
    [
        f("psn", 448, 32),
        f("slot", 480, 8),
        f("floor_delta", 488, 16),
    ],
);
const L_FIELDS: [Field; 29] = join(
    H_FIELDS,
    [
        f("ok", 512, 1),
        f("peer_mac", 513, 48),
        f("peer_ip4", 561, 32),
        f("sport", 593, 16),
        f("dport", 609, 16),
        f("peer_conn", 625, 24),
    ],
);

/// braid-spec's `TX_SLOT_ENTRY`, as a record (its one definition).
pub const SLOT_FIELDS: [Field; braid_spec::state::TX_SLOT_ENTRY.len()] = {
    let t = braid_spec::state::TX_SLOT_ENTRY;
    let mut out = [f("", 0, 0); braid_spec::state::TX_SLOT_ENTRY.len()];
    let mut i = 0;
    while i < t.len() {
        out[i] = f(t[i].name, t[i].lsb as usize, t[i].bits as usize);
        i += 1;
    }
    out
};

/// Every record of the glue.
pub const RECORDS: &[Record] = &[
    Record {
        name: "R (received descriptor, `frd`)",
        width: 400,
        fields: &R_FIELDS,
        gets: &[("rx_place", "frd.dout"), ("rx_place", "r1d.q")],
        puts: &[("rx_place", "frd.din")],
    },
    Record {
        name: "T (R with the protection domain, `fmt`)",
        width: 416,
        fields: &T_FIELDS,
        gets: &[("rx_place", "t_e")],
        puts: &[("rx_place", "fmt.din")],
    },
    Record {
        name: "R after the MATCH (`fmr`)",
        width: 400,
        fields: &R_FIELDS,
        gets: &[("rx_place", "m_d")],
        puts: &[("rx_place", "fmr.din")],
    },
    Record {
        name: "X (verdict, `fx`, `fpk`)",
        width: 412,
        fields: &X_FIELDS,
        gets: &[("rx_place", "x_e"), ("rx_place", "k_e")],
        puts: &[("rx_place", "fx.din")],
    },
    Record {
        name: "decision (`fdc`)",
        width: 200,
        fields: &[
            f("placed", 0, 1),
            f("has_payload", 1, 1),
            f("va", 2, 64),
            f("len", 66, 16),
            f("stream", 88, 2),
            g("conn", 90, "CB", 10),
            f("msn", 100, 32),
            f("msg_len", 132, 32),
            f("kind", 164, 2),
            f("imm", 166, 32),
            f("solicited", 198, 1),
        ],
        gets: &[("rx_place", "fdc.dout")],
        puts: &[("rx_place", "fdc.din")],
    },
    Record {
        name: "M (placed packet, `placed_q`)",
        width: 128,
        fields: &[
            f("has_payload", 0, 1),
            g("index", 1, "RCI", 12),
            f("msn", 13, 32),
            f("msg_len", 45, 32),
            f("kind", 77, 2),
            f("imm", 79, 32),
            f("solicited", 111, 1),
            f("len", 112, 16),
        ],
        gets: &[("rx_msg", "mi_e")],
        puts: &[("rx_place", "mi_din")],
    },
    Record {
        name: "P (packet for the SACK state, `sack_req_q`)",
        width: 162,
        fields: &[
            f("psn", 0, 32),
            f("floor_delta", 32, 16),
            f("ce", 48, 1),
            f("ack_req", 49, 1),
            f("timestamp", 50, 32),
            f("conn", 82, 24),
            f("path", 106, 8),
            f("sport", 114, 16),
            f("csn_base", 130, 32),
        ],
        gets: &[("rx_ack", "p_e")],
        puts: &[("rx_place", "sack_req_q_din")],
    },
    Record {
        name: "A (received ACK, `ack_rx_q`)",
        width: 416,
        fields: &[
            f("conn", 0, 24),
            f("path", 24, 8),
            f("base_psn", 32, 32),
            f("csn_base", 64, 32),
            f("ts_echo", 96, 32),
            f("ecn_count", 128, 16),
            f("sack", 144, 256),
            f("rate_hint", 400, 16),
        ],
        gets: &[("path_ops", "ack_rx_q_dout")],
        puts: &[("rx_place", "ak_din")],
    },
    Record {
        name: "K (received NACK, `nack_q`)",
        width: 104,
        fields: &[
            f("conn", 0, 24),
            f("reason", 24, 8),
            f("csn", 32, 32),
            f("path", 64, 8),
            f("psn", 72, 32),
        ],
        gets: &[("nack_rx", "nack_q_dout")],
        puts: &[("rx_place", "nk_din")],
    },
    Record {
        name: "D (send descriptor, `desc_q` .. `retry_q`, `retx_q`)",
        width: 448,
        fields: &D_FIELDS,
        gets: &[
            ("braid_engine", "pick_d"),
            ("braid_engine", "pick_q.dout"),
            ("path_ops", "sprayed_q_dout"),
            ("path_ops", "send_q.dout"),
        ],
        puts: &[
            ("braid_engine", "desc_q.din"),
            ("braid_engine", "sprayed_q.din"),
            ("retx", "q_d"),
        ],
    },
    Record {
        name: "H (D with the path's PSN and slot, `hdr_q`)",
        width: 512,
        fields: &H_FIELDS,
        gets: &[
            ("tx_header", "hdr_q_dout"),
            ("tx_header", "l1d.q"),
            ("tx_header", "h_d"),
        ],
        puts: &[("path_ops", "hdr_q_din")],
    },
    Record {
        name: "L (H with the transmit lookup, `lookup_q`)",
        width: 656,
        fields: &L_FIELDS,
        gets: &[("tx_header", "lookup_q.dout"), ("tx_header", "h_e")],
        puts: &[("tx_header", "lookup_q.din")],
    },
    Record {
        name: "S (frame for tx_builder, `frame_skid`)",
        width: 1420,
        fields: &[
            f("dst_mac", 0, 48),
            f("src_mac", 48, 48),
            f("vlan", 96, 1),
            f("vlan_tci", 97, 16),
            f("ipv6", 113, 1),
            f("src_ip", 114, 128),
            f("dst_ip", 242, 128),
            f("dscp", 370, 6),
            f("ttl", 376, 8),
            f("flow_label", 384, 20),
            f("udp_sport", 404, 16),
            f("udp_dport", 420, 16),
            f("opcode", 436, 8),
            f("flags", 444, 8),
            f("path_id", 452, 8),
            f("dst_conn", 460, 24),
            f("path_psn", 484, 32),
            f("csn", 516, 32),
            f("timestamp", 548, 32),
            f("payload_len", 580, 16),
            f("floor_delta", 596, 16),
            f("rkey", 612, 32),
            f("va", 644, 64),
            f("stream", 708, 8),
            f("rsn", 716, 24),
            f("msn", 740, 32),
            f("offset", 772, 32),
            f("msg_len", 804, 32),
            f("imm", 836, 32),
            f("ack_base_psn", 868, 32),
            f("ack_csn_base", 900, 32),
            f("ack_ts_echo", 932, 32),
            f("ack_ecn_count", 964, 16),
            f("ack_rate_hint", 980, 16),
            f("ack_sack", 996, 256),
            f("nack_reason", 1252, 8),
            f("nack_psn", 1260, 32),
            f("nack_csn", 1292, 32),
            f("nack_detail", 1324, 32),
            f("probe_seq", 1356, 32),
            f("probe_ts", 1388, 32),
        ],
        gets: &[("braid_engine", "frame_skid.m_data")],
        puts: &[("braid_engine", "frame_skid.s_data")],
    },
    Record {
        name: "E (ACK event for path_cc, `cc_ack_q`)",
        width: 60,
        fields: &[
            g("idx", 0, "PI", 16),
            f("n", 16, 9),
            f("m", 25, 9),
            f("rtt_valid", 34, 1),
            f("rtt", 35, 24),
            f("idle", 59, 1),
        ],
        gets: &[("cc_events", "c_e")],
        puts: &[("path_ops", "cc_ack_q_din")],
    },
    Record {
        name: "I (accepted ACK's context, `ack_tx_ctx_q`)",
        width: 96,
        fields: &[
            f("csn_base", 0, 32),
            f("ts_echo", 32, 32),
            f("ecn_count (bits 0-8)", 64, 9),
            f("ecn_count (bits 9-15)", 73, 7),
            f("conn", 80, 16),
        ],
        gets: &[("path_ops", "ack_tx_ctx_q.dout")],
        puts: &[("path_ops", "ack_tx_ctx_q.din")],
    },
    Record {
        name: "W (a message's record for the retransmission rebuild, `rec_w`)",
        width: 323,
        fields: &[
            f("csn", 0, 32),
            f("msn", 32, 32),
            f("addr", 64, 64),
            f("raddr", 128, 64),
            f("rkey", 192, 32),
            f("imm", 224, 32),
            f("msg_len", 256, 32),
            f("rsn", 288, 24),
            f("opcode", 312, 8),
            f("stream", 320, 2),
            f("solicited", 322, 1),
        ],
        gets: &[("retx", "q2r.q"), ("retx", "q3r.q")],
        puts: &[("retx", "rec_w")],
    },
    Record {
        name: "N (a NO_RECV_BUFFER NACK's lookup, `rnr_lookup_q`, `rnr_entry_q`)",
        width: 80,
        fields: &[g("idx", 0, "PI", 16), f("psn", 16, 32), f("csn", 48, 32)],
        gets: &[("retx", "rnr_lookup_q_dout"), ("retx", "rnr_entry_q.dout")],
        puts: &[("nack_rx", "rnr_lookup_q_din")],
    },
    Record {
        name: "N with its slot entry (`rnr_resolve_q`)",
        width: 120,
        fields: &[g("idx", 0, "PI", 16), f("psn", 16, 32), f("entry", 48, 72)],
        gets: &[("path_ops", "rnr_resolve_q_dout")],
        puts: &[("retx", "rnr_resolve_q_din")],
    },
    Record {
        name: "resolved (`rnr_resolved_q`)",
        width: 88,
        fields: &[g("idx", 0, "PI", 16), f("entry", 16, 72)],
        // (read whole: it becomes the hold record's bits 32..120)
        gets: &[],
        puts: &[("path_ops", "rnr_resolved_q_din")],
    },
    Record {
        name: "held until its deadline (`rnr_hold_q`)",
        width: 120,
        fields: &[
            f("deadline", 0, 32),
            g("idx", 32, "PI", 16),
            f("entry", 48, 72),
        ],
        gets: &[("retx", "rnr_hold_q_dout")],
        puts: &[("retx", "rnr_hold_q_din")],
    },
    Record {
        name: "slot entry (braid-spec `TX_SLOT_ENTRY`, `slot_table`)",
        width: braid_spec::state::TX_SLOT_ENTRY_BITS as usize,
        fields: &SLOT_FIELDS,
        gets: &[
            ("retx", "slt_res_entry"),
            ("retx", "qx_entry"),
            ("retx", "q1e.q"),
            ("retx", "q2e.q"),
            ("retx", "q3e.q"),
        ],
        puts: &[("path_ops", "slt_wr_entry")],
    },
];

const _: () = {
    let mut i = 0;
    while i < RECORDS.len() {
        assert!(
            fits(&RECORDS[i]),
            "a record's fields overlap or leave its width"
        );
        i += 1;
    }
};
