//! Wire format: Ethernet II (+ optional 802.1Q) / IPv4 or IPv6 / UDP / Braid.
//!
//! Every header has a field table (`&[Field]`), a length-checked view type
//! (`XxxPacket<T: AsRef<[u8]>>`) whose accessors read through that table, and
//! a `XxxRepr` that parses from / emits into a view.

pub mod braid;
pub mod checksum;
pub mod eth;
pub mod frame;
pub mod ip;
pub mod udp;

/// Build a [`Field`](crate::field::Field) in a const context.
pub(crate) const fn fld(
    name: &'static str,
    offset: usize,
    bit_offset: u8,
    bits: u16,
    desc: &'static str,
) -> crate::field::Field {
    crate::field::Field {
        name,
        offset,
        bit_offset,
        bits,
        desc,
    }
}

/// Generate a length-checked header view whose accessors read the field table.
macro_rules! header_view {
    (
        $(#[$m:meta])*
        $name:ident, layer = $layer:expr, len = $len:expr,
        { $( $get:ident / $set:ident : $ty:ty = $field:expr; )* }
    ) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct $name<T: AsRef<[u8]>> {
            buffer: T,
        }

        impl<T: AsRef<[u8]>> $name<T> {
            /// Header length in bytes.
            pub const LEN: usize = $len;

            /// Wrap a buffer without checking its length (accessors still never
            /// panic: missing bytes read as zero).
            pub fn new_unchecked(buffer: T) -> Self {
                Self { buffer }
            }

            /// Wrap a buffer, checking that it holds the whole header.
            pub fn new_checked(buffer: T) -> $crate::Result<Self> {
                let have = buffer.as_ref().len();
                if have < $len {
                    return Err($crate::Error::Truncated { layer: $layer, needed: $len, have });
                }
                Ok(Self { buffer })
            }

            /// Give the buffer back.
            pub fn into_inner(self) -> T {
                self.buffer
            }

            /// The whole underlying buffer.
            pub fn as_bytes(&self) -> &[u8] {
                self.buffer.as_ref()
            }

            /// Bytes after this header.
            pub fn rest(&self) -> &[u8] {
                self.buffer.as_ref().get($len..).unwrap_or(&[])
            }

            $(
                #[doc = concat!("Read field `", stringify!($get), "` (see the field table).")]
                pub fn $get(&self) -> $ty {
                    $field.read(self.buffer.as_ref()) as $ty
                }
            )*
        }

        impl<T: AsRef<[u8]> + AsMut<[u8]>> $name<T> {
            $(
                #[doc = concat!("Write field `", stringify!($get), "` (masked to its width).")]
                pub fn $set(&mut self, value: $ty) {
                    $field.write(self.buffer.as_mut(), value as u64)
                }
            )*

            /// Mutable bytes after this header.
            pub fn rest_mut(&mut self) -> &mut [u8] {
                self.buffer.as_mut().get_mut($len..).unwrap_or(&mut [])
            }
        }
    };
}
pub(crate) use header_view;
