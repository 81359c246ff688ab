//! `hdl_block!`: a RustHDL block struct and its `Default` from one field
//! list.
//!
//! RustHDL's `Constant`, `SyncROM` and blocks built with parameters have no
//! `Default`, so a block holding one cannot derive it, and a hand-written
//! `Default` repeats every field name. Inside `hdl_block!` a field that does
//! not start at `Default::default()` names its initial value after `=`:
//!
//! ```ignore
//! hdl_block! {
//!     /// A block.
//!     pub struct Example<const CB: usize> {
//!         pub clock: Signal<In, Clock>,
//!         k_conns: Constant<Bits<24>> = Constant::new(bits::<24>(1 << CB)),
//!     }
//!     setup { assert!(CB <= 12); }
//! }
//! ```
//!
//! The struct is emitted unchanged (same fields, same order: the generated
//! Verilog does not depend on the macro) with `#[derive(LogicBlock)]`. The
//! optional `setup` block runs at the start of `default()`: shape checks,
//! and `let` bindings the initial values use.

/// See the module documentation.
macro_rules! hdl_block {
    (@init) => { Default::default() };
    (@init $e:expr) => { $e };
    (
        $(#[$sm:meta])*
        $vis:vis struct $name:ident $(< $(const $g:ident : usize),* $(,)? >)? {
            $( $(#[$fm:meta])* $fv:vis $f:ident : $t:ty $(= $init:expr)? ),* $(,)?
        }
        $(setup { $($pre:tt)* })?
    ) => {
        $(#[$sm])*
        #[derive(LogicBlock)]
        $vis struct $name $(< $(const $g: usize),* >)? {
            $( $(#[$fm])* $fv $f: $t, )*
        }

        impl $(< $(const $g: usize),* >)? Default for $name $(< $($g),* >)? {
            fn default() -> Self {
                $($($pre)*)?
                Self {
                    $( $f: hdl_block!(@init $($init)?), )*
                }
            }
        }
    };
}
