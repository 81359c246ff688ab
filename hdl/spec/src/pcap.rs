//! Minimal classic libpcap writer (no dependency).
//!
//! Little-endian file header with magic `0xa1b2c3d4` (microsecond
//! timestamps), version 2.4, `LINKTYPE_ETHERNET`; one record per frame.
//! Frames are Ethernet frames without FCS, as [`crate::emit_frame`] makes them.

use std::io::{self, Write};

/// Magic number of a microsecond-resolution classic pcap file.
pub const PCAP_MAGIC: u32 = 0xa1b2_c3d4;
/// `LINKTYPE_ETHERNET`.
pub const LINKTYPE_ETHERNET: u32 = 1;
/// Snapshot length written in the file header; longer frames are cut.
pub const SNAPLEN: u32 = 262_144;

/// Writes a classic pcap stream of Ethernet frames.
#[derive(Debug)]
pub struct PcapWriter<W: Write> {
    w: W,
    frames: u64,
}

impl<W: Write> PcapWriter<W> {
    /// Write the file header to `w`.
    pub fn new(mut w: W) -> io::Result<Self> {
        let mut h = [0u8; 24];
        h[0..4].copy_from_slice(&PCAP_MAGIC.to_le_bytes());
        h[4..6].copy_from_slice(&2u16.to_le_bytes());
        h[6..8].copy_from_slice(&4u16.to_le_bytes());
        // thiszone (8..12) and sigfigs (12..16) are zero
        h[16..20].copy_from_slice(&SNAPLEN.to_le_bytes());
        h[20..24].copy_from_slice(&LINKTYPE_ETHERNET.to_le_bytes());
        w.write_all(&h)?;
        Ok(PcapWriter { w, frames: 0 })
    }

    /// Append one frame seen at `ts_ns` nanoseconds (stored with microsecond
    /// resolution).
    pub fn write_frame(&mut self, ts_ns: u64, frame: &[u8]) -> io::Result<()> {
        self.write_packet(ts_ns, frame, frame.len())
    }

    /// Append the first bytes of a frame whose length on the wire was
    /// `orig_len` (as a capture with a short snapshot length records it).
    /// `data` is cut to [`SNAPLEN`] bytes.
    pub fn write_packet(&mut self, ts_ns: u64, data: &[u8], orig_len: usize) -> io::Result<()> {
        let data = &data[..data.len().min(SNAPLEN as usize)];
        let incl = data.len() as u32;
        let orig = u32::try_from(orig_len.max(data.len())).unwrap_or(u32::MAX);
        let sec = u32::try_from(ts_ns / 1_000_000_000).unwrap_or(u32::MAX);
        let usec = ((ts_ns % 1_000_000_000) / 1_000) as u32;
        let mut h = [0u8; 16];
        h[0..4].copy_from_slice(&sec.to_le_bytes());
        h[4..8].copy_from_slice(&usec.to_le_bytes());
        h[8..12].copy_from_slice(&incl.to_le_bytes());
        h[12..16].copy_from_slice(&orig.to_le_bytes());
        self.w.write_all(&h)?;
        self.w.write_all(data)?;
        self.frames += 1;
        Ok(())
    }

    /// Frames written so far.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Flush the underlying writer.
    pub fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }

    /// Flush and return the underlying writer.
    pub fn into_inner(mut self) -> io::Result<W> {
        self.w.flush()?;
        Ok(self.w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_and_record_layout() {
        let mut p = PcapWriter::new(Vec::new()).unwrap();
        p.write_frame(3_000_004_999, &[0xaa, 0xbb]).unwrap();
        p.write_packet(1_000, &[1, 2, 3], 100).unwrap();
        assert_eq!(p.frames(), 2);
        let v = p.into_inner().unwrap();
        assert_eq!(&v[0..4], &[0xd4, 0xc3, 0xb2, 0xa1]);
        assert_eq!(&v[4..8], &[2, 0, 4, 0]);
        assert_eq!(&v[16..20], &SNAPLEN.to_le_bytes());
        assert_eq!(&v[20..24], &[1, 0, 0, 0]);
        let r = &v[24..];
        assert_eq!(&r[0..4], &3u32.to_le_bytes());
        assert_eq!(&r[4..8], &4u32.to_le_bytes());
        assert_eq!(&r[8..12], &2u32.to_le_bytes());
        assert_eq!(&r[12..16], &2u32.to_le_bytes());
        assert_eq!(&r[16..18], &[0xaa, 0xbb]);
        let r = &r[18..];
        assert_eq!(&r[4..8], &1u32.to_le_bytes());
        assert_eq!(&r[8..12], &3u32.to_le_bytes());
        assert_eq!(&r[12..16], &100u32.to_le_bytes());
        assert_eq!(r.len(), 19);
    }

    /// A writer that records the bytes it has passed on at each flush.
    struct Flushes(Vec<u8>, std::rc::Rc<std::cell::RefCell<Vec<usize>>>);

    impl Write for Flushes {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            self.1.borrow_mut().push(self.0.len());
            Ok(())
        }
    }

    #[test]
    fn flush_reaches_the_underlying_writer() {
        let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let mut p = PcapWriter::new(Flushes(Vec::new(), seen.clone())).unwrap();
        p.write_frame(0, &[1, 2, 3]).unwrap();
        p.flush().unwrap();
        assert_eq!(*seen.borrow(), vec![24 + 16 + 3]);
        let w = p.into_inner().unwrap();
        assert_eq!(*seen.borrow(), vec![43, 43]);
        assert_eq!(w.0.len(), 43);
    }
}
