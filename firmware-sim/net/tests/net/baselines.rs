//! The baseline transports (go-back-N, selective repeat) under loss.

use super::*;

#[test]
fn go_back_n_lossless_and_one_percent() {
    for (seed, loss) in [
        (71u64, 0.0),
        (72, 0.0),
        (73, 0.01),
        (74, 0.01),
        (75, 0.01),
        (76, 0.01),
    ] {
        let mut f = fabric(seed);
        f.e2e_loss = loss;
        let o = transfer(
            &format!("go-back-N e2e {loss}"),
            seed,
            f,
            net_config(Kind::GoBackN),
        );
        let s = o.total();
        if loss == 0.0 {
            assert_eq!(s.retransmits, 0, "{} {s:?}", o.ctx);
            assert_eq!(s.data_sent, o.segments, "{} {s:?}", o.ctx);
        } else {
            assert!(s.retransmits > 0, "{} {s:?}", o.ctx);
        }
    }
}

#[test]
fn selective_repeat_lossless_and_one_percent() {
    for (seed, loss) in [
        (81u64, 0.0),
        (82, 0.0),
        (83, 0.01),
        (84, 0.01),
        (85, 0.01),
        (86, 0.01),
    ] {
        let mut f = fabric(seed);
        f.e2e_loss = loss;
        let o = transfer(
            &format!("selective repeat e2e {loss}"),
            seed,
            f,
            net_config(Kind::SelectiveRepeat),
        );
        let s = o.total();
        if loss == 0.0 {
            assert_eq!(s.retransmits, 0, "{} {s:?}", o.ctx);
            assert_eq!(s.data_sent, o.segments, "{} {s:?}", o.ctx);
        } else {
            assert!(s.retransmits > 0, "{} {s:?}", o.ctx);
        }
    }
}

#[test]
fn baselines_per_hop_loss() {
    for (seed, kind) in [
        (91u64, Kind::GoBackN),
        (92, Kind::SelectiveRepeat),
        (93, Kind::GoBackN),
        (94, Kind::SelectiveRepeat),
    ] {
        let mut f = fabric(seed);
        f.link_loss = LossModel::Bernoulli(0.005);
        let o = transfer(&format!("{kind:?} hop 0.5%"), seed, f, net_config(kind));
        assert!(o.total().retransmits > 0, "{} {:?}", o.ctx, o.total());
    }
}
