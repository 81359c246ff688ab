//! Payload reader of the send path (ENGINE.md "Send pipeline": the payload
//! DMA read between the header descriptor and `tx_builder`): turns payload
//! requests (host address, length) into DMA reads through `dr_arb` (client
//! `c`) and delivers each payload realigned to lane 0 as `tx_builder`'s
//! `pl_*` stream.
//!
//! # Behaviour (normative; `braid_model::TxPayloadModel` is the bit-
//! and cycle-exact reference)
//!
//! * Requests: `q_valid`/`q_ready`, `q_addr` (64, host address of the first
//!   payload byte), `q_len` (14 bits, bytes, 0..=8192; larger lengths are
//!   outside the contract). Served in order. A request of length 0 is taken
//!   and has no effect (no read, no beat). `q_ready` = fewer than 32
//!   requests (of non-zero length) taken and not yet started at the output
//!   (a register compare, never a function of `q_valid`).
//! * Reads: the payload's lines `[addr & !63, roundup64(addr + len))` are
//!   read by `rd_valid`/`rd_ready`, `rd_addr` (64-byte aligned), `rd_len`
//!   (13 bits, a multiple of 64, 64..=4096), `rd_tag` (8), split at every
//!   4 KiB boundary (no read crosses one, so `dr_arb` never refuses one).
//!   Tags are a counter from 0, +1 per read. A read is shown only when the
//!   buffer (256 lines of 64 bytes, a block RAM) has room reserved for all
//!   its lines (`free >= lines`, `free` starts at 256, -lines when the read
//!   is shown, +1 when a line leaves the realigner), so responses never
//!   wait: `rs_ready` is the constant 1. The read register is loaded when
//!   it is empty or its request leaves at the same edge (`rd_valid` never
//!   waits for `rd_ready`; the fields are zero while `rd_valid` is 0).
//! * Responses: `rs_valid`, `rs_data` (512), `rs_tag`, `rs_last`, `rs_err`,
//!   in request order (ENGINE.md); every beat is one buffer line. A line is
//!   bad when `rs_err` is 1 or `rs_tag` differs from the expected tag (a
//!   counter, +1 per `rs_last`). A beat no read asked for is outside the
//!   contract. When the last line of a payload arrives, the payload is
//!   complete, and flagged when any of its lines was bad; `cnt_err` counts
//!   flagged payloads (at the edge their last line arrives).
//! * Output (store and forward): a payload starts at the output only when
//!   it is complete, so `pl_err` is known on its first beat. Beat k holds
//!   payload bytes `[64k, 64k + 64)` in lanes 0..63 (lane i of beat k is
//!   host byte `addr + 64k + i`), exactly ceil(len / 64) beats, `pl_keep`
//!   all ones except the last beat's low `len mod 64` lanes (all when 0),
//!   `pl_last` on the last beat, data lanes whose keep bit is 0 are zero,
//!   `pl_err` on every beat of a flagged payload (its data is then whatever
//!   the host returned). AXI-Stream: a beat is held while `pl_valid &&
//!   !pl_ready`; all `pl_*` fields are zero while `pl_valid` is 0.
//! * `cnt_reads`: reads the host took (`rd_valid && rd_ready`), wrapping.
//!
//! # Timing
//!
//! Request stages: I (the taken request), J (line counts: from the page
//! start `T = (addr mod 4096 + len + 63) / 64` and of the payload
//! `L = (addr mod 64 + len + 63) / 64`), then pushed at once into two
//! 32-entry FIFOs (`Fifo`, visible from the second edge after the push):
//! the splitter's (address bits 63:14 and the same plus one, bits 13:12,
//! line in page, first read's lines `min(T, 64) - line`, lines after it
//! `max(T - 64, 0)`) and the response side's (L, `addr mod 64`, beats,
//! `len mod 64`, L - 1). Bits 63:14 plus one are computed in 10-bit
//! chunks from stage I (each chunk plus one, and whether it is all ones)
//! and joined in stage J, so no stage holds a 50-bit carry chain. The
//! splitter takes a payload when idle (so the edge after the one that
//! shows the previous payload's last read; the realigner needs at least
//! two clocks per payload anyway); each further read starts at the next
//! page with `min(rest, 64)` lines. A payload spans at most three pages,
//! so the splitter counts the page in a 3-bit low part (bits 13:12 plus
//! the reads so far) and takes the "plus one" high part once it passes
//! 3: no increment wider than 3 bits. The response
//! side pushes a completed payload (with its flag) into a third FIFO for
//! the realigner.
//!
//! The realigner issues one operation per clock while its output moves
//! (`adv = !pl_valid || pl_ready`): a payload of L lines and B beats
//! (L is B or B + 1) takes the line operations 0..L-1 (each reads the next
//! buffer line) and, when L = B, one tail operation: B + 1 clocks per
//! payload (one idle output clock between payloads). The next payload
//! starts at the edge of the last operation. An operation moves into stage
//! D at the edge the buffer line is read (registered read; while the
//! output is held, stage D re-reads its own line); from stage D, a line is
//! rotated right by `addr mod 64` lanes (a 6-stage byte rotator) and kept
//! as `prev`; line operation j >= 1 emits beat j-1, lanes
//! `i < 64 - addr mod 64` from `prev` and the others from the rotated
//! line; the tail operation emits `prev` alone. A line's buffer room is
//! freed when its operation leaves stage D.
//!
//! Latency (idle block, `rd_ready` and `pl_ready` high): a request taken at
//! edge 0 shows its first read after edge 5; the first beat of a payload
//! shows 5 edges after the edge that takes its last line (after edge 12
//! for a one-line payload whose host answers on the clock after taking
//! the read), then B beats in B clocks.

use crate::fifo::Fifo;
use rust_hdl::prelude::*;

/// Requests taken and not yet started at the output, at most.
pub const TXP_QDEPTH: usize = 32;
/// Buffer lines.
pub const TXP_LINES: usize = 256;

hdl_block! {
    /// All-ones constants.
    pub struct TxpConst {
        /// 64 ones.
        pub ones64: Signal<Out, Bits<64>>,
        /// 512 ones.
        pub ones512: Signal<Out, Bits<512>>,
        k64: Constant<Bits<64>> = Constant::new(!Bits::<64>::default()),
        k512: Constant<Bits<512>> = Constant::new(!Bits::<512>::default()),
    }
}

impl Logic for TxpConst {
    #[hdl_gen]
    fn update(&mut self) {
        self.ones64.next = self.k64.val();
        self.ones512.next = self.k512.val();
    }
}

/// The payload reader.
#[derive(LogicBlock, Default)]
pub struct TxPayload {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// Request valid.
    pub q_valid: Signal<In, Bit>,
    /// Request taken.
    pub q_ready: Signal<Out, Bit>,
    /// Host address of the first payload byte.
    pub q_addr: Signal<In, Bits<64>>,
    /// Payload length in bytes (0..=8192).
    pub q_len: Signal<In, Bits<14>>,
    /// DMA read valid.
    pub rd_valid: Signal<Out, Bit>,
    /// DMA read taken.
    pub rd_ready: Signal<In, Bit>,
    /// DMA read address (64-byte aligned).
    pub rd_addr: Signal<Out, Bits<64>>,
    /// DMA read length (bytes).
    pub rd_len: Signal<Out, Bits<13>>,
    /// DMA read tag.
    pub rd_tag: Signal<Out, Bits<8>>,
    /// Response beat valid.
    pub rs_valid: Signal<In, Bit>,
    /// Response beat taken (always 1).
    pub rs_ready: Signal<Out, Bit>,
    /// Response data.
    pub rs_data: Signal<In, Bits<512>>,
    /// Response tag.
    pub rs_tag: Signal<In, Bits<8>>,
    /// Response last beat.
    pub rs_last: Signal<In, Bit>,
    /// Response error.
    pub rs_err: Signal<In, Bit>,
    /// Payload beat valid.
    pub pl_valid: Signal<Out, Bit>,
    /// Payload beat taken.
    pub pl_ready: Signal<In, Bit>,
    /// Payload data (first byte of the beat in bits 7:0).
    pub pl_data: Signal<Out, Bits<512>>,
    /// Payload byte enables.
    pub pl_keep: Signal<Out, Bits<64>>,
    /// Last beat of the payload.
    pub pl_last: Signal<Out, Bit>,
    /// The payload's reads failed.
    pub pl_err: Signal<Out, Bit>,
    /// Reads taken by the host (wrapping).
    pub cnt_reads: Signal<Out, Bits<32>>,
    /// Payloads flagged (wrapping).
    pub cnt_err: Signal<Out, Bits<32>>,
    k: TxpConst,
    fa: Fifo<123, 5>,
    fr: Fifo<36, 5>,
    fd: Fifo<29, 5>,
    lbuf: RAM<Bits<512>, 8>,
    // request stages
    nq: DFF<Bits<6>>,
    iv: DFF<Bit>,
    ia: DFF<Bits<64>>,
    il: DFF<Bits<14>>,
    jv: DFF<Bit>,
    ja: DFF<Bits<64>>,
    jl: DFF<Bits<14>>,
    jt: DFF<Bits<8>>,
    jlines: DFF<Bits<8>>,
    // the page number above its low 2 bits, plus one: each 10-bit chunk
    // plus one and whether it is all ones (the carry out of it)
    jinc: DFF<Bits<50>>,
    jo0: DFF<Bit>,
    jo1: DFF<Bit>,
    jo2: DFF<Bit>,
    jo3: DFF<Bit>,
    // splitter
    sv: DFF<Bit>,
    shi: DFF<Bits<50>>,
    shi1: DFF<Bits<50>>,
    slo: DFF<Bits<3>>,
    lip: DFF<Bits<6>>,
    sn: DFF<Bits<7>>,
    srest: DFF<Bits<8>>,
    rdv: DFF<Bit>,
    rda: DFF<Bits<64>>,
    rdl: DFF<Bits<13>>,
    rdt: DFF<Bits<8>>,
    tagc: DFF<Bits<8>>,
    fz: DFF<Bits<9>>,
    nreads: DFF<Bits<32>>,
    // response side
    wp: DFF<Bits<8>>,
    expt: DFF<Bits<8>>,
    rc: DFF<Bits<8>>,
    racc: DFF<Bit>,
    nerr: DFF<Bits<32>>,
    // realigner sequencer
    act: DFF<Bit>,
    j: DFF<Bits<8>>,
    left: DFF<Bits<8>>,
    b: DFF<Bits<8>>,
    err: DFF<Bit>,
    off: DFF<Bits<6>>,
    tail: DFF<Bit>,
    rp: DFF<Bits<8>>,
    hmm: DFF<Bits<512>>,
    klast: DFF<Bits<64>>,
    klastm: DFF<Bits<512>>,
    // stage D
    dv: DFF<Bit>,
    dline: DFF<Bit>,
    demit: DFF<Bit>,
    dlast: DFF<Bit>,
    derr: DFF<Bit>,
    dkeep: DFF<Bits<64>>,
    dkeepm: DFF<Bits<512>>,
    dhmm: DFF<Bits<512>>,
    doff: DFF<Bits<6>>,
    daddr: DFF<Bits<8>>,
    prev: DFF<Bits<512>>,
    // output
    plv: DFF<Bit>,
    pld: DFF<Bits<512>>,
    plk: DFF<Bits<64>>,
    pll: DFF<Bit>,
    ple: DFF<Bit>,
    // locals
    qrdy: Signal<Local, Bit>,
    takenz: Signal<Local, Bit>,
    t15: Signal<Local, Bits<15>>,
    l15: Signal<Local, Bits<15>>,
    jlip: Signal<Local, Bits<6>>,
    i0: Signal<Local, Bits<10>>,
    i1: Signal<Local, Bits<10>>,
    i2: Signal<Local, Bits<10>>,
    i3: Signal<Local, Bits<10>>,
    i4: Signal<Local, Bits<10>>,
    h1: Signal<Local, Bits<10>>,
    h2: Signal<Local, Bits<10>>,
    h3: Signal<Local, Bits<10>>,
    h4: Signal<Local, Bits<10>>,
    hi1: Signal<Local, Bits<50>>,
    rhi: Signal<Local, Bits<50>>,
    tmin: Signal<Local, Bits<7>>,
    n0: Signal<Local, Bits<7>>,
    rest0: Signal<Local, Bits<8>>,
    b8: Signal<Local, Bits<8>>,
    can: Signal<Local, Bit>,
    free: Signal<Local, Bits<9>>,
    ge: Signal<Local, Bit>,
    load: Signal<Local, Bit>,
    fin: Signal<Local, Bit>,
    apop: Signal<Local, Bit>,
    rd_taken: Signal<Local, Bit>,
    fr0: Signal<Local, Bits<9>>,
    fr1: Signal<Local, Bits<9>>,
    el: Signal<Local, Bit>,
    errv: Signal<Local, Bit>,
    rc1: Signal<Local, Bits<8>>,
    lastline: Signal<Local, Bit>,
    adv: Signal<Local, Bit>,
    line_op: Signal<Local, Bit>,
    tail_op: Signal<Local, Bit>,
    j1: Signal<Local, Bits<8>>,
    finishing: Signal<Local, Bit>,
    one_left: Signal<Local, Bit>,
    dpop: Signal<Local, Bit>,
    lpop: Signal<Local, Bit>,
    emit: Signal<Local, Bit>,
    last: Signal<Local, Bit>,
    d_off: Signal<Local, Bits<6>>,
    d_kc: Signal<Local, Bits<6>>,
    d_l: Signal<Local, Bits<8>>,
    d_b: Signal<Local, Bits<8>>,
    rot0: Signal<Local, Bits<512>>,
    rot1: Signal<Local, Bits<512>>,
    rot2: Signal<Local, Bits<512>>,
    rot3: Signal<Local, Bits<512>>,
    rot4: Signal<Local, Bits<512>>,
    rot5: Signal<Local, Bits<512>>,
    cur: Signal<Local, Bits<512>>,
    mix: Signal<Local, Bits<512>>,
}

impl Logic for TxPayload {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, nq, iv, ia, il, jv, ja, jl, jt, jlines, jinc, jo0, jo1, jo2, jo3, sv, shi,
            shi1, slo, lip, sn, srest, rdv, rda, rdl, rdt, tagc, fz, nreads, wp, expt, rc, racc,
            nerr, act, j, left, b, err, off, tail, rp, hmm, klast, klastm, dv, dline, demit, dlast,
            derr, dkeep, dkeepm, dhmm, doff, daddr, prev, plv, pld, plk, pll, ple
        );
        self.fa.clock.next = self.clock.val();
        self.fr.clock.next = self.clock.val();
        self.fd.clock.next = self.clock.val();
        self.lbuf.read_clock.next = self.clock.val();
        self.lbuf.write_clock.next = self.clock.val();

        // ---- realigner: the operation of this clock (`left` counts the
        // payload's operations still to issue, the current one included)
        self.adv.next = !self.plv.q.val() | self.pl_ready.val();
        self.one_left.next = self.left.q.val() == 1;
        self.finishing.next = self.act.q.val() & self.one_left.val();
        self.tail_op.next = self.finishing.val() & self.tail.q.val();
        self.line_op.next = self.act.q.val() & !(self.one_left.val() & self.tail.q.val());
        self.j1.next = self.j.q.val() + 1;
        self.dpop.next =
            self.adv.val() & self.fd.valid.val() & (!self.act.q.val() | self.one_left.val());
        self.fd.pop.next = self.dpop.val();
        self.lpop.next = self.adv.val() & self.dv.q.val() & self.dline.q.val();

        // ---- request stages
        self.qrdy.next = !self.nq.q.val().get_bit(5);
        self.takenz.next = self.q_valid.val() & self.qrdy.val() & (self.q_len.val() != 0);
        self.iv.d.next = self.takenz.val();
        if self.takenz.val() {
            self.ia.d.next = self.q_addr.val();
            self.il.d.next = self.q_len.val();
        }
        self.jv.d.next = self.iv.q.val();
        self.ja.d.next = self.ia.q.val();
        self.jl.d.next = self.il.q.val();
        self.t15.next = bit_cast::<15, 12>(self.ia.q.val().get_bits::<12>(0))
            + bit_cast::<15, 14>(self.il.q.val())
            + bits::<15>(63);
        self.l15.next = bit_cast::<15, 6>(self.ia.q.val().get_bits::<6>(0))
            + bit_cast::<15, 14>(self.il.q.val())
            + bits::<15>(63);
        self.jt.d.next = self.t15.val().get_bits::<8>(6);
        self.jlines.d.next = self.l15.val().get_bits::<8>(6);
        // address bits 63:14 plus one, in 10-bit chunks (no 50-bit carry
        // chain in one clock: the chunks' carries are joined in stage J)
        self.i0.next = self.ia.q.val().get_bits::<10>(14) + 1;
        self.i1.next = self.ia.q.val().get_bits::<10>(24) + 1;
        self.i2.next = self.ia.q.val().get_bits::<10>(34) + 1;
        self.i3.next = self.ia.q.val().get_bits::<10>(44) + 1;
        self.i4.next = self.ia.q.val().get_bits::<10>(54) + 1;
        self.jinc.d.next = bit_cast::<50, 10>(self.i0.val())
            | (bit_cast::<50, 10>(self.i1.val()) << 10)
            | (bit_cast::<50, 10>(self.i2.val()) << 20)
            | (bit_cast::<50, 10>(self.i3.val()) << 30)
            | (bit_cast::<50, 10>(self.i4.val()) << 40);
        self.jo0.d.next = self.ia.q.val().get_bits::<10>(14) == 1023;
        self.jo1.d.next = self.ia.q.val().get_bits::<10>(24) == 1023;
        self.jo2.d.next = self.ia.q.val().get_bits::<10>(34) == 1023;
        self.jo3.d.next = self.ia.q.val().get_bits::<10>(44) == 1023;
        if self.takenz.val() & !self.dpop.val() {
            self.nq.d.next = self.nq.q.val() + 1;
        }
        if !self.takenz.val() & self.dpop.val() {
            self.nq.d.next = self.nq.q.val() - 1;
        }

        // stage J into the splitter's and the response side's FIFOs
        self.jlip.next = self.ja.q.val().get_bits::<6>(6);
        if self.jt.q.val().get_bits::<2>(6) != 0 {
            self.tmin.next = bits::<7>(64);
            self.rest0.next = self.jt.q.val() - bits::<8>(64);
        } else {
            self.tmin.next = bit_cast::<7, 6>(self.jt.q.val().get_bits::<6>(0));
            self.rest0.next = bits::<8>(0);
        }
        self.n0.next = self.tmin.val() - bit_cast::<7, 6>(self.jlip.val());
        // bits 63:14 plus one: chunk c takes its +1 when every chunk below
        // it is all ones
        if self.jo0.q.val() {
            self.h1.next = self.jinc.q.val().get_bits::<10>(10);
        } else {
            self.h1.next = self.ja.q.val().get_bits::<10>(24);
        }
        if self.jo0.q.val() & self.jo1.q.val() {
            self.h2.next = self.jinc.q.val().get_bits::<10>(20);
        } else {
            self.h2.next = self.ja.q.val().get_bits::<10>(34);
        }
        if self.jo0.q.val() & self.jo1.q.val() & self.jo2.q.val() {
            self.h3.next = self.jinc.q.val().get_bits::<10>(30);
        } else {
            self.h3.next = self.ja.q.val().get_bits::<10>(44);
        }
        if self.jo0.q.val() & self.jo1.q.val() & self.jo2.q.val() & self.jo3.q.val() {
            self.h4.next = self.jinc.q.val().get_bits::<10>(40);
        } else {
            self.h4.next = self.ja.q.val().get_bits::<10>(54);
        }
        self.hi1.next = bit_cast::<50, 10>(self.jinc.q.val().get_bits::<10>(0))
            | (bit_cast::<50, 10>(self.h1.val()) << 10)
            | (bit_cast::<50, 10>(self.h2.val()) << 20)
            | (bit_cast::<50, 10>(self.h3.val()) << 30)
            | (bit_cast::<50, 10>(self.h4.val()) << 40);
        self.fa.push.next = self.jv.q.val();
        self.fa.din.next = bit_cast::<123, 50>(self.ja.q.val().get_bits::<50>(14))
            | (bit_cast::<123, 50>(self.hi1.val()) << 50)
            | (bit_cast::<123, 2>(self.ja.q.val().get_bits::<2>(12)) << 100)
            | (bit_cast::<123, 6>(self.jlip.val()) << 102)
            | (bit_cast::<123, 7>(self.n0.val()) << 108)
            | (bit_cast::<123, 8>(self.rest0.val()) << 115);
        if self.jl.q.val().get_bits::<6>(0) != 0 {
            self.b8.next = self.jl.q.val().get_bits::<8>(6) + 1;
        } else {
            self.b8.next = self.jl.q.val().get_bits::<8>(6);
        }
        self.fr.push.next = self.jv.q.val();
        self.fr.din.next = bit_cast::<36, 8>(self.jlines.q.val())
            | (bit_cast::<36, 6>(self.ja.q.val().get_bits::<6>(0)) << 8)
            | (bit_cast::<36, 8>(self.b8.val()) << 14)
            | (bit_cast::<36, 6>(self.jl.q.val().get_bits::<6>(0)) << 22)
            | (bit_cast::<36, 8>(self.jlines.q.val() - 1) << 28);

        // ---- splitter
        self.free.next = self.fz.q.val() ^ bits::<9>(256);
        self.can.next = !self.rdv.q.val() | self.rd_ready.val();
        self.ge.next = self.free.val() >= bit_cast::<9, 7>(self.sn.q.val());
        self.load.next = self.sv.q.val() & self.can.val() & self.ge.val();
        self.fin.next = self.load.val() & (self.srest.q.val() == 0);
        self.apop.next = self.fa.valid.val() & !self.sv.q.val();
        self.fa.pop.next = self.apop.val();
        self.rd_taken.next = self.rdv.q.val() & self.rd_ready.val();
        // the page: bits 63:14 (plus one once the low part passed 3), the
        // low part's 2 bits (a payload spans at most 3 pages: slo <= 5)
        if self.slo.q.val().get_bit(2) {
            self.rhi.next = self.shi1.q.val();
        } else {
            self.rhi.next = self.shi.q.val();
        }
        if self.load.val() {
            self.rdv.d.next = true;
            self.rda.d.next = (bit_cast::<64, 50>(self.rhi.val()) << 14)
                | (bit_cast::<64, 2>(self.slo.q.val().get_bits::<2>(0)) << 12)
                | (bit_cast::<64, 6>(self.lip.q.val()) << 6);
            self.rdl.d.next = bit_cast::<13, 7>(self.sn.q.val()) << 6;
            self.rdt.d.next = self.tagc.q.val();
            self.tagc.d.next = self.tagc.q.val() + 1;
        } else if self.rd_taken.val() {
            self.rdv.d.next = false;
            self.rda.d.next = 0.into();
            self.rdl.d.next = 0.into();
            self.rdt.d.next = 0.into();
        }
        if self.rd_taken.val() {
            self.nreads.d.next = self.nreads.q.val() + 1;
        }
        if self.apop.val() {
            self.sv.d.next = true;
            self.shi.d.next = self.fa.dout.val().get_bits::<50>(0);
            self.shi1.d.next = self.fa.dout.val().get_bits::<50>(50);
            self.slo.d.next = bit_cast::<3, 2>(self.fa.dout.val().get_bits::<2>(100));
            self.lip.d.next = self.fa.dout.val().get_bits::<6>(102);
            self.sn.d.next = self.fa.dout.val().get_bits::<7>(108);
            self.srest.d.next = self.fa.dout.val().get_bits::<8>(115);
        } else if self.fin.val() {
            self.sv.d.next = false;
        } else if self.load.val() {
            self.slo.d.next = self.slo.q.val() + 1;
            self.lip.d.next = 0.into();
            if self.srest.q.val().get_bits::<2>(6) != 0 {
                self.sn.d.next = bits::<7>(64);
                self.srest.d.next = self.srest.q.val() - bits::<8>(64);
            } else {
                self.sn.d.next = bit_cast::<7, 6>(self.srest.q.val().get_bits::<6>(0));
                self.srest.d.next = 0.into();
            }
        }
        // buffer credits: both candidates in parallel, then the choice
        if self.lpop.val() {
            self.fr0.next = self.free.val() + 1;
            self.fr1.next = self.free.val() - bit_cast::<9, 7>(self.sn.q.val()) + 1;
        } else {
            self.fr0.next = self.free.val();
            self.fr1.next = self.free.val() - bit_cast::<9, 7>(self.sn.q.val());
        }
        if self.load.val() {
            self.fz.d.next = self.fr1.val() ^ bits::<9>(256);
        } else {
            self.fz.d.next = self.fr0.val() ^ bits::<9>(256);
        }

        // ---- response side
        self.rs_ready.next = true;
        self.lbuf.write_address.next = self.wp.q.val();
        self.lbuf.write_data.next = self.rs_data.val();
        self.lbuf.write_enable.next = self.rs_valid.val();
        self.el.next = self.rs_err.val() | (self.rs_tag.val() != self.expt.q.val());
        self.errv.next = self.racc.q.val() | self.el.val();
        self.rc1.next = self.rc.q.val() + 1;
        self.lastline.next =
            self.rs_valid.val() & (self.rc.q.val() == self.fr.dout.val().get_bits::<8>(28));
        self.fr.pop.next = self.lastline.val();
        self.fd.push.next = self.lastline.val();
        if self.errv.val() {
            self.fd.din.next =
                bit_cast::<29, 28>(self.fr.dout.val().get_bits::<28>(0)) | bits::<29>(1 << 28);
        } else {
            self.fd.din.next = bit_cast::<29, 28>(self.fr.dout.val().get_bits::<28>(0));
        }
        if self.rs_valid.val() {
            self.wp.d.next = self.wp.q.val() + 1;
            if self.rs_last.val() {
                self.expt.d.next = self.expt.q.val() + 1;
            }
            if self.lastline.val() {
                self.rc.d.next = 0.into();
                self.racc.d.next = false;
            } else {
                self.rc.d.next = self.rc1.val();
                self.racc.d.next = self.errv.val();
            }
        }
        if self.lastline.val() & self.errv.val() {
            self.nerr.d.next = self.nerr.q.val() + 1;
        }

        if self.adv.val() {
            self.lbuf.read_address.next = self.rp.q.val();
        } else {
            self.lbuf.read_address.next = self.daddr.q.val();
        }
        self.emit.next = self.tail_op.val() | (self.line_op.val() & (self.j.q.val() != 0));
        self.last.next =
            self.tail_op.val() | (self.line_op.val() & (self.j.q.val() == self.b.q.val()));
        self.d_l.next = self.fd.dout.val().get_bits::<8>(0);
        self.d_off.next = self.fd.dout.val().get_bits::<6>(8);
        self.d_b.next = self.fd.dout.val().get_bits::<8>(14);
        self.d_kc.next = self.fd.dout.val().get_bits::<6>(22);

        // stage D: the line rotated right by addr mod 64 lanes, merged
        self.rot0.next = self.lbuf.read_data.val();
        if self.doff.q.val().get_bit(0) {
            self.rot0.next = (self.lbuf.read_data.val() >> 8) | (self.lbuf.read_data.val() << 504);
        }
        self.rot1.next = self.rot0.val();
        if self.doff.q.val().get_bit(1) {
            self.rot1.next = (self.rot0.val() >> 16) | (self.rot0.val() << 496);
        }
        self.rot2.next = self.rot1.val();
        if self.doff.q.val().get_bit(2) {
            self.rot2.next = (self.rot1.val() >> 32) | (self.rot1.val() << 480);
        }
        self.rot3.next = self.rot2.val();
        if self.doff.q.val().get_bit(3) {
            self.rot3.next = (self.rot2.val() >> 64) | (self.rot2.val() << 448);
        }
        self.rot4.next = self.rot3.val();
        if self.doff.q.val().get_bit(4) {
            self.rot4.next = (self.rot3.val() >> 128) | (self.rot3.val() << 384);
        }
        self.rot5.next = self.rot4.val();
        if self.doff.q.val().get_bit(5) {
            self.rot5.next = (self.rot4.val() >> 256) | (self.rot4.val() << 256);
        }
        if self.dline.q.val() {
            self.cur.next = self.rot5.val();
        } else {
            self.cur.next = 0.into();
        }
        self.mix.next = ((self.cur.val() & self.dhmm.q.val())
            | (self.prev.q.val() & !self.dhmm.q.val()))
            & self.dkeepm.q.val();

        if self.adv.val() {
            // the output register from stage D
            if self.dv.q.val() & self.demit.q.val() {
                self.plv.d.next = true;
                self.pld.d.next = self.mix.val();
                self.plk.d.next = self.dkeep.q.val();
                self.pll.d.next = self.dlast.q.val();
                self.ple.d.next = self.derr.q.val();
            } else {
                self.plv.d.next = false;
                self.pld.d.next = 0.into();
                self.plk.d.next = 0.into();
                self.pll.d.next = false;
                self.ple.d.next = false;
            }
            if self.dv.q.val() & self.dline.q.val() {
                self.prev.d.next = self.rot5.val();
            }
            // stage D from the sequencer
            self.dv.d.next = self.act.q.val();
            self.dline.d.next = self.line_op.val();
            self.demit.d.next = self.emit.val();
            self.dlast.d.next = self.last.val();
            self.derr.d.next = self.err.q.val();
            if self.last.val() {
                self.dkeep.d.next = self.klast.q.val();
                self.dkeepm.d.next = self.klastm.q.val();
            } else {
                self.dkeep.d.next = self.k.ones64.val();
                self.dkeepm.d.next = self.k.ones512.val();
            }
            self.dhmm.d.next = self.hmm.q.val();
            self.doff.d.next = self.off.q.val();
            self.daddr.d.next = self.rp.q.val();
            if self.line_op.val() {
                self.j.d.next = self.j1.val();
                self.rp.d.next = self.rp.q.val() + 1;
            }
            if self.act.q.val() {
                self.left.d.next = self.left.q.val() - 1;
            }
            if self.finishing.val() {
                self.act.d.next = false;
            }
            if self.dpop.val() {
                self.act.d.next = true;
                self.j.d.next = 0.into();
                if self.d_l.val() == self.d_b.val() {
                    self.left.d.next = self.d_l.val() + 1;
                } else {
                    self.left.d.next = self.d_l.val();
                }
                self.b.d.next = self.d_b.val();
                self.err.d.next = self.fd.dout.val().get_bit(28);
                self.off.d.next = self.d_off.val();
                self.tail.d.next = self.d_l.val() == self.d_b.val();
                if self.d_kc.val() == 0 {
                    self.klast.d.next = self.k.ones64.val();
                    self.klastm.d.next = self.k.ones512.val();
                } else {
                    self.klast.d.next = !(self.k.ones64.val() << self.d_kc.val());
                    self.klastm.d.next =
                        !(self.k.ones512.val() << (bit_cast::<10, 6>(self.d_kc.val()) << 3));
                }
                if self.d_off.val() == 0 {
                    self.hmm.d.next = 0.into();
                } else {
                    self.hmm.d.next = self.k.ones512.val()
                        << ((bits::<10>(64) - bit_cast::<10, 6>(self.d_off.val())) << 3);
                }
            }
        }

        // ---- outputs
        self.q_ready.next = self.qrdy.val();
        self.rd_valid.next = self.rdv.q.val();
        self.rd_addr.next = self.rda.q.val();
        self.rd_len.next = self.rdl.q.val();
        self.rd_tag.next = self.rdt.q.val();
        self.pl_valid.next = self.plv.q.val();
        self.pl_data.next = self.pld.q.val();
        self.pl_keep.next = self.plk.q.val();
        self.pl_last.next = self.pll.q.val();
        self.pl_err.next = self.ple.q.val();
        self.cnt_reads.next = self.nreads.q.val();
        self.cnt_err.next = self.nerr.q.val();
    }
}
