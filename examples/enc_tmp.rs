use nonosat::{
    encode::{self, Cnf},
    formats,
    model::{Cell, Grid},
    sat::Solver,
};
use std::time::Instant;
fn main() {
    for path in std::env::args().skip(1) {
        let p = formats::read_path(path.as_ref(), None)
            .unwrap()
            .remove(0)
            .puzzle;
        let known = Grid::filled(p.width(), p.height(), Cell::Unknown);
        let t = Instant::now();
        let mut cnf = Cnf::new();
        encode::encode(&p, &known, &mut cnf).unwrap();
        let t1 = t.elapsed();
        let t = Instant::now();
        let mut s = Solver::new(None);
        encode::encode(&p, &known, &mut s).unwrap();
        println!(
            "{path}: {} clauses; into Cnf {:?}, into varisat {:?}",
            cnf.clauses().len(),
            t1,
            t.elapsed()
        );
    }
}
